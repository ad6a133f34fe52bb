// League arithmetic (docs/rules.md, "League arithmetic"): averages, handicap, blind and vacancy
// scores, points per pairing, round results and standings. Pure values, no clock, no I/O;
// thread-safe. Storage keeps RoundRecords; everything shown (round results, standings) is derived
// from them by these functions.
// Points are counted in half-points so ties stay exact: a game won is 2, a game tied 1.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "engine/league_schedule.hpp"
#include "engine/ruleset.hpp"

namespace pinfall::engine {

inline constexpr int kMaxGamesPerRound = 10;
inline constexpr int kMaxGameScore = 300;
inline constexpr int kBlindOffset = 10;  // blind and default vacancy: average - 10

struct LeagueRules {
    int games_per_round = 3;  // the games of a round's series
    bool handicap = false;    // false: scratch
    int handicap_percent = 90;
    int handicap_basis = 220;
    int entering_average = 150;  // a member with neither league nor daily games
    // A bye's score for each game (scratch; in handicap leagues the member's handicap is added
    // to it as to the member's own score). Empty: the member's own average - 10.
    std::optional<int> vacancy_score;
    bool operator==(const LeagueRules&) const = default;
};

// Defaults for a new league's handicap basis and entering average, fitted to the ruleset's
// scores (docs/rules.md, "Averages and handicap"; measured by bench/league_handicap.cpp): the
// basis is the coach's mean score rounded up to a multiple of 10 (as ten-pin's 220 sits above
// nearly every league average), the entering average the mean of a player halfway between a
// greedy player and the coach, rounded down to a multiple of 10.
struct HandicapDefaults {
    int basis = 0;
    int entering_average = 0;
};
HandicapDefaults handicap_defaults(Ruleset ruleset);

// True when 1 <= games_per_round <= kMaxGamesPerRound, 0 <= handicap_percent <= 100 and the
// basis, entering average and vacancy score (when set) are within 0..kMaxGameScore.
bool is_valid(const LeagueRules& rules);

// floor(pins / games); nullopt when games == 0. REQUIRES: pins >= 0, games >= 0.
std::optional<int> truncated_average(int pins, int games);
// floor(percent x (basis - average) / 100), or 0 when average >= basis. Integer arithmetic.
// REQUIRES: 0 <= percent <= 100.
int handicap(int percent, int basis, int average);
// The average a round uses: the league average, else the daily average, else the entering one.
int average_used(std::optional<int> league_average, std::optional<int> daily_average,
                 int entering_average);
// The score an absent member's game counts as for the opponent: max(0, average - 10).
int blind_score(int average);

// One side of a pairing, as scored: a member's games, or the vacancy of a bye.
struct SideResult {
    std::optional<MemberId> member;  // empty: the vacancy of a bye
    int average = 0;                 // the average used this round (the vacancy: its member's)
    int handicap = 0;                // per game; 0 in scratch leagues
    // Pins bowled per game; empty where the game counts as blind (or always, for a vacancy).
    std::vector<std::optional<int>> scratch;
    // Per game, the score that decided points: scratch, blind or vacancy score, plus handicap.
    std::vector<int> counted;
    int series = 0;      // sum of counted
    int won_halves = 0;  // half-points awarded this round; a vacancy never gets any
    bool operator==(const SideResult&) const = default;
};

struct PairingResult {
    SideResult a;
    SideResult b;  // the vacancy on a bye
    bool operator==(const PairingResult&) const = default;
};

// What one side brings to a pairing: the member, the average used this round and their games.
struct SideInput {
    MemberId member = 0;
    int average = 0;
    std::vector<std::optional<int>> games;  // empty = not bowled (blind)
};

// Scores one pairing; `b` empty is a bye against the vacancy score. Each game: a side that
// bowled it earns 2 half-points when its counted score is higher, 1 when equal; the series: a
// side that bowled every game earns 2 when its series is higher, 1 when equal. A game not
// bowled counts as the blind score (plus that member's handicap) for the opponent's benefit
// and earns its own side nothing.
// REQUIRES: is_valid(rules); each games vector has rules.games_per_round entries, each
// 0..kMaxGameScore; averages >= 0.
PairingResult score_pairing(const LeagueRules& rules, const SideInput& a,
                            const std::optional<SideInput>& b);

// A closed round as storage keeps it.
struct RoundRecord {
    int round = 0;           // 1-based
    RoundPairings pairings;  // as scheduled for this round (removals applied)
    // Scores per member: games_per_round entries, empty where the game was never started. A
    // member without an entry bowled none. Scores of members not in `pairings` are ignored.
    std::map<MemberId, std::vector<std::optional<int>>> scores;
    // Daily averages the league took (when the round opened) for members with no league game
    // before this round; ignored for members who have one. Absent: no daily average.
    std::map<MemberId, int> daily_averages;
    bool operator==(const RoundRecord&) const = default;
};

struct RoundResult {
    int round = 0;
    std::vector<PairingResult> pairings;  // in the record's pairing order
    bool operator==(const RoundResult&) const = default;
};

// Scores closed rounds, given in the order they were played. A member's average for a round is
// truncated over their games bowled in the earlier records (the league average), else the
// record's daily average for them, else rules.entering_average; it holds for the whole round.
// REQUIRES: as score_pairing, for every record's scores.
std::vector<RoundResult> score_rounds(const LeagueRules& rules,
                                      const std::vector<RoundRecord>& closed);

struct Standing {
    int rank = 0;  // 1-based; members equal on points won and scratch pins share a rank
    MemberId member = 0;
    int games = 0;                   // games bowled (blind and vacancy games never count)
    int scratch_pins = 0;            // pins bowled
    int handicap_pins = 0;           // pins bowled plus the handicap of each game bowled
    std::optional<int> average;      // truncated scratch_pins / games; empty with no games
    std::optional<int> high_game;    // scratch
    std::optional<int> high_series;  // scratch, over rounds where every game was bowled
    int won_halves = 0;
    int lost_halves = 0;  // per round scheduled: 2 x (games_per_round + 1) minus those won
    bool operator==(const Standing&) const = default;
};

// Standings of `members` over `results`: ordered by points won, then scratch pins, both
// highest first; members equal on both share a rank (competition ranking: 1, 2, 2, 4) and keep
// their order in `members`. Results of members not listed are left out; a listed member with no
// results gets an empty line.
std::vector<Standing> standings(const std::vector<MemberId>& members,
                                const std::vector<RoundResult>& results);

}  // namespace pinfall::engine
