// League replies (docs/protocol.md "Leagues"): a league's detail with its schedule, its
// standings, and one closed round's results. Points are sent as numbers with halves (3.5).
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "protocol/replies.hpp"

namespace pinfall::protocol {

struct LeagueMemberInfo {
    PlayerRef player;
    std::optional<int> removed_from_round;
};

struct LeaguePairingInfo {
    PlayerRef a;
    std::optional<PlayerRef> b;  // empty: a bye
};

struct LeagueRoundInfo {
    int round = 0;
    std::string opens_at;
    std::string closes_at;
    std::string status;  // "upcoming", "open", "closed"
    std::vector<LeaguePairingInfo> pairings;
};

struct LeagueDetail {
    std::int64_t id = 0;
    std::string name;
    PlayerRef secretary;
    std::string ruleset;
    int rounds = 0;
    int games_per_round = 0;
    int round_days = 0;
    std::string start_date;
    bool handicap = false;
    int handicap_percent = 0;
    int handicap_basis = 0;
    int entering_average = 0;
    std::optional<int> vacancy_score;
    std::optional<std::string> invite_code;  // for the secretary and members only
    bool joining_open = false;
    std::string status;  // "forming", "running", "ended"
    std::vector<LeagueMemberInfo> members;
    std::vector<LeagueRoundInfo> schedule;  // empty before the season starts
    bool you_member = false;
    bool you_secretary = false;
};

struct StandingLine {
    int rank = 0;
    PlayerRef player;
    int games = 0;
    std::optional<int> average;
    std::optional<int> high_game;
    std::optional<int> high_series;
    int scratch_pins = 0;
    int handicap_pins = 0;
    int won_halves = 0;
    int lost_halves = 0;
};

struct LeagueSideResult {
    std::optional<PlayerRef> player;  // empty: the vacancy of a bye
    int average = 0;
    int handicap = 0;
    std::vector<std::optional<int>> scratch;  // null: blind (not bowled)
    std::vector<int> counted;
    int series = 0;
    int won_halves = 0;
};

struct LeagueRoundResults {
    int round = 0;
    std::vector<std::pair<LeagueSideResult, LeagueSideResult>> pairings;
};

std::string encode_league(Re re, const LeagueDetail& m);
std::string encode_league_standings(Re re, std::int64_t league,
                                    const std::vector<StandingLine>& lines);
std::string encode_league_round(Re re, std::int64_t league, const LeagueRoundResults& m);

}  // namespace pinfall::protocol
