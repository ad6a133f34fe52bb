// A game on a real lane for one to eight sides (docs/rules.md, "Score sheets for real lanes"): the
// roll-off for the order of play (none with one side), then frames in turn, one side's frame at a
// time (its rolls, plus its bonus rolls in frame 10), each side keeping its own LaneSheet.
//
// The game is its list of reports: report() appends one when it fits the turn and the sheet,
// undo() takes the last one back (the roll-off's included) by replaying the rest, so any
// state can be rebuilt from stored reports. A value type; not thread-safe for mutation.
#pragma once

#include <optional>
#include <vector>

#include "engine/errors.hpp"
#include "engine/lane_sheet.hpp"
#include "engine/rolloff.hpp"

namespace pinfall::engine {

struct LaneReport {
    int side = 0;
    int pins = 0;
    bool foul = false;
    bool operator==(const LaneReport&) const = default;
};

enum class LanePhase { kRollOff, kPlay, kComplete };

class LaneGame {
   public:
    // REQUIRES: 1 <= sides <= kMaxLaneSides.
    LaneGame(LaneRuleset ruleset, int sides);

    LaneRuleset ruleset() const { return ruleset_; }
    int sides() const { return sides_; }
    LanePhase phase() const;
    // The side that must report next; nullopt once complete.
    std::optional<int> next_side() const;
    // Where that side's next roll goes (play phase only).
    std::optional<LanePosition> next_position() const;
    // The order of play, first to play first; nullopt during the roll-off.
    std::optional<std::vector<int>> order() const { return rolloff_.order(); }
    const RollOff& rolloff() const { return rolloff_; }
    const LaneSheet& sheet(int side) const { return sheets_[side]; }
    const std::vector<LaneReport>& reports() const { return reports_; }

    // Reports side's roll (pins counted) or a foul. Returns nullopt and records it, or changes
    // nothing and returns: game_complete when the game is over; bad_side for a side not
    // 0..sides()-1; out_of_turn when it is not that side's turn; the roll-off's and the
    // sheet's codes (negative_roll, too_many_pins_for_rack).
    std::optional<Error> report(int side, int pins, bool foul);
    // Takes the last report back; false (nothing changed) when there is none.
    bool undo();

    bool operator==(const LaneGame&) const = default;

   private:
    LaneRuleset ruleset_;
    int sides_;
    RollOff rolloff_;
    std::vector<LaneSheet> sheets_;
    std::vector<LaneReport> reports_;
};

}  // namespace pinfall::engine
