// `pinfall friends`, `follow`, `unfollow`, `block`, `unblock` and `inbox`: the pure parts over
// the replies of docs/protocol.md's examples (a relation, the friends lists and invite link, each
// notice kind in words, an inbox page), and the real binaries against the real server: two
// players follow each other, both list the other as a friend, the followed one's inbox shows the
// `followed` notice, marked read; blocks and unblocks by name; the refusals in words.
#include <catch2/catch.hpp>
#include <regex>

#include "client/render_friends.hpp"
#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

TEST_CASE("friends words: a relation in each state") {
    using namespace pinfall::cli;
    // docs/protocol.md's example.
    CHECK(render_relation(Json::parse(R"({"type":"relation","re":3,"player":{"id":7,"name":"Ann Lee"},
        "following":true,"follower":true,"friend":true,"blocked":false})")) ==
          "Ann Lee (player 7): you follow them and they follow you: friends.\n");
    CHECK(render_relation(Json::parse(R"({"player":{"id":7,"name":"Ann Lee"},"following":true,"follower":false,
        "friend":false,"blocked":false})")) == "Ann Lee (player 7): you follow them; they do not follow you.\n");
    CHECK(render_relation(Json::parse(R"({"player":{"id":7,"name":"Ann Lee"},"following":false,"follower":true,
        "friend":false,"blocked":false})")) == "Ann Lee (player 7): they follow you; you do not follow them.\n");
    CHECK(render_relation(Json::parse(R"({"player":{"id":7,"name":"Ann Lee"},"following":false,"follower":false,
        "friend":false,"blocked":false})")) == "Ann Lee (player 7): neither of you follows the other.\n");
    CHECK(render_relation(Json::parse(R"({"player":{"id":7,"name":"Ann Lee"},"following":false,"follower":false,
        "friend":false,"blocked":true})")) == "Ann Lee (player 7): you block them.\n");
}

TEST_CASE("friends words: the lists, the invite link, a name looked up") {
    using namespace pinfall::cli;
    const Json f = Json::parse(R"({"type":"friends","re":4,
        "following":[{"player":{"id":7,"name":"Ann Lee"},"since":"2026-12-03T10:00:00.000Z"}],
        "followers":[{"player":{"id":9,"name":"Bo"},"since":"2026-12-03T11:30:00.000Z"},
                     {"player":{"id":7,"name":"Ann Lee"},"since":"2026-12-02T09:00:00.000Z"}],
        "friends":[{"player":{"id":7,"name":"Ann Lee"},"since":"2026-12-03T10:00:00.000Z"}],
        "blocked":[],"following_total":1,"followers_total":620,"follow_limit":500,
        "invite":"q3Vb0yZk1XcM2aW9dE5fRt"})");
    const std::string link = invite_link(ServerUrl{"localhost", "8080", "/ws"}, "q3Vb0yZk1XcM2aW9dE5fRt");
    CHECK(link == "http://localhost:8080/#/friends/add/q3Vb0yZk1XcM2aW9dE5fRt");
    CHECK(render_friends(f, link) ==
          "Friends (1):\n"
          "  Ann Lee                       #7  since 2026-12-03 10:00 UTC\n"
          "Following (1 of at most 500):\n"
          "  Ann Lee                       #7  since 2026-12-03 10:00 UTC\n"
          "Followers (620, the newest 2 listed):\n"
          "  Bo                            #9  since 2026-12-03 11:30 UTC\n"
          "  Ann Lee                       #7  since 2026-12-02 09:00 UTC\n"
          "Blocked (0):\n"
          "  nobody\n"
          "Your invite link: http://localhost:8080/#/friends/add/q3Vb0yZk1XcM2aW9dE5fRt\n"
          "  whoever opens it, or runs `pinfall follow --invite q3Vb0yZk1XcM2aW9dE5fRt`, follows you\n");
    CHECK(render_friends(Json::parse(R"({"following":[],"followers":[],"friends":[],"blocked":[],
        "following_total":0,"followers_total":0,"follow_limit":500,"invite":""})"), "") ==
          "Friends (0):\n  nobody\nFollowing (0 of at most 500):\n  nobody\nFollowers (0):\n  nobody\n"
          "Blocked (0):\n  nobody\n");
    CHECK(invite_link(ServerUrl{"example.org", "80", "/ws"}, "T") == "http://example.org/#/friends/add/T");
    CHECK(invite_link(ServerUrl{"::1", "9000", "/ws"}, "T") == "http://[::1]:9000/#/friends/add/T");
    CHECK(find_in_friends(f, "ann lee", {"following"}) == 7);
    CHECK(find_in_friends(f, "BO", {"following"}) == std::nullopt);
    CHECK(find_in_friends(f, "BO", {"following", "followers"}) == 9);
    CHECK(find_in_friends(f, "Ann", {"following", "followers", "blocked"}) == std::nullopt);
    CHECK(utc_minute("2026-12-03T18:02:11.406Z") == "2026-12-03 18:02 UTC");
    CHECK(utc_minute("soon") == "soon");
}

TEST_CASE("inbox words: each notice kind, unread marked, the older page") {
    using namespace pinfall::cli;
    // docs/protocol.md's push and its table of kinds.
    CHECK(describe_notice(Json::parse(R"({"id":42,"kind":"friend_passed","at":"2026-12-03T18:02:11.406Z",
        "read":false,"player":{"id":7,"name":"Ann Lee"},"day":"2026-12-03","score":162,"your_score":148})")) ==
          "Ann Lee passed your score on the daily of 2026-12-03: 162 to your 148.");
    CHECK(describe_notice(Json::parse(R"({"kind":"round_opened","league":{"id":3,"name":"Friday Club"},"round":2,
        "closes_at":"2026-12-10T18:00:00.000Z"})")) ==
          "Round 2 of league Friday Club (#3) opened; it closes 2026-12-10 18:00 UTC.");
    CHECK(describe_notice(Json::parse(R"({"kind":"round_closing","league":{"id":3,"name":"Friday Club"},"round":2,
        "closes_at":"2026-12-10T18:00:00.000Z"})")) ==
          "Round 2 of league Friday Club (#3) closes 2026-12-10 18:00 UTC.");
    CHECK(describe_notice(Json::parse(R"({"kind":"round_closed","league":{"id":3,"name":"Friday Club"},"round":2,
        "scores":[162,null]})")) == "Round 2 of league Friday Club (#3) closed; your scores: 162, not played.");
    CHECK(describe_notice(Json::parse(R"({"kind":"arena_starting","arena":{"id":5,"name":"Blitz"},
        "starts_at":"2026-12-03T19:00:00.000Z"})")) ==
          "Arena Blitz (#5) starts 2026-12-03 19:00 UTC: `pinfall arena 5` plays in it.");
    CHECK(describe_notice(Json::parse(R"({"kind":"review","game":12,"status":"review","mode":"daily",
        "day":"2026-12-03"})")) == "Your daily game 12 of 2026-12-03 is under review.");
    CHECK(describe_notice(Json::parse(R"({"kind":"review","game":12,"status":"cleared","mode":"arena","day":null})")) ==
          "Your arena game 12 was cleared.");
    CHECK(describe_notice(Json::parse(R"({"kind":"review","game":12,"status":"disqualified","mode":"league"})")) ==
          "Your league game 12 was disqualified.");
    CHECK(describe_notice(Json::parse(R"({"kind":"fireworks"})")) == "A notice of kind \"fireworks\".");

    CHECK(render_inbox(Json::parse(R"({"type":"inbox","re":5,"notices":[
        {"id":42,"kind":"friend_passed","at":"2026-12-03T18:02:11.406Z","read":false,"player":{"id":7,"name":"Ann Lee"},
         "day":"2026-12-03","score":162,"your_score":148},
        {"id":41,"kind":"followed","at":"2026-12-03T10:00:00.120Z","read":true,"player":{"id":7,"name":"Ann Lee"}}],
        "unread":3,"next_cursor":41})")) ==
          "Inbox, newest first (3 unread):\n"
          "* #42    2026-12-03 18:02 UTC  Ann Lee passed your score on the daily of 2026-12-03: 162 to your 148.\n"
          "  #41    2026-12-03 10:00 UTC  Ann Lee followed you.\n"
          "Older notices: `pinfall inbox --older 41`\n");
    CHECK(render_inbox(Json::parse(R"({"type":"inbox","notices":[],"unread":0,"next_cursor":null})")) ==
          "Inbox, newest first (0 unread):\n  no notices\n");
}
