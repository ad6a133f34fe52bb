// Black-box: the daily loop in the `daily` reply (docs/protocol.md "The daily loop") with
// three players over several days, each day a restart of the server with its clock set
// (--clock-start): today's rank, percentile and score distribution once finished, streak and
// best streak, attempts played, and the next day the recap of the revealed day (final rank,
// par, seed, record and a verify link that verifies).
#include <catch2/catch.hpp>

#include <cmath>
#include <csignal>
#include <thread>

#include "checked_game.hpp"
#include "engine/par.hpp"
#include "engine/record.hpp"
#include "http_get.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;
using namespace std::chrono_literals;

namespace {

engine::Seed seed_of(const std::string& day) { return engine::daily_seed("test-secret", day); }

struct Expected {
    long long rank = 0;
    double percentile = 0;
};

// Rank (1 + scores above) and percentile (100 x scores at or below / all) of `score`.
Expected standing(int score, const std::vector<int>& all) {
    Expected e{1, 0};
    int at_or_below = 0;
    for (const int s : all) {
        e.rank += s > score;
        at_or_below += s <= score;
    }
    e.percentile = std::round(1000.0 * at_or_below / static_cast<double>(all.size())) / 10;
    return e;
}

Json login(WsClient& c, const std::string& token) {
    c.hello();
    const Json r = c.request({{"type", "login"}, {"token", token}});
    REQUIRE(r["type"] == "logged_in");
    return r;
}

}  // namespace

TEST_CASE("daily loop: standings, distribution, streaks and the recap over several days",
          "[storage]") {
    const std::vector<std::string> names = {"Ann", "Bob", "Cyd"};
    std::vector<std::string> tokens;
    std::vector<int> scores;
    std::vector<long long> games;
    ServerProcess first({"--clock-start", "2026-11-28T12:00:00Z", "--msg-rate", "0"});
    const std::string dir = first.dir();
    {
        std::vector<std::unique_ptr<WsClient>> clients;
        for (std::size_t i = 0; i < names.size(); ++i) {
            clients.push_back(std::make_unique<WsClient>(first.port()));
            tokens.push_back(registered(*clients.back(), names[i])["token"]);
            CheckedGame g(*clients.back(), seed_of("2026-11-28"), engine::Ruleset::kSackson,
                          static_cast<unsigned>(i * 3));
            g.start_with({{"type", "daily_start"}}, "daily");
            while (!g.over()) {
                g.send_next();
                g.await();
            }
            scores.push_back(g.finish());
            games.push_back(g.id());
        }
        for (std::size_t i = 0; i < names.size(); ++i) {
            INFO(names[i] << " scored " << scores[i]);
            const Json d = clients[i]->request({{"type", "daily"}});
            REQUIRE(d["status"] == "finished");
            CHECK(d["streak"] == Json::parse(R"({"current":1,"best":1})"));
            CHECK(d["played"] == 1);
            CHECK(d["recap"].is_null());  // nothing of theirs on the revealed day (the 27th)
            const Expected e = standing(scores[i], scores);
            CHECK(d["today"]["rank"] == e.rank);
            CHECK(d["today"]["total"] == 3);
            CHECK(d["today"]["percentile"].get<double>() == Approx(e.percentile));
            const Json& dist = d["today"]["distribution"];
            CHECK(dist["width"] == 10);
            REQUIRE(dist["counts"].size() == 30);
            std::vector<int> counts(30, 0);
            for (const int s : scores) ++counts[std::min(s / 10, 29)];
            CHECK(dist["counts"] == Json(counts));
        }
        // Not finished yet: no standing today, but the streak and the count are there.
        WsClient late(first.port());
        registered(late, "Late");
        const Json none = late.request({{"type", "daily"}});
        CHECK(none["status"] == "none");
        CHECK(none["today"].is_null());
        CHECK(none["streak"] == Json::parse(R"({"current":0,"best":0})"));
        CHECK(none["played"] == 0);
        // Anonymous and HTTP answers carry none of it.
        WsClient guest(first.port());
        guest.hello();
        CHECK_FALSE(guest.request({{"type", "daily"}}).contains("streak"));
        CHECK_FALSE(Json::parse(http_get(first.port(), "/api/daily").body).contains("recap"));
    }
    REQUIRE(first.signal_and_wait(SIGTERM, 10s) == 0);

    const int par28 = engine::solve_par(engine::Ruleset::kSackson, seed_of("2026-11-28")).par;
    {
        // The 29th, after the 28th's reveal: everyone gets the recap of the 28th.
        ServerProcess second({"--clock-start", "2026-11-29T02:00:00Z", "--msg-rate", "0"}, dir);
        for (std::size_t i = 0; i < names.size(); ++i) {
            INFO(names[i] << " scored " << scores[i]);
            WsClient c(second.port());
            login(c, tokens[i]);
            Json d;
            for (int tries = 0; tries < 200; ++tries) {  // par is solved at the reveal
                d = c.request({{"type", "daily"}});
                if (!d["recap"].is_null() && !d["recap"]["par"].is_null()) break;
                std::this_thread::sleep_for(100ms);
            }
            CHECK(d["status"] == "none");
            CHECK(d["today"].is_null());
            CHECK(d["streak"] == Json::parse(R"({"current":1,"best":1})"));  // yesterday's
            const Json& r = d["recap"];
            REQUIRE(r.is_object());
            CHECK(r["date"] == "2026-11-28");
            CHECK(r["game"] == games[i]);
            CHECK(r["score"] == scores[i]);
            const Expected e = standing(scores[i], scores);
            CHECK(r["rank"] == e.rank);
            CHECK(r["total"] == 3);
            CHECK(r["percentile"].get<double>() == Approx(e.percentile));
            CHECK(r["par"] == par28);
            CHECK(r["par_pct"].get<double>() ==
                  Approx(std::round(1000.0 * scores[i] / par28) / 10));
            CHECK(r["seed"] == engine::seed_hex(seed_of("2026-11-28")));
            const auto record = engine::parse_record(r["record"].get<std::string>());
            REQUIRE(record);
            CHECK(engine::replay(*record).game.score() == scores[i]);
            CHECK(r["verify"] == "/api/games/" + std::to_string(games[i]) + "/verify");
            const Json verified = Json::parse(http_get(second.port(), r["verify"]).body);
            CHECK(verified["ok"] == true);
            if (i == 0) {
                // Ann plays the 29th as well (resigning at once): a streak of two days.
                const Json snap = c.request({{"type", "daily_start"}});
                REQUIRE(c.request({{"type", "resign"}, {"game", snap["game"]}})["type"] ==
                        "update");
                d = c.request({{"type", "daily"}});
                CHECK(d["streak"] == Json::parse(R"({"current":2,"best":2})"));
                CHECK(d["played"] == 2);
                CHECK(d["today"]["rank"] == 1);
                CHECK(d["today"]["total"] == 1);
                CHECK(d["today"]["percentile"].get<double>() == Approx(100.0));
                CHECK(d["today"]["distribution"]["counts"][0] == 1);
                CHECK(d["recap"]["date"] == "2026-11-28");  // still the last revealed day
            }
        }
        REQUIRE(second.signal_and_wait(SIGTERM, 10s) == 0);
    }
    // December 2nd: the run is broken, the best stays; the revealed day (1st) has no attempt.
    ServerProcess third({"--clock-start", "2026-12-02T12:00:00Z", "--msg-rate", "0"}, dir);
    WsClient ann(third.port());
    login(ann, tokens[0]);
    const Json d = ann.request({{"type", "daily"}});
    CHECK(d["revealed"]["date"] == "2026-12-01");
    CHECK(d["streak"] == Json::parse(R"({"current":0,"best":2})"));
    CHECK(d["played"] == 2);
    CHECK(d["today"].is_null());
    CHECK(d["recap"].is_null());
}
