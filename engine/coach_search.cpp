#include "engine/coach_search.hpp"

#include <algorithm>

namespace pinfall::engine {
namespace {

constexpr std::size_t kFirstSlots = std::size_t{1} << 16;

std::size_t slot_of(std::uint64_t key, std::size_t mask) {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

}  // namespace

Expectimax::Expectimax(std::size_t budget) : budget_(budget) {}

void Expectimax::prepare(const HiddenRack& rack, Ruleset ruleset, const RackGoal& goal) {
    const bool same =
        !exhausted_ && !keys_.empty() && ruleset == ruleset_ && rack.pins == pins_ && goal == goal_;
    if (same) return;
    ruleset_ = ruleset;
    pins_ = rack.pins;
    goal_ = goal;
    rules_ = PlayRules(rack.pins, ruleset);
    exhausted_ = false;
    used_ = 0;
    // Keep the table's size from rack to rack: regrowing it costs more than clearing it.
    if (keys_.size() < kFirstSlots) {
        keys_.assign(kFirstSlots, 0);
        values_.assign(kFirstSlots, 0);
    } else {
        std::fill(keys_.begin(), keys_.end(), 0);
    }
}

std::uint64_t Expectimax::key(const HiddenRack& h) const {
    std::uint64_t k = h.standing;
    for (int p = 0; p < kPileCount; ++p) {
        k |= static_cast<std::uint64_t>(h.face_up[p] == kNoCard ? 31 : h.face_up[p])
             << (10 + 5 * p);
    }
    k |= static_cast<std::uint64_t>(h.face_down[0]) << 25;
    k |= static_cast<std::uint64_t>(h.face_down[1]) << 28;
    k |= static_cast<std::uint64_t>(h.face_down[2]) << 30;
    k |= static_cast<std::uint64_t>(h.unseen) << 31;
    k |= static_cast<std::uint64_t>(h.ball == 2) << 51;
    k |= static_cast<std::uint64_t>(h.r1) << 52;
    return k | std::uint64_t{1} << 60;  // never 0, the empty slot
}

double* Expectimax::find(std::uint64_t key, bool* fresh) {
    const std::size_t mask = keys_.size() - 1;
    for (std::size_t i = slot_of(key, mask);; i = (i + 1) & mask) {
        if (keys_[i] == key) {
            *fresh = false;
            return &values_[i];
        }
        if (keys_[i] == 0) {
            *fresh = true;
            keys_[i] = key;
            return &values_[i];
        }
    }
}

double Expectimax::value(const HiddenRack& h) {
    if (exhausted_) return 0;
    const std::uint64_t k = key(h);
    {
        const std::size_t mask = keys_.size() - 1;
        for (std::size_t i = slot_of(k, mask); keys_[i] != 0; i = (i + 1) & mask) {
            if (keys_[i] == k) return values_[i];
        }
    }
    if (++used_ > budget_) {
        exhausted_ = true;
        return 0;
    }
    double v;
    if (h.ball == 1) {
        v = h.standing == 0 ? goal_.end[kPinCount][0] : stop_value(h);
    } else {
        v = goal_.end[h.r1][kPinCount - h.r1 - pin_count(h.standing)];
    }
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules_.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            v = std::max(v, play_value(h, pile, kGroups[std::countr_zero(s)]));
        }
    }
    if (exhausted_) return 0;
    // Children may have grown the table: insert only now, keeping the load under a half.
    if (used_ * 2 > keys_.size()) {
        std::vector<std::uint64_t> old_keys(keys_.size() * 2, 0);
        std::vector<double> old_values(values_.size() * 2, 0);
        old_keys.swap(keys_);
        old_values.swap(values_);
        for (std::size_t i = 0; i < old_keys.size(); ++i) {
            bool fresh = false;
            if (old_keys[i]) *find(old_keys[i], &fresh) = old_values[i];
        }
    }
    bool fresh = false;
    *find(k, &fresh) = v;
    return v;
}

double Expectimax::stop_value(const HiddenRack& h) {
    const int r1 = kPinCount - pin_count(h.standing);
    if (goal_.single_ball) return goal_.end[r1][0];
    double sum = 0;
    after_burn(h, [&](const HiddenRack& b, double w) { sum += w * value(b); });
    return sum;
}

double Expectimax::play_value(const HiddenRack& h, int pile, PinMask pins) {
    double sum = 0;
    after_play(h, pile, pins, [&](const HiddenRack& n, double w) { sum += w * value(n); });
    return sum;
}

std::vector<ActionValue> Expectimax::actions(const HiddenRack& h) {
    std::vector<ActionValue> out;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = rules_.legal(h.standing, h.face_up[pile]); s; s &= s - 1) {
            const PinMask pins = kGroups[std::countr_zero(s)];
            out.push_back({play_action(pile, pins), play_value(h, pile, pins)});
        }
    }
    const double stop =
        h.ball == 1 ? stop_value(h) : goal_.end[h.r1][kPinCount - h.r1 - pin_count(h.standing)];
    out.push_back({Action::stop(), stop});
    return out;
}

}  // namespace pinfall::engine
