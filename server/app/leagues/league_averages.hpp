// Which average each member's handicap uses next (docs/rules.md, "Averages and handicap"):
// their league average over the games of the closed rounds, else their daily average before
// the next round opens, else the league's entering average; with the handicap it gives in a
// handicap league. Shown in the league's detail, so the secretary sees every member's
// handicap before starting the season. Pure functions over a loaded league; thread-safe.
#pragma once

#include "protocol/leagues.hpp"
#include "server/app/leagues/league_state.hpp"

namespace pinfall::server {

// The first round not closed (1-based), or nullopt when every round is closed.
std::optional<int> next_round(const LeagueState& s);
// The member's average as the next round would use it, its source and league games, and the
// handicap (nullopt in a scratch league); the daily average is LeagueState::next_daily's.
void fill_average(const LeagueState& s, storage::PlayerId member,
                  protocol::LeagueMemberInfo* out);

}  // namespace pinfall::server
