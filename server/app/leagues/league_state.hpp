// A league as loaded from storage in one read, and what follows from it without I/O: round
// times and status, the schedule (removals applied), the closed rounds' records for the
// engine's arithmetic, and the protocol views. Pure functions over the loaded state.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/league_schedule.hpp"
#include "engine/league_standings.hpp"
#include "engine/ruleset.hpp"
#include "protocol/leagues.hpp"
#include "server/app/core/clock.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

struct LeagueState {
    storage::LeagueRow league;
    std::string secretary_name;
    std::vector<storage::LeagueMemberRow> members;  // by seat
    std::vector<storage::LeagueRoundRow> closed;    // by round
    std::map<int, std::map<storage::PlayerId, int>> daily_averages;
    std::vector<storage::LeagueScore> scores;
    std::vector<storage::LeagueGameSlot> in_play;  // started, not finished
    // Each member's daily average from the daily games finished before the first round not
    // closed opens (what closing that round will record); absent: no daily game.
    std::map<storage::PlayerId, int> next_daily;
};

// Loads everything about league `id`; nullopt when there is no such league. `for_change`:
// inside a write that changes the league, whose row it locks first (LeagueStore::by_id_locked:
// changes through several nodes take turns).
std::optional<LeagueState> load_league(storage::Store& s, std::int64_t id, bool for_change = false);

// Round r (1-based) opens start_date + (r-1) x round_days (UTC midnight) and closes a round
// length later, unless the secretary ended it before.
Clock::time_point round_opens(const storage::LeagueRow& l, int round);
Clock::time_point round_closes(const storage::LeagueRow& l, int round);
bool round_closed(const LeagueState& s, int round);
// "upcoming", "open" or "closed" at `now` (nothing is open before the season starts).
std::string round_status(const LeagueState& s, int round, Clock::time_point now);

// A league game's row and its place in the season (its seed is league_seed(secret, league,
// round, game)).
struct LeagueGameRow {
    std::int64_t row = 0;
    std::int64_t league = 0;
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    int round = 0;
    int game = 0;
};

// What closing rounds leaves for the caller to do once the transaction has committed.
struct ClosedRounds {
    std::vector<std::int64_t> unfinished;  // game rows still open: end them at the reveal
    std::vector<LeagueGameRow> games;      // every game row of the rounds: their par is due
};

// Closes round r: stores the daily averages the arithmetic may need (members' daily games
// finished before the round opened), then the round; adds the round's unfinished games and
// all its game rows to *closed for the caller.
storage::Status close_league_round(storage::Store& s, const LeagueState& st, int round,
                                   Clock::time_point now, bool early, ClosedRounds* closed);

engine::LeagueRules rules_of(const storage::LeagueRow& l);
engine::Schedule schedule_of(const LeagueState& s);
std::vector<engine::RoundRecord> records_of(const LeagueState& s);

// The detail as player `me` sees it (invite code for the secretary and members only); each
// scheduled round carries its games' seed commitments, and its seeds once it is closed; an
// open round also each scheduled member's progress (games finished, playing, not started).
// `secret`: the server secret the league seeds derive from.
protocol::LeagueDetail detail_of(const LeagueState& s, std::optional<storage::PlayerId> me,
                                 Clock::time_point now, const std::string& secret);
std::vector<protocol::StandingLine> standings_of(const LeagueState& s);
// Results of a closed round; nullopt when the round is not closed.
std::optional<protocol::LeagueRoundResults> round_results_of(const LeagueState& s, int round);

}  // namespace pinfall::server
