// Par of a game of Bowling Solitaire (docs/rules.md, "Par and the coach"): the best final score
// its deals allow to a player who knows every card, over the whole game (frames 1-10 on deals
// 0-9, frame 10's bonus balls on deals 10 and 11), with the best line as actions in record
// notation that replay (engine::replay) to exactly that score.
//
// Exact: each rack is searched completely (engine/par_rack.hpp) and the frames are joined by a
// dynamic programme over the pending strike and spare bonus (engine/par_frames.hpp).
// Pure and deterministic: no I/O, no clock; the same deals and ruleset give the same par and
// the same line. A ParSolver keeps about 1 MB of scratch between calls and serves one thread at
// a time; the free functions make their own and are thread-safe.
#pragma once

#include <array>
#include <vector>

#include "engine/action.hpp"
#include "engine/game.hpp"
#include "engine/par_frames.hpp"
#include "engine/par_rack.hpp"
#include "engine/record.hpp"
#include "engine/ruleset.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {

struct ParResult {
    int par = 0;
    // Every accepted action of a game on these deals that ends with score() == par: plays, and
    // stops only where a legal play is left; never a resign.
    std::vector<Action> line;
    ParPlan plan;  // the rolls the line makes
};

class ParSolver {
 public:
    // What each of the 12 deals allows (racks[k]: deal k, searched from its fresh rack).
    std::array<RackOutcomes, kMaxDeals> outcomes(Ruleset ruleset, const DealSet& deals);
    // Par and its line on deals. Ties between lines of equal score are broken as par_plan and
    // RackSolver::line document.
    ParResult solve(Ruleset ruleset, const DealSet& deals);

 private:
    void append_line(const Deal& deal, Ruleset ruleset, int r1, int r2, std::vector<Action>& out);
    RackSolver rack_;
};

// Thread-safe: each thread solves with a solver of its own, kept for its next call.
ParResult solve_par(Ruleset ruleset, const DealSet& deals);
// Deals 0-11 of seed (engine::deal_all), solved.
ParResult solve_par(Ruleset ruleset, const Seed& seed);
// The best line as a record of the game on seed.
Record par_record(Ruleset ruleset, const Seed& seed, const ParResult& result);

}  // namespace pinfall::engine
