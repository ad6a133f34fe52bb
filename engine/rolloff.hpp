// The roll-off that sets the order of play on a multi-side lane (docs/rules.md,
// "Roll-off for the order of play").
//
// Every side reports one roll. A roll of 0 does not count and that side rolls again. Once every
// side of a group has a count, the group is ordered by count, fewest first; sides tied on a
// count form a new group that rolls again to order just itself, in its place. Groups are
// settled in order of play (the group that plays first rolls first), and within a group the
// side with the lowest number still to roll goes next, so a side that rolled 0 goes again at
// once. Example with sides A, B, C: A=1, B=1, C=2, then A=5, B=3 gives B, A, C.
//
// A value type; not thread-safe for concurrent mutation. Sides are numbered 0..sides()-1.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/errors.hpp"
#include "engine/lane_sheet.hpp"

namespace pinfall::engine {

// Two teams, or one to eight individual sides.
inline constexpr int kMaxLaneSides = 8;

struct RollOffReport {
    int side = 0;
    int pins = 0;
    bool operator==(const RollOffReport&) const = default;
};

class RollOff {
   public:
    // A roll-off among n_sides sides on a rack of the ruleset's size. With one side there is
    // nothing to settle: done() at once and order() is {0}.
    // REQUIRES: 1 <= n_sides <= kMaxLaneSides.
    RollOff(int n_sides, LaneRuleset ruleset);

    int sides() const { return n_sides_; }
    int rack_size() const { return rack_; }
    // True once every side has its place.
    bool done() const { return current_group() < 0; }
    // The side that must roll next; nullopt once done().
    std::optional<int> next_side() const;
    // The sides rolling in the current round (ascending); empty once done().
    std::vector<int> rolling_group() const;
    // The order of play, first to play first; nullopt until done().
    std::optional<std::vector<int>> order() const;

    // Reports side's roll. A foul is reported as 0 (it knocks nothing that counts). Returns
    // nullopt and records it, or returns, in this order of checks and changing nothing:
    // roll_off_done once done(); bad_side when side is not 0..sides()-1; out_of_turn when side
    // is not next_side(); negative_roll when pins < 0; too_many_pins_for_rack when
    // pins > rack_size().
    std::optional<Error> report(int side, int pins);
    // Takes back the last report (done() roll-offs included), restoring exactly the state
    // before it. Returns false, changing nothing, when nothing has been reported.
    bool undo();

    // Every accepted report, in order (the 0s that did not count included).
    const std::vector<RollOffReport>& reports() const { return reports_; }

    bool operator==(const RollOff&) const = default;

   private:
    // Back to the start: one group of every side, no counts.
    void restart();
    void apply(int side, int pins);
    // Index in groups_ of the first group of two or more sides; -1 when there is none.
    int current_group() const;
    bool invariants_hold() const;

    int n_sides_;
    int rack_;
    std::vector<std::vector<int>> groups_;  // in order of play; each group ascending by side
    std::vector<int> counts_;               // this round's count per side, 0 = still to roll
    std::vector<RollOffReport> reports_;
};

}  // namespace pinfall::engine
