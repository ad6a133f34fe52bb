// Black-box: the board's integrity (issue 27, docs/integrity.md, docs/protocol.md
// "Moderation") on the real server, on SQLite and PostgreSQL: a clairvoyant's daily (the par
// line of the day's deal, played through the protocol) is analysed after it finishes, goes
// under review and leaves the board; the moderator's queue shows the case with its evidence
// and the linked identity that played the deal earlier from the same address; clear brings
// the result back with its original finish time, disqualify takes it off for good, across a
// restart; a ban hides results, closes the player's connection with 4003 and refuses login
// with `banned`, until unban; reports; and everything a non-moderator asks is `forbidden`.
#include <catch2/catch.hpp>
#include <memory>
#include <thread>

#include "checked_game.hpp"
#include "integrity_util.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

TEST_CASE("integrity: a clairvoyant daily is held off the board, then cleared, then disqualified",
          "[storage]") {
    const ClairvoyantDay d = clairvoyant_day();
    const std::vector<std::string> flags = {"--clock-start", d.day + "T12:00:00Z", "--msg-rate",
                                            "0", "--integrity-idle", "0"};
    const ScratchDir scratch("integrity");
    const std::string& dir = scratch.path();
    auto server = std::make_unique<ServerProcess>(flags, dir);
    // An honest player plays the deal first, from the same address: a linked identity.
    WsClient b(server->port());
    const Json breg = registered(b, "Bob Honest");
    CheckedGame honest(b, d.line.seed, engine::Ruleset::kSackson, 2);
    honest.start_with({{"type", "daily_start"}}, "daily");
    play_out(honest);
    // The clairvoyant plays the best line with every card known.
    WsClient a(server->port());
    const Json areg = registered(a, "Cleo Sees");
    const long long cleo = areg["player"]["id"];
    const long long game = play_line(a, d.line);
    WsClient m(server->port());
    const Json mreg = registered(m, "Mona Moderator");
    REQUIRE(run_moderator_command("add 'Mona Moderator'", database_of(dir)).status == 0);

    // Analysed, flagged, held: off the board (Bob stays), "review" in Cleo's own daily.
    const Json held = wait_for_status(m, game, "review");
    CHECK(held["reason"] == "statistic");
    CHECK(held["player"]["id"] == cleo);
    CHECK(held["score"] == d.score);
    REQUIRE(held["evidence"].is_object());
    CHECK(held["evidence"]["flagged"] == true);
    CHECK(held["evidence"]["llr"].get<double>() >= held["evidence"]["threshold"]["llr"].get<double>());
    CHECK(held["evidence"]["deciding"].get<int>() >= 1);
    REQUIRE_FALSE(held["evidence"]["drivers"].empty());
    const Json driver = held["evidence"]["drivers"][0];
    CHECK(driver["played"] == driver["known_best"]);
    CHECK(driver["played"] != driver["coach_best"]);
    REQUIRE(held["linked"].size() == 1);
    CHECK(held["linked"][0]["player"]["id"] == breg["player"]["id"]);
    CHECK(held["linked"][0]["via"] == "address");
    CHECK(wait_for_board(m, d.day, {breg["player"]["id"].get<long long>()}) ==
          std::vector<long long>{breg["player"]["id"].get<long long>()});
    CHECK(a.request({{"type", "daily"}})["review"] == "review");

    // Nobody else may look or act.
    expect_error(b, {{"type", "review_queue"}}, "forbidden");
    expect_error(b, {{"type", "review_decide"}, {"game", game}, {"decision", "clear"}}, "forbidden");
    expect_error(b, {{"type", "ban"}, {"player", cleo}}, "forbidden");
    expect_error(m, {{"type", "review_decide"}, {"game", 999999}, {"decision", "clear"}},
                 "unknown_case");

    // Cleared: back on the board with the finish time it had.
    Json cleared = m.request({{"type", "review_decide"}, {"game", game}, {"decision", "clear"},
                              {"note", "a lucky day"}});
    REQUIRE(cleared["type"] == "review_case");
    CHECK(cleared["case"]["status"] == "cleared");
    CHECK(cleared["case"]["decided_by"]["id"] == mreg["player"]["id"]);
    const Json board = m.request({{"type", "leaderboard"}, {"date", d.day}});
    REQUIRE(board["entries"].size() == 2);
    CHECK(board["entries"][0]["player"]["id"] == cleo);
    CHECK(board["entries"][0]["finished_at"] == held["finished_at"]);
    CHECK_FALSE(a.request({{"type", "daily"}}).contains("review"));

    // Disqualified: off for good, which a restart does not change.
    const Json dq = m.request({{"type", "review_decide"}, {"game", game},
                               {"decision", "disqualify"}, {"note", "knew the deal"}});
    CHECK(dq["case"]["status"] == "disqualified");
    expect_error(m, {{"type", "review_decide"}, {"game", game}, {"decision", "clear"}},
                 "wrong_phase");
    CHECK(board_players(m, d.day).size() == 1);
    server.reset();
    server = std::make_unique<ServerProcess>(flags, dir);
    WsClient again(server->port());
    again.hello();
    REQUIRE(again.request({{"type", "login"}, {"token", areg["token"]}})["type"] == "logged_in");
    CHECK(again.request({{"type", "daily"}})["review"] == "disqualified");
    CHECK(board_players(again, d.day) == std::vector<long long>{breg["player"]["id"].get<long long>()});
    // The profile's figures leave it out; its player still sees it listed, marked.
    const Json profile = again.request({{"type", "profile"}});
    CHECK(profile["games"] == 0);
    REQUIRE(profile["recent"].size() == 1);
    CHECK(profile["recent"][0]["review"] == "disqualified");

    // Every decision is in the audit log, newest first.
    WsClient m2(server->port());
    m2.hello();
    REQUIRE(m2.request({{"type", "login"}, {"token", mreg["token"]}})["type"] == "logged_in");
    const Json log = m2.request({{"type", "audit_log"}});
    REQUIRE(log["entries"].size() >= 3);
    CHECK(log["entries"][0]["action"] == "disqualify");
    CHECK(log["entries"][0]["target"] == "game:" + std::to_string(game));
    CHECK(log["entries"][1]["action"] == "clear");
    CHECK(log["entries"][1]["note"] == "a lucky day");
}

TEST_CASE("integrity: a ban hides results, closes connections with 4003 and refuses login, until unban",
          "[storage]") {
    const std::string day = "2026-11-29";
    const std::vector<std::string> flags = {"--clock-start", day + "T12:00:00Z", "--msg-rate", "0",
                                            "--integrity-idle", "0"};
    const ScratchDir scratch("ban");
    const std::string& dir = scratch.path();
    auto server = std::make_unique<ServerProcess>(flags, dir);
    WsClient p(server->port());
    const Json preg = registered(p, "Pat Player");
    const long long pat = preg["player"]["id"];
    CheckedGame g(p, engine::daily_seed("test-secret", day), engine::Ruleset::kSackson, 3);
    g.start_with({{"type", "daily_start"}}, "daily");
    play_out(g);
    WsClient m(server->port());
    const Json mreg = registered(m, "Mona Moderator");
    REQUIRE(run_moderator_command("add 'Mona Moderator'", database_of(dir)).status == 0);
    REQUIRE(board_players(m, day) == std::vector<long long>{pat});

    expect_error(m, {{"type", "ban"}, {"player", mreg["player"]["id"]}}, "bad_request");
    expect_error(m, {{"type", "ban"}, {"player", 987654}}, "unknown_player");
    const Json banned = m.request({{"type", "ban"}, {"player", pat}, {"note", "scouting"}});
    REQUIRE(banned["type"] == "player_banned");
    CHECK(banned["player"]["name"] == "Pat Player");
    CHECK(p.wait_closed(std::chrono::seconds(10)));
    CHECK(p.close_code() == 4003);
    CHECK(p.close_reason() == "banned");
    CHECK(board_players(m, day).empty());
    // A second ban changes nothing and says so the same way.
    CHECK(m.request({{"type", "ban"}, {"player", pat}})["type"] == "player_banned");

    // The ban holds across a restart: login refused, board empty.
    server.reset();
    server = std::make_unique<ServerProcess>(flags, dir);
    WsClient p2(server->port());
    p2.hello();
    expect_error(p2, {{"type", "login"}, {"token", preg["token"]}}, "banned");
    WsClient m2(server->port());
    m2.hello();
    REQUIRE(m2.request({{"type", "login"}, {"token", mreg["token"]}})["type"] == "logged_in");
    CHECK(board_players(m2, day).empty());

    const Json unbanned = m2.request({{"type", "unban"}, {"player", pat}, {"note", "appeal"}});
    CHECK(unbanned["type"] == "player_unbanned");
    CHECK(board_players(m2, day) == std::vector<long long>{pat});
    CHECK(p2.request({{"type", "login"}, {"token", preg["token"]}})["type"] == "logged_in");
    const Json log = m2.request({{"type", "audit_log"}});
    CHECK(log["entries"][0]["action"] == "unban");
    CHECK(log["entries"][1]["action"] == "ban");
    CHECK(log["entries"][1]["target"] == "player:" + std::to_string(pat));
}

TEST_CASE("integrity: reports raise a case in the queue without holding the result", "[storage]") {
    const std::string day = "2026-11-29";
    ServerProcess server({"--clock-start", day + "T12:00:00Z", "--msg-rate", "0",
                          "--integrity-idle", "0"});
    WsClient p(server.port());
    const Json preg = registered(p, "Pat Player");
    CheckedGame g(p, engine::daily_seed("test-secret", day), engine::Ruleset::kSackson, 3);
    g.start_with({{"type", "daily_start"}}, "daily");
    play_out(g);
    WsClient r(server.port());
    r.hello();
    expect_error(r, {{"type", "report"}, {"game", g.id()}, {"reason", "too good"}},
                 "login_required");
    REQUIRE(r.request({{"type", "register"}, {"name", "Rita Reporter"}})["type"] == "registered");
    expect_error(r, {{"type", "report"}, {"game", g.id()}, {"reason", ""}}, "bad_request");
    expect_error(r, {{"type", "report"}, {"game", 424242}, {"reason", "x"}}, "unknown_game");
    expect_error(p, {{"type", "report"}, {"game", g.id()}, {"reason", "me"}}, "bad_request");
    for (int i = 0; i < 2; ++i) {  // a second report by the same player counts once
        const Json ok = r.request({{"type", "report"}, {"game", g.id()}, {"reason", "too good"}});
        CHECK(ok["type"] == "reported");
        CHECK(ok["game"] == g.id());
    }
    WsClient m(server.port());
    registered(m, "Mona Moderator");
    REQUIRE(run_moderator_command("add 'Mona Moderator'", database_of(server.dir())).status == 0);
    const Json q = m.request({{"type", "review_queue"}});
    REQUIRE(q["cases"].size() == 1);
    CHECK(q["cases"][0]["game"] == g.id());
    CHECK(q["cases"][0]["status"] == "clean");
    CHECK(q["cases"][0]["reports"] == 1);
    CHECK(q["cases"][0]["reason"] == "");
    CHECK(board_players(m, day) == std::vector<long long>{preg["player"]["id"].get<long long>()});
    // A moderator may open the case by hand: then it is held.
    const Json opened = m.request({{"type", "review_open"}, {"game", g.id()}, {"note", "look"}});
    CHECK(opened["case"]["status"] == "review");
    CHECK(opened["case"]["reason"] == "moderator");
    CHECK(board_players(m, day).empty());
    CHECK(p.request({{"type", "daily"}})["review"] == "review");
}

TEST_CASE("integrity: two nodes: a held result leaves both boards, a ban on one node closes the "
          "player's connection on the other",
          "[postgres]") {
    const ClairvoyantDay d = clairvoyant_day();
    const std::vector<std::string> common = {"--clock-start", d.day + "T12:00:00Z", "--msg-rate",
                                             "0", "--integrity-idle", "0"};
    auto with = [&](const char* node) {
        auto f = common;
        f.insert(f.end(), {"--node-id", node});
        return f;
    };
    ServerProcess a(with("node-a"));
    ServerProcess b(with("node-b"), a.dir());
    // The clairvoyant plays on node b; the moderator works on node a.
    WsClient cleo(b.port());
    const long long cleo_id = registered(cleo, "Cleo Sees")["player"]["id"];
    const long long game = play_line(cleo, d.line);
    WsClient m(a.port());
    registered(m, "Mona Moderator");
    REQUIRE(run_moderator_command("add 'Mona Moderator'", database_of(a.dir())).status == 0);
    wait_for_status(m, game, "review");
    WsClient watcher(b.port());
    watcher.hello();
    CHECK(wait_for_board(watcher, d.day, {}).empty());
    CHECK(wait_for_board(m, d.day, {}).empty());

    // Cleared on node a: back on node b's board too (node b hears it by NOTIFY).
    REQUIRE(m.request({{"type", "review_decide"}, {"game", game}, {"decision", "clear"}})["type"] ==
            "review_case");
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (board_players(watcher, d.day).empty() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    CHECK(board_players(watcher, d.day) == std::vector<long long>{cleo_id});

    // Banned on node a: node b closes Cleo's connection and drops her line.
    REQUIRE(m.request({{"type", "ban"}, {"player", cleo_id}})["type"] == "player_banned");
    CHECK(cleo.wait_closed(std::chrono::seconds(10)));
    CHECK(cleo.close_code() == 4003);
    CHECK(board_players(watcher, d.day).empty());
    CHECK(board_players(m, d.day).empty());
}
