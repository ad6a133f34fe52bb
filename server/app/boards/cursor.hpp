// Leaderboard page cursors: "<offset>.<board>.<date>.<mac>" where mac is the first 16 hex
// digits of HMAC-SHA256(server secret, the rest). A cursor the server did not write is refused.
// Pure; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace pinfall::server {

struct CursorKey {
    std::string board;
    std::string date;  // empty for all-time boards
};

std::string make_cursor(const std::string& secret, const CursorKey& key, std::uint64_t offset);
// The offset, when cursor was made by make_cursor with the same secret and key.
std::optional<std::uint64_t> read_cursor(const std::string& secret, const CursorKey& key,
                                         const std::string& cursor);

}  // namespace pinfall::server
