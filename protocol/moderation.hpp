// Moderation replies (docs/protocol.md "Moderation", issue 27): the audit log, a page at a
// time. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/replies.hpp"

namespace pinfall::protocol {

struct AuditLogEntry {
    std::int64_t id = 0;
    std::string at;                        // RFC 3339, milliseconds
    std::optional<PlayerRef> moderator;    // null: the operator, on the command line
    std::string action;
    std::string target;
    std::string note;
};

struct AuditLogPage {
    std::vector<AuditLogEntry> entries;    // newest first
    std::optional<std::int64_t> next_cursor;  // send it as `cursor` for the older entries
};

// {"type":"audit_log","re":..,"entries":[{"id","at","moderator","action","target","note"}],
//  "next_cursor":n|null}
std::string encode_audit_log(Re re, const AuditLogPage& page);

}  // namespace pinfall::protocol
