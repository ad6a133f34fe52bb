// Black-box, PostgreSQL only: a node started while two others serve players through HAProxy
// takes its share (docs/scaling.md). The proxy's consistent hashing sends the new node's keys
// to it once its checks pass; a player of that share who connects again (a new tab, a phone
// waking up) lands there, and the login hands the player over: the old node closes its
// connection with 4001 "moved" and lets go. The player locks, read from the database after
// every round of play, never show two holders; every game is played to its end.
#include <catch2/catch.hpp>

#include <csignal>
#include <set>
#include <thread>

#include "engine/game.hpp"
#include "proxy_player.hpp"
#include "storage/store.hpp"

using namespace pinfall;
using namespace pinfall::test;

TEST_CASE("proxy: a node started under play takes its share by hand-over, never two owners",
          "[storage][postgres][cluster]") {
    const ScratchDir scratch("joining");
    const std::string& dir = scratch.path();
    const std::vector<unsigned short> ports = {free_port(), free_port(), free_port()};
    auto start = [&](std::size_t i) {
        const std::vector<std::string> flags = {"--clock-start", kClusterNoon, "--node-id",
                                                "n" + std::to_string(i + 1), "--msg-rate", "0",
                                                "--port", std::to_string(ports[i])};
        return std::make_unique<ServerProcess>(flags, dir);
    };
    auto n1 = start(0);
    auto n2 = start(1);
    HaproxyProcess proxy(ports);
    // The proxy counts a server up until its checks fail: wait until n3 is out and every key
    // reaches n1 or n2.
    const auto out = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    for (int k = 1; k <= 30; ++k) {
        const std::string node = node_of(proxy.port(), "p" + std::to_string(k));
        if (node != "n1" && node != "n2") {
            REQUIRE(std::chrono::steady_clock::now() < out);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            k = 0;  // all keys again
        }
    }

    std::vector<ProxyPlayer> players(12);
    for (std::size_t i = 0; i < players.size(); ++i) {
        players[i].register_as(proxy.port(), "Joiner " + std::to_string(i));
    }
    std::size_t max_holders = 0;
    auto round = [&] {
        for (auto& p : players) {
            if (!p.over) p.step(proxy.port());
        }
        for (const auto& [player, names] : lock_holders(dir)) {
            max_holders = std::max(max_holders, names.size());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    };
    for (int i = 0; i < 5; ++i) round();
    for (const auto& p : players) {
        INFO(p.key);
        const std::string node = node_of(proxy.port(), p.key);
        CHECK((node == "n1" || node == "n2"));
    }

    auto n3 = start(2);
    // The proxy's checks see n3 up (every 500 ms); its keys then go to it.
    std::set<std::string> share;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (share.empty() && std::chrono::steady_clock::now() < deadline) {
        round();
        for (const auto& p : players) {
            if (node_of(proxy.port(), p.key) == "n3") share.insert(p.key);
        }
    }
    INFO("n3's share: " << share.size() << " of " << players.size());
    REQUIRE(!share.empty());
    REQUIRE(share.size() < players.size());

    // Each player of n3's share connects again: it lands on n3, which takes the player over;
    // the connection on the old node is closed "moved".
    int moved = 0;
    for (auto& p : players) {
        if (!share.count(p.key) || p.over || !p.ws) continue;
        // Already there (its connection was lost and came back through the proxy).
        if (lock_holders(dir)[p.id] == std::vector<std::string>{"pinfall:n3"}) continue;
        auto old = std::move(p.ws);
        REQUIRE(p.connect(proxy.port()));
        CHECK(old->wait_closed(std::chrono::seconds(5)));
        CHECK(old->close_code() == 4001);
        ++moved;
        const auto held = lock_holders(dir)[p.id];
        CHECK(held == std::vector<std::string>{"pinfall:n3"});
    }
    CHECK(moved > 0);

    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::any_of(players.begin(), players.end(), [](const auto& p) { return !p.over; })) {
        REQUIRE(std::chrono::steady_clock::now() < end);
        round();
    }
    CHECK(max_holders == 1);  // never two

    storage::Status st;
    auto store = storage::Store::open(database_of(dir), &st);
    REQUIRE(store);
    for (const auto& p : players) {
        INFO(p.key);
        CHECK_FALSE(checked_daily_attempt(*store, p.id, kClusterDay).resigned);
    }
}
