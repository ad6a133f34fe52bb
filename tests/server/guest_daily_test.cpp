// Black-box: guests play the daily (docs/rules.md "Guests and the daily"): one attempt per
// guest per day, ranked under a generated name stable per guest, and registering later makes
// that identity the account (same player, games, results and streak; no second attempt).
#include <catch2/catch.hpp>

#include <csignal>
#include <regex>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const engine::Seed kDay = engine::daily_seed("test-secret", "2026-11-29");

Json board(WsClient& c) { return c.request({{"type", "leaderboard"}, {"date", "2026-11-29"}}); }

}  // namespace

TEST_CASE("guest daily: one attempt under a generated name, kept when the guest registers",
          "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient c(server.port());
    const std::string token = c.hello()["guest"];
    // Without "guest": true a guest's start is refused as before.
    expect_error(c, {{"type", "daily_start"}}, "login_required");
    CHECK(c.request({{"type", "daily"}})["status"] == "anonymous");

    // A practice game finished as a guest: it moves to the account at registration.
    CheckedGame practice(c, engine::sha256("guest-daily-practice"), engine::Ruleset::kSackson, 1);
    const int practice_score = practice.play();

    CheckedGame game(c, kDay, engine::Ruleset::kSackson, 2);
    game.start_with({{"type", "daily_start"}, {"guest", true}}, "daily");
    Json info = c.request({{"type", "daily"}});
    CHECK(info["status"] == "started");
    CHECK(info["game"] == game.id());
    while (!game.over()) {
        game.send_next();
        game.await();
    }
    const int score = game.finish();
    info = c.request({{"type", "daily"}});
    CHECK(info["status"] == "finished");
    CHECK(info["score"] == score);
    expect_error(c, {{"type", "daily_start"}, {"guest", true}}, "daily_finished");

    Json b = board(c);
    REQUIRE(b["entries"].size() == 1);
    const std::string name = b["entries"][0]["player"]["name"];
    const long long player = b["entries"][0]["player"]["id"];
    CHECK(std::regex_match(name, std::regex("guest-[0-9a-f]{4}")));
    CHECK(b["entries"][0]["score"] == score);
    CHECK(b["me"]["rank"] == 1);
    CHECK(c.request({{"type", "leaderboard"}, {"around", true}})["me"]["player"]["name"] == name);
    Json profile = c.request({{"type", "profile"}});
    REQUIRE(profile["type"] == "profile");
    CHECK(profile["player"]["id"] == player);
    CHECK(profile["games"] == 1);  // the daily: the practice game is still the guest's
    CHECK(profile["streak"]["current"] == 1);

    // The same guest on another connection: the same identity, the same attempt.
    WsClient again(server.port());
    again.hello(token);
    CHECK(again.request({{"type", "daily"}})["status"] == "finished");
    CHECK(board(again)["me"]["player"]["name"] == name);
    expect_error(again, {{"type", "daily_start"}, {"guest", true}}, "daily_finished");

    // Another guest gets a name of its own.
    WsClient other(server.port());
    other.hello();
    const Json other_snap = other.request({{"type", "daily_start"}, {"guest", true}});
    REQUIRE(other_snap["type"] == "game");
    CHECK(other_snap["game"] != game.id());
    REQUIRE(other.request({{"type", "resign"}, {"game", other_snap["game"]}})["type"] == "update");
    b = board(other);
    REQUIRE(b["entries"].size() == 2);
    CHECK(b["me"]["player"]["name"] != name);
    CHECK(std::regex_match(b["me"]["player"]["name"].get<std::string>(),
                           std::regex("guest-[0-9a-f]{4}")));

    // Guest names are kept for guests.
    expect_error(c, {{"type", "register"}, {"name", "Guest-ABCD"}}, "bad_name");
    // Registering: the identity becomes the account, with its attempt, result and streak.
    const Json reg = c.request({{"type", "register"}, {"name", "Gina"}});
    REQUIRE(reg["type"] == "registered");
    CHECK(reg["player"]["id"] == player);
    b = board(c);
    CHECK(b["me"]["player"]["name"] == "Gina");
    CHECK(b["entries"][0]["player"]["id"] == player);
    CHECK(b["entries"][0]["player"]["name"] == "Gina");
    info = c.request({{"type", "daily"}});
    CHECK(info["status"] == "finished");
    CHECK(info["game"] == game.id());
    expect_error(c, {{"type", "daily_start"}}, "daily_finished");
    profile = c.request({{"type", "profile"}});
    CHECK(profile["player"]["name"] == "Gina");
    CHECK(profile["games"] == 2);  // the daily and the practice game
    CHECK(profile["high_game"] == std::max(score, practice_score));
    CHECK(profile["streak"]["current"] == 1);

    // The guest token alone no longer plays ranked: the account does, after login.
    WsClient later(server.port());
    later.hello(token);
    expect_error(later, {{"type", "daily_start"}, {"guest", true}}, "login_required");
    CHECK(later.request({{"type", "login"}, {"token", reg["token"]}})["type"] == "logged_in");
    expect_error(later, {{"type", "daily_start"}}, "daily_finished");

    // After a restart the board still shows the account's name.
    const std::string dir = server.dir();
    REQUIRE(server.signal_and_wait(SIGTERM, std::chrono::seconds(10)) == 0);
    ServerProcess restarted({"--clock-start", "2026-11-29T13:00:00Z", "--msg-rate", "0"}, dir);
    WsClient d(restarted.port());
    d.hello();
    b = board(d);
    REQUIRE(b["entries"].size() == 2);
    CHECK(b["entries"][0]["player"]["id"] == player);
    CHECK(b["entries"][0]["player"]["name"] == "Gina");
}

TEST_CASE("guest daily: a guest who registers mid-attempt finishes it as the account",
          "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient c(server.port());
    c.hello();
    const Json snap = c.request({{"type", "daily_start"}, {"guest", true}});
    REQUIRE(snap["type"] == "game");
    const Json reg = c.request({{"type", "register"}, {"name", "Midway"}});
    REQUIRE(reg["type"] == "registered");
    // The same attempt resumes for the account, and finishes under its name.
    CHECK(c.request({{"type", "daily_start"}})["game"] == snap["game"]);
    REQUIRE(c.request({{"type", "resign"}, {"game", snap["game"]}})["type"] == "update");
    const Json b = board(c);
    REQUIRE(b["entries"].size() == 1);
    CHECK(b["entries"][0]["player"]["name"] == "Midway");
    CHECK(b["entries"][0]["player"]["id"] == reg["player"]["id"]);
}
