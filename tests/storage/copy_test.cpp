// Moving a SQLite installation to PostgreSQL ([postgres]): copy_database copies every player,
// guest, game (with its actions or record), daily result, revealed day, league (members,
// rounds, averages, log), arena (members, games) and lane (sides, members, reports) so that the Store API reads back
// the same from both; ids are kept and new ones follow them; a target that is not empty is
// refused and left as it was.
#include <catch2/catch.hpp>

#include "engine/record.hpp"
#include "storage/copy.hpp"
#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

struct Filled {
    PlayerId ann = 0, bob = 0;
    GameRowId daily = 0, practice = 0, unfinished = 0, arena_game = 0;
    std::int64_t league = 0, arena = 0, device = 0;
};

Filled fill(Store& s) {
    Filled f;
    f.ann = test::add_player(s, "ann");
    f.bob = test::add_player(s, "bob");
    REQUIRE(s.create_guest(77, std::string("\x01\x02\x00\x03", 4), 1500).is_ok());
    f.daily = test::finished_game(s, f.ann, GameMode::kDaily, "2026-11-28", 187, 9000);
    REQUIRE(s.append_action(f.daily, 0, "1:2,3").is_ok());
    REQUIRE(s.append_action(f.daily, 1, "s").is_ok());
    GameRow practice = test::game_row(std::nullopt, GameMode::kPractice);
    practice.guest = 77;
    practice.finished_at = 12000;
    practice.score = 99;
    practice.resigned = true;
    practice.actions = {*engine::parse_action("2:1"), engine::Action::stop()};
    REQUIRE(s.save_finished_game(practice).is_ok());
    f.practice = practice.id;
    GameRow open = test::game_row(f.bob, GameMode::kDaily, "2026-11-29");
    REQUIRE(s.create_game(open).is_ok());
    f.unfinished = open.id;
    REQUIRE(s.mark_revealed("2026-11-28", 9500).is_ok());
    REQUIRE(s.reserve_game_ids(5000).is_ok());

    LeagueRow league;
    league.name = "Tuesday";
    league.secretary = f.ann;
    league.rounds = 2;
    league.start_date = "2026-11-24";
    league.invite_code = "INVITE2345";
    league.created_at = 100;
    REQUIRE(s.leagues().create(league).is_ok());
    f.league = league.id;
    REQUIRE(s.leagues().add_member(league.id, f.ann, 0).is_ok());
    REQUIRE(s.leagues().add_member(league.id, f.bob, 1).is_ok());
    REQUIRE(s.leagues().set_started(league.id, 200).is_ok());
    REQUIRE(s.leagues().close_round(league.id, 1, 300, true).is_ok());
    REQUIRE(s.leagues().set_daily_average(league.id, 1, f.bob, 131).is_ok());
    REQUIRE(s.leagues().log(league.id, f.ann, "start", "2 rounds", 200).is_ok());

    ArenaRow arena;
    arena.name = "Hourly";
    arena.starts_at = 60000;
    arena.ends_at = 60000 + 30 * 60000;
    arena.clock_ms = 120000;
    arena.schedule_slot = "every 60m sackson 30m@60000";
    arena.created_at = 500;
    REQUIRE(s.arenas().create(arena).is_ok());
    f.arena = arena.id;
    REQUIRE(s.arenas().join(arena.id, f.ann, 61000).is_ok());
    REQUIRE(s.arenas().join(arena.id, f.bob, 62000).is_ok());
    REQUIRE(s.arenas().leave(arena.id, f.bob, 63000).is_ok());
    GameRow played = test::game_row(f.ann, GameMode::kArena, "", 64000);
    played.arena = arena.id;
    REQUIRE(s.arenas().create_game(played, 1, true).is_ok());
    REQUIRE(s.finish_game(played.id, 180, 5, 3, false, 65000).is_ok());
    REQUIRE(s.arenas().set_points(played.id, 200, 5).is_ok());
    f.arena_game = played.id;

    REQUIRE(s.push().set_settings(f.ann, {"Europe/Paris", false, true, 19}).is_ok());
    VapidKeyRow key;
    REQUIRE(s.push().vapid_key({"private", "public", 100}, &key).is_ok());
    PushSubscriptionRow device;
    device.endpoint = "https://push.example.net/ann";
    device.p256dh = "key";
    device.auth = "auth";
    device.player = f.ann;
    device.created_at = 300;
    device.due_at = 400;
    REQUIRE(s.push().subscribe(device, &f.device).is_ok());
    REQUIRE(s.push().claim(f.device, "2026-11-28", "node-a", 500).is_ok());
    REQUIRE(s.push().mark_sent(f.device, "2026-11-28", 900).is_ok());

    LaneRow lane;
    lane.code = "LANE2345";
    lane.ruleset = "compact-official";
    lane.owner_guest = 77;
    lane.created_at = 400;
    lane.sides = {"A", "B"};
    REQUIRE(s.lanes().create(lane).is_ok());
    REQUIRE(s.lanes().add_member(lane.id, {1, std::nullopt, f.bob, "Bob"}).is_ok());
    REQUIRE(s.lanes().add_member(lane.id, {0, 77, std::nullopt, "Guest"}).is_ok());
    REQUIRE(s.lanes().append_report(lane.id, 0, {0, 5, true}).is_ok());
    REQUIRE(s.lanes().finish(lane.id, {40, 55}, 800).is_ok());
    return f;
}

void same_game(Store& a, Store& b, GameRowId id) {
    INFO("game " << id);
    const auto x = a.game(id);
    const auto y = b.game(id);
    REQUIRE(x);
    REQUIRE(y);
    CHECK(x->player == y->player);
    CHECK(x->guest == y->guest);
    CHECK(x->mode == y->mode);
    CHECK(x->seed == y->seed);
    CHECK(x->day == y->day);
    CHECK(x->started_at == y->started_at);
    CHECK(x->finished_at == y->finished_at);
    CHECK(x->score == y->score);
    CHECK(x->resigned == y->resigned);
    CHECK(x->actions == y->actions);
    CHECK(x->arena == y->arena);
    CHECK(x->arena_n == y->arena_n);
    CHECK(x->arena_berserk == y->arena_berserk);
    CHECK(x->arena_points == y->arena_points);
}

TEST_CASE("a SQLite database copied to PostgreSQL reads back the same", "[postgres]") {
    TempDir dir;
    auto sqlite = test::open_store("sqlite:" + dir.file());
    const Filled f = fill(*sqlite);
    auto pg = test::open_store(dir.db());
    CopyCounts counts;
    REQUIRE(copy_database(*sqlite, *pg, &counts).is_ok());
    CHECK(counts["players"] == 2);
    CHECK(counts["games"] == 4);
    CHECK(counts["arenas"] == 1);
    CHECK(counts["arena_members"] == 2);
    CHECK(counts["actions"] == 2);
    CHECK(counts["lane_members"] == 2);
    CHECK(counts["league_log"] == 1);

    for (const auto id : {f.daily, f.practice, f.unfinished, f.arena_game}) {
        same_game(*sqlite, *pg, id);
    }
    const auto arena = pg->arenas().arena(f.arena);
    REQUIRE(arena);
    CHECK(arena->name == "Hourly");
    CHECK(arena->clock_ms == std::optional<int>(120000));
    CHECK(arena->schedule_slot == std::optional<std::string>("every 60m sackson 30m@60000"));
    CHECK(arena->players == 1);
    CHECK(pg->arenas().member(f.arena, f.bob)->left_at == std::optional<Millis>(63000));
    const auto arena_games = pg->arenas().games(f.arena);
    REQUIRE(arena_games.size() == 1);
    CHECK(arena_games[0].game == f.arena_game);
    CHECK(arena_games[0].n == 1);
    CHECK(arena_games[0].berserk);
    CHECK(arena_games[0].par == std::optional<int>(200));
    CHECK(arena_games[0].points == std::optional<int>(5));
    CHECK(pg->player_by_token("hash-of-ann")->id == f.ann);
    CHECK(pg->guests().size() == 1);
    CHECK(pg->guests()[0].token_hash == std::string("\x01\x02\x00\x03", 4));
    CHECK(pg->daily_results("2026-11-28").size() == 1);
    CHECK(pg->daily_results("2026-11-28")[0].score == 187);
    CHECK(pg->is_revealed("2026-11-28"));
    CHECK(pg->game_id_reservation() == 5000);
    CHECK(pg->unfinished_ranked_games().size() == 1);
    CHECK(pg->best_ranked_games().size() == sqlite->best_ranked_games().size());

    const auto league = pg->leagues().by_id(f.league);
    REQUIRE(league);
    CHECK(league->invite_code == "INVITE2345");
    CHECK(league->started_at == std::optional<Millis>(200));
    CHECK_FALSE(league->joining_open);
    CHECK(pg->leagues().members(f.league).size() == 2);
    CHECK(pg->leagues().closed_rounds(f.league)[0].early);
    CHECK(pg->leagues().daily_averages(f.league).at(1).at(f.bob) == 131);

    // Settings and push devices (schema 14): the same pair, the device's id kept (claims name
    // it), and the copy's next device after it.
    const auto ann_settings = pg->push().settings(f.ann);
    CHECK(ann_settings.time_zone == "Europe/Paris");
    CHECK_FALSE(ann_settings.new_daily);
    CHECK(ann_settings.streak_at_risk);
    CHECK(ann_settings.hour == 19);
    VapidKeyRow key;
    REQUIRE(pg->push().vapid_key({"other", "other", 1}, &key).is_ok());
    CHECK(key.private_key == "private");
    const auto devices = pg->push().subscriptions_of(f.ann);
    REQUIRE(devices.size() == 1);
    CHECK(devices[0].id == f.device);
    CHECK(devices[0].last_sent_day == std::optional<std::string>("2026-11-28"));
    CHECK(pg->push().claim(f.device, "2026-11-28", "n", 1).is_conflict());
    PushSubscriptionRow later;
    later.endpoint = "https://push.example.net/later";
    later.p256dh = "k";
    later.auth = "a";
    later.player = f.bob;
    std::int64_t later_id = 0;
    REQUIRE(pg->push().subscribe(later, &later_id).is_ok());
    CHECK(later_id > f.device);

    const auto lane = pg->lanes().by_code("LANE2345");
    const auto was = sqlite->lanes().by_code("LANE2345");
    REQUIRE(lane);
    CHECK(lane->owner_guest == was->owner_guest);
    CHECK(lane->scores == was->scores);
    REQUIRE(lane->members.size() == 2);
    CHECK(lane->members[0].name == "Bob");  // join order kept
    CHECK(lane->reports[0].foul);
    CHECK(pg->lanes().lanes_of(f.bob).size() == 1);

    // New rows get ids after the copied ones.
    const PlayerId cy = test::add_player(*pg, "cy");
    CHECK(cy > f.bob);
    LeagueRow next = *league;
    next.invite_code = "NEXT234567";
    REQUIRE(pg->leagues().create(next).is_ok());
    CHECK(next.id > f.league);
    ArenaRow next_arena = *arena;
    next_arena.schedule_slot.reset();
    REQUIRE(pg->arenas().create(next_arena).is_ok());
    CHECK(next_arena.id > f.arena);
}

TEST_CASE("a copy into a database that has players is refused and writes nothing", "[postgres]") {
    TempDir dir;
    auto sqlite = test::open_store("sqlite:" + dir.file());
    fill(*sqlite);
    auto pg = test::open_store(dir.db());
    test::add_player(*pg, "zed");
    CopyCounts counts;
    CHECK(copy_database(*sqlite, *pg, &counts).is_conflict());
    CHECK(test::query_text(pg->db(), "SELECT count(*) FROM players") == "1");
    CHECK(test::query_text(pg->db(), "SELECT count(*) FROM games") == "0");
}

}  // namespace
