// The coach (docs/rules.md, "Par and the coach"): ranks the actions open to a player by the
// final score they can expect, using only what the player has seen. CoachView is that
// information: every pin's card (all are dealt face up), the standing pins, each pile's face-up
// card and face-down count, the set of cards still face down (not their order), the sheet and
// where the ball is. Deals not yet dealt are unknown and valued by the table of expected future
// points (engine/coach_table.hpp).
//
// Each hint searches the rack in play exactly (engine/coach_search.hpp); past the node budget it
// falls back to sampling the face-down cards (engine/coach_sample.hpp). A Coach reuses its search
// between hints on the same rack. Pure and deterministic: the same view gives the same hints.
// A Coach is a value for one thread at a time; it holds up to a few tens of MB while searching.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/coach_search.hpp"
#include "engine/coach_table.hpp"
#include "engine/game.hpp"

namespace pinfall::engine {

struct CoachView {
    Ruleset ruleset = Ruleset::kSackson;
    bool over = false;
    int frame = 0;  // ball in play (meaningless once over)
    int ball = 0;
    int deal = 0;
    bool second_ball_on_rack = false;
    ScoreSheet sheet;
    HiddenRack rack;  // ball and r1 as this rack counts them
    bool operator==(const CoachView&) const = default;
};

// What the player of game has seen. Reads of the rack's face-down cards stop at the face-up ones.
CoachView coach_view_of(const Game& game);

struct Hint {
    Action action;
    double expected = 0;  // expected final score after this action, playing on as the coach
};

class Coach {
 public:
    // budget: positions an exact rack search may visit; samples: deals of the fallback.
    // The default budget keeps a hint under 50 ms on the project's machines (docs/benchmarks.md,
    // "Par"): a fresh rack's exact search visits about 47,000 positions on average; the few
    // racks that need more than 2^17 get a sampled first hint.
    explicit Coach(std::size_t budget = std::size_t{1} << 17, int samples = 48);

    // Every action at v with its expected final score, best first; among equal values the order
    // of the legal plays (pile, then pin list), the stop last. Empty once v.over.
    std::vector<Hint> hints(const CoachView& v);
    // The goal the rack in play is searched with (its rolls' expected final scores).
    static RackGoal goal_of(const CoachView& v, const FutureTable& table);
    // False when the last hints came from the sampling fallback.
    bool last_exact() const { return last_exact_; }

 private:
    Expectimax search_;
    int samples_;
    bool last_exact_ = true;
};

}  // namespace pinfall::engine
