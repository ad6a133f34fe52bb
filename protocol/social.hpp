// Friends and inbox replies and pushes (docs/protocol.md "Friends and the inbox", issue 29), and
// the fields of each notice kind. A notice's kind fields are made here (notice_*), stored by
// the server as the JSON text they return, and spliced into `notice` objects as they are.
// Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/replies.hpp"

namespace pinfall::protocol {

// {"type":"relation","re":..,"player":{id,name},"following","follower","friend","blocked"}
std::string encode_relation(Re re, const PlayerRef& player, const RelationView& r);

struct SocialEntry {
    PlayerRef player;
    std::string since;  // RFC 3339, milliseconds
};
struct FriendsView {
    std::vector<SocialEntry> following, followers, friends, blocked;
    int following_total = 0, followers_total = 0, follow_limit = 0;
    std::string invite;
};
// {"type":"friends","re":..,"following":[{"player","since"}..],"followers":[..],"friends":[..],
//  "blocked":[..],"following_total","followers_total","follow_limit","invite"}
std::string encode_friends(Re re, const FriendsView& v);
// {"type":"friend_invite","re":..,"invite":token}
std::string encode_friend_invite(Re re, const std::string& invite);

struct NoticeView {
    std::int64_t id = 0;
    std::string kind;
    std::string at;  // RFC 3339, milliseconds
    bool read = false;
    std::string fields;  // a JSON object's text from notice_*() below
};
// {"type":"inbox","re":..,"notices":[notice..],"unread":n,"next_cursor":id|null}
std::string encode_inbox(Re re, const std::vector<NoticeView>& notices, int unread,
                         std::optional<std::int64_t> next_cursor);
// {"type":"inbox_read","re":..,"unread":n}
std::string encode_inbox_read(Re re, int unread);
// The push {"type":"notice","notice":{"id","kind","at","read", kind fields..},"unread":n}.
std::string encode_notice(const NoticeView& n, int unread);

// Each kind's fields, as a JSON object's text.
std::string notice_followed(const PlayerRef& follower);
std::string notice_friend_passed(const PlayerRef& friend_, const std::string& day, int score,
                                 int your_score);
// round_opened and round_closing
std::string notice_round(const PlayerRef& league, int round, const std::string& closes_at);
// scores: the player's scores in the round's games, by game; nullopt for one not played.
std::string notice_round_closed(const PlayerRef& league, int round,
                                const std::vector<std::optional<int>>& scores);
std::string notice_arena_starting(const PlayerRef& arena, const std::string& starts_at);
// status: "review", "cleared" or "disqualified"; mode "daily", "league" or "arena"; day for a
// daily game.
std::string notice_review(std::int64_t game, const std::string& status, const std::string& mode,
                          const std::optional<std::string>& day);

}  // namespace pinfall::protocol
