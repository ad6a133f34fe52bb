// engine/integrity.hpp (issue 27, docs/integrity.md): P at a game's first decision is par; E is
// the coach's hints; the par line (a clairvoyant) gets a high LLR and z where the coach's own
// game gets a low one; the analysis is deterministic; a game with no deciding decision is
// neutral; the temperature fit finds a player's noise; the rolling verdict adds its games.
#include "engine/integrity.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "engine/par.hpp"
#include "engine/review.hpp"

using namespace pinfall::engine;

namespace {

Seed seed_of(int n) { return sha256("pinfall-integrity-test-" + std::to_string(n)); }

Record coach_game(Ruleset ruleset, const Seed& seed, Coach& coach) {
    Game game(ruleset, seed);
    while (!game.over()) REQUIRE_FALSE(game.apply(coach.hints(coach_view_of(game)).front().action));
    return record_of(game);
}

// Three choices with the given E; the player took `played`; not deciding.
IntegrityDecision agreeing(std::vector<double> e, int played) {
    IntegrityDecision d;
    for (const double x : e) d.choices.push_back({Action::stop(), x, 0});
    d.played = played;
    return d;
}

}  // namespace

TEST_CASE("integrity: max of P at the first decision is par, on both rulesets") {
    KnownValues known;
    for (const auto ruleset : {Ruleset::kSackson, Ruleset::kStrict}) {
        for (int i = 0; i < 6; ++i) {
            const Seed seed = seed_of(i);
            const DealSet deals = deal_all(seed);
            Game game(ruleset, seed, deals);
            known.start(ruleset, deals);
            const auto p = known.values(game);
            REQUIRE(p.size() == open_actions(game).size());
            INFO(i);
            CHECK(*std::max_element(p.begin(), p.end()) == solve_par(ruleset, seed).par);
            CHECK(known.par() == solve_par(ruleset, seed).par);
        }
    }
}

TEST_CASE(
    "integrity: P of the choice made is the best P of the next decision, and the score at the "
    "end") {
    // Exactness along arbitrary games, frame 10's bonus deals included: a choice's P is the best
    // reachable after it, which is the next decision's best P (balls that end by themselves
    // change nothing), and after the last choice the final score itself.
    KnownValues known;
    for (const auto ruleset : {Ruleset::kSackson, Ruleset::kStrict}) {
        for (int i = 0; i < 40; ++i) {
            const Seed seed = seed_of(100 + i);
            const DealSet deals = deal_all(seed);
            Game game(ruleset, seed, deals);
            known.start(ruleset, deals);
            int promised = known.par();
            for (int k = 0; !game.over(); ++k) {
                const auto p = known.values(game);
                const auto actions = open_actions(game);
                INFO(i << " decision " << k);
                REQUIRE(*std::max_element(p.begin(), p.end()) == promised);
                // Half the games by the best P (frame 10's strikes and deal 11 come often),
                // half by arbitrary choices, every third one the stop.
                const std::size_t best =
                    static_cast<std::size_t>(std::max_element(p.begin(), p.end()) - p.begin());
                const std::size_t j = i % 2 == 0   ? best
                                      : k % 3 == 2 ? actions.size() - 1
                                                   : (k * 7) % actions.size();
                promised = p[j];
                REQUIRE_FALSE(game.apply(actions[j]));
            }
            CHECK(game.score() == promised);
        }
    }
}

TEST_CASE("integrity: along the par line P of the play made stays par, and E is the coach's") {
    const Ruleset ruleset = Ruleset::kSackson;
    const Seed seed = seed_of(1);
    const ParResult par = solve_par(ruleset, seed);
    IntegrityAnalyzer analyzer(16);
    const auto ds = analyzer.decisions(par_record(ruleset, seed, par));
    REQUIRE(ds);
    REQUIRE(ds->size() == par.line.size());
    Coach coach;
    Game game(ruleset, seed);
    for (const auto& d : *ds) {
        CHECK(d.choices[d.played].known == par.par);
        CHECK(d.played_known_best);
        const auto hints = coach.hints(coach_view_of(game));
        REQUIRE(hints.size() == d.choices.size());
        for (const auto& h : hints) {
            const auto it = std::find_if(d.choices.begin(), d.choices.end(), [&](const auto& c) {
                return same_action(c.action, h.action);
            });
            REQUIRE(it != d.choices.end());
            CHECK(it->expected == h.expected);
        }
        CHECK(same_action(d.choices[d.coach_best].action, hints.front().action));
        REQUIRE_FALSE(game.apply(par.line[d.index]));
    }
}

TEST_CASE("integrity: the par line is flagged where the coach's own game is not") {
    Coach coach;
    IntegrityAnalyzer analyzer;
    for (int i = 0; i < 4; ++i) {
        const Seed seed = seed_of(10 + i);
        const auto cheat = analyzer.analyze(
            par_record(Ruleset::kSackson, seed, solve_par(Ruleset::kSackson, seed)));
        const auto honest = analyzer.analyze(coach_game(Ruleset::kSackson, seed, coach));
        REQUIRE(cheat);
        REQUIRE(honest);
        INFO(i << ": cheat llr " << cheat->llr << " z " << cheat->z << ", coach llr " << honest->llr
               << " z " << honest->z);
        CHECK(cheat->score == cheat->par);
        // The coach never plays off its own best: z can only be negative, tau at its floor.
        CHECK(honest->z <= 0);
        CHECK(honest->llr <= 0);
        CHECK_FALSE(honest->flagged);
        CHECK(honest->tau < 0.1);
        for (const auto& d : honest->drivers) CHECK(d.played == d.coach_best);
        // The par line is no stealthy cheater (it breaks ties by rolls, not by the coach), yet
        // its choices are far likelier under the true deal than under the coach's values.
        CHECK(cheat->llr > 5);
        CHECK(cheat->llr > honest->llr + 20);
        CHECK(cheat->z > 0.5);
        CHECK(cheat->z > honest->z);
    }
}

TEST_CASE("integrity: the analysis is deterministic") {
    const Seed seed = seed_of(20);
    const Record record = par_record(Ruleset::kStrict, seed, solve_par(Ruleset::kStrict, seed));
    IntegrityAnalyzer a, b;
    const auto x = a.analyze(record);
    b.analyze(
        par_record(Ruleset::kSackson, seed_of(21), solve_par(Ruleset::kSackson, seed_of(21))));
    const auto y = b.analyze(record);
    REQUIRE(x);
    REQUIRE(y);
    CHECK(x->llr == y->llr);
    CHECK(x->z == y->z);
    CHECK(x->tau == y->tau);
    CHECK(x->drivers.size() == y->drivers.size());
    for (std::size_t i = 0; i < x->drivers.size() && i < y->drivers.size(); ++i) {
        CHECK(x->drivers[i].q == y->drivers[i].q);
    }
}

TEST_CASE("integrity: no deciding decision gives a neutral verdict") {
    std::vector<IntegrityDecision> ds = {agreeing({10, 8, 5}, 0), agreeing({3, 9, 1}, 1)};
    const IntegrityReport r = integrity_report(Ruleset::kSackson, ds);
    CHECK(r.deciding == 0);
    CHECK(r.llr == 0);
    CHECK(r.z == 0);
    CHECK_FALSE(r.flagged);
    CHECK(r.drivers.empty());
    const IntegrityReport empty = integrity_report(Ruleset::kStrict, {});
    CHECK_FALSE(empty.flagged);
    CHECK(empty.z == 0);
}

TEST_CASE("integrity: the temperature fit follows the player's noise") {
    // Always the best: the floor. Uniform over values 0, 1, 2: the ceiling's side.
    std::vector<IntegrityDecision> sharp(20, agreeing({2, 1, 0}, 0));
    CHECK(fit_temperature(sharp) < 0.06);
    std::vector<IntegrityDecision> flat;
    for (int i = 0; i < 30; ++i) flat.push_back(agreeing({2, 1, 0}, i % 3));
    CHECK(fit_temperature(flat) > 40);
    // Best twice as often as second, second twice as often as third: tau = 1 / ln 2.
    std::vector<IntegrityDecision> mid;
    for (int i = 0; i < 7; ++i) mid.push_back(agreeing({2, 1, 0}, i < 4 ? 0 : i < 6 ? 1 : 2));
    CHECK(fit_temperature(mid) == Approx(1 / std::log(2.0)).epsilon(1e-3));
}

TEST_CASE("integrity: the rolling verdict adds LLRs and combines the guards") {
    const std::vector<IntegrityEvidence> week = {{30, 3, 1.0, 0.25, 2}, {40, 4, 1.0, 0.75, 3}};
    const WeekVerdict w = week_verdict(Ruleset::kSackson, week);
    CHECK(w.llr == 7);
    CHECK(w.z == Approx(2.0));
    CHECK(w.games == 2);
    CHECK(w.deciding == 5);
    const auto t = integrity_thresholds(Ruleset::kSackson);
    const std::vector<IntegrityEvidence> strong = {{0, t.week_llr, t.week_z, 1.0, 1}};
    CHECK(week_verdict(Ruleset::kSackson, strong).flagged);
    const std::vector<IntegrityEvidence> weak = {{0, t.week_llr - 0.1, t.week_z, 1.0, 1}};
    CHECK_FALSE(week_verdict(Ruleset::kSackson, weak).flagged);
}
