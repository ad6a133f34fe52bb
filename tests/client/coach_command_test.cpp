// The coach in the terminal client, through the real binary against the real server: `c` at
// the play prompt prints the coach's top plays with their expected scores (the engine's Coach
// on the same position), a ranked game's `c` prints the refusal and play goes on; `pinfall
// review GAME` prints the summary sentence with par and every decision; `pinfall --help`
// lists `par` and `review`.
#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>

#include "engine/coach.hpp"
#include "engine/record.hpp"
#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall::test;
namespace engine = pinfall::engine;

TEST_CASE("pinfall --help lists par and review") {
    const RunResult help = run_pinfall({"--help"});
    REQUIRE(help.status == 0);
    CHECK(has(help.out, "  par SEED "));
    CHECK(has(help.out, "  review GAME_ID "));
    CHECK(has(help.out, "c at the prompt"));
}

TEST_CASE("c at the play prompt shows the coach's plays, review prints the coach's review") {
    ServerProcess server({"--msg-rate", "0"});
    TempHome home;
    const std::string url = server_url(server.port());
    const RunResult play = run_pinfall(
        {"--server", url, "play", "--seed", kZero}, "c\nr\ny\n", home.path());
    INFO(play.out << play.err);
    REQUIRE(play.status == 0);
    engine::Game fresh(engine::Ruleset::kSackson, engine::Seed{});
    engine::Coach coach;
    const auto hints = coach.hints(engine::coach_view_of(fresh));
    REQUIRE(hints.size() >= 2);
    CHECK(has(play.out, "Coach (expected final score):"));
    for (std::size_t i = 0; i < 2; ++i) {
        char line[96];
        const std::string action = engine::action_text(hints[i].action);
        std::snprintf(line, sizeof line, "  %zu) %-10s %6.1f\n", i + 1,
                      action == "s" ? "s (stop)" : action.c_str(),
                      std::round(hints[i].expected * 10) / 10);
        CHECK(has(play.out, line));
    }
    std::smatch m;
    REQUIRE(std::regex_search(play.out, m, std::regex(R"(Game (\d+) \()")));
    const std::string game = m[1];

    const RunResult review = run_pinfall({"--server", url, "review", game}, "", home.path());
    INFO(review.out << review.err);
    REQUIRE(review.status == 0);
    CHECK(std::regex_search(review.out,
                            std::regex(R"(Your decisions cost [0-9.]+ points in expectation; you )"
                                       R"(scored 0 \(luck: -?[0-9.]+\); engine level on these )"
                                       R"(deals: \d+; par 208)")));
    CHECK(has(review.out, "  1   1/1        r"));
    CHECK(has(review.out, "??"));
    CHECK(has(review.out, "par 208: pinfall/1 sackson " + kZero));

    CHECK(run_pinfall({"--server", url, "review", "x"}, "", home.path()).status == 2);
    const RunResult unknown = run_pinfall({"--server", url, "review", "99999"}, "", home.path());
    CHECK(unknown.status == 1);
    CHECK(has(unknown.err, "unknown_game"));
}
