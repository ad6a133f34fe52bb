// PostgreSQL's own side of the Store ([postgres]: run on the test cluster only): the schema a
// new database gets (version, tables, PostgreSQL types), a version-11 database migrated to 12
// (games.mode's CHECK replaced to allow 'arena'), reopening and a newer schema, two
// servers migrating one database at once, what the driver must never let pass (a COMMIT that
// PostgreSQL turned into a ROLLBACK), refused connections without the password in the message;
// and the driver's pure helpers (placeholders, redaction), which need no server.
#include <catch2/catch.hpp>

#include <future>

#include "storage/migrations.hpp"
#include "storage/postgres/pg_database.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

std::string column_type(Database& db, const std::string& table, const std::string& column) {
    return test::query_text(db, "SELECT data_type FROM information_schema.columns WHERE "
                                "table_name = '" + table + "' AND column_name = '" + column + "'");
}

TEST_CASE("placeholders become $N outside quoted strings") {
    int n = 0;
    CHECK(to_dollar_placeholders("SELECT ? , ? WHERE a = '?' AND b = ?", &n) ==
          "SELECT $1 , $2 WHERE a = '?' AND b = $3");
    CHECK(n == 3);
    CHECK(to_dollar_placeholders("VALUES (?1) ON CONFLICT DO UPDATE SET v = ?1", &n) ==
          "VALUES ($1) ON CONFLICT DO UPDATE SET v = $1");
    CHECK(n == 1);
    CHECK(to_dollar_placeholders("SELECT 1", &n) == "SELECT 1");
    CHECK(n == 0);
}

TEST_CASE("passwords are redacted from locations") {
    CHECK(redact_location("postgresql://ann:s3cret@db.example:5432/pinfall") ==
          "postgresql://ann:***@db.example:5432/pinfall");
    CHECK(redact_location("postgresql:///pinfall?host=/tmp&password=s3cret&user=ann") ==
          "postgresql:///pinfall?host=/tmp&password=***&user=ann");
    CHECK(redact_location("postgresql://ann@db/pinfall") == "postgresql://ann@db/pinfall");
    CHECK(redact_location("var/pinfall.db") == "var/pinfall.db");
}

TEST_CASE("a new PostgreSQL database gets every migration, in PostgreSQL's types", "[postgres]") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    Database& db = store->db();
    CHECK(db.dialect() == Dialect::kPostgres);
    Status st;
    CHECK(db.schema_version(&st) == static_cast<int>(postgres_migrations().size()));
    CHECK(postgres_migrations().size() == sqlite_migrations().size());
    for (const char* table : {"players", "guests", "games", "actions", "revealed_days", "lanes",
                              "lane_sides", "lane_members", "lane_reports", "leagues",
                              "league_members", "league_rounds", "league_daily_averages",
                              "league_log", "counters", "arenas", "arena_members"}) {
        INFO(table);
        CHECK(test::query_text(db, std::string("SELECT count(*) FROM information_schema.tables "
                                               "WHERE table_name = '") + table + "'") == "1");
    }
    CHECK(column_type(db, "games", "id") == "bigint");
    CHECK(column_type(db, "games", "resigned") == "boolean");
    CHECK(column_type(db, "games", "seed") == "bytea");
    CHECK(column_type(db, "games", "finished_at") == "bigint");
    CHECK(column_type(db, "players", "token_hash") == "bytea");
    CHECK(column_type(db, "lane_reports", "foul") == "boolean");
    CHECK(column_type(db, "games", "arena_berserk") == "boolean");
    CHECK(column_type(db, "games", "arena_id") == "bigint");
    CHECK(column_type(db, "arenas", "starts_at") == "bigint");
}

TEST_CASE("a version-11 PostgreSQL database becomes version 12 and accepts arena games",
          "[postgres]") {
    TempDir dir;
    {
        Status st;
        auto db = PgDatabase::open(dir.db(), &st);
        REQUIRE(st.is_ok());
        test::migrate_to(*db, 11);
        REQUIRE(db->exec("INSERT INTO players (id, name, name_key, token_hash, created_at) "
                         "VALUES (1, 'Ann', 'ann', '\\x0a0b', 100);"
                         "INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, "
                         "finished_at, score) VALUES (7, 1, 'daily', 'sackson', "
                         "decode(repeat('00', 32), 'hex'), '2026-11-28', 200, 300, 187);"
                         "INSERT INTO actions VALUES (7, 0, '1:2,3'), (7, 1, 's');")
                    .is_ok());
        CHECK(test::query_text(*db, "SELECT pg_get_constraintdef(oid) FROM pg_constraint "
                                    "WHERE conname = 'games_mode_check'")
                  .find("arena") == std::string::npos);
    }
    auto store = test::open_store(dir.db());
    Database& db = store->db();
    Status st;
    CHECK(db.schema_version(&st) == static_cast<int>(postgres_migrations().size()));
    CHECK_THAT(test::query_text(db, "SELECT pg_get_constraintdef(oid) FROM pg_constraint "
                                    "WHERE conname = 'games_mode_check'"),
               Catch::Contains("arena"));
    const auto kept = store->game(7);
    REQUIRE(kept);
    CHECK(kept->score == 187);
    CHECK(kept->actions.size() == 2);
    CHECK_FALSE(kept->arena);
    CHECK_FALSE(kept->arena_berserk);
    CHECK(db.exec("INSERT INTO games (id, mode, ruleset, seed, started_at) VALUES (20, 'bogus', "
                  "'sackson', decode(repeat('00', 32), 'hex'), 1)")
              .code() != Status::Code::kOk);
    ArenaRow arena;
    arena.name = "After";
    arena.starts_at = 1000;
    arena.ends_at = 2000;
    REQUIRE(store->arenas().create(arena).is_ok());
    GameRow played = test::game_row(PlayerId{1}, GameMode::kArena);
    played.arena = arena.id;
    REQUIRE(store->arenas().create_game(played, 1, true).is_ok());
    CHECK(played.id == 8);
    const auto back = store->game(played.id);
    REQUIRE(back);
    CHECK(back->mode == GameMode::kArena);
    CHECK(back->arena_berserk);
}

TEST_CASE("reopening a PostgreSQL database migrates nothing and keeps its data", "[postgres]") {
    TempDir dir;
    PlayerId ann = 0;
    {
        auto store = test::open_store(dir.db());
        ann = test::add_player(*store, "ann");
    }
    auto store = test::open_store(dir.db());
    Status st;
    CHECK(store->db().schema_version(&st) == static_cast<int>(postgres_migrations().size()));
    CHECK(store->player(ann)->name == "ann");
    CHECK(store->player_by_token("hash-of-ann")->id == ann);
}

TEST_CASE("a PostgreSQL database with a newer schema is refused and left unchanged", "[postgres]") {
    TempDir dir;
    { test::open_store(dir.db()); }
    const int newer = static_cast<int>(postgres_migrations().size()) + 1;
    {
        Status st;
        auto db = PgDatabase::open(dir.db(), &st);
        REQUIRE(st.is_ok());
        REQUIRE(db->set_schema_version(newer).is_ok());
    }
    Status st;
    CHECK(Store::open(dir.db(), &st) == nullptr);
    CHECK_THAT(st.message(), Catch::Contains("newer"));
    auto db = PgDatabase::open(dir.db(), &st);
    REQUIRE(db);
    CHECK(db->schema_version(&st) == newer);
}

TEST_CASE("two servers opening a new database at once migrate it once", "[postgres]") {
    TempDir dir;
    const std::string where = dir.db();
    auto open = [&where] {
        Status st;
        auto store = Store::open(where, &st);
        return st.message() + (store ? "open" : "");
    };
    auto a = std::async(std::launch::async, open);
    auto b = std::async(std::launch::async, open);
    CHECK(a.get() == "open");
    CHECK(b.get() == "open");
}

TEST_CASE("a COMMIT after a failed statement is an error, and nothing is kept", "[postgres]") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    REQUIRE(store->begin().is_ok());
    const PlayerId ann = test::add_player(*store, "ann");
    CHECK(store->db().exec("SELECT no_such_column FROM players").code() == Status::Code::kError);
    CHECK(store->commit().code() == Status::Code::kError);
    REQUIRE(store->rollback().is_ok());
    CHECK_FALSE(store->player(ann));
}

TEST_CASE("a refused connection is an error that does not show the password", "[postgres]") {
    Status st;
    const std::string where = "postgresql://ann:s3cret@/nosuchdb?host=" + test::pg_cluster_dir();
    CHECK(Store::open(where, &st) == nullptr);
    CHECK(st.code() == Status::Code::kError);
    CHECK_THAT(st.message(), Catch::Contains("nosuchdb") || Catch::Contains("ann"));
    CHECK_THAT(st.message(), !Catch::Contains("s3cret"));
}

}  // namespace
