// Black-box: take-backs in practice games (docs/protocol.md "Take-backs"): `undo` answers a
// `game` snapshot of the position before the last action (version one higher), sent to the
// game's other watchers too; nothing to undo and a finished game are refused; a finished game
// with take-backs reveals a record with `u` that verifies; an unfinished one survives a clean
// restart at the same version; ranked games refuse undo (ranked_game) on both backends.
#include <catch2/catch.hpp>

#include <csignal>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::string kZero(64, '0');

Json undo(WsClient& c, long long game) { return c.request({{"type", "undo"}, {"game", game}}); }

Json play(WsClient& c, long long game, int pile, const std::vector<int>& pins) {
    return c.request({{"type", "play"}, {"game", game}, {"pile", pile}, {"pins", pins}});
}

}  // namespace

TEST_CASE("undo: a practice play is taken back, watchers get the snapshot, the record shows it") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    const std::string guest = c.hello()["guest"];
    const Json start = c.request({{"type", "practice_start"}, {"seed", kZero}});
    REQUIRE(start["type"] == "game");
    const long long g = start["game"];
    WsClient watcher(server.port());
    watcher.hello(guest);
    REQUIRE(watcher.request({{"type", "snapshot"}, {"game", g}})["type"] == "game");

    expect_error(c, {{"type", "undo"}, {"game", g}}, "nothing_to_undo");
    REQUIRE(play(c, g, 1, {1, 3, 6})["version"] == 2);
    const Json back = undo(c, g);
    REQUIRE(back["type"] == "game");
    CHECK(back["version"] == 3);
    CHECK(back["state"] == start["state"]);
    CHECK(back["legal"] == start["legal"]);
    CHECK(back["sheet"] == start["sheet"]);
    // The other connection got the play's update, then the same snapshot without re.
    const Json seen_play = watcher.recv_json();
    CHECK(seen_play["type"] == "update");
    const Json seen_undo = watcher.recv_json();
    CHECK(seen_undo["type"] == "game");
    CHECK_FALSE(seen_undo.contains("re"));
    CHECK(seen_undo["version"] == 3);
    CHECK(seen_undo["state"] == start["state"]);

    const Json other = play(c, g, 1, {3, 4, 5});
    REQUIRE(other["type"] == "update");
    CHECK(other["events"][0]["v"] == 4);
    CHECK(c.request({{"type", "stop"}, {"game", g}})["type"] == "update");
    CHECK(undo(c, g)["type"] == "game");
    const Json end = c.request({{"type", "resign"}, {"game", g}});
    REQUIRE(end["type"] == "update");
    CHECK(end["reveal"]["record"] == "pinfall/1 sackson " + kZero + " 1:1,3,6 u 1:3,4,5 s u r");
    expect_error(c, {{"type", "undo"}, {"game", g}}, "game_over");
    const Json verified = c.request({{"type", "verify"}, {"game", g}});
    CHECK(verified["ok"] == true);
    CHECK(verified["replayed_score"] == 3);
    CHECK(verified["stored_score"] == 3);
    // Somebody else's game: not theirs to take back.
    WsClient stranger(server.port());
    stranger.hello();
    expect_error(stranger, {{"type", "undo"}, {"game", g}}, "not_your_game");
}

TEST_CASE("undo: an unfinished practice game with take-backs resumes after a clean restart",
          "[storage]") {
    const ScratchDir scratch("undo-restart");
    std::string guest;
    long long g = 0;
    Json before;
    {
        ServerProcess server({"--msg-rate", "0"}, scratch.path());
        WsClient c(server.port());
        guest = c.hello()["guest"];
        g = c.request({{"type", "practice_start"}, {"seed", kZero}})["game"];
        REQUIRE(play(c, g, 1, {1, 3, 6})["type"] == "update");
        REQUIRE(undo(c, g)["type"] == "game");
        REQUIRE(play(c, g, 1, {3, 4, 5})["type"] == "update");
        before = c.request({{"type", "snapshot"}, {"game", g}});
        REQUIRE(server.signal_and_wait(SIGTERM, std::chrono::seconds(10)) == 0);
    }
    ServerProcess server({"--msg-rate", "0"}, scratch.path());
    WsClient c(server.port());
    CHECK(c.hello(guest)["games"] == Json::array({g}));
    const Json after = c.request({{"type", "snapshot"}, {"game", g}});
    CHECK(after["version"] == before["version"]);
    CHECK(after["state"] == before["state"]);
    CHECK(after["legal"] == before["legal"]);
    CHECK(undo(c, g)["version"] == before["version"].get<int>() + 1);
}

TEST_CASE("undo: ranked games refuse take-backs", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient c(server.port());
    registered(c, "No Takebacks");
    const Json snap = c.request({{"type", "daily_start"}});
    REQUIRE(snap["type"] == "game");
    const Json stopped = c.request({{"type", "stop"}, {"game", snap["game"]}});
    REQUIRE(stopped["type"] == "update");
    expect_error(c, {{"type", "undo"}, {"game", snap["game"]}}, "ranked_game");
    // Nothing was taken back: the same version, still after the stop.
    CHECK(c.request({{"type", "snapshot"}, {"game", snap["game"]}})["version"] ==
          stopped["version"]);
}
