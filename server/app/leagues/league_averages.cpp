#include "server/app/leagues/league_averages.hpp"

#include "engine/league_standings.hpp"

namespace pinfall::server {

std::optional<int> next_round(const LeagueState& s) {
    for (int r = 1; r <= s.league.rounds; ++r) {
        if (!round_closed(s, r)) return r;
    }
    return std::nullopt;
}

void fill_average(const LeagueState& s, storage::PlayerId member,
                  protocol::LeagueMemberInfo* out) {
    // League games count once their round is closed, as the engine's round records do.
    int pins = 0, games = 0;
    for (const auto& sc : s.scores) {
        if (sc.player != member || !round_closed(s, sc.round)) continue;
        if (sc.game < 1 || sc.game > s.league.games_per_round) continue;
        pins += sc.score;
        ++games;
    }
    const auto league_avg = engine::truncated_average(pins, games);
    std::optional<int> daily;
    if (const auto it = s.next_daily.find(member); it != s.next_daily.end()) daily = it->second;
    out->average = engine::average_used(league_avg, daily, s.league.entering_average);
    out->average_source = league_avg ? "league" : (daily ? "daily" : "entering");
    out->average_games = games;
    if (s.league.handicap) {
        out->handicap =
            engine::handicap(s.league.handicap_percent, s.league.handicap_basis, out->average);
    }
}

}  // namespace pinfall::server
