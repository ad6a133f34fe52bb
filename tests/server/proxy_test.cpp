// Black-box, PostgreSQL only: three pinfall-server nodes on one database behind the real
// HAProxy with docker/haproxy.cfg (docs/scaling.md). The routing key sends every connection of
// a player to one node, and a node's death moves only its own keys; a node killed with SIGKILL
// while players are in their daily: each reconnects through the proxy, resumes on another
// node and finishes, and the stored record holds every acknowledged action once and replays
// to the stored score.
#include <catch2/catch.hpp>

#include <csignal>
#include <map>
#include <memory>
#include <thread>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "cluster_util.hpp"
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
    for (const auto& [key, node] : before) {
        INFO(key);
        const std::string now = node_of(c.proxy.port(), key);
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
    const engine::Seed seed = engine::daily_seed("test-secret", kDayText);
    for (const auto& p : players) {
        INFO(p.key);
        const auto row = store->daily_attempt(p.id, kDayText);
        REQUIRE(row);
        REQUIRE(row->finished_at);
        // Every acknowledged action is stored once; at most one more per reconnect (sent, stored,
        // its answer lost with the node), which the snapshot then showed the player.
        CHECK(static_cast<int>(row->actions.size()) >= p.acknowledged);
        CHECK(static_cast<int>(row->actions.size()) <= p.acknowledged + p.reconnects);
        engine::Game replay(engine::Ruleset::kSackson, seed);
        for (const auto& a : row->actions) REQUIRE_FALSE(replay.apply(a));
        CHECK(replay.over());
        CHECK(replay.score() == row->score);
    }
}
