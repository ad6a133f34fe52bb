// Internal to protocol/: the field readers the request decoders share. Every reader throws
// Refusal, which decode_request turns into a DecodeError; nothing here escapes protocol/.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace pinfall::protocol::detail {

using nlohmann::json;

struct Refusal {
    const char* code;
    std::string message;
};

// Reads an integer value named `what` in [lo, hi]; refuses floats, strings, booleans and
// out-of-range values.
std::int64_t int_value(const json& v, const std::string& what, std::int64_t lo, std::int64_t hi);
// Reads an integer field in [lo, hi].
std::int64_t get_int(const json& obj, const char* field, std::int64_t lo, std::int64_t hi);
// The string field, or nullptr when absent and not required.
const std::string* get_string(const json& obj, const char* field, bool required);
// Refuses any field other than type, id and `allowed`.
void only_fields(const json& obj, std::initializer_list<std::string_view> allowed);
GameId get_game(const json& obj);

// Lane and league requests (decode_groups.cpp); nullopt when `type` is neither.
std::optional<RequestBody> decode_group_request(std::string_view type, const json& obj);
// Moderation requests and report (decode_moderation.cpp); nullopt when `type` is none of them.
std::optional<RequestBody> decode_moderation_request(std::string_view type, const json& obj);
// Arena requests (decode_arenas.cpp); nullopt when `type` is none of them.
std::optional<RequestBody> decode_arena_request(std::string_view type, const json& obj);
// Friends and inbox requests (decode_social.cpp); nullopt when `type` is none of them.
std::optional<RequestBody> decode_social_request(std::string_view type, const json& obj);
// Settings and push requests (decode_push.cpp); nullopt when `type` is none of them.
std::optional<RequestBody> decode_push_request(std::string_view type, const json& obj);
// A leaderboard's scope: "global", "friends" or "league:<id>".
BoardScope board_scope(const std::string& text);
// A hello's browser key, checked (16-64 of [A-Za-z0-9_-]).
std::string browser_key(const std::string& key);

}  // namespace pinfall::protocol::detail
