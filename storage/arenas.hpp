// Stored arenas (issue 28, docs/rules.md "Arenas"), schema version 12: an arena's settings and
// life (created, ended), who joined, and its games (ordinary rows of `games` with mode
// 'arena', the arena, the player's game number n, berserk, the game's par and points once it
// finished). Beside Store, on the same Database and thread (Store::arenas()).
//
// Thread-safety: none, as Store.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

struct ArenaRow {
    std::int64_t id = 0;
    std::string name;
    std::string ruleset = "sackson";
    Millis starts_at = 0;
    Millis ends_at = 0;
    std::optional<int> clock_ms;          // per game; none: no clock
    std::string entry = "open";           // "open", "registered", "league"
    std::optional<std::int64_t> league;   // entry "league"
    std::optional<PlayerId> created_by;   // none: the operator's schedule
    std::optional<std::string> schedule_slot;  // the schedule's key of this arena (unique)
    Millis created_at = 0;
    std::optional<Millis> ended_at;       // set once, by whichever node ends it
    int players = 0;                      // joined (read with the row)
};

// One of an arena's games (a games row).
struct ArenaGameRow {
    GameRowId game = 0;
    PlayerId player = 0;
    int n = 0;  // the player's n-th game in the arena, from 1
    bool berserk = false;
    Millis started_at = 0;
    std::optional<Millis> finished_at;
    int score = 0;
    std::optional<int> par;
    std::optional<int> points;  // set with the finish
    ReviewState review = ReviewState::kClean;  // the result's state (storage/integrity.hpp)
    bool banned = false;                       // its player is banned
    // On the standings: clean or cleared, by a player not banned (as every board).
    bool counts() const { return on_boards(review) && !banned; }
};

struct ArenaMemberRow {
    PlayerId player = 0;
    std::string name;
    Millis joined_at = 0;
    std::optional<Millis> left_at;
};

class ArenaStore {
   public:
    // Prepares its statements on db (schema version 12 or later). Sets *status on failure.
    ArenaStore(Database& db, Status* status);
    ~ArenaStore();

    // Inserts the arena (row.id set from the database). conflict when row.schedule_slot is set
    // and an arena has that slot already (another node made it: nothing written).
    Status create(ArenaRow& row);
    std::optional<ArenaRow> arena(std::int64_t id);
    // Arenas by phase at `now`, paged by id: upcoming (starts_at > now) soonest first, live
    // (starts_at <= now < ends_at) and finished (ended_at set, or ends_at <= now) newest first;
    // at most limit, with ids after `after` in that order (0: from the first).
    std::vector<ArenaRow> upcoming(Millis now, int limit, std::int64_t after_starts = 0);
    std::vector<ArenaRow> live(Millis now, int limit);
    std::vector<ArenaRow> finished(Millis now, int limit, std::int64_t before_id = 0);
    // Arenas created by the player since `since` (the creation budget).
    int created_since(PlayerId player, Millis since);
    // Marks the arena ended at `at` once: *first is true for the call that set it.
    Status end(std::int64_t id, Millis at, bool* first);
    // Arenas whose end (ends_at) has passed and that are not marked ended.
    std::vector<ArenaRow> due_to_end(Millis now);

    // Joining: adds the player (or clears left_at of one who left). leave sets left_at;
    // not_found when the player is not in.
    Status join(std::int64_t arena, PlayerId player, Millis now);
    Status leave(std::int64_t arena, PlayerId player, Millis now);
    std::optional<ArenaMemberRow> member(std::int64_t arena, PlayerId player);
    std::vector<ArenaMemberRow> members(std::int64_t arena);

    // Creates the player's game n in the arena: `row` as Store::create_game takes it (mode
    // kArena, row.arena set), plus n and berserk. conflict when the player has a game n already.
    Status create_game(GameRow& row, int n, bool berserk);
    // The points of a finished arena game and its par (with Store::finish_game, in the same
    // transaction). not_found when no such arena game.
    Status set_points(GameRowId game, int par, int points);
    // Every game of the arena, by player then n.
    std::vector<ArenaGameRow> games(std::int64_t arena);
    // The player's games in the arena, by n.
    std::vector<ArenaGameRow> games_of(std::int64_t arena, PlayerId player);
    // Unfinished games of arenas, for the grace and the clock at start.
    std::vector<ArenaGameRow> unfinished(std::int64_t arena);

   private:
    Database& db_;
    struct Prepared;
    std::unique_ptr<Prepared> q_;
};

}  // namespace pinfall::storage
