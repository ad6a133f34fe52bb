// A ten-frame bowling score sheet with standard ten-pin scoring over a rack of any size
// (10 pins for Bowling Solitaire and ten-pin; 6 for Compact Bowling's official rules).
// A value type: rolls go in one at a time; marks and totals are derived on demand.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace pinfall::engine {

inline constexpr int kFrames = 10;
inline constexpr int kMaxRolls = 21;

class ScoreSheet {
   public:
    explicit ScoreSheet(int rack_size = 10) : rack_(static_cast<std::uint8_t>(rack_size)) {}

    int rack_size() const { return rack_; }
    bool complete() const { return frame_ > kFrames; }
    // Position of the next roll. REQUIRES: !complete().
    int frame() const { return frame_; }  // 1-10
    int ball() const { return ball_; }    // 1-3 (3 only in frame 10)
    int standing() const { return standing_; }

    // Appends a roll. REQUIRES: !complete() and 0 <= pins <= standing().
    void add(int pins);

    int roll_count() const { return count_; }
    int roll(int i) const { return rolls_[i]; }
    // Index of the first roll of frame f (1-10); rolls of f end where f+1 starts (or at count).
    int frame_start(int f) const { return starts_[f - 1]; }
    int frame_roll_count(int f) const;
    // True when frame f has all its rolls (bonus rolls of frame 10 included).
    bool frame_complete(int f) const { return frame_ > f; }

    // Cumulative score through frame f once every roll it depends on is known.
    std::optional<int> frame_total(int f) const;
    // frame_total(f) of every frame, in one pass (an encoder writes all ten on every ball).
    std::array<std::optional<int>, kFrames> frame_totals() const;
    // The score counting rolls not yet bowled as 0: the final score once complete(), and the
    // score a resigned game keeps.
    int score() const;
    // Marks of frame f: one character a roll, 'X', '/', '-', '1'..'9' ("X", "7/", "X9/"),
    // as frame_marks writes them.
    std::string marks(int f) const;

    bool operator==(const ScoreSheet&) const = default;

   private:
    int value_or_zero(int i) const { return i < count_ ? rolls_[i] : 0; }

    std::uint8_t rack_;
    std::uint8_t count_ = 0;
    std::uint8_t frame_ = 1;
    std::uint8_t ball_ = 1;
    std::uint8_t standing_ = rack_;
    std::array<std::uint8_t, kMaxRolls> rolls_{};
    std::array<std::uint8_t, kFrames + 1> starts_{};
};

// The marks of one frame's n rolls (rolls[0..n)) on a rack of `rack` pins, one character a roll:
// 'F' a foul (bit i of `fouls` set for rolls[i]; its roll counts 0), 'X' all of a fresh rack,
// '/' the rest of a rack, '-' none, else the count. After a strike, or the ball after a first
// ball, the next roll meets a fresh rack (frame 10's bonus balls). Shared by ScoreSheet and
// LaneSheet, whose frames follow the same marks.
std::string frame_marks(int rack, const std::uint8_t* rolls, int n, std::uint32_t fouls = 0);

// Where a ten-pin game goes after a roll: the next ball and the pins standing for it.
struct NextBall {
    int ball;      // 1: the roll ended its frame and the next frame starts; else 2 or 3
    int standing;  // pins standing for that ball (a full rack for a new frame)
};

// The ball after a roll of `pins` on ball `ball` of frame `frame` (1-10), on a rack of `rack`
// pins, where `first` is the frame's first roll (pins itself when ball is 1). Frames 1-9 end on
// a strike or after ball 2; frame 10 gives a third ball after a strike or a spare, and each
// strike or spare there sets a fresh rack. REQUIRES: the roll was legal (pins <= the pins
// standing for it). Shared by ScoreSheet and LaneSheet's ten-pin rulesets, whose positions
// must move alike; constexpr so that both inline it.
constexpr NextBall ten_pin_next_ball(int rack, int frame, int ball, int first, int pins) {
    const int left = pins == rack ? rack : rack - pins;  // a felled full rack is set up again
    if (frame < kFrames) return ball == 1 && pins < rack ? NextBall{2, left} : NextBall{1, rack};
    if (ball == 1) return {2, left};
    if (ball == 2 && first == rack) return {3, left};         // after a strike
    if (ball == 2 && first + pins == rack) return {3, rack};  // after a spare
    return {1, rack};
}

}  // namespace pinfall::engine
