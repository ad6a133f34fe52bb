// `pinfall friends`, `follow`, `unfollow`, `block`, `unblock` and `inbox`: the pure parts over
// the replies of docs/protocol.md's examples (a relation, the friends lists and invite link, each
// notice kind in words, an inbox page), and the real binaries against the real server: two
// players follow each other, both list the other as a friend, the followed one's inbox shows the
// `followed` notice, marked read; blocks and unblocks by name; the refusals in words.
#include <catch2/catch.hpp>
#include <chrono>
#include <regex>
#include <thread>

#include "client/render_friends.hpp"
#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

long long friends_player(const std::string& url, const std::string& name, const std::string& home) {
    const RunResult r = run_pinfall({"--server", url, "register", name}, "", home);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex(R"(player id (\d+))")));
    return std::stoll(m[1]);
}

RunResult pinfall_at(const std::string& url, const std::string& home, std::vector<std::string> args) {
    args.insert(args.begin(), {"--server", url});
    return run_pinfall(args, "", home);
}

// `pinfall inbox` (with args) until its output has `want`: a notice is stored as its cause is.
RunResult inbox_with(const std::string& url, const std::string& home, const std::string& want,
                     std::vector<std::string> args = {}) {
    args.insert(args.begin(), "inbox");
    RunResult r;
    for (int i = 0; i < 50; ++i) {
        r = pinfall_at(url, home, args);
        if (r.status == 0 && has(r.out, want)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return r;
}

}  // namespace

TEST_CASE("friends: two players follow each other, both list the other as a friend, the inbox shows the follow") {
    ServerProcess server;
    const std::string url = server_url(server.port());
    TempHome ann, bo;
    const long long ann_id = friends_player(url, "Ann Friend", ann.path());
    const long long bo_id = friends_player(url, "Bo Friend", bo.path());
    const std::string ann_ref = "Ann Friend (player " + std::to_string(ann_id) + "): ";
    const std::string bo_ref = "Bo Friend (player " + std::to_string(bo_id) + "): ";

    const RunResult follow = pinfall_at(url, ann.path(), {"follow", "Bo", "Friend"});
    INFO(follow.out << follow.err);
    REQUIRE(follow.status == 0);
    CHECK(follow.out == bo_ref + "you follow them; they do not follow you.\n");
    // Again: the same relation, nothing changes.
    CHECK(pinfall_at(url, ann.path(), {"follow", "bo friend"}).out == follow.out);

    const RunResult bo_inbox = inbox_with(url, bo.path(), "followed you");
    INFO(bo_inbox.out << bo_inbox.err);
    REQUIRE(bo_inbox.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(bo_inbox.out, m, std::regex(R"(\* #(\d+) +\d{4}-\d\d-\d\d \d\d:\d\d UTC  Ann Friend followed you\.\n)")));
    const std::string notice = m[1];
    CHECK(has(bo_inbox.out, "Inbox, newest first (1 unread):\n"));
    CHECK_FALSE(has(bo_inbox.out, "Older notices"));

    const RunResult back = pinfall_at(url, bo.path(), {"follow", "Ann Friend"});
    INFO(back.out << back.err);
    CHECK(back.status == 0);
    CHECK(back.out == ann_ref + "you follow them and they follow you: friends.\n");

    const RunResult ann_friends = pinfall_at(url, ann.path(), {"friends"});
    INFO(ann_friends.out << ann_friends.err);
    REQUIRE(ann_friends.status == 0);
    const std::regex bo_row("  Bo Friend {15} +#" + std::to_string(bo_id) + R"(  since \d{4}-\d\d-\d\d \d\d:\d\d UTC\n)");
    CHECK(std::regex_search(ann_friends.out, std::regex("Friends \\(1\\):\n" + std::string("  Bo Friend"))));
    CHECK(std::regex_search(ann_friends.out, bo_row));
    CHECK(has(ann_friends.out, "Following (1 of at most 500):\n  Bo Friend"));
    CHECK(has(ann_friends.out, "Followers (1):\n  Bo Friend"));
    CHECK(has(ann_friends.out, "Blocked (0):\n  nobody\n"));
    REQUIRE(std::regex_search(ann_friends.out, m,
                              std::regex("Your invite link: http://127\\.0\\.0\\.1:" + std::to_string(server.port()) +
                                         R"(/#/friends/add/(\S+)\n)")));
    const std::string token = m[1];
    CHECK(has(ann_friends.out, "  whoever opens it, or runs `pinfall follow --invite " + token + "`, follows you\n"));

    const RunResult bo_friends = pinfall_at(url, bo.path(), {"friends"});
    INFO(bo_friends.out << bo_friends.err);
    CHECK(bo_friends.status == 0);
    CHECK(has(bo_friends.out, "Friends (1):\n  Ann Friend"));
    CHECK(has(bo_friends.out, "Following (1 of at most 500):\n  Ann Friend"));

    // Bo reads his inbox and marks it all read: the notice listed unread, then read.
    const RunResult read = pinfall_at(url, bo.path(), {"inbox", "--all-read"});
    INFO(read.out << read.err);
    CHECK(read.status == 0);
    CHECK(has(read.out, "* #" + notice + " "));
    CHECK(has(read.out, "All marked read; 0 unread.\n"));
    const RunResult after = pinfall_at(url, bo.path(), {"inbox"});
    CHECK(has(after.out, "Inbox, newest first (0 unread):\n  #" + notice + " "));
    CHECK(has(after.out, "Ann Friend followed you.\n"));

    // A third player follows Ann by her invite link; Ann's inbox pages, one notice a page.
    TempHome cy;
    friends_player(url, "Cy Invited", cy.path());
    const RunResult invited = pinfall_at(url, cy.path(), {"follow", "--invite", "http://x/#/friends/add/" + token});
    INFO(invited.out << invited.err);
    CHECK(invited.status == 0);
    CHECK(invited.out == ann_ref + "you follow them; they do not follow you.\n");
    const RunResult first = inbox_with(url, ann.path(), "Cy Invited followed you.", {"--limit", "1"});
    INFO(first.out << first.err);
    CHECK(has(first.out, "Inbox, newest first (2 unread):\n* #"));
    REQUIRE(std::regex_search(first.out, m, std::regex(R"(Older notices: `pinfall inbox --older (\d+)`\n)")));
    const RunResult older = pinfall_at(url, ann.path(), {"inbox", "--limit", "1", "--older", m[1]});
    INFO(older.out << older.err);
    CHECK(has(older.out, "Bo Friend followed you.\n"));
    CHECK_FALSE(has(older.out, "Cy Invited"));
    REQUIRE(std::regex_search(older.out, m, std::regex(R"(\* #(\d+) )")));
    const RunResult one = pinfall_at(url, ann.path(), {"inbox", "--read", m[1]});
    INFO(one.out << one.err);
    CHECK(one.status == 0);
    CHECK(one.out == "Notice #" + std::string(m[1]) + " marked read; 1 unread.\n");

    // Unfollow and block by name, from the asker's own lists.
    const RunResult unfollow = pinfall_at(url, ann.path(), {"unfollow", "Bo", "Friend"});
    INFO(unfollow.out << unfollow.err);
    CHECK(unfollow.status == 0);
    CHECK(unfollow.out == bo_ref + "they follow you; you do not follow them.\n");
    const RunResult again = pinfall_at(url, ann.path(), {"unfollow", "Bo", "Friend"});
    CHECK(again.status == 0);
    CHECK(again.out == "You do not follow Bo Friend: nothing to undo.\n");
    const RunResult block = pinfall_at(url, ann.path(), {"block", "cy invited"});  // a follower
    INFO(block.out << block.err);
    CHECK(block.status == 0);
    CHECK(has(block.out, "Cy Invited (player "));
    CHECK(has(block.out, "): you block them.\n"));
    CHECK(has(pinfall_at(url, ann.path(), {"friends"}).out, "Blocked (1):\n  Cy Invited"));
    const RunResult refused = pinfall_at(url, cy.path(), {"follow", "Ann Friend"});
    CHECK(refused.status == 1);
    CHECK(has(refused.err, "pinfall follow: the server refused: "));
    CHECK(has(refused.err, " (blocked)\n"));
    const RunResult unblock = pinfall_at(url, ann.path(), {"unblock", "Cy Invited"});
    INFO(unblock.out << unblock.err);
    CHECK(unblock.status == 0);
    CHECK(has(unblock.out, "): neither of you follows the other.\n"));
    CHECK(pinfall_at(url, ann.path(), {"unblock", "Cy Invited"}).out == "You do not block Cy Invited: nothing to undo.\n");
    // By id, anyone.
    const RunResult by_id = pinfall_at(url, cy.path(), {"block", "--id", std::to_string(bo_id)});
    INFO(by_id.out << by_id.err);
    CHECK(by_id.status == 0);
    CHECK(by_id.out == bo_ref + "you block them.\n");
}

TEST_CASE("friends: refusals in words with their codes, bad command lines exit 2") {
    ServerProcess server;
    const std::string url = server_url(server.port());
    TempHome ann, guest;
    friends_player(url, "Ann Alone", ann.path());
    const auto refused = [&](const std::string& home, std::vector<std::string> args, const std::string& code) {
        const RunResult r = pinfall_at(url, home, args);
        INFO(args[0] << ": " << r.out << r.err);
        CHECK(r.status == 1);
        CHECK(has(r.err, "pinfall " + args[0] + ": the server refused: "));
        CHECK(has(r.err, " (" + code + ")\n"));
    };
    refused(ann.path(), {"follow", "Ann Alone"}, "yourself");
    refused(ann.path(), {"follow", "No Such Player"}, "unknown_player");
    refused(ann.path(), {"follow", "--id", "999999"}, "unknown_player");
    refused(ann.path(), {"follow", "--invite", "no-such-invite"}, "bad_invite");
    refused(ann.path(), {"inbox", "--read", "999999"}, "unknown_notice");
    refused(guest.path(), {"friends"}, "login_required");  // a guest with no ranked identity
    refused(guest.path(), {"inbox"}, "login_required");
    const RunResult unknown = pinfall_at(url, ann.path(), {"block", "Somebody Else"});
    CHECK(unknown.status == 1);
    CHECK(has(unknown.err, "pinfall block: Somebody Else is not among the players you follow, your followers or the "
                           "players you block"));
    CHECK(has(unknown.err, "(pinfall block --id ID)"));
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"follow"}, {"follow", "Ann", "--id", "3"}, {"follow", "--invite", ""}, {"unfollow", "--invite", "x"},
             {"block", "--id", "0"}, {"unblock"}, {"friends", "x"}, {"inbox", "--limit", "51"},
             {"inbox", "--older", "x"}, {"inbox", "--read", "3", "--all-read"}}) {
        const RunResult bad = pinfall_at(url, ann.path(), args);
        INFO(args[0] << ": " << bad.err);
        CHECK(bad.status == 2);
        CHECK(bad.out.empty());
    }
}

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
