// Stored leagues, on both backends: settings read back field by field, members by seat (leaving
// before the season, removed from a round after it), joining closed by the start, closed
// rounds once each, daily averages replaced, a player's daily average, league games (finished,
// in play) and the secretary's log; a taken invite code is refused without spoiling the
// transaction.
#include <catch2/catch.hpp>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

LeagueRow league(PlayerId secretary, const std::string& code) {
    LeagueRow row;
    row.name = "Thursday Night";
    row.secretary = secretary;
    row.ruleset = "strict";
    row.rounds = 6;
    row.games_per_round = 3;
    row.round_days = 7;
    row.start_date = "2026-12-03";
    row.handicap = true;
    row.handicap_percent = 80;
    row.handicap_basis = 200;
    row.entering_average = 120;
    row.vacancy_score = 100;
    row.invite_code = code;
    row.created_at = 4000;
    return row;
}

TEST_CASE("a league is read back field by field, by id and by invite code") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    LeagueRow row = league(sec, "JOINME2345");
    REQUIRE(store->leagues().create(row).is_ok());
    CHECK(row.id > 0);
    for (const auto& got : {store->leagues().by_id(row.id), store->leagues().by_code("JOINME2345")}) {
        REQUIRE(got);
        CHECK(got->name == "Thursday Night");
        CHECK(got->secretary == sec);
        CHECK(got->ruleset == "strict");
        CHECK(got->rounds == 6);
        CHECK(got->games_per_round == 3);
        CHECK(got->round_days == 7);
        CHECK(got->start_date == "2026-12-03");
        CHECK(got->handicap);
        CHECK(got->handicap_percent == 80);
        CHECK(got->handicap_basis == 200);
        CHECK(got->entering_average == 120);
        CHECK(got->vacancy_score == std::optional<int>(100));
        CHECK(got->joining_open);
        CHECK_FALSE(got->started_at);
        CHECK(got->created_at == 4000);
    }
    CHECK_FALSE(store->leagues().by_id(row.id + 1));
    CHECK(store->leagues().running().empty());
}

TEST_CASE("members by seat, joining closed by the start, rounds closed once, the end") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    LeagueRow row = league(sec, "SEATS23456");
    REQUIRE(store->leagues().create(row).is_ok());
    auto& leagues = store->leagues();
    REQUIRE(leagues.add_member(row.id, bob, 1).is_ok());
    REQUIRE(leagues.add_member(row.id, ann, 0).is_ok());
    REQUIRE(leagues.add_member(row.id, cy, 2).is_ok());
    CHECK(leagues.add_member(row.id, ann, 3).is_conflict());
    REQUIRE(leagues.remove_member(row.id, cy, std::nullopt).is_ok());  // left before the season
    auto members = leagues.members(row.id);
    REQUIRE(members.size() == 2);
    CHECK(members[0].name == "ann");
    CHECK(members[1].name == "bob");

    REQUIRE(leagues.set_started(row.id, 5000).is_ok());
    CHECK_FALSE(leagues.by_id(row.id)->joining_open);
    CHECK(leagues.by_id(row.id)->started_at == std::optional<Millis>(5000));
    REQUIRE(leagues.running().size() == 1);
    REQUIRE(leagues.remove_member(row.id, bob, 3).is_ok());
    CHECK(leagues.members(row.id)[1].removed_from_round == std::optional<int>(3));

    REQUIRE(leagues.close_round(row.id, 1, 6000, false).is_ok());
    CHECK(leagues.close_round(row.id, 1, 6001, true).is_conflict());
    REQUIRE(leagues.close_round(row.id, 2, 7000, true).is_ok());
    const auto rounds = leagues.closed_rounds(row.id);
    REQUIRE(rounds.size() == 2);
    CHECK(rounds[0].closed_at == 6000);
    CHECK_FALSE(rounds[0].early);
    CHECK(rounds[1].early);

    REQUIRE(leagues.set_joining(row.id, true).is_ok());
    CHECK(leagues.by_id(row.id)->joining_open);
    REQUIRE(leagues.set_ended(row.id, 8000).is_ok());
    CHECK(leagues.running().empty());
    REQUIRE(leagues.log(row.id, sec, "start", "6 rounds", 5000).is_ok());
}

TEST_CASE("daily averages: replaced per round, and computed from finished daily games") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    const PlayerId ann = test::add_player(*store, "ann");
    LeagueRow row = league(sec, "AVGS234567");
    REQUIRE(store->leagues().create(row).is_ok());
    auto& leagues = store->leagues();
    REQUIRE(leagues.set_daily_average(row.id, 1, ann, 120).is_ok());
    REQUIRE(leagues.set_daily_average(row.id, 1, ann, 125).is_ok());  // replaced
    REQUIRE(leagues.set_daily_average(row.id, 2, ann, 130).is_ok());
    const auto avgs = leagues.daily_averages(row.id);
    CHECK(avgs.at(1).at(ann) == 125);
    CHECK(avgs.at(2).at(ann) == 130);

    CHECK_FALSE(leagues.daily_average(ann, 100000));
    test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 150, 10000);
    test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 101, 20000);
    test::finished_game(*store, ann, GameMode::kDaily, "2026-11-30", 90, 30000);
    CHECK(leagues.daily_average(ann, 25000) == std::optional<int>(125));  // (150+101)/2, truncated
    CHECK(leagues.daily_average(ann, 30001) == std::optional<int>(113));
}

TEST_CASE("league games: scores of finished ones, unfinished ones by round, a player's game") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    const PlayerId ann = test::add_player(*store, "ann");
    LeagueRow row = league(sec, "GAMES23456");
    REQUIRE(store->leagues().create(row).is_ok());
    GameRow g1 = test::game_row(ann, GameMode::kLeague);
    g1.league = row.id;
    g1.league_round = 1;
    g1.league_game = 1;
    REQUIRE(store->create_game(g1).is_ok());
    GameRow g2 = g1;
    g2.id = 0;
    g2.league_game = 2;
    REQUIRE(store->create_game(g2).is_ok());
    GameRow twice = g1;
    twice.id = 0;
    CHECK(store->create_game(twice).is_conflict());  // one game per (player, round, game)
    REQUIRE(store->finish_game(g1.id, 143, 3, 4, false, 9000).is_ok());

    const auto scores = store->leagues().scores(row.id);
    REQUIRE(scores.size() == 1);
    CHECK(scores[0].player == ann);
    CHECK(scores[0].round == 1);
    CHECK(scores[0].game == 1);
    CHECK(scores[0].score == 143);
    CHECK(store->leagues().unfinished_games(row.id, 1) == std::vector<std::int64_t>{g2.id});
    CHECK(store->leagues().in_play(row.id) == std::vector<LeagueGameSlot>{{ann, 1, 2}});
    CHECK(store->leagues().in_play(row.id + 1).empty());
    CHECK(store->leagues().unfinished_games(row.id, 2).empty());
    CHECK(store->leagues().game_id(ann, row.id, 1, 2) == std::optional<std::int64_t>(g2.id));
    CHECK_FALSE(store->leagues().game_id(ann, row.id, 2, 1));
}

TEST_CASE("a taken invite code is a conflict that leaves the transaction usable") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    LeagueRow first = league(sec, "TAKEN23456");
    REQUIRE(store->leagues().create(first).is_ok());
    REQUIRE(store->begin().is_ok());
    LeagueRow again = league(sec, "TAKEN23456");
    CHECK(store->leagues().create(again).is_conflict());
    again.invite_code = "FRESH23456";
    REQUIRE(store->leagues().create(again).is_ok());
    REQUIRE(store->leagues().log(again.id, sec, "create", again.name, 4000).is_ok());
    REQUIRE(store->commit().is_ok());
    CHECK(store->leagues().by_code("FRESH23456")->id == again.id);
}

}  // namespace

TEST_CASE("a player's leagues: as secretary or member, newest first, limited") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId sec = test::add_player(*store, "sec");
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& leagues = store->leagues();
    LeagueRow first = league(sec, "MINE234561");
    REQUIRE(leagues.create(first).is_ok());
    LeagueRow second = league(ann, "MINE234562");
    REQUIRE(leagues.create(second).is_ok());
    LeagueRow third = league(bob, "MINE234563");
    REQUIRE(leagues.create(third).is_ok());
    REQUIRE(leagues.add_member(first.id, ann, 0).is_ok());
    REQUIRE(leagues.add_member(second.id, ann, 0).is_ok());  // her own league, as member too
    REQUIRE(leagues.add_member(third.id, sec, 0).is_ok());
    REQUIRE(leagues.remove_member(third.id, sec, 2).is_ok());  // removed members keep it

    const auto of_ann = leagues.of_player(ann, 10);
    REQUIRE(of_ann.size() == 2);
    CHECK(of_ann[0].league.id == second.id);  // newest first
    CHECK(of_ann[0].league.secretary == ann);
    CHECK(of_ann[0].secretary_name == "ann");
    CHECK(of_ann[0].member);
    CHECK(of_ann[1].league.id == first.id);
    CHECK(of_ann[1].secretary_name == "sec");
    CHECK(of_ann[1].member);
    CHECK(of_ann[1].league.invite_code == "MINE234561");

    const auto of_sec = leagues.of_player(sec, 10);
    REQUIRE(of_sec.size() == 2);
    CHECK(of_sec[0].league.id == third.id);
    CHECK(of_sec[0].member);
    CHECK(of_sec[1].league.id == first.id);
    CHECK_FALSE(of_sec[1].member);  // secretary only
    CHECK(leagues.of_player(sec, 1).size() == 1);
    CHECK(leagues.of_player(bob, 10).size() == 1);
    CHECK(leagues.of_player(bob + 100, 10).empty());
}
