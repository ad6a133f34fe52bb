// The league state (server/app/leagues/league_state.hpp) loaded from a SQLite file: round times
// and statuses, the schedule with a removal, closing rounds, round results and standings worked
// out by hand for league_season.hpp's season (docs/rules.md "League arithmetic"), and the
// detail a member or a stranger sees while a round is open.
#include <catch2/catch.hpp>
#include <optional>
#include <vector>

#include "engine/seed.hpp"
#include "league_season.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using test::at;
using test::at_ms;
using test::LeagueSeason;
using Games = std::vector<std::optional<int>>;

TEST_CASE("rounds open a round length apart from the start date, once the season starts") {
    LeagueSeason season;
    auto s = season.load();
    CHECK(format_rfc3339(round_opens(s.league, 1)) == "2026-12-03T00:00:00.000Z");
    CHECK(format_rfc3339(round_closes(s.league, 1)) == "2026-12-10T00:00:00.000Z");
    CHECK(format_rfc3339(round_opens(s.league, 3)) == "2026-12-17T00:00:00.000Z");
    CHECK(format_rfc3339(round_closes(s.league, 3)) == "2026-12-24T00:00:00.000Z");
    // Forming: no schedule yet, and nothing opens however late it is.
    CHECK(schedule_of(s).empty());
    CHECK(round_status(s, 1, at("2026-12-05T12:00:00Z")) == "upcoming");

    season.start();
    s = season.load();
    CHECK(round_status(s, 1, at("2026-12-02T23:59:59Z")) == "upcoming");
    CHECK(round_status(s, 1, at("2026-12-03T00:00:00Z")) == "open");
    CHECK(round_status(s, 2, at("2026-12-09T23:59:59Z")) == "upcoming");
    CHECK(round_status(s, 2, at("2026-12-10T00:00:00Z")) == "open");
    // docs/rules.md's example: four members A B C D.
    const auto schedule = schedule_of(s);
    REQUIRE(schedule.size() == 3);
    CHECK(schedule[0] == engine::RoundPairings{{season.ann, season.dee}, {season.bob, season.cy}});
    CHECK(schedule[1] == engine::RoundPairings{{season.ann, season.cy}, {season.dee, season.bob}});
    CHECK(schedule[2] == engine::RoundPairings{{season.ann, season.bob}, {season.cy, season.dee}});

    season.close(1, "2026-12-10T00:00:00Z");
    s = season.load();
    CHECK(round_status(s, 1, at("2026-12-05T12:00:00Z")) == "closed");
    REQUIRE(s.closed.size() == 1);
    CHECK(s.closed[0].closed_at == at_ms("2026-12-10T00:00:00Z"));
    CHECK_FALSE(s.closed[0].early);
    CHECK_FALSE(round_results_of(s, 2));  // not closed: no results yet
}

TEST_CASE("round 1 worked by hand: handicaps, a missed game, an absent member") {
    LeagueSeason season;
    season.play_rounds_1_and_2();
    const auto r = round_results_of(season.load(), 1);
    REQUIRE(r);
    REQUIRE(r->pairings.size() == 2);
    const auto& [ann, dee] = r->pairings[0];
    const auto& [bob, cy] = r->pairings[1];
    CHECK(ann.player->id == season.ann);
    CHECK(dee.player->id == season.dee);
    CHECK(bob.player->id == season.bob);
    CHECK(cy.player->id == season.cy);
    // Ann: no daily game, entering 120: handicap floor(90 x 70 / 100) = 63.
    CHECK(ann.average == 120);
    CHECK(ann.handicap == 63);
    CHECK(ann.scratch == Games{130, 95, 141});
    CHECK(ann.counted == std::vector<int>{193, 158, 204});
    CHECK(ann.series == 555);
    // Dee: daily 150, handicap floor(90 x 40 / 100) = 36; game 3 not bowled counts, for Ann,
    // as the blind 150 - 10 = 140 plus 36.
    CHECK(dee.average == 150);
    CHECK(dee.handicap == 36);
    CHECK(dee.scratch == Games{160, 150, std::nullopt});
    CHECK(dee.counted == std::vector<int>{196, 186, 176});
    CHECK(dee.series == 558);
    // Games: Dee 196 > 193, Dee 186 > 158, Ann 204 > 176 (Dee earns nothing from a blind).
    // Series: Dee's 558 is higher but holds a blind, so it wins nothing; Ann's 555 is lower.
    CHECK(ann.won_halves == 2);
    CHECK(dee.won_halves == 4);
    // Bob: daily (100 + 131) / 2 = 115, handicap floor(90 x 75 / 100) = 67.
    CHECK(bob.average == 115);
    CHECK(bob.handicap == 67);
    CHECK(bob.counted == std::vector<int>{177, 187, 167});
    CHECK(bob.series == 531);
    // Cy bowled nothing: his daily 200 came after round 1 opened, so entering 120, handicap
    // 63; every game a blind 110 + 63 = 173 for Bob.
    CHECK(cy.average == 120);
    CHECK(cy.handicap == 63);
    CHECK(cy.scratch == Games{std::nullopt, std::nullopt, std::nullopt});
    CHECK(cy.counted == std::vector<int>{173, 173, 173});
    CHECK(cy.series == 519);
    // Bob: 177 > 173, 187 > 173, 167 < 173, series 531 > 519: 3 points.
    CHECK(bob.won_halves == 6);
    CHECK(cy.won_halves == 0);
}

TEST_CASE("standings after two rounds, worked by hand") {
    LeagueSeason season;
    season.play_rounds_1_and_2();
    // Round 2 averages: Ann 366 / 3 = 122 (hcp 61), Cy daily 200 (hcp 0), Dee 310 / 2 = 155
    // (hcp 31), Bob 330 / 3 = 110 (hcp 72).
    // Ann 181 191 186 (558) v Cy 190 180 100 (470): Ann 2 + 2 + series 2 = 6, Cy 2.
    // Dee 181 191 201 (573) v Bob 182 191 202 (575): Bob 2 + 1 + 2 + series 2 = 7, Dee 1.
    const auto r2 = round_results_of(season.load(), 2);
    REQUIRE(r2);
    CHECK(r2->pairings[0].first.counted == std::vector<int>{181, 191, 186});
    CHECK(r2->pairings[0].second.handicap == 0);
    CHECK(r2->pairings[0].first.won_halves == 6);
    CHECK(r2->pairings[0].second.won_halves == 2);
    CHECK(r2->pairings[1].first.counted == std::vector<int>{181, 191, 201});
    CHECK(r2->pairings[1].second.counted == std::vector<int>{182, 191, 202});
    CHECK(r2->pairings[1].first.won_halves == 1);
    CHECK(r2->pairings[1].second.won_halves == 7);

    const auto lines = standings_of(season.load());
    REQUIRE(lines.size() == 4);
    struct Want {
        storage::PlayerId who;
        int rank, games;
        std::optional<int> average, high_game, high_series;
        int scratch, handicap_pins, won, lost;
    };
    // Lost = 8 offered a round (3 games + series, in halves) minus those won. Handicap pins:
    // Bob 689 + 3 x 67 + 3 x 72; Ann 741 + 3 x 63 + 3 x 61; Dee 790 + 2 x 36 + 3 x 31;
    // Cy 470 + 0. High series counts only rounds with every game bowled (not Dee's round 1).
    const Want want[] = {
        {season.bob, 1, 6, 114, 130, 359, 689, 1106, 13, 3},
        {season.ann, 2, 6, 123, 141, 375, 741, 1113, 8, 8},
        {season.dee, 3, 5, 158, 170, 480, 790, 955, 5, 11},
        {season.cy, 4, 3, 156, 190, 470, 470, 470, 2, 14},
    };
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("line " << i);
        const auto& got = lines[i];
        CHECK(got.player.id == want[i].who);
        CHECK(got.rank == want[i].rank);
        CHECK(got.games == want[i].games);
        CHECK(got.average == want[i].average);
        CHECK(got.high_game == want[i].high_game);
        CHECK(got.high_series == want[i].high_series);
        CHECK(got.scratch_pins == want[i].scratch);
        CHECK(got.handicap_pins == want[i].handicap_pins);
        CHECK(got.won_halves == want[i].won);
        CHECK(got.lost_halves == want[i].lost);
    }
}

TEST_CASE("an open round's detail: progress, commitments, seeds of closed rounds only") {
    LeagueSeason season;
    season.play_rounds_1_and_2();
    season.game(season.ann, 3, 1, std::nullopt, "2026-12-18T10:00:00Z");  // playing
    season.game(season.bob, 3, 1, 150, "2026-12-18T11:00:00Z");
    const auto s = season.load();
    const auto d = detail_of(s, season.ann, at("2026-12-18T12:00:00Z"), "server-secret");
    CHECK(d.status == "running");
    CHECK_FALSE(d.joining_open);
    CHECK(d.you_member);
    CHECK_FALSE(d.you_secretary);
    CHECK(d.invite_code == std::optional<std::string>("SEASON2345"));
    REQUIRE(d.schedule.size() == 3);
    for (int r = 1; r <= 3; ++r) {
        INFO("round " << r);
        const auto& info = d.schedule[r - 1];
        CHECK(info.status == (r < 3 ? "closed" : "open"));
        REQUIRE(info.commitments.size() == 3);
        CHECK(info.seeds.size() == (r < 3 ? 3u : 0u));
        for (std::size_t g = 0; g < info.seeds.size(); ++g) {
            // Each published seed is the one its commitment was made for.
            const auto seed = engine::parse_seed_hex(info.seeds[g]);
            REQUIRE(seed);
            CHECK(engine::commitment_hex(*seed) == info.commitments[g]);
        }
        CHECK(info.progress.has_value() == (r == 3));
    }
    // Round 3, Ann-Bob then Cy-Dee: Ann's game 1 started, Bob's finished; 10 games not started.
    const auto& progress = *d.schedule[2].progress;
    REQUIRE(progress.size() == 4);
    CHECK(progress[0].player.id == season.ann);
    CHECK(progress[0].games == std::vector<std::string>{"playing", "none", "none"});
    CHECK(progress[1].player.id == season.bob);
    CHECK(progress[1].games == std::vector<std::string>{"finished", "none", "none"});
    CHECK(progress[3].games == std::vector<std::string>{"none", "none", "none"});
    CHECK(d.schedule[2].not_started == 10);

    // Neither member nor secretary: no invite code.
    const auto stranger = detail_of(s, season.sec + 1000, at("2026-12-18T12:00:00Z"), "server-secret");
    CHECK_FALSE(stranger.invite_code);
    CHECK(detail_of(s, season.sec, at("2026-12-18T12:00:00Z"), "server-secret").you_secretary);
}

TEST_CASE("closing a round early hands back its open games and every game row") {
    LeagueSeason season;
    season.play_rounds_1_and_2();
    const auto open_game = season.game(season.ann, 3, 1, std::nullopt, "2026-12-18T10:00:00Z");
    const auto done_game = season.game(season.bob, 3, 2, 150, "2026-12-18T11:00:00Z");
    const auto closed = season.close(3, "2026-12-19T08:00:00Z", /*early=*/true);
    CHECK(closed.unfinished == std::vector<std::int64_t>{open_game});
    REQUIRE(closed.games.size() == 2);
    CHECK(closed.games[0].row == open_game);  // by member seat, then game
    CHECK(closed.games[0].game == 1);
    CHECK(closed.games[1].row == done_game);
    CHECK(closed.games[1].round == 3);
    CHECK(closed.games[1].ruleset == engine::Ruleset::kSackson);
    const auto s = season.load();
    REQUIRE(s.closed.size() == 3);
    CHECK(s.closed[2].early);
    CHECK(round_status(s, 3, at("2026-12-19T09:00:00Z")) == "closed");
    // Closing it again is refused by storage.
    ClosedRounds again;
    CHECK(close_league_round(*season.store, s, 3, at("2026-12-20T00:00:00Z"), true, &again)
              .is_conflict());
}

TEST_CASE("a member removed from round 3 leaves their opponent a bye from then on") {
    LeagueSeason season;
    season.start();
    REQUIRE(season.store->leagues().remove_member(season.league, season.dee, 3).is_ok());
    const auto schedule = schedule_of(season.load());
    REQUIRE(schedule.size() == 3);
    CHECK(schedule[0] == engine::RoundPairings{{season.ann, season.dee}, {season.bob, season.cy}});
    CHECK(schedule[2] == engine::RoundPairings{{season.ann, season.bob}, {season.cy, std::nullopt}});
}

}  // namespace
