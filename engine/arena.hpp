// Arena arithmetic (docs/rules.md "Arenas"): the points a finished game earns against its
// deal's par, the streak that doubles them, berserk's bonus, the standings' order, and the seed
// of a player's n-th game. Pure; thread-safe.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/seed.hpp"

namespace pinfall::engine {

// The table from % of par to points: a game at `min_pct` or more (and below the next row)
// earns `points`. Ascending by min_pct. The one place it is written.
struct PointsRow {
    double min_pct;
    int points;
};
inline constexpr PointsRow kArenaPoints[] = {{0, 0},  {50, 1}, {70, 2}, {80, 3},
                                             {90, 4}, {95, 5}, {100, 6}};
inline constexpr double kStrongPct = 90;        // a game that keeps (or builds) a streak
inline constexpr int kStreakAfter = 2;          // strong games in a row before points double
inline constexpr double kBerserkMinPct = 80;    // a berserk game this good earns the bonus
inline constexpr int kBerserkBonus = 1;

// 100 x score / par; 100 when par is 0.
double pct_of_par(int score, int par);
// The table's points for pct (no streak, no berserk).
int table_points(double pct);

// One finished game of a player, in the order they finished.
struct ArenaGame {
    int score = 0;
    int par = 0;
    bool berserk = false;
    std::int64_t finished_at = 0;  // Unix ms
};
// What a game earned, given the player's games before it (their streak).
struct GamePoints {
    int points = 0;
    bool doubled = false;  // on a streak
    bool berserk_bonus = false;
};
// The points of each game in order, with the streak running through them.
std::vector<GamePoints> arena_points(const std::vector<ArenaGame>& games);

// A player's line before ranking.
struct ArenaTotals {
    std::int64_t player = 0;
    int points = 0;
    int games = 0;
    double pct_sum = 0;           // sum of pct_of_par over the finished games
    std::int64_t reached_at = 0;  // finish of the last game that scored (0: none scored)
    bool on_streak = false;       // the next strong game scores double
};
ArenaTotals arena_totals(std::int64_t player, const std::vector<ArenaGame>& games);
// The standings' order: points, then average % of par, then earlier reached_at, then player.
bool ranks_before(const ArenaTotals& a, const ArenaTotals& b);

// The seed of a player's n-th game (n from 1) in an arena: HMAC-SHA256(secret,
// "pinfall/arena/<arena>/<player>/<n>").
Seed arena_seed(std::string_view secret, std::int64_t arena, std::int64_t player, int n);

}  // namespace pinfall::engine
