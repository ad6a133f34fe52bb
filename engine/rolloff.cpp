#include "engine/rolloff.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <utility>

namespace pinfall::engine {

RollOff::RollOff(int n_sides, LaneRuleset ruleset)
    : n_sides_(n_sides), rack_(lane_rack_size(ruleset)) {
    assert(n_sides >= 1 && n_sides <= kMaxLaneSides);
    restart();
}

void RollOff::restart() {
    std::vector<int> all(n_sides_);
    for (int s = 0; s < n_sides_; ++s) all[s] = s;
    groups_.assign(1, std::move(all));
    counts_.assign(n_sides_, 0);
}

int RollOff::current_group() const {
    for (std::size_t g = 0; g < groups_.size(); ++g) {
        if (groups_[g].size() > 1) return static_cast<int>(g);
    }
    return -1;
}

std::optional<int> RollOff::next_side() const {
    const int g = current_group();
    if (g < 0) return std::nullopt;
    for (const int s : groups_[g]) {
        if (counts_[s] == 0) return s;
    }
    assert(false && "a group with every count in is split at once");
    return std::nullopt;
}

std::vector<int> RollOff::rolling_group() const {
    const int g = current_group();
    return g < 0 ? std::vector<int>{} : groups_[g];
}

std::optional<std::vector<int>> RollOff::order() const {
    if (!done()) return std::nullopt;
    std::vector<int> out;
    for (const auto& group : groups_) out.push_back(group.front());
    return out;
}

std::optional<Error> RollOff::report(int side, int pins) {
    if (done()) return make_error(ErrorCode::kRollOffDone);
    if (side < 0 || side >= n_sides_) return make_error(ErrorCode::kBadSide);
    if (side != next_side()) return make_error(ErrorCode::kOutOfTurn);
    if (pins < 0) return make_error(ErrorCode::kNegativeRoll);
    if (pins > rack_) return make_error(ErrorCode::kTooManyPinsForRack);
    reports_.push_back(RollOffReport{side, pins});
    apply(side, pins);
    assert(invariants_hold());
    return std::nullopt;
}

bool RollOff::undo() {
    if (reports_.empty()) return false;
    // Replaying the reports before the last rebuilds the groups exactly as they were.
    reports_.pop_back();
    restart();
    for (const RollOffReport& r : reports_) apply(r.side, r.pins);
    assert(invariants_hold());
    return true;
}

void RollOff::apply(int side, int pins) {
    if (pins == 0) return;  // does not count: the same side rolls again
    counts_[side] = pins;
    const int g = current_group();
    std::vector<int> group = groups_[g];
    for (const int s : group) {
        if (counts_[s] == 0) return;
    }
    // Every side of the group has a count: split it by count, fewest first; ties stay
    // together (ascending by side) and roll again in their place.
    std::stable_sort(group.begin(), group.end(),
                     [this](int a, int b) { return counts_[a] < counts_[b]; });
    std::vector<std::vector<int>> split;
    for (const int s : group) {
        if (split.empty() || counts_[split.back().front()] != counts_[s]) split.emplace_back();
        split.back().push_back(s);
    }
    for (const int s : group) counts_[s] = 0;
    groups_.erase(groups_.begin() + g);
    groups_.insert(groups_.begin() + g, split.begin(), split.end());
}

bool RollOff::invariants_hold() const {
    // Every side in exactly one group; counts only inside the group now rolling.
    std::vector<int> seen(n_sides_, 0);
    for (const auto& group : groups_) {
        if (group.empty()) return false;
        for (const int s : group) ++seen[s];
    }
    if (std::count(seen.begin(), seen.end(), 1) != n_sides_) return false;
    const std::vector<int> rolling = rolling_group();
    for (int s = 0; s < n_sides_; ++s) {
        const bool in_round = std::find(rolling.begin(), rolling.end(), s) != rolling.end();
        if (counts_[s] < 0 || counts_[s] > rack_ || (!in_round && counts_[s] != 0)) return false;
    }
    return true;
}

}  // namespace pinfall::engine
