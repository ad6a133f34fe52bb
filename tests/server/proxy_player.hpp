// A player of the cluster tests that plays its daily through HAProxy and rides out nodes
// coming and going (proxy_test.cpp), and the player locks as the database shows them.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cluster_util.hpp"
#include "engine/game.hpp"
#include "engine/seed.hpp"
#include "storage/coordinator.hpp"
#include "storage/store.hpp"

namespace pinfall::test {

struct ProxyPlayer {
    std::string key, token;
    std::int64_t id = 0;
    long long game = 0;
    Json legal;
    bool over = false;
    std::unique_ptr<WsClient> ws;

    // Registers through the proxy (a random node); the key is then the player's own.
    void register_as(unsigned short proxy, const std::string& name) {
        WsClient first(proxy);
        first.hello();
        const Json reg = first.request({{"type", "register"}, {"name", name}});
        REQUIRE(reg["type"] == "registered");
        id = reg["player"]["id"];
        token = reg["token"];
        key = "p" + std::to_string(id);
    }

    // A new connection through the proxy with the player's key: login, then the daily's
    // snapshot (or its start). False, with no connection kept, when any of it fails.
    bool connect(unsigned short proxy) {
        ws = std::make_unique<WsClient>(proxy, true, "/ws?key=" + key);
        ws->hello();
        if (ws->request({{"type", "login"}, {"token", token}})["type"] != "logged_in") {
            ws.reset();
            return false;
        }
        const Json snap = game ? ws->request({{"type", "snapshot"}, {"game", game}})
                               : ws->request({{"type", "daily_start"}});
        if (snap["type"] != "game") {
            ws.reset();
            return false;
        }
        game = snap["game"];
        legal = snap["legal"];
        over = is_over(snap);
        return true;
    }

    // One step: an action, or (after any failure) a reconnect. Failures while nodes come and
    // go are expected; lost games are not.
    void step(unsigned short proxy) {
        try {
            if (!ws || ws->closed()) {
                connect(proxy);
                return;
            }
            const Json r = ws->request(next_action(legal, game), std::chrono::seconds(3));
            if (r["type"] != "update") return ws.reset();
            legal = r["legal"];
            over = is_over(r);
        } catch (const std::exception&) {
            ws.reset();
        }
    }
};

// Checks the stored daily attempt of `day` of the player whose id is `player` (the cluster tests'
// secret, "test-secret"): present (REQUIRE), finished, and its actions replay on the day's deal
// to the game's end and to the stored score. Returns the row, for the caller's own checks.
inline storage::GameRow checked_daily_attempt(storage::Store& store, std::int64_t player,
                                              const std::string& day) {
    const auto row = store.daily_attempt(player, day);
    REQUIRE(row);
    CHECK(row->finished_at);
    engine::Game replay(engine::Ruleset::kSackson, engine::daily_seed("test-secret", day));
    for (const auto& a : row->actions) REQUIRE_FALSE(replay.apply(a));
    CHECK(replay.over());
    CHECK(replay.score() == row->score);
    return *row;
}

// The holders of each player's lock, from the database (session names "pinfall:<node>").
inline std::map<std::int64_t, std::vector<std::string>> lock_holders(const std::string& dir) {
    storage::Status st;
    auto c = storage::Coordinator::open(database_of(dir), "cluster-test", &st);
    REQUIRE(c);
    std::vector<std::pair<std::int64_t, std::string>> rows;
    REQUIRE(c->lock_holders(&rows).is_ok());
    std::map<std::int64_t, std::vector<std::string>> out;
    for (const auto& [key, name] : rows) out[key].push_back(name);
    return out;
}

}  // namespace pinfall::test
