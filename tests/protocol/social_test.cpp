// Friends, scoped boards and the inbox (docs/protocol.md "Friends and the inbox"): each request
// decoded with its fields and its refusals, the replies and the notice push byte for byte (a
// notice's kind fields spliced into its object).
#include <catch2/catch.hpp>

#include "protocol/messages.hpp"
#include "protocol/social.hpp"

using namespace pinfall::protocol;

namespace {

template <class T>
T decoded(const char* text) {
    const auto d = decode_request(text, kDefaultMaxDepth);
    INFO(text);
    REQUIRE(std::holds_alternative<Request>(d));
    const auto& body = std::get<Request>(d).body;
    REQUIRE(std::holds_alternative<T>(body));
    return std::get<T>(body);
}

void refused(const char* text) {
    INFO(text);
    const auto d = decode_request(text, kDefaultMaxDepth);
    REQUIRE(std::holds_alternative<DecodeError>(d));
    CHECK(std::string(std::get<DecodeError>(d).code) == "bad_request");
}

}  // namespace

TEST_CASE("follow and its kin: decoded by id, name or invite, exactly one, refusals") {
    auto f = decoded<SocialRequest>(R"({"type":"follow","id":1,"name":"Ann Lee"})");
    CHECK(f.action == SocialAction::kFollow);
    CHECK(f.name == "Ann Lee");
    CHECK_FALSE(f.player);
    f = decoded<SocialRequest>(R"({"type":"follow","id":1,"invite":"q3Vb0yZk1XcM2aW9dE5fRt"})");
    CHECK(f.invite == "q3Vb0yZk1XcM2aW9dE5fRt");
    f = decoded<SocialRequest>(R"({"type":"block","id":2,"player":7})");
    CHECK(f.action == SocialAction::kBlock);
    CHECK(f.player == 7);
    CHECK(decoded<SocialRequest>(R"({"type":"unfollow","id":2,"player":7})").action == SocialAction::kUnfollow);
    CHECK(decoded<SocialRequest>(R"({"type":"unblock","id":2,"player":7})").action == SocialAction::kUnblock);
    refused(R"({"type":"follow","id":1})");
    refused(R"({"type":"follow","id":1,"player":7,"name":"Ann"})");
    refused(R"({"type":"follow","id":1,"invite":""})");
    refused(R"({"type":"unfollow","id":1,"name":"Ann"})");
    refused(R"({"type":"block","id":1,"player":0})");
    CHECK(decoded<FriendInvite>(R"({"type":"friend_invite","id":3,"renew":true})").renew);
    CHECK_FALSE(decoded<FriendInvite>(R"({"type":"friend_invite","id":3})").renew);
    refused(R"({"type":"friend_invite","id":3,"renew":1})");
    decoded<FriendsRequest>(R"({"type":"friends","id":4})");
    refused(R"({"type":"friends","id":4,"all":true})");
}

TEST_CASE("inbox and inbox_read: decoded with cursor, limit, one notice or all") {
    auto p = decoded<InboxRequest>(R"({"type":"inbox","id":5,"cursor":41,"limit":10})");
    CHECK(p.before == 41);
    CHECK(p.limit == 10);
    p = decoded<InboxRequest>(R"({"type":"inbox","id":5})");
    CHECK(p.before == 0);
    CHECK(p.limit == 20);
    refused(R"({"type":"inbox","id":5,"limit":51})");
    refused(R"({"type":"inbox","id":5,"cursor":0})");
    CHECK(decoded<InboxRead>(R"({"type":"inbox_read","id":6,"notice":9})").notice == 9);
    CHECK_FALSE(decoded<InboxRead>(R"({"type":"inbox_read","id":6,"all":true})").notice);
    refused(R"({"type":"inbox_read","id":6})");
    refused(R"({"type":"inbox_read","id":6,"all":false})");
    refused(R"({"type":"inbox_read","id":6,"all":true,"notice":9})");
}

TEST_CASE("leaderboard scope: global, friends, league:<id>, anything else refused") {
    CHECK(decoded<LeaderboardRequest>(R"({"type":"leaderboard","id":7})").scope.kind == ScopeKind::kGlobal);
    CHECK(decoded<LeaderboardRequest>(R"({"type":"leaderboard","id":7,"scope":"friends"})").scope.kind == ScopeKind::kFriends);
    const auto l = decoded<LeaderboardRequest>(R"({"type":"leaderboard","id":7,"scope":"league:12"})");
    CHECK(l.scope.kind == ScopeKind::kLeague);
    CHECK(l.scope.league == 12);
    for (const char* bad : {"league:", "league:0", "league:-1", "league:1x", "League:1", "pals",
                            "league:99999999999999999"}) {
        CHECK_FALSE(parse_board_scope(bad));
    }
    refused(R"({"type":"leaderboard","id":7,"scope":"pals"})");
    refused(R"({"type":"leaderboard","id":7,"scope":3})");
}

TEST_CASE("relation, friends, inbox and the notice push, byte for byte") {
    CHECK(encode_relation(3, {7, "Ann Lee"}, {true, true, false}) ==
          R"({"type":"relation","re":3,"player":{"id":7,"name":"Ann Lee"},"following":true,)"
          R"("follower":true,"friend":true,"blocked":false})");
    FriendsView v;
    v.following = {{{7, "Ann Lee"}, "2026-12-03T10:00:00.000Z"}};
    v.following_total = 1;
    v.follow_limit = 500;
    v.invite = "tok";
    CHECK(encode_friends(4, v) ==
          R"({"type":"friends","re":4,"following":[{"player":{"id":7,"name":"Ann Lee"},)"
          R"("since":"2026-12-03T10:00:00.000Z"}],"followers":[],"friends":[],"blocked":[],)"
          R"("following_total":1,"followers_total":0,"follow_limit":500,"invite":"tok"})");
    const NoticeView n{42, "friend_passed", "2026-12-03T18:02:11.406Z", false,
                       notice_friend_passed({7, "Ann \"A\" Lee"}, "2026-12-03", 162, 148)};
    CHECK(encode_notice(n, 3) ==
          R"({"type":"notice","notice":{"id":42,"kind":"friend_passed","at":"2026-12-03T18:02:11.406Z",)"
          R"("read":false,"player":{"id":7,"name":"Ann \"A\" Lee"},"day":"2026-12-03","score":162,)"
          R"("your_score":148},"unread":3})");
    const NoticeView bare{1, "x", "t", true, "{}"};
    CHECK(encode_inbox(5, {bare}, 0, std::nullopt) ==
          R"({"type":"inbox","re":5,"notices":[{"id":1,"kind":"x","at":"t","read":true}],)"
          R"("unread":0,"next_cursor":null})");
    CHECK(encode_inbox_read(6, 2) == R"({"type":"inbox_read","re":6,"unread":2})");
    CHECK(notice_round_closed({4, "Tue"}, 2, {150, std::nullopt}) ==
          R"({"league":{"id":4,"name":"Tue"},"round":2,"scores":[150,null]})");
    CHECK(notice_review(9, "cleared", "daily", std::string("2026-12-03")) ==
          R"({"game":9,"status":"cleared","mode":"daily","day":"2026-12-03"})");
    CHECK(notice_arena_starting({3, "Noon"}, "2026-12-03T12:00:00.000Z") ==
          R"({"arena":{"id":3,"name":"Noon"},"starts_at":"2026-12-03T12:00:00.000Z"})");
}
