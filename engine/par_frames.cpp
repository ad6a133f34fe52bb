#include "engine/par_frames.hpp"

#include <cassert>

namespace pinfall::engine {
namespace {

// Calls f(r1, r2) for every pair of rolls rack allows, larger r1 first, then larger r2; a
// strike comes first, as (10, -1). Callers keep the first of equal values: the documented
// tie-break.
template <class F>
void for_each_rolls(const RackOutcomes& rack, F f) {
    if (rack.possible(kPinCount, 0)) f(kPinCount, -1);
    for (int r1 = kPinCount - 1; r1 >= 0; --r1) {
        for (int r2 = kPinCount - r1; r2 >= 0; --r2) {
            if (rack.possible(r1, r2)) f(r1, r2);
        }
    }
}

}  // namespace

int tenth_frame_best(const std::array<RackOutcomes, kMaxDeals>& racks, Bonus b, ParPlan* plan) {
    const int m1 = 1 + next_extra(b);
    const int m2 = 1 + after_next_extra(b);
    const RackOutcomes& extra = racks[10];
    int best = -1;
    Rolls best_frame, best_bonus;
    int best_last = -1;
    auto consider = [&](int value, Rolls frame, Rolls bonus, int last) {
        if (value > best) {
            best = value;
            best_frame = frame;
            best_bonus = bonus;
            best_last = last;
        }
    };
    for_each_rolls(racks[9], [&](int r1, int r2) {
        if (r1 == kPinCount) {
            // Bonus ball 1 is a first ball on deal 10; bonus ball 2 is deal 10's ball 2, or a
            // first ball on deal 11 after a second strike. Both count once; the first also pays
            // frame 9's pending bonus, if any, as frame 10's second roll.
            for_each_rolls(extra, [&](int b1, int b2) {
                if (b1 == kPinCount) {
                    const int last = racks[11].best_first();
                    consider(kPinCount * m1 + kPinCount * m2 + last, {r1, r2}, {b1, b2}, last);
                } else {
                    consider(kPinCount * m1 + b1 * m2 + b2, {r1, r2}, {b1, b2}, -1);
                }
            });
            return;
        }
        if (r1 + r2 == kPinCount) {
            const int bonus = extra.best_first();
            consider(r1 * m1 + r2 * m2 + bonus, {r1, r2}, {bonus, -1}, -1);
        } else {
            consider(r1 * m1 + r2 * m2, {r1, r2}, {-1, -1}, -1);
        }
    });
    assert(best >= 0);
    if (plan) {
        plan->frames[kFrames - 1] = best_frame;
        plan->bonus = best_bonus;
        plan->last = best_last;
    }
    return best;
}

ParTable par_table(const std::array<RackOutcomes, kMaxDeals>& racks) {
    ParTable t;
    for (int b = 0; b < kBonusStates; ++b) {
        t.value[kFrames - 1][b] = tenth_frame_best(racks, static_cast<Bonus>(b), nullptr);
    }
    for (int f = kFrames - 2; f >= 0; --f) {
        for (int b = 0; b < kBonusStates; ++b) {
            const auto in = static_cast<Bonus>(b);
            int best = -1;
            for_each_rolls(racks[f], [&](int r1, int r2) {
                const int v = frame_points(in, r1, r2) +
                              t.value[f + 1][static_cast<int>(bonus_after(in, r1, r2))];
                if (v > best) best = v;
            });
            t.value[f][b] = best;
        }
    }
    return t;
}

ParPlan par_plan(const std::array<RackOutcomes, kMaxDeals>& racks, const ParTable& table) {
    ParPlan plan;
    Bonus in = Bonus::kNone;
    for (int f = 0; f < kFrames - 1; ++f) {
        int best = -1;
        Rolls chosen;
        for_each_rolls(racks[f], [&](int r1, int r2) {
            const int v = frame_points(in, r1, r2) +
                          table.value[f + 1][static_cast<int>(bonus_after(in, r1, r2))];
            if (v > best) {
                best = v;
                chosen = {r1, r2};
            }
        });
        assert(best == table.value[f][static_cast<int>(in)]);
        plan.frames[f] = chosen;
        in = bonus_after(in, chosen.r1, chosen.r2);
    }
    tenth_frame_best(racks, in, &plan);
    plan.par = table.value[0][static_cast<int>(Bonus::kNone)];
    return plan;
}

}  // namespace pinfall::engine
