// The league the leagues tests work through, stored in a SQLite file as the server stores one:
// "Thursday Night", sackson, handicap 90% of 190, entering average 120 (the sackson defaults,
// docs/rules.md "Averages and handicap"), 3 rounds of 3 games, 7 days a round from 2026-12-03.
// Members by seat: Ann, Bob, Cy, Dee, so the schedule (circle method) is
//   round 1 Ann-Dee, Bob-Cy; round 2 Ann-Cy, Dee-Bob; round 3 Ann-Bob, Cy-Dee.
// Daily games before the season: Bob 100 and 131 (average 115), Dee 150; Cy's only daily game,
// 200, comes on 2026-12-04, after round 1 opened. Ann has none.
// Expected values in the tests are worked out by hand from docs/rules.md, beside each check.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/leagues/league_state.hpp"
#include "temp_db.hpp"

namespace pinfall::test {

// Milliseconds since the epoch of an RFC 3339 instant (as storage keeps times).
inline storage::Millis at_ms(const std::string& rfc3339) {
    const auto t = server::parse_rfc3339(rfc3339);
    REQUIRE(t);
    return server::unix_ms(*t);
}

inline server::Clock::time_point at(const std::string& rfc3339) {
    const auto t = server::parse_rfc3339(rfc3339);
    REQUIRE(t);
    return *t;
}

class LeagueSeason {
   public:
    // handicap, games_per_round: the two settings a test may change (scratch, fewer games).
    explicit LeagueSeason(bool handicap = true, int games_per_round = 3)
        : store(open_store(dir.db())) {
        sec = add_player(*store, "sec");
        ann = add_player(*store, "Ann");
        bob = add_player(*store, "Bob");
        cy = add_player(*store, "Cy");
        dee = add_player(*store, "Dee");
        finished_game(*store, bob, storage::GameMode::kDaily, "2026-11-30", 100,
                      at_ms("2026-11-30T12:00:00Z"));
        finished_game(*store, bob, storage::GameMode::kDaily, "2026-12-01", 131,
                      at_ms("2026-12-01T12:00:00Z"));
        finished_game(*store, dee, storage::GameMode::kDaily, "2026-12-01", 150,
                      at_ms("2026-12-01T12:00:00Z"));
        finished_game(*store, cy, storage::GameMode::kDaily, "2026-12-04", 200,
                      at_ms("2026-12-04T12:00:00Z"));
        storage::LeagueRow row;
        row.name = "Thursday Night";
        row.secretary = sec;
        row.ruleset = "sackson";
        row.rounds = 3;
        row.games_per_round = games_per_round;
        row.round_days = 7;
        row.start_date = "2026-12-03";
        row.handicap = handicap;
        row.handicap_percent = 90;
        row.handicap_basis = 190;
        row.entering_average = 120;
        row.invite_code = "SEASON2345";
        row.created_at = at_ms("2026-11-20T09:00:00Z");
        REQUIRE(store->leagues().create(row).is_ok());
        league = row.id;
        int seat = 0;
        for (const auto p : {ann, bob, cy, dee}) {
            REQUIRE(store->leagues().add_member(league, p, seat++).is_ok());
        }
    }

    // The season starts (joining closes) the evening before round 1 opens.
    void start() {
        REQUIRE(store->leagues().set_joining(league, false).is_ok());
        REQUIRE(store->leagues().set_started(league, at_ms("2026-12-02T18:00:00Z")).is_ok());
    }

    // A league game of `player` started; finished with `score` unless score is nullopt.
    // Returns its row id.
    storage::GameRowId game(storage::PlayerId player, int round, int number,
                            std::optional<int> score, const std::string& when) {
        storage::GameRow row = game_row(player, storage::GameMode::kLeague, "", at_ms(when) - 60000);
        row.league = league;
        row.league_round = round;
        row.league_game = number;
        REQUIRE(store->create_game(row).is_ok());
        if (score) {
            REQUIRE(store->finish_game(row.id, *score, 0, 0, false, at_ms(when)).is_ok());
        }
        return row.id;
    }
    // Three finished games of a round, bowled on `when`; nullopt: not bowled.
    void series(storage::PlayerId player, int round, std::optional<int> g1, std::optional<int> g2,
                std::optional<int> g3, const std::string& when) {
        int g = 1;
        for (const auto score : {g1, g2, g3}) {
            if (score) game(player, round, g, score, when);
            ++g;
        }
    }

    server::LeagueState load() {
        auto s = server::load_league(*store, league);
        REQUIRE(s);
        return *s;
    }

    // Closes `round` at `when` as the server does (its daily averages recorded first).
    server::ClosedRounds close(int round, const std::string& when, bool early = false) {
        server::ClosedRounds closed;
        const auto s = server::load_league(*store, league, /*for_change=*/true);
        REQUIRE(s);
        const auto st = server::close_league_round(*store, *s, round, at(when), early, &closed);
        INFO(st.message());
        REQUIRE(st.is_ok());
        return closed;
    }

    // Rounds 1 and 2 as the tests work them out: Cy misses all of round 1, Dee game 3.
    void play_rounds_1_and_2() {
        start();
        series(ann, 1, 130, 95, 141, "2026-12-05T20:00:00Z");
        series(dee, 1, 160, 150, std::nullopt, "2026-12-06T20:00:00Z");
        series(bob, 1, 110, 120, 100, "2026-12-07T20:00:00Z");
        close(1, "2026-12-10T00:00:00Z");
        series(ann, 2, 120, 130, 125, "2026-12-12T20:00:00Z");
        series(cy, 2, 190, 180, 100, "2026-12-12T21:00:00Z");
        series(dee, 2, 150, 160, 170, "2026-12-13T20:00:00Z");
        series(bob, 2, 110, 119, 130, "2026-12-14T20:00:00Z");
        close(2, "2026-12-17T00:00:00Z");
    }

    TempDir dir;
    std::unique_ptr<storage::Store> store;
    storage::PlayerId sec = 0, ann = 0, bob = 0, cy = 0, dee = 0;
    std::int64_t league = 0;
};

}  // namespace pinfall::test
