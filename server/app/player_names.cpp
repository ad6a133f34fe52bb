#include "server/app/player_names.hpp"

#include <cctype>

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

}  // namespace pinfall::server
