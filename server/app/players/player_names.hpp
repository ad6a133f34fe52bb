// Names: players' display names (trimmed, 3-24 characters of ASCII letters, digits, space, '_'
// and '-'; unique without regard to case) and the free-text labels of lanes and leagues.
// Every documented length limit counts characters (Unicode code points), never bytes.
// Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pinfall::server {

// The trimmed name when valid, nullopt otherwise.
std::optional<std::string> normalize_player_name(std::string_view raw);
// The uniqueness key: the name in lower case.
std::string player_name_key(std::string_view name);

// Names starting "guest-" (any case) belong to guests' ranked identities (docs/rules.md
// "Guests and the daily"); registering one is refused, so a guest name always means a guest.
bool is_guest_name(std::string_view name);
// The names a guest's ranked identity tries, in order: "guest-" and the first 4, 6, ..., 16
// hex digits of SHA-256(secret, "/guest-name/", guest id), then the 16 digits and the id (a
// name no other guest can have). Stable for a guest id and secret.
std::vector<std::string> guest_name_candidates(std::string_view secret, std::uint64_t guest);

// The number of characters (code points) of UTF-8 text (the decoder has checked it is UTF-8).
std::size_t char_count(std::string_view utf8);
// A side, member or league name: trimmed of spaces, min..max characters, no control
// characters (C0, DEL); nullopt otherwise.
std::optional<std::string> clean_label(std::string_view raw, std::size_t min, std::size_t max);

}  // namespace pinfall::server
