// Game id reservations (never lower, never below a stored id) and guests: a guest's unfinished
// games, and expiry of guests that have nothing stored.
#include <catch2/catch.hpp>

#include <utility>
#include <vector>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;

TEST_CASE("game id reservations only grow and cover every stored id") {
    test::TempDir dir;
    {
        auto store = test::open_store(dir.db());
        CHECK(store->game_id_reservation() == 0);
        REQUIRE(store->reserve_game_ids(1024).is_ok());
        CHECK(store->game_id_reservation() == 1024);
        REQUIRE(store->reserve_game_ids(10).is_ok());  // lower: ignored
        CHECK(store->game_id_reservation() == 1024);
        GameRow row = test::game_row(std::nullopt, GameMode::kPractice);
        row.id = 5000;  // a stored id above the reservation counts too
        REQUIRE(store->create_game(row).is_ok());
        CHECK(store->game_id_reservation() == 5000);
    }
    // Durable: a reopened file keeps it (the statements commit by themselves).
    auto store = test::open_store(dir.db());
    CHECK(store->game_id_reservation() == 5000);
    REQUIRE(store->reserve_game_ids(6024).is_ok());
    CHECK(test::open_store(dir.db())->game_id_reservation() == 6024);
}

TEST_CASE("take_game_ids: blocks after every reserved or stored id, disjoint across stores") {
    test::TempDir dir;
    auto a = test::open_store(dir.db());
    auto b = test::open_store(dir.db());  // a second node on the same database
    GameRowId last = 0;
    REQUIRE(a->take_game_ids(1024, &last).is_ok());
    CHECK(last == 1024);
    REQUIRE(b->take_game_ids(1024, &last).is_ok());
    CHECK(last == 2048);
    REQUIRE(a->take_game_ids(10, &last).is_ok());
    CHECK(last == 2058);
    GameRow row = test::game_row(std::nullopt, GameMode::kPractice);
    row.id = 9000;  // stored above the counter (a copied database, say): the next block follows it
    REQUIRE(b->create_game(row).is_ok());
    REQUIRE(a->take_game_ids(1000, &last).is_ok());
    CHECK(last == 10000);
    CHECK(b->game_id_reservation() == 10000);
    // Interleaved takes of both never overlap.
    std::vector<std::pair<GameRowId, GameRowId>> blocks;
    for (int i = 0; i < 20; ++i) {
        auto& store = i % 2 ? a : b;
        REQUIRE(store->take_game_ids(100, &last).is_ok());
        blocks.emplace_back(last - 99, last);
    }
    for (std::size_t i = 1; i < blocks.size(); ++i) CHECK(blocks[i].first == blocks[i - 1].second + 1);
    CHECK(blocks.front().first == 10001);
}

TEST_CASE("a guest's unfinished games, oldest first, without finished or player games") {
    test::TempDir dir;
    auto store = test::open_store(dir.db());
    REQUIRE(store->create_guest(7, "token-7", 1000).is_ok());
    REQUIRE(store->create_guest(8, "token-8", 1000).is_ok());
    const PlayerId p = test::add_player(*store, "Ann");
    auto add = [&](std::int64_t id, std::int64_t guest, std::optional<PlayerId> player) {
        GameRow row = test::game_row(player, GameMode::kPractice);
        row.id = id;
        row.guest = guest;
        REQUIRE(store->create_game(row).is_ok());
    };
    add(30, 7, std::nullopt);
    add(10, 7, std::nullopt);
    add(20, 7, std::nullopt);
    add(40, 8, std::nullopt);
    add(50, 7, p);  // played while logged in: the player's, not the guest's
    REQUIRE(store->finish_game(20, 90, 1, 1, false, 9000).is_ok());
    CHECK(store->unfinished_guest_games(7) == std::vector<GameRowId>{10, 30});
    CHECK(store->unfinished_guest_games(8) == std::vector<GameRowId>{40});
    CHECK(store->unfinished_guest_games(9).empty());
}

TEST_CASE("expiring guests deletes only those that nothing stored refers to") {
    test::TempDir dir;
    auto store = test::open_store(dir.db());
    for (int id = 1; id <= 5; ++id) {
        REQUIRE(store->create_guest(id, "token-" + std::to_string(id), 1000).is_ok());
    }
    GameRow row = test::game_row(std::nullopt, GameMode::kPractice);
    row.guest = 2;  // guest 2 has a game
    REQUIRE(store->create_game(row).is_ok());
    LaneRow lane;
    lane.code = "ABCDEF";
    lane.ruleset = "tenpin";
    lane.owner_guest = 3;  // guest 3 owns a lane
    lane.sides = {"A"};
    REQUIRE(store->lanes().create(lane).is_ok());
    std::vector<std::int64_t> removed;
    REQUIRE(store->expire_guests({1, 2, 3, 4, 99}, &removed).is_ok());  // 99: none such
    std::sort(removed.begin(), removed.end());
    CHECK(removed == std::vector<std::int64_t>{1, 4});
    std::vector<std::int64_t> left;
    for (const auto& g : store->guests()) left.push_back(g.id);
    std::sort(left.begin(), left.end());
    CHECK(left == std::vector<std::int64_t>{2, 3, 5});
}

}  // namespace
