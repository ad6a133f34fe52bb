// Measurements for bench/cluster.sh (docs/benchmarks.md "Cluster"), hidden from `make test`
// ([.]): run by tag, on PostgreSQL (PINFALL_TEST_PG naming a cluster of tests/pg/cluster.sh,
// as bench/cluster.sh does; without it the nodes share a SQLite file and hear nothing). Each
// prints RESULT lines with the figures; the checks only guard that the figures mean something.
//  - a daily result finished on node A until node B's board has it (B polled over one
//    WebSocket, so the figure includes one board round trip);
//  - a lane report sent to node A until a watcher on node B has the update (the report's
//    commit on A, the NOTIFY and one push);
//  - fail-over: SIGKILL of the node holding most of 30 players in their dailies, until each of
//    its players has an action accepted again through HAProxy (each in a thread of its own:
//    reconnect, hello, login, snapshot, the next action).
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

#include "checked_game.hpp"
#include "cluster_util.hpp"

using namespace pinfall;
using namespace pinfall::test;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void report(const char* name, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<std::size_t>(q * v.size()))]; };
    std::printf("RESULT %s n=%zu p50_ms=%.1f p99_ms=%.1f max_ms=%.1f\n", name, v.size(), at(0.5),
                at(0.99), v.back());
    std::fflush(stdout);
}

}  // namespace

TEST_CASE("measure: a daily result on node A reaches node B's board", "[.][cluster-measure]") {
    ServerProcess a({"--clock-start", kClusterNoon, "--node-id", "a", "--msg-rate", "0", "--guests-per-ip", "0"});
    ServerProcess b({"--clock-start", kClusterNoon, "--node-id", "b", "--msg-rate", "0", "--guests-per-ip", "0"}, a.dir());
    WsClient watcher(b.port());
    watcher.hello();
    std::vector<double> ms;
    for (int i = 0; i < 200; ++i) {
        WsClient p(a.port());
        registered(p, "Measure " + std::to_string(i));
        const Json snap = p.request({{"type", "daily_start"}});
        REQUIRE(snap["type"] == "game");
        REQUIRE(p.request({{"type", "resign"}, {"game", snap["game"]}})["type"] == "update");
        const auto t0 = Clock::now();  // acknowledged: committed on A
        for (;;) {
            const Json board = watcher.request({{"type", "leaderboard"}, {"date", kClusterDay}, {"limit", 1}});
            if (board["total"] == i + 1) break;
            INFO("result " << i << ": B's board " << board.dump());
            REQUIRE(ms_since(t0) < 5000);
        }
        ms.push_back(ms_since(t0));
    }
    report("board_a_to_b", ms);
}

TEST_CASE("measure: a lane report on node A reaches a watcher on node B", "[.][cluster-measure]") {
    TwoNodes nodes;
    WsClient owner(nodes.a.port());
    owner.hello();
    WsClient watcher(nodes.b.port());
    watcher.hello();
    std::vector<double> ms;
    while (ms.size() < 200) {
        // A new ten-pin lane for one side, reported by its owner with 1 pin a ball: 20 reports.
        const Json opened = owner.request({{"type", "lane_open"}, {"ruleset", "tenpin"},
                                           {"sides", {"Solo"}}, {"join", 0}});
        REQUIRE(opened["type"] == "lane");
        const std::string code = opened["lane"];
        REQUIRE(watcher.request({{"type", "lane_watch"}, {"lane", code}})["type"] == "lane");
        Json last = opened;
        while (last["phase"] != "complete" && ms.size() < 200) {
            const auto t0 = Clock::now();  // sent: the report's commit on A is in the figure
            last = owner.request({{"type", "lane_report"}, {"lane", code}, {"side", 0}, {"pins", 1}});
            REQUIRE(last["type"] == "lane_update");
            for (;;) {
                const Json m = watcher.recv_json(std::chrono::seconds(5));
                if (m["type"] == "lane_update" && m["lane"] == code && m["version"] == last["version"]) break;
            }
            ms.push_back(ms_since(t0));
        }
    }
    report("lane_a_to_b", ms);
}

TEST_CASE("measure: fail-over of a killed node's players through HAProxy", "[.][cluster-measure]") {
    Cluster c;
    struct Player {
        std::string key, token, node;
        long long game = 0;
        Json legal;
        std::unique_ptr<WsClient> ws;
        double failover_ms = -1;
    };
    std::vector<Player> players(30);
    for (std::size_t i = 0; i < players.size(); ++i) {
        Player& p = players[i];
        WsClient first(c.proxy.port());
        first.hello();
        const Json reg = first.request({{"type", "register"}, {"name", "Failover " + std::to_string(i)}});
        REQUIRE(reg["type"] == "registered");
        p.token = reg["token"];
        p.key = "p" + std::to_string(reg["player"]["id"].get<long long>());
        p.node = node_of(c.proxy.port(), p.key);
        p.ws = std::make_unique<WsClient>(c.proxy.port(), true, "/ws?key=" + p.key);
        p.ws->hello();
        REQUIRE(p.ws->request({{"type", "login"}, {"token", p.token}})["type"] == "logged_in");
        const Json snap = p.ws->request({{"type", "daily_start"}});
        REQUIRE(snap["type"] == "game");
        p.game = snap["game"];
        const Json r = p.ws->request(next_action(snap["legal"], p.game));
        REQUIRE(r["type"] == "update");
        p.legal = r["legal"];
    }
    std::map<std::string, int> count;
    for (const auto& p : players) ++count[p.node];
    std::string victim = "n1";
    for (const auto& [node, n] : count) {
        if (n > count[victim]) victim = node;
    }
    const auto t_kill = Clock::now();
    REQUIRE(c.node(victim).signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
    std::vector<std::thread> threads;
    for (auto& p : players) {
        if (p.node != victim) continue;
        threads.emplace_back([&p, &c, t_kill] {
            p.ws.reset();
            while (ms_since(t_kill) < 20000) {
                try {
                    WsClient ws(c.proxy.port(), true, "/ws?key=" + p.key);
                    ws.hello();
                    if (ws.request({{"type", "login"}, {"token", p.token}})["type"] != "logged_in") continue;
                    const Json snap = ws.request({{"type", "snapshot"}, {"game", p.game}});
                    if (snap["type"] != "game") continue;
                    if (ws.request(next_action(snap["legal"], p.game))["type"] == "update") {
                        p.failover_ms = ms_since(t_kill);
                        return;
                    }
                } catch (const std::exception&) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                }
            }
        });
    }
    for (auto& t : threads) t.join();
    std::vector<double> ms;
    for (const auto& p : players) {
        if (p.node == victim) {
            CHECK(p.failover_ms >= 0);  // every one of them played on
            ms.push_back(p.failover_ms);
        }
    }
    REQUIRE(!ms.empty());
    report("failover", ms);
}
