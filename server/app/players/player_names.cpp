#include "server/app/players/player_names.hpp"

#include <cctype>

#include "engine/seed.hpp"

namespace pinfall::server {

std::optional<std::string> normalize_player_name(std::string_view raw) {
    const auto first = raw.find_first_not_of(' ');
    if (first == std::string_view::npos) return std::nullopt;
    const auto last = raw.find_last_not_of(' ');
    const std::string_view name = raw.substr(first, last - first + 1);
    if (name.size() < 3 || name.size() > 24) return std::nullopt;
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || c == ' ' || c == '_' || c == '-') || u >= 0x80) return std::nullopt;
    }
    return std::string(name);
}

std::string player_name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key;
}

bool is_guest_name(std::string_view name) {
    return player_name_key(name.substr(0, 6)) == "guest-";
}

std::vector<std::string> guest_name_candidates(std::string_view secret, std::uint64_t guest) {
    std::string input(secret);
    input += "/guest-name/" + std::to_string(guest);
    const std::string hex = engine::digest_hex(engine::sha256(input));
    std::vector<std::string> out;
    for (std::size_t n = 4; n <= 16; n += 2) out.push_back("guest-" + hex.substr(0, n));
    out.push_back("guest-" + std::to_string(guest));  // guest ids are unique
    return out;
}

std::size_t char_count(std::string_view utf8) {
    std::size_t n = 0;
    for (const char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

std::optional<std::string> clean_label(std::string_view raw, std::size_t min, std::size_t max) {
    // An empty or all-space name is never valid (min is at least 1 everywhere).
    const auto first = raw.find_first_not_of(' ');
    if (first == std::string_view::npos) return std::nullopt;
    const std::string_view s = raw.substr(first, raw.find_last_not_of(' ') - first + 1);
    const std::size_t n = char_count(s);
    if (n < min || n > max) return std::nullopt;
    for (const char c : s) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return std::nullopt;
    }
    return std::string(s);
}

}  // namespace pinfall::server
