// Decoding of the friends and inbox requests and of a leaderboard's scope (docs/protocol.md
// "Friends and the inbox"). Shapes and ranges are checked here; whether a player, an invite or
// a notice exists is the server's to say.
#include "protocol/decode_fields.hpp"

namespace pinfall::protocol::detail {

namespace {

std::int64_t player_id(const json& obj) {
    return get_int(obj, "player", 1, static_cast<std::int64_t>(kMaxId));
}

bool get_bool(const json& obj, const char* field) {
    const auto it = obj.find(field);
    if (!it->is_boolean()) {
        throw Refusal{code::kBadRequest, std::string(field) + " must be true or false"};
    }
    return it->get<bool>();
}

// follow: exactly one of player, name and invite.
SocialRequest follow(const json& obj) {
    only_fields(obj, {"player", "name", "invite"});
    SocialRequest m{SocialAction::kFollow, std::nullopt, std::nullopt, std::nullopt};
    const int given = int(obj.contains("player")) + int(obj.contains("name")) +
                      int(obj.contains("invite"));
    if (given != 1) {
        throw Refusal{code::kBadRequest, "follow takes exactly one of player, name and invite"};
    }
    if (obj.contains("player")) m.player = player_id(obj);
    if (const auto* n = get_string(obj, "name", false)) m.name = *n;
    if (const auto* i = get_string(obj, "invite", false)) {
        // Any other shape names no invite: answered bad_invite by the server, as a stale one.
        if (i->empty() || i->size() > 64) throw Refusal{code::kBadRequest, "invite is 1-64 characters"};
        m.invite = *i;
    }
    return m;
}

}  // namespace

BoardScope board_scope(const std::string& text) {
    if (auto s = parse_board_scope(text)) return *s;
    throw Refusal{code::kBadRequest, "scope must be \"global\", \"friends\" or \"league:<id>\""};
}

std::optional<RequestBody> decode_social_request(std::string_view type, const json& obj) {
    if (type == "follow") return follow(obj);
    if (type == "unfollow" || type == "block" || type == "unblock") {
        only_fields(obj, {"player"});
        const auto action = type == "unfollow" ? SocialAction::kUnfollow
                            : type == "block"  ? SocialAction::kBlock
                                               : SocialAction::kUnblock;
        return SocialRequest{action, player_id(obj), std::nullopt, std::nullopt};
    }
    if (type == "friends") {
        only_fields(obj, {});
        return FriendsRequest{};
    }
    if (type == "friend_invite") {
        only_fields(obj, {"renew"});
        return FriendInvite{obj.contains("renew") && get_bool(obj, "renew")};
    }
    if (type == "inbox") {
        only_fields(obj, {"cursor", "limit"});
        InboxRequest m;
        if (obj.contains("cursor")) {
            m.before = get_int(obj, "cursor", 1, static_cast<std::int64_t>(kMaxId));
        }
        if (obj.contains("limit")) m.limit = static_cast<int>(get_int(obj, "limit", 1, 50));
        return m;
    }
    if (type == "inbox_read") {
        only_fields(obj, {"notice", "all"});
        if (obj.contains("notice") == obj.contains("all")) {
            throw Refusal{code::kBadRequest, "inbox_read takes exactly one of notice and all"};
        }
        if (obj.contains("all")) {
            if (!get_bool(obj, "all")) throw Refusal{code::kBadRequest, "all must be true"};
            return InboxRead{};
        }
        return InboxRead{get_int(obj, "notice", 1, static_cast<std::int64_t>(kMaxId))};
    }
    return std::nullopt;
}

}  // namespace pinfall::protocol::detail

namespace pinfall::protocol {

std::optional<BoardScope> parse_board_scope(std::string_view text) {
    if (text == "global") return BoardScope{};
    if (text == "friends") return BoardScope{ScopeKind::kFriends, 0};
    constexpr std::string_view prefix = "league:";
    if (text.size() <= prefix.size() || text.size() > prefix.size() + 16 ||
        text.substr(0, prefix.size()) != prefix) {
        return std::nullopt;
    }
    std::int64_t id = 0;
    for (const char ch : text.substr(prefix.size())) {
        if (ch < '0' || ch > '9') return std::nullopt;
        id = id * 10 + (ch - '0');
    }
    if (id < 1 || id > static_cast<std::int64_t>(kMaxId)) return std::nullopt;
    return BoardScope{ScopeKind::kLeague, id};
}

}  // namespace pinfall::protocol
