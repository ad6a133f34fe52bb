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
    // The average the member's next round uses: "league" (over `average_games` games of closed
    // rounds), "daily" or "entering"; and the handicap it gives (handicap leagues only).
    int average = 0;
    std::string average_source;
    int average_games = 0;
    std::optional<int> handicap;
};

struct LeaguePairingInfo {
    PlayerRef a;
    std::optional<PlayerRef> b;  // empty: a bye
};

// Where one member stands in an open round: each game "finished", "playing" or "none" (not
// started), game 1 first.
struct LeagueProgressLine {
    PlayerRef player;
    std::vector<std::string> games;
};

struct LeagueRoundInfo {
    int round = 0;
    std::string opens_at;
    std::string closes_at;
    std::string status;  // "upcoming", "open", "closed"
    std::vector<LeaguePairingInfo> pairings;
    // SHA-256 of each game's seed (hex), game 1 first; the seeds themselves (hex) once the
    // round is closed, else empty (sent as null).
    std::vector<std::string> commitments;
    std::vector<std::string> seeds;
    // Open rounds only (else null): every scheduled member's games, and how many of them are
    // not started (they would become blinds if the round closed now).
    std::optional<std::vector<LeagueProgressLine>> progress;
    int not_started = 0;
};

struct LeagueDetail {
    // Set on pushes only (no `re`): what changed, e.g. "join" (docs/protocol.md "Leagues").
    std::optional<std::string> change;
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

// One line of `league_list`: a league the player is secretary or member of.
struct LeagueSummary {
    std::int64_t id = 0;
    std::string name;
    std::string status;  // "forming", "running", "ended"
    PlayerRef secretary;
    bool you_member = false;
    bool you_secretary = false;
};

std::string encode_league(Re re, const LeagueDetail& m);
std::string encode_league_list(Re re, const std::vector<LeagueSummary>& leagues);
std::string encode_league_standings(Re re, std::int64_t league,
                                    const std::vector<StandingLine>& lines);
std::string encode_league_round(Re re, std::int64_t league, const LeagueRoundResults& m);

}  // namespace pinfall::protocol
