// Pinfall's persistent state: players, guests, games (with every accepted action of a ranked
// game), daily results, revealed days, lanes and leagues. A narrow API over prepared
// statements, the same on both backends: a SQLite file or a PostgreSQL database (the
// location given to open(); docs/storage.md). Nothing above storage/ knows which one it has.
//
// Thread-safety: none. A Store is owned and used by one thread (the server's storage worker).
// Writes issued between begin() and commit() form one transaction (BEGIN IMMEDIATE on SQLite);
// callers batch many writes into one transaction (group commit).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/arenas.hpp"
#include "storage/database.hpp"
#include "storage/inbox.hpp"
#include "storage/integrity.hpp"
#include "storage/lanes.hpp"
#include "storage/leagues.hpp"
#include "storage/moderation.hpp"
#include "storage/push.hpp"
#include "storage/records.hpp"
#include "storage/social.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

// location with any password replaced by "***", for logs and messages.
std::string redact_location(const std::string& location);

class Store {
   public:
    // Opens the database at `location` and migrates its schema to the current version:
    //   sqlite:PATH or a bare PATH   a SQLite file, created (with its folder) when missing;
    //   postgresql://... or postgres://...   a PostgreSQL database (libpq URI; the password
    //   from the URI, PGPASSWORD or ~/.pgpass).
    // Returns nullptr and sets *status on failure (the message never shows a password).
    static std::unique_ptr<Store> open(const std::string& location, Status* status);
    ~Store();

    Status begin();     // BEGIN IMMEDIATE (SQLite), BEGIN (PostgreSQL)
    // begin() for group commit (the storage worker's batches): until commit() or rollback(),
    // writes that return only success or failure (append_action, the savepoints, BEGIN and
    // COMMIT themselves) are sent ahead on PostgreSQL, without waiting for their answers
    // (Database::defer_results). Such a write returns ok once sent; its failure, a conflict
    // too, shows as an error of the next statement that waits for an answer (any read, any
    // RETURNING or changes() check, rollback_to_savepoint) or of commit(), and from then on
    // every statement fails with it until rollback(): the batch fails as a whole. On SQLite,
    // begin() and the same writes as ever, each at once.
    Status begin_batch();
    // Returns ok only once the database has committed (after every write sent ahead is
    // answered); on failure the transaction is still to be rolled back.
    Status commit();
    // Inside a transaction: tells every node listening on channel (storage/coordinator.hpp)
    // `payload`, when and only if the transaction commits. PostgreSQL: NOTIFY; SQLite (one
    // node): nothing to do, ok.
    Status announce(const std::string& channel, const std::string& payload);
    Status rollback();
    // One savepoint at a time inside a transaction, for group commit (a job each):
    // savepoint() opens it; rollback_to_savepoint() undoes the writes since (it stays open;
    // it waits for its answer, so it reports a failure of a write sent ahead);
    // release_savepoint() closes it; next_savepoint() closes it and opens the next one, in one
    // round trip on PostgreSQL (where every statement is one), none in a batch (sent ahead).
    Status savepoint();
    Status rollback_to_savepoint();
    Status release_savepoint();
    Status next_savepoint();

    // Players. name_key is the case-folded name (unique). token_hash: SHA-256 of the token.
    // Returns conflict when the name is taken.
    Status create_player(const std::string& name, const std::string& name_key,
                         const std::string& token_hash, Millis now, PlayerId* id);
    // The player whose own token (players.token_hash) or one of whose password-login tokens
    // (player_tokens) hashes to token_hash; nullopt when none does.
    std::optional<PlayerRow> player_by_token(const std::string& token_hash);
    std::optional<PlayerRow> player(PlayerId id);

    // Passwords and token rotation (store_accounts.cpp, schema version 8). password_hash is
    // libsodium's argon2id string; storage never sees a password.
    // The player with this name key and its password string (nullopt: none set).
    std::optional<std::pair<PlayerRow, std::optional<std::string>>> player_login(
        const std::string& name_key);
    std::optional<std::string> password_hash(PlayerId id);
    // Sets (or replaces) the player's password string; not_found when there is no such player.
    Status set_password_hash(PlayerId id, const std::string& password_hash);
    // Adds one more token of the player (a password login's); conflict when the hash is taken.
    Status add_player_token(PlayerId id, const std::string& token_hash, Millis now);
    // Rotation: token_hash becomes the player's own token and every other token of the player
    // (the old own token, all password-login tokens) stops working; not_found when no player.
    Status rotate_player_tokens(PlayerId id, const std::string& token_hash);

    // Guests (anonymous players): token_hash is SHA-256 of the token; ids are the caller's.
    Status create_guest(std::int64_t id, const std::string& token_hash, Millis now);
    // The guest whose token has this SHA-256 (another node made it, say); nullopt when none.
    std::optional<std::int64_t> guest_by_token(const std::string& token_hash);
    std::vector<GuestRow> guests();
    // Deletes those of `candidates` that own no game and no lane and are on no lane's side (a
    // guest with nothing stored is only a token); appends the ids deleted to *removed.
    Status expire_guests(const std::vector<std::int64_t>& candidates,
                         std::vector<std::int64_t>* removed);
    // The unfinished games a guest plays as a guest (no player), oldest first.
    std::vector<GameRowId> unfinished_guest_games(std::int64_t guest);

    // Games. create_game inserts row (ignoring row.actions) with id row.id when it is > 0 (the
    // server allocates ids itself, see max_game_id), else the next free id, and sets row.id;
    // conflict when the player already has an attempt that day or the id is taken. The arena
    // fields are written too (arena_points is not: ArenaStore::set_points); arena games are
    // made by ArenaStore::create_game, which also refuses a game n taken without an error.
    Status create_game(GameRow& row);
    // The largest game id stored, 0 when there is none.
    GameRowId max_game_id();
    // The largest game id ever reserved or stored (ids above it are free), 0 when none.
    GameRowId game_id_reservation();
    // Records that ids up to `up_to` may have been handed out: game_id_reservation() never
    // returns less afterwards. Durable once its transaction commits (or at once, outside one).
    Status reserve_game_ids(GameRowId up_to);
    // Takes the next `count` ids after every id reserved or stored, in one statement, and sets
    // *last to the last of them (the block is *last - count + 1 .. *last). Nodes sharing a
    // database take disjoint blocks, however their calls interleave (docs/scaling.md).
    Status take_game_ids(GameRowId count, GameRowId* last);
    // The same for guest ids (counter guest_ids, table guests).
    Status take_guest_ids(std::int64_t count, std::int64_t* last);
    // Appends action number `index` (0-based) in record notation; conflict if it exists or the
    // game does not. In a batch on PostgreSQL (begin_batch) it is sent ahead: ok once sent, and
    // a conflict then fails the batch, as an error, when the answers are read.
    Status append_action(GameRowId game, int index, const std::string& action);
    Status finish_game(GameRowId game, int score, int strikes, int spares, bool resigned,
                       Millis finished_at);
    // Stores a game's whole action list at once (a practice game at its end), as one text.
    Status save_actions(GameRowId game, const std::vector<engine::Action>& actions);
    // save_actions and finish_game in one UPDATE (a practice game's end): not_found, and
    // nothing changed, unless the game exists unfinished.
    Status finish_game_with_actions(GameRowId game, const std::vector<engine::Action>& actions,
                                    int score, int strikes, int spares, bool resigned,
                                    Millis finished_at);
    // Inserts a finished game with all its actions (practice games are saved at the end).
    Status save_finished_game(GameRow& row);
    std::optional<GameRow> game(GameRowId id);
    std::optional<GameRow> daily_attempt(PlayerId player, const std::string& day);
    // Ranked games not finished (daily, league and arena), with their actions, to resume at
    // start.
    std::vector<GameRow> unfinished_ranked_games();

    // The boards (daily_results, daily_results_of, best_ranked_games, ranked_totals_since, and
    // LeagueStore::scores) leave out results held by the integrity review (games.review
    // 'review' or 'disqualified') and every result of a banned player (storage/integrity.hpp).
    // Every finished daily attempt of a day (all days when day is empty) still on the boards.
    std::vector<DailyResult> daily_results(const std::string& day);
    // The player's finished daily attempts still on the boards, every day, by finish.
    std::vector<DailyResult> daily_results_of(PlayerId player);
    std::vector<PlayedGame> games_of(PlayerId player);
    // Each player's best finished ranked game on the boards (highest score, then earliest), any
    // order: a held best game gives way to the player's next best.
    std::vector<DailyResult> best_ranked_games();
    // Per player: finished ranked games since `since` and their total pins, for players with
    // at least min_games of them.
    std::vector<PlayerTotals> ranked_totals_since(Millis since, int min_games);
    // Days whose reveal has been processed.
    Status mark_revealed(const std::string& day, Millis at);
    bool is_revealed(const std::string& day);

    // Par (docs/rules.md "Par and the coach"; store_par.cpp). set_game_par: not_found when no
    // game has that id. reveal_day_par: the day's par and best line (a record) on its
    // revealed_days row (made when missing), and par on every daily game of that day (all
    // share the day's seed), so an attempt ended at the reveal gets it whenever it is written.
    Status set_game_par(GameRowId game, int par);
    Status reveal_day_par(const std::string& day, int par, const std::string& line, Millis now);
    // The revealed day's par and best line; nullopt when the day has none stored.
    std::optional<std::pair<int, std::string>> day_par(const std::string& day);

    Database& db() { return *db_; }
    LaneStore& lanes() { return *lanes_; }
    LeagueStore& leagues() { return *leagues_; }
    ModerationStore& moderation() { return *moderation_; }
    IntegrityStore& integrity() { return *integrity_; }
    ArenaStore& arenas() { return *arenas_; }
    SocialStore& social() { return *social_; }
    InboxStore& inbox() { return *inbox_; }
    PushStore& push() { return *push_; }

   private:
    explicit Store(std::unique_ptr<Database> db);
    static std::unique_ptr<Store> finish_open(std::unique_ptr<Database> db, Status* status);
    Status migrate();
    Status prepare_all();
    Status prepare_ids_and_guests();
    Status prepare_par();
    Status prepare_accounts();
    GameRow read_game(Statement& s);
    Status load_actions(GameRow& row);

    void end_deferring();  // the batch's transaction is over: stop sending ahead

    std::unique_ptr<Database> db_;
    bool in_transaction_ = false;
    bool deferring_ = false;  // inside begin_batch()'s transaction
    struct Prepared;
    std::unique_ptr<Prepared> q_;
    std::unique_ptr<LaneStore> lanes_;
    std::unique_ptr<LeagueStore> leagues_;
    std::unique_ptr<ModerationStore> moderation_;
    std::unique_ptr<IntegrityStore> integrity_;
    std::unique_ptr<ArenaStore> arenas_;
    std::unique_ptr<SocialStore> social_;
    std::unique_ptr<InboxStore> inbox_;
    std::unique_ptr<PushStore> push_;
};

}  // namespace pinfall::storage
