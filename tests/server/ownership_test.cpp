// Black-box, PostgreSQL only: a player belongs to one node at a time (docs/scaling.md). The
// node serving a player holds an advisory lock on them (seen in the database: pg_locks); a
// login on another node asks for a hand-over: the first node closes the player's connection
// with 4001 "moved" and lets go, the second takes the lock and the player's game goes on
// there from the database. At no moment do two sessions hold the player. A node that dies
// releases its players at once (PostgreSQL drops a dead session's locks).
#include <catch2/catch.hpp>

#include <atomic>
#include <csignal>
#include <map>
#include <thread>

#include "checked_game.hpp"
#include "proxy_player.hpp"

using namespace pinfall;
using namespace pinfall::test;


TEST_CASE("ownership: a login on another node hands the player over, never two owners",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    const std::string dir = nodes.a.dir();
    WsClient on_a(nodes.a.port());
    const Json reg = registered(on_a, "Owner");
    const std::int64_t id = reg["player"]["id"];
    CHECK(lock_holders(dir)[id] == std::vector<std::string>{"pinfall:node-a"});
    const Json snap = on_a.request({{"type", "daily_start"}});
    REQUIRE(snap["type"] == "game");
    const long long game = snap["game"];
    const Json first = on_a.request(next_action(snap["legal"], game));
    REQUIRE(first["type"] == "update");

    // Watch the lock table the whole time the player moves back and forth.
    std::atomic<bool> watching{true};
    std::atomic<std::size_t> most{0}, looks{0};
    std::thread watcher([&] {
        while (watching) {
            const auto h = lock_holders(dir);
            const auto it = h.find(id);
            most = std::max<std::size_t>(most, it == h.end() ? 0 : it->second.size());
            ++looks;
        }
    });
    WsClient on_b(nodes.b.port());
    on_b.hello();
    const Json logged = on_b.request({{"type", "login"}, {"token", reg["token"]}});
    CHECK(logged["type"] == "logged_in");
    CHECK(on_a.wait_closed(std::chrono::seconds(5)));
    CHECK(on_a.close_code() == 4001);
    CHECK(lock_holders(dir)[id] == std::vector<std::string>{"pinfall:node-b"});
    // The game goes on at node B from the database: the next action, numbered after the first.
    const Json resumed = on_b.request({{"type", "daily_start"}});
    REQUIRE(resumed["type"] == "game");
    CHECK(resumed["game"] == game);
    CHECK(resumed["version"] == first["version"]);
    CHECK(on_b.request(next_action(resumed["legal"], game))["type"] == "update");

    // And back to node A.
    WsClient again(nodes.a.port());
    again.hello();
    CHECK(again.request({{"type", "login"}, {"token", reg["token"]}})["type"] == "logged_in");
    CHECK(on_b.wait_closed(std::chrono::seconds(5)));
    CHECK(on_b.close_code() == 4001);
    CHECK(lock_holders(dir)[id] == std::vector<std::string>{"pinfall:node-a"});
    watching = false;
    watcher.join();
    CHECK(looks > 0);
    CHECK(most == 1);  // one holder at most, at every look
}

TEST_CASE("ownership: a node killed releases its players at once", "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient on_a(nodes.a.port());
    const Json reg = registered(on_a, "Orphan");
    const std::int64_t id = reg["player"]["id"];
    REQUIRE(lock_holders(nodes.a.dir())[id] == std::vector<std::string>{"pinfall:node-a"});
    REQUIRE(nodes.a.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
    WsClient on_b(nodes.b.port());
    on_b.hello();
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(on_b.request({{"type", "login"}, {"token", reg["token"]}})["type"] == "logged_in");
    // No hand-over to wait for: well under the 3 s a live holder gets.
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2));
    CHECK(lock_holders(nodes.a.dir())[id] == std::vector<std::string>{"pinfall:node-b"});
}
