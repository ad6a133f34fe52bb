// engine::review_game (docs/rules.md "Reviews"): losses are never negative and sum to the cost;
// luck = score - (start - cost); a game played by the coach's first hint costs nothing and
// scores the engine level; a resignation at the start loses everything the coach expected
// (a "??"); a record that is illegal or unfinished gives no review; the mark thresholds.
#include <catch2/catch.hpp>

#include "engine/review.hpp"

using namespace pinfall::engine;

namespace {

Seed seed_of(int n) {
    Seed s{};
    s[0] = static_cast<std::uint8_t>(n);
    s[5] = static_cast<std::uint8_t>(n * 13 + 3);
    return s;
}

// The game the coach plays on seed, as a record.
Record coach_game(Ruleset ruleset, const Seed& seed, Coach& coach) {
    Game game(ruleset, seed);
    while (!game.over()) REQUIRE_FALSE(game.apply(coach.hints(coach_view_of(game)).front().action));
    return record_of(game);
}

}  // namespace

TEST_CASE("mistake marks by expected points lost") {
    const std::vector<std::pair<double, std::string_view>> table = {
        {0.0, ""}, {1.99, ""}, {2.0, "?!"}, {4.99, "?!"}, {5.0, "?"}, {9.99, "?"}, {10.0, "??"}, {150, "??"}};
    for (const auto& [loss, mark] : table) {
        INFO(loss);
        CHECK(mistake_mark(loss) == mark);
    }
}

TEST_CASE("review: the coach's own game costs nothing and scores the engine level") {
    Coach coach;
    for (const auto ruleset : {Ruleset::kSackson, Ruleset::kStrict}) {
        const Seed seed = seed_of(ruleset == Ruleset::kSackson ? 1 : 2);
        const Record record = coach_game(ruleset, seed, coach);
        const auto r = review_game(record, coach);
        REQUIRE(r);
        REQUIRE(r->decisions.size() == record.actions.size());
        CHECK(r->cost == 0);
        for (const auto& d : r->decisions) {
            CHECK(same_action(d.played, d.best));
            CHECK(d.loss() == 0);
        }
        CHECK(r->engine == r->score);
        CHECK(r->score == replay(record).game.score());
        CHECK(r->luck == Approx(r->score - r->start));
        CHECK(r->par.par == solve_par(ruleset, seed).par);
        CHECK(r->score <= r->par.par);
    }
}

TEST_CASE("review: losses, cost and luck of a game mixing stops and plays") {
    Coach coach;
    const Seed seed = seed_of(7);
    // Plays the last-ranked action every third decision, the best otherwise.
    Game game(Ruleset::kSackson, seed);
    for (int k = 0; !game.over(); ++k) {
        const auto hints = coach.hints(coach_view_of(game));
        REQUIRE_FALSE(game.apply(k % 3 == 2 ? hints.back().action : hints.front().action));
    }
    const Record record = record_of(game);
    const auto r = review_game(record, coach);
    REQUIRE(r);
    double sum = 0;
    int costly = 0;
    for (std::size_t i = 0; i < r->decisions.size(); ++i) {
        const auto& d = r->decisions[i];
        CHECK(d.index == static_cast<int>(i));
        CHECK(d.played == record.actions[i]);
        CHECK(d.loss() >= 0);
        CHECK(d.expected_played <= d.expected_best);
        sum += d.loss();
        if (d.loss() > 0) ++costly;
    }
    CHECK(costly > 0);
    CHECK(r->cost == Approx(sum));
    CHECK(r->cost > 0);
    CHECK(r->luck == Approx(r->score - (r->start - r->cost)));
    CHECK(r->score == game.score());
    CHECK(r->engine == coach_score(Ruleset::kSackson, seed, coach));
}

TEST_CASE("review: resigning at once loses the whole expectation, bad records give none") {
    Coach coach;
    const Seed seed = seed_of(9);
    Record record{Ruleset::kSackson, seed, {Action::resign()}};
    const auto r = review_game(record, coach);
    REQUIRE(r);
    REQUIRE(r->decisions.size() == 1);
    const auto& d = r->decisions[0];
    CHECK(d.expected_played == 0);
    CHECK(d.loss() == Approx(d.expected_best));
    CHECK(d.expected_best > 100);
    CHECK(mistake_mark(d.loss()) == "??");
    CHECK(r->score == 0);
    CHECK(r->luck == Approx(0).margin(1e-9));

    // Unfinished: no review. Illegal: no review.
    const Record unfinished{Ruleset::kSackson, seed, {Action::stop()}};
    CHECK_FALSE(review_game(unfinished, coach));
    const int pins[] = {7};
    const Record illegal{Ruleset::kSackson, seed, {Action::play(0, pins), Action::resign()}};
    CHECK_FALSE(review_game(illegal, coach));
}
