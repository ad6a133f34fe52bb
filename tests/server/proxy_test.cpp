// Black-box, PostgreSQL only: three pinfall-server nodes on one database behind the real
// HAProxy with docker/haproxy.cfg (docs/scaling.md). The routing key sends every connection of
// a player to one node, and a node's death moves only its own keys; a node killed with SIGKILL
// while players are in their daily: each reconnects through the proxy, resumes on another
// node and finishes, and the stored record holds every acknowledged action once and replays
// to the stored score. A rolling restart of all three nodes (SIGTERM, start again, next) while
// twelve players play their dailies: every game is played to its end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <map>
#include <memory>
#include <thread>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "proxy_player.hpp"
#include "storage/store.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const char* kDayText = kClusterDay;

}  // namespace

TEST_CASE("proxy: a key reaches one node, a node's death moves only its keys",
          "[storage][postgres][cluster]") {
    Cluster c;
    std::map<std::string, std::string> before;
    for (int i = 1; i <= 60; ++i) {
        const std::string key = "p" + std::to_string(i);
        before[key] = node_of(c.proxy.port(), key);
        REQUIRE(!before[key].empty());
        CHECK(node_of(c.proxy.port(), key) == before[key]);  // the same node every time
    }
    std::map<std::string, int> share;
    for (const auto& [key, node] : before) ++share[node];
    CHECK(share.size() == 3);  // consistent hashing spreads 60 keys over the three nodes

    REQUIRE(c.n2.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
    // The proxy's checks (every 500 ms, down after 2 failures) take n2 out.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    bool moved = false;
    while (!moved && std::chrono::steady_clock::now() < deadline) {
        moved = true;
        for (const auto& [key, node] : before) {
            if (node == "n2" && node_of(c.proxy.port(), key).empty()) moved = false;
        }
        if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    REQUIRE(moved);
    // A dead node's key may have been answered above by a redispatch before the checks took
    // the node out, and then go unanswered once (a 503 while HAProxy retries it on the dead
    // node; seen under ASan on a loaded machine): where a key goes is asked until it answers.
    const auto settle_by = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    auto settled_node_of = [&](const std::string& key) {
        std::string n = node_of(c.proxy.port(), key);
        while (n.empty() && std::chrono::steady_clock::now() < settle_by) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            n = node_of(c.proxy.port(), key);
        }
        return n;
    };
    for (const auto& [key, node] : before) {
        INFO(key);
        const std::string now = settled_node_of(key);
        if (node == "n2") {
            CHECK((now == "n1" || now == "n3"));
        } else {
            CHECK(now == node);  // keys of the living nodes stay where they were
        }
    }
}

TEST_CASE("proxy: kill -9 of a node mid-daily, its players finish on another node, nothing lost",
          "[storage][postgres][cluster]") {
    Cluster c;
    struct Player {
        std::string key, token, node;
        std::int64_t id = 0;
        long long game = 0;
        int acknowledged = 0;
        int reconnects = 0;
        Json legal;
        std::unique_ptr<WsClient> ws;
    };
    std::vector<Player> players(9);
    for (std::size_t i = 0; i < players.size(); ++i) {
        Player& p = players[i];
        WsClient first(c.proxy.port());
        first.hello();
        const Json reg = first.request({{"type", "register"}, {"name", "Runner " + std::to_string(i)}});
        REQUIRE(reg["type"] == "registered");
        p.id = reg["player"]["id"].get<std::int64_t>();
        p.token = reg["token"];
        p.key = "p" + std::to_string(p.id);
        p.node = node_of(c.proxy.port(), p.key);
    }
    auto connect = [&](Player& p) {
        p.ws = std::make_unique<WsClient>(c.proxy.port(), true, "/ws?key=" + p.key);
        p.ws->hello();
        REQUIRE(p.ws->request({{"type", "login"}, {"token", p.token}})["type"] == "logged_in");
    };
    // Five actions each, acknowledged, before the kill.
    for (auto& p : players) {
        connect(p);
        const Json snap = p.ws->request({{"type", "daily_start"}});
        REQUIRE(snap["type"] == "game");
        p.game = snap["game"];
        p.legal = snap["legal"];
        for (int k = 0; k < 5; ++k) {
            const Json r = p.ws->request(next_action(p.legal, p.game));
            REQUIRE(r["type"] == "update");
            p.legal = r["legal"];
            ++p.acknowledged;
        }
    }
    // The node with the most of them dies.
    std::map<std::string, int> count;
    for (const auto& p : players) ++count[p.node];
    std::string victim = "n1";
    for (const auto& [node, n] : count) {
        if (n > count[victim]) victim = node;
    }
    ServerProcess& dead = c.node(victim);
    REQUIRE(dead.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);

    // Everyone plays on to the end; a player whose connection broke reconnects through the
    // proxy (retrying while the proxy still tries the dead node) and resumes from a snapshot.
    int moved = 0;
    for (auto& p : players) {
        INFO(p.key << " on " << p.node);
        bool over = false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!over) {
            REQUIRE(std::chrono::steady_clock::now() < deadline);
            try {
                if (!p.ws || p.ws->closed()) {
                    connect(p);
                    const Json snap = p.ws->request({{"type", "snapshot"}, {"game", p.game}});
                    REQUIRE(snap["type"] == "game");
                    p.legal = snap["legal"];
                    over = is_over(snap);
                    ++moved;
                    ++p.reconnects;
                    continue;
                }
                const Json r = p.ws->request(next_action(p.legal, p.game), std::chrono::seconds(3));
                if (r["type"] != "update") {
                    p.ws.reset();  // e.g. storage_error from a node on its way down: resync
                    continue;
                }
                ++p.acknowledged;
                p.legal = r["legal"];
                over = is_over(r);
            } catch (const std::exception&) {
                p.ws.reset();
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        }
    }
    CHECK(moved >= count[victim]);

    storage::Status st;
    auto store = storage::Store::open(database_of(c.n1.dir()), &st);
    REQUIRE(store);
    for (const auto& p : players) {
        INFO(p.key);
        const storage::GameRow row = checked_daily_attempt(*store, p.id, kDayText);
        // Every acknowledged action is stored once; at most one more per reconnect (sent, stored,
        // its answer lost with the node), which the snapshot then showed the player.
        CHECK(static_cast<int>(row.actions.size()) >= p.acknowledged);
        CHECK(static_cast<int>(row.actions.size()) <= p.acknowledged + p.reconnects);
    }
}

TEST_CASE("proxy: rolling restart of all three nodes under play, every game finishes",
          "[storage][postgres][cluster]") {
    // The directory (database, secret) outlives every node started on it.
    const ScratchDir scratch("rolling");
    const std::string& dir = scratch.path();
    // Fixed ports, so that each node comes back where the proxy expects it.
    const std::vector<unsigned short> ports = {free_port(), free_port(), free_port()};
    std::vector<std::unique_ptr<ServerProcess>> nodes;
    auto start = [&](std::size_t i, const std::string& on) {
        const std::vector<std::string> flags = {"--clock-start", kClusterNoon, "--node-id",
                                                "n" + std::to_string(i + 1), "--msg-rate", "0",
                                                "--port", std::to_string(ports[i])};
        return std::make_unique<ServerProcess>(flags, on);
    };
    for (std::size_t i = 0; i < 3; ++i) nodes.push_back(start(i, dir));
    HaproxyProcess proxy(ports);

    std::vector<ProxyPlayer> players(12);
    for (std::size_t i = 0; i < players.size(); ++i) {
        players[i].register_as(proxy.port(), "Roller " + std::to_string(i));
    }
    // A round of steps every 150 ms: a game of some 35 actions spans the three restarts.
    auto play_for = [&](std::chrono::milliseconds span) {
        const auto end = std::chrono::steady_clock::now() + span;
        while (std::chrono::steady_clock::now() < end) {
            for (auto& p : players) {
                if (!p.over) p.step(proxy.port());
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
        }
    };
    auto playing = [&] {
        return std::count_if(players.begin(), players.end(), [](const ProxyPlayer& p) { return !p.over; });
    };
    play_for(std::chrono::milliseconds(300));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        CHECK(playing() > 0);  // the restart happens under play
        CHECK(nodes[i]->signal_and_wait(SIGTERM, std::chrono::seconds(10)) == 0);
        play_for(std::chrono::milliseconds(300));
        nodes[i] = start(i, dir);
        play_for(std::chrono::milliseconds(1500));  // the proxy's checks see it up again
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (playing() > 0) {
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        play_for(std::chrono::milliseconds(100));
    }
    storage::Status st;
    auto store = storage::Store::open(database_of(dir), &st);
    REQUIRE(store);
    for (const auto& p : players) {
        INFO(p.key);
        // Played to its end, not ended by a failure.
        CHECK_FALSE(checked_daily_attempt(*store, p.id, kDayText).resigned);
    }
}
