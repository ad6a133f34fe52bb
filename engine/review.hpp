// Post-game review (docs/rules.md, "Reviews"): every decision of a finished game judged by the
// coach under the information the player had, with the summary that separates skill from luck.
//
// For decision k (the k-th accepted action, resigns included) the coach ranks the actions open
// at the player's view (Coach::hints); `best` is its first, `expected_best` its value,
// `expected_played` the value of the action taken (a resign: the score it ends with) and
// loss = expected_best - expected_played >= 0. Summed: cost = sum of losses; start = the
// coach's expected score at the first decision; luck = score - (start - cost), which is the sum
// over the game of how far each turned card moved the expectation; engine = the score the
// coach itself makes playing these deals (its best hint every time).
//
// Pure and deterministic (the coach is). Cost: one hint a decision plus a coach game, a few
// seconds at worst on one core. REQUIRES: record replays to a finished game (check first).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "engine/action.hpp"
#include "engine/coach.hpp"
#include "engine/par.hpp"
#include "engine/record.hpp"

namespace pinfall::engine {

// Mistake marks by expected points lost (docs/rules.md): "??" from 10, "?" from 5, "?!" from 2,
// "" below.
inline constexpr double kDubiousLoss = 2.0;
inline constexpr double kMistakeLoss = 5.0;
inline constexpr double kBlunderLoss = 10.0;
std::string_view mistake_mark(double loss);

struct ReviewedDecision {
    int index = 0;  // the action's index in the record, from 0
    int frame = 0;  // where the ball was when it was taken
    int ball = 0;
    Action played;
    Action best;
    double expected_played = 0;
    double expected_best = 0;
    double loss() const { return expected_best - expected_played; }
};

struct GameReview {
    std::vector<ReviewedDecision> decisions;
    int score = 0;
    double start = 0;  // the coach's expected final score at the first decision
    double cost = 0;   // sum of the decisions' losses
    double luck = 0;   // score - (start - cost)
    int engine = 0;    // the coach's own score on these deals
    ParResult par;
};

// True when a and b are the same action (pins compared as sets).
bool same_action(const Action& a, const Action& b);

// The review of record's game. Returns an empty optional when the record does not replay to a
// finished game.
std::optional<GameReview> review_game(const Record& record, Coach& coach);
// The score the coach makes on seed's deals, taking its best hint at every decision.
int coach_score(Ruleset ruleset, const Seed& seed, Coach& coach);

}  // namespace pinfall::engine
