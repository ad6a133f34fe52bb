// League arithmetic by hand: truncated averages, handicap, which average a round uses, points
// per pairing (ties, series, blinds, partial absence, byes with default and set vacancy scores)
// and standings (a two-round table for 4 members with handicap, shared ranks, a removal).
#include <catch2/catch.hpp>

#include <optional>
#include <vector>

#include "engine/league_schedule.hpp"
#include "engine/league_standings.hpp"

using namespace pinfall::engine;

namespace {

constexpr MemberId A = 1, B = 2, C = 3, D = 4, E = 5;
const std::optional<int> kAbsent = std::nullopt;
using Games = std::vector<std::optional<int>>;

LeagueRules scratch_rules() { return LeagueRules{}; }
LeagueRules handicap_rules() {
    LeagueRules r;
    r.handicap = true;  // 90% of 220, entering 150, 3 games: the defaults
    return r;
}

}  // namespace

TEST_CASE("averages truncate, handicap is floor(percent x (basis - average)), never below 0",
          "[league]") {
    CHECK(truncated_average(0, 0) == std::nullopt);
    CHECK(truncated_average(540, 3) == 180);
    CHECK(truncated_average(545, 3) == 181);  // 181.67 truncates, never rounds up
    CHECK(truncated_average(0, 4) == 0);
    struct Row {
        int percent, basis, average, expected;
    };
    const std::vector<Row> rows = {
        {90, 220, 180, 36},   // 0.9 x 40 = 36
        {90, 220, 183, 33},   // 0.9 x 37 = 33.3 -> 33
        {90, 220, 219, 0},    // 0.9 x 1 = 0.9 -> 0
        {90, 220, 220, 0},    // average at the basis
        {90, 220, 235, 0},    // average above the basis: never negative
        {80, 210, 177, 26},   // 0.8 x 33 = 26.4 -> 26
        {100, 200, 150, 50},  // full handicap
        {0, 220, 100, 0},     // 0%
        {90, 220, 0, 198},    // 0.9 x 220
    };
    for (const Row& r : rows) {
        INFO(r.percent << "% of " << r.basis << " - " << r.average);
        CHECK(handicap(r.percent, r.basis, r.average) == r.expected);
    }
}

TEST_CASE("the average used: league, else daily, else entering, blind = average - 10",
          "[league]") {
    CHECK(average_used(181, 170, 150) == 181);
    CHECK(average_used(0, 170, 150) == 0);  // a league average of 0 is still an average
    CHECK(average_used(std::nullopt, 170, 150) == 170);
    CHECK(average_used(std::nullopt, std::nullopt, 150) == 150);
    CHECK(blind_score(180) == 170);
    CHECK(blind_score(10) == 0);
    CHECK(blind_score(4) == 0);  // never negative
}

TEST_CASE("league rules are checked for range", "[league]") {
    auto with = [](auto change) {
        LeagueRules r;
        change(r);
        return is_valid(r);
    };
    CHECK(is_valid(LeagueRules{}));
    CHECK(with([](LeagueRules& r) { r.games_per_round = 10; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.games_per_round = 0; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.games_per_round = 11; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.handicap_percent = 101; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.handicap_basis = 301; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.entering_average = -1; }));
    CHECK(with([](LeagueRules& r) { r.vacancy_score = 0; }));
    CHECK_FALSE(with([](LeagueRules& r) { r.vacancy_score = 301; }));
}

TEST_CASE("handicap defaults are the figures measured for each ruleset", "[league]") {
    // docs/rules.md "Averages and handicap": bench/league_handicap 200.
    const auto sackson = handicap_defaults(Ruleset::kSackson);
    CHECK(sackson.basis == 190);
    CHECK(sackson.entering_average == 120);
    const auto strict = handicap_defaults(Ruleset::kStrict);
    CHECK(strict.basis == 150);
    CHECK(strict.entering_average == 100);
    for (const auto d : {sackson, strict}) {
        LeagueRules r;
        r.handicap_basis = d.basis;
        r.entering_average = d.entering_average;
        CHECK(is_valid(r));
        CHECK(d.entering_average < d.basis);  // a newcomer gets a handicap
    }
}

TEST_CASE("points per pairing: games, ties, series, handicap, blinds", "[league]") {
    struct Row {
        const char* what;
        LeagueRules rules;
        SideInput a, b;
        int a_halves, b_halves, a_series, b_series;
    };
    const std::vector<Row> rows = {
        // 150>140 A; 160=160 half each; 170<180 B; series 480=480 half each.
        {"game tie and series tie", scratch_rules(), {A, 150, {150, 160, 170}},
         {B, 150, {140, 160, 180}}, 2 + 1 + 0 + 1, 0 + 1 + 2 + 1, 480, 480},
        {"sweep", scratch_rules(), {A, 150, {200, 200, 200}}, {B, 150, {100, 100, 100}}, 8, 0,
         600, 300},
        // A wins game 1 only; series 400 < 450.
        {"the series point", scratch_rules(), {A, 150, {200, 100, 100}},
         {B, 150, {150, 150, 150}}, 2, 6, 400, 450},
        // Handicaps 0.9 x 40 = 36 and 0.9 x 20 = 18. A 211 216 226 = 653; B 208 216 228 = 652:
        // A wins game 1 and the series, ties game 2; scratch 545 < 598 does not matter.
        {"handicap decides", handicap_rules(), {A, 180, {175, 180, 190}},
         {B, 200, {190, 198, 210}}, 2 + 1 + 0 + 2, 0 + 1 + 2 + 0, 653, 652},
        // A absent: blind 170 - 10 = 160 per game, series 480. B: 150<160, 160=160, 170>160,
        // series 480=480: 0 + 1 + 2 + 1. A earns nothing.
        {"absent opponent: blinds", scratch_rules(), {A, 170, {kAbsent, kAbsent, kAbsent}},
         {B, 150, {150, 160, 170}}, 0, 4, 480, 480},
        // Handicap: A's blind 160 + 0.9 x 50 = 205 (x3 = 615); B +0.9 x 70 = 63: 213 223 233.
        {"blinds carry the absent member's handicap", handicap_rules(),
         {A, 170, {kAbsent, kAbsent, kAbsent}}, {B, 150, {150, 160, 170}}, 0, 8, 615, 669},
        // A misses game 2: blind 180 - 10 = 170. A 200 170 150 = 520; B 190 175 160 = 525.
        // A: game 1 only (no point for game 2, no series point without a full series).
        {"partial absence", scratch_rules(), {A, 180, {200, kAbsent, 150}},
         {B, 150, {190, 175, 160}}, 2, 0 + 2 + 2 + 2, 520, 525},
        // Both absent: blinds 140 and 150, nobody earns.
        {"both absent", scratch_rules(), {A, 150, {kAbsent, kAbsent, kAbsent}},
         {B, 160, {kAbsent, kAbsent, kAbsent}}, 0, 0, 420, 450},
    };
    for (const Row& r : rows) {
        INFO(r.what);
        const PairingResult p = score_pairing(r.rules, r.a, r.b);
        CHECK(p.a.member == r.a.member);
        CHECK(p.b.member == r.b.member);
        CHECK(p.a.won_halves == r.a_halves);
        CHECK(p.b.won_halves == r.b_halves);
        CHECK(p.a.series == r.a_series);
        CHECK(p.b.series == r.b_series);
        CHECK(p.a.scratch == r.a.games);
    }
}

TEST_CASE("byes: vacancy score, default own average - 10 or set by the secretary", "[league]") {
    struct Row {
        const char* what;
        LeagueRules rules;
        Games games;
        int halves, vacancy_counted;
    };
    LeagueRules set140 = scratch_rules();
    set140.vacancy_score = 140;
    LeagueRules set140_hdcp = handicap_rules();
    set140_hdcp.vacancy_score = 140;
    const std::vector<Row> rows = {
        // Average 160: vacancy 150. 150=150, 151>150, 149<150; series 450=450.
        {"default vacancy", scratch_rules(), {150, 151, 149}, 1 + 2 + 0 + 1, 150},
        // The member's handicap 0.9 x 60 = 54 goes on both sides: the same result, on 204.
        {"default vacancy, handicap", handicap_rules(), {150, 151, 149}, 4, 150 + 54},
        {"set vacancy 140", set140, {150, 151, 149}, 8, 140},
        {"set vacancy 140, handicap", set140_hdcp, {150, 151, 149}, 8, 140 + 54},
        {"absent on a bye earns nothing", scratch_rules(), {kAbsent, kAbsent, kAbsent}, 0, 150},
    };
    for (const Row& r : rows) {
        INFO(r.what);
        const PairingResult p = score_pairing(r.rules, {A, 160, r.games}, std::nullopt);
        CHECK(p.a.won_halves == r.halves);
        CHECK(p.b.member == std::nullopt);
        CHECK(p.b.won_halves == 0);
        CHECK(p.b.scratch == Games(3, kAbsent));  // a vacancy bowls no pins
        CHECK(p.b.counted == std::vector<int>(3, r.vacancy_counted));
        CHECK(p.b.series == 3 * r.vacancy_counted);
    }
}

// Handicap league, 90% of 220, 3 games, members A B C D: round 1 A-D, B-C; round 2 A-C, D-B.
TEST_CASE("a two-round standings table for 4 members with handicap, by hand", "[league]") {
    const LeagueRules rules = handicap_rules();
    const Schedule schedule = round_robin({A, B, C, D}, 2);
    REQUIRE(schedule == Schedule{{{A, D}, {B, C}}, {{A, C}, {D, B}}});
    // Round 1, no league games yet. Daily averages A 180, B 160, D 200; C has none: entering
    // 150. Handicaps: A 0.9 x 40 = 36, B 0.9 x 60 = 54, C 0.9 x 70 = 63, D 0.9 x 20 = 18.
    // A 190 170 200 (560) -> 226 206 236 = 668;  D 210 190 205 (605) -> 228 208 223 = 659.
    //   D, D, A; series A: A 4, D 4.
    // B 150 180 165 (495) -> 204 234 219 = 657;  C 160 140 absent (300 in 2 games); blind
    //   150 - 10 = 140 -> 223 203 203 = 629. C, B, B; series B: B 6, C 2.
    // Round 2, league averages: A 560/3 = 186 (hdcp 0.9 x 34 = 30), B 495/3 = 165 (49),
    // C 300/2 = 150 (63), D 605/3 = 201 (17). A's daily average 100 is ignored now.
    // A 200 210 180 (590) -> 230 240 210 = 680;  C 170 175 165 (510) -> 233 238 228 = 699.
    //   C, A, C; series C: A 2, C 6.
    // D absent: blind 201 - 10 = 191 -> 208 x 3 = 624;  B 160 159 170 (489) -> 209 208 219
    //   = 636. B, tie, B; series B: B 7, D 0.
    RoundRecord r1{1, schedule[0], {}, {{A, 180}, {B, 160}, {D, 200}}};
    r1.scores = {{A, {190, 170, 200}}, {D, {210, 190, 205}}, {B, {150, 180, 165}},
                 {C, {160, 140, kAbsent}}};
    RoundRecord r2{2, schedule[1], {}, {{A, 100}}};
    r2.scores = {{A, {200, 210, 180}}, {C, {170, 175, 165}}, {B, {160, 159, 170}}};
    const std::vector<RoundResult> results = score_rounds(rules, {r1, r2});
    REQUIRE(results.size() == 2);

    // Round results, the games side by side.
    const PairingResult& ad = results[0].pairings[0];
    CHECK(ad == PairingResult{{A, 180, 36, {190, 170, 200}, {226, 206, 236}, 668, 4},
                              {D, 200, 18, {210, 190, 205}, {228, 208, 223}, 659, 4}});
    const PairingResult& bc = results[0].pairings[1];
    CHECK(bc == PairingResult{{B, 160, 54, {150, 180, 165}, {204, 234, 219}, 657, 6},
                              {C, 150, 63, {160, 140, kAbsent}, {223, 203, 203}, 629, 2}});
    const PairingResult& ac = results[1].pairings[0];
    CHECK(ac == PairingResult{{A, 186, 30, {200, 210, 180}, {230, 240, 210}, 680, 2},
                              {C, 150, 63, {170, 175, 165}, {233, 238, 228}, 699, 6}});
    const PairingResult& db = results[1].pairings[1];
    CHECK(db == PairingResult{{D, 201, 17, Games(3, kAbsent), {208, 208, 208}, 624, 0},
                              {B, 165, 49, {160, 159, 170}, {209, 208, 219}, 636, 7}});

    // Standings. Lost = 8 a round minus won. Handicap pins = scratch + handicap of games bowled.
    // B: 6 games, 495 + 489 = 984, avg 164; 984 + 3x54 + 3x49 = 1293; high 180, series 495;
    //    won 6 + 7 = 13, lost 2 + 1 = 3.
    // C: 5 games, 300 + 510 = 810, avg 162; 810 + 5x63 = 1125; high 175; series 510 (round 1
    //    was not a full series); won 2 + 6 = 8, lost 6 + 2 = 8.
    // A: 6 games, 560 + 590 = 1150, avg 191 (191.67); 1150 + 3x36 + 3x30 = 1348; high 210,
    //    series 590; won 4 + 2 = 6, lost 4 + 6 = 10.
    // D: 3 games (the blinds are no pins), 605, avg 201; 605 + 3x18 = 659; high 210, series 605;
    //    won 4 + 0 = 4, lost 4 + 8 = 12.
    const std::vector<Standing> expected = {
        {1, B, 6, 984, 1293, 164, 180, 495, 13, 3},
        {2, C, 5, 810, 1125, 162, 175, 510, 8, 8},
        {3, A, 6, 1150, 1348, 191, 210, 590, 6, 10},
        {4, D, 3, 605, 659, 201, 210, 605, 4, 12},
    };
    CHECK(standings({A, B, C, D}, results) == expected);
}

TEST_CASE("standings: ties share a rank, scratch pins break points ties", "[league]") {
    LeagueRules rules;
    rules.games_per_round = 1;
    // A 150 = D 150 and B 170 = C 170: every member 1 + 1 (game and series) = 2 half-points.
    RoundRecord r1{1, {{A, D}, {B, C}}, {{A, {150}}, {D, {150}}, {B, {170}}, {C, {170}}}, {}};
    const std::vector<Standing> table = standings({A, B, C, D, E}, score_rounds(rules, {r1}));
    const std::vector<Standing> expected = {
        {1, B, 1, 170, 170, 170, 170, 170, 2, 2},
        {1, C, 1, 170, 170, 170, 170, 170, 2, 2},
        {3, A, 1, 150, 150, 150, 150, 150, 2, 2},
        {3, D, 1, 150, 150, 150, 150, 150, 2, 2},
        {5, E, 0, 0, 0, std::nullopt, std::nullopt, std::nullopt, 0, 0},  // never scheduled
    };
    CHECK(table == expected);
    CHECK(standings({D, A}, score_rounds(rules, {r1})) ==
          std::vector<Standing>{{1, D, 1, 150, 150, 150, 150, 150, 2, 2},
                                {1, A, 1, 150, 150, 150, 150, 150, 2, 2}});
}

TEST_CASE("a member removed after the start: byes against the vacancy score", "[league]") {
    LeagueRules rules;  // scratch, entering average 150
    rules.games_per_round = 1;
    // B leaves before round 2: round 1 A-D, B-C; round 2 A-C and a bye for D.
    const Schedule schedule = remove_member(round_robin({A, B, C, D}, 2), B, 2);
    REQUIRE(schedule[1] == RoundPairings{{A, C}, {D, std::nullopt}});
    // Round 1 (averages 150): A 150 < D 160: D 4; B 170 > C 140: B 4.
    // Round 2: A 155 > C 150: A 4. D (average 160) 155 > vacancy 150: D 4. B's 300 is not in
    // a pairing and is ignored.
    const RoundRecord r1{1, schedule[0], {{A, {150}}, {D, {160}}, {B, {170}}, {C, {140}}}, {}};
    const RoundRecord r2{2, schedule[1], {{A, {155}}, {C, {150}}, {D, {155}}, {B, {300}}}, {}};
    const std::vector<RoundResult> results = score_rounds(rules, {r1, r2});
    const PairingResult d_bye{{D, 160, 0, {155}, {155}, 155, 4},
                              {std::nullopt, 160, 0, {kAbsent}, {150}, 150, 0}};
    CHECK(results[1].pairings[1] == d_bye);
    // D 8 halves, 315 pins (the vacancy's 150 is none); A 4 with 305 pins before B 4 with 170.
    const std::vector<Standing> expected = {
        {1, D, 2, 315, 315, 157, 160, 160, 8, 0},
        {2, A, 2, 305, 305, 152, 155, 155, 4, 4},
        {3, B, 1, 170, 170, 170, 170, 170, 4, 0},
        {4, C, 2, 290, 290, 145, 150, 150, 0, 8},
    };
    CHECK(standings({A, B, C, D}, results) == expected);
}
