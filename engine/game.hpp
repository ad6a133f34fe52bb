// One game of Bowling Solitaire: ten frames (plus bonus balls) on deals of one seed.
//
// A serial state machine: apply() takes an action and either returns an Error (state unchanged)
// or applies it and appends the events it caused. A ball ends by itself when no legal play
// exists, so after every apply() the game is over or has a legal play waiting.
// A value type; copy it to keep a snapshot. Not thread-safe for concurrent mutation.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/deal.hpp"
#include "engine/events.hpp"
#include "engine/rack.hpp"
#include "engine/ruleset.hpp"
#include "engine/score_sheet.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {

// Frames 1-10 use deals 0-9; frame 10's bonus balls may use deals 10 and 11.
inline constexpr int kMaxDeals = 12;
using DealSet = std::array<Deal, kMaxDeals>;

// Deals 0..11 of seed, for callers that deal ahead of play (benchmarks, tests).
DealSet deal_all(const Seed& seed);

class Game {
   public:
    // Deals lazily from seed. The opening events (the first deal, and any ball that ends at
    // once for want of a legal play) go to *events when given.
    Game(Ruleset ruleset, const Seed& seed, Events* events = nullptr);
    // Plays on the given deals instead of deriving them (deals must be those of seed for the
    // record to replay; tests may pass hand-made racks).
    Game(Ruleset ruleset, const Seed& seed, const DealSet& deals, Events* events = nullptr);

    // Applies a; on success appends its events to *events (when given) and returns nullopt.
    // On error returns it and changes nothing. Errors: game_over after the end; for plays the
    // codes of Rack::check_play; for an undo nothing_to_undo when no action is in effect. An
    // undo returns the game to its state before the last action in effect (final_line) and
    // appends one UndoEvent; actions() keeps the undo and what it undid (the record).
    std::optional<Error> apply(const Action& a, Events* events = nullptr);

    Ruleset ruleset() const { return ruleset_; }
    const Seed& seed() const { return seed_; }
    bool over() const { return over_; }
    bool resigned() const { return resigned_; }
    const Rack& rack() const { return rack_; }
    const ScoreSheet& sheet() const { return sheet_; }
    int score() const { return sheet_.score(); }
    // Position of the ball in play. Meaningful while !over().
    int frame() const { return sheet_.frame(); }
    int ball() const { return sheet_.ball(); }
    int deal_index() const { return deal_index_; }
    // Deal k as this game dealt it, without hashing again. REQUIRES 0 <= k <= deal_index().
    const Deal& dealt(int k) const;
    bool second_ball_on_rack() const { return second_ball_; }
    int pins_this_ball() const { return ball_pins_; }

    // Legal plays by pile (0-2) as group sets; all empty once over().
    std::array<GroupSet, kPileCount> legal() const;
    // The accepted actions so far, in order, take-backs (undo) included.
    const std::vector<Action>& actions() const { return actions_; }

    // All 20 cards accounted for, sheet consistent with the rack. Checked after every action
    // in builds with assertions.
    bool invariants_hold() const;

    bool operator==(const Game& o) const;

   private:
    std::optional<Error> take_back(Events* events);
    // Back to the opening position on the same deals, with no action (take_back's replay).
    void restart();
    void start(Events* events);
    const Deal& deal(int k);
    void deal_fresh(Events* events);
    void end_ball(BallEndReason reason, Events* events);
    void settle(Events* events);

    Ruleset ruleset_;
    Seed seed_;
    DealSet deals_{};
    std::uint16_t dealt_ = 0;  // bit k: deals_[k] is filled
    Rack rack_;
    int deal_index_ = -1;
    bool second_ball_ = false;
    int ball_pins_ = 0;
    ScoreSheet sheet_{10};
    bool over_ = false;
    bool resigned_ = false;
    std::vector<Action> actions_;
};

}  // namespace pinfall::engine
