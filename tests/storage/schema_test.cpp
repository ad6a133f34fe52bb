// Opening the database: a new file gets the whole schema (user_version 1 or later) with WAL,
// synchronous=FULL and foreign keys on; reopening migrates nothing and keeps the data; a file of
// the first release (version 1) is migrated forward with its data; a file from a newer server
// is refused and left as it was ([sqlite]: the same for PostgreSQL is in postgres_test.cpp);
// on both backends, a rolled-back transaction leaves nothing behind and foreign keys hold.
#include <catch2/catch.hpp>

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
