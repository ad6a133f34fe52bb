#include "engine/score_sheet.hpp"

#include <cassert>

namespace pinfall::engine {

void ScoreSheet::add(int pins) {
    assert(!complete() && pins >= 0 && pins <= standing_);
    rolls_[count_++] = static_cast<std::uint8_t>(pins);
    const int first = rolls_[starts_[frame_ - 1]];
    const NextBall next = ten_pin_next_ball(rack_, frame_, ball_, first, pins);
    if (next.ball == 1) {
        // The next frame starts at the next roll (indexed before the increment: g++ 12 at -O3
        // cannot see that frame_ never wraps and warned of starts_[-1]).
        if (frame_ < kFrames) starts_[frame_] = count_;
        ++frame_;
        starts_[kFrames] = count_;
    }
    ball_ = static_cast<std::uint8_t>(next.ball);
    standing_ = static_cast<std::uint8_t>(next.standing);
}

int ScoreSheet::frame_roll_count(int f) const {
    const int begin = starts_[f - 1];
    const int end = f < frame_ ? (f < kFrames ? starts_[f] : starts_[kFrames]) : count_;
    return end - begin;
}

std::optional<int> ScoreSheet::frame_total(int f) const { return frame_totals()[f - 1]; }

std::array<std::optional<int>, kFrames> ScoreSheet::frame_totals() const {
    std::array<std::optional<int>, kFrames> out{};
    int total = 0;
    for (int g = 1; g <= kFrames; ++g) {
        // A frame's total is known once it and every frame before it can be added up.
        if (!frame_complete(g)) return out;
        const int s = starts_[g - 1];
        if (g == kFrames) {
            for (int i = s; i < count_; ++i) total += rolls_[i];
            out[g - 1] = total;
            continue;
        }
        int needed;  // rolls from s that this frame's score adds up
        if (rolls_[s] == rack_) {
            needed = 3;
        } else if (rolls_[s] + rolls_[s + 1] == rack_) {
            needed = 3;
        } else {
            needed = 2;
        }
        if (s + needed > count_) return out;
        for (int i = s; i < s + needed; ++i) total += rolls_[i];
        out[g - 1] = total;
    }
    return out;
}

int ScoreSheet::score() const {
    int total = 0;
    for (int f = 1; f <= kFrames; ++f) {
        if (f > frame_ || (f == frame_ && frame_roll_count(f) == 0)) break;
        const int s = starts_[f - 1];
        const int n = frame_roll_count(f);
        if (f == kFrames) {
            for (int i = s; i < s + n; ++i) total += rolls_[i];
            break;
        }
        const bool strike = rolls_[s] == rack_;
        const bool spare = !strike && n == 2 && rolls_[s] + rolls_[s + 1] == rack_;
        const int needed = (strike || spare) ? 3 : n;
        for (int i = s; i < s + needed; ++i) total += value_or_zero(i);
    }
    return total;
}

std::string ScoreSheet::marks(int f) const {
    if (f > frame_) return {};
    return frame_marks(rack_, rolls_.data() + starts_[f - 1], frame_roll_count(f));
}

std::string frame_marks(int rack, const std::uint8_t* rolls, int n, std::uint32_t fouls) {
    std::string out;
    int standing = rack;
    bool fresh = true;  // this roll meets a rack just set up for a first ball
    for (int i = 0; i < n; ++i) {
        const int r = rolls[i];
        if ((fouls >> i) & 1u) {
            out += 'F';
        } else if (fresh && r == rack) {
            out += 'X';
        } else if (!fresh && r == standing) {
            out += '/';
        } else if (r == 0) {
            out += '-';
        } else {
            out += static_cast<char>('0' + r);
        }
        // After a strike or the ball after a first ball, the rack is set up again; a foul's
        // pins go back up, which leaves the rack as a 0 would (r is 0).
        if (!fresh || r == rack) {
            standing = rack;
            fresh = true;
        } else {
            standing -= r;
            fresh = false;
        }
    }
    return out;
}

}  // namespace pinfall::engine
