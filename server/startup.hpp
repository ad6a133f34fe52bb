// Start-up helpers of pinfall-server that are not serving: --migrate-from (docs/storage.md) and
// the default node id (docs/scaling.md).
#pragma once

#include <string>

namespace pinfall::server {

// --migrate-from: copies the database at from_location into the empty one at to_location,
// prints the rows copied per table on stdout (errors on stderr, nothing written then).
// Returns the process exit status: 0, or 1 when a database cannot be opened or the copy fails.
int migrate_command(const std::string& from_location, const std::string& to_location);

// "<host name>:<port>", the host name's characters outside [A-Za-z0-9._-] replaced by '-':
// unique among nodes on different hosts, or on different ports of one.
std::string default_node_id(unsigned short port);

}  // namespace pinfall::server
