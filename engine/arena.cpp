#include "engine/arena.hpp"

#include <cmath>
#include <iterator>
#include <string>

namespace pinfall::engine {
namespace {

// The average % of par a standings line ties on, on a grid of 1e-9 %: sums of the same
// percentages added in another order may differ in their last bits, and equal averages must
// tie (then reached_at decides). A grid keeps the order a strict weak ordering, which a
// tolerance would not.
std::int64_t average_key(const ArenaTotals& t) {
    if (t.games <= 0) return 0;
    return std::llround(t.pct_sum / t.games * 1e9);
}

}  // namespace

double pct_of_par(int score, int par) {
    if (par == 0) return 100;
    // Integers first, one division: a percentage that is a whole number (a row's boundary)
    // comes out exactly, as 100 * score and par are exact in a double.
    return 100.0 * score / par;
}

int table_points(double pct) {
    for (auto row = std::rbegin(kArenaPoints); row != std::rend(kArenaPoints); ++row) {
        if (pct >= row->min_pct) return row->points;
    }
    return 0;
}

std::vector<GamePoints> arena_points(const std::vector<ArenaGame>& games) {
    std::vector<GamePoints> out;
    out.reserve(games.size());
    int strong_in_a_row = 0;  // strong games just before this one
    for (const ArenaGame& g : games) {
        const double pct = pct_of_par(g.score, g.par);
        GamePoints p;
        p.points = table_points(pct);
        if (pct >= kStrongPct) {
            if (strong_in_a_row >= kStreakAfter) {
                p.points *= 2;
                p.doubled = true;
            }
            ++strong_in_a_row;
        } else {
            strong_in_a_row = 0;
        }
        if (g.berserk && pct >= kBerserkMinPct) {  // after doubling
            p.points += kBerserkBonus;
            p.berserk_bonus = true;
        }
        out.push_back(p);
    }
    return out;
}

ArenaTotals arena_totals(std::int64_t player, const std::vector<ArenaGame>& games) {
    ArenaTotals t;
    t.player = player;
    const std::vector<GamePoints> points = arena_points(games);
    int strong_in_a_row = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const double pct = pct_of_par(games[i].score, games[i].par);
        t.points += points[i].points;
        ++t.games;
        t.pct_sum += pct;
        if (points[i].points > 0) t.reached_at = games[i].finished_at;
        strong_in_a_row = pct >= kStrongPct ? strong_in_a_row + 1 : 0;
    }
    t.on_streak = strong_in_a_row >= kStreakAfter;
    return t;
}

bool ranks_before(const ArenaTotals& a, const ArenaTotals& b) {
    if (a.points != b.points) return a.points > b.points;
    const std::int64_t avg_a = average_key(a), avg_b = average_key(b);
    if (avg_a != avg_b) return avg_a > avg_b;
    if (a.reached_at != b.reached_at) return a.reached_at < b.reached_at;
    return a.player < b.player;
}

Seed arena_seed(std::string_view secret, std::int64_t arena, std::int64_t player, int n) {
    const std::string message = "pinfall/arena/" + std::to_string(arena) + "/" +
                                std::to_string(player) + "/" + std::to_string(n);
    return hmac_seed(secret, message);
}

}  // namespace pinfall::engine
