// The two values of every choice that the clairvoyance statistic (engine/integrity.hpp) compares,
// besides the coach's: P, the best final score reachable after a choice with every card known
// (the true deal), and q, the chance over the deals the player cannot tell apart that a choice
// turns out to be among the best with every card known.
//
// P is exact and built from the par solver's pieces: the rack in play is searched from its
// current position (RackSolver), and what follows is worth par's own dynamic programme over the
// later racks (par_table), fed to the coach's goal (Coach::goal_of) as a table of exact future
// points. So at a game's first decision max over the choices of P is par.
//
// q is estimated by sampling: the face-down cards of the rack in play are dealt out anew (a
// splitmix64 shuffle of the cards the player has not seen) and the later deals are drawn from a
// fixed pool of deals made by the public deal algorithm (64 per ruleset, built once per process).
// Neither ever reads a face-down card of the game analysed. Pure and deterministic.
//
// Choices are always listed in one order: the legal plays by pile, then kGroups order (pin lists
// lexicographic), then the stop, as Expectimax::actions and sampled_actions list them.
// A KnownValues (or BestChances) is a value for one thread at a time; about 1 MB of scratch each.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/action.hpp"
#include "engine/coach.hpp"
#include "engine/game.hpp"
#include "engine/par_frames.hpp"
#include "engine/par_rack.hpp"

namespace pinfall::engine {

using RackSet = std::array<RackOutcomes, kMaxDeals>;

// Every choice open at game's position, in the order above. Empty once the game is over.
std::vector<Action> open_actions(const Game& game);

// The future points table of the coach, filled with the exact values of the racks in `racks`
// (par_table's `table` of them) for a player on deal `deal`: frames f..10 as table.value, frame
// 10's bonus balls from racks[10] and racks[11]. Only entries after deal `deal` are meaningful.
FutureTable known_future(const RackSet& racks, const ParTable& table, int deal);

// P for one game whose deals are all known.
class KnownValues {
 public:
    // Solves the 12 racks of deals (about 0.3 ms); call once per game.
    void start(Ruleset ruleset, const DealSet& deals);
    // The best final score reachable after each choice at game's position (open_actions order).
    // REQUIRES: start() with game's deals and ruleset; !game.over().
    std::vector<int> values(const Game& game);
    int par() const { return table_.value[0][0]; }

 private:
    Ruleset ruleset_ = Ruleset::kSackson;
    DealSet deals_{};
    RackSet racks_{};
    ParTable table_{};
    int loaded_ = -1;  // the deal solver_ holds (its memo serves every decision of a rack)
    RackSolver solver_;
};

// q, conditional on the decision being a deciding one: among sampled deals consistent with the
// player's view at game's position where the choice `coach_best` (an index in open_actions) is
// not among the best, the share where choice i is; smoothed as (n_i + 0.5) / (n + 1) so that
// no estimate is 0 or 1. Seeded by `seed` alone (a hash of the record and the decision).
class BestChances {
 public:
    explicit BestChances(int samples = 64) : samples_(samples) {}
    std::vector<double> chances(const Game& game, int coach_best, std::uint64_t seed);
    int samples() const { return samples_; }

 private:
    int samples_;
    RackSolver solver_;
};

}  // namespace pinfall::engine
