// `pinfall arena` against the real server with arenas from its schedule (--arena-schedule,
// --clock-start just after a slot's start, or just before its end): the list; an arena joined
// and played in game after game through a pipe, each game's points (score, par and % of par,
// recomputed here from the seed the server derives: engine::arena_seed with the test secret)
// and the standings after it; the end with the podium and each game's revealed seed, verified;
// the refusals. And the pure parts: countdowns, times, a game's points in words.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include "client/render_arenas.hpp"
#include "engine/arena.hpp"
#include "engine/game.hpp"
#include "engine/par.hpp"
#include "engine/view.hpp"
#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

const std::string kSchedule = "every 10m sackson 10m";

long long registered_id(const std::string& url, const std::string& name, const std::string& home) {
    const RunResult r = run_pinfall({"--server", url, "register", name}, "", home);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex(R"(player id (\d+))")));
    return std::stoll(m[1]);
}

// `pinfall arena` until the schedule's arenas are made (just after the server starts).
RunResult listed(const std::string& url, const std::string& home, const std::string& want) {
    RunResult r;
    for (int i = 0; i < 50; ++i) {
        r = run_pinfall({"--server", url, "arena"}, "", home);
        if (r.status == 0 && has(r.out, want)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return r;
}

// What the first-legal-play policy (typing "1" at every prompt) does on a seed: the number of
// plays it types and the final score.
struct Expected {
    int plays = 0;
    int score = 0;
};

Expected first_play_game(const engine::Seed& seed) {
    engine::Game g(engine::Ruleset::kSackson, seed);
    Expected e;
    while (!g.over()) {
        const auto p = engine::list_plays(g.legal()).front();
        std::vector<int> pins;
        for (int pin = 1; pin <= 10; ++pin) {
            if (p.pins & engine::pin_bit(pin)) pins.push_back(pin);
        }
        REQUIRE_FALSE(g.apply(engine::Action::play(p.pile, pins)).has_value());
        ++e.plays;
    }
    e.score = g.score();
    return e;
}

std::string pct_text(int score, int par) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", engine::pct_of_par(score, par));
    return buf;
}

std::string points_text(int n) { return std::to_string(n) + (n == 1 ? " point" : " points"); }

}  // namespace

TEST_CASE("arena: the list, then joined and played game after game, each game's points and the standings") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:05Z", "--arena-schedule", kSchedule});
    const std::string url = server_url(server.port());
    TempHome ann;
    TempHome bea;
    const long long ann_id = registered_id(url, "Ann Arena", ann.path());
    const long long bea_id = registered_id(url, "Bea Other", bea.path());

    const RunResult list = listed(url, ann.path(), "#2");
    INFO(list.out << list.err);
    REQUIRE(list.status == 0);
    CHECK(has(list.out, "Live now:\n   #1  Arena sackson 12:00 UTC       0 players  ends 12:10 UTC (in 9:"));
    CHECK(has(list.out, "\n         sackson, 10 minutes, no clock, open\n"));
    CHECK(has(list.out, "Coming up:\n   #2  Arena sackson 12:10 UTC       0 players  starts 12:10 UTC (in 9:"));
    CHECK(has(list.out, "Recently finished:\n  none\n"));
    CHECK(has(list.out, "`pinfall arena ID` joins one and plays in it.\n"));

    // Bea joins and resigns her first game at once (0 pins), then stops.
    const RunResult b = run_pinfall({"--server", url, "arena", "1"}, "r\ny\nn\n", bea.path());
    INFO(b.out << b.err);
    REQUIRE(b.status == 0);
    CHECK(has(b.out, "Arena 1: Arena sackson 12:00 UTC (live, 1 player)\n"));
    CHECK(has(b.out, "  You are in.\n"));
    const int bea_par = engine::solve_par(engine::Ruleset::kSackson, engine::arena_seed("test-secret", 1, bea_id, 1)).par;
    CHECK(has(b.out, "Game 1: 0 against par " + std::to_string(bea_par) + " (0.0% of par): 0 points\n"));
    CHECK(has(b.out, "You are 1 of 1 with 0 points.\n"));
    CHECK(has(b.out, "Next game? [Y/n] n\nYou stay in the arena: `pinfall arena 1` plays on.\n"));

    // Ann: game 1 with the first legal play every time, Enter for the next, game 2 resigned.
    const engine::Seed seed1 = engine::arena_seed("test-secret", 1, ann_id, 1);
    const engine::Seed seed2 = engine::arena_seed("test-secret", 1, ann_id, 2);
    const Expected e1 = first_play_game(seed1);
    const int par1 = engine::solve_par(engine::Ruleset::kSackson, seed1).par;
    const int par2 = engine::solve_par(engine::Ruleset::kSackson, seed2).par;
    const auto points = engine::arena_points({{e1.score, par1, false, 1}, {0, par2, false, 2}});
    std::string script;
    for (int i = 0; i < e1.plays; ++i) script += "1\n";
    script += "\nr\ny\nn\n";
    const RunResult a = run_pinfall({"--server", url, "arena", "1"}, script, ann.path());
    INFO(a.out.substr(a.out.size() > 4000 ? a.out.size() - 4000 : 0) << a.err);
    REQUIRE(a.status == 0);
    CHECK(has(a.out, "Logged in as Ann Arena.\n"));
    CHECK(has(a.out, "Arena 1: Arena sackson 12:00 UTC (live, 2 players)\n"));
    CHECK(has(a.out, "Arena game 1, commitment " + engine::commitment_hex(seed1) + "; it ends as it stands in "));
    CHECK(has(a.out, "Game "));
    CHECK(has(a.out, "(arena, sackson): frame 1, ball 1\n"));
    CHECK(has(a.out, "Final score: " + std::to_string(e1.score) + " ("));
    CHECK(has(a.out, "The seed and record of an arena game are public when the arena ends;\n"));
    CHECK(has(a.out, "Game 1: " + std::to_string(e1.score) + " against par " + std::to_string(par1) + " (" +
                         pct_text(e1.score, par1) + "% of par): " + points_text(points[0].points) + "\n"));
    CHECK(has(a.out, "Next game? [Y/n] \n\nArena game 2, commitment " + engine::commitment_hex(seed2)));
    CHECK(has(a.out, "Game 2: 0 against par " + std::to_string(par2) + " (0.0% of par): 0 points\n"));
    // Ann's average (x% and 0%) is above Bea's 0%: she leads on equal points or more.
    const int ann_points = points[0].points + points[1].points;
    const std::string avg = pct_text(e1.score, par1 * 2);  // (x + 0) / 2
    CHECK(has(a.out, "You are 1 of 2 with " + points_text(ann_points) + ".\n"));
    char ann_line[128];
    std::snprintf(ann_line, sizeof ann_line, "   1 * %-24s%7d%7d%10s\n", "Ann Arena", ann_points, 2, avg.c_str());
    CHECK(has(a.out, "Standings (2 players):\nRank   Name                     Points  Games  % of par\n" +
                         std::string(ann_line) + "   2   Bea Other                     0      1       0.0\n"));
    CHECK(has(a.out, "You stay in the arena: `pinfall arena 1` plays on.\n"));

    // A game left open (q) is taken up first the next time.
    const RunResult left = run_pinfall({"--server", url, "arena", "1"}, "1\nq\n", ann.path());
    INFO(left.out << left.err);
    CHECK(left.status == 0);
    CHECK(has(left.out, "Arena game 3, commitment "));
    CHECK(has(left.out, "stays open: `pinfall arena 1` plays on.\n"));
    const RunResult again = run_pinfall({"--server", url, "arena", "1"}, "r\ny\nn\n", ann.path());
    INFO(again.out << again.err);
    CHECK(again.status == 0);
    CHECK(has(again.out, "Your game 3 is not finished: on with it.\n"));
    CHECK(has(again.out, "Game 3: "));
    CHECK_FALSE(has(again.out, "Arena game 4"));
}

TEST_CASE("arena: after the end, the podium and every game's seed, verified") {
    // 15 seconds of arena left.
    ServerProcess server({"--clock-start", "2026-11-29T12:09:45Z", "--arena-schedule", kSchedule});
    const auto started = std::chrono::steady_clock::now();
    const std::string url = server_url(server.port());
    TempHome ann;
    const long long ann_id = registered_id(url, "Ann Arena", ann.path());
    REQUIRE(listed(url, ann.path(), "#1").status == 0);
    const RunResult played = run_pinfall({"--server", url, "arena", "1"}, "1\nr\ny\nn\n", ann.path());
    INFO(played.out << played.err);
    REQUIRE(played.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(played.out, m, std::regex(R"(Game (\d+) \(arena, sackson\))")));
    const std::string game = m[1];
    REQUIRE(std::regex_search(played.out, m, std::regex(R"(Final score: (\d+) )")));
    const std::string score = m[1];

    std::this_thread::sleep_until(started + std::chrono::seconds(17));
    const RunResult end = run_pinfall({"--server", url, "arena", "1"}, "", ann.path());
    INFO(end.out << end.err);
    CHECK(end.status == 0);
    CHECK(has(end.out, "Arena 1: Arena sackson 12:00 UTC (finished, 1 player)\n"));
    CHECK(has(end.out, "The arena has ended.\nPodium:\n  1st  Ann Arena" + std::string(16, ' ') + "0 points\n"));
    const std::string seed = engine::seed_hex(engine::arena_seed("test-secret", 1, ann_id, 1));
    CHECK(has(end.out, "Your games, revealed:\n  game 1 (game " + game + "): seed " + seed + "\n    `pinfall verify " +
                           game + "` replays it\n"));
    CHECK(has(end.out, "Final standings (1 player):\n"));
    // A new game is refused once it has ended: the end is shown instead.
    CHECK_FALSE(has(end.out, "Arena game 2"));

    TempHome other;
    const RunResult v = run_pinfall({"--server", url, "verify", game}, "", other.path());
    INFO(v.out << v.err);
    CHECK(v.status == 0);
    CHECK(has(v.out, "verified, the record replays to the stored score"));
    CHECK(has(v.out, "replayed score " + score + ", stored score " + score + "\n"));
    CHECK(has(v.out, "  arena game by Ann Arena, sackson rules\n  seed   " + seed + "\n"));
}

TEST_CASE("arena: refusals in words, bad command lines exit 2") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:05Z", "--arena-schedule", kSchedule});
    const std::string url = server_url(server.port());
    TempHome guest;
    REQUIRE(listed(url, guest.path(), "#1").status == 0);
    // A guest with no ranked identity (no daily played) may not enter.
    const RunResult anonymous = run_pinfall({"--server", url, "arena", "1"}, "", guest.path());
    CHECK(anonymous.status == 1);
    CHECK(has(anonymous.err, "pinfall arena: the server refused: log in, or play a daily as a guest, to enter arenas (login_required)"));
    TempHome home;
    registered_id(url, "Cal Clockless", home.path());
    const RunResult unknown = run_pinfall({"--server", url, "arena", "99"}, "", home.path());
    CHECK(unknown.status == 1);
    CHECK(has(unknown.err, "(unknown_arena)"));
    const RunResult berserk = run_pinfall({"--server", url, "arena", "1", "--berserk"}, "", home.path());
    CHECK(berserk.status == 1);
    CHECK(has(berserk.err, "this arena has no clock, so no berserk"));
    // Arena 2 has not started: joined, and told when to come back.
    const RunResult early = run_pinfall({"--server", url, "arena", "2"}, "", home.path());
    INFO(early.out << early.err);
    CHECK(early.status == 0);
    CHECK(has(early.out, "Arena 2: Arena sackson 12:10 UTC (upcoming, 1 player)\n"));
    CHECK(has(early.out, "  12:10 UTC to 12:20 UTC; starts 12:10 UTC (in 9:"));
    CHECK(has(early.out, "  You are in.\n"));
    CHECK(std::regex_search(early.out, std::regex(R"(It starts in 9:\d\d: run `pinfall arena 2` again then\.\n)")));
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"arena", "x"}, {"arena", "0"}, {"arena", "--berserk"}, {"arena", "1", "2"}}) {
        std::vector<std::string> full = {"--server", url};
        full.insert(full.end(), args.begin(), args.end());
        const RunResult bad = run_pinfall(full, "", home.path());
        INFO(bad.err);
        CHECK(bad.status == 2);
    }
}

TEST_CASE("arena words: countdowns, times, a game's points") {
    using namespace pinfall::cli;
    CHECK(countdown_text(0) == "0:00");
    CHECK(countdown_text(-5000) == "0:00");
    CHECK(countdown_text(1) == "0:01");
    CHECK(countdown_text(61'000) == "1:01");
    CHECK(countdown_text(3'661'000) == "1:01:01");
    CHECK(countdown_text(2 * 86'400'000 + 3'723'000) == "2 days 1:02:03");
    CHECK(parse_utc_ms("2026-11-29T12:00:00.000Z") == 1'795'953'600'000);
    CHECK(parse_utc_ms("2026-11-29T12:00:00Z") == 1'795'953'600'000);
    CHECK(parse_utc_ms("2026-11-29T12:00:00.5Z") == 1'795'953'600'500);
    CHECK_FALSE(parse_utc_ms("2026-11-29 12:00:00Z"));
    CHECK_FALSE(parse_utc_ms("2026-11-29T12:00:00+01:00"));
    CHECK(render_arena_points(Json::parse(R"({"n":3,"game":9,"status":"finished","berserk":true,"score":201,
        "par":230,"points":9,"doubled":true,"berserk_bonus":true})")) ==
          "Game 3: 201 against par 230 (87.4% of par): 9 points (doubled: on fire) (+1 berserk)\n");
    CHECK(render_arena_points(Json::parse(R"({"n":1,"score":0,"par":0,"points":6})")) ==
          "Game 1: 0 against par 0 (100.0% of par): 6 points\n");
    // The asker's line pinned below the top when not among it.
    const Json d = Json::parse(R"({"arena":{"status":"live"},"total":12,
        "standings":[{"rank":1,"player":{"id":4,"name":"Top"},"points":14,"games":3,"pct":96.25,"streak":true}],
        "me":{"rank":12,"player":{"id":9,"name":"Me"},"points":0,"games":0,"pct":0}})");
    CHECK(render_arena_standings(d) ==
          "Standings (12 players):\nRank   Name                     Points  Games  % of par\n"
          "   1   Top                          14      3      96.2\n"
          "  ... 11 more\n"
          "  12 * Me                            0      0         -\n");
}
