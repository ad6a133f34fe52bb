// What the rest of a game is worth to the coach (docs/rules.md, "Par and the coach"). Racks are
// independent deals joined only by the pending bonus (engine/par_frames.hpp), so the expected
// points still to come depend only on the frame and the bonus it starts with. FutureTable holds
// them, filled by backward induction from frame 10: each entry is the mean, over sampled fresh
// deals, of the expectimax value (engine/coach_search.hpp) of a rack whose results are worth
// the points they add plus the table's entry for the frame after.
//
// future_table(ruleset) returns the constants computed by estimate_future_table with the
// arguments it names (the numbers are written into coach_table.cpp). Pure; thread-safe.
#pragma once

#include <array>
#include <cstdint>

#include "engine/coach_search.hpp"
#include "engine/par_frames.hpp"
#include "engine/ruleset.hpp"

namespace pinfall::engine {

struct FutureTable {
    // frames[f - 1][b]: expected points frames f..10 (bonus balls included) add when frame f
    // starts with pending bonus b.
    std::array<std::array<double, kBonusStates>, kFrames> frames{};
    double first_ball = 0;                 // a lone first ball on a fresh deal (last bonus ball)
    std::array<double, 2> after_strike{};  // frame 10's two bonus balls, the first counted m times
                                           // (m = 1, 2): b1 * m + b2
};

// Goals for a rack whose results start adding to base (the expected final score is base plus
// what the rack's rolls add plus the table's expectation for what follows).
// Frame f (1-10) on its first deal, entered with bonus b.
RackGoal frame_goal(const FutureTable& t, int frame, Bonus b, double base);
// Deal 10 after a frame-10 strike: bonus ball 1 counted `first_count` times (1 or 2), then
// bonus ball 2 on the same deal, or on deal 11 after a strike.
RackGoal after_strike_goal(const FutureTable& t, int first_count, double base);
// A lone first ball that ends the game: worth base + its pins.
RackGoal last_ball_goal(double base);

// The rack a fresh deal shows (its face-down cards as the unseen set).
HiddenRack fresh_rack(const Deal& deal);

// Backward induction over `samples` deals: deal 0 of seed sha256(prefix + decimal i), i = 0..
// samples - 1. Searches exactly; a rack that runs past the search's budget is counted by its
// sampled fallback value and counted in *fallbacks when given.
FutureTable estimate_future_table(Ruleset ruleset, int samples, const char* prefix,
                                  Expectimax& search, int* fallbacks = nullptr);

// The table the coach uses, per ruleset (see coach_table.cpp for how it was made).
const FutureTable& future_table(Ruleset ruleset);

}  // namespace pinfall::engine
