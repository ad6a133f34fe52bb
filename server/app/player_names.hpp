// Display names of players: trimmed, 3-24 characters of ASCII letters, digits, space, '_' and
// '-'; unique without regard to case. Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pinfall::server {

// The trimmed name when valid, nullopt otherwise.
std::optional<std::string> normalize_player_name(std::string_view raw);
// The uniqueness key: the name in lower case.
std::string player_name_key(std::string_view name);

}  // namespace pinfall::server
