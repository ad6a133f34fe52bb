#include "engine/lane_sheet.hpp"

#include <cassert>

#include "engine/score_sheet.hpp"

namespace pinfall::engine {

// The ten-pin rulesets move through frames as ScoreSheet does (ten_pin_next_ball).
static_assert(kLaneFrames == kFrames);

LaneSheet::LaneSheet(LaneRuleset ruleset)
    : ruleset_(ruleset),
      rack_(static_cast<std::uint8_t>(lane_rack_size(ruleset))),
      standing_(rack_) {}

std::optional<Error> LaneSheet::report_roll(int pins) {
    if (complete()) return make_error(ErrorCode::kGameComplete);
    if (pins < 0) return make_error(ErrorCode::kNegativeRoll);
    if (pins > standing_) return make_error(ErrorCode::kTooManyPinsForRack);
    advance(pins, false);
    assert(invariants_hold());
    return std::nullopt;
}

std::optional<Error> LaneSheet::report_foul() {
    if (complete()) return make_error(ErrorCode::kGameComplete);
    advance(0, true);
    assert(invariants_hold());
    return std::nullopt;
}

bool LaneSheet::undo() {
    if (count_ == 0) return false;
    // Replaying the rolls before the last rebuilds every derived field exactly as it was.
    LaneSheet before(ruleset_);
    for (int i = 0; i + 1 < count_; ++i) before.advance(rolls_[i], (fouls_ >> i) & 1u);
    *this = before;
    assert(invariants_hold());
    return true;
}

// A foul is recorded as 0 pins: the pins set back up leave the rack exactly as a 0 would, so
// position and scoring need no case of their own; only the marks tell them apart.
void LaneSheet::advance(int pins, bool foul) {
    rolls_[count_] = static_cast<std::uint8_t>(pins);
    if (foul) fouls_ |= 1u << count_;
    ++count_;
    NextBall next;
    if (ruleset_ == LaneRuleset::kCompact) {
        // Two rolls in every frame; a strike sets the rack up again for the second.
        next = ball_ == 1 ? NextBall{2, pins == rack_ ? rack_ : rack_ - pins} : NextBall{1, rack_};
    } else {
        next = ten_pin_next_ball(rack_, frame_, ball_, rolls_[first_of(frame_)], pins);
    }
    if (next.ball == 1) {
        if (frame_ < kLaneFrames) starts_[frame_] = count_;  // the next frame's first roll
        ++frame_;
    }
    ball_ = static_cast<std::uint8_t>(next.ball);
    standing_ = static_cast<std::uint8_t>(next.standing);
}

std::optional<LanePosition> LaneSheet::position() const {
    if (complete()) return std::nullopt;
    return LanePosition{frame_, ball_, standing_};
}

LaneRoll LaneSheet::roll(int i) const {
    assert(i >= 0 && i < count_);
    return LaneRoll{rolls_[i], ((fouls_ >> i) & 1u) != 0};
}

int LaneSheet::frame_roll_count(int f) const {
    assert(f >= 1 && f <= kLaneFrames);
    if (f > frame_) return 0;
    const int end = (f < frame_ && f < kLaneFrames) ? starts_[f] : count_;
    return end - first_of(f);
}

int LaneSheet::counted_rolls(int f) const {
    const int s = first_of(f);
    if (ruleset_ == LaneRuleset::kCompact) return 2;
    if (rolls_[s] == rack_) return 3;                  // strike: the next two rolls
    if (rolls_[s] + rolls_[s + 1] == rack_) return 3;  // spare: the next roll
    return 2;
}

std::optional<int> LaneSheet::frame_total(int f) const {
    assert(f >= 1 && f <= kLaneFrames);
    int total = 0;
    for (int g = 1; g <= f; ++g) {
        if (frame_ <= g) return std::nullopt;  // frame g still has rolls to come
        const int s = first_of(g);
        const int needed = g == kLaneFrames ? frame_roll_count(g) : counted_rolls(g);
        if (s + needed > count_) return std::nullopt;
        for (int i = s; i < s + needed; ++i) total += rolls_[i];
    }
    return total;
}

int LaneSheet::running_score() const {
    int total = 0;
    for (int f = 1; f <= kLaneFrames; ++f) {
        const int n = frame_roll_count(f);
        if (n == 0) break;
        const int s = first_of(f);
        int needed = n;
        if (f < kLaneFrames && ruleset_ != LaneRuleset::kCompact) {
            const bool strike = rolls_[s] == rack_;
            const bool spare = !strike && n == 2 && rolls_[s] + rolls_[s + 1] == rack_;
            if (strike || spare) needed = 3;
        }
        for (int i = s; i < s + needed && i < count_; ++i) total += rolls_[i];
    }
    return total;
}

LaneScoreResult LaneSheet::final_score() const {
    if (!complete()) return LaneScoreResult{0, make_error(ErrorCode::kGameNotComplete)};
    return LaneScoreResult{running_score(), std::nullopt};
}

std::string LaneSheet::marks(int f) const {
    assert(f >= 1 && f <= kLaneFrames);
    const int s = first_of(f);
    return frame_marks(rack_, rolls_.data() + s, frame_roll_count(f), fouls_ >> s);
}

bool LaneSheet::invariants_hold() const {
    if (count_ > kLaneMaxRolls || frame_ < 1 || frame_ > kLaneFrames + 1) return false;
    if (!complete() && (standing_ < 1 || standing_ > rack_)) return false;
    if (count_ < 32 && (fouls_ >> count_) != 0) return false;
    int rolls = 0;
    for (int f = 1; f <= kLaneFrames; ++f) rolls += frame_roll_count(f);
    if (rolls != count_) return false;
    for (int i = 0; i < count_; ++i) {
        if (rolls_[i] > rack_ || (((fouls_ >> i) & 1u) && rolls_[i] != 0)) return false;
    }
    return running_score() <= lane_perfect_score(ruleset_);
}

}  // namespace pinfall::engine
