// Store: opening a location (SQLite file or PostgreSQL URI), migrating its schema, preparing
// its statements.
#include <filesystem>

#include "storage/migrations.hpp"
#include "storage/postgres/pg_database.hpp"
#include "storage/sqlite/sqlite_database.hpp"
#include "storage/store_prepared.hpp"

namespace pinfall::storage {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

constexpr const char* kGameColumns =
    "id, player_id, mode, ruleset, seed, day, started_at, finished_at, score, strikes, spares, "
    "resigned, guest_id, league_id, league_round, league_game, record, par, review, "
    "origin_address, origin_browser, arena_id, arena_n, arena_berserk, arena_points";

// A result on the boards: its game not held by the integrity review, its player not banned
// (storage/integrity.hpp); for queries over games g joined to players p.
constexpr const char* kOnBoards = " AND g.review IN ('clean', 'cleared') AND p.banned_at IS NULL";

std::string game_query(const char* where) {
    return std::string("SELECT ") + kGameColumns + " FROM games WHERE " + where;
}


std::unique_ptr<Database> open_database(const std::string& location, Status* status) {
    if (starts_with(location, "postgresql://") || starts_with(location, "postgres://")) {
        return PgDatabase::open(location, status);
    }
    const std::string path = starts_with(location, "sqlite:") ? location.substr(7) : location;
    if (path.empty()) {
        *status = Status::error("no database path in \"" + location + "\"");
        return nullptr;
    }
    std::error_code ec;
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    return SqliteDatabase::open(path, status);
}

}  // namespace

std::string redact_location(const std::string& location) { return redact_uri(location); }

std::unique_ptr<Store> Store::open(const std::string& location, Status* status) {
    auto db = open_database(location, status);
    return db ? finish_open(std::move(db), status) : nullptr;
}

std::unique_ptr<Store> Store::finish_open(std::unique_ptr<Database> db, Status* status) {
    std::unique_ptr<Store> store(new Store(std::move(db)));
    store->q_ = std::make_unique<Prepared>();
    // IMMEDIATE: a SQLite writer takes the lock at BEGIN, not at its first write, so two
    // processes never deadlock upgrading; PostgreSQL locks rows as it goes.
    store->q_->begin = store->db_->prepare(
        store->db_->dialect() == Dialect::kSqlite ? "BEGIN IMMEDIATE" : "BEGIN");
    store->q_->commit = store->db_->prepare("COMMIT");
    store->q_->rollback = store->db_->prepare("ROLLBACK");
    // Prepared once: on SQLite, parsing them for every job cost more than most jobs.
    store->q_->savepoint = store->db_->prepare("SAVEPOINT job");
    store->q_->rollback_to = store->db_->prepare("ROLLBACK TO job");
    store->q_->release = store->db_->prepare("RELEASE job");
    if (*status = store->migrate(); !status->is_ok()) return nullptr;
    if (*status = store->prepare_all(); !status->is_ok()) return nullptr;
    store->lanes_ = std::make_unique<LaneStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->leagues_ = std::make_unique<LeagueStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->moderation_ = std::make_unique<ModerationStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->integrity_ = std::make_unique<IntegrityStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->arenas_ = std::make_unique<ArenaStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->social_ = std::make_unique<SocialStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->inbox_ = std::make_unique<InboxStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    store->push_ = std::make_unique<PushStore>(*store->db_, status);
    if (!status->is_ok()) return nullptr;
    return store;
}

Status Store::prepare_all() {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (!s.is_ok()) return;
        into = db_->prepare(sql, &s);
    };
    Prepared& q = *q_;
    prep(q.create_player,
         "INSERT INTO players (name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?) "
         "RETURNING id");
    prep(q.player_by_token,
         "SELECT id, name, created_at FROM players WHERE token_hash = ?1 UNION ALL "
         "SELECT p.id, p.name, p.created_at FROM player_tokens t JOIN players p "
         "ON p.id = t.player_id WHERE t.token_hash = ?1");
    prep(q.player_by_id, "SELECT id, name, created_at FROM players WHERE id = ?");
    prep(q.create_game, insert_game_sql(""));
    prep(q.create_game_with_id, insert_game_with_id_sql());
    prep(q.append_action, "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)");
    prep(q.save_record, "UPDATE games SET record = ? WHERE id = ?");
    prep(q.finish_game_with_record,
         "UPDATE games SET record = ?, score = ?, strikes = ?, spares = ?, resigned = ?, "
         "finished_at = ? WHERE id = ? AND finished_at IS NULL");
    prep(q.finish_game,
         "UPDATE games SET score = ?, strikes = ?, spares = ?, resigned = ?, finished_at = ? "
         "WHERE id = ? AND finished_at IS NULL");
    prep(q.game_by_id, game_query("id = ?"));
    prep(q.daily_attempt, game_query("mode = 'daily' AND player_id = ? AND day = ?"));
    prep(q.actions_of, "SELECT action FROM actions WHERE game_id = ? ORDER BY idx");
    // Arena games too: the server ends them at the grace or their clock, from the start.
    prep(q.unfinished,
         game_query("finished_at IS NULL AND mode IN ('daily', 'league', 'arena')"));
    const std::string results =
        std::string("SELECT g.id, g.player_id, p.name, g.day, g.score, g.strikes, g.spares, "
                    "g.finished_at FROM games g JOIN players p ON p.id = g.player_id "
                    "WHERE g.mode = 'daily' AND g.finished_at IS NOT NULL") + kOnBoards;
    prep(q.daily_results_day, results + " AND g.day = ?");
    prep(q.daily_results_all, results);
    prep(q.daily_results_player, results + " AND g.player_id = ? ORDER BY g.finished_at, g.id");
    prep(q.games_of,
         "SELECT id, mode, day, score, strikes, spares, finished_at, par, review FROM games "
         "WHERE player_id = ? AND finished_at IS NOT NULL ORDER BY finished_at");
    // The best game is chosen among the player's results still on the boards.
    prep(q.best_ranked,
         "SELECT g.id, g.player_id, p.name, coalesce(g.day, ''), g.score, g.strikes, g.spares, "
         "g.finished_at FROM games g JOIN players p ON p.id = g.player_id "
         "WHERE p.banned_at IS NULL AND g.id = (SELECT b.id FROM games b "
         "WHERE b.player_id = g.player_id AND b.mode IN ('daily', 'league') "
         "AND b.finished_at IS NOT NULL AND b.review IN ('clean', 'cleared') "
         "ORDER BY b.score DESC, b.finished_at ASC, b.id ASC LIMIT 1)");
    prep(q.totals_since,
         std::string("SELECT g.player_id, p.name, count(*), sum(g.score) FROM games g "
                     "JOIN players p ON p.id = g.player_id WHERE g.mode IN ('daily', 'league') "
                     "AND g.finished_at >= ?") +
             kOnBoards + " GROUP BY g.player_id, p.name HAVING count(*) >= ?");
    prep(q.mark_revealed,
         "INSERT INTO revealed_days (day, revealed_at) VALUES (?, ?) ON CONFLICT DO NOTHING");
    prep(q.is_revealed, "SELECT 1 FROM revealed_days WHERE day = ?");
    if (s.is_ok()) s = prepare_ids_and_guests();
    if (s.is_ok()) s = prepare_par();
    if (s.is_ok()) s = prepare_accounts();
    // NOTIFY exists on PostgreSQL only; SQLite's announce() has nobody to tell.
    if (s.is_ok() && db_->dialect() == Dialect::kPostgres) {
        q_->announce = db_->prepare("SELECT pg_notify(?, ?)", &s);
    }
    return s;
}

// Each missing migration runs in its own transaction with the version it reaches. On
// PostgreSQL a transaction-level advisory lock makes nodes starting together take turns (the
// second one then finds the schema current).
Status Store::migrate() {
    const auto migrations = migrations_for(db_->dialect());
    const int latest = static_cast<int>(migrations.size());
    Status s;
    for (;;) {
        if (s = begin(); !s.is_ok()) return s;
        if (db_->dialect() == Dialect::kPostgres) s = db_->exec("SELECT pg_advisory_xact_lock(7160)");
        const int current = s.is_ok() ? db_->schema_version(&s) : 0;
        if (s.is_ok() && current > latest) {
            s = Status::error("database schema version " + std::to_string(current) +
                              " is newer than this server knows");
        }
        if (s.is_ok() && current == latest) return commit();
        if (s.is_ok()) s = db_->exec(migrations[static_cast<std::size_t>(current)]);
        if (s.is_ok()) s = db_->set_schema_version(current + 1);
        if (!s.is_ok()) {
            rollback();
            return s;
        }
        if (s = commit(); !s.is_ok()) return s;
    }
}

}  // namespace pinfall::storage
