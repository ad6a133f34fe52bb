// The score sheet of one side on a real lane (docs/rules.md, "Score sheets for real lanes"):
// players report each roll as the pins counted, or a foul, and the sheet keeps position, marks and
// totals for one of three rulesets.
//
// A value type: report_*() either returns an Error (state unchanged) or appends the roll;
// undo() takes the last roll back. Pure (std only); not thread-safe for concurrent mutation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/errors.hpp"

namespace pinfall::engine {

enum class LaneRuleset : std::uint8_t {
    kCompactOfficial,  // "compact-official": 6 pins, ten-pin scoring, perfect game 180
    kCompact,          // "compact": 6 pins, a frame scores its pins, two rolls, perfect 120
    kTenpin,           // "tenpin": 10 pins, ten-pin scoring, perfect game 300
};

constexpr std::string_view lane_ruleset_name(LaneRuleset r) {
    switch (r) {
        case LaneRuleset::kCompactOfficial: return "compact-official";
        case LaneRuleset::kCompact: return "compact";
        case LaneRuleset::kTenpin: return "tenpin";
    }
    return "compact-official";
}

// The ruleset with that exact name; nullopt for anything else (no case folding).
constexpr std::optional<LaneRuleset> parse_lane_ruleset(std::string_view name) {
    if (name == "compact-official") return LaneRuleset::kCompactOfficial;
    if (name == "compact") return LaneRuleset::kCompact;
    if (name == "tenpin") return LaneRuleset::kTenpin;
    return std::nullopt;
}

// Pins in a full rack: 10 for tenpin, 6 otherwise.
constexpr int lane_rack_size(LaneRuleset r) { return r == LaneRuleset::kTenpin ? 10 : 6; }

// 180, 120 or 300.
constexpr int lane_perfect_score(LaneRuleset r) {
    switch (r) {
        case LaneRuleset::kCompactOfficial: return 180;
        case LaneRuleset::kCompact: return 120;
        case LaneRuleset::kTenpin: return 300;
    }
    return 0;
}

inline constexpr int kLaneFrames = 10;
inline constexpr int kLaneMaxRolls = 21;  // nine frames of two rolls, three in frame 10

// Where the next roll goes.
struct LanePosition {
    int frame = 1;     // 1-10
    int ball = 1;      // 1-2, or 3 for frame 10's second bonus roll (never under compact)
    int standing = 0;  // pins standing for this roll, 1..rack size
    bool operator==(const LanePosition&) const = default;
};

// One reported roll: the pins counted, 0 for a foul.
struct LaneRoll {
    int pins = 0;
    bool foul = false;
    bool operator==(const LaneRoll&) const = default;
};

// The final score, or why there is none yet.
struct LaneScoreResult {
    int score = 0;               // meaningful when ok()
    std::optional<Error> error;  // game_not_complete before the last roll
    bool ok() const { return !error; }
};

class LaneSheet {
   public:
    explicit LaneSheet(LaneRuleset ruleset = LaneRuleset::kCompactOfficial);

    LaneRuleset ruleset() const { return ruleset_; }
    int rack_size() const { return rack_; }

    // Reports a roll that knocked `pins` (the pins counted: a pin felled by a gutter ball or a
    // rebound is not counted). Returns nullopt and appends the roll, or returns, in this order
    // of checks and changing nothing: game_complete once complete(); negative_roll when
    // pins < 0; too_many_pins_for_rack when pins > standing().
    std::optional<Error> report_roll(int pins);
    // Reports a foul: a roll taken that scores 0; every pin is set back up, so the next ball
    // of the same frame meets a full rack (a full-rack ball after a first-ball foul is a
    // spare). Returns game_complete once complete(), otherwise nullopt.
    std::optional<Error> report_foul();
    // Takes back the last roll, restoring exactly the state before it (complete() sheets
    // included: whether the lane still allows it is the caller's rule). Returns false, changing
    // nothing, when no roll has been reported.
    bool undo();

    // True after frame 10's last roll (its bonus rolls included).
    bool complete() const { return frame_ > kLaneFrames; }
    // The next roll's frame, ball and standing pins; nullopt once complete().
    std::optional<LanePosition> position() const;
    // Pins standing for the next roll; 0 once complete().
    int standing() const { return complete() ? 0 : standing_; }

    int roll_count() const { return count_; }
    // REQUIRES: 0 <= i < roll_count().
    LaneRoll roll(int i) const;
    // Rolls reported in frame f (1-10) so far; 0 for a frame not yet reached.
    int frame_roll_count(int f) const;

    // Marks of frame f (1-10), one character a roll reported so far: 'X' a strike (the full
    // rack felled by the first ball at a freshly set rack: a frame's first ball, frame 10's
    // bonus racks, compact's rack set again after a strike), '/' the rest of the rack felled by
    // the ball after (a full rack after a foul or a 0 too), 'F' a foul, '-' a 0, digits
    // otherwise. Empty for a frame not reached. Compact strikes read "X5", "X-", "XX", "XF".
    std::string marks(int f) const;
    // The cumulative score through frame f (1-10) once every roll it counts is known (the
    // frame and the bonus rolls of strikes and spares); nullopt before.
    std::optional<int> frame_total(int f) const;
    // The score so far, counting bonus rolls not yet bowled as 0. Available at any time.
    int running_score() const;
    // The score once complete(); before that the error game_not_complete.
    LaneScoreResult final_score() const;

    bool operator==(const LaneSheet&) const = default;

   private:
    void advance(int pins, bool foul);
    int first_of(int f) const { return starts_[f - 1]; }
    // Rolls from the first of frame f (< 10) that its score adds up.
    int counted_rolls(int f) const;
    bool invariants_hold() const;

    LaneRuleset ruleset_;
    std::uint8_t rack_;
    std::uint8_t count_ = 0;
    std::uint8_t frame_ = 1;
    std::uint8_t ball_ = 1;
    std::uint8_t standing_;
    std::uint32_t fouls_ = 0;  // bit i: roll i was a foul
    std::array<std::uint8_t, kLaneMaxRolls> rolls_{};
    std::array<std::uint8_t, kLaneFrames> starts_{};  // index of each frame's first roll
};

}  // namespace pinfall::engine
