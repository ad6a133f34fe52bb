// The par solver's second stage (docs/rules.md, "Par and the coach"): racks are independent
// deals joined only by the strike and spare bonuses still to be paid, so the best score of a
// game is a dynamic programme over frames whose state is the pending bonus.
//
// A roll scores its pins once for itself and once more for each earlier strike or spare that
// still counts it; Bonus names how many extra times the next two rolls count. Frame 10's rolls
// make no bonus of their own; its bonus balls (deals 10 and 11) only add their pins.
// Pure functions on values; thread-safe.
#pragma once

#include <array>
#include <cstdint>

#include "engine/game.hpp"
#include "engine/par_rack.hpp"

namespace pinfall::engine {

// Extra counts of (the next roll, the roll after it) when a frame starts.
enum class Bonus : std::uint8_t {
    kNone,    // (0, 0): an open frame before (or the first frame)
    kSpare,   // (1, 0): a spare before
    kStrike,  // (1, 1): a strike before, not after a strike
    kDouble,  // (2, 1): strikes in the two frames before
};
inline constexpr int kBonusStates = 4;

constexpr int next_extra(Bonus b) { return b == Bonus::kNone ? 0 : b == Bonus::kDouble ? 2 : 1; }
constexpr int after_next_extra(Bonus b) {
    return b == Bonus::kStrike || b == Bonus::kDouble ? 1 : 0;
}

// Points frames 1-9 add when a frame entered with bonus b rolls (r1, r2) (r1 == 10: a strike,
// r2 ignored), the bonuses these rolls pay to earlier frames included.
constexpr int frame_points(Bonus b, int r1, int r2) {
    if (r1 == 10) return 10 * (1 + next_extra(b));
    return r1 * (1 + next_extra(b)) + r2 * (1 + after_next_extra(b));
}
// The bonus the next frame starts with after a frame entered with b rolled (r1, r2), frames 1-9.
constexpr Bonus bonus_after(Bonus b, int r1, int r2) {
    if (r1 == 10) return after_next_extra(b) ? Bonus::kDouble : Bonus::kStrike;
    return r1 + r2 == 10 ? Bonus::kSpare : Bonus::kNone;
}

// The rolls a solved game makes. Frames 1-9 use frames[f - 1] on deal f - 1; frame 10 rolls
// frames[9] on deal 9. After a frame-10 strike, deal 10 gives bonus (bonus.r1, bonus.r2), and
// last is deal 11's roll when bonus.r1 == 10; after a spare, deal 10's first ball gives bonus.r1.
// Unused rolls are -1.
struct Rolls {
    int r1 = -1;
    int r2 = -1;
    bool operator==(const Rolls&) const = default;
};
struct ParPlan {
    int par = 0;
    std::array<Rolls, kFrames> frames{};
    Rolls bonus{};
    int last = -1;
};

// value[f - 1][b]: the most points frames f..10 (bonus balls included) can add to a game whose
// frame f starts with pending bonus b, given what each rack allows (racks[k]: deal k).
struct ParTable {
    std::array<std::array<int, kBonusStates>, kFrames> value{};
};
ParTable par_table(const std::array<RackOutcomes, kMaxDeals>& racks);

// Frame 10 alone (deals 9-11) entered with bonus b: the most points and the rolls that give them.
int tenth_frame_best(const std::array<RackOutcomes, kMaxDeals>& racks, Bonus b, ParPlan* plan);

// The best rolls for the whole game; plan.par == table.value[0][kNone]. Ties between rolls of
// equal value go to the larger r1, then the larger r2 (for the bonus balls the same).
ParPlan par_plan(const std::array<RackOutcomes, kMaxDeals>& racks, const ParTable& table);

}  // namespace pinfall::engine
