// Black-box: the defects an outside review found (issue 12), each reproduced against the real
// binary exactly as the review reported it: resumable guest games after a restart, "around"
// on every board, dates beyond the calendar's range, a resigned game's sheet, name lengths in
// characters, end_round of a round the league lacks, game ids never reused, --max-games held
// under concurrent starts.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <set>
#include <thread>

#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

namespace {

const std::vector<std::string> kFlags = {"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate",
                                         "0"};

Json practice(WsClient& c, Json extra = Json::object()) {
    Json m = {{"type", "practice_start"}};
    for (auto it = extra.begin(); it != extra.end(); ++it) m[it.key()] = it.value();
    return c.request(m);
}

Json first_play(WsClient& c, const Json& game) {
    const Json& legal = game["legal"];
    for (int p = 0; p < 3; ++p) {
        if (!legal[p].empty()) {
            return c.request({{"type", "play"}, {"game", game["game"]}, {"pile", p + 1},
                              {"pins", legal[p][0]}});
        }
    }
    FAIL("no legal play in the opening snapshot");
    return {};
}

// Runs SQL on the server's database while no server runs on it.
void run_sql(const std::string& db, const std::string& sql) {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err);
    const std::string why = err ? err : "";
    sqlite3_free(err);
    sqlite3_close(h);
    INFO(why);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("review 1: a returning guest's unfinished games are listed after a restart", "[storage]") {
    for (const int sig : {SIGTERM, SIGKILL}) {
        INFO("stopped with signal " << sig);
        const ScratchDir scratch("guest-resume");
        const std::string& dir = scratch.path();
        std::string guest;
        long long game = 0;
        {
            ServerProcess server(kFlags, dir);
            WsClient c(server.port());
            guest = c.hello()["guest"];
            const Json snap = practice(c);
            REQUIRE(snap["type"] == "game");
            game = snap["game"];
            REQUIRE(first_play(c, snap)["type"] == "update");
            // A crash may lose the last lazy writes (up to 20 ms); wait past them.
            if (sig == SIGKILL) std::this_thread::sleep_for(300ms);
            server.signal_and_wait(sig, 10s);
        }
        ServerProcess server(kFlags, dir);
        WsClient c(server.port());
        const Json welcome = c.hello(guest);
        REQUIRE(welcome["games"].is_array());
        CHECK(welcome["games"] == Json::array({game}));
        const Json snap = c.request({{"type", "snapshot"}, {"game", game}});
        CHECK(snap["type"] == "game");
        // A finished game is no longer listed.
        REQUIRE(c.request({{"type", "resign"}, {"game", game}})["type"] == "update");
        WsClient again(server.port());
        CHECK(again.hello(guest)["games"] == Json::array());
    }
}

TEST_CASE("review 2: around centres the best_game and best_average boards on the player", "[sqlite]") {
    const ScratchDir scratch("around");
    const std::string& dir = scratch.path();
    std::vector<long long> ids;
    std::string token;
    {
        ServerProcess server(kFlags, dir);
        for (int i = 0; i < 6; ++i) {
            WsClient c(server.port());
            c.hello();
            const Json r = c.request({{"type", "register"}, {"name", "Bowler " + std::to_string(i)}});
            REQUIRE(r["type"] == "registered");
            ids.push_back(r["player"]["id"]);
            if (i == 4) token = r["token"];
        }
    }
    // Ten finished daily games for each player within the last 30 days; player i averages
    // 200 - 10 i, so the boards rank them in order.
    std::string sql = "BEGIN;";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        for (int d = 1; d <= 10; ++d) {
            const long long finished = 1795953600000LL - (d * 3600000LL) - static_cast<long long>(i);
            char day[16];
            std::snprintf(day, sizeof day, "2026-11-%02d", d);
            sql += "INSERT INTO games (player_id, mode, ruleset, seed, day, started_at, "
                   "finished_at, score) VALUES (" +
                   std::to_string(ids[i]) + ", 'daily', 'sackson', zeroblob(32), '" + day +
                   "', " + std::to_string(finished - 60000) + ", " + std::to_string(finished) +
                   ", " + std::to_string(200 - 10 * static_cast<int>(i)) + ");";
        }
    }
    run_sql(dir + "/db", sql + "COMMIT;");
    ServerProcess server(kFlags, dir);
    WsClient c(server.port());
    c.hello();
    REQUIRE(c.request({{"type", "login"}, {"token", token}})["type"] == "logged_in");
    for (const std::string board : {"best_game", "best_average"}) {
        INFO(board);
        const Json top = c.request({{"type", "leaderboard"}, {"board", board}, {"limit", 2}});
        REQUIRE(top["entries"].size() == 2);
        CHECK(top["entries"][0]["player"]["id"] == ids[0]);
        const Json around = c.request(
            {{"type", "leaderboard"}, {"board", board}, {"limit", 3}, {"around", true}});
        REQUIRE(around["type"] == "leaderboard");
        CHECK(around["me"]["player"]["id"] == ids[4]);
        CHECK(around["me"]["rank"] == 5);
        REQUIRE(around["entries"].size() == 3);
        CHECK(around["entries"][0]["player"]["id"] == ids[3]);
        CHECK(around["entries"][1]["player"]["id"] == ids[4]);
        CHECK(around["entries"][2]["player"]["id"] == ids[5]);
        CHECK(around["entries"][2]["rank"] == 6);
    }
}

TEST_CASE("review 3: dates beyond the supported range are refused, never revealed", "[storage]") {
    ServerProcess server(kFlags);
    WsClient c(server.port());
    c.hello();
    for (const std::string day : {"2262-04-12", "2262-04-11", "9999-12-31", "0001-01-01",
                                  "1969-12-31"}) {
        INFO(day);
        const Json r = practice(c, {{"day", day}});
        CHECK(r["type"] == "error");
        CHECK(r.value("code", "") == "bad_request");
        const Json board = c.request({{"type", "leaderboard"}, {"date", day}});
        CHECK(board.value("code", "") == "bad_request");
    }
    // The session stays usable, and a real future day is still "not revealed".
    CHECK(practice(c, {{"day", "2199-12-31"}})["code"] == "not_revealed");
    CHECK(practice(c)["type"] == "game");
}

TEST_CASE("review 4: a resigned game's sheet stays incomplete") {
    ServerProcess server(kFlags);
    WsClient c(server.port());
    c.hello();
    const Json snap = practice(c, {{"seed", std::string(64, '0')}});
    REQUIRE(snap["type"] == "game");
    const Json game = snap["game"];
    for (int i = 0; i < 19; ++i) {
        REQUIRE(c.request({{"type", "stop"}, {"game", game}})["type"] == "update");
    }
    const Json play = c.request(
        {{"type", "play"}, {"game", game}, {"pile", 1}, {"pins", Json::array({1, 2})}});
    REQUIRE(play["type"] == "update");
    const Json resigned = c.request({{"type", "resign"}, {"game", game}});
    REQUIRE(resigned["type"] == "update");
    CHECK(resigned["sheet"]["complete"] == false);
    CHECK(resigned["sheet"]["score"] == 2);
    const Json after = c.request({{"type", "snapshot"}, {"game", game}});
    CHECK(after["state"]["resigned"] == true);
    CHECK(after["sheet"]["complete"] == false);
}

TEST_CASE("review 5: name limits count characters, not bytes") {
    ServerProcess server(kFlags);
    WsClient c(server.port());
    c.hello();
    std::string e20, e25;
    for (int i = 0; i < 20; ++i) e20 += "\xC3\xA9";  // e-acute, 2 bytes
    for (int i = 0; i < 25; ++i) e25 += "\xC3\xA9";
    const Json lane = c.request(
        {{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", Json::array({e20, "B"})}});
    REQUIRE(lane["type"] == "lane");
    CHECK(lane["sides"][0]["name"] == e20);
    CHECK(c.request({{"type", "lane_open"}, {"ruleset", "tenpin"}, {"sides", Json::array({e25})}})
              ["code"] == "bad_name");
    // Member names too (lane_join with a name).
    WsClient d(server.port());
    d.hello();
    const Json joined = d.request({{"type", "lane_join"}, {"lane", lane["lane"]}, {"side", 1},
                                   {"name", e20}});
    CHECK(joined["type"] == "lane_update");
    WsClient e(server.port());
    e.hello();
    CHECK(e.request({{"type", "lane_join"}, {"lane", lane["lane"]}, {"side", 1}, {"name", e25}})
              ["code"] == "bad_name");
    // League names: 3-40 characters.
    WsClient s(server.port());
    s.hello();
    REQUIRE(s.request({{"type", "register"}, {"name", "Secretary"}})["type"] == "registered");
    std::string l40, l41;
    for (int i = 0; i < 40; ++i) l40 += "\xC3\xA9";
    l41 = l40 + "x";
    const Json league = {{"type", "league_create"}, {"rounds", 2}, {"games_per_round", 1},
                         {"round_days", 1}, {"start_date", "2026-11-29"}};
    Json ok = league, too_long = league;
    ok["name"] = l40;
    too_long["name"] = l41;
    CHECK(s.request(ok)["type"] == "league");
    CHECK(s.request(too_long)["code"] == "bad_name");
}

TEST_CASE("review 6: end_round of a round the league does not have is bad_round", "[storage]") {
    ServerProcess server(kFlags);
    WsClient s(server.port()), a(server.port()), b(server.port());
    s.hello();
    a.hello();
    b.hello();
    REQUIRE(s.request({{"type", "register"}, {"name", "Secretary"}})["type"] == "registered");
    REQUIRE(a.request({{"type", "register"}, {"name", "Alice"}})["type"] == "registered");
    REQUIRE(b.request({{"type", "register"}, {"name", "Bruno"}})["type"] == "registered");
    const Json created = s.request({{"type", "league_create"}, {"name", "Tuesday Night"},
                                    {"rounds", 2}, {"games_per_round", 1}, {"round_days", 1},
                                    {"start_date", "2026-11-29"}});
    REQUIRE(created["type"] == "league");
    const long long league = created["league"];
    for (WsClient* m : {&a, &b}) {
        REQUIRE(m->request({{"type", "league_join"}, {"code", created["invite_code"]}})["type"] ==
                "league");
    }
    REQUIRE(s.request({{"type", "league_secretary"}, {"league", league},
                       {"action", "start_season"}})["type"] == "league");
    const auto end_round = [&](int round) {
        return s.request({{"type", "league_secretary"}, {"league", league},
                          {"action", "end_round"}, {"round", round}});
    };
    CHECK(end_round(3)["code"] == "bad_round");
    CHECK(end_round(99)["code"] == "bad_round");
    CHECK(end_round(2)["code"] == "round_not_open");  // exists, not open yet
    CHECK(end_round(1)["type"] == "league");          // and the league is unchanged by the refusals
}

TEST_CASE("review 7: a practice game id is never reused after a crash", "[storage]") {
    const ScratchDir scratch("ids");
    const std::string& dir = scratch.path();
    std::set<long long> seen;
    for (int round = 0; round < 3; ++round) {
        ServerProcess server(kFlags, dir);
        WsClient c(server.port());
        c.hello();
        const Json snap = practice(c);
        REQUIRE(snap["type"] == "game");
        const long long id = snap["game"];
        CHECK(seen.insert(id).second);
        // Killed at once: the game's row (a lazy write) is most likely not committed.
        REQUIRE(server.signal_and_wait(SIGKILL, 10s) == 128 + SIGKILL);
    }
}

TEST_CASE("review 8: --max-games holds under concurrent starts") {
    // The race needs starts in flight on several server threads at once: many clients, all
    // requests sent before any reply is read, several rounds.
    constexpr int kMax = 4;
    constexpr int kClients = 48;
    for (int attempt = 0; attempt < 10; ++attempt) {
        ServerProcess server({"--msg-rate", "0", "--threads", "4", "--max-games",
                              std::to_string(kMax)});
        std::vector<std::unique_ptr<WsClient>> clients;
        for (int i = 0; i < kClients; ++i) {
            clients.push_back(std::make_unique<WsClient>(server.port()));
            clients.back()->hello();
        }
        // Every client sends from its own thread at the same moment, then reads its reply.
        std::vector<Json> replies(kClients);
        std::atomic<int> ready{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < kClients; ++i) {
            threads.emplace_back([&, i] {
                ready.fetch_add(1);
                while (ready.load() < kClients) std::this_thread::yield();
                const auto id = clients[i]->send_request({{"type", "practice_start"}});
                replies[i] = clients[i]->await_reply(id);
            });
        }
        for (auto& t : threads) t.join();
        int started = 0, busy = 0;
        for (const Json& r : replies) {
            if (r["type"] == "game") ++started;
            if (r.value("code", "") == "server_busy") ++busy;
        }
        CHECK(started == kMax);
        CHECK(busy == kClients - kMax);
    }
}
