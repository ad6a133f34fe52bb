// `pinfall-server moderator add|remove NAME [--db URI] [--note TEXT]`: the operator grants or
// revokes the moderator role (issue 27, docs/integrity.md), with an audit entry, in the
// database a running server uses (SQLite's WAL and PostgreSQL both take the write beside it;
// the server reads the role at each moderator request).
#pragma once

namespace pinfall::server {

// argv: the words after "moderator". --db defaults to PINFALL_DB, else var/pinfall.db (as the
// server's own --db). Prints one line on stdout and returns 0 when the role changed or already
// was as asked; 1 when no player has that name or the database fails (on stderr); 2 on a
// usage error.
int moderator_command(int argc, char** argv);

}  // namespace pinfall::server
