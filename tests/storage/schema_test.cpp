// Opening the database: a new file gets the whole schema (user_version 1 or later) with WAL,
// synchronous=FULL and foreign keys on; reopening migrates nothing and keeps the data; a file of
// the first release (version 1) is migrated forward with its data; a file from a newer server
// is refused and left as it was ([sqlite]: the same for PostgreSQL is in postgres_test.cpp); a
// version-11 file with games of every mode, actions, evidence, a case and a report becomes
// version 12 (games rebuilt for 'arena') with every row, index and foreign key intact;
// on both backends, a rolled-back transaction leaves nothing behind and foreign keys hold.
#include <catch2/catch.hpp>

#include "storage/migrations.hpp"
#include "storage/sqlite/sqlite_database.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

int user_version(Database& db) { return std::stoi(test::query_text(db, "PRAGMA user_version")); }

// Version 1 exactly as released (storage/schema.cpp, migration 0 -> 1): a frozen copy, so a
// file written by the first release can be rebuilt whatever migrations come later.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
    token_hash BLOB NOT NULL UNIQUE, created_at INTEGER NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, player_id INTEGER REFERENCES players(id),
    mode TEXT NOT NULL CHECK (mode IN ('practice', 'daily', 'league')), ruleset TEXT NOT NULL,
    seed BLOB NOT NULL CHECK (length(seed) = 32), day TEXT, started_at INTEGER NOT NULL,
    finished_at INTEGER, score INTEGER NOT NULL DEFAULT 0, strikes INTEGER NOT NULL DEFAULT 0,
    spares INTEGER NOT NULL DEFAULT 0, resigned INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX games_one_daily ON games(player_id, day) WHERE mode = 'daily';
CREATE INDEX games_daily_results ON games(day) WHERE mode = 'daily' AND finished_at IS NOT NULL;
CREATE INDEX games_unfinished ON games(mode) WHERE finished_at IS NULL;
CREATE INDEX games_by_player ON games(player_id, finished_at);
CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id), idx INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (game_id, idx)) WITHOUT ROWID;
CREATE TABLE revealed_days (day TEXT PRIMARY KEY, revealed_at INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO players VALUES (1, 'Ann', 'ann', x'0a0b', 100);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, score)
    VALUES (7, 1, 'daily', 'sackson', zeroblob(32), '2026-11-28', 200, 300, 187);
INSERT INTO actions VALUES (7, 0, '1:2,3'), (7, 1, 's');
INSERT INTO revealed_days VALUES ('2026-11-28', 400);
PRAGMA user_version = 1;
)sql";

TEST_CASE("a new database has the schema, WAL, synchronous=FULL and foreign keys", "[sqlite]") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    Database& db = store->db();
    CHECK(user_version(db) >= 1);
    CHECK(test::query_text(db, "PRAGMA journal_mode") == "wal");
    CHECK(test::query_text(db, "PRAGMA synchronous") == "2");  // FULL
    CHECK(test::query_text(db, "PRAGMA foreign_keys") == "1");
    for (const char* table : {"players", "games", "actions", "revealed_days"}) {
        INFO(table);
        CHECK(test::query_text(db, std::string("SELECT count(*) FROM sqlite_master WHERE "
                                               "type = 'table' AND name = '") +
                                       table + "'") == "1");
    }
}

TEST_CASE("Store::open creates the database's folder", "[sqlite]") {
    TempDir dir;
    auto store = test::open_store(dir.path() + "/a/b/pinfall.db");
    CHECK(std::filesystem::exists(dir.path() + "/a/b/pinfall.db"));
}

TEST_CASE("foreign keys are enforced: a game of an unknown player is a conflict") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    GameRow row = test::game_row(PlayerId{999}, GameMode::kPractice);
    CHECK(store->create_game(row).is_conflict());
    CHECK(store->append_action(12345, 0, "s").is_conflict());
}

TEST_CASE("reopening an existing database migrates nothing and keeps its data", "[sqlite]") {
    TempDir dir;
    PlayerId ann = 0;
    int version = 0;
    std::string schema;
    {
        auto store = test::open_store(dir.db());
        ann = test::add_player(*store, "ann");
        version = user_version(store->db());
        schema = test::query_text(store->db(), "SELECT group_concat(sql, ';') FROM sqlite_master");
    }
    for (int reopen = 0; reopen < 2; ++reopen) {
        auto store = test::open_store(dir.db());
        CHECK(user_version(store->db()) == version);
        CHECK(test::query_text(store->db(), "SELECT group_concat(sql, ';') FROM sqlite_master") ==
              schema);
        const auto p = store->player(ann);
        REQUIRE(p);
        CHECK(p->name == "ann");
        CHECK(test::query_text(store->db(), "SELECT count(*) FROM players") == "1");
    }
}

TEST_CASE("a database of the first release is migrated forward and keeps its data", "[sqlite]") {
    TempDir fresh, dir;
    const int latest = user_version(test::open_store(fresh.db())->db());
    {
        Status st;
        auto db = SqliteDatabase::open(dir.file(), &st);
        REQUIRE(st.is_ok());
        REQUIRE(db->exec(kSchemaV1).is_ok());
    }
    auto store = test::open_store(dir.db());
    CHECK(user_version(store->db()) == latest);
    CHECK(store->player_by_token(std::string("\x0a\x0b", 2))->name == "Ann");
    const auto game = store->game(7);
    REQUIRE(game);
    CHECK(game->score == 187);
    CHECK(game->actions.size() == 2);
    CHECK(store->daily_results("2026-11-28").size() == 1);
    CHECK(store->is_revealed("2026-11-28"));
    GameRow again = test::game_row(PlayerId{1}, GameMode::kDaily, "2026-11-28");
    CHECK(store->create_game(again).is_conflict());
}

// Rows of a version-11 database (migrations 1-11 as released): games of every mode (a guest's
// practice game stored whole with its par, a daily game under review with its origin, a league
// game, an unfinished daily game) with actions, the daily game's evidence, case and report.
constexpr const char* kRowsV11 = R"sql(
INSERT INTO players (id, name, name_key, token_hash, created_at) VALUES
    (1, 'Ann', 'ann', x'0a0b', 100), (2, 'Bob', 'bob', x'0c0d', 110);
INSERT INTO guests VALUES (77, x'0102', 120);
INSERT INTO leagues (id, name, secretary, ruleset, rounds, games_per_round, round_days,
    start_date, handicap, handicap_percent, handicap_basis, entering_average, invite_code,
    created_at) VALUES (5, 'Tuesday', 1, 'sackson', 2, 3, 7, '2026-11-24', 0, 90, 220, 150,
    'INVITE2345', 130);
INSERT INTO games (id, player_id, mode, ruleset, seed, started_at, finished_at, score, strikes,
    spares, resigned, guest_id, record, par)
    VALUES (10, NULL, 'practice', 'strict', zeroblob(32), 200, 300, 99, 1, 2, 1, 77, '2:1 s', 150);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, score,
    strikes, spares, review, origin_address, origin_browser)
    VALUES (11, 1, 'daily', 'sackson', randomblob(32), '2026-11-28', 400, 500, 187, 5, 3,
    'review', 'addr-hash', 'browser-hash');
INSERT INTO games (id, player_id, mode, ruleset, seed, started_at, finished_at, score, league_id,
    league_round, league_game) VALUES (12, 2, 'league', 'sackson', randomblob(32), 600, 700, 150,
    5, 1, 2);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at)
    VALUES (13, 2, 'daily', 'sackson', randomblob(32), '2026-11-29', 800);
INSERT INTO actions VALUES (11, 0, '1:2,3'), (11, 1, 's'), (12, 0, 's'), (13, 0, '1:1');
INSERT INTO integrity_evidence VALUES (11, 1, 'sackson', 500, 550, 1.5, 2.25, 0.5, 0.125, 3, 40,
    0.75, 2.5, 1, '[]');
INSERT INTO review_cases (game_id, reason, opened_at, note) VALUES (11, 'statistic', 560, 'n');
INSERT INTO reports VALUES (11, 2, 570, 'odd');
INSERT INTO revealed_days VALUES ('2026-11-28', 900, 208, '1:1 s');
)sql";

// Every games column of migrations 1-11, quoted, row by row.
constexpr const char* kGamesDump =
    "SELECT group_concat(r, '|') FROM (SELECT quote(id) || ',' || quote(player_id) || ',' || "
    "quote(mode) || ',' || quote(ruleset) || ',' || quote(seed) || ',' || quote(day) || ',' || "
    "quote(started_at) || ',' || quote(finished_at) || ',' || quote(score) || ',' || "
    "quote(strikes) || ',' || quote(spares) || ',' || quote(resigned) || ',' || "
    "quote(guest_id) || ',' || quote(league_id) || ',' || quote(league_round) || ',' || "
    "quote(league_game) || ',' || quote(record) || ',' || quote(par) || ',' || quote(review) || "
    "',' || quote(origin_address) || ',' || quote(origin_browser) AS r FROM games ORDER BY id)";
constexpr const char* kGamesIndexes =
    "SELECT group_concat(name || ': ' || sql, '; ') FROM (SELECT name, sql FROM sqlite_master "
    "WHERE type = 'index' AND tbl_name = 'games' AND name <> 'games_one_arena_game' "
    "ORDER BY name)";

TEST_CASE("a version-11 database becomes version 12 with every row, index and foreign key",
          "[sqlite]") {
    TempDir dir;
    std::string games, indexes, children;
    {
        Status st;
        auto db = SqliteDatabase::open(dir.file(), &st);
        REQUIRE(st.is_ok());
        test::migrate_to(*db, 11);
        REQUIRE(db->exec(kRowsV11).is_ok());
        games = test::query_text(*db, kGamesDump);
        indexes = test::query_text(*db, kGamesIndexes);
        children = test::query_text(*db, test::kGameChildRows);
        CHECK(test::query_text(*db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                                    "tbl_name = 'games'") == "10");
    }
    REQUIRE(!games.empty());
    REQUIRE(!indexes.empty());

    auto store = test::open_store(dir.db());
    Database& db = store->db();
    CHECK(user_version(db) == static_cast<int>(sqlite_migrations().size()));
    CHECK(test::query_text(db, kGamesDump) == games);
    CHECK(test::query_text(db, kGamesIndexes) == indexes);  // each index as migrations 1-11 made it
    CHECK(test::query_text(db, test::kGameChildRows) == children);
    CHECK(test::query_text(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                               "tbl_name = 'games'") == "11");  // and games_one_arena_game
    CHECK(test::query_text(db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_v11'") ==
          "0");
    CHECK(test::query_text(db, "SELECT count(*) FROM games WHERE arena_berserk = 0 AND "
                               "arena_id IS NULL AND arena_n IS NULL AND arena_points IS NULL") ==
          "4");
    CHECK(test::query_text(db, "PRAGMA foreign_key_check").empty());  // no row: none broken
    CHECK(test::query_text(db, "PRAGMA integrity_check") == "ok");
    CHECK(test::query_text(db, "PRAGMA foreign_keys") == "1");

    // Read back through the stores.
    const auto daily = store->game(11);
    REQUIRE(daily);
    CHECK(daily->actions.size() == 2);
    CHECK(daily->review == ReviewState::kReview);
    CHECK(daily->origin_browser == std::optional<std::string>("browser-hash"));
    const auto practice = store->game(10);
    REQUIRE(practice);
    CHECK(practice->actions.size() == 2);
    CHECK(practice->guest == std::optional<std::int64_t>(77));
    CHECK(practice->par == std::optional<int>(150));
    CHECK(store->game(12)->league_game == 2);
    CHECK(store->unfinished_ranked_games().size() == 1);
    CHECK(store->integrity().case_of(11)->reports == 1);
    CHECK(store->integrity().evidence(11)->week_llr == 2.25);

    // The children's foreign keys reference the new games, and its rules hold.
    CHECK(db.exec("DELETE FROM games WHERE id = 11").is_conflict());
    CHECK(db.exec("DELETE FROM games WHERE id = 12").is_conflict());
    CHECK(store->append_action(9999, 0, "s").is_conflict());
    CHECK(db.exec("INSERT INTO integrity_evidence VALUES (9999, 1, 'sackson', 500, 550, 1.5, 2.25, "
                  "0.5, 0.125, 3, 40, 0.75, 2.5, 1, '[]')")
              .is_conflict());
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at) "
                  "VALUES (20, 'bogus', 'sackson', zeroblob(32), 1)")
              .is_conflict());
    CHECK(db.exec("INSERT INTO games (id, player_id, mode, ruleset, seed, started_at) "
                  "VALUES (21, 999, 'practice', 'sackson', zeroblob(32), 1)")
              .is_conflict());
    GameRow again = test::game_row(PlayerId{1}, GameMode::kDaily, "2026-11-28");
    CHECK(store->create_game(again).is_conflict());
    GameRow league_again = test::game_row(PlayerId{2}, GameMode::kLeague);
    league_again.league = 5;
    league_again.league_round = 1;
    league_again.league_game = 2;
    CHECK(store->create_game(league_again).is_conflict());

    // 'arena' is a mode now, and an arena game needs its arena.
    ArenaRow arena;
    arena.name = "After";
    arena.starts_at = 1000;
    arena.ends_at = 2000;
    REQUIRE(store->arenas().create(arena).is_ok());
    GameRow played = test::game_row(PlayerId{1}, GameMode::kArena);
    played.arena = arena.id;
    REQUIRE(store->arenas().create_game(played, 1, false).is_ok());
    CHECK(played.id == 14);  // after the largest id kept
    CHECK(store->game(played.id)->mode == GameMode::kArena);
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at) "
                  "VALUES (30, 'arena', 'sackson', zeroblob(32), 1)")
              .is_conflict());
    CHECK(test::query_text(db, "PRAGMA foreign_key_check").empty());
}

TEST_CASE("a database with a newer schema version is refused and left unchanged", "[sqlite]") {
    TempDir dir;
    int newer = 0;
    {
        auto store = test::open_store(dir.db());
        newer = user_version(store->db()) + 1;
    }
    const std::string tables = "SELECT group_concat(name) FROM sqlite_master";
    std::string before;
    {
        Status st;
        auto db = SqliteDatabase::open(dir.file(), &st);
        REQUIRE(st.is_ok());
        REQUIRE(db->exec("PRAGMA user_version = " + std::to_string(newer)).is_ok());
        before = test::query_text(*db, tables);
    }
    Status st;
    auto store = Store::open(dir.db(), &st);
    CHECK(store == nullptr);
    CHECK(st.code() == Status::Code::kError);
    CHECK_THAT(st.message(), Catch::Contains("newer"));

    Status reopened;
    auto db = SqliteDatabase::open(dir.file(), &reopened);
    REQUIRE(reopened.is_ok());
    CHECK(user_version(*db) == newer);
    CHECK(test::query_text(*db, tables) == before);
}

TEST_CASE("a file that is not a database is refused", "[sqlite]") {
    TempDir dir;
    {
        std::FILE* f = std::fopen(dir.file().c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fputs("this is not an SQLite database, not even a little bit, not at all.......\n", f);
        std::fclose(f);
    }
    Status st;
    CHECK(Store::open(dir.file(), &st) == nullptr);
    CHECK(st.code() == Status::Code::kError);
}

TEST_CASE("a rolled-back transaction leaves nothing, a committed one stays") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    REQUIRE(store->begin().is_ok());
    const PlayerId bob = test::add_player(*store, "bob");
    GameRow row = test::game_row(bob, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(row).is_ok());
    REQUIRE(store->append_action(row.id, 0, "s").is_ok());
    REQUIRE(store->mark_revealed("2026-11-28", 7000).is_ok());
    REQUIRE(store->rollback().is_ok());

    CHECK_FALSE(store->player(bob));
    CHECK_FALSE(store->player_by_token("hash-of-bob"));
    CHECK_FALSE(store->game(row.id));
    CHECK_FALSE(store->daily_attempt(bob, "2026-11-29"));
    CHECK_FALSE(store->is_revealed("2026-11-28"));
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM actions") == "0");

    REQUIRE(store->begin().is_ok());
    const PlayerId cy = test::add_player(*store, "cy");
    REQUIRE(store->commit().is_ok());
    CHECK(store->player(cy));
}

TEST_CASE("begin twice is an error, commit without begin is an error") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    REQUIRE(store->begin().is_ok());
    CHECK(store->begin().code() == Status::Code::kError);
    REQUIRE(store->commit().is_ok());
    CHECK(store->commit().code() == Status::Code::kError);
    CHECK(store->rollback().code() == Status::Code::kError);
}

}  // namespace
