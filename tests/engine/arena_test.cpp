// Arena arithmetic by hand (docs/rules.md "Arenas"): % of par and the points table at every
// boundary, the streak (two strong games, then doubling until a game below 90%), berserk's bonus
// after doubling, a player's totals, every tie-break of the standings, and the seed of a
// player's n-th game against an HMAC-SHA256 computed here with OpenSSL directly. Every expected
// value is worked out by hand, never by the code under test.
#include <catch2/catch.hpp>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/arena.hpp"

using namespace pinfall::engine;

namespace {

// A game on a par of 200: its % of par is score / 2, exactly.
ArenaGame on_200(int score, std::int64_t finished_at, bool berserk = false) {
    return ArenaGame{score, 200, berserk, finished_at};
}

ArenaTotals totals(std::int64_t player, int points, int games, double pct_sum,
                   std::int64_t reached_at) {
    ArenaTotals t;
    t.player = player;
    t.points = points;
    t.games = games;
    t.pct_sum = pct_sum;
    t.reached_at = reached_at;
    return t;
}

}  // namespace

TEST_CASE("the points table at every boundary", "[arena]") {
    struct Row {
        double pct;
        int points;
    };
    const std::vector<Row> rows = {
        {0, 0},     {49.99, 0}, {50, 1},    {69.99, 1}, {70, 2},     {79.99, 2},
        {80, 3},    {89.99, 3}, {90, 4},    {94.99, 4}, {95, 5},     {99.99, 5},
        {100, 6},   {100.01, 6}, {150, 6},
    };
    for (const Row& r : rows) {
        INFO(r.pct);
        CHECK(table_points(r.pct) == r.points);
    }
}

TEST_CASE("% of par is 100 x score / par, a par of 0 counting as 100%", "[arena]") {
    CHECK(pct_of_par(0, 0) == 100);
    CHECK(pct_of_par(12, 0) == 100);
    CHECK(pct_of_par(0, 150) == 0);
    CHECK(pct_of_par(150, 300) == 50);
    CHECK(pct_of_par(7, 10) == 70);     // exactly 70, not 69.999...
    CHECK(pct_of_par(189, 210) == 90);  // exactly 90
    CHECK(pct_of_par(19, 20) == 95);    // exactly 95
    CHECK(pct_of_par(208, 208) == 100);
    CHECK(pct_of_par(139, 200) == 69.5);
    CHECK(pct_of_par(299, 300) == Approx(99.6666667));
    // Whole-number boundaries reached from scores land on their row.
    CHECK(table_points(pct_of_par(149, 300)) == 0);  // 49.67
    CHECK(table_points(pct_of_par(150, 300)) == 1);
    CHECK(table_points(pct_of_par(7, 10)) == 2);
    CHECK(table_points(pct_of_par(189, 210)) == 4);
    CHECK(table_points(pct_of_par(188, 210)) == 3);  // 89.52
    CHECK(table_points(pct_of_par(19, 20)) == 5);
    CHECK(table_points(pct_of_par(299, 300)) == 5);
    CHECK(table_points(pct_of_par(300, 300)) == 6);
    CHECK(table_points(pct_of_par(0, 0)) == 6);
}

TEST_CASE("a streak doubles from the third strong game until a game below 90%", "[arena]") {
    const std::vector<ArenaGame> games = {
        on_200(180, 1),  // 90%: 4, first strong game
        on_200(190, 2),  // 95%: 5, second
        on_200(200, 3),  // 100%: 6 x 2 = 12, doubled
        on_200(182, 4),  // 91%: 4 x 2 = 8, doubled
        on_200(170, 5),  // 85%: 3, breaks the streak, not doubled
        on_200(190, 6),  // 95%: 5, first strong game again
        on_200(180, 7),  // 90%: 4, second
        on_200(200, 8),  // 100%: 12, the third strong game doubles again
    };
    const auto p = arena_points(games);
    REQUIRE(p.size() == 8);
    const std::vector<int> points = {4, 5, 12, 8, 3, 5, 4, 12};
    const std::vector<bool> doubled = {false, false, true, true, false, false, false, true};
    for (std::size_t i = 0; i < p.size(); ++i) {
        INFO("game " << i + 1);
        CHECK(p[i].points == points[i]);
        CHECK(p[i].doubled == doubled[i]);
        CHECK_FALSE(p[i].berserk_bonus);
    }
    CHECK(arena_points({}).empty());
}

TEST_CASE("a game below 90% between strong games starts the count again", "[arena]") {
    // 95, 89.5, 95, 95, 95: the 89.5 resets, so only the fifth game is a third strong game.
    const auto p = arena_points(
        {on_200(190, 1), on_200(179, 2), on_200(190, 3), on_200(190, 4), on_200(190, 5)});
    REQUIRE(p.size() == 5);
    CHECK(p[0].points == 5);
    CHECK(p[1].points == 3);
    CHECK(p[2].points == 5);
    CHECK(p[3].points == 5);
    CHECK(p[4].points == 10);
    CHECK(p[4].doubled);
}

TEST_CASE("berserk earns 1 point more at 80% or more, added after doubling", "[arena]") {
    const std::vector<ArenaGame> games = {
        on_200(190, 1),                                 // 95%: 5
        on_200(200, 2),                                 // 100%: 6
        on_200(196, 3, true),                           // 98% berserk, doubled: 5 x 2 + 1 = 11
        on_200(160, 4, true),                           // 80% berserk: 3 + 1 = 4, breaks it
        on_200(190, 5, true),                           // 95% berserk, first strong: 5 + 1 = 6
        ArenaGame{239, 300, true, 6},                   // 79.67% berserk: 2, no bonus
        ArenaGame{240, 300, true, 7},                   // 80% berserk: 3 + 1 = 4
        on_200(90, 8, true),                            // 45% berserk: 0
        on_200(160, 9, false),                          // 80% without berserk: 3
    };
    const auto p = arena_points(games);
    REQUIRE(p.size() == 9);
    const std::vector<int> points = {5, 6, 11, 4, 6, 2, 4, 0, 3};
    const std::vector<bool> bonus = {false, false, true, true, true, false, true, false, false};
    const std::vector<bool> doubled = {false, false, true, false, false, false, false, false,
                                       false};
    for (std::size_t i = 0; i < p.size(); ++i) {
        INFO("game " << i + 1);
        CHECK(p[i].points == points[i]);
        CHECK(p[i].berserk_bonus == bonus[i]);
        CHECK(p[i].doubled == doubled[i]);
    }
}

TEST_CASE("arena_totals sums points, games and % of par, reached_at is the last scoring finish",
          "[arena]") {
    const std::vector<ArenaGame> games = {
        on_200(180, 1000),         // 90%: 4
        on_200(190, 2000),         // 95%: 5
        on_200(200, 3000),         // 100%: 12
        on_200(182, 4000),         // 91%: 8
        on_200(170, 5000),         // 85%: 3
        on_200(196, 6000, true),   // 98% berserk: 5 + 1 = 6
        on_200(158, 7000, true),   // 79% berserk: 2
        on_200(90, 8000),          // 45%: 0, scores nothing
    };
    const ArenaTotals t = arena_totals(42, games);
    CHECK(t.player == 42);
    CHECK(t.points == 40);  // 4 + 5 + 12 + 8 + 3 + 6 + 2 + 0
    CHECK(t.games == 8);
    CHECK(t.pct_sum == 90 + 95 + 100 + 91 + 85 + 98 + 79 + 45);  // 683
    CHECK(t.reached_at == 7000);  // the 0-point game at 8000 does not count
    CHECK_FALSE(t.on_streak);

    const ArenaTotals none = arena_totals(7, {});
    CHECK(none.player == 7);
    CHECK(none.points == 0);
    CHECK(none.games == 0);
    CHECK(none.pct_sum == 0);
    CHECK(none.reached_at == 0);
    CHECK_FALSE(none.on_streak);

    const ArenaTotals zero = arena_totals(8, {on_200(50, 100), on_200(98, 200)});  // 25%, 49%
    CHECK(zero.points == 0);
    CHECK(zero.games == 2);
    CHECK(zero.pct_sum == 74);
    CHECK(zero.reached_at == 0);

    const ArenaTotals par0 = arena_totals(9, {ArenaGame{0, 0, false, 500}});
    CHECK(par0.points == 6);
    CHECK(par0.pct_sum == 100);
    CHECK(par0.reached_at == 500);
}

TEST_CASE("on_streak: after two strong games in a row the next strong one doubles", "[arena]") {
    CHECK_FALSE(arena_totals(1, {on_200(190, 1)}).on_streak);
    CHECK(arena_totals(1, {on_200(190, 1), on_200(180, 2)}).on_streak);
    CHECK(arena_totals(1, {on_200(190, 1), on_200(180, 2), on_200(200, 3)}).on_streak);
    CHECK_FALSE(arena_totals(1, {on_200(190, 1), on_200(180, 2), on_200(178, 3)}).on_streak);
    CHECK_FALSE(arena_totals(1, {on_200(178, 1), on_200(190, 2)}).on_streak);
    CHECK(arena_totals(1, {on_200(178, 1), on_200(190, 2), on_200(190, 3)}).on_streak);
}

TEST_CASE("ranks_before: points, then average % of par, then earlier reached_at, then player",
          "[arena]") {
    // Points first, whatever the rest.
    const ArenaTotals more = totals(9, 10, 5, 300, 9000);  // average 60
    const ArenaTotals fewer = totals(1, 9, 1, 100, 10);   // average 100, earlier, lower id
    CHECK(ranks_before(more, fewer));
    CHECK_FALSE(ranks_before(fewer, more));

    // Equal points: the higher average % of par (180/2 = 90 against 255/3 = 85).
    const ArenaTotals avg90 = totals(9, 10, 2, 180, 9000);
    const ArenaTotals avg85 = totals(1, 10, 3, 255, 10);
    CHECK(ranks_before(avg90, avg85));
    CHECK_FALSE(ranks_before(avg85, avg90));

    // Equal points and average (190/2 = 95/1 = 95): who reached the points earlier.
    const ArenaTotals early = totals(9, 10, 2, 190, 4000);
    const ArenaTotals late = totals(1, 10, 1, 95, 5000);
    CHECK(ranks_before(early, late));
    CHECK_FALSE(ranks_before(late, early));

    // Averages equal in value tie though their doubles differ in the last bit: 1/7, 3/7 and
    // 2/7 of par over 3 games average 28.57142857142857 as doubles, 2/7 of par alone
    // 28.571428571428573; both are 200/7 %, so the earlier reached_at decides.
    const ArenaTotals thirds =
        totals(9, 10, 3, pct_of_par(1, 7) + pct_of_par(3, 7) + pct_of_par(2, 7), 4000);
    const ArenaTotals whole = totals(1, 10, 1, pct_of_par(2, 7), 5000);
    REQUIRE(thirds.pct_sum / 3 < whole.pct_sum);  // the doubles alone would put whole first
    CHECK(ranks_before(thirds, whole));
    CHECK_FALSE(ranks_before(whole, thirds));

    // Everything equal: the lower player id.
    const ArenaTotals low = totals(3, 10, 2, 190, 4000);
    const ArenaTotals high = totals(4, 10, 2, 190, 4000);
    CHECK(ranks_before(low, high));
    CHECK_FALSE(ranks_before(high, low));
    CHECK_FALSE(ranks_before(low, low));

    // No games at all ranks below a game that scored nothing but has an average.
    const ArenaTotals idle = totals(1, 0, 0, 0, 0);
    const ArenaTotals tried = totals(2, 0, 1, 40, 0);
    CHECK(ranks_before(tried, idle));
    CHECK_FALSE(ranks_before(idle, tried));

    std::vector<ArenaTotals> table = {idle, high, fewer, late, avg85, low, tried, more};
    std::sort(table.begin(), table.end(), ranks_before);
    // 10 points: low and high (average 95, reached 4000: by id), late (95, 5000), avg85, more
    // (60); then fewer (9 points); then 0 points: tried (average 40), idle (no games).
    std::vector<std::int64_t> order;
    for (const auto& t : table) order.push_back(t.player);
    CHECK(order == std::vector<std::int64_t>{3, 4, 1, 1, 9, 1, 2, 1});
    CHECK(table[2].reached_at == 5000);  // late
    CHECK(table[3].pct_sum == 255);      // avg85
    CHECK(table[4].pct_sum == 300);      // more
    CHECK(table[5].points == 9);         // fewer
    CHECK(table[6].games == 1);          // tried
    CHECK(table[7].games == 0);          // idle
}

TEST_CASE("arena_seed is HMAC-SHA256(secret, pinfall/arena/<arena>/<player>/<n>)", "[arena]") {
    const std::string secret = "arena-test-secret";
    const std::string message = "pinfall/arena/12/345/3";
    Seed expected{};
    unsigned int len = 0;
    REQUIRE(HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
                 reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                 expected.data(), &len) != nullptr);
    REQUIRE(len == 32);
    const Seed seed = arena_seed(secret, 12, 345, 3);
    CHECK(seed_hex(seed) == seed_hex(expected));

    // Each of arena, player and n (and the secret) gives another seed.
    CHECK(arena_seed(secret, 13, 345, 3) != seed);
    CHECK(arena_seed(secret, 12, 346, 3) != seed);
    CHECK(arena_seed(secret, 12, 345, 4) != seed);
    CHECK(arena_seed(secret, 12, 345, 1) != arena_seed(secret, 12, 345, 2));
    CHECK(arena_seed("another secret", 12, 345, 3) != seed);
    // Decimal numbers with separators: arena 1, player 23 is not arena 12, player 3.
    CHECK(arena_seed(secret, 1, 23, 4) != arena_seed(secret, 12, 3, 4));
    // Not another kind of seed under the same numbers.
    CHECK(league_seed(secret, 12, 345, 3) != seed);
}
