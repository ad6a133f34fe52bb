// Stored leagues: the league's settings and state, members, closed rounds (with the daily
// averages taken for them), the secretary's log, and queries over league games. Beside Store,
// on the same Database and thread (the storage worker). The arithmetic is the engine's.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/database.hpp"

namespace pinfall::storage {

struct LeagueRow {
    std::int64_t id = 0;
    std::string name;
    PlayerId secretary = 0;
    std::string ruleset = "sackson";
    int rounds = 0;
    int games_per_round = 3;
    int round_days = 7;
    std::string start_date;  // "YYYY-MM-DD": round 1 opens then (UTC)
    bool handicap = false;
    int handicap_percent = 90;
    int handicap_basis = 220;
    int entering_average = 150;
    std::optional<int> vacancy_score;
    std::string invite_code;
    bool joining_open = true;
    std::optional<Millis> started_at;
    std::optional<Millis> ended_at;
    Millis created_at = 0;
};

struct LeagueMemberRow {
    PlayerId player = 0;
    std::string name;
    int seat = 0;  // join order: the place in the schedule
    std::optional<int> removed_from_round;
};

struct LeagueRoundRow {
    int round = 0;
    Millis closed_at = 0;
    bool early = false;  // ended by the secretary before its time
};

struct LeagueScore {
    PlayerId player = 0;
    int round = 0;
    int game = 0;
    int score = 0;
};

// A league game started and not finished: whose, and which (round, game).
struct LeagueGameSlot {
    PlayerId player = 0;
    int round = 0;
    int game = 0;
    bool operator==(const LeagueGameSlot&) const = default;
};

// A league a player belongs to (as secretary, member, or both).
struct PlayerLeague {
    LeagueRow league;
    std::string secretary_name;
    bool member = false;  // ever joined it (removed members too)
};

class LeagueStore {
   public:
    LeagueStore(Database& db, Status* status);

    // Inserts the league; sets row.id. conflict when the invite code is taken (the transaction
    // stays usable: the caller may try another code).
    Status create(LeagueRow& row);
    std::optional<LeagueRow> by_id(std::int64_t id);
    // by_id that also locks the league's row until the transaction ends (PostgreSQL: FOR
    // UPDATE), so that changes to one league made through several nodes take turns: each
    // reads the league as the one before it left it. Call it first in a league change.
    std::optional<LeagueRow> by_id_locked(std::int64_t id);
    std::optional<LeagueRow> by_code(const std::string& code);
    std::vector<LeagueRow> running();  // started, not ended
    // The leagues `player` is secretary or member of, newest first, at most `limit`.
    std::vector<PlayerLeague> of_player(PlayerId player, int limit);

    std::vector<LeagueMemberRow> members(std::int64_t league);  // by seat
    // conflict when already a member (the transaction stays usable: the server answers
    // already_member from the same job).
    Status add_member(std::int64_t league, PlayerId player, int seat);
    Status remove_member(std::int64_t league, PlayerId player, std::optional<int> from_round);
    Status set_joining(std::int64_t league, bool open);
    Status set_started(std::int64_t league, Millis at);
    Status set_ended(std::int64_t league, Millis at);

    // conflict when the round is already closed.
    Status close_round(std::int64_t league, int round, Millis at, bool early);
    std::vector<LeagueRoundRow> closed_rounds(std::int64_t league);
    Status set_daily_average(std::int64_t league, int round, PlayerId player, int average);
    std::map<int, std::map<PlayerId, int>> daily_averages(std::int64_t league);
    // Truncated average of the player's finished daily games finished before `before`.
    std::optional<int> daily_average(PlayerId player, Millis before);

    Status log(std::int64_t league, PlayerId player, const std::string& action,
               const std::string& detail, Millis at);
    // Finished league games still on the boards: a result held by the integrity review
    // (review, disqualified) or of a banned player is left out (storage/integrity.hpp).
    std::vector<LeagueScore> scores(std::int64_t league);
    // The league's games started and not finished, every round, by round, game and player.
    std::vector<LeagueGameSlot> in_play(std::int64_t league);
    // Ids of the league's games of `round` not finished.
    std::vector<std::int64_t> unfinished_games(std::int64_t league, int round);
    // The player's game of (league, round, game), if started.
    std::optional<std::int64_t> game_id(PlayerId player, std::int64_t league, int round, int game);

   private:
    LeagueRow read(Statement& s);
    Database& db_;
    Statement create_, by_id_, by_id_locked_, by_code_, running_, members_, add_member_, remove_member_,
        set_joining_, set_started_, set_ended_, close_round_, closed_rounds_, set_avg_, avgs_,
        daily_avg_, log_, scores_, in_play_, unfinished_, game_id_, of_player_;
};

}  // namespace pinfall::storage
