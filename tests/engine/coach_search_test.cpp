// The coach's exact search (engine/coach_search.hpp) against a plain expectimax written from the
// rules alone: no memo, no merged positions (ranks, piles as a multiset, a shared burn), no
// ball 2 searched apart from its r1, no cut when a play clears the rack. Both walk the same
// chances (Expectimax::after_play / after_burn), so any difference is the search's shortcuts.
// Goals: the coach's own (ball 2 pays pins linearly plus a spare bonus, so ball 2 positions are
// shared across r1), a goal of arbitrary values (no such sharing), and a single-ball goal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <string>

#include "engine/coach.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

struct Plain {
    PlayRules rules;
    RackGoal goal;
    long nodes = 0;

    double value(const HiddenRack& h) {
        ++nodes;
        const int down = kPinCount - pin_count(h.standing);
        double v;
        if (h.ball == 2) {
            v = goal.end[h.r1][down - h.r1];
        } else if (h.standing == 0) {
            return goal.end[kPinCount][0];
        } else if (goal.single_ball) {
            v = goal.end[down][0];
        } else {
            v = 0;
            Expectimax::after_burn(h, [&](const HiddenRack& b, double w) { v += w * value(b); });
        }
        for (int pile = 0; pile < kPileCount; ++pile) {
            for (GroupSet s = rules.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
                double sum = 0;
                Expectimax::after_play(h, pile, kGroups[std::countr_zero(s)],
                                       [&](const HiddenRack& n, double w) { sum += w * value(n); });
                v = std::max(v, sum);
            }
        }
        return v;
    }
};

// Values with no structure: ball 2's best play then depends on r1.
RackGoal arbitrary_goal(std::uint64_t seed) {
    RackGoal g;
    for (int r1 = 0; r1 <= kPinCount; ++r1) {
        for (int r2 = 0; r2 <= kPinCount - r1; ++r2) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            g.end[r1][r2] = static_cast<double>(seed >> 40) / 65536.0;
        }
    }
    return g;
}

}  // namespace

TEST_CASE("the coach's search equals a plain expectimax on the coach's and other goals",
          "[coach]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    const int kind = GENERATE(0, 1, 2);  // the coach's goal, arbitrary values, a single ball
    int checked = 0, second_balls = 0;
    for (int i = 0; i < 8; ++i) {
        const Seed seed = sha256("coach-search-test-" + std::to_string(i));
        Game game(r, seed);
        Coach player;
        while (!game.over()) {
            const CoachView view = coach_view_of(game);
            const int hidden = std::popcount(view.rack.unseen);
            if (hidden <= 4) {
                RackGoal goal = Coach::goal_of(view, future_table(r));
                if (kind == 1) goal = arbitrary_goal(static_cast<std::uint64_t>(i * 97 + checked));
                if (kind == 2) goal = last_ball_goal(100);
                if (kind != 2 || view.rack.ball == 1) {
                    Plain plain{PlayRules(view.rack.pins, r), goal};
                    Expectimax search;
                    search.prepare(view.rack, r, goal);
                    INFO("seed " << i << " " << ruleset_name(r) << " kind " << kind << " frame "
                                 << view.frame << " ball " << view.rack.ball);
                    const double v = search.value(view.rack);
                    REQUIRE(search.ok());
                    CHECK(v == Approx(plain.value(view.rack)).epsilon(1e-12));
                    double best = -1;
                    for (const ActionValue& a : search.actions(view.rack)) {
                        best = std::max(best, a.expected);
                    }
                    CHECK(best == Approx(v).epsilon(1e-12));
                    ++checked;
                    second_balls += view.rack.ball == 2;
                }
            }
            REQUIRE_FALSE(game.apply(player.hints(view).front().action));
        }
    }
    CHECK(checked >= 40);
    if (kind != 2) CHECK(second_balls >= 10);
}
