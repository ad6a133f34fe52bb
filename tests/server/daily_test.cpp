// Black-box: the daily challenge with the server's clock override: one ranked attempt, the
// leaderboard, the reveal at the day's end + 1 hour, stored games and verification.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "engine/record.hpp"
#include "checked_game.hpp"
#include "http_get.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::string kSecret = "test-secret";  // ServerProcess writes it

Json login_new(WsClient& c, const std::string& name) {
    c.hello();
    const Json r = c.request({{"type", "register"}, {"name", name}});
    REQUIRE(r["type"] == "registered");
    return r;
}

engine::Seed daily_seed(const std::string& day) { return engine::daily_seed(kSecret, day); }

}  // namespace

TEST_CASE("daily: one ranked attempt, ranked on the leaderboard, never restarted", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient a(server.port());
    login_new(a, "Alice");
    Json info = a.request({{"type", "daily"}});
    CHECK(info["date"] == "2026-11-29");
    CHECK(info["status"] == "none");
    CHECK(info["commitment"] == engine::commitment_hex(daily_seed("2026-11-29")));
    CHECK(info["revealed"]["date"] == "2026-11-28");  // revealed at 2026-11-29T01:00Z
    CHECK(info["revealed"]["seed"] == engine::seed_hex(daily_seed("2026-11-28")));
    CHECK(info["ends_at"] == "2026-11-30T00:00:00.000Z");
    CHECK(info["reveals_at"] == "2026-11-30T01:00:00.000Z");

    CheckedGame game(a, daily_seed("2026-11-29"), engine::Ruleset::kSackson, 2);
    game.start_with({{"type", "daily_start"}}, "daily");
    // A second start resumes the same attempt.
    const Json again = a.request({{"type", "daily_start"}});
    CHECK(again["game"] == game.id());
    info = a.request({{"type", "daily"}});
    CHECK(info["status"] == "started");
    CHECK(info["game"] == game.id());
    while (!game.over()) {
        game.send_next();
        game.await();
    }
    const int score = game.finish();
    info = a.request({{"type", "daily"}});
    CHECK(info["status"] == "finished");
    CHECK(info["score"] == score);
    const Json refused = a.request({{"type", "daily_start"}});
    CHECK(refused["code"] == "daily_finished");

    const Json board = a.request({{"type", "leaderboard"}, {"date", "2026-11-29"}});
    REQUIRE(board["entries"].size() == 1);
    CHECK(board["total"] == 1);
    CHECK(board["entries"][0]["rank"] == 1);
    CHECK(board["entries"][0]["score"] == score);
    CHECK(board["entries"][0]["player"]["name"] == "Alice");
    CHECK(board["me"]["rank"] == 1);

    const Json profile = a.request({{"type", "profile"}});
    REQUIRE(profile["type"] == "profile");
    CHECK(profile["games"] == 1);
    CHECK(profile["average"] == score);
    CHECK(profile["high_game"] == score);
    CHECK(profile["streak"]["current"] == 1);
    CHECK(profile["recent"][0]["game"] == game.id());
    CHECK(profile["recent"][0]["mode"] == "daily");
    const auto http_profile = http_get(server.port(), "/api/players/" +
                                                          std::to_string(board["entries"][0]["player"]["id"].get<long long>()));
    CHECK(http_profile.status == 200);
    CHECK(Json::parse(http_profile.body)["high_game"] == score);

    // Before the reveal the record stays hidden; its leaderboard line is public.
    const auto stored = http_get(server.port(), "/api/games/" + std::to_string(game.id()));
    CHECK(stored.status == 200);
    const Json sg = Json::parse(stored.body);
    CHECK(sg["score"] == score);
    CHECK(sg["record"].is_null());
    CHECK(sg["seed"].is_null());
    const auto verify = http_get(server.port(), "/api/games/" + std::to_string(game.id()) +
                                                    "/verify");
    CHECK(verify.status == 400);
    CHECK(Json::parse(verify.body)["code"] == "not_revealed");
}

TEST_CASE("daily: two parallel starts create one attempt", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z"});
    WsClient a(server.port());
    login_new(a, "Parallel");
    const auto first = a.send_request({{"type", "daily_start"}});
    const auto second = a.send_request({{"type", "daily_start"}});
    const Json r1 = a.await_reply(first);
    const Json r2 = a.await_reply(second);
    REQUIRE(r1["type"] == "game");
    REQUIRE(r2["type"] == "game");
    CHECK(r1["game"] == r2["game"]);
}

TEST_CASE("leaderboard: ties share a rank, pages, around me and bad input", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    std::vector<std::unique_ptr<WsClient>> players;
    for (int i = 0; i < 5; ++i) {
        players.push_back(std::make_unique<WsClient>(server.port()));
        login_new(*players.back(), "Player " + std::to_string(i));
        // Everyone resigns at once: five scores of 0 share rank 1, ordered by finish time.
        const Json snap = players.back()->request({{"type", "daily_start"}});
        REQUIRE(players.back()->request({{"type", "resign"}, {"game", snap["game"]}})["type"] ==
                "update");
    }
    WsClient& me = *players[3];
    Json page = me.request({{"type", "leaderboard"}, {"limit", 2}});
    CHECK(page["total"] == 5);
    REQUIRE(page["entries"].size() == 2);
    CHECK(page["entries"][0]["rank"] == 1);
    CHECK(page["entries"][1]["rank"] == 1);
    CHECK(page["entries"][0]["player"]["name"] == "Player 0");
    CHECK(page["me"]["player"]["name"] == "Player 3");
    REQUIRE(page["next_cursor"].is_string());
    Json next = me.request({{"type", "leaderboard"}, {"limit", 2}, {"cursor", page["next_cursor"]}});
    CHECK(next["entries"][0]["player"]["name"] == "Player 2");
    Json around = me.request({{"type", "leaderboard"}, {"limit", 3}, {"around", true}});
    REQUIRE(around["entries"].size() == 3);
    CHECK(around["entries"][1]["player"]["name"] == "Player 3");

    auto code_of = [&](const Json& m) { return me.request(m)["code"]; };
    CHECK(code_of({{"type", "leaderboard"}, {"limit", 0}}) == "bad_request");
    CHECK(code_of({{"type", "leaderboard"}, {"limit", 101}}) == "bad_request");
    CHECK(code_of({{"type", "leaderboard"}, {"date", "2026-13-01"}}) == "bad_date");
    CHECK(code_of({{"type", "leaderboard"}, {"date", "2026-11-30"}}) == "future_date");
    CHECK(code_of({{"type", "leaderboard"}, {"cursor", "2.daily.2026-11-29.0000000000000000"}}) ==
          "bad_cursor");
    // The same JSON over HTTP, without "re".
    const auto http = http_get(server.port(), "/api/leaderboard/daily/2026-11-29?limit=2");
    CHECK(http.status == 200);
    Json body = Json::parse(http.body);
    CHECK(body["entries"] == page["entries"]);
    CHECK(http_get(server.port(), "/api/leaderboard/daily/2026-11-29?limit=0").status == 400);
    CHECK(http_get(server.port(), "/api/leaderboard/daily/nonsense").status == 400);
    CHECK(http_get(server.port(), "/api/players/999").status == 404);
    CHECK(http_get(server.port(), "/api/games/999").status == 404);
}

TEST_CASE("daily: finishing after midnight is allowed until the reveal", "[storage]") {
    // Six seconds before midnight: room for a slow, loaded machine to register and start.
    ServerProcess server({"--clock-start", "2026-11-29T23:59:54Z"});
    WsClient a(server.port());
    login_new(a, "Late");
    const Json snap = a.request({{"type", "daily_start"}});
    REQUIRE(snap["type"] == "game");
    const Json before = a.request({{"type", "daily"}});
    REQUIRE(before["date"] == "2026-11-29");  // the attempt belongs to the 29th
    REQUIRE(before["status"] == "started");
    // Wait (reading, so pings are answered) until the server's day has ended.
    Json info;
    for (int i = 0; i < 200; ++i) {
        info = a.request({{"type", "daily"}});
        if (info["date"] == "2026-11-30") break;
        a.recv(100ms);
    }
    REQUIRE(info["date"] == "2026-11-30");
    const Json upd = a.request({{"type", "resign"}, {"game", snap["game"]}});
    REQUIRE(upd["type"] == "update");
    const Json board = a.request({{"type", "leaderboard"}, {"date", "2026-11-29"}});
    CHECK(board["total"] == 1);
}

TEST_CASE("daily: at the reveal an open attempt ends and the day becomes public", "[storage]") {
    const ScratchDir scratch("reveal");
    const std::string& dir = scratch.path();
    std::string token;
    long long game_id = 0;
    engine::Game mirror(engine::Ruleset::kSackson, daily_seed("2026-11-29"));
    {
        ServerProcess before({"--clock-start", "2026-11-29T20:00:00Z"}, dir);
        WsClient a(before.port());
        token = login_new(a, "Sleepy")["token"];
        const Json snap = a.request({{"type", "daily_start"}});
        game_id = snap["game"];
        const auto plays = engine::list_plays(mirror.legal());
        REQUIRE_FALSE(plays.empty());
        REQUIRE(a.request(play_json(game_id, plays[0]))["type"] == "update");
        REQUIRE_FALSE(mirror.apply(play_action(plays[0])));
        CHECK(before.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    ServerProcess after({"--clock-start", "2026-11-30T01:00:01Z"}, dir);
    WsClient b(after.port());
    b.hello();
    REQUIRE(b.request({{"type", "login"}, {"token", token}})["type"] == "logged_in");
    // The day keeper ends the attempt within a second or two of starting.
    Json stored;
    for (int i = 0; i < 50; ++i) {
        stored = Json::parse(http_get(after.port(), "/api/games/" + std::to_string(game_id)).body);
        if (stored["finished"] == true) break;
        std::this_thread::sleep_for(100ms);
    }
    REQUIRE(stored["finished"] == true);
    REQUIRE_FALSE(mirror.apply(engine::Action::resign()));
    CHECK(stored["score"] == mirror.score());
    CHECK(stored["seed"] == engine::seed_hex(daily_seed("2026-11-29")));
    CHECK(stored["record"] == engine::record_text(engine::record_of(mirror)));
    const Json verified = Json::parse(
        http_get(after.port(), "/api/games/" + std::to_string(game_id) + "/verify").body);
    CHECK(verified["ok"] == true);
    CHECK(verified["replayed_score"] == mirror.score());
    const Json info = b.request({{"type", "daily"}});
    CHECK(info["revealed"]["date"] == "2026-11-29");
    // A revealed day replays as practice; a day not revealed does not.
    const Json replay = b.request({{"type", "practice_start"}, {"day", "2026-11-29"}});
    REQUIRE(replay["type"] == "game");
    CHECK(replay["mode"] == "practice");
    engine::Game fresh(engine::Ruleset::kSackson, daily_seed("2026-11-29"));
    CHECK(legal_from_json(replay["legal"]) == engine::list_plays(fresh.legal()));
    CHECK(card_tokens(replay.dump()) == visible_cards(engine::view_of(fresh)));
    CHECK(b.request({{"type", "practice_start"}, {"day", "2026-11-30"}})["code"] ==
          "not_revealed");
    CHECK(b.request({{"type", "practice_start"}, {"day", "2026-12-25"}})["code"] ==
          "not_revealed");
}
