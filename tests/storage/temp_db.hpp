// Test helpers for storage: a temporary folder (mkdtemp under /tmp, removed with everything in
// it when the TempDir goes) with the location of a database for the backend under test (a
// file in the folder, or a fresh PostgreSQL database: tests/pg/test_cluster.hpp), a Store
// opened there, one-value queries and row builders. Also used by server_unit_tests for the
// storage worker.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "storage/migrations.hpp"
#include "storage/store.hpp"
#include "test_cluster.hpp"

namespace pinfall::test {

class TempDir {
 public:
    TempDir() {
        char pattern[] = "/tmp/pinfall-storage-XXXXXX";
        const char* made = ::mkdtemp(pattern);
        REQUIRE(made != nullptr);
        path_ = made;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::string& path() const { return path_; }
    // The database location under test (Store::open's argument), the same on every call.
    std::string db() const { return pg_ ? pg_->location() : file(); }
    // The SQLite file of the folder (for the tests of SQLite itself).
    std::string file() const { return path_ + "/pinfall.db"; }

 private:
    std::string path_;
    std::unique_ptr<PgTempDatabase> pg_ =
        testing_postgres() ? std::make_unique<PgTempDatabase>() : nullptr;
};

// Opens the store at path; the test fails with SQLite's message when it cannot.
inline std::unique_ptr<storage::Store> open_store(const std::string& path) {
    storage::Status st;
    auto store = storage::Store::open(path, &st);
    INFO(st.message());
    REQUIRE(st.is_ok());
    REQUIRE(store != nullptr);
    return store;
}

// The first column of the first row of sql, as text ("" when there is no row).
// The child rows of games (actions, evidence, cases, reports) as one text: the same before and
// after a migration that rebuilds games.
inline constexpr const char* kGameChildRows =
    "SELECT (SELECT count(*) FROM actions) || ' ' || (SELECT count(*) FROM integrity_evidence) || "
    "' ' || (SELECT count(*) FROM review_cases) || ' ' || (SELECT count(*) FROM reports) || ' ' "
    "|| (SELECT group_concat(game_id || '/' || idx || '=' || action) FROM actions)";

// Takes an empty database to schema `version` with its backend's first `version` migrations,
// as a server of that schema left it (the migration tests then add rows and open a Store).
inline void migrate_to(storage::Database& db, int version) {
    const auto migrations = storage::migrations_for(db.dialect());
    REQUIRE(migrations.size() > static_cast<std::size_t>(version));
    for (int i = 0; i < version; ++i) {
        INFO("migration " << i + 1);
        REQUIRE(db.exec(migrations[static_cast<std::size_t>(i)]).is_ok());
    }
    REQUIRE(db.set_schema_version(version).is_ok());
}

inline std::string query_text(storage::Database& db, const std::string& sql) {
    storage::Status st;
    storage::Statement s = db.prepare(sql, &st);
    REQUIRE(st.is_ok());
    return s.step() ? s.text(0) : "";
}

inline storage::PlayerId add_player(storage::Store& store, const std::string& name) {
    storage::PlayerId id = 0;
    REQUIRE(store.create_player(name, name, "hash-of-" + name, 1000, &id).is_ok());
    return id;
}

// An unfinished row of the mode; a daily row for `day` when day is not empty.
inline storage::GameRow game_row(std::optional<storage::PlayerId> player, storage::GameMode mode,
                                 const std::string& day = "", storage::Millis started = 5000) {
    storage::GameRow row;
    row.player = player;
    row.mode = mode;
    row.day = day;
    row.started_at = started;
    for (std::size_t i = 0; i < row.seed.size(); ++i) row.seed[i] = static_cast<std::uint8_t>(i);
    return row;
}

// Creates a ranked row and finishes it at `finished` with `score`; returns its id.
inline storage::GameRowId finished_game(storage::Store& store, storage::PlayerId player,
                                        storage::GameMode mode, const std::string& day, int score,
                                        storage::Millis finished) {
    storage::GameRow row = game_row(player, mode, day, finished - 1000);
    REQUIRE(store.create_game(row).is_ok());
    REQUIRE(store.finish_game(row.id, score, score / 30, score / 40, false, finished).is_ok());
    return row.id;
}

}  // namespace pinfall::test
