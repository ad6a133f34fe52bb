// Schema 15 on SQLite: the games table rebuilt with its mode and review CHECKs written as
// comparisons. A version-14 file with games of every mode (an arena game too), actions, evidence,
// a case and a report keeps every row, index and foreign key; the CHECKs refuse what they
// refused; and a new game's INSERT builds no temporary b-tree (an IN list of more than two values
// in a CHECK made SQLite build one for every row: two for each game started).
#include <catch2/catch.hpp>

#include "storage/migrations.hpp"
#include "storage/sqlite/sqlite_database.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

// Rows of a version-14 database: the players, guest and league the games name, an arena, games
// of the four modes (finished, unfinished, under review, berserk), and the games' children.
constexpr const char* kRowsV14 = R"sql(
INSERT INTO players (id, name, name_key, token_hash, created_at) VALUES
    (1, 'Ann', 'ann', x'0a0b', 100), (2, 'Bob', 'bob', x'0c0d', 110);
INSERT INTO guests VALUES (77, x'0102', 120);
INSERT INTO leagues (id, name, secretary, ruleset, rounds, games_per_round, round_days,
    start_date, handicap, handicap_percent, handicap_basis, entering_average, invite_code,
    created_at) VALUES (5, 'Tuesday', 1, 'sackson', 2, 3, 7, '2026-11-24', 0, 90, 220, 150,
    'INVITE2345', 130);
INSERT INTO arenas (id, name, ruleset, starts_at, ends_at, entry, created_at)
    VALUES (3, 'Evening', 'sackson', 1000, 2000, 'open', 900);
INSERT INTO games (id, player_id, mode, ruleset, seed, started_at, finished_at, score, strikes,
    spares, resigned, guest_id, record, par)
    VALUES (10, NULL, 'practice', 'strict', zeroblob(32), 200, 300, 99, 1, 2, 1, 77, '2:1 s', 150);
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, score,
    strikes, spares, review, origin_address, origin_browser)
    VALUES (11, 1, 'daily', 'sackson', randomblob(32), '2026-11-28', 400, 500, 187, 5, 3,
    'review', 'addr-hash', 'browser-hash');
INSERT INTO games (id, player_id, mode, ruleset, seed, started_at, finished_at, score, league_id,
    league_round, league_game, review) VALUES (12, 2, 'league', 'sackson', randomblob(32), 600,
    700, 150, 5, 1, 2, 'cleared');
INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at)
    VALUES (13, 2, 'daily', 'sackson', randomblob(32), '2026-11-29', 800);
INSERT INTO games (id, player_id, mode, ruleset, seed, started_at, finished_at, score, par,
    arena_id, arena_n, arena_berserk, arena_points)
    VALUES (14, 1, 'arena', 'sackson', randomblob(32), 1100, 1200, 170, 180, 3, 1, 1, 7);
INSERT INTO actions VALUES (11, 0, '1:2,3'), (11, 1, 's'), (12, 0, 's'), (13, 0, '1:1');
INSERT INTO integrity_evidence VALUES (11, 1, 'sackson', 500, 550, 1.5, 2.25, 0.5, 0.125, 3, 40,
    0.75, 2.5, 1, '[]');
INSERT INTO review_cases (game_id, reason, opened_at, note) VALUES (11, 'statistic', 560, 'n');
INSERT INTO reports VALUES (11, 2, 570, 'odd');
)sql";

// Every column of every game, quoted, row by row.
constexpr const char* kAllGameColumns =
    "SELECT group_concat(r, '|') FROM (SELECT quote(id) || ',' || quote(player_id) || ',' || "
    "quote(mode) || ',' || quote(ruleset) || ',' || quote(seed) || ',' || quote(day) || ',' || "
    "quote(started_at) || ',' || quote(finished_at) || ',' || quote(score) || ',' || "
    "quote(strikes) || ',' || quote(spares) || ',' || quote(resigned) || ',' || "
    "quote(guest_id) || ',' || quote(league_id) || ',' || quote(league_round) || ',' || "
    "quote(league_game) || ',' || quote(record) || ',' || quote(par) || ',' || quote(review) || "
    "',' || quote(origin_address) || ',' || quote(origin_browser) || ',' || quote(arena_id) || "
    "',' || quote(arena_n) || ',' || quote(arena_berserk) || ',' || quote(arena_points) AS r "
    "FROM games ORDER BY id)";
constexpr const char* kEveryGamesIndex =
    "SELECT group_concat(name || ': ' || sql, '; ') FROM (SELECT name, sql FROM sqlite_master "
    "WHERE type = 'index' AND tbl_name = 'games' ORDER BY name)";

// The opcodes of the program SQLite compiles for sql (EXPLAIN), one a line.
std::string opcodes(Database& db, const std::string& sql) {
    Status st;
    Statement s = db.prepare("EXPLAIN " + sql, &st);
    REQUIRE(st.is_ok());
    std::string out;
    while (s.step()) out += s.text(1) + "\n";
    return out;
}

constexpr const char* kNewGame =
    "INSERT INTO games (id, player_id, mode, ruleset, seed, started_at) "
    "VALUES (40, 1, 'practice', 'sackson', zeroblob(32), 1)";

}  // namespace

TEST_CASE("a version-14 database becomes version 15 with every row, index and foreign key",
          "[sqlite]") {
    TempDir dir;
    std::string games, indexes, children;
    {
        Status st;
        auto db = SqliteDatabase::open(dir.file(), &st);
        REQUIRE(st.is_ok());
        test::migrate_to(*db, 14);
        REQUIRE(db->exec(kRowsV14).is_ok());
        // What the rebuild removes: the IN lists' temporary b-trees.
        CHECK(opcodes(*db, kNewGame).find("OpenEphemeral") != std::string::npos);
        games = test::query_text(*db, kAllGameColumns);
        indexes = test::query_text(*db, kEveryGamesIndex);
        children = test::query_text(*db, test::kGameChildRows);
    }
    REQUIRE(!games.empty());

    auto store = test::open_store(dir.db());
    Database& db = store->db();
    CHECK(test::query_text(db, "PRAGMA user_version") ==
          std::to_string(sqlite_migrations().size()));
    CHECK(test::query_text(db, kAllGameColumns) == games);
    CHECK(test::query_text(db, kEveryGamesIndex) == indexes);  // each index with the same text
    CHECK(test::query_text(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                               "tbl_name = 'games'") == "11");
    CHECK(test::query_text(db, test::kGameChildRows) == children);
    CHECK(test::query_text(db, "SELECT count(*) FROM sqlite_master WHERE name = 'games_v14'") ==
          "0");
    CHECK(test::query_text(db, "PRAGMA foreign_key_check").empty());
    CHECK(test::query_text(db, "PRAGMA integrity_check") == "ok");
    CHECK(test::query_text(db, "PRAGMA foreign_keys") == "1");
    CHECK(opcodes(db, kNewGame).find("OpenEphemeral") == std::string::npos);

    // The constraints refuse what they refused, and take every mode and review state.
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at) "
                  "VALUES (20, 'bogus', 'sackson', zeroblob(32), 1)")
              .is_conflict());
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at) "
                  "VALUES (21, 'Practice', 'sackson', zeroblob(32), 1)")
              .is_conflict());
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at, review) "
                  "VALUES (22, 'practice', 'sackson', zeroblob(32), 1, 'bogus')")
              .is_conflict());
    CHECK(db.exec("UPDATE games SET review = 'pending' WHERE id = 11").is_conflict());
    CHECK(db.exec("UPDATE games SET mode = NULL WHERE id = 10").is_conflict());
    for (const char* review : {"clean", "review", "cleared", "disqualified"}) {
        INFO(review);
        CHECK(db.exec(std::string("UPDATE games SET review = '") + review + "' WHERE id = 12")
                  .is_ok());
    }
    CHECK(db.exec(kNewGame).is_ok());
    CHECK(db.exec("DELETE FROM games WHERE id = 11").is_conflict());  // its children still hold
    GameRow again = test::game_row(PlayerId{1}, GameMode::kDaily, "2026-11-28");
    CHECK(store->create_game(again).is_conflict());  // games_one_daily
    const auto arena = store->game(14);
    REQUIRE(arena);
    CHECK(arena->arena == std::optional<std::int64_t>(3));
    CHECK(arena->arena_berserk);
    CHECK(store->game(11)->review == ReviewState::kReview);
}
