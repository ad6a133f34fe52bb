// Reading results back: finished daily attempts of a day or of all days, a player's finished
// games, each player's best ranked game, ranked totals since an instant (with a minimum number
// of games), and the revealed days.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

// Three players with daily, league and practice games over two days, some unfinished.
struct Fixture {
    TempDir dir;
    std::unique_ptr<Store> store = test::open_store(dir.db());
    PlayerId ann = test::add_player(*store, "ann");
    PlayerId bob = test::add_player(*store, "bob");
    PlayerId cy = test::add_player(*store, "cy");
    GameRowId ann_28 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 180, 1000);
    GameRowId bob_28 = test::finished_game(*store, bob, GameMode::kDaily, "2026-11-28", 180, 900);
    GameRowId ann_29 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 120, 3000);
    GameRowId bob_league =
        test::finished_game(*store, bob, GameMode::kLeague, "", 180, 800);  // ties bob_28, earlier
    GameRowId ann_practice =
        test::finished_game(*store, ann, GameMode::kPractice, "", 300, 2000);  // not ranked
    GameRowId cy_practice = test::finished_game(*store, cy, GameMode::kPractice, "", 250, 2500);
    GameRowId guest = 0;

    Fixture() {
        GameRow open = test::game_row(cy, GameMode::kDaily, "2026-11-29");  // not finished
        REQUIRE(store->create_game(open).is_ok());
        GameRow g = test::game_row(std::nullopt, GameMode::kPractice);
        g.finished_at = 2600;
        g.score = 99;
        REQUIRE(store->save_finished_game(g).is_ok());
        guest = g.id;
    }
};

std::vector<GameRowId> ids(std::vector<DailyResult> rows) {
    std::vector<GameRowId> out;
    for (const auto& r : rows) out.push_back(r.game);
    std::sort(out.begin(), out.end());
    return out;
}

TEST_CASE("daily_results: finished daily attempts of one day, or of every day") {
    Fixture f;
    const auto day28 = f.store->daily_results("2026-11-28");
    CHECK(ids(day28) == std::vector<GameRowId>{f.ann_28, f.bob_28});
    for (const auto& r : day28) {
        CHECK(r.day == "2026-11-28");
        CHECK(r.score == 180);
        CHECK(r.name == (r.player == f.ann ? "ann" : "bob"));
        CHECK(r.finished_at == (r.player == f.ann ? 1000 : 900));
        CHECK(r.strikes == 6);
        CHECK(r.spares == 4);
    }
    CHECK(ids(f.store->daily_results("2026-11-29")) == std::vector<GameRowId>{f.ann_29});
    CHECK(f.store->daily_results("2026-11-30").empty());
    CHECK(ids(f.store->daily_results("")) == std::vector<GameRowId>{f.ann_28, f.bob_28, f.ann_29});
}

TEST_CASE("games_of: a player's finished games of every mode, by finish time") {
    Fixture f;
    const auto games = f.store->games_of(f.ann);
    REQUIRE(games.size() == 3);
    CHECK(games[0].game == f.ann_28);
    CHECK(games[0].mode == GameMode::kDaily);
    CHECK(games[0].day == "2026-11-28");
    CHECK(games[1].game == f.ann_practice);
    CHECK(games[1].mode == GameMode::kPractice);
    CHECK(games[1].day.empty());
    CHECK(games[1].score == 300);
    CHECK(games[2].game == f.ann_29);
    CHECK(games[2].finished_at == 3000);
    CHECK(f.store->games_of(f.cy).size() == 1);  // the open daily attempt is not listed
    CHECK(f.store->games_of(f.cy + 10).empty());
}

TEST_CASE("best_ranked_games: one line per player, their best ranked game, earliest on ties") {
    Fixture f;
    auto best = f.store->best_ranked_games();
    std::sort(best.begin(), best.end(), [](auto& a, auto& b) { return a.player < b.player; });
    // cy has only practice games and an open attempt; ann's 300 is practice.
    REQUIRE(best.size() == 2);
    CHECK(best[0].player == f.ann);
    CHECK(best[0].game == f.ann_28);
    CHECK(best[0].score == 180);
    CHECK(best[0].name == "ann");
    CHECK(best[0].day == "2026-11-28");
    CHECK(best[1].player == f.bob);
    CHECK(best[1].game == f.bob_league);  // 180 like bob_28, finished earlier
    CHECK(best[1].day.empty());

    // Same score, same finish: the earlier row wins.
    const GameRowId late = test::finished_game(*f.store, f.cy, GameMode::kLeague, "", 200, 5000);
    test::finished_game(*f.store, f.cy, GameMode::kLeague, "", 200, 5000);
    test::finished_game(*f.store, f.cy, GameMode::kLeague, "", 199, 100);
    best = f.store->best_ranked_games();
    const auto cy =
        std::find_if(best.begin(), best.end(), [&](auto& r) { return r.player == f.cy; });
    REQUIRE(cy != best.end());
    CHECK(cy->game == late);
    CHECK(best.size() == 3);
}

TEST_CASE("ranked_totals_since: finished ranked games since an instant, with a minimum count") {
    Fixture f;
    struct Case {
        Millis since;
        int min_games;
        std::map<PlayerId, std::pair<int, std::int64_t>> expected;  // player -> games, pins
    };
    const std::vector<Case> cases = {
        {0, 1, {{f.ann, {2, 300}}, {f.bob, {2, 360}}}},
        {0, 2, {{f.ann, {2, 300}}, {f.bob, {2, 360}}}},
        {0, 3, {}},
        {850, 1, {{f.ann, {2, 300}}, {f.bob, {1, 180}}}},  // bob's league game at 800 is before
        {900, 1, {{f.ann, {2, 300}}, {f.bob, {1, 180}}}},  // since is inclusive
        {901, 1, {{f.ann, {2, 300}}}},
        {1001, 1, {{f.ann, {1, 120}}}},
        {1001, 2, {}},
        {3001, 1, {}},
    };
    for (const auto& c : cases) {
        INFO("since " << c.since << ", min " << c.min_games);
        std::map<PlayerId, std::pair<int, std::int64_t>> got;
        for (const auto& t : f.store->ranked_totals_since(c.since, c.min_games)) {
            CHECK(t.name == (t.player == f.ann ? "ann" : "bob"));
            got[t.player] = {t.games, t.pins};
        }
        CHECK(got == c.expected);
    }
}

TEST_CASE("mark_revealed records a day once, is_revealed reads it") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    CHECK_FALSE(store->is_revealed("2026-11-28"));
    REQUIRE(store->mark_revealed("2026-11-28", 100).is_ok());
    CHECK(store->mark_revealed("2026-11-28", 200).is_ok());  // again: no error, kept as it was
    CHECK(store->is_revealed("2026-11-28"));
    CHECK_FALSE(store->is_revealed("2026-11-29"));
    CHECK(test::query_text(store->db(),
                           "SELECT revealed_at FROM revealed_days WHERE day = '2026-11-28'") ==
          "100");
}

}  // namespace
