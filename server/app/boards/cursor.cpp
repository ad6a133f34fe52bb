#include "server/app/boards/cursor.hpp"

#include <charconv>

#include "engine/seed.hpp"

namespace pinfall::server {
namespace {

std::string mac(const std::string& secret, const std::string& body) {
    const auto h = engine::hmac_seed(secret, "pinfall/cursor/" + body);
    return engine::seed_hex(h).substr(0, 16);
}

std::string body_of(const CursorKey& key, std::uint64_t offset) {
    return std::to_string(offset) + "." + key.board + "." + key.date;
}

}  // namespace

std::string make_cursor(const std::string& secret, const CursorKey& key, std::uint64_t offset) {
    const std::string body = body_of(key, offset);
    return body + "." + mac(secret, body);
}

std::optional<std::uint64_t> read_cursor(const std::string& secret, const CursorKey& key,
                                         const std::string& cursor) {
    const auto dot = cursor.find('.');
    if (dot == std::string::npos || dot == 0 || dot > 12) return std::nullopt;
    std::uint64_t offset = 0;
    const auto [p, ec] = std::from_chars(cursor.data(), cursor.data() + dot, offset);
    if (ec != std::errc() || p != cursor.data() + dot) return std::nullopt;
    if (cursor != make_cursor(secret, key, offset)) return std::nullopt;
    return offset;
}

}  // namespace pinfall::server
