#include "server/app/players/profile_stats.hpp"

#include <algorithm>
#include <iterator>
#include <map>

#include "server/app/core/clock.hpp"
#include "server/app/core/calendar.hpp"

namespace pinfall::server {

void daily_streaks(std::vector<std::string> days, const std::string& today, int* current,
                   int* longest) {
    std::sort(days.begin(), days.end());
    days.erase(std::unique(days.begin(), days.end()), days.end());
    *current = *longest = 0;
    int run = 0;
    for (std::size_t i = 0; i < days.size(); ++i) {
        run = (i > 0 && previous_day(days[i]) == days[i - 1]) ? run + 1 : 1;
        *longest = std::max(*longest, run);
    }
    if (days.empty()) return;
    const std::string& last = days.back();
    if (last == today || last == previous_day(today)) *current = run;
}

protocol::Profile compute_profile(const protocol::PlayerRef& player,
                                  const std::vector<storage::PlayedGame>& listed,
                                  const std::string& today) {
    // A held result (review, disqualified) counts in no figure; it is only listed.
    std::vector<storage::PlayedGame> games;
    std::copy_if(listed.begin(), listed.end(), std::back_inserter(games),
                 [](const auto& g) { return storage::on_boards(g.review); });
    protocol::Profile p;
    p.player = player;
    p.games = static_cast<int>(games.size());
    // Bins of kHistogramBin from 0; the last one also holds 300 (270-300, not a bin of its own).
    for (int from = 0; from < 300; from += kHistogramBin) {
        p.histogram.push_back({from, from + kHistogramBin - 1, 0});
    }
    p.histogram.back().to = 300;
    std::int64_t pins = 0, strikes = 0, spares = 0;
    std::vector<std::string> daily_days;
    for (const auto& g : games) {
        pins += g.score;
        strikes += g.strikes;
        spares += g.spares;
        p.high_game = std::max(p.high_game, g.score);
        const int bin = std::min(g.score / kHistogramBin, static_cast<int>(p.histogram.size()) - 1);
        ++p.histogram[bin].count;
        if (g.mode == storage::GameMode::kDaily) daily_days.push_back(g.day);
    }
    if (!games.empty()) {
        p.average = static_cast<int>(pins / p.games);
        const double frames = 10.0 * p.games;
        p.strike_pct = 100.0 * static_cast<double>(strikes) / frames;
        p.spare_pct = 100.0 * static_cast<double>(spares) / frames;
    }
    daily_streaks(std::move(daily_days), today, &p.current_streak, &p.longest_streak);
    // Average % of par over the games whose par is stored: storage holds a ranked game's par
    // only from its reveal on, so this never speaks of a game still hidden.
    double pct_sum = 0;
    int with_par = 0;
    for (const auto& g : games) {
        if (!g.par || *g.par <= 0) continue;
        pct_sum += 100.0 * g.score / *g.par;
        ++with_par;
    }
    if (with_par) p.par_pct = pct_sum / with_par;
    std::map<std::string, std::map<int, int>> by_mode;
    for (const auto& g : games) ++by_mode[storage::mode_name(g.mode)][g.score];
    for (const char* mode : {"practice", "daily", "league"}) {
        const auto it = by_mode.find(mode);
        if (it == by_mode.end()) continue;
        p.scores.emplace_back(mode, std::vector<std::pair<int, int>>(it->second.begin(), it->second.end()));
    }
    // Games that finished in the same millisecond are ordered by id (ids rise as games start).
    std::vector<const storage::PlayedGame*> order;
    for (const auto& g : games) order.push_back(&g);
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return a->finished_at != b->finished_at ? a->finished_at < b->finished_at : a->game < b->game;
    });
    const std::size_t from = order.size() > kTrendGames ? order.size() - kTrendGames : 0;
    for (std::size_t i = from; i < order.size(); ++i) {
        p.trend.push_back({order[i]->game, storage::mode_name(order[i]->mode), order[i]->score});
    }
    for (auto it = listed.rbegin(); it != listed.rend() && p.recent.size() < kRecentGames; ++it) {
        protocol::RecentGame r;
        r.game = it->game;
        r.mode = storage::mode_name(it->mode);
        if (!it->day.empty()) r.day = it->day;
        r.score = it->score;
        r.par = it->par;
        r.finished_at = format_rfc3339_ms(it->finished_at);
        if (!storage::on_boards(it->review)) r.review = storage::review_state_name(it->review);
        p.recent.push_back(std::move(r));
    }
    return p;
}

}  // namespace pinfall::server
