// Registry in-process on a SQLite file (games_harness.hpp): new games take ids from the reserved
// block and stay cached; an idle practice game leaves memory and is found again from storage
// where it stood; a finished game leaves memory once finished_kept later ones have finished;
// max_games refuses a start with a conflict until a finished room can go; a
// player's daily attempt is one room per day, resumed after a restart; a guest's open games
// come from memory and storage together.
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <vector>

#include "games_harness.hpp"

namespace {

using namespace pinfall;
using nlohmann::json;
using test::GamesHarness;
using test::RecordingOutbox;

const std::vector<int> kFirstPlay = {1, 3, 6};  // legal on the zero seed's first rack, pile 1

std::vector<protocol::GameId> open_games(server::Registry& registry, server::GuestId guest) {
    std::promise<std::vector<protocol::GameId>> p;
    registry.open_games_of(guest, [&p](std::vector<protocol::GameId> ids) { p.set_value(ids); });
    auto f = p.get_future();
    REQUIRE(f.wait_for(test::kGamesWait) == std::future_status::ready);
    return f.get();
}

// The room's version, as a snapshot to a new connection reports it.
json registry_snapshot(const std::shared_ptr<server::GameRoom>& room) {
    auto to = std::make_shared<RecordingOutbox>(99);
    GamesHarness::snapshot(room, std::nullopt, to);
    return to->message(1);
}

TEST_CASE("create_game hands out the reserved ids in turn and keeps the rooms cached") {
    GamesHarness h;
    const auto a = h.create_practice(7);
    const auto b = h.create_practice(8);
    REQUIRE(a.status.is_ok());
    REQUIRE(a.room);
    REQUIRE(b.room);
    CHECK(a.room->id() == h.ids.first);
    CHECK(b.room->id() == h.ids.first + 1);
    CHECK(a.room->owner().guest == 7);
    CHECK_FALSE(a.room->owner().player);
    CHECK(h.registry().cached(a.room->id()) == a.room);
    CHECK(h.find(b.room->id()).room == b.room);  // from memory: the same room
    CHECK(h.metrics.games_active == 2);
    // Their rows are stored in the background; a read after them finds them.
    const auto row = h.stored(a.room->id());
    REQUIRE(row);
    CHECK(row->guest == std::optional<std::int64_t>(7));
    CHECK_FALSE(row->finished_at);
}

TEST_CASE("an idle practice game leaves memory and find_game loads it where it stood") {
    GamesHarness h;
    auto player = std::make_shared<RecordingOutbox>();
    const auto room = h.create_practice(7).room;
    REQUIRE(room);
    GamesHarness::act(room, engine::Action::play(0, kFirstPlay), 1, player);
    const json before = player->message(1);
    REQUIRE(before["version"] == 2);

    // Active since the cutoff: stays.
    h.registry().evict_idle(std::chrono::steady_clock::now() - std::chrono::hours(1));
    test::on_strand(room->executor(), [] { return 0; });  // after any eviction posted there
    CHECK(h.registry().cached(room->id()) == room);

    h.registry().evict_idle(std::chrono::steady_clock::now() + std::chrono::hours(1));
    CHECK(test::on_strand(room->executor(), [&] { return room->evicted(); }));
    CHECK(h.registry().cached(room->id()) == nullptr);
    CHECK(h.metrics.games_evicted == 1);
    CHECK(h.metrics.games_active == 0);

    const auto found = h.find(room->id());
    REQUIRE(found.status.is_ok());
    REQUIRE(found.room);
    CHECK(found.room != room);  // a new room, restored from the stored actions
    CHECK(h.registry().cached(room->id()) == found.room);
    const json again = registry_snapshot(found.room);
    CHECK(again["version"] == 2);
    CHECK(again["legal"] == before["legal"]);
    // It plays on from there: event 3 is the stop's first.
    GamesHarness::act(found.room, engine::Action::stop(), 2, player);
    CHECK(player->message(2)["events"][0]["v"] == 3);

    const auto missing = h.find(room->id() + 500);
    CHECK(missing.room == nullptr);
    CHECK(missing.status.is_not_found());
}

TEST_CASE("past max_games a start is refused as server_busy until a finished room can go") {
    GamesHarness h(2);
    const auto a = h.create_practice(7);
    const auto b = h.create_practice(7);
    REQUIRE(a.room);
    REQUIRE(b.room);
    const auto refused = h.create_practice(8);
    CHECK(refused.room == nullptr);
    CHECK(refused.status.is_conflict());
    CHECK(refused.status.message() == "server_busy");
    CHECK(h.metrics.games_active == 2);

    auto player = std::make_shared<RecordingOutbox>();
    GamesHarness::act(a.room, engine::Action::resign(), 1, player);
    REQUIRE(player->message(1)["events"].back()["e"] == "game_over");
    const auto c = h.create_practice(8);  // a's room makes way
    REQUIRE(c.room);
    CHECK(h.registry().cached(a.room->id()) == nullptr);
    CHECK(h.registry().cached(b.room->id()) == b.room);
    CHECK(h.registry().cached(c.room->id()) == c.room);
}

TEST_CASE("a finished game stays cached while finished_kept later games finish, then leaves") {
    GamesHarness h(100, "2026-11-29T12:00:00Z", 2);
    auto player = std::make_shared<RecordingOutbox>();
    std::vector<std::shared_ptr<server::GameRoom>> ended;
    for (int i = 0; i < 3; ++i) {
        ended.push_back(h.create_practice(7).room);
        REQUIRE(ended.back());
    }
    const auto live = h.create_practice(7).room;
    REQUIRE(live);
    GamesHarness::act(ended[0], engine::Action::resign(), 1, player);
    GamesHarness::act(ended[1], engine::Action::resign(), 2, player);
    h.wait_finished(2);  // stored finished; the registry was told first
    CHECK(h.registry().cached(ended[0]->id()) == ended[0]);
    CHECK(h.registry().cached(ended[1]->id()) == ended[1]);

    GamesHarness::act(ended[2], engine::Action::resign(), 3, player);
    h.wait_finished(3);
    CHECK(h.registry().cached(ended[0]->id()) == nullptr);  // the oldest of three left
    CHECK(h.registry().cached(ended[1]->id()) == ended[1]);
    CHECK(h.registry().cached(ended[2]->id()) == ended[2]);
    CHECK(h.registry().cached(live->id()) == live);  // unfinished: never counted

    // Asked for again, it is loaded from storage as it ended.
    const auto found = h.find(ended[0]->id());
    REQUIRE(found.status.is_ok());
    REQUIRE(found.room);
    CHECK(found.room != ended[0]);
    CHECK(found.room->finished());
    const json again = registry_snapshot(found.room);
    CHECK(again["version"] == 2);  // the resignation's events: ball and game over
    CHECK(again == registry_snapshot(ended[0]));
}

TEST_CASE("daily_attempt gives a player one room per day, resumed after a restart") {
    GamesHarness h;
    const auto ann = h.add_player("ann");
    const auto bob = h.add_player("bob");
    const auto first = h.daily(ann, "ann", "2026-11-29");
    REQUIRE(first.status.is_ok());
    REQUIRE(first.room);
    CHECK(first.room->mode() == storage::GameMode::kDaily);
    CHECK(first.room->day() == "2026-11-29");
    CHECK(first.room->owner().player == std::optional<storage::PlayerId>(ann));
    CHECK(h.daily(ann, "ann", "2026-11-29").room == first.room);
    const auto other_day = h.daily(ann, "ann", "2026-11-30").room;
    const auto other_player = h.daily(bob, "bob", "2026-11-29").room;
    REQUIRE(other_day);
    REQUIRE(other_player);
    CHECK(other_day->id() != first.room->id());
    CHECK(other_player->id() != first.room->id());

    auto player = std::make_shared<RecordingOutbox>();
    GamesHarness::act(first.room, engine::Action::play(0, kFirstPlay), 1, player);
    REQUIRE(player->message(1)["version"] == 2);  // acknowledged: committed
    h.restart();
    const auto resumed = h.daily(ann, "ann", "2026-11-29");
    REQUIRE(resumed.room);
    CHECK(resumed.room != first.room);
    CHECK(resumed.room->id() == first.room->id());
    CHECK(registry_snapshot(resumed.room)["version"] == 2);
}

TEST_CASE("open_games_of lists a guest's unfinished games, memory's word over storage's") {
    GamesHarness h;
    auto player = std::make_shared<RecordingOutbox>();
    const auto a = h.create_practice(7).room;
    const auto b = h.create_practice(7).room;
    const auto c = h.create_practice(8).room;
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(c);
    GamesHarness::act(b, engine::Action::resign(), 1, player);
    REQUIRE(player->message(1)["events"].back()["e"] == "game_over");
    CHECK(open_games(h.registry(), 7) == std::vector<protocol::GameId>{a->id()});
    CHECK(open_games(h.registry(), 8) == std::vector<protocol::GameId>{c->id()});
    CHECK(open_games(h.registry(), 9).empty());

    // a leaves memory (its actions go to storage) and is still listed, from storage.
    GamesHarness::act(a, engine::Action::play(0, kFirstPlay), 2, player);
    REQUIRE(player->message(2)["version"] == 2);
    h.registry().evict_idle(std::chrono::steady_clock::now() + std::chrono::hours(1));
    test::on_strand(a->executor(), [] { return 0; });
    REQUIRE(h.registry().cached(a->id()) == nullptr);
    CHECK(open_games(h.registry(), 7) == std::vector<protocol::GameId>{a->id()});
}

}  // namespace
