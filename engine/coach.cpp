#include "engine/coach.hpp"

#include <algorithm>


namespace pinfall::engine {
namespace {

// The bonus frame f starts with, from the rolls of the frames before it.
Bonus bonus_entering(const ScoreSheet& s, int f) {
    if (f == 1) return Bonus::kNone;
    const int prev = s.frame_start(f - 1);
    if (s.roll(prev) == kPinCount) {
        const bool double_strike = f > 2 && s.roll(s.frame_start(f - 2)) == kPinCount;
        return double_strike ? Bonus::kDouble : Bonus::kStrike;
    }
    return s.roll(prev) + s.roll(prev + 1) == kPinCount ? Bonus::kSpare : Bonus::kNone;
}

}  // namespace

CoachView coach_view_of(const Game& game) {
    CoachView v;
    v.ruleset = game.ruleset();
    v.over = game.over();
    v.frame = game.over() ? 0 : game.frame();
    v.ball = game.over() ? 0 : game.ball();
    v.deal = game.deal_index();
    v.second_ball_on_rack = game.second_ball_on_rack();
    v.sheet = game.sheet();
    const Rack& rack = game.rack();
    HiddenRack& h = v.rack;
    h.pins = rack.deal().pins;
    h.standing = rack.standing();
    std::uint32_t seen = 0;
    for (const Card c : h.pins) seen |= 1u << c;
    for (int p = 0; p < kPileCount; ++p) {
        h.face_up[p] = rack.face_up(p);
        h.face_down[p] = static_cast<std::uint8_t>(rack.face_down(p));
        // Cards up to the face-up one have been seen; the ones below it have not.
        for (int i = 0; i <= rack.top_index(p) && i < kPileSize[p]; ++i) {
            seen |= 1u << rack.deal().balls[kPileOffset[p] + i];
        }
    }
    h.unseen = ((1u << kDeckSize) - 1) & ~seen;
    h.ball = game.second_ball_on_rack() ? 2 : 1;
    if (h.ball == 2 && !game.over()) {
        // Ball 1 of this rack is the frame's first roll, or frame 10's second after a strike.
        const ScoreSheet& s = game.sheet();
        const int start = s.frame_start(v.frame);
        h.r1 = s.roll(v.deal == 10 ? start + 1 : start);
    }
    return v;
}

RackGoal Coach::goal_of(const CoachView& v, const FutureTable& table) {
    const ScoreSheet& s = v.sheet;
    const int f = v.frame;
    const int start = s.frame_start(f);
    ScoreSheet before;
    for (int i = 0; i < start; ++i) before.add(s.roll(i));
    const double base = before.score();
    const Bonus b = bonus_entering(s, f);
    if (f < kFrames || v.deal == kFrames - 1) return frame_goal(table, f, b, base);
    const int m1 = 1 + next_extra(b);
    const int m2 = 1 + after_next_extra(b);
    const int x0 = s.roll(start);
    if (v.deal == kFrames + 1) return last_ball_goal(base + kPinCount * m1 + kPinCount * m2);
    if (x0 == kPinCount) return after_strike_goal(table, m2, base + kPinCount * m1);
    return last_ball_goal(base + x0 * m1 + s.roll(start + 1) * m2);
}

Coach::Coach(std::size_t budget, int samples) : search_(budget), samples_(samples) {}

std::vector<Hint> Coach::hints(const CoachView& v) {
    if (v.over) return {};
    const RackGoal goal = goal_of(v, future_table(v.ruleset));
    search_.prepare(v.rack, v.ruleset, goal);
    std::vector<ActionValue> values = search_.actions(v.rack);
    last_exact_ = search_.ok();
    if (!last_exact_) values = sampled_actions(v.rack, v.ruleset, goal, samples_);
    std::vector<Hint> out;
    for (const ActionValue& a : values) out.push_back({a.action, a.expected});
    std::stable_sort(out.begin(), out.end(),
                     [](const Hint& a, const Hint& b) { return a.expected > b.expected; });
    return out;
}

}  // namespace pinfall::engine
