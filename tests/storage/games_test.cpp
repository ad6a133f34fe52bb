// Games: practice and daily rows, one daily attempt per player and day, actions appended by
// index (in order on reading, no index twice), finishing once, reading a game back whole,
// resuming unfinished ranked games, and everything surviving a close and reopen.
#include <catch2/catch.hpp>

#include "engine/record.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

std::vector<std::string> texts(const GameRow& row) {
    std::vector<std::string> out;
    for (const auto& a : row.actions) out.push_back(engine::action_text(a));
    return out;
}

TEST_CASE("practice and daily rows are created and read back field by field") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");

    GameRow guest = test::game_row(std::nullopt, GameMode::kPractice, "", 100);
    guest.ruleset = engine::Ruleset::kStrict;
    REQUIRE(store->create_game(guest).is_ok());
    GameRow daily = test::game_row(ann, GameMode::kDaily, "2026-11-29", 200);
    REQUIRE(store->create_game(daily).is_ok());
    CHECK(guest.id > 0);
    CHECK(daily.id != guest.id);

    const auto g = store->game(guest.id);
    REQUIRE(g);
    CHECK_FALSE(g->player);
    CHECK(g->mode == GameMode::kPractice);
    CHECK(g->ruleset == engine::Ruleset::kStrict);
    CHECK(g->seed == guest.seed);
    CHECK(g->day.empty());
    CHECK(g->started_at == 100);
    CHECK_FALSE(g->finished_at);
    CHECK(g->actions.empty());

    const auto d = store->game(daily.id);
    REQUIRE(d);
    CHECK(d->player == ann);
    CHECK(d->mode == GameMode::kDaily);
    CHECK(d->ruleset == engine::Ruleset::kSackson);
    CHECK(d->day == "2026-11-29");
    CHECK_FALSE(store->game(daily.id + 100));
}

TEST_CASE("one daily attempt per player and day") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    GameRow first = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(first).is_ok());

    struct Case {
        const char* what;
        PlayerId player;
        GameMode mode;
        const char* day;
        bool conflict;
    };
    const Case cases[] = {
        {"same player, same day", ann, GameMode::kDaily, "2026-11-29", true},
        {"same player, next day", ann, GameMode::kDaily, "2026-11-30", false},
        {"other player, same day", bob, GameMode::kDaily, "2026-11-29", false},
        {"same player and day, as practice (a revealed day replayed)", ann, GameMode::kPractice,
         "2026-11-29", false},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        GameRow row = test::game_row(c.player, c.mode, c.day);
        const Status st = store->create_game(row);
        CHECK(st.is_conflict() == c.conflict);
        CHECK(st.is_ok() == !c.conflict);
    }
    // Finishing the first attempt does not open a second one.
    REQUIRE(store->finish_game(first.id, 150, 3, 4, false, 9000).is_ok());
    GameRow again = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    CHECK(store->create_game(again).is_conflict());
    CHECK(store->daily_attempt(ann, "2026-11-29")->id == first.id);
}

TEST_CASE("actions: read back in index order, an index only once") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    GameRow row = test::game_row(test::add_player(*store, "ann"), GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(row).is_ok());
    // Appended out of order on purpose: reading sorts by index, not by insertion.
    REQUIRE(store->append_action(row.id, 0, "1:2,3").is_ok());
    REQUIRE(store->append_action(row.id, 2, "s").is_ok());
    REQUIRE(store->append_action(row.id, 1, "3:1").is_ok());
    REQUIRE(store->append_action(row.id, 3, "r").is_ok());

    CHECK(store->append_action(row.id, 1, "s").is_conflict());
    CHECK(store->append_action(row.id, 3, "r").is_conflict());

    const auto g = store->game(row.id);
    REQUIRE(g);
    CHECK(texts(*g) == std::vector<std::string>{"1:2,3", "3:1", "s", "r"});
    CHECK(texts(*store->daily_attempt(*row.player, "2026-11-29")) == texts(*g));
}

TEST_CASE("finish_game finishes an unfinished game once") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    GameRow row = test::game_row(test::add_player(*store, "ann"), GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(row).is_ok());
    REQUIRE(store->finish_game(row.id, 187, 5, 3, true, 7777).is_ok());
    CHECK(store->finish_game(row.id, 300, 12, 0, false, 8888).is_not_found());
    CHECK(store->finish_game(row.id + 50, 100, 0, 0, false, 8888).is_not_found());

    const auto g = store->game(row.id);
    REQUIRE(g);
    CHECK(g->finished_at == 7777);
    CHECK(g->score == 187);
    CHECK(g->strikes == 5);
    CHECK(g->spares == 3);
    CHECK(g->resigned);
}

TEST_CASE("finish_game_with_actions stores the record and finishes the game in one, once") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    GameRow row = test::game_row(std::nullopt, GameMode::kPractice);
    REQUIRE(store->create_game(row).is_ok());
    std::vector<engine::Action> actions;
    for (const char* t : {"1:1", "2:4,5", "s"}) actions.push_back(*engine::parse_action(t));
    REQUIRE(store->finish_game_with_actions(row.id, actions, 42, 1, 2, true, 5555).is_ok());
    // Finished already, or no such game: refused, and nothing changes.
    std::vector<engine::Action> other{*engine::parse_action("r")};
    CHECK(store->finish_game_with_actions(row.id, other, 99, 0, 0, false, 6666).is_not_found());
    CHECK(store->finish_game_with_actions(row.id + 50, other, 99, 0, 0, false, 6666)
              .is_not_found());

    const auto g = store->game(row.id);
    REQUIRE(g);
    CHECK(texts(*g) == std::vector<std::string>{"1:1", "2:4,5", "s"});
    CHECK(g->finished_at == 5555);
    CHECK(g->score == 42);
    CHECK(g->strikes == 1);
    CHECK(g->spares == 2);
    CHECK(g->resigned);
}

TEST_CASE("save_finished_game stores the row and all its actions at once") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    GameRow row = test::game_row(std::nullopt, GameMode::kPractice);
    row.finished_at = 9000;
    row.score = 123;
    for (const char* t : {"1:1", "2:4,5", "s", "3:7,8,9", "s"}) {
        row.actions.push_back(*engine::parse_action(t));
    }
    REQUIRE(store->save_finished_game(row).is_ok());
    const auto g = store->game(row.id);
    REQUIRE(g);
    CHECK(g->finished_at == 9000);
    CHECK(g->score == 123);
    CHECK(texts(*g) == std::vector<std::string>{"1:1", "2:4,5", "s", "3:7,8,9", "s"});
}

TEST_CASE("daily_attempt finds the player's daily row of that day only") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    GameRow practice = test::game_row(ann, GameMode::kPractice, "2026-11-28");
    REQUIRE(store->create_game(practice).is_ok());
    GameRow daily = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(daily).is_ok());
    REQUIRE(store->append_action(daily.id, 0, "s").is_ok());

    const auto found = store->daily_attempt(ann, "2026-11-29");
    REQUIRE(found);
    CHECK(found->id == daily.id);
    CHECK(texts(*found) == std::vector<std::string>{"s"});
    CHECK_FALSE(store->daily_attempt(ann, "2026-11-28"));  // a practice row is no attempt
    CHECK_FALSE(store->daily_attempt(bob, "2026-11-29"));
    CHECK_FALSE(store->daily_attempt(ann, "2026-11-30"));
}

TEST_CASE("unfinished_ranked_games lists open daily and league games with their actions") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    GameRow open_daily = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    GameRow open_league = test::game_row(bob, GameMode::kLeague);
    GameRow open_practice = test::game_row(ann, GameMode::kPractice);
    for (GameRow* r : {&open_daily, &open_league, &open_practice}) {
        REQUIRE(store->create_game(*r).is_ok());
    }
    REQUIRE(store->append_action(open_daily.id, 0, "1:1").is_ok());
    REQUIRE(store->append_action(open_daily.id, 1, "s").is_ok());
    test::finished_game(*store, bob, GameMode::kDaily, "2026-11-29", 100, 9000);

    auto open = store->unfinished_ranked_games();
    std::sort(open.begin(), open.end(), [](auto& a, auto& b) { return a.id < b.id; });
    REQUIRE(open.size() == 2);
    CHECK(open[0].id == open_daily.id);
    CHECK(texts(open[0]) == std::vector<std::string>{"1:1", "s"});
    CHECK(open[1].id == open_league.id);
    CHECK(open[1].mode == GameMode::kLeague);
    CHECK(open[1].actions.empty());
}

TEST_CASE("players, games, actions and reveals survive closing and reopening") {
    TempDir dir;
    PlayerId ann = 0;
    GameRowId open_id = 0, done_id = 0;
    {
        auto store = test::open_store(dir.db());
        ann = test::add_player(*store, "ann");
        GameRow open = test::game_row(ann, GameMode::kDaily, "2026-11-29");
        REQUIRE(store->create_game(open).is_ok());
        REQUIRE(store->append_action(open.id, 0, "2:1,2").is_ok());
        open_id = open.id;
        done_id = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 210, 4000);
        REQUIRE(store->mark_revealed("2026-11-28", 5000).is_ok());
    }
    auto store = test::open_store(dir.db());
    CHECK(store->player_by_token("hash-of-ann")->id == ann);
    const auto open = store->daily_attempt(ann, "2026-11-29");
    REQUIRE(open);
    CHECK(open->id == open_id);
    CHECK(texts(*open) == std::vector<std::string>{"2:1,2"});
    CHECK(store->unfinished_ranked_games().size() == 1);
    CHECK(store->game(done_id)->score == 210);
    CHECK(store->is_revealed("2026-11-28"));
    // The row ids go on from where they were.
    GameRow next = test::game_row(ann, GameMode::kPractice);
    REQUIRE(store->create_game(next).is_ok());
    CHECK(next.id > done_id);
}

TEST_CASE("create_game takes the id it is given, max_game_id reports the largest") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    CHECK(store->max_game_id() == 0);
    GameRow a = test::game_row(std::nullopt, GameMode::kPractice, "", 100);
    a.id = 41;
    REQUIRE(store->create_game(a).is_ok());
    CHECK(a.id == 41);
    CHECK(store->max_game_id() == 41);
    REQUIRE(store->game(41));
    // Without an id, the next free one.
    GameRow b = test::game_row(std::nullopt, GameMode::kPractice, "", 200);
    REQUIRE(store->create_game(b).is_ok());
    CHECK(b.id == 42);
    // An id taken already is a conflict and stores nothing.
    GameRow c = test::game_row(std::nullopt, GameMode::kPractice, "", 300);
    c.id = 41;
    const Status st = store->create_game(c);
    CHECK(st.is_conflict());
    CHECK(store->game(41)->started_at == 100);
    CHECK(store->max_game_id() == 42);
}

}  // namespace
