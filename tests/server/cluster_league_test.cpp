// Black-box, PostgreSQL only: one league used through two nodes (docs/scaling.md "Leagues").
// Members join through different nodes at the same moment, the secretary's actions and the
// league games reach watchers on the other node, and a round closes once when due with the
// node of an open league game dead.
#include <catch2/catch.hpp>

#include <csignal>
#include <thread>

#include "checked_game.hpp"
#include "cluster_util.hpp"
#include "storage/store.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

Json create_league(WsClient& s) {
    const Json created = s.request({{"type", "league_create"}, {"name", "Two Nodes"},
                                    {"rounds", 2}, {"games_per_round", 1}, {"round_days", 1},
                                    {"start_date", "2026-11-29"}});
    REQUIRE(created["type"] == "league");
    return created;
}

// Reads c's pushes until a `league` push with that change arrives (fails after 5 s).
Json league_push(WsClient& c, const std::string& change) {
    for (auto it = c.others.begin(); it != c.others.end(); ++it) {
        if ((*it)["type"] == "league" && (*it).value("change", "") == change) {
            Json m = *it;
            c.others.erase(it);
            return m;
        }
    }
    for (;;) {
        Json m = c.recv_json(std::chrono::seconds(5));
        if (m["type"] == "league" && m.value("change", "") == change) return m;
    }
}

}  // namespace

TEST_CASE("cluster: one league through two nodes: joins at once, pushes to the other node",
          "[storage][postgres][cluster]") {
    TwoNodes nodes;
    WsClient sec(nodes.a.port());
    registered(sec, "Secretary");
    const Json created = create_league(sec);
    const long long league = created["league"];
    const std::string code = created["invite_code"];

    // Four members join at the same moment, two through each node: four members, four seats.
    std::vector<std::unique_ptr<WsClient>> members;
    for (int i = 0; i < 4; ++i) {
        members.push_back(std::make_unique<WsClient>(i % 2 ? nodes.b.port() : nodes.a.port()));
        registered(*members.back(), "Member " + std::to_string(i + 1));
    }
    std::vector<std::uint64_t> ids;
    for (auto& m : members) ids.push_back(m->send_request({{"type", "league_join"}, {"code", code}}));
    for (std::size_t i = 0; i < members.size(); ++i) {
        const Json r = members[i]->await_reply(ids[i]);
        INFO(r.dump());
        CHECK(r["type"] == "league");
    }
    const Json detail = sec.request({{"type", "league"}, {"league", league}});
    REQUIRE(detail["members"].size() == 4);

    // The secretary (node A) starts the season: the watchers on node B hear it.
    WsClient& on_b = *members[1];
    const Json started = sec.request(
        {{"type", "league_secretary"}, {"league", league}, {"action", "start_season"}});
    REQUIRE(started["status"] == "running");
    const Json heard = league_push(on_b, "start_season");
    CHECK(heard["status"] == "running");
    CHECK(heard["schedule"] == started["schedule"]);
    CHECK(league_push(*members[3], "start_season")["status"] == "running");

    // A member on node A plays a league game: node B's watchers hear it start and finish.
    WsClient& player = *members[0];
    const auto seed = engine::league_seed("test-secret", league, 1, 1);
    CheckedGame g(player, seed, engine::Ruleset::kSackson, 1);
    g.start_with({{"type", "league_play"}, {"league", league}, {"round", 1}, {"game", 1}},
                 "league");
    CHECK(league_push(on_b, "game_started")["type"] == "league");
    while (!g.over()) {
        g.send_next();
        g.await();
    }
    g.finish();
    CHECK(league_push(on_b, "game_finished")["type"] == "league");
    // Joining is closed now, through either node.
    WsClient late(nodes.b.port());
    registered(late, "Latecomer");
    CHECK(late.request({{"type", "league_join"}, {"code", code}})["code"] == "joining_closed");
}

TEST_CASE("cluster: a round closes once when due, the node of its open game dead",
          "[storage][postgres][cluster]") {
    const ScratchDir scratch("cluster-round");
    const std::string& dir = scratch.path();
    long long league = 0;
    std::int64_t member = 0;
    long long game = 0;
    {
        // Node A: the league starts; a member begins the round-1 game and A dies (SIGKILL).
        ServerProcess a({"--clock-start", "2026-11-29T20:00:00Z", "--node-id", "node-a"}, dir);
        WsClient s(a.port()), m1(a.port()), m2(a.port());
        registered(s, "Secretary");
        league = create_league(s)["league"];
        const std::string code = s.request({{"type", "league"}, {"league", league}})["invite_code"];
        member = registered(m1, "Open Game")["player"]["id"];
        registered(m2, "Other");
        for (WsClient* m : {&m1, &m2}) {
            REQUIRE(m->request({{"type", "league_join"}, {"code", code}})["type"] == "league");
        }
        REQUIRE(s.request({{"type", "league_secretary"}, {"league", league},
                           {"action", "start_season"}})["status"] == "running");
        const Json snap = m1.request(
            {{"type", "league_play"}, {"league", league}, {"round", 1}, {"game", 1}});
        REQUIRE(snap["type"] == "game");
        game = snap["game"];
        REQUIRE(m1.request(next_action(snap["legal"], game))["type"] == "update");
        REQUIRE(a.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
    }
    // Two other nodes, one second before round 1 closes (the 30th, 00:00 UTC): both are due.
    ServerProcess b({"--clock-start", "2026-11-29T23:59:59Z", "--node-id", "node-b"}, dir);
    ServerProcess c({"--clock-start", "2026-11-29T23:59:59Z", "--node-id", "node-c"}, dir);
    WsClient on_c(c.port());
    on_c.hello();
    Json round;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    do {
        round = on_c.request({{"type", "league_round"}, {"league", league}, {"round", 1}});
        if (round["type"] == "league_round") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    } while (std::chrono::steady_clock::now() < until);
    INFO(round.dump());
    REQUIRE(round["type"] == "league_round");

    storage::Status st;
    auto store = storage::Store::open(database_of(dir), &st);
    REQUIRE(store);
    const auto closed = store->leagues().closed_rounds(league);
    REQUIRE(closed.size() == 1);
    CHECK(closed[0].round == 1);
    CHECK_FALSE(closed[0].early);
    // The open game ended once: its play, then one end.
    std::optional<storage::GameRow> row;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    do {
        row = store->game(game);
        if (row && row->finished_at) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < deadline);
    REQUIRE(row);
    REQUIRE(row->finished_at);
    CHECK(row->player == member);
    CHECK(row->actions.size() == 2);
    engine::Game replay(engine::Ruleset::kSackson, engine::league_seed("test-secret", league, 1, 1));
    for (const auto& action : row->actions) REQUIRE_FALSE(replay.apply(action));
    CHECK(replay.over());
    CHECK(replay.score() == row->score);
}
