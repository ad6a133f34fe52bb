#include "protocol/social.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

namespace {

void write_entries(JsonWriter& w, const char* key, const std::vector<SocialEntry>& list) {
    w.key(key).begin_array();
    for (const auto& e : list) {
        w.begin_object().key("player");
        write_player(w, e.player);
        w.key("since").value(e.since).end_object();
    }
    w.end_array();
}

// The notice object: its head, then the kind's fields spliced in from their object text.
void write_notice(JsonWriter& w, const NoticeView& n) {
    w.begin_object().key("id").value(n.id).key("kind").value(n.kind).key("at").value(n.at);
    w.key("read").value(n.read);
    std::string_view inner(n.fields);
    // fields is "{...}": its members follow the head's, after a comma unless it is empty.
    if (inner.size() > 2) {
        inner.remove_prefix(1);
        inner.remove_suffix(1);
        w.raw_value(inner);  // after the comma raw_value writes, as for any member
    }
    w.end_object();
}

JsonWriter fields_object() {
    JsonWriter w;
    w.begin_object();
    return w;
}

}  // namespace

std::string encode_relation(Re re, const PlayerRef& player, const RelationView& r) {
    JsonWriter w = start_message("relation", re);
    w.key("player");
    write_player(w, player);
    w.key("following").value(r.following).key("follower").value(r.follower);
    w.key("friend").value(r.friends()).key("blocked").value(r.blocked);
    return w.end_object().take();
}

std::string encode_friends(Re re, const FriendsView& v) {
    JsonWriter w = start_message("friends", re, 1024);
    write_entries(w, "following", v.following);
    write_entries(w, "followers", v.followers);
    write_entries(w, "friends", v.friends);
    write_entries(w, "blocked", v.blocked);
    w.key("following_total").value(v.following_total);
    w.key("followers_total").value(v.followers_total);
    w.key("follow_limit").value(v.follow_limit);
    w.key("invite").value(v.invite);
    return w.end_object().take();
}

std::string encode_friend_invite(Re re, const std::string& invite) {
    JsonWriter w = start_message("friend_invite", re);
    return w.key("invite").value(invite).end_object().take();
}

std::string encode_inbox(Re re, const std::vector<NoticeView>& notices, int unread,
                         std::optional<std::int64_t> next_cursor) {
    JsonWriter w = start_message("inbox", re, 512);
    w.key("notices").begin_array();
    for (const auto& n : notices) write_notice(w, n);
    w.end_array();
    w.key("unread").value(unread).key("next_cursor").value(next_cursor);
    return w.end_object().take();
}

std::string encode_inbox_read(Re re, int unread) {
    JsonWriter w = start_message("inbox_read", re);
    return w.key("unread").value(unread).end_object().take();
}

std::string encode_notice(const NoticeView& n, int unread) {
    JsonWriter w = start_message("notice", std::nullopt);
    w.key("notice");
    write_notice(w, n);
    return w.key("unread").value(unread).end_object().take();
}

std::string notice_followed(const PlayerRef& follower) {
    JsonWriter w = fields_object();
    w.key("player");
    write_player(w, follower);
    return w.end_object().take();
}

std::string notice_friend_passed(const PlayerRef& friend_, const std::string& day, int score,
                                 int your_score) {
    JsonWriter w = fields_object();
    w.key("player");
    write_player(w, friend_);
    w.key("day").value(day).key("score").value(score).key("your_score").value(your_score);
    return w.end_object().take();
}

std::string notice_round(const PlayerRef& league, int round, const std::string& closes_at) {
    JsonWriter w = fields_object();
    w.key("league");
    write_player(w, league);
    w.key("round").value(round).key("closes_at").value(closes_at);
    return w.end_object().take();
}

std::string notice_round_closed(const PlayerRef& league, int round,
                                const std::vector<std::optional<int>>& scores) {
    JsonWriter w = fields_object();
    w.key("league");
    write_player(w, league);
    w.key("round").value(round).key("scores").begin_array();
    for (const auto& s : scores) w.value(s);
    w.end_array();
    return w.end_object().take();
}

std::string notice_arena_starting(const PlayerRef& arena, const std::string& starts_at) {
    JsonWriter w = fields_object();
    w.key("arena");
    write_player(w, arena);
    w.key("starts_at").value(starts_at);
    return w.end_object().take();
}

std::string notice_review(std::int64_t game, const std::string& status, const std::string& mode,
                          const std::optional<std::string>& day) {
    JsonWriter w = fields_object();
    w.key("game").value(game).key("status").value(status).key("mode").value(mode);
    w.key("day").value(day);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
