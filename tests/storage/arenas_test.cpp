// Stored arenas (schema 12), on both backends: an arena read back field by field; a schedule
// slot taken twice refused without spoiling the transaction; the end marked once; arenas due
// to end; joining, leaving and joining again, the players counted; a player's game n once;
// points and par with the finish, read back by arena, by player and through Store::game();
// unfinished arena games (with the ranked games to resume); the phases at a given time with
// their pages; the creation budget's count; finished arena games analysed and reviewed as
// ranked games but on no daily or overall board.
#include <catch2/catch.hpp>

#include <algorithm>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

constexpr Millis kMinute = 60000;

ArenaRow arena_row(const std::string& name, Millis starts, Millis ends) {
    ArenaRow row;
    row.name = name;
    row.starts_at = starts;
    row.ends_at = ends;
    row.created_at = 1000;
    return row;
}

std::int64_t make_arena(Store& store, ArenaRow row) {
    REQUIRE(store.arenas().create(row).is_ok());
    REQUIRE(row.id > 0);
    return row.id;
}

std::vector<std::int64_t> ids_of(const std::vector<ArenaRow>& rows) {
    std::vector<std::int64_t> out;
    for (const auto& r : rows) out.push_back(r.id);
    return out;
}

// An unfinished arena game row of the player (the seed varies with n).
GameRow arena_game(PlayerId player, std::int64_t arena, Millis started, std::uint8_t n) {
    GameRow row = test::game_row(player, GameMode::kArena, "", started);
    row.arena = arena;
    row.seed[0] = n;
    return row;
}

}  // namespace

TEST_CASE("an arena is read back field by field") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    LeagueRow league;
    league.name = "Tuesday";
    league.secretary = ann;
    league.rounds = 2;
    league.start_date = "2026-11-24";
    league.invite_code = "ARENA23456";
    league.created_at = 100;
    REQUIRE(store->leagues().create(league).is_ok());

    ArenaRow row = arena_row("Friday blitz", 90 * kMinute, 120 * kMinute);
    row.ruleset = "strict";
    row.clock_ms = 120000;
    row.entry = "league";
    row.league = league.id;
    row.created_by = ann;
    row.created_at = 5000;
    REQUIRE(store->arenas().create(row).is_ok());
    CHECK(row.id > 0);
    const auto got = store->arenas().arena(row.id);
    REQUIRE(got);
    CHECK(got->id == row.id);
    CHECK(got->name == "Friday blitz");
    CHECK(got->ruleset == "strict");
    CHECK(got->starts_at == 90 * kMinute);
    CHECK(got->ends_at == 120 * kMinute);
    CHECK(got->clock_ms == std::optional<int>(120000));
    CHECK(got->entry == "league");
    CHECK(got->league == std::optional<std::int64_t>(league.id));
    CHECK(got->created_by == std::optional<PlayerId>(ann));
    CHECK_FALSE(got->schedule_slot);
    CHECK(got->created_at == 5000);
    CHECK_FALSE(got->ended_at);
    CHECK(got->players == 0);

    ArenaRow plain = arena_row("Hourly", 60 * kMinute, 90 * kMinute);
    plain.schedule_slot = "every 60m sackson 30m/3600000";
    REQUIRE(store->arenas().create(plain).is_ok());
    const auto p = store->arenas().arena(plain.id);
    REQUIRE(p);
    CHECK(p->ruleset == "sackson");
    CHECK(p->entry == "open");
    CHECK_FALSE(p->clock_ms);
    CHECK_FALSE(p->league);
    CHECK_FALSE(p->created_by);
    CHECK(p->schedule_slot == std::optional<std::string>("every 60m sackson 30m/3600000"));
    CHECK_FALSE(store->arenas().arena(plain.id + 100));
}

TEST_CASE("a schedule slot taken is a conflict that writes nothing and spoils nothing") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    ArenaRow first = arena_row("Hourly", 60 * kMinute, 90 * kMinute);
    first.schedule_slot = "slot-1";
    REQUIRE(store->arenas().create(first).is_ok());

    REQUIRE(store->begin().is_ok());
    ArenaRow again = arena_row("Hourly (other node)", 60 * kMinute, 90 * kMinute);
    again.schedule_slot = "slot-1";
    CHECK(store->arenas().create(again).is_conflict());
    // The transaction goes on: the next slot and an arena without a slot are written.
    ArenaRow next = arena_row("Hourly", 120 * kMinute, 150 * kMinute);
    next.schedule_slot = "slot-2";
    REQUIRE(store->arenas().create(next).is_ok());
    ArenaRow own = arena_row("Mine", 120 * kMinute, 150 * kMinute);
    REQUIRE(store->arenas().create(own).is_ok());
    ArenaRow own2 = arena_row("Mine too", 120 * kMinute, 150 * kMinute);
    REQUIRE(store->arenas().create(own2).is_ok());  // many arenas have no slot
    REQUIRE(store->commit().is_ok());

    CHECK(test::query_text(store->db(),
                           "SELECT count(*) FROM arenas WHERE schedule_slot = 'slot-1'") == "1");
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM arenas") == "4");
    CHECK(store->arenas().arena(first.id)->name == "Hourly");
}

TEST_CASE("end() marks an arena ended once, due_to_end lists the arenas past their end") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto& arenas = store->arenas();
    const auto a = make_arena(*store, arena_row("a", 0, 10000));
    const auto b = make_arena(*store, arena_row("b", 0, 20000));
    const auto c = make_arena(*store, arena_row("c", 0, 30000));
    CHECK(arenas.due_to_end(9999).empty());
    CHECK(ids_of(arenas.due_to_end(20000)) == std::vector<std::int64_t>{a, b});

    bool first = false;
    REQUIRE(arenas.end(a, 10500, &first).is_ok());
    CHECK(first);
    REQUIRE(arenas.end(a, 11000, &first).is_ok());
    CHECK_FALSE(first);
    CHECK(arenas.arena(a)->ended_at == std::optional<Millis>(10500));  // the first call's
    CHECK(ids_of(arenas.due_to_end(20000)) == std::vector<std::int64_t>{b});
    CHECK(ids_of(arenas.due_to_end(40000)) == std::vector<std::int64_t>{b, c});

    first = true;
    CHECK(arenas.end(c + 100, 11000, &first).is_not_found());
    CHECK_FALSE(first);
}

TEST_CASE("joining, leaving and joining again, the players counted") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto& arenas = store->arenas();
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    const auto id = make_arena(*store, arena_row("a", 60 * kMinute, 90 * kMinute));

    REQUIRE(arenas.join(id, bob, 2000).is_ok());
    REQUIRE(arenas.join(id, ann, 1000).is_ok());
    REQUIRE(arenas.join(id, ann, 1500).is_ok());  // already in: nothing changes
    CHECK(arenas.arena(id)->players == 2);
    auto m = arenas.member(id, ann);
    REQUIRE(m);
    CHECK(m->player == ann);
    CHECK(m->name == "ann");
    CHECK(m->joined_at == 1000);
    CHECK_FALSE(m->left_at);
    CHECK_FALSE(arenas.member(id, cy));

    REQUIRE(arenas.leave(id, bob, 3000).is_ok());
    CHECK(arenas.leave(id, bob, 3500).is_not_found());  // left already
    CHECK(arenas.leave(id, cy, 3500).is_not_found());   // never joined
    CHECK(arenas.arena(id)->players == 1);
    CHECK(arenas.member(id, bob)->left_at == std::optional<Millis>(3000));

    auto members = arenas.members(id);
    REQUIRE(members.size() == 2);  // who left is still a member row, with left_at
    CHECK(members[0].player == ann);
    CHECK(members[1].player == bob);
    CHECK(members[1].name == "bob");
    CHECK(members[1].left_at == std::optional<Millis>(3000));

    REQUIRE(arenas.join(id, bob, 4000).is_ok());  // back while live
    m = arenas.member(id, bob);
    REQUIRE(m);
    CHECK_FALSE(m->left_at);
    CHECK(m->joined_at == 2000);  // the first join
    CHECK(arenas.arena(id)->players == 2);
    REQUIRE(arenas.join(id, cy, 5000).is_ok());
    CHECK(arenas.arena(id)->players == 3);
    CHECK(arenas.members(id).size() == 3);

    CHECK(arenas.join(id + 100, ann, 5000).is_not_found());
    CHECK(arenas.members(id + 100).empty());
    // Another arena counts its own members.
    const auto other = make_arena(*store, arena_row("b", 60 * kMinute, 90 * kMinute));
    REQUIRE(arenas.join(other, cy, 6000).is_ok());
    CHECK(arenas.arena(other)->players == 1);
    CHECK(arenas.arena(id)->players == 3);
}

TEST_CASE("a player's game n once, points and par with the finish, games read back") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto& arenas = store->arenas();
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const auto id = make_arena(*store, arena_row("a", 60 * kMinute, 90 * kMinute));
    const auto other = make_arena(*store, arena_row("b", 60 * kMinute, 90 * kMinute));

    REQUIRE(store->begin().is_ok());
    GameRow bob1 = arena_game(bob, id, 61 * kMinute, 1);
    REQUIRE(arenas.create_game(bob1, 1, false).is_ok());
    GameRow ann1 = arena_game(ann, id, 62 * kMinute, 1);
    REQUIRE(arenas.create_game(ann1, 1, false).is_ok());
    GameRow dup = arena_game(ann, id, 63 * kMinute, 9);
    CHECK(arenas.create_game(dup, 1, true).is_conflict());
    // The transaction goes on after the conflict.
    GameRow ann2 = arena_game(ann, id, 64 * kMinute, 2);
    REQUIRE(arenas.create_game(ann2, 2, true).is_ok());
    GameRow elsewhere = arena_game(ann, other, 64 * kMinute, 3);
    REQUIRE(arenas.create_game(elsewhere, 1, false).is_ok());  // n is per arena
    REQUIRE(store->commit().is_ok());
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM games WHERE mode = 'arena'") == "4");
    CHECK(ann2.arena_n == 2);
    CHECK(ann2.arena_berserk);

    // Not an arena game: refused before anything is written.
    GameRow wrong = test::game_row(ann, GameMode::kPractice);
    wrong.arena = id;
    CHECK(arenas.create_game(wrong, 3, false).code() == Status::Code::kError);
    GameRow no_arena = test::game_row(ann, GameMode::kArena);
    CHECK(arenas.create_game(no_arena, 3, false).code() == Status::Code::kError);

    REQUIRE(store->begin().is_ok());
    REQUIRE(store->finish_game(ann1.id, 190, 6, 3, false, 63 * kMinute).is_ok());
    REQUIRE(arenas.set_points(ann1.id, 200, 5).is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(arenas.set_points(ann1.id + 1000, 200, 5).is_not_found());
    const GameRowId daily = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 150,
                                                9000);
    CHECK(arenas.set_points(daily, 200, 5).is_not_found());  // not an arena game

    const auto all = arenas.games(id);
    REQUIRE(all.size() == 3);  // by player, then n: ann 1, ann 2, bob 1
    CHECK(all[0].game == ann1.id);
    CHECK(all[0].player == ann);
    CHECK(all[0].n == 1);
    CHECK_FALSE(all[0].berserk);
    CHECK(all[0].started_at == 62 * kMinute);
    CHECK(all[0].finished_at == std::optional<Millis>(63 * kMinute));
    CHECK(all[0].score == 190);
    CHECK(all[0].par == std::optional<int>(200));
    CHECK(all[0].points == std::optional<int>(5));
    CHECK(all[1].game == ann2.id);
    CHECK(all[1].n == 2);
    CHECK(all[1].berserk);
    CHECK_FALSE(all[1].finished_at);
    CHECK_FALSE(all[1].par);
    CHECK_FALSE(all[1].points);
    CHECK(all[2].game == bob1.id);
    CHECK(all[2].player == bob);
    CHECK(all[2].n == 1);

    const auto of_ann = arenas.games_of(id, ann);
    REQUIRE(of_ann.size() == 2);
    CHECK(of_ann[0].game == ann1.id);
    CHECK(of_ann[1].game == ann2.id);
    CHECK(arenas.games_of(other, ann).size() == 1);
    CHECK(arenas.games_of(id, ann + bob + 100).empty());

    const auto open = arenas.unfinished(id);
    REQUIRE(open.size() == 2);
    CHECK(open[0].game == ann2.id);
    CHECK(open[1].game == bob1.id);
    CHECK(arenas.unfinished(other).size() == 1);

    // GameRow's arena fields through Store::game().
    const auto g = store->game(ann1.id);
    REQUIRE(g);
    CHECK(g->mode == GameMode::kArena);
    CHECK(g->arena == std::optional<std::int64_t>(id));
    CHECK(g->arena_n == 1);
    CHECK_FALSE(g->arena_berserk);
    CHECK(g->arena_points == std::optional<int>(5));
    CHECK(g->par == std::optional<int>(200));
    CHECK(g->score == 190);
    CHECK(g->day.empty());
    CHECK_FALSE(g->league);
    const auto g2 = store->game(ann2.id);
    REQUIRE(g2);
    CHECK(g2->arena_n == 2);
    CHECK(g2->arena_berserk);
    CHECK_FALSE(g2->arena_points);
    const auto d = store->game(daily);
    REQUIRE(d);
    CHECK_FALSE(d->arena);
    CHECK(d->arena_n == 0);
    CHECK_FALSE(d->arena_berserk);
    CHECK_FALSE(d->arena_points);

    // Unfinished arena games resume at start with the other ranked games.
    REQUIRE(store->append_action(ann2.id, 0, "1:2,3").is_ok());
    const auto resume = store->unfinished_ranked_games();
    std::vector<GameRowId> resumed;
    for (const auto& r : resume) resumed.push_back(r.id);
    std::sort(resumed.begin(), resumed.end());
    std::vector<GameRowId> expected = {ann2.id, bob1.id, elsewhere.id};
    std::sort(expected.begin(), expected.end());
    CHECK(resumed == expected);
    for (const auto& r : resume) {
        if (r.id != ann2.id) continue;
        CHECK(r.mode == GameMode::kArena);
        CHECK(r.arena == std::optional<std::int64_t>(id));
        CHECK(r.arena_n == 2);
        CHECK(r.arena_berserk);
        CHECK(r.actions.size() == 1);
    }
    CHECK(store->games_of(ann).size() == 2);  // the profile's finished games: daily and arena
}

TEST_CASE("upcoming, live and finished arenas at a given time, paged") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto& arenas = store->arenas();
    const Millis now = 1000 * kMinute;
    const auto u1 = make_arena(*store, arena_row("u1", now + 60 * kMinute, now + 90 * kMinute));
    const auto u2 = make_arena(*store, arena_row("u2", now + 60 * kMinute, now + 70 * kMinute));
    const auto u3 = make_arena(*store, arena_row("u3", now + 30 * kMinute, now + 40 * kMinute));
    const auto l1 = make_arena(*store, arena_row("l1", now - 10 * kMinute, now + 10 * kMinute));
    const auto l2 = make_arena(*store, arena_row("l2", now - 5 * kMinute, now + 50 * kMinute));
    const auto l3 = make_arena(*store, arena_row("l3", now, now + 20 * kMinute));  // starts now
    const auto f1 = make_arena(*store, arena_row("f1", now - 60 * kMinute, now - kMinute));
    const auto f2 = make_arena(*store, arena_row("f2", now - 30 * kMinute, now));  // ends now
    const auto f3 = make_arena(*store, arena_row("f3", now - 200 * kMinute, now - 100 * kMinute));
    // Marked ended although its end is still ahead: finished, not live.
    const auto f4 = make_arena(*store, arena_row("f4", now - 10 * kMinute, now + 10 * kMinute));
    bool first = false;
    REQUIRE(arenas.end(f4, now - kMinute, &first).is_ok());
    REQUIRE(arenas.end(f3, now - 99 * kMinute, &first).is_ok());

    using Ids = std::vector<std::int64_t>;
    // Upcoming: soonest first, then by id; a page goes on after the arena given.
    CHECK(ids_of(arenas.upcoming(now, 10)) == Ids{u3, u1, u2});
    CHECK(ids_of(arenas.upcoming(now, 2)) == Ids{u3, u1});
    CHECK(ids_of(arenas.upcoming(now, 2, u1)) == Ids{u2});
    CHECK(ids_of(arenas.upcoming(now, 2, u3)) == Ids{u1, u2});
    CHECK(arenas.upcoming(now, 2, u2).empty());
    const auto up = arenas.upcoming(now, 1);
    REQUIRE(up.size() == 1);
    CHECK(up[0].name == "u3");

    // Live: started (at now too), not over, not ended; the latest start first.
    CHECK(ids_of(arenas.live(now, 10)) == Ids{l3, l2, l1});
    CHECK(ids_of(arenas.live(now, 2)) == Ids{l3, l2});

    // Finished: ended, or past its end (at now too); the latest end first, then by id.
    CHECK(ids_of(arenas.finished(now, 10)) == Ids{f4, f2, f1, f3});
    CHECK(ids_of(arenas.finished(now, 2)) == Ids{f4, f2});
    CHECK(ids_of(arenas.finished(now, 2, f2)) == Ids{f1, f3});
    CHECK(ids_of(arenas.finished(now, 2, f3)).empty());

    // Half an hour later: u3 has started, l1 and l3 are over.
    CHECK(ids_of(arenas.upcoming(now + 30 * kMinute, 10)) == Ids{u1, u2});
    CHECK(ids_of(arenas.live(now + 30 * kMinute, 10)) == Ids{u3, l2});
    CHECK(ids_of(arenas.finished(now + 30 * kMinute, 10)) == Ids{l3, f4, l1, f2, f1, f3});
    // Each arena is in exactly one phase.
    for (const Millis at : {now, now + 30 * kMinute, now + 100 * kMinute}) {
        const std::size_t total = arenas.upcoming(at, 50).size() + arenas.live(at, 50).size() +
                                  arenas.finished(at, 50).size();
        CHECK(total == 10);
    }
}

TEST_CASE("created_since counts the arenas a player created since a time") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    for (const Millis at : {1000, 2000, 3000}) {
        ArenaRow row = arena_row("ann's", 60 * kMinute, 90 * kMinute);
        row.created_by = ann;
        row.created_at = at;
        make_arena(*store, row);
    }
    ArenaRow bobs = arena_row("bob's", 60 * kMinute, 90 * kMinute);
    bobs.created_by = bob;
    bobs.created_at = 2500;
    make_arena(*store, bobs);
    ArenaRow scheduled = arena_row("hourly", 60 * kMinute, 90 * kMinute);
    scheduled.schedule_slot = "h1";
    scheduled.created_at = 2600;
    make_arena(*store, scheduled);

    auto& arenas = store->arenas();
    CHECK(arenas.created_since(ann, 0) == 3);
    CHECK(arenas.created_since(ann, 2000) == 2);  // from `since` on
    CHECK(arenas.created_since(ann, 3000) == 1);
    CHECK(arenas.created_since(ann, 3001) == 0);
    CHECK(arenas.created_since(bob, 0) == 1);
    CHECK(arenas.created_since(bob + ann + 100, 0) == 0);
}

TEST_CASE("finished arena games are analysed and reviewed as ranked games, on no daily board") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const auto id = make_arena(*store, arena_row("a", 60 * kMinute, 90 * kMinute));
    GameRow done = arena_game(ann, id, 61 * kMinute, 1);
    REQUIRE(store->arenas().create_game(done, 1, false).is_ok());
    REQUIRE(store->finish_game(done.id, 250, 8, 2, false, 62 * kMinute).is_ok());
    GameRow open = arena_game(ann, id, 63 * kMinute, 2);
    REQUIRE(store->arenas().create_game(open, 2, false).is_ok());

    const auto pending = store->integrity().unanalysed(10);
    REQUIRE(pending.size() == 1);
    CHECK(pending[0].game == done.id);
    CHECK(pending[0].score == 250);
    CHECK(pending[0].finished_at == 62 * kMinute);
    CHECK(pending[0].day.empty());

    auto& integrity = store->integrity();
    CHECK(integrity.state(done.id) == std::optional<ReviewState>(ReviewState::kClean));
    CHECK_FALSE(integrity.state(open.id));  // not finished
    REQUIRE(integrity.add_report(done.id, bob, 70 * kMinute, "too good").is_ok());
    bool changed = false;
    REQUIRE(integrity.open_case(done.id, "moderator", "look", 71 * kMinute, &changed).is_ok());
    CHECK(changed);
    const auto c = integrity.case_of(done.id);
    REQUIRE(c);
    CHECK(c->mode == GameMode::kArena);
    CHECK(c->state == ReviewState::kReview);
    CHECK(c->reports == 1);
    CHECK(integrity.linked(done.id).empty());

    // The daily and overall boards stay daily and league only.
    CHECK(store->daily_results("").empty());
    CHECK(store->best_ranked_games().empty());
    CHECK(store->ranked_totals_since(0, 1).empty());
}
