// Clairvoyance detection (issue 27, docs/integrity.md): did a finished game's player choose by
// the cards still face down? At each decision every choice a has two values: E(a), the coach's
// expected final score under hidden information (Coach::hints at the player's view), and P(a),
// the best final score reachable after a with every card known (engine/integrity_values.hpp).
// A decision is *deciding* when the coach's best choice is not among the true-deal best.
//
// Per game (docs/integrity.md gives the reasons):
//   tau   the player's own noise: maximum likelihood of the choices made under softmax(E/tau),
//         over the decisions that are not deciding; golden-section search on log tau in
//         [0.05, 50]; 50 when no such decision has two different values.
//   LLR   sum over the deciding decisions of log softmax(P/2)(played) - log softmax(E/tau)(played),
//         each term capped above at kLlrTermCap (set where none reaches it; see there).
//   z     the guard, mean zero for any honest player: sum(1[played is true-deal best] - q) /
//         sqrt(sum q(1 - q)) over the deciding decisions, q the chance that the played choice
//         turns out best given the player's view and that the decision is deciding (sampled).
// A game is flagged when LLR >= its threshold and z >= its threshold (integrity_thresholds); a
// game with no deciding decision has LLR = z = 0 and is never flagged. Over a player's last
// seven games the LLRs add (under their own cap) and the guards combine (sum of numerators over the
// root of the sum of variances), against thresholds of their own (week_verdict).
//
// Pure and deterministic: the same record gives the same report on every machine and thread.
// Cost (docs/integrity.md, measured): one Coach::hints per decision, as a review, plus the exact
// search of each choice and `samples` sampled deals at each deciding decision.
// An IntegrityAnalyzer is a value for one thread at a time; it holds a Coach (tens of MB).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "engine/action.hpp"
#include "engine/coach.hpp"
#include "engine/integrity_values.hpp"
#include "engine/record.hpp"

namespace pinfall::engine {

// The most one decision adds to a game's LLR, and to the LLR summed over seven games (the
// term is kept whole in IntegrityDecision::llr). Measured (docs/integrity.md, "The cap"): a cap
// of 15 to 60 lowered detection at equal false flags, since a clairvoyant's large terms (it
// ignores E's gaps) are what sets it apart from a precise honest player's lucky guesses; so the
// caps are set where no term reaches them. Kept so that the study can try others.
inline constexpr double kLlrTermCap = 1000;
// A player's week: their last seven analysed ranked games of a ruleset (week_verdict).
inline constexpr int kWeekGames = 7;
inline constexpr double kWeekLlrTermCap = 1000;

// One choice at a decision: its coach value E and its true-deal value P.
struct IntegrityChoice {
    Action action;
    double expected = 0;  // E
    int known = 0;        // P
};

// One decision of the game's final line (a resign is not one: it is never the statistic's).
struct IntegrityDecision {
    int index = 0;  // the action's index in the record's final line, from 0
    int frame = 0;  // where the ball was
    int ball = 0;
    std::vector<IntegrityChoice> choices;  // open_actions order
    int played = 0;                        // index in choices
    int coach_best = 0;                    // the coach's first hint
    int known_best = 0;  // among the true-deal best, the one the coach values most
    bool deciding = false;
    bool played_known_best = false;  // P(played) is the largest P
    double q = 0;                    // deciding only: the sampled chance of that
    double llr = 0;                  // deciding only: this decision's term, uncapped
};

// What a game adds to a player's rolling evidence.
struct IntegrityEvidence {
    double llr = 0;        // terms capped at kLlrTermCap
    double week_llr = 0;   // the same terms capped at kWeekLlrTermCap (what week_verdict adds)
    double guard_sum = 0;  // sum of 1[played is best] - q
    double guard_var = 0;  // sum of q(1 - q)
    int deciding = 0;
    double z() const;  // guard_sum / sqrt(guard_var), 0 when guard_var is 0
};

struct IntegrityThresholds {
    double game_llr = 0, game_z = 0;  // one game: both must be reached
    double week_llr = 0, week_z = 0;  // the last seven games, summed
};
// The calibrated thresholds of a ruleset (docs/integrity.md, how; bench/integrity_study.cpp).
IntegrityThresholds integrity_thresholds(Ruleset ruleset);

struct IntegrityReport {
    IntegrityEvidence evidence;
    double tau = 0;
    double llr = 0;
    double z = 0;
    bool flagged = false;
    int decisions = 0;  // decisions analysed (every accepted play or stop)
    int deciding = 0;
    int score = 0;
    int par = 0;
    // The deciding decisions, largest LLR term first: what a moderator looks at.
    std::vector<IntegrityDecision> drivers;
};

// The statistic of a game's decisions (as IntegrityAnalyzer::decisions gives them).
IntegrityReport integrity_report(Ruleset ruleset, const std::vector<IntegrityDecision>& decisions);
// The player's own temperature: maximum likelihood of the non-deciding decisions' choices.
double fit_temperature(const std::vector<IntegrityDecision>& decisions);

struct WeekVerdict {
    double llr = 0;
    double z = 0;
    int games = 0;
    int deciding = 0;
    bool flagged = false;
};
// The rolling verdict over a player's last games (the last seven: the caller picks them).
WeekVerdict week_verdict(Ruleset ruleset, std::span<const IntegrityEvidence> games);

class IntegrityAnalyzer {
 public:
    // samples: deals drawn for each q (BestChances).
    explicit IntegrityAnalyzer(int samples = 64);
    // Every decision with its values; q only at deciding decisions. Empty optional when the
    // record does not replay to a finished game.
    std::optional<std::vector<IntegrityDecision>> decisions(const Record& record);
    // decisions() then integrity_report(), with score and par filled in.
    std::optional<IntegrityReport> analyze(const Record& record);

 private:
    Coach coach_;
    KnownValues known_;
    BestChances chances_;
};

}  // namespace pinfall::engine
