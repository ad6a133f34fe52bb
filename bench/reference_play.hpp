// What the engine's plain-program benchmarks (par_bench, par_coach, league_handicap) share:
// a thread's CPU clock, and the reference players the coach is measured against. Header-only;
// every function is pure but thread_seconds, which reads the calling thread's clock.
#pragma once

#include <time.h>

#include <bit>
#include <vector>

#include "engine/game.hpp"
#include "engine/pins.hpp"

namespace pinfall::bench {

// CPU seconds the calling thread has used (CLOCK_THREAD_CPUTIME_ID): the timings that other
// work on the machine inflates least.
inline double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The play of the pins of `mask` with pile `pile`.
inline engine::Action play_of(int pile, engine::PinMask mask) {
    std::vector<int> pins;
    for (int p = 1; p <= engine::kPinCount; ++p) {
        if (mask & engine::pin_bit(p)) pins.push_back(p);
    }
    return engine::Action::play(pile, pins);
}

// A reference player's next action, the stop when no play is legal. greedy: the play that
// knocks down the most pins (the first of equals by pile, then by kGroups order); otherwise
// the first legal play in that order.
inline engine::Action reference_action(const engine::Game& game, bool greedy) {
    using namespace engine;
    const auto legal = game.legal();
    int best_pile = -1;
    PinMask best = 0;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal[pile]; s; s &= s - 1) {
            const PinMask g = kGroups[std::countr_zero(s)];
            if (best_pile < 0 || (greedy && pin_count(g) > pin_count(best))) {
                best_pile = pile;
                best = g;
            }
        }
    }
    return best_pile < 0 ? Action::stop() : play_of(best_pile, best);
}

}  // namespace pinfall::bench
