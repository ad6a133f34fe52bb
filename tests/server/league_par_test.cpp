// Black-box: league games get their par when their round closes (docs/rules.md "Par and the
// coach"): never while the round is open, since its seeds are secret until then; at the close
// every game row of the round gets it, finished or ended at the reveal, as stored (read by the
// profile, which shows what is in the database and computes nothing).
#include <catch2/catch.hpp>
#include <thread>

#include "checked_game.hpp"
#include "engine/par.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

// The par of the player's most recent game as the profile shows it, once it is a number (the
// pool's job and its write take milliseconds); null after 5 s without one.
Json stored_par(WsClient& c) {
    Json par;
    for (int i = 0; i < 100; ++i) {
        const Json profile = c.request({{"type", "profile"}});
        REQUIRE(profile["type"] == "profile");
        REQUIRE_FALSE(profile["recent"].empty());
        par = profile["recent"][0]["par"];
        if (par.is_number()) break;
        std::this_thread::sleep_for(50ms);
    }
    return par;
}

}  // namespace

TEST_CASE("league games get their par when the round closes, not before", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient s(server.port()), a(server.port()), b(server.port());
    registered(s, "Secretary");
    registered(a, "Alice");
    registered(b, "Bruno");
    const Json created = s.request({{"type", "league_create"}, {"name", "Par Night"},
                                    {"rounds", 2}, {"games_per_round", 2}, {"round_days", 1},
                                    {"start_date", "2026-11-29"}, {"ruleset", "strict"}});
    REQUIRE(created["type"] == "league");
    const long long league = created["league"];
    for (WsClient* c : {&a, &b}) {
        REQUIRE(c->request({{"type", "league_join"}, {"code", created["invite_code"]}})["type"] ==
                "league");
    }
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league},
                       {"action", "start_season"}})["status"] == "running");
    const auto seed = [&](int game) { return engine::league_seed("test-secret", league, 1, game); };
    const auto par_of = [&](int game) {
        return engine::solve_par(engine::Ruleset::kStrict, seed(game)).par;
    };

    // Alice finishes game 2 of round 1; Bruno starts game 1 and leaves it open.
    CheckedGame alice(a, seed(2), engine::Ruleset::kStrict, 1);
    alice.start_with({{"type", "league_play"}, {"league", league}, {"round", 1}, {"game", 2}},
                     "league");
    while (!alice.over()) {
        alice.send_next();
        alice.await();
    }
    alice.finish();
    CheckedGame bruno(b, seed(1), engine::Ruleset::kStrict, 0);
    bruno.start_with({{"type", "league_play"}, {"league", league}, {"round", 1}, {"game", 1}},
                     "league");
    bruno.send_next();
    bruno.await();

    // The round is open: no par anywhere, even after the pool had time to run.
    std::this_thread::sleep_for(300ms);
    const Json before = a.request({{"type", "profile"}});
    REQUIRE(before["recent"].size() == 1);
    CHECK(before["recent"][0]["par"].is_null());

    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league}, {"action", "end_round"},
                       {"round", 1}})["type"] == "league");
    CHECK(stored_par(a) == par_of(2));
    // Bruno's game ended at the reveal; its row has the par of its deals too.
    CHECK(stored_par(b) == par_of(1));
    CHECK(par_of(1) != par_of(2));  // the two games' deals differ, so the rows were told apart
}
