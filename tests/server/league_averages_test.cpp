// Black-box: which average each member's handicap uses, in the league's detail (docs/protocol.md
// "Leagues"): before any league game, the daily average from daily games finished before the
// next round opens, else the entering average; once a round with their games is closed, the
// league average over those games. The handicap each gives is shown before the season starts.
#include <catch2/catch.hpp>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

int play_through(WsClient& c, const engine::Seed& seed, const Json& start,
                 const std::string& mode) {
    CheckedGame g(c, seed, engine::Ruleset::kSackson, 1);
    g.start_with(start, mode);
    while (!g.over()) {
        g.send_next();
        g.await();
    }
    return g.finish();
}

Json member(const Json& detail, long long id) {
    for (const auto& m : detail["members"]) {
        if (m["player"]["id"] == id) return m;
    }
    FAIL("no member " << id);
    return {};
}

int hcp(int average) { return std::max(0, 90 * (190 - average) / 100); }

}  // namespace

TEST_CASE("each member's average source and handicap, before and during the season",
          "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient s(server.port()), a(server.port()), b(server.port());
    registered(s, "Secretary");
    const long long id_a = registered(a, "Alice")["player"]["id"];
    const long long id_b = registered(b, "Bruno")["player"]["id"];
    const Json settings = {{"type", "league_create"}, {"rounds", 2}, {"games_per_round", 1},
                           {"round_days", 1}, {"scoring", "handicap"},
                           {"handicap_percent", 90}, {"handicap_basis", 190},
                           {"entering_average", 120}};
    Json later = settings;
    later["name"] = "Tomorrow Night";
    later["start_date"] = "2026-11-30";
    Json today = settings;
    today["name"] = "Tonight";
    today["start_date"] = "2026-11-29";
    const Json tomorrow_league = s.request(later);
    const Json today_league = s.request(today);
    for (WsClient* c : {&a, &b}) {
        for (const Json* l : {&tomorrow_league, &today_league}) {
            REQUIRE(c->request({{"type", "league_join"}, {"code", (*l)["invite_code"]}})["type"] ==
                    "league");
        }
    }
    const long long tomorrow = tomorrow_league["league"];
    const long long tonight = today_league["league"];

    // Nobody has a game: the entering average, and its handicap.
    const Json before = s.request({{"type", "league"}, {"league", tomorrow}});
    for (const long long id : {id_a, id_b}) {
        const Json m = member(before, id);
        CHECK(m["average"] == Json({{"value", 120}, {"source", "entering"}, {"games", 0}}));
        CHECK(m["handicap"] == hcp(120));  // 63
    }
    CHECK(hcp(120) == 63);

    // Alice finishes today's daily game: it counts for the league whose first round opens
    // tomorrow, not for the one whose first round opened this morning.
    const int daily = play_through(a, engine::daily_seed("test-secret", "2026-11-29"),
                                   {{"type", "daily_start"}}, "daily");
    const Json after_daily = s.request({{"type", "league"}, {"league", tomorrow}});
    CHECK(member(after_daily, id_a)["average"] ==
          Json({{"value", daily}, {"source", "daily"}, {"games", 0}}));
    CHECK(member(after_daily, id_a)["handicap"] == hcp(daily));
    CHECK(member(after_daily, id_b)["average"]["source"] == "entering");
    const Json tonight_before = s.request({{"type", "league"}, {"league", tonight}});
    CHECK(member(tonight_before, id_a)["average"]["source"] == "entering");

    // Tonight's round 1: Bruno bowls, Alice does not; the round closes. Bruno's average is his
    // league average over that game; Alice's next round opens tomorrow, after her daily game.
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", tonight},
                       {"action", "start_season"}})["status"] == "running");
    const int bruno = play_through(b, engine::league_seed("test-secret", tonight, 1, 1),
                                   {{"type", "league_play"}, {"league", tonight}, {"round", 1},
                                    {"game", 1}},
                                   "league");
    const Json open = s.request({{"type", "league"}, {"league", tonight}});
    CHECK(member(open, id_b)["average"]["source"] == "entering");  // round 1 still open
    const Json closed = s.request({{"type", "league_secretary"}, {"league", tonight},
                                   {"action", "end_round"}, {"round", 1}});
    CHECK(member(closed, id_b)["average"] ==
          Json({{"value", bruno}, {"source", "league"}, {"games", 1}}));
    CHECK(member(closed, id_b)["handicap"] == hcp(bruno));
    CHECK(member(closed, id_a)["average"] ==
          Json({{"value", daily}, {"source", "daily"}, {"games", 0}}));

    // A scratch league shows the averages but no handicap.
    Json scratch = settings;
    scratch.erase("scoring");
    scratch["name"] = "Scratch Night";
    scratch["start_date"] = "2026-11-30";
    scratch["secretary_bowls"] = true;
    const Json plain = s.request(scratch);
    REQUIRE(plain["members"].size() == 1);
    CHECK(plain["members"][0]["handicap"].is_null());
    CHECK(plain["members"][0]["average"]["source"] == "entering");
}
