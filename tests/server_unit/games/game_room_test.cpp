// GameRoom in-process, through a Registry on a SQLite file (games_harness.hpp): the zero-seed
// practice game of docs/protocol.md replayed move by move (versions, scores and the reveal as
// documented, every watcher told), an illegal play refused with its rule's code and nothing
// changed, a finished game handed to RoomContext::on_finished once, and the durability rule of
// ranked games: a daily action is acknowledged only once its write has committed.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games_harness.hpp"

namespace {

using namespace pinfall;
using nlohmann::json;
using test::GamesHarness;
using test::RecordingOutbox;

// A play as docs/protocol.md writes it: pile 1-3, pins 1-10.
engine::Action room_play(int pile, std::initializer_list<int> pins) {
    const std::vector<int> listed(pins);
    return engine::Action::play(pile - 1, listed);
}

// The checks every update passes: its events are numbered one by one from the version the
// watcher knew, up to the update's own version.
void check_versions(const json& update, std::uint64_t known) {
    REQUIRE(update["type"] == "update");
    const auto& events = update["events"];
    REQUIRE_FALSE(events.empty());
    for (std::size_t i = 0; i < events.size(); ++i) CHECK(events[i]["v"] == known + 1 + i);
    CHECK(update["version"] == known + events.size());
}

TEST_CASE("a practice room plays docs/protocol.md's game: one version per event, every watcher told") {
    GamesHarness h;
    auto player = std::make_shared<RecordingOutbox>(1);
    auto watcher = std::make_shared<RecordingOutbox>(2);  // the guest's second connection
    const auto room = h.create_practice(7).room;
    REQUIRE(room);

    GamesHarness::snapshot(room, 7, player);
    const json snap = player->message(1);
    CHECK(snap["type"] == "game");
    CHECK(snap["re"] == 7);
    CHECK(snap["game"] == room->id());
    CHECK(snap["mode"] == "practice");
    CHECK(snap["version"] == 1);  // the opening deal is event 1
    CHECK(snap["state"]["pins"] ==
          json::parse(R"(["6S","7S","10H","AS","4S","9H","8H","10S","AH","5H"])"));
    CHECK(snap["legal"] == json::parse("[[[1,3,6],[3,4,5]],[[1],[1,3],[2,3,6]],[[1,2],[1,2,3],[3,5,6]]]"));
    GamesHarness::snapshot(room, std::nullopt, watcher);
    CHECK(watcher->message(1)["version"] == 1);

    struct Step {
        engine::Action action;
        std::uint64_t version;  // after it (docs/protocol.md "update: events")
        int score;              // the sheet's, when the update carries one (a ball ended)
    };
    const std::vector<Step> steps = {
        {room_play(1, {1, 3, 6}), 2, -1}, {engine::Action::stop(), 4, 3},
        {room_play(1, {2, 4, 5}), 5, -1}, {engine::Action::stop(), 8, 6},
        {room_play(1, {2, 5}), 9, -1},    {engine::Action::resign(), 11, 8},
    };
    std::uint64_t version = 1;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        INFO("step " << i);
        const std::uint64_t re = 8 + i;
        GamesHarness::act(room, steps[i].action, re, player);
        json mine = player->message(i + 2);
        const json theirs = watcher->message(i + 2);
        check_versions(mine, version);
        CHECK(mine["re"] == re);
        CHECK(mine["version"] == steps[i].version);
        if (steps[i].score >= 0) CHECK(mine["sheet"]["score"] == steps[i].score);
        // The other connection gets the same update, without the reply's `re`.
        CHECK_FALSE(theirs.contains("re"));
        mine.erase("re");
        CHECK(theirs == mine);
        version = steps[i].version;
    }
    const json last = player->message(7);
    CHECK(last["sheet"]["frames"][0]["marks"] == "33");
    CHECK(last["sheet"]["frames"][0]["total"] == 6);
    CHECK(last["events"].back()["e"] == "game_over");
    CHECK(last["events"].back()["score"] == 8);
    CHECK(last["events"].back()["resigned"] == true);
    // A finished practice game reveals its record at once (docs/rules.md "Hidden information").
    CHECK(last["reveal"]["record"] ==
          "pinfall/1 sackson " + std::string(64, '0') + " 1:1,3,6 s 1:2,4,5 s 1:2,5 r");
    CHECK(room->finished());
    CHECK(h.metrics.games_active == 0);
    CHECK(h.metrics.actions_accepted == 6);
}

TEST_CASE("an illegal play is answered with its rule's code, the game and its version unchanged") {
    GamesHarness h;
    auto player = std::make_shared<RecordingOutbox>(1);
    auto watcher = std::make_shared<RecordingOutbox>(2);
    const auto room = h.create_practice(7).room;
    REQUIRE(room);
    GamesHarness::snapshot(room, 1, player);
    GamesHarness::snapshot(room, std::nullopt, watcher);
    json before = player->message(1);
    watcher->message(1);

    // Pile 1 shows 5S; pins 1 and 2 carry 6S and 7S: 13 ends in 3, not 5.
    GamesHarness::act(room, room_play(1, {1, 2}), 2, player);
    const json refused = player->message(2);
    CHECK(refused["type"] == "error");
    CHECK(refused["re"] == 2);
    CHECK(refused["code"] == "sum_mismatch");
    CHECK(refused["detail"]["sum"] == 13);
    CHECK(refused["detail"]["value"] == 5);
    // Pin 11 does not exist: the pin rule is checked before the sum's.
    GamesHarness::act(room, room_play(1, {11}), 3, player);
    CHECK(player->message(3)["code"] == "bad_pin");

    GamesHarness::snapshot(room, 4, player);
    json after = player->message(4);
    CHECK(after["version"] == 1);
    before.erase("re");
    after.erase("re");
    CHECK(after == before);
    CHECK(test::on_strand(room->executor(), [&] { return room->game().actions().size(); }) == 0);

    // The refusals used no version: the next legal play is event 2.
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 5, player);
    CHECK(player->message(5)["version"] == 2);
    // Only the accepted play reached the other connection.
    CHECK(watcher->message(2)["version"] == 2);
    test::on_strand(room->executor(), [] { return 0; });
    CHECK(watcher->count() == 2);
}

TEST_CASE("a finished game reaches on_finished once, stored, and refuses what follows") {
    GamesHarness h;
    auto player = std::make_shared<RecordingOutbox>();
    const auto room = h.create_practice(7).room;
    REQUIRE(room);
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 1, player);
    GamesHarness::act(room, engine::Action::resign(), 2, player);
    CHECK(player->message(2)["events"].back()["e"] == "game_over");
    h.wait_finished(1);

    GamesHarness::act(room, engine::Action::stop(), 3, player);
    CHECK(player->message(3)["code"] == "game_over");
    // Anything a second call could come from has run: writes committed, the strand drained.
    h.committed();
    test::on_strand(room->executor(), [] { return 0; });
    const auto finished = h.finished();
    REQUIRE(finished.size() == 1);
    const auto& row = finished[0].row;
    CHECK(row.id == room->id());
    CHECK(row.mode == storage::GameMode::kPractice);
    CHECK(row.score == 3);  // the ball in play counts the 3 pins it knocked (docs/rules.md)
    CHECK(row.resigned);
    CHECK(row.actions.size() == 2);
    CHECK(row.finished_at >= server::unix_ms(server::parse_rfc3339("2026-11-29T12:00:00Z").value()));

    const auto stored = h.stored(room->id());
    REQUIRE(stored);
    CHECK(stored->finished_at == row.finished_at);
    CHECK(stored->score == 3);
    CHECK(stored->guest == std::optional<std::int64_t>(7));
    CHECK(stored->actions == row.actions);
}

TEST_CASE("a daily action is acknowledged only once its write has committed") {
    GamesHarness h;
    const auto ann = h.add_player("ann");
    const auto room = h.daily(ann, "ann", "2026-11-29").room;
    REQUIRE(room);
    REQUIRE(room->mode() == storage::GameMode::kDaily);
    auto player = std::make_shared<RecordingOutbox>();

    h.hold_worker();  // the group commit cannot happen until released
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 8, player);
    // The room applied the play (its state moved on) but told nobody.
    CHECK(test::on_strand(room->executor(), [&] { return room->game().actions().size(); }) == 1);
    CHECK(player->count() == 0);
    h.release_worker();
    const json ack = player->message(1);
    CHECK(ack["re"] == 8);
    CHECK(ack["version"] == 2);
    const auto stored = h.stored(room->id());
    REQUIRE(stored);
    REQUIRE(stored->actions.size() == 1);
    CHECK(stored->actions[0] == room_play(1, {1, 3, 6}));

    // Ranked games take nothing back, and store nothing for the refusal.
    GamesHarness::act(room, engine::Action::undo(), 9, player);
    CHECK(player->message(2)["code"] == "ranked_game");
    CHECK(h.stored(room->id())->actions.size() == 1);
}

TEST_CASE("a practice action is acknowledged while the storage worker is busy") {
    GamesHarness h;
    const auto room = h.create_practice(7).room;
    REQUIRE(room);
    auto player = std::make_shared<RecordingOutbox>();
    h.hold_worker();
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 8, player);
    CHECK(player->message(1)["version"] == 2);  // practice actions wait for no COMMIT
    h.release_worker();
}

TEST_CASE("a daily game's board hears of its end before its player does") {
    GamesHarness h;
    const auto ann = h.add_player("ann");
    const auto room = h.daily(ann, "ann", "2026-11-29").room;
    REQUIRE(room);
    auto player = std::make_shared<RecordingOutbox>();
    std::size_t told_before = 99;
    h.on_finished_hook = [&](const server::FinishedGame&) { told_before = player->count(); };
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 1, player);
    GamesHarness::act(room, engine::Action::resign(), 2, player);
    const json over = player->message(2);
    CHECK(over["events"].back()["e"] == "game_over");
    CHECK_FALSE(over.contains("reveal"));  // a ranked game's deals wait for the day's reveal
    h.wait_finished(1);
    CHECK(told_before == 1);  // the play's update only: game_over came after on_finished
    const auto g = h.finished()[0];
    CHECK(g.player_name == "ann");
    CHECK(g.row.player == std::optional<storage::PlayerId>(ann));
    CHECK(g.row.day == "2026-11-29");
    CHECK(g.row.score == 3);
}

TEST_CASE("a daily attempt acted on after its day's reveal ends where it stands") {
    // The reveal of 2026-11-29 is 2026-11-30T01:00Z (docs/rules.md): the clock is past it.
    GamesHarness h(100, "2026-11-30T01:00:00Z");
    const auto ann = h.add_player("ann");
    const auto room = h.daily(ann, "ann", "2026-11-29").room;
    REQUIRE(room);
    auto player = std::make_shared<RecordingOutbox>();
    GamesHarness::act(room, room_play(1, {1, 3, 6}), 1, player);
    CHECK(player->message(1)["code"] == "game_over");
    h.wait_finished(1);
    CHECK(h.finished()[0].row.resigned);
    CHECK(h.finished()[0].row.score == 0);
}

}  // namespace
