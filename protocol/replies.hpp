// Typed server replies for accounts, the daily challenge, leaderboards, profiles and stored
// games (docs/protocol.md), and their encoders. Over HTTP (GET /api/...) the same objects are
// sent without "re". Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/daily_loop.hpp"
#include "protocol/encode.hpp"

namespace pinfall::protocol {

struct PlayerRef {
    std::int64_t id = 0;
    std::string name;
};

// Between the asker and another player (docs/protocol.md "Friends and the inbox").
struct RelationView {
    bool following = false;  // the asker follows the player
    bool follower = false;   // the player follows the asker
    bool blocked = false;    // the asker blocks the player
    bool friends() const { return following && follower; }
};

struct Registered {
    PlayerRef player;
    std::string token;  // shown once; the server keeps only its SHA-256
};

struct DailyStatus {
    std::string date;        // today, UTC
    std::string commitment;  // SHA-256 of today's seed, hex
    std::string ruleset;
    std::string ends_at;     // RFC 3339: attempts may start until then
    std::string reveals_at;  // RFC 3339: attempts may finish until then
    std::optional<std::string> revealed_date;  // the most recently revealed day
    std::optional<std::string> revealed_seed;
    std::optional<int> revealed_par;               // the revealed day's par, once computed
    std::optional<std::string> revealed_par_line;  // its best line, a record
    std::string status;  // "anonymous" (not logged in), "none", "started", "finished"
    std::optional<GameId> game;
    std::optional<int> score;
    // Set while the attempt is held: "review" or "disqualified" (docs/protocol.md "Moderation").
    std::optional<std::string> review;
    std::optional<DailyLoop> loop;  // with a ranked identity only (never "anonymous")
};

struct BoardEntry {
    std::int64_t rank = 0;
    PlayerRef player;
    int score = 0;  // best_average: the average, truncated
    int strikes = 0;
    int spares = 0;
    int games = 0;  // best_average only
    std::string finished_at;
    GameId game = 0;  // 0 for best_average
    std::optional<double> par_pct;  // daily, once the day's par is public: score / par x 100
};

struct LeaderboardPage {
    std::string board;  // "daily", "best_game", "best_average"
    std::optional<std::string> date;
    std::string ruleset;
    std::uint64_t total = 0;
    std::vector<BoardEntry> entries;
    std::optional<std::string> next_cursor;
    std::optional<BoardEntry> me;
    std::optional<int> par;  // daily: the day's par, once revealed (null before)
    std::optional<std::string> scope;  // written only when the request named a scope
};

struct HistogramBin {
    int from = 0;  // inclusive
    int to = 0;    // inclusive
    int count = 0;
};

struct RecentGame {
    GameId game = 0;
    std::string mode;
    std::optional<std::string> day;
    int score = 0;
    std::string finished_at;
    std::optional<int> par;  // once public and computed
    std::optional<std::string> review;  // held: "review" or "disqualified" (the player's own)
};

// A finished game on a real lane (kept apart from solitaire statistics).
struct LaneGameLine {
    std::string lane;  // the lane's code
    std::string ruleset;
    std::string side;
    int score = 0;
    std::string finished_at;
};

struct TrendGame {
    GameId game = 0;
    std::string mode;
    int score = 0;
};

struct Profile {
    PlayerRef player;
    int games = 0;
    int average = 0;  // truncated
    int high_game = 0;
    double strike_pct = 0;  // strikes / (frames bowled) x 100, one decimal
    double spare_pct = 0;   // spares / (frames not struck) x 100, one decimal
    int current_streak = 0;  // consecutive daily challenges finished, up to today
    int longest_streak = 0;
    std::vector<HistogramBin> histogram;
    std::vector<RecentGame> recent;  // newest first
    // Mean of score / par x 100 over the finished games whose par is public, one decimal;
    // null when there is none.
    std::optional<double> par_pct;
    std::vector<LaneGameLine> lanes;  // newest first; never part of the figures above
    // Every finished game's score by kind ("practice", "daily", "league"): (score, games)
    // ascending by score, kinds with no game left out.
    std::vector<std::pair<std::string, std::vector<std::pair<int, int>>>> scores;
    std::vector<TrendGame> trend;  // the last kTrendGames finished games, oldest first
    // Another player's profile asked by a ranked identity: what holds between the two;
    // written as `relation` (null otherwise).
    std::optional<RelationView> relation;
};

struct Verified {
    GameId game = 0;
    bool ok = false;  // the record replays without an illegal action and gives the stored score
    int replayed_score = 0;
    int stored_score = 0;
    std::optional<int> failed_index;
    std::optional<std::string> error;
};

struct StoredGame {
    GameId game = 0;
    std::string mode;
    std::optional<std::string> day;
    std::optional<PlayerRef> player;
    std::string ruleset;
    bool finished = false;
    int score = 0;
    int strikes = 0;
    int spares = 0;
    std::optional<std::string> finished_at;
    // Present only once the game may be shown: practice games when finished, ranked games
    // when their day or round is revealed.
    std::optional<std::string> seed;
    std::optional<std::string> record;
    std::optional<int> par;  // with seed and record, once computed
};

std::string encode_registered(Re re, const Registered& m);
// token: only for a login with name and password (the token it created for this device).
std::string encode_logged_in(Re re, const PlayerRef& p,
                             const std::optional<std::string>& token = std::nullopt);
std::string encode_password_changed(Re re);
// The new token after rotation (logout_others); shown once.
std::string encode_logged_out_others(Re re, const std::string& token);
std::string encode_daily(Re re, const DailyStatus& m);
std::string encode_leaderboard(Re re, const LeaderboardPage& m);
std::string encode_profile(Re re, const Profile& m);
std::string encode_verified(Re re, const Verified& m);
std::string encode_stored_game(Re re, const StoredGame& m);

}  // namespace pinfall::protocol
