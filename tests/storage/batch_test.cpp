// Store::begin_batch, the transactions of group commit, on both backends: writes sent ahead
// (PostgreSQL's pipeline) are all committed by commit(), which returns only once they are; a
// failure among them, a conflict included, is an error of the next statement that waits for
// an answer and of commit(), every statement fails with it until rollback(), and rollback()
// leaves nothing of the batch; after it the Store works as before. SQLite answers each write
// at once, as outside a batch.
#include <catch2/catch.hpp>

#include "storage/store.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

bool postgres(Store& s) { return s.db().dialect() == Dialect::kPostgres; }

std::string actions_of(Store& s, GameRowId game) {
    return test::query_text(s.db(), "SELECT count(*) FROM actions WHERE game_id = " +
                                        std::to_string(game));
}

GameRowId daily_game(Store& s) {
    GameRow row = test::game_row(test::add_player(s, "ann"), GameMode::kDaily, "2026-11-29");
    REQUIRE(s.create_game(row).is_ok());
    return row.id;
}

TEST_CASE("a batch's writes sent ahead are all committed by commit()") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const GameRowId game = daily_game(*store);
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->savepoint().is_ok());
    for (int i = 0; i < 700; ++i) {  // more than PgDatabase::kMaxPending statements
        REQUIRE(store->append_action(game, i, "s").is_ok());
        REQUIRE(store->next_savepoint().is_ok());
    }
    REQUIRE(store->release_savepoint().is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(actions_of(*store, game) == "700");
    const auto g = store->game(game);
    REQUIRE(g);
    CHECK(g->actions.size() == 700);
}

TEST_CASE("a statement that waits in a batch sees the writes sent ahead before it") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const GameRowId game = daily_game(*store);
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->append_action(game, 0, "s").is_ok());
    REQUIRE(store->append_action(game, 1, "r").is_ok());
    CHECK(actions_of(*store, game) == "2");
    const auto g = store->game(game);
    REQUIRE(g);
    CHECK(g->actions.size() == 2);
    REQUIRE(store->commit().is_ok());
}

TEST_CASE("a job's conflict seen in an answer is undone alone by its savepoint in a batch") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const GameRowId game = daily_game(*store);
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->savepoint().is_ok());
    REQUIRE(store->append_action(game, 0, "s").is_ok());
    REQUIRE(store->next_savepoint().is_ok());
    // The conflicting job: an action sent ahead, then a refused player (an answer it waits for).
    REQUIRE(store->append_action(game, 1, "r").is_ok());
    PlayerId id = 0;
    CHECK(store->create_player("Ann", "ann", "other-hash", 1, &id).is_conflict());
    REQUIRE(store->rollback_to_savepoint().is_ok());
    REQUIRE(store->next_savepoint().is_ok());
    REQUIRE(store->append_action(game, 2, "s").is_ok());
    REQUIRE(store->release_savepoint().is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(actions_of(*store, game) == "2");
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM actions WHERE idx = 1") == "0");
}

TEST_CASE("a write sent ahead that fails fails the batch, rollback keeps nothing of it") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const GameRowId game = daily_game(*store);
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->savepoint().is_ok());
    REQUIRE(store->append_action(game, 0, "s").is_ok());
    REQUIRE(store->next_savepoint().is_ok());
    const Status twice = store->append_action(game, 0, "r");
    if (!postgres(*store)) {
        // SQLite answers at once: the job's own conflict, as outside a batch.
        CHECK(twice.is_conflict());
        REQUIRE(store->rollback().is_ok());
        CHECK(actions_of(*store, game) == "0");
        return;
    }
    CHECK(twice.is_ok());  // only sent
    REQUIRE(store->next_savepoint().is_ok());
    REQUIRE(store->append_action(game, 1, "s").is_ok());
    // The next statement that waits gets the failure as an error, and so does every later one,
    // a savepoint's rollback included: nothing may be committed over the skipped statements.
    PlayerId id = 0;
    const Status waited = store->create_player("bob", "bob", "hash-bob", 1, &id);
    CHECK(waited.code() == Status::Code::kError);
    CHECK(store->rollback_to_savepoint().code() == Status::Code::kError);
    CHECK(store->append_action(game, 2, "s").code() == Status::Code::kError);
    const Status commit = store->commit();
    CHECK(commit.code() == Status::Code::kError);
    REQUIRE(store->rollback().is_ok());
    CHECK(actions_of(*store, game) == "0");
    CHECK_FALSE(store->player_by_token("hash-bob"));
    // The Store goes on: outside a batch a duplicate is the conflict it always was.
    REQUIRE(store->append_action(game, 0, "s").is_ok());
    CHECK(store->append_action(game, 0, "s").is_conflict());
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->append_action(game, 1, "s").is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(actions_of(*store, game) == "2");
}

TEST_CASE("a commit() whose writes sent ahead failed is an error, never a commit") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const GameRowId game = daily_game(*store);
    REQUIRE(store->begin_batch().is_ok());
    REQUIRE(store->append_action(game, 0, "s").is_ok());
    const Status unknown_game = store->append_action(game + 1000, 0, "s");
    if (!postgres(*store)) {
        CHECK(unknown_game.is_conflict());  // the foreign key, answered at once
        REQUIRE(store->commit().is_ok());
        CHECK(actions_of(*store, game) == "1");
        return;
    }
    CHECK(store->commit().code() == Status::Code::kError);
    REQUIRE(store->rollback().is_ok());
    CHECK(actions_of(*store, game) == "0");
}

}  // namespace
