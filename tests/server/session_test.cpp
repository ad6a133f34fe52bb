// Black-box: requests that must fail with a stable code while the session stays usable;
// reconnecting resumes a game; games belong to their guest.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>

#include "engine/game.hpp"
#include "engine/view.hpp"
#include "checked_game.hpp"
#include "mirror.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::string kZeroSeed(64, '0');

void expect_pong(WsClient& c) { CHECK(c.request({{"type", "ping"}})["type"] == "pong"); }

}  // namespace

TEST_CASE("requests before hello, bad versions and malformed text get errors, not disconnects") {
    ServerProcess server;
    WsClient c(server.port());
    expect_error(c, {{"type", "ping"}}, "hello_required");
    expect_error(c, {{"type", "hello"}, {"version", 2}}, "unsupported_version");
    expect_error(c, {{"type", "hello"}, {"version", 1}, {"guest", "nope"}}, "unknown_guest");
    c.hello();
    expect_error(c, {{"type", "hello"}, {"version", 1}}, "wrong_phase");

    c.send_text("{not json");
    Json r = c.recv_json();
    CHECK(r["code"] == "bad_json");
    CHECK(r["re"].is_null());
    c.send_text(R"({"type":"ping","id":7,"id":8})");
    r = c.recv_json();
    CHECK(r["code"] == "bad_request");
    c.send_text(R"({"type":"launch","id":9})");
    r = c.recv_json();
    CHECK(r["code"] == "unknown_type");
    CHECK(r["re"] == 9);
    c.send_text(std::string(17, '[') + std::string(17, ']'));
    CHECK(c.recv_json()["code"] == "bad_request");
    c.send_text("");
    CHECK(c.recv_json()["code"] == "bad_json");
    c.send_binary("\x01\x02\x03");
    CHECK(c.recv_json()["code"] == "bad_request");
    expect_error(c, {{"type", "play"}, {"game", 1.5}, {"pile", 1}, {"pins", {1}}}, "bad_request");
    expect_error(c, {{"type", "play"}, {"game", 99999}, {"pile", 1}, {"pins", {1}}},
                 "unknown_game");
    expect_pong(c);
    CHECK_FALSE(c.closed());
}

TEST_CASE("every illegal play is refused with its code and changes nothing") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    // Deal 0 of the zero seed: 6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S ... / 6H ... / 3H ...
    const Json snap = c.request({{"type", "practice_start"}, {"seed", kZeroSeed}});
    const long long id = snap["game"];
    auto play = [id](int pile, std::vector<int> pins) {
        return Json{{"type", "play"}, {"game", id}, {"pile", pile}, {"pins", pins}};
    };
    expect_error(c, play(4, {1}), "bad_pile");
    expect_error(c, play(0, {1}), "bad_pile");
    expect_error(c, play(1, {}), "no_pins");
    expect_error(c, play(1, {1, 2, 3, 4}), "too_many_pins");
    expect_error(c, play(1, {11}), "bad_pin");
    expect_error(c, play(1, {2, 2}), "duplicate_pin");
    expect_error(c, play(1, {1, 9}), "not_connected");
    expect_error(c, play(1, {1}), "sum_mismatch");                  // 6S is not a 5
    expect_error(c, play(1, {10}), "back_row_on_first_play");       // 5H takes the 5S ball
    expect_error(c, play(1, {4, 5}), "centre_pin_on_first_play");   // AS + 4S = 5, 5 with 4
    const Json same = c.request({{"type", "snapshot"}, {"game", id}});
    CHECK(same["version"] == snap["version"]);
    CHECK(same["state"] == snap["state"]);
    CHECK(same["legal"] == snap["legal"]);

    // A legal first play, then a single-pin play that breaks only the later-play rule.
    engine::Game mirror(engine::Ruleset::kSackson, engine::Seed{});
    const auto first = engine::list_plays(mirror.legal()).front();
    REQUIRE(c.request(play_json(id, first))["type"] == "update");
    REQUIRE_FALSE(mirror.apply(play_action(first)));
    const Json before = c.request({{"type", "snapshot"}, {"game", id}});
    int tried = 0;
    for (int pile = 0; pile < 3; ++pile) {
        for (int pin = 1; pin <= 10; ++pin) {
            engine::PinMask m = 0;
            const int pins[] = {pin};
            const auto err = mirror.rack().check_play(pile, pins, engine::Ruleset::kSackson, &m);
            if (err && err->code == engine::ErrorCode::kMustTouchCleared) {
                expect_error(c, play(pile + 1, {pin}), "must_touch_cleared");
                ++tried;
            }
        }
    }
    const Json after = c.request({{"type", "snapshot"}, {"game", id}});
    CHECK(after["version"] == before["version"]);
    CHECK(after["state"] == before["state"]);
    INFO("plays breaking only the later-play rule on this rack: " << tried);
}

TEST_CASE("a guest who reconnects gets the same game back with a full snapshot") {
    ServerProcess server;
    std::string guest;
    long long id = 0;
    Json state, legal;
    std::uint64_t version = 0;
    {
        WsClient a(server.port());
        guest = a.hello()["guest"];
        const Json snap = a.request({{"type", "practice_start"}, {"seed", kZeroSeed}});
        id = snap["game"];
        const auto plays = legal_from_json(snap["legal"]);
        REQUIRE_FALSE(plays.empty());
        const Json upd = a.request(play_json(id, plays.front()));
        REQUIRE(upd["type"] == "update");
        const Json now = a.request({{"type", "snapshot"}, {"game", id}});
        state = now["state"];
        legal = now["legal"];
        version = now["version"];
    }  // connection dropped without a close frame
    WsClient b(server.port());
    const Json welcome = b.hello(guest);
    CHECK(welcome["guest"] == guest);
    REQUIRE(welcome["games"] == Json::array({id}));
    const Json snap = b.request({{"type", "snapshot"}, {"game", id}});
    CHECK(snap["version"] == version);
    CHECK(snap["state"] == state);
    CHECK(snap["legal"] == legal);
    const auto plays = legal_from_json(snap["legal"]);
    if (!plays.empty()) {
        const Json upd = b.request(play_json(id, plays.front()));
        CHECK(upd["type"] == "update");
        CHECK(upd["events"][0]["v"] == version + 1);
    }
}

TEST_CASE("a game belongs to its guest: others get not_your_game") {
    ServerProcess server;
    WsClient owner(server.port());
    owner.hello();
    const Json snap = owner.request({{"type", "practice_start"}});
    const long long id = snap["game"];
    WsClient other(server.port());
    other.hello();
    expect_error(other, {{"type", "snapshot"}, {"game", id}}, "not_your_game");
    expect_error(other, {{"type", "stop"}, {"game", id}}, "not_your_game");
    expect_error(other, {{"type", "resign"}, {"game", id}}, "not_your_game");
    const Json still = owner.request({{"type", "snapshot"}, {"game", id}});
    CHECK(still["version"] == snap["version"]);
    CHECK(still["state"] == snap["state"]);
}

TEST_CASE("resign ends the game and reveals it, later actions get game_over") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    const Json snap = c.request({{"type", "practice_start"}, {"seed", kZeroSeed}});
    const long long id = snap["game"];
    const Json upd = c.request({{"type", "resign"}, {"game", id}});
    REQUIRE(upd["type"] == "update");
    CHECK(upd["events"].back()["e"] == "game_over");
    CHECK(upd["events"].back()["resigned"] == true);
    CHECK(upd["events"].back()["score"] == 0);
    CHECK(upd["reveal"]["seed"] == kZeroSeed);
    expect_error(c, {{"type", "stop"}, {"game", id}}, "game_over");
    expect_error(c, {{"type", "play"}, {"game", id}, {"pile", 1}, {"pins", {1}}}, "game_over");
}

TEST_CASE("a guest and their game survive a server restart") {
    char tmpl[] = "/tmp/pinfall-guest-XXXXXX";
    REQUIRE(mkdtemp(tmpl));
    const std::string dir = tmpl;
    std::ofstream(dir + "/secret") << "test-secret\n";
    std::string guest;
    long long id = 0;
    Json state;
    {
        ServerProcess first({}, dir);
        WsClient a(first.port());
        guest = a.hello()["guest"];
        const Json snap = a.request({{"type", "practice_start"}, {"seed", kZeroSeed}});
        id = snap["game"];
        state = snap["state"];
        CHECK(first.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    ServerProcess second({}, dir);
    WsClient b(second.port());
    CHECK(b.hello(guest)["guest"] == guest);
    const Json snap = b.request({{"type", "snapshot"}, {"game", id}});
    REQUIRE(snap["type"] == "game");
    CHECK(snap["state"] == state);
    [[maybe_unused]] const int rc = std::system(("rm -rf '" + dir + "'").c_str());
}

// Game ids are allocated in memory (practice rows are stored in the background): after a
// restart they must go on from the largest stored id, never reuse one.
TEST_CASE("game ids stay unique across a restart, practice games are stored, finished or not") {
    char tmpl[] = "/tmp/pinfall-ids-XXXXXX";
    REQUIRE(mkdtemp(tmpl));
    const std::string dir = tmpl;
    std::ofstream(dir + "/secret") << "test-secret\n";
    std::string guest;
    std::vector<long long> ids;
    Json mid;
    {
        ServerProcess first({}, dir);
        WsClient a(first.port());
        guest = a.hello()["guest"];
        for (int i = 0; i < 3; ++i) {
            ids.push_back(a.request({{"type", "practice_start"}, {"seed", kZeroSeed}})["game"]);
        }
        CHECK(ids[0] < ids[1]);
        CHECK(ids[1] < ids[2]);
        const Json over = a.request({{"type", "resign"}, {"game", ids[1]}});
        REQUIRE(over["type"] == "update");
        // Asked at once, the stored game is already the finished one.
        const Json at_once = a.request({{"type", "record"}, {"game", ids[1]}});
        REQUIRE(at_once["type"] == "stored_game");
        CHECK(at_once["finished"] == true);
        // An unfinished practice game keeps its progress over a clean restart.
        REQUIRE(a.request({{"type", "stop"}, {"game", ids[2]}})["type"] == "update");
        mid = a.request({{"type", "snapshot"}, {"game", ids[2]}});
        CHECK(first.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    ServerProcess second({}, dir);
    WsClient b(second.port());
    b.hello(guest);
    const long long next = b.request({{"type", "practice_start"}})["game"];
    CHECK(next > ids[2]);
    const Json stored = b.request({{"type", "record"}, {"game", ids[1]}});
    REQUIRE(stored["type"] == "stored_game");
    CHECK(stored["finished"] == true);
    CHECK(stored["record"] == "pinfall/1 sackson " + std::string(kZeroSeed) + " r");
    const Json open = b.request({{"type", "snapshot"}, {"game", ids[2]}});
    REQUIRE(open["type"] == "game");
    CHECK(open["game"] == ids[2]);
    CHECK(open["version"] == mid["version"]);
    CHECK(open["state"] == mid["state"]);
    [[maybe_unused]] const int rc = std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("SIGTERM as soon as the port is announced still shuts down cleanly") {
    // The signal handler is in place before "listening on port N" is printed: a stop sent at
    // once (docker stop right after start) exits 0, never 143.
    for (int i = 0; i < 5; ++i) {
        ServerProcess server({"--msg-rate", "0"});
        CHECK(server.signal_and_wait(SIGTERM, 10s) == 0);
    }
}
