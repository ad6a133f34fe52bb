#include "engine/lane_game.hpp"

#include <cassert>

namespace pinfall::engine {

LaneGame::LaneGame(LaneRuleset ruleset, int sides)
    : ruleset_(ruleset), sides_(sides), rolloff_(sides, ruleset), sheets_(sides, LaneSheet(ruleset)) {
    assert(sides >= 1 && sides <= kMaxLaneSides);
}

LanePhase LaneGame::phase() const {
    if (!rolloff_.done()) return LanePhase::kRollOff;
    for (const auto& s : sheets_) {
        if (!s.complete()) return LanePhase::kPlay;
    }
    return LanePhase::kComplete;
}

std::optional<int> LaneGame::next_side() const {
    if (!rolloff_.done()) return rolloff_.next_side();
    // Frame by frame: the first side in the order whose sheet is furthest behind bowls.
    const auto order = *rolloff_.order();
    std::optional<int> best;
    int best_frame = kLaneFrames + 1;
    for (const int side : order) {
        const auto pos = sheets_[side].position();
        if (pos && pos->frame < best_frame) {
            best = side;
            best_frame = pos->frame;
        }
    }
    return best;
}

std::optional<LanePosition> LaneGame::next_position() const {
    if (!rolloff_.done()) return std::nullopt;
    const auto side = next_side();
    return side ? sheets_[*side].position() : std::nullopt;
}

std::optional<Error> LaneGame::report(int side, int pins, bool foul) {
    if (phase() == LanePhase::kComplete) return make_error(ErrorCode::kGameComplete);
    if (side < 0 || side >= sides_) return make_error(ErrorCode::kBadSide);
    if (!rolloff_.done()) {
        if (auto err = rolloff_.report(side, foul ? 0 : pins)) return err;
    } else {
        if (next_side() != side) return make_error(ErrorCode::kOutOfTurn);
        if (auto err = foul ? sheets_[side].report_foul() : sheets_[side].report_roll(pins)) {
            return err;
        }
    }
    reports_.push_back(LaneReport{side, foul ? 0 : pins, foul});
    return std::nullopt;
}

bool LaneGame::undo() {
    if (reports_.empty()) return false;
    std::vector<LaneReport> keep(reports_.begin(), reports_.end() - 1);
    LaneGame fresh(ruleset_, sides_);
    for (const auto& r : keep) {
        [[maybe_unused]] const auto err = fresh.report(r.side, r.pins, r.foul);
        assert(!err);
    }
    *this = std::move(fresh);
    return true;
}

}  // namespace pinfall::engine
