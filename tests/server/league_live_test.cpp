// Black-box: live league pages (docs/protocol.md "Live league pages") and league seed
// commitments. Connections that were sent a league's detail get a `league` push (no `re`,
// with `change`) when a member joins, the secretary acts, a league game starts or finishes,
// or a round closes on time; the requester gets only its reply. Rounds publish the SHA-256 of
// each game's seed while open and the seeds once closed; league games' snapshots carry theirs.
// An open round shows each member's progress (finished, playing, not started).
#include <catch2/catch.hpp>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

// The next `league` push with this change (set-aside messages first); fails the test after
// 10 s without one. Pushes carry no `re`.
Json push(WsClient& c, const std::string& change) {
    for (;;) {
        Json m;
        if (!c.others.empty()) {
            m = c.others.front();
            c.others.pop_front();
        } else {
            m = c.recv_json();
        }
        if (m["type"] != "league") continue;
        CHECK_FALSE(m.contains("re"));
        if (m["change"] == change) return m;
    }
}

// True when no `league` push arrives within `wait` (other messages are discarded).
bool no_push(WsClient& c, std::chrono::milliseconds wait = 400ms) {
    for (const auto& m : c.others) {
        if (m["type"] == "league") return false;
    }
    c.others.clear();
    while (const auto text = c.recv(wait)) {
        if (Json::parse(*text)["type"] == "league") return false;
    }
    return true;
}

std::string commitment(long long league, int round, int game) {
    return engine::commitment_hex(engine::league_seed("test-secret", league, round, game));
}

}  // namespace

TEST_CASE("league pages are pushed every change, round seeds committed then revealed",
          "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient s(server.port()), a(server.port()), b(server.port()), guest(server.port());
    registered(s, "Secretary");
    const long long id_a = registered(a, "Alice")["player"]["id"];
    const long long id_b = registered(b, "Bruno")["player"]["id"];
    guest.hello();
    const Json created = s.request({{"type", "league_create"}, {"name", "Live Night"},
                                    {"rounds", 2}, {"games_per_round", 2}, {"round_days", 1},
                                    {"start_date", "2026-11-29"}});
    REQUIRE(created["type"] == "league");
    const long long league = created["league"];
    const std::string code = created["invite_code"];
    CHECK(created["schedule"].empty());

    // The guest watches by asking for the detail; Alice by joining.
    REQUIRE(guest.request({{"type", "league"}, {"league", league}})["type"] == "league");
    REQUIRE(a.request({{"type", "league_join"}, {"code", code}})["type"] == "league");
    const Json to_s = push(s, "join");
    CHECK(to_s["members"].size() == 1);
    CHECK(to_s["members"][0]["player"]["id"] == id_a);
    CHECK(to_s["invite_code"] == code);  // the secretary's view
    CHECK(to_s["you"]["secretary"] == true);
    const Json to_guest = push(guest, "join");
    CHECK(to_guest["invite_code"].is_null());  // a guest's view: no invite code
    CHECK(to_guest["you"]["member"] == false);
    CHECK(no_push(a));  // the requester has its reply

    REQUIRE(b.request({{"type", "league_join"}, {"code", code}})["type"] == "league");
    CHECK(push(a, "join")["members"].size() == 2);
    CHECK(push(guest, "join")["members"].size() == 2);
    CHECK(push(s, "join")["you"]["member"] == false);

    const Json started = s.request({{"type", "league_secretary"}, {"league", league},
                                    {"action", "start_season"}});
    REQUIRE(started["status"] == "running");
    for (WsClient* c : {&a, &b, &guest}) {
        const Json p = push(*c, "start_season");
        CHECK(p["status"] == "running");
        REQUIRE(p["schedule"].size() == 2);
        for (int r = 1; r <= 2; ++r) {
            const Json& round = p["schedule"][r - 1];
            CHECK(round["commitments"] ==
                  Json::array({commitment(league, r, 1), commitment(league, r, 2)}));
            CHECK(round["seeds"].is_null());
        }
    }
    CHECK(no_push(s));
    // Round progress: every scheduled member's games, none started yet; only open rounds.
    const Json none = Json::array({"none", "none"});
    CHECK(started["schedule"][0]["progress"] ==
          Json::array({{{"player", {{"id", id_a}, {"name", "Alice"}}}, {"games", none}},
                       {{"player", {{"id", id_b}, {"name", "Bruno"}}}, {"games", none}}}));
    CHECK(started["schedule"][0]["not_started"] == 4);
    CHECK(started["schedule"][1]["progress"].is_null());
    CHECK(started["schedule"][1]["not_started"].is_null());

    // A league game: its snapshot names it with the commitment; watchers hear it start and end.
    {
        CheckedGame g(a, engine::league_seed("test-secret", league, 1, 2),
                      engine::Ruleset::kSackson, 1);
        g.start_with({{"type", "league_play"}, {"league", league}, {"round", 1}, {"game", 2}},
                     "league");
        const Json snap = a.request({{"type", "snapshot"}, {"game", g.id()}});
        CHECK(snap["league"] == Json({{"league", league}, {"round", 1}, {"game", 2},
                                      {"commitment", commitment(league, 1, 2)}}));
        const Json playing = push(s, "game_started");
        CHECK(playing["schedule"][0]["progress"][0]["games"] == Json::array({"none", "playing"}));
        CHECK(playing["schedule"][0]["progress"][1]["games"] == none);
        CHECK(playing["schedule"][0]["not_started"] == 3);
        CHECK(push(guest, "game_started")["league"] == league);
        while (!g.over()) {
            g.send_next();
            g.await();
        }
        g.finish();
        const Json finished = push(s, "game_finished");
        CHECK(finished["schedule"][0]["progress"][0]["games"] ==
              Json::array({"none", "finished"}));
        CHECK(finished["schedule"][0]["not_started"] == 3);
        CHECK(push(b, "game_finished")["league"] == league);
    }
    // Resuming a game already started announces nothing.
    REQUIRE(a.request({{"type", "league_play"}, {"league", league}, {"round", 1},
                       {"game", 2}})["type"] == "game");
    CHECK(no_push(s));

    // The secretary ends round 1: its seeds are revealed, each matching its commitment.
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league}, {"action", "end_round"},
                       {"round", 1}})["type"] == "league");
    const Json closed = push(guest, "end_round");
    const Json& r1 = closed["schedule"][0];
    CHECK(r1["status"] == "closed");
    REQUIRE(r1["seeds"].size() == 2);
    for (int g = 1; g <= 2; ++g) {
        const auto seed = engine::parse_seed_hex(r1["seeds"][g - 1].get<std::string>());
        REQUIRE(seed);
        CHECK(*seed == engine::league_seed("test-secret", league, 1, g));
        CHECK(engine::commitment_hex(*seed) == r1["commitments"][g - 1]);
    }
    CHECK(closed["schedule"][1]["seeds"].is_null());
    CHECK(r1["progress"].is_null());  // closed: no progress
    CHECK(closed["schedule"][1]["progress"].is_null());  // upcoming
    CHECK(push(a, "end_round")["schedule"][0]["status"] == "closed");

    // A connection watches one league at a time: the guest moves to another league.
    const Json other = s.request({{"type", "league_create"}, {"name", "Other Night"},
                                  {"rounds", 1}, {"start_date", "2026-11-29"}});
    REQUIRE(guest.request({{"type", "league"}, {"league", other["league"]}})["type"] == "league");
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league}, {"action", "remove"},
                       {"player", id_b}})["type"] == "league");
    CHECK(push(a, "remove")["members"][1]["removed_from_round"] == 2);
    CHECK(no_push(guest));
    (void)id_b;
}

TEST_CASE("a round closing on time is pushed to the league's watchers", "[storage]") {
    // The round closes at midnight, three seconds after the clock starts.
    ServerProcess server({"--clock-start", "2026-11-29T23:59:57Z", "--msg-rate", "0"});
    WsClient s(server.port()), a(server.port()), b(server.port());
    registered(s, "Secretary");
    registered(a, "Alice");
    registered(b, "Bruno");
    const Json created = s.request({{"type", "league_create"}, {"name", "Late Night"},
                                    {"rounds", 2}, {"games_per_round", 1}, {"round_days", 1},
                                    {"start_date", "2026-11-29"}});
    const long long league = created["league"];
    for (WsClient* c : {&a, &b}) {
        REQUIRE(c->request({{"type", "league_join"}, {"code", created["invite_code"]}})["type"] ==
                "league");
    }
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league},
                       {"action", "start_season"}})["schedule"][0]["status"] == "open");
    const Json p = push(a, "round_closed");
    CHECK(p["schedule"][0]["status"] == "closed");
    CHECK(p["schedule"][1]["status"] == "open");
    CHECK(p["schedule"][0]["seeds"][0] ==
          engine::seed_hex(engine::league_seed("test-secret", league, 1, 1)));
    CHECK(push(s, "round_closed")["schedule"][0]["status"] == "closed");
}
