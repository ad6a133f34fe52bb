// Black-box: the coach over the protocol (docs/protocol.md "Hints and reviews"). Hints in
// practice games equal the engine's Coach on the same view; ranked games, unknown, other
// players' and finished games are refused with their codes and the session stays usable; the
// per-player limit and the bounded queue answer their codes; reviews equal engine::review_game
// and are refused before a ranked game's reveal.
#include <catch2/catch.hpp>

#include <csignal>
#include <set>
#include <thread>

#include "checked_game.hpp"
#include "http_get.hpp"
#include "engine/coach.hpp"
#include "engine/par.hpp"
#include "engine/record.hpp"
#include "engine/review.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::string kSecret = "test-secret";  // ServerProcess writes it

engine::Seed seed_of(int n) {
    engine::Seed s{};
    s[0] = static_cast<std::uint8_t>(n);
    s[31] = static_cast<std::uint8_t>(n * 7 + 1);
    return s;
}

Json hint(WsClient& c, long long game) { return c.request({{"type", "hint"}, {"game", game}}); }

// The hint reply equals the engine's coach at the mirror's view (expected to one decimal).
void check_hint(const Json& h, long long game, const engine::Game& mirror) {
    REQUIRE(h["type"] == "hint");
    CHECK(h["game"] == game);
    engine::Coach coach;
    const auto want = coach.hints(engine::coach_view_of(mirror));
    REQUIRE(h["plays"].size() == want.size());
    REQUIRE_FALSE(want.empty());
    for (std::size_t i = 0; i < want.size(); ++i) {
        INFO("play " << i);
        CHECK(h["plays"][i]["action"] == engine::action_text(want[i].action));
        CHECK(h["plays"][i]["expected"].get<double>() ==
              Approx(std::round(want[i].expected * 10) / 10).margin(1e-9));
    }
    // Best first.
    for (std::size_t i = 1; i < want.size(); ++i) {
        CHECK(h["plays"][i - 1]["expected"].get<double>() >= h["plays"][i]["expected"].get<double>());
    }
}

// Sends a record-notation action to the server and applies it to the mirror.
void act(WsClient& c, long long game, engine::Game& mirror, const std::string& token) {
    const auto a = engine::parse_action(token);
    REQUIRE(a);
    Json m = {{"game", game}};
    if (a->kind == engine::Action::Kind::kStop) {
        m["type"] = "stop";
    } else {
        m["type"] = "play";
        m["pile"] = a->pile + 1;
        m["pins"] = std::vector<int>(a->pins.begin(), a->pins.begin() + a->pin_count);
    }
    REQUIRE(c.request(m)["type"] == "update");
    REQUIRE_FALSE(mirror.apply(*a));
}

Json login_new(WsClient& c, const std::string& name) {
    c.hello();
    const Json r = c.request({{"type", "register"}, {"name", name}});
    REQUIRE(r["type"] == "registered");
    return r;
}

// The review reply equals engine::review_game on the same record.
void check_review(const Json& r, long long game, const engine::Record& record) {
    REQUIRE(r["type"] == "review");
    engine::Coach coach;
    const auto want = engine::review_game(record, coach);
    REQUIRE(want);
    const auto tenths = [](double v) { return std::round(v * 10) / 10; };
    CHECK(r["game"] == game);
    CHECK(r["score"] == want->score);
    CHECK(r["par"] == want->par.par);
    CHECK(r["par_line"] ==
          engine::record_text(engine::par_record(record.ruleset, record.seed, want->par)));
    CHECK(r["summary"]["cost"].get<double>() == Approx(tenths(want->cost)).margin(1e-9));
    CHECK(r["summary"]["luck"].get<double>() == Approx(tenths(want->luck)).margin(1e-9));
    CHECK(r["summary"]["start"].get<double>() == Approx(tenths(want->start)).margin(1e-9));
    CHECK(r["summary"]["engine"] == want->engine);
    CHECK(r["summary"]["par"] == want->par.par);
    CHECK(r["summary"]["score"] == want->score);
    REQUIRE(r["moves"].size() == record.actions.size());
    REQUIRE(want->decisions.size() == record.actions.size());
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        INFO("decision " << i);
        const auto& m = r["moves"][i];
        const auto& d = want->decisions[i];
        CHECK(m["index"] == i);
        CHECK(m["played"] == engine::action_text(record.actions[i]));
        CHECK(m["best"] == engine::action_text(d.best));
        CHECK(m["frame"] == d.frame);
        CHECK(m["ball"] == d.ball);
        CHECK(m["expected"].get<double>() == Approx(tenths(d.expected_played)).margin(1e-9));
        CHECK(m["expected_best"].get<double>() == Approx(tenths(d.expected_best)).margin(1e-9));
        CHECK(m["loss"].get<double>() == Approx(tenths(d.loss())).margin(1e-9));
        CHECK(m["mark"] == std::string(engine::mistake_mark(tenths(d.loss()))));
    }
}

// Polls `record` until its par is set (computed on the pool after the end), up to 10 s.
Json record_with_par(WsClient& c, long long game) {
    Json r;
    for (int i = 0; i < 100; ++i) {
        r = c.request({{"type", "record"}, {"game", game}});
        if (r.contains("par") && !r["par"].is_null()) break;
        std::this_thread::sleep_for(100ms);
    }
    return r;
}

double tenths(double v) { return std::round(v * 10) / 10; }

}  // namespace

TEST_CASE("par: stored with a finished practice game, equal to solve_par, on record and profile",
          "[storage]") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    const long long player = login_new(c, "Par Pat")["player"]["id"];
    std::vector<double> pcts;
    for (unsigned policy : {0u, 1u}) {
        const auto ruleset = policy ? engine::Ruleset::kStrict : engine::Ruleset::kSackson;
        const engine::Seed seed = seed_of(30 + static_cast<int>(policy));
        CheckedGame g(c, seed, ruleset, policy);
        const int score = g.play();
        const int par = engine::solve_par(ruleset, seed).par;
        const Json r = record_with_par(c, g.id());
        CHECK(r["par"] == par);
        CHECK(r["score"] == score);
        pcts.push_back(100.0 * score / par);
    }
    // The profile reads par as stored (written by the pool's job, committed within ~20 ms).
    const double want = tenths((pcts[0] + pcts[1]) / 2);
    Json profile;
    for (int i = 0; i < 100; ++i) {
        profile = c.request({{"type", "profile"}});
        REQUIRE(profile["type"] == "profile");
        if (profile["par_pct"].is_number() && std::abs(profile["par_pct"].get<double>() - want) < 1e-9) break;
        std::this_thread::sleep_for(50ms);
    }
    REQUIRE(profile["par_pct"].is_number());
    CHECK(profile["par_pct"].get<double>() == Approx(want).margin(1e-9));
    CHECK(profile["recent"][0]["par"] ==
          engine::solve_par(engine::Ruleset::kStrict, seed_of(31)).par);
    // The same over HTTP.
    const Json http = Json::parse(http_get(server.port(), "/api/players/" + std::to_string(player)).body);
    CHECK(http["par_pct"] == profile["par_pct"]);
}

TEST_CASE("hint: a practice game's hints are the engine coach's ranking, best first") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    c.hello();
    for (const auto ruleset : {engine::Ruleset::kSackson, engine::Ruleset::kStrict}) {
        const engine::Seed seed = seed_of(ruleset == engine::Ruleset::kSackson ? 3 : 4);
        const Json snap = c.request({{"type", "practice_start"},
                                     {"ruleset", std::string(engine::ruleset_name(ruleset))},
                                     {"seed", engine::seed_hex(seed)}});
        REQUIRE(snap["type"] == "game");
        const long long id = snap["game"];
        engine::Game mirror(ruleset, seed);
        // Hints along a game that follows the second-best hint (so stops and plays both occur),
        // over the first frames.
        for (int step = 0; step < 12 && !mirror.over(); ++step) {
            const Json h = hint(c, id);
            check_hint(h, id, mirror);
            const auto& plays = h["plays"];
            act(c, id, mirror, plays[plays.size() > 1 && step % 3 == 1 ? 1 : 0]["action"]);
        }
    }
}

TEST_CASE("hint: refused in ranked games, unknown, others' and finished games", "[storage]") {
    ServerProcess server({"--msg-rate", "0", "--clock-start", "2026-11-29T12:00:00Z"});
    WsClient a(server.port());
    login_new(a, "Ranked Ann");
    const Json daily = a.request({{"type", "daily_start"}});
    REQUIRE(daily["mode"] == "daily");
    const long long ranked = daily["game"];
    const Json refused = hint(a, ranked);
    CHECK(refused["type"] == "error");
    CHECK(refused["code"] == "ranked_game");
    // Nothing in a ranked game's messages carries expected scores.
    CHECK(daily.dump().find("expected") == std::string::npos);
    CHECK(a.request({{"type", "ping"}})["type"] == "pong");

    CHECK(hint(a, 987654321)["code"] == "unknown_game");
    WsClient b(server.port());
    b.hello();
    const Json other = b.request({{"type", "practice_start"}});
    const long long others = other["game"];
    CHECK(hint(a, others)["code"] == "not_your_game");
    REQUIRE(b.request({{"type", "resign"}, {"game", others}})["type"] == "update");
    CHECK(hint(b, others)["code"] == "game_over");
    CHECK(b.request({{"type", "hint"}, {"id", 1}})["code"] == "bad_request");
    CHECK(b.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("hint: the per-player limit answers analysis_limited, others are still served") {
    ServerProcess server(
        {"--msg-rate", "0", "--analysis-rate", "3", "--analysis-window-ms", "600000"});
    WsClient a(server.port());
    a.hello();
    const long long id = a.request({{"type", "practice_start"}})["game"];
    for (int i = 0; i < 3; ++i) CHECK(hint(a, id)["type"] == "hint");
    const Json over = hint(a, id);
    CHECK(over["type"] == "error");
    CHECK(over["code"] == "analysis_limited");
    CHECK(a.request({{"type", "snapshot"}, {"game", id}})["type"] == "game");
    WsClient b(server.port());
    b.hello();
    const long long theirs = b.request({{"type", "practice_start"}})["game"];
    CHECK(hint(b, theirs)["type"] == "hint");
}

TEST_CASE("review: equals engine::review_game for finished practice games") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    c.hello();
    for (unsigned policy : {0u, 1u}) {
        const auto ruleset = policy ? engine::Ruleset::kStrict : engine::Ruleset::kSackson;
        CheckedGame g(c, seed_of(10 + static_cast<int>(policy)), ruleset, policy);
        g.play();
        const Json r = c.request({{"type", "review"}, {"game", g.id()}}, 60s);
        check_review(r, g.id(), engine::record_of(g.mirror()));
    }
    // An unfinished game is not reviewed; an unknown one neither.
    const long long open = c.request({{"type", "practice_start"}})["game"];
    CHECK(c.request({{"type", "review"}, {"game", open}})["code"] == "not_finished");
    CHECK(c.request({{"type", "review"}, {"game", 555555}})["code"] == "unknown_game");
}

TEST_CASE("review: a full analysis queue answers analysis_busy") {
    ServerProcess server({"--msg-rate", "0", "--analysis-rate", "0", "--analysis-threads", "1",
                          "--analysis-queue", "1"});
    WsClient c(server.port());
    c.hello();
    CheckedGame g(c, seed_of(20), engine::Ruleset::kSackson, 1);
    g.play();
    std::set<std::uint64_t> ids;
    for (int i = 0; i < 8; ++i) ids.insert(c.send_request({{"type", "review"}, {"game", g.id()}}));
    // Refusals come at once, reviews seconds later: take the replies in whatever order.
    int reviews = 0, busy = 0;
    while (!ids.empty()) {
        const Json r = c.recv_json(120s);
        if (!r.contains("re") || !r["re"].is_number() || !ids.count(r["re"])) continue;
        ids.erase(r["re"].get<std::uint64_t>());
        if (r["type"] == "review") ++reviews;
        if (r["type"] == "error" && r["code"] == "analysis_busy") ++busy;
    }
    // One runs, one waits; of the rest, sent within milliseconds of a job of seconds, most find
    // the queue full (generous: at least 3).
    CHECK(reviews >= 1);
    CHECK(busy >= 3);
    CHECK(reviews + busy == 8);
    CHECK(c.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("par and review of a daily game: hidden before the day's reveal, present after",
          "[storage]") {
    const ScratchDir scratch("coach-reveal");
    long long game_id = 0;
    std::string token;
    engine::Game mirror(engine::Ruleset::kSackson, engine::daily_seed(kSecret, "2026-11-29"));
    {
        ServerProcess before({"--msg-rate", "0", "--clock-start", "2026-11-29T20:00:00Z"},
                             scratch.path());
        WsClient a(before.port());
        token = login_new(a, "Reviewed Rae")["token"];
        CheckedGame g(a, engine::daily_seed(kSecret, "2026-11-29"), engine::Ruleset::kSackson, 1);
        g.start_with({{"type", "daily_start"}}, "daily");
        while (!g.over()) {
            g.send_next();
            g.await();
        }
        game_id = g.id();
        mirror = g.mirror();
        const Json early = a.request({{"type", "review"}, {"game", game_id}});
        CHECK(early["code"] == "not_revealed");
        // Par of the running day is nowhere: not on the stored game, not on the board.
        std::this_thread::sleep_for(1500ms);  // a par job, if there were one, would be done
        const Json stored = a.request({{"type", "record"}, {"game", game_id}});
        CHECK(stored["par"].is_null());
        CHECK(stored["record"].is_null());
        const Json board = a.request({{"type", "leaderboard"}, {"date", "2026-11-29"}});
        CHECK(board["par"].is_null());
        REQUIRE(board["entries"].size() == 1);
        CHECK(board["entries"][0]["par_pct"].is_null());
        const Json profile = a.request({{"type", "profile"}});
        CHECK(profile["par_pct"].is_null());
        CHECK(profile["recent"][0]["par"].is_null());
        // The day revealed before it (the keeper's first pass) has its par and line.
        const auto seed28 = engine::daily_seed(kSecret, "2026-11-28");
        const auto par28 = engine::solve_par(engine::Ruleset::kSackson, seed28);
        Json info;
        for (int i = 0; i < 50; ++i) {
            info = a.request({{"type", "daily"}});
            if (!info["revealed"]["par"].is_null()) break;
            std::this_thread::sleep_for(100ms);
        }
        CHECK(info["revealed"]["date"] == "2026-11-28");
        CHECK(info["revealed"]["par"] == par28.par);
        CHECK(info["revealed"]["par_line"] ==
              engine::record_text(engine::par_record(engine::Ruleset::kSackson, seed28, par28)));
        CHECK(before.signal_and_wait(SIGTERM, std::chrono::seconds(5)) == 0);
    }
    ServerProcess after({"--msg-rate", "0", "--clock-start", "2026-11-30T01:00:01Z"},
                        scratch.path());
    WsClient b(after.port());
    b.hello();
    const auto seed29 = engine::daily_seed(kSecret, "2026-11-29");
    const auto par29 = engine::solve_par(engine::Ruleset::kSackson, seed29);
    const Json stored = record_with_par(b, game_id);
    CHECK(stored["par"] == par29.par);
    Json info;
    for (int i = 0; i < 50; ++i) {
        info = b.request({{"type", "daily"}});
        if (!info["revealed"]["par"].is_null()) break;
        std::this_thread::sleep_for(100ms);
    }
    CHECK(info["revealed"]["date"] == "2026-11-29");
    CHECK(info["revealed"]["par"] == par29.par);
    CHECK(info["revealed"]["par_line"] ==
          engine::record_text(engine::par_record(engine::Ruleset::kSackson, seed29, par29)));
    const Json board = b.request({{"type", "leaderboard"}, {"date", "2026-11-29"}});
    CHECK(board["par"] == par29.par);
    REQUIRE(board["entries"].size() == 1);
    CHECK(board["entries"][0]["par_pct"].get<double>() ==
          Approx(tenths(100.0 * mirror.score() / par29.par)).margin(1e-9));
    check_review(b.request({{"type", "review"}, {"game", game_id}}, 60s), game_id,
                 engine::record_of(mirror));
}

TEST_CASE("analysis: a flood of reviews and hints leaves another game's actions fast",
          "[.][measure]") {
    // Hidden (run by name or [measure]): prints the round-trip times of one player's actions
    // while another floods the coach, and without the flood.
    ServerProcess server({"--msg-rate", "0", "--analysis-rate", "0"});
    const auto round_trips = [&](bool flood) {
        WsClient flooder(server.port());
        flooder.hello();
        // Reviews (a coach game each, about 0.3 s of a core) keep the pool busy for seconds;
        // hints on one position would be answered from the coach's reused search.
        const long long fid = flooder.request({{"type", "practice_start"}})["game"];
        REQUIRE(flooder.request({{"type", "resign"}, {"game", fid}})["type"] == "update");
        for (int i = 0; flood && i < 200; ++i) {
            flooder.send_request({{"type", "review"}, {"game", fid}});
            flooder.send_request({{"type", "hint"}, {"game", fid}});
        }
        std::this_thread::sleep_for(100ms);
        WsClient player(server.port());
        player.hello();
        std::vector<double> ms;
        for (int g = 0; g < 3; ++g) {
            const Json snap = player.request({{"type", "practice_start"}});
            const long long id = snap["game"];
            engine::Game mirror(engine::Ruleset::kSackson, engine::Seed{});
            for (int k = 0; k < 10; ++k) {
                const auto t0 = std::chrono::steady_clock::now();
                const Json r = player.request({{"type", "stop"}, {"game", id}});
                ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
                if (r.contains("reveal")) break;
            }
        }
        std::sort(ms.begin(), ms.end());
        return std::make_pair(ms[ms.size() / 2], ms.back());
    };
    const auto calm = round_trips(false);
    const auto flooded = round_trips(true);
    WARN("stop round trip median/max: calm " << calm.first << "/" << calm.second << " ms, flooded "
                                              << flooded.first << "/" << flooded.second << " ms");
    CHECK(flooded.second < 1000);
}
