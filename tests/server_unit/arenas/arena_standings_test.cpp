// ArenaStandings, the schedule and the arena notices: standings ranked by points, then average
// % of par, then who reached their points first, then id; a result added once however often it
// is heard; joined players at 0 points; the schedule's parsing and slots; notices round trip.
#include <catch2/catch.hpp>

#include "server/app/arenas/arena_hall.hpp"
#include "server/app/arenas/arena_news.hpp"
#include "server/app/arenas/arena_schedule.hpp"
#include "server/app/arenas/arena_standings.hpp"

using namespace pinfall;
using namespace pinfall::server;

TEST_CASE("ArenaStandings: ranked by points, pct, reached_at, id, results added once") {
    ArenaStandings s;
    s.join(5, "eve");
    // ann: 230/230 (6) then 218/230 = 94.8% (4): 10 points, average 97.4%, reached at 200.
    REQUIRE(s.add(1, "ann", 1, {230, 230, false, 100}));
    REQUIRE(s.add(1, "ann", 2, {218, 230, false, 200}));
    CHECK_FALSE(s.add(1, "ann", 2, {0, 230, false, 999}));  // heard again: ignored
    // bob: 220/220 (6) then 198/220 = 90% (4): 10 points, average 95%, reached at 60.
    REQUIRE(s.add(2, "bob", 1, {220, 220, false, 50}));
    REQUIRE(s.add(2, "bob", 2, {198, 220, false, 60}));
    // cat: the same points and average as bob, reached later (80).
    REQUIRE(s.add(3, "cat", 1, {220, 220, false, 70}));
    REQUIRE(s.add(3, "cat", 2, {198, 220, false, 80}));
    const auto& r = s.ranked();
    REQUIRE(r.size() == 4);
    CHECK(r[0].player.id == 1);  // the best average of the 10-point players
    CHECK(r[0].points == 10);
    CHECK(r[0].pct == Approx((100.0 + 100.0 * 218 / 230) / 2));
    CHECK(r[1].player.id == 2);  // 95%, reached at 60
    CHECK(r[2].player.id == 3);  // 95%, reached at 80
    CHECK(r[3].player.id == 5);
    CHECK(r[3].points == 0);
    CHECK(r[3].games == 0);
    CHECK(r[3].rank == 4);
    CHECK(s.line_of(3)->rank == 3);
    CHECK_FALSE(s.line_of(42));
    REQUIRE(s.points_of(1, 2));
    CHECK(s.points_of(1, 2)->points == 4);
    CHECK_FALSE(s.points_of(1, 3));
}

TEST_CASE("ArenaStandings: the streak doubles the third strong game in a row") {
    ArenaStandings s;
    for (int n = 1; n <= 3; ++n) REQUIRE(s.add(7, "sam", n, {230, 230, false, n * 10}));
    CHECK(s.points_of(7, 1)->points == 6);
    CHECK(s.points_of(7, 2)->points == 6);
    CHECK(s.points_of(7, 3)->points == 12);
    CHECK(s.points_of(7, 3)->doubled);
    CHECK(s.line_of(7)->points == 24);
    CHECK(s.line_of(7)->streak);
}

TEST_CASE("arena schedule: parsed, refused, its slots and keys") {
    std::string why;
    const auto s = parse_arena_schedule("every 60m sackson 30m clock 120s", &why);
    REQUIRE(s);
    CHECK(s->period_min == 60);
    CHECK(s->duration_min == 30);
    CHECK(s->clock_s == 120);
    // 12:10: the 12:00 arena is live (until 12:30), the 13:00 one next; at 12:40 only 13:00.
    const std::int64_t noon = 1'795'953'600'000;
    CHECK(s->slots_around(noon + 10 * 60'000) == std::vector<std::int64_t>{noon, noon + 3'600'000});
    CHECK(s->slots_around(noon + 40 * 60'000) == std::vector<std::int64_t>{noon + 3'600'000});
    CHECK(s->slot_key(noon) == "every60m/sackson/30m/clock120s/1795953600000");
    CHECK(s->name(noon) == "Hourly sackson 12:00 UTC");
    for (const char* bad : {"", "every 60m", "every 60 sackson 30m", "every 60m tenpin 30m",
                            "every 60m sackson 5m", "every 20m sackson 30m",
                            "every 60m sackson 30m clock 10s", "each 60m sackson 30m",
                            "every 60m sackson 30m clock"}) {
        INFO(bad);
        CHECK_FALSE(parse_arena_schedule(bad, &why));
        CHECK_FALSE(why.empty());
    }
}

TEST_CASE("arena notices: results and changes round trip, malformed ones refused") {
    const ArenaResult r{7, 41, "ann lee", 3, 812, {201, 230, true, 1234}};
    const auto text = encode_arena_notice(ArenaResultNotice{"node-a", r});
    CHECK(text == "result\tnode-a\t7\t41\t3\t812\t201\t230\t1\t1234\tann lee");
    const auto back = decode_arena_notice(text);
    REQUIRE(back);
    const auto& got = std::get<ArenaResultNotice>(*back);
    CHECK(got.node == "node-a");
    CHECK(got.result.player == 41);
    CHECK(got.result.n == 3);
    CHECK(got.result.game_result.par == 230);
    CHECK(got.result.game_result.berserk);
    CHECK(got.result.name == "ann lee");
    const auto change = decode_arena_notice(encode_arena_notice(ArenaChangeNotice{"n", 9}));
    REQUIRE(change);
    CHECK(std::get<ArenaChangeNotice>(*change).arena == 9);
    for (const char* bad : {"", "change\tn", "change\tn\t0", "result\tn\t7", "other\tn\t1",
                            "result\tn\t7\t41\t3\t812\t201\t230\t2\t1234\tann"}) {
        INFO(bad);
        CHECK_FALSE(decode_arena_notice(bad));
    }
}

TEST_CASE("arena_game_deadline: the clock from the start, halved when berserk, else the grace") {
    storage::ArenaRow a;
    a.starts_at = 1'000'000;
    a.ends_at = 1'000'000 + 30 * 60'000;
    CHECK(arena_game_deadline(a, 1'200'000, false) == a.ends_at + kArenaGraceMs);
    a.clock_ms = 120'000;
    CHECK(arena_game_deadline(a, 1'200'000, false) == 1'320'000);
    CHECK(arena_game_deadline(a, 1'200'000, true) == 1'260'000);
    // A game started just before the end keeps its whole clock: the grace is the clock.
    CHECK(arena_game_deadline(a, a.ends_at - 1, false) == a.ends_at - 1 + 120'000);
    CHECK(std::string(arena_status(a, a.starts_at - 1)) == "upcoming");
    CHECK(std::string(arena_status(a, a.starts_at)) == "live");
    CHECK(std::string(arena_status(a, a.ends_at)) == "finished");
    a.ended_at = a.starts_at + 5;
    CHECK(std::string(arena_status(a, a.starts_at + 10)) == "finished");
}
