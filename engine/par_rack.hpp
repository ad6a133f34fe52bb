// The par solver's first stage (docs/rules.md, "Par and the coach"): one rack searched exactly
// with every card known. A rack's position is its standing pins and each pile's face-up index;
// the rules of a play depend on nothing else (the first-play rules apply while all ten pins
// stand), so the search memoises reachable positions under that key.
//
// What a rack offers the rest of the game is only which rolls it can give: ball 1 ending with r1
// pins down (the player may stop anywhere, and a ball ends by itself where no play is left),
// then ball 2 after the burn knocking r2 more. RackSolver lists every such (r1, r2) and writes a
// line of actions (record notation's plays and stops) that produces a chosen one.
//
// Pure and deterministic: no I/O, no clock. A RackSolver owns about 1 MB of scratch tables and
// is reused from rack to rack; it is a value for one thread at a time.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.hpp"
#include "engine/deal.hpp"
#include "engine/pins.hpp"
#include "engine/ruleset.hpp"

namespace pinfall::engine {

// The rolls one rack can give. second[r1] has bit r2 set when ball 1 can end with r1 pins down
// and ball 2 then knock exactly r2 (0 <= r2 <= 10 - r1); a strike is bit 0 of second[10] (no
// ball 2 follows it). second[r1] == 0 when ball 1 cannot end with exactly r1 pins down.
struct RackOutcomes {
    std::array<std::uint16_t, kPinCount + 1> second{};

    bool first_possible(int r1) const { return second[r1] != 0; }
    bool possible(int r1, int r2) const { return (second[r1] >> r2 & 1) != 0; }
    // Most pins ball 1 alone can knock: a bonus ball that is the game's last.
    int best_first() const;
    bool operator==(const RackOutcomes&) const = default;
};

// The groups a ball card may knock down on a rack, from its pins' cards and the standing pins
// alone: the set Rack::legal gives for that position (first-play rules while all ten stand, the
// touch rule after). Shared by the par solver and the coach.
class PlayRules {
 public:
    PlayRules() = default;
    PlayRules(const std::array<Card, kPinCount>& pins, Ruleset ruleset);
    // Legal groups for ball (kNoCard: an empty pile, none) with standing pins up.
    GroupSet legal(PinMask standing, Card ball) const;
    // The same in two halves, for callers that try several cards on one position:
    // legal(standing, ball) == open(standing) & of_card(ball).
    GroupSet open(PinMask standing) const;
    GroupSet of_card(Card ball) const { return ball == kNoCard ? 0 : by_value_[card_value(ball)]; }
    // Bit r (0-9): a card of rank r + 1 could still knock pins once some of standing fall.
    // Standing pins only fall, so a rank without this bit stays unplayable on the rack.
    std::uint16_t live_ranks(PinMask standing) const;

 private:
    std::array<GroupSet, 10> by_value_{};  // groups whose cards' sum ends in value v
    GroupSet shape_ = ~GroupSet{0};        // groups of the ruleset's shape
};

// A position on a rack: standing pins and each pile's face-up index (Rack::top_index).
struct RackPosition {
    PinMask standing = kAllPins;
    std::array<std::uint8_t, kPileCount> top{};
};

class RackSolver {
 public:
    RackSolver();

    // Makes deal the rack searched from now on, under ruleset; forgets the previous rack.
    void load(const Deal& deal, Ruleset ruleset);

    // Every (r1, r2) the loaded rack can give from its fresh deal.
    RackOutcomes outcomes() { return outcomes_from(RackPosition{}); }
    // The same from p, a position of ball 1 (r1 counts every pin down at the end of ball 1).
    RackOutcomes outcomes_from(const RackPosition& p);

    // Counts of standing pins ball play can end with from p (bit k: k pins left standing),
    // within the ball in progress (no burn). Always includes p's own count (stop at once).
    std::uint16_t reach(const RackPosition& p);

    // The actions that make the loaded rack give r1 on ball 1 and then r2 on ball 2; r2 < 0
    // plays ball 1 only (a bonus ball with nothing after it on this rack), as does r1 == 10.
    // A stop follows a ball only where a legal play is left (elsewhere the ball ends by itself).
    // Among the lines that give (r1, r2) it is the first found depth first with plays tried by
    // pile 1-3, then in kGroups order (pin lists lexicographic). REQUIRES: outcomes() allows
    // (r1, r2), or first_possible(r1) when r2 < 0.
    std::vector<Action> line(int r1, int r2);

    // Legal groups of pile (0-2) at p: the same set Rack::legal gives for that position.
    GroupSet legal(const RackPosition& p, int pile) const;
    bool any_legal(const RackPosition& p) const;
    // p after the burn that starts ball 2.
    static RackPosition burned(const RackPosition& p);

 private:
    static int index(const RackPosition& p);
    void visit_first_ball(const RackPosition& p, RackOutcomes& out);
    bool find_first_ball(const RackPosition& p, int r1, int r2, std::vector<Action>& path);

    Deal deal_{};
    PlayRules rules_;
    std::uint32_t generation_ = 0;  // reach_ entries of the loaded rack carry this stamp
    std::uint32_t walk_ = 0;        // seen entries of the current ball-1 walk carry this
    std::vector<std::uint16_t> reach_;
    std::vector<std::uint32_t> reach_stamp_;
    std::vector<std::uint32_t> seen_stamp_;
};

// The play of pile (0-2) on the pins of mask, pins listed ascending.
Action play_action(int pile, PinMask pins);

}  // namespace pinfall::engine
