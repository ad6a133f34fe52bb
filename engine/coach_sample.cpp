#include <algorithm>
#include <bit>

#include "engine/coach_search.hpp"
#include "engine/sampling.hpp"

namespace pinfall::engine {
namespace {

// A seed made of everything h shows, and nothing else.
std::uint64_t view_seed(const HiddenRack& h) {
    std::uint64_t s = h.standing;
    for (const Card c : h.pins) s = s * 31 + c;
    for (int p = 0; p < kPileCount; ++p) s = s * 131 + h.face_up[p] * 8 + h.face_down[p];
    return (s * 0x100000001B3ull) ^ (std::uint64_t{h.unseen} << 20) ^
           static_cast<std::uint64_t>(h.ball * 16 + h.r1);
}


}  // namespace

double best_known(RackSolver& solver, const RackPosition& p, const HiddenRack& h,
                  const RackGoal& goal) {
    double best = -1;
    if (h.ball == 2) {
        const int left = kPinCount - h.r1;
        for (std::uint16_t ends = solver.reach(p); ends; ends &= ends - 1) {
            best = std::max(best, goal.end[h.r1][left - std::countr_zero(ends)]);
        }
        return best;
    }
    const RackOutcomes out = solver.outcomes_from(p);
    for (int r1 = 0; r1 <= kPinCount; ++r1) {
        for (int r2 = 0; r2 <= kPinCount - r1; ++r2) {
            if (!out.possible(r1, r2)) continue;
            best = std::max(best, goal.single_ball ? goal.end[r1][0] : goal.end[r1][r2]);
        }
    }
    return best;
}

std::vector<ActionValue> sampled_actions(const HiddenRack& h, Ruleset ruleset, const RackGoal& goal,
                                         int samples) {
    PlayRules rules(h.pins, ruleset);
    std::vector<ActionValue> out;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            out.push_back({play_action(pile, kGroups[std::countr_zero(s)]), 0});
        }
    }
    out.push_back({Action::stop(), 0});

    RackSolver solver;
    std::uint64_t state = view_seed(h);
    std::vector<Card> hidden = cards_of(h.unseen);
    for (int n = 0; n < samples; ++n) {
        shuffle_cards(hidden, state);
        // A deal with the seen cards where they are and the sample below them; slots already
        // used are never read again, so they keep whatever cards are left over.
        Deal deal;
        deal.pins = h.pins;
        RackPosition p{h.standing, {}};
        std::size_t next = 0;
        for (int pile = 0; pile < kPileCount; ++pile) {
            const int below = h.face_down[pile];
            const int top = kPileSize[pile] - below - (h.face_up[pile] == kNoCard ? 0 : 1);
            p.top[pile] = static_cast<std::uint8_t>(top);
            for (int i = 0; i < kPileSize[pile]; ++i) deal.balls[kPileOffset[pile] + i] = 0;
            if (h.face_up[pile] != kNoCard) deal.balls[kPileOffset[pile] + top] = h.face_up[pile];
            for (int i = 1; i <= below; ++i)
                deal.balls[kPileOffset[pile] + top + i] = hidden[next++];
        }
        solver.load(deal, ruleset);
        std::size_t a = 0;
        for (int pile = 0; pile < kPileCount; ++pile) {
            for (GroupSet s = solver.legal(p, pile); s; s &= s - 1) {
                RackPosition q = p;
                q.standing &= static_cast<PinMask>(~kGroups[std::countr_zero(s)]);
                ++q.top[pile];
                out[a++].expected += best_known(solver, q, h, goal);
            }
        }
        double stop;
        if (h.ball == 2) {
            stop = goal.end[h.r1][kPinCount - h.r1 - pin_count(h.standing)];
        } else if (goal.single_ball) {
            stop = goal.end[kPinCount - pin_count(h.standing)][0];
        } else {
            HiddenRack b = h;
            b.ball = 2;
            b.r1 = kPinCount - pin_count(h.standing);
            stop = best_known(solver, RackSolver::burned(p), b, goal);
        }
        out[a].expected += stop;
    }
    for (ActionValue& v : out) v.expected /= samples;
    return out;
}

}  // namespace pinfall::engine
