#include "engine/par_rack.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace pinfall::engine {
namespace {

constexpr int kTopStates = 6 * 4 * 3;  // face-up index of pile 1 (0-5), pile 2 (0-3), pile 3 (0-2)
constexpr int kPositions = (kAllPins + 1) * kTopStates;

// By standing mask: the groups whose pins all stand, and the groups touching a cleared position
// (what Rack keeps incrementally as alive_ and touch_), so a position needs no other state.
struct StandingTables {
    std::array<GroupSet, kAllPins + 1> alive{};
    std::array<GroupSet, kAllPins + 1> touch{};
};

constexpr StandingTables make_standing_tables() {
    StandingTables t;
    for (unsigned s = 0; s <= kAllPins; ++s) {
        GroupSet alive = ~GroupSet{0};
        GroupSet touch = 0;
        for (int p = 0; p < kPinCount; ++p) {
            if (s >> p & 1) continue;
            alive &= ~kGroupTables.with_pin[p];
            touch |= kGroupTables.touching[p];
        }
        t.alive[s] = alive;
        t.touch[s] = touch;
    }
    return t;
}

constexpr StandingTables kStanding = make_standing_tables();

}  // namespace

int RackOutcomes::best_first() const {
    for (int r1 = kPinCount; r1 > 0; --r1) {
        if (second[r1]) return r1;
    }
    return 0;
}

Action play_action(int pile, PinMask pins) {
    std::array<int, 3> listed{};
    std::size_t n = 0;
    for (int p = 1; p <= kPinCount && n < listed.size(); ++p) {
        if (pins & pin_bit(p)) listed[n++] = p;
    }
    return Action::play(pile, std::span<const int>(listed.data(), n));
}

RackSolver::RackSolver()
    : reach_(kPositions), reach_stamp_(kPositions, 0), seen_stamp_(kPositions, 0) {}

PlayRules::PlayRules(const std::array<Card, kPinCount>& pins, Ruleset ruleset)
    : shape_(ruleset == Ruleset::kStrict ? kGroupTables.strict : ~GroupSet{0}) {
    for (int g = 0; g < kGroupCount; ++g) {
        int sum = 0;
        for (int p = 0; p < kPinCount; ++p) {
            if (kGroups[g] >> p & 1) sum += card_value(pins[p]);
        }
        by_value_[sum % 10] |= GroupSet{1} << g;
    }
}

GroupSet PlayRules::legal(PinMask standing, Card ball) const {
    return open(standing) & of_card(ball);
}

std::uint16_t PlayRules::live_ranks(PinMask standing) const {
    const GroupSet alive = kStanding.alive[standing] & shape_;
    std::uint16_t live = 0;
    for (int r = 0; r < 10; ++r) {
        if (by_value_[(r + 1) % 10] & alive) live |= static_cast<std::uint16_t>(1u << r);
    }
    return live;
}

GroupSet PlayRules::open(PinMask standing) const {
    const GroupSet s = kStanding.alive[standing] & shape_;
    return s & (standing == kAllPins ? kGroupTables.first_play : kStanding.touch[standing]);
}

void RackSolver::load(const Deal& deal, Ruleset ruleset) {
    deal_ = deal;
    rules_ = PlayRules(deal.pins, ruleset);
    if (++generation_ == 0) {  // the stamps wrapped: old entries could look current
        std::fill(reach_stamp_.begin(), reach_stamp_.end(), 0);
        generation_ = 1;
    }
}

int RackSolver::index(const RackPosition& p) {
    return p.standing * kTopStates + p.top[0] * 12 + p.top[1] * 3 + p.top[2];
}

GroupSet RackSolver::legal(const RackPosition& p, int pile) const {
    const int top = p.top[pile];
    return top < kPileSize[pile] ? rules_.legal(p.standing, deal_.balls[kPileOffset[pile] + top])
                                 : 0;
}

bool RackSolver::any_legal(const RackPosition& p) const {
    return (legal(p, 0) | legal(p, 1) | legal(p, 2)) != 0;
}

RackPosition RackSolver::burned(const RackPosition& p) {
    RackPosition q = p;
    for (int pile = 0; pile < kPileCount; ++pile) {
        if (q.top[pile] < kPileSize[pile]) ++q.top[pile];
    }
    return q;
}

std::uint16_t RackSolver::reach(const RackPosition& p) {
    const int i = index(p);
    if (reach_stamp_[i] == generation_) return reach_[i];
    auto r = static_cast<std::uint16_t>(1u << pin_count(p.standing));
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal(p, pile); s; s &= s - 1) {
            RackPosition q = p;
            q.standing &= static_cast<PinMask>(~kGroups[std::countr_zero(s)]);
            ++q.top[pile];
            r |= reach(q);
        }
    }
    reach_[i] = r;
    reach_stamp_[i] = generation_;
    return r;
}

void RackSolver::visit_first_ball(const RackPosition& p, RackOutcomes& out) {
    const int i = index(p);
    if (seen_stamp_[i] == walk_) return;
    seen_stamp_[i] = walk_;
    const int left = pin_count(p.standing);
    if (left == 0) {
        out.second[kPinCount] |= 1;
        return;
    }
    // Ball 1 may end here (a stop, or by itself); ball 2 then ends with k pins standing.
    std::uint16_t r2 = 0;
    for (std::uint16_t ends = reach(burned(p)); ends; ends &= ends - 1) {
        r2 |= static_cast<std::uint16_t>(1u << (left - std::countr_zero(ends)));
    }
    out.second[kPinCount - left] |= r2;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal(p, pile); s; s &= s - 1) {
            RackPosition q = p;
            q.standing &= static_cast<PinMask>(~kGroups[std::countr_zero(s)]);
            ++q.top[pile];
            visit_first_ball(q, out);
        }
    }
}

RackOutcomes RackSolver::outcomes_from(const RackPosition& p) {
    if (++walk_ == 0) {
        std::fill(seen_stamp_.begin(), seen_stamp_.end(), 0);
        walk_ = 1;
    }
    RackOutcomes out;
    visit_first_ball(p, out);
    return out;
}

bool RackSolver::find_first_ball(const RackPosition& p, int r1, int r2, std::vector<Action>& path) {
    const int i = index(p);
    if (seen_stamp_[i] == walk_) return false;
    seen_stamp_[i] = walk_;
    const int left = pin_count(p.standing);
    const int down = kPinCount - left;
    if (down > r1) return false;
    if (down == r1) {
        // Every play knocks a pin, so ball 1 must end here or not at all on this path.
        const bool ball_two = r1 < kPinCount && r2 >= 0;
        if (ball_two && !(reach(burned(p)) >> (left - r2) & 1)) return false;
        if (any_legal(p)) path.push_back(Action::stop());
        if (!ball_two) return true;
        RackPosition q = burned(p);
        const int target = left - r2;
        while (pin_count(q.standing) != target) {
            bool moved = false;
            for (int pile = 0; pile < kPileCount && !moved; ++pile) {
                for (GroupSet s = legal(q, pile); s && !moved; s &= s - 1) {
                    RackPosition next = q;
                    const PinMask pins = kGroups[std::countr_zero(s)];
                    next.standing &= static_cast<PinMask>(~pins);
                    ++next.top[pile];
                    if (reach(next) >> target & 1) {
                        path.push_back(play_action(pile, pins));
                        q = next;
                        moved = true;
                    }
                }
            }
            assert(moved);
            if (!moved) return false;
        }
        if (any_legal(q)) path.push_back(Action::stop());
        return true;
    }
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal(p, pile); s; s &= s - 1) {
            RackPosition q = p;
            const PinMask pins = kGroups[std::countr_zero(s)];
            q.standing &= static_cast<PinMask>(~pins);
            ++q.top[pile];
            path.push_back(play_action(pile, pins));
            if (find_first_ball(q, r1, r2, path)) return true;
            path.pop_back();
        }
    }
    return false;
}

std::vector<Action> RackSolver::line(int r1, int r2) {
    if (++walk_ == 0) {
        std::fill(seen_stamp_.begin(), seen_stamp_.end(), 0);
        walk_ = 1;
    }
    std::vector<Action> path;
    [[maybe_unused]] const bool found = find_first_ball(RackPosition{}, r1, r2, path);
    assert(found);
    return path;
}

}  // namespace pinfall::engine
