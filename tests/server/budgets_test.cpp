// Black-box: one address cannot grow the server without bound (docs/protocol.md "Budgets and
// lifetimes"). Each budget holds for the address that spends it while another loopback
// address (127.0.0.2, ...) keeps being served; guests that own nothing expire; idle practice
// games and lanes leave memory and come back intact when asked for.
#include <catch2/catch.hpp>

#include <thread>

#include "http_get.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

namespace {

Json start(WsClient& c) { return c.request({{"type", "practice_start"}}); }

// Waits up to 10 s for a counter to reach `at_least`.
bool wait_metric(unsigned short port, const std::string& name, long long at_least) {
    for (int i = 0; i < 200; ++i) {
        if (metric(port, name) >= at_least) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

}  // namespace

TEST_CASE("budget: new guests per address") {
    ServerProcess server({"--msg-rate", "0", "--guests-per-ip", "5"});
    std::string kept;
    for (int i = 0; i < 5; ++i) {
        WsClient c(server.port());
        kept = c.hello()["guest"];
    }
    WsClient over(server.port());
    const Json refused = over.request({{"type", "hello"}, {"version", 1}});
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "over_budget");
    // The connection stays usable: an existing guest's token is no new guest.
    CHECK(over.hello(kept)["guest"] == kept);
    // Another address is served.
    WsClient other(server.port(), true, "/ws", "127.0.0.2");
    CHECK(other.hello()["guest"].get<std::string>().size() == 43);
}

TEST_CASE("budget: practice games per address and per guest") {
    ServerProcess server({"--msg-rate", "0", "--games-per-ip", "3"});
    WsClient a(server.port());
    const std::string guest = a.hello()["guest"];
    for (int i = 0; i < 3; ++i) REQUIRE(start(a)["type"] == "game");
    const Json refused = start(a);
    CHECK(refused["code"] == "over_budget");
    CHECK(refused["message"].get<std::string>().find("try again in") != std::string::npos);
    CHECK(a.request({{"type", "ping"}})["type"] == "pong");  // still usable
    // The same guest from another address: the guest's own budget is spent too.
    WsClient b(server.port(), true, "/ws", "127.0.0.2");
    b.hello(guest);
    CHECK(start(b)["code"] == "over_budget");
    // Anyone else at another address plays on.
    WsClient c(server.port(), true, "/ws", "127.0.0.3");
    c.hello();
    CHECK(start(c)["type"] == "game");
}

TEST_CASE("budget: lanes opened per address") {
    ServerProcess server({"--msg-rate", "0", "--lanes-per-ip", "2"});
    const Json open = {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"A", "B"}}};
    WsClient a(server.port());
    a.hello();
    CHECK(a.request(open)["type"] == "lane");
    CHECK(a.request(open)["type"] == "lane");
    CHECK(a.request(open)["code"] == "over_budget");
    WsClient b(server.port(), true, "/ws", "127.0.0.2");
    b.hello();
    CHECK(b.request(open)["type"] == "lane");
}

TEST_CASE("budget: lane codes that find no lane, then no lookups at all") {
    ServerProcess server({"--msg-rate", "0", "--lane-misses-per-ip", "3"});
    WsClient owner(server.port(), true, "/ws", "127.0.0.2");
    owner.hello();
    const std::string code =
        owner.request({{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"A", "B"}}})["lane"];
    REQUIRE(code.size() == 8);
    WsClient guesser(server.port());
    guesser.hello();
    for (const char* guess : {"AAAAAAAA", "BBBBBBBB", "CCCCCCCC"}) {
        CHECK(guesser.request({{"type", "lane_watch"}, {"lane", guess}})["code"] == "unknown_lane");
    }
    // Spent: even the right code is not looked up for this address now.
    CHECK(guesser.request({{"type", "lane_watch"}, {"lane", code}})["code"] == "over_budget");
    CHECK(guesser.request({{"type", "lane_join"}, {"lane", code}, {"side", 0}})["code"] ==
          "over_budget");
    // Others find it.
    WsClient friend_(server.port(), true, "/ws", "127.0.0.3");
    friend_.hello();
    CHECK(friend_.request({{"type", "lane_watch"}, {"lane", code}})["type"] == "lane");
}

TEST_CASE("lifetimes: guests owning nothing expire, idle games and lanes leave memory intact") {
    ServerProcess server({"--msg-rate", "0", "--guest-ttl-ms", "400", "--idle-evict-ms", "400",
                          "--sweep-ms", "100"});
    std::string idle_guest, player_guest, code;
    long long game = 0;
    Json after_play;
    // A guest whose connection stays open never expires, however long it is idle.
    WsClient held(server.port());
    const std::string held_guest = held.hello()["guest"];
    {
        WsClient a(server.port());
        idle_guest = a.hello()["guest"];
        WsClient b(server.port());
        player_guest = b.hello()["guest"];
        const Json snap = start(b);
        REQUIRE(snap["type"] == "game");
        game = snap["game"];
        const Json& legal = snap["legal"];
        int pile = 0;
        while (legal[pile].empty()) ++pile;
        after_play = b.request({{"type", "play"}, {"game", game}, {"pile", pile + 1},
                                {"pins", legal[pile][0]}});
        REQUIRE(after_play["type"] == "update");
        const Json lane =
            b.request({{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", {"A", "B"}},
                       {"join", 0}});
        REQUIRE(lane["type"] == "lane");
        code = lane["lane"];
        REQUIRE(b.request({{"type", "lane_report"}, {"lane", code}, {"side", 0}, {"pins", 7}})
                    ["type"] == "lane_update");
    }  // both connections close: nobody watches the game or the lane
    REQUIRE(wait_metric(server.port(), "pinfall_games_evicted_total", 1));
    REQUIRE(wait_metric(server.port(), "pinfall_lanes_evicted_total", 1));
    REQUIRE(wait_metric(server.port(), "pinfall_guests_expired_total", 1));
    CHECK(metric(server.port(), "pinfall_games_active") == 0);

    WsClient a(server.port());
    const Json gone = a.request({{"type", "hello"}, {"version", 1}, {"guest", idle_guest}});
    CHECK(gone["code"] == "unknown_guest");
    CHECK(held.request({{"type", "practice_start"}})["type"] == "game");
    WsClient again(server.port());
    CHECK(again.hello(held_guest)["guest"] == held_guest);
    WsClient b(server.port());
    const Json welcome = b.hello(player_guest);  // owns a game and a lane: kept
    CHECK(welcome["games"] == Json::array({game}));
    // The evicted game comes back from storage exactly where it stood, and plays on.
    const Json snap = b.request({{"type", "snapshot"}, {"game", game}});
    REQUIRE(snap["type"] == "game");
    CHECK(snap["version"] == after_play["version"]);
    CHECK(snap["legal"] == after_play["legal"]);
    CHECK(b.request({{"type", "stop"}, {"game", game}})["type"] == "update");
    // So does the lane, with its report.
    const Json lane = b.request({{"type", "lane_watch"}, {"lane", code}});
    REQUIRE(lane["type"] == "lane");
    CHECK(lane["rolloff"]["reports"].size() == 1);
}
