// Par with games and revealed days (schema version 7): a game's par reads back once set and
// only then; a day's par and line are kept with the revealed day and given to every daily game
// of that day (finished or not, never another day's or another mode's); a player's games carry
// their par.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

}  // namespace

TEST_CASE("par: a game's par is absent until set, then reads back") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const GameRowId g = test::finished_game(*store, ann, GameMode::kPractice, "", 150, 1000);
    CHECK_FALSE(store->game(g)->par.has_value());
    REQUIRE(store->set_game_par(g, 231).is_ok());
    CHECK(store->game(g)->par == 231);
    const auto played = store->games_of(ann);
    REQUIRE(played.size() == 1);
    CHECK(played[0].par == 231);
    CHECK(store->set_game_par(g + 1000, 200).is_not_found());
    // Out of range for the column: refused, nothing changed.
    CHECK_FALSE(store->set_game_par(g, 301).is_ok());
    CHECK(store->game(g)->par == 231);
}

TEST_CASE("par: a revealed day keeps its par and line and gives it to that day's daily games") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const GameRowId a29 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 150, 1000);
    GameRow open = test::game_row(bob, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(open).is_ok());
    const GameRowId a28 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 140, 900);
    const GameRowId practice = test::finished_game(*store, bob, GameMode::kPractice, "", 99, 800);
    CHECK_FALSE(store->day_par("2026-11-29").has_value());
    REQUIRE(store->mark_revealed("2026-11-29", 5000).is_ok());
    CHECK_FALSE(store->day_par("2026-11-29").has_value());
    REQUIRE(store->reveal_day_par("2026-11-29", 208, "pinfall/1 sackson 00 1:1 s", 5001).is_ok());
    const auto day = store->day_par("2026-11-29");
    REQUIRE(day);
    CHECK(day->first == 208);
    CHECK(day->second == "pinfall/1 sackson 00 1:1 s");
    CHECK(store->is_revealed("2026-11-29"));
    CHECK(store->game(a29)->par == 208);
    CHECK(store->game(open.id)->par == 208);
    CHECK_FALSE(store->game(a28)->par.has_value());
    CHECK_FALSE(store->game(practice)->par.has_value());
    // Again (a restart processes the latest day once more): the same values, no error; a day
    // not marked revealed before gets its row.
    REQUIRE(store->reveal_day_par("2026-11-29", 208, "pinfall/1 sackson 00 1:1 s", 6000).is_ok());
    CHECK(store->day_par("2026-11-29")->first == 208);
    REQUIRE(store->reveal_day_par("2026-11-28", 190, "x", 6000).is_ok());
    CHECK(store->is_revealed("2026-11-28"));
    CHECK(store->game(a28)->par == 190);
}
