// Black-box: a two-round league season with the real binary and several clients: create,
// join, secretary actions (and refusals), league games on the shared seeds, round closing and
// standings checked against the arithmetic done by hand here.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>

#include "checked_game.hpp"
#include "http_get.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

Json secretary(WsClient& c, long long league, const std::string& action, Json extra = {}) {
    Json m = {{"type", "league_secretary"}, {"league", league}, {"action", action}};
    for (auto it = extra.begin(); it != extra.end(); ++it) m[it.key()] = it.value();
    return c.request(m);
}

// Plays the member's whole game (round, game) with a fixed policy; returns its score.
int play_league_game(WsClient& c, long long league, int round, int game) {
    const auto seed = engine::league_seed("test-secret", league, round, game);
    CheckedGame g(c, seed, engine::Ruleset::kSackson, 1);
    g.start_with({{"type", "league_play"}, {"league", league}, {"round", round}, {"game", game}},
                 "league");
    while (!g.over()) {
        g.send_next();
        g.await();
    }
    return g.finish();
}

}  // namespace

TEST_CASE("a two-round league season, standings as computed by hand", "[storage]") {
    const ScratchDir scratch("league");
    const std::string& dir = scratch.path();
    const std::vector<std::string> day1 = {"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate",
                                           "0"};
    std::string tok_s, tok_a, tok_b;
    long long league = 0, id_a = 0, id_b = 0;
    int a1 = 0;
    {
        ServerProcess server(day1, dir);
        WsClient s(server.port()), a(server.port()), b(server.port());
        tok_s = registered(s, "Secretary")["token"];
        const Json ra = registered(a, "Alice");
        const Json rb = registered(b, "Bruno");
        tok_a = ra["token"];
        tok_b = rb["token"];
        id_a = ra["player"]["id"];
        id_b = rb["player"]["id"];
        const Json created = s.request({{"type", "league_create"}, {"name", "Tuesday Night"},
                                        {"rounds", 2}, {"games_per_round", 1},
                                        {"round_days", 1}, {"start_date", "2026-11-29"}});
        REQUIRE(created["type"] == "league");
        league = created["league"];
        CHECK(created["status"] == "forming");
        CHECK(created["you"]["secretary"] == true);
        const std::string code = created["invite_code"];
        CHECK(a.request({{"type", "league_join"}, {"code", "WRONGCODE"}})["code"] == "bad_invite");
        REQUIRE(a.request({{"type", "league_join"}, {"code", code}})["type"] == "league");
        CHECK(a.request({{"type", "league_join"}, {"code", code}})["code"] == "already_member");
        const Json joined = b.request({{"type", "league_join"}, {"code", code}});
        REQUIRE(joined["members"].size() == 2);
        // A member is no secretary: every secretary action is refused and changes nothing.
        for (const auto& action : {"close_joining", "open_joining", "start_season",
                                   "end_season"}) {
            CHECK(secretary(a, league, action)["code"] == "not_secretary");
        }
        CHECK(secretary(a, league, "remove", {{"player", id_b}})["code"] == "not_secretary");
        CHECK(secretary(a, league, "end_round", {{"round", 1}})["code"] == "not_secretary");
        CHECK(s.request({{"type", "league"}, {"league", league}})["status"] == "forming");

        const Json started = secretary(s, league, "start_season");
        REQUIRE(started["status"] == "running");
        REQUIRE(started["schedule"].size() == 2);
        CHECK(started["schedule"][0]["status"] == "open");
        CHECK(started["schedule"][1]["status"] == "upcoming");
        CHECK(started["schedule"][0]["pairings"][0]["a"]["id"] == id_a);
        CHECK(started["schedule"][0]["pairings"][0]["b"]["id"] == id_b);
        CHECK(b.request({{"type", "league_join"}, {"code", code}})["code"] == "joining_closed");
        CHECK(a.request({{"type", "league_play"}, {"league", league}, {"round", 2},
                         {"game", 1}})["code"] == "round_not_open");
        CHECK(s.request({{"type", "league_play"}, {"league", league}, {"round", 1},
                         {"game", 1}})["code"] == "not_member");

        a1 = play_league_game(a, league, 1, 1);
        const Json b_game = b.request({{"type", "league_play"}, {"league", league}, {"round", 1},
                                       {"game", 1}});
        REQUIRE(b.request({{"type", "resign"}, {"game", b_game["game"]}})["type"] == "update");
        CHECK(a.request({{"type", "league_round"}, {"league", league}, {"round", 1}})["code"] ==
              "round_not_closed");
        const Json ended = secretary(s, league, "end_round", {{"round", 1}});
        CHECK(ended["schedule"][0]["status"] == "closed");
        CHECK(server.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    // The next day round 2 is open.
    ServerProcess server({"--clock-start", "2026-11-30T12:00:00Z", "--msg-rate", "0"}, dir);
    WsClient s(server.port()), a(server.port()), b(server.port());
    for (auto [c, t] : {std::pair{&s, tok_s}, {&a, tok_a}, {&b, tok_b}}) {
        c->hello();
        REQUIRE(c->request({{"type", "login"}, {"token", t}})["type"] == "logged_in");
    }
    const Json a_game = a.request({{"type", "league_play"}, {"league", league}, {"round", 2},
                                   {"game", 1}});
    REQUIRE(a.request({{"type", "resign"}, {"game", a_game["game"]}})["type"] == "update");
    const int b2 = play_league_game(b, league, 2, 1);
    const Json over = secretary(s, league, "end_season");
    CHECK(over["status"] == "ended");

    // By hand: round 1 Alice a1 v Bruno 0 (game and series: 2 points to Alice); round 2 Alice 0
    // v Bruno b2 (2 points to Bruno). 2 - 2 each way; the tie on points goes to scratch pins.
    REQUIRE(a1 > 0);
    REQUIRE(b2 > 0);
    const Json st = a.request({{"type", "league_standings"}, {"league", league}});
    REQUIRE(st["standings"].size() == 2);
    const Json& first = st["standings"][0];
    const Json& second = st["standings"][1];
    const bool alice_first = a1 > b2;
    CHECK(first["player"]["id"] == (alice_first ? id_a : id_b));
    CHECK(first["rank"] == 1);
    CHECK(second["rank"] == (a1 == b2 ? 1 : 2));
    for (const Json* line : {&first, &second}) {
        const bool is_a = (*line)["player"]["id"] == id_a;
        const int pins = is_a ? a1 : b2;
        CHECK((*line)["games"] == 2);
        CHECK((*line)["scratch_pins"] == pins);
        CHECK((*line)["average"] == pins / 2);
        CHECK((*line)["high_game"] == pins);
        CHECK((*line)["high_series"] == pins);
        CHECK((*line)["points_won"] == 2);
        CHECK((*line)["points_lost"] == 2);
    }
    const Json r1 = a.request({{"type", "league_round"}, {"league", league}, {"round", 1}});
    REQUIRE(r1["pairings"].size() == 1);
    CHECK(r1["pairings"][0]["a"]["games"] == Json::array({a1}));
    CHECK(r1["pairings"][0]["b"]["games"] == Json::array({0}));
    CHECK(r1["pairings"][0]["a"]["points"] == 2);
    CHECK(r1["pairings"][0]["b"]["points"] == 0);
    const auto http = http_get(server.port(), "/api/leagues/" + std::to_string(league) +
                                                  "/standings");
    CHECK(http.status == 200);
    CHECK(Json::parse(http.body)["standings"] == st["standings"]);
    const Json public_view =
        Json::parse(http_get(server.port(), "/api/leagues/" + std::to_string(league)).body);
    CHECK(public_view["invite_code"].is_null());
    CHECK(http_get(server.port(), "/api/leagues/9999").status == 404);
    // Closed rounds make their games public and verifiable.
    const std::string game_url = "/api/games/" + std::to_string(a_game["game"].get<long long>());
    const Json stored = Json::parse(http_get(server.port(), game_url).body);
    CHECK(stored["mode"] == "league");
    CHECK(stored["seed"] == engine::seed_hex(engine::league_seed("test-secret", league, 2, 1)));
    CHECK(Json::parse(http_get(server.port(), game_url + "/verify").body)["ok"] == true);
}
