// The average and handicap each member's next round uses (server/app/leagues/league_averages.hpp)
// over league_season.hpp's season: before it starts (daily or entering average), after round 1
// (league averages, and the daily average of a member who bowled no league game yet), after
// round 2; a scratch league shows no handicap. Handicap = floor(90 x (190 - average) / 100),
// none at 190 or more (docs/rules.md "Averages and handicap").
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <string>

#include "league_season.hpp"
#include "server/app/leagues/league_averages.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using test::LeagueSeason;

struct WantAverage {
    int average;
    std::string source;
    int games;
    std::optional<int> handicap;
};

void check_average(const LeagueState& s, storage::PlayerId member, const WantAverage& want) {
    protocol::LeagueMemberInfo info;
    fill_average(s, member, &info);
    INFO("member " << member);
    CHECK(info.average == want.average);
    CHECK(info.average_source == want.source);
    CHECK(info.average_games == want.games);
    CHECK(info.handicap == want.handicap);
}

TEST_CASE("before the season each member starts on their daily or the entering average") {
    LeagueSeason season;
    const auto s = season.load();
    CHECK(next_round(s) == std::optional<int>(1));
    check_average(s, season.ann, {120, "entering", 0, 63});  // 0.9 x 70 = 63
    check_average(s, season.bob, {115, "daily", 0, 67});     // (100 + 131) / 2; 0.9 x 75 = 67.5
    // Cy's only daily game (200) comes after round 1 opens: not the one round 1 uses.
    check_average(s, season.cy, {120, "entering", 0, 63});
    check_average(s, season.dee, {150, "daily", 0, 36});  // 0.9 x 40 = 36
    // The detail shows the same to the secretary before the start.
    const auto d = detail_of(s, season.sec, test::at("2026-12-01T12:00:00Z"), "secret");
    CHECK(d.status == "forming");
    CHECK(d.schedule.empty());
    REQUIRE(d.members.size() == 4);
    CHECK(d.members[1].average == 115);
    CHECK(d.members[1].handicap == std::optional<int>(67));
}

TEST_CASE("after round 1 league games decide, a member without any keeps a daily average") {
    LeagueSeason season;
    season.start();
    season.series(season.ann, 1, 130, 95, 141, "2026-12-05T20:00:00Z");
    season.series(season.dee, 1, 160, 150, std::nullopt, "2026-12-06T20:00:00Z");
    season.series(season.bob, 1, 110, 120, 100, "2026-12-07T20:00:00Z");
    // Games of a round still open count for nobody's average yet.
    check_average(season.load(), season.ann, {120, "entering", 0, 63});
    season.close(1, "2026-12-10T00:00:00Z");
    const auto s = season.load();
    CHECK(next_round(s) == std::optional<int>(2));
    check_average(s, season.ann, {122, "league", 3, 61});  // 366 / 3; 0.9 x 68 = 61.2
    check_average(s, season.bob, {110, "league", 3, 72});  // 330 / 3; 0.9 x 80
    check_average(s, season.dee, {155, "league", 2, 31});  // 310 / 2; 0.9 x 35 = 31.5
    // Cy bowled no league game; his 200 came before round 2 opens: 200, over the basis.
    check_average(s, season.cy, {200, "daily", 0, 0});
    // Round 1 recorded the daily averages it used: Bob's and Dee's (none for Ann or Cy then).
    REQUIRE(s.daily_averages.count(1) == 1);
    CHECK(s.daily_averages.at(1) ==
          std::map<storage::PlayerId, int>{{season.bob, 115}, {season.dee, 150}});
}

TEST_CASE("after round 2 every member has a league average") {
    LeagueSeason season;
    season.play_rounds_1_and_2();
    const auto s = season.load();
    CHECK(next_round(s) == std::optional<int>(3));
    check_average(s, season.ann, {123, "league", 6, 60});  // 741 / 6 = 123.5; 0.9 x 67 = 60.3
    check_average(s, season.bob, {114, "league", 6, 68});  // 689 / 6 = 114.8; 0.9 x 76 = 68.4
    check_average(s, season.cy, {156, "league", 3, 30});   // 470 / 3 = 156.7; 0.9 x 34 = 30.6
    check_average(s, season.dee, {158, "league", 5, 28});  // 790 / 5; 0.9 x 32 = 28.8
    season.close(3, "2026-12-24T00:00:00Z");
    CHECK_FALSE(next_round(season.load()));
}

TEST_CASE("a scratch league shows averages without handicaps, and equal members share a rank") {
    // The same league made scratch, one game a round: Ann and Dee meet in round 1.
    LeagueSeason season(/*handicap=*/false, /*games_per_round=*/1);
    season.start();
    season.game(season.ann, 1, 1, 150, "2026-12-05T20:00:00Z");
    season.game(season.dee, 1, 1, 150, "2026-12-05T21:00:00Z");
    season.close(1, "2026-12-10T00:00:00Z");
    const auto s = season.load();
    check_average(s, season.ann, {150, "league", 1, std::nullopt});
    // A tied game and a tied series: a point each (2 halves), of the 4 offered.
    const auto lines = standings_of(s);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].player.id == season.ann);
    CHECK(lines[1].player.id == season.dee);
    CHECK(lines[0].rank == 1);
    CHECK(lines[1].rank == 1);  // equal points and pins, member-list order
    CHECK(lines[0].won_halves == 2);
    CHECK(lines[0].lost_halves == 2);
    // Bob and Cy bowled nothing: nobody earns a game nobody bowled, so both lose all 4 halves
    // and share rank 3 on 0 points and 0 pins.
    CHECK(lines[2].won_halves == 0);
    CHECK(lines[2].lost_halves == 4);
    CHECK(lines[2].rank == 3);
    CHECK(lines[3].rank == 3);
}

}  // namespace
