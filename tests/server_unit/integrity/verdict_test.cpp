// store_verdict (integrity/verdict.hpp) on a real SQLite file: a game that passes its own
// thresholds goes under review alone ("statistic"); seven games none of which passes alone but
// whose week does all go under review ("week"); a cleared one stays cleared; evidence stored
// twice keeps the first verdict.
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/integrity.hpp"
#include "server/app/integrity/verdict.hpp"
#include "temp_db.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

storage::Evidence evidence(storage::GameRowId game, storage::PlayerId player, storage::Millis at,
                           double llr, double guard_sum, double guard_var, int deciding,
                           bool flagged) {
    storage::Evidence e;
    e.game = game;
    e.player = player;
    e.finished_at = at;
    e.analysed_at = at + 1;
    e.llr = e.week_llr = llr;
    e.guard_sum = guard_sum;
    e.guard_var = guard_var;
    e.deciding = deciding;
    e.decisions = 20;
    e.z = guard_var > 0 ? guard_sum / std::sqrt(guard_var) : 0;
    e.flagged = flagged;
    e.drivers = "[]";
    return e;
}

storage::ReviewState state(storage::Store& s, storage::GameRowId g) {
    return s.integrity().state(g).value_or(storage::ReviewState::kClean);
}

}  // namespace

TEST_CASE("store_verdict: one flagged game alone, a flagged week all of it, cleared stays cleared") {
    TempDir dir;
    auto store = open_store(dir.db());
    const auto t = engine::integrity_thresholds(engine::Ruleset::kSackson);
    const auto cleo = add_player(*store, "cleo");
    const auto wes = add_player(*store, "wes");

    // A game that passes alone: under review, reason statistic; stored again: nothing changes.
    using server::store_verdict;
    const auto g1 = finished_game(*store, cleo, storage::GameMode::kDaily, "2026-12-01", 250, 100000);
    bool changed = false;
    REQUIRE(store_verdict(*store, evidence(g1, cleo, 100000, t.game_llr + 1, 9, 1, 5, true), 1, &changed).is_ok());
    CHECK(changed);
    CHECK(state(*store, g1) == storage::ReviewState::kReview);
    CHECK(store->integrity().case_of(g1)->reason == "statistic");
    changed = false;
    REQUIRE(store_verdict(*store, evidence(g1, cleo, 100000, 0, 0, 1, 1, false), 2, &changed).is_ok());
    CHECK_FALSE(changed);
    CHECK(store->integrity().evidence(g1)->flagged);

    // Seven games, none passing alone, whose sum passes the week's thresholds (a seventh of the
    // week's LLR each, a guard at its mean of zero): every one goes under review at the seventh,
    // not before.
    const double llr = t.week_llr / 7 + 0.01;
    const double guard_var = 1;
    const double guard_sum = 0;
    REQUIRE(llr < t.game_llr);
    REQUIRE(6 * llr < t.week_llr);
    REQUIRE(0 >= t.week_z);
    std::vector<storage::GameRowId> week;
    for (int i = 0; i < 7; ++i) {
        const storage::Millis at = 200000 + i * 1000;
        week.push_back(finished_game(*store, wes, storage::GameMode::kDaily,
                                     "2026-11-2" + std::to_string(i), 200, at));
        changed = false;
        REQUIRE(store_verdict(*store, evidence(week.back(), wes, at, llr, guard_sum, guard_var, 2, false), at, &changed).is_ok());
        if (i < 6) {
            CHECK_FALSE(changed);
            CHECK(state(*store, week.back()) == storage::ReviewState::kClean);
        }
    }
    CHECK(changed);
    for (const auto g : week) {
        INFO(g);
        CHECK(state(*store, g) == storage::ReviewState::kReview);
        CHECK(store->integrity().case_of(g)->reason == "week");
    }
    // A moderator clears the oldest; the next game keeps the week flagged, and the cleared
    // result stays cleared while the new one goes under review.
    REQUIRE(store->integrity().decide(week[0], storage::ReviewState::kCleared, wes, 300000, "ok").is_ok());
    const auto g8 = finished_game(*store, wes, storage::GameMode::kDaily, "2026-11-30", 200, 300000);
    changed = false;
    REQUIRE(store_verdict(*store, evidence(g8, wes, 300000, llr, guard_sum, guard_var, 2, false), 300001, &changed).is_ok());
    CHECK(changed);
    CHECK(state(*store, g8) == storage::ReviewState::kReview);
    CHECK(state(*store, week[0]) == storage::ReviewState::kCleared);
}
