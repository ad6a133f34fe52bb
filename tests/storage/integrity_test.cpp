// The board's integrity (schema version 11, storage/integrity.hpp), on both backends: evidence
// stored once per game and read back exactly; the games still to analyse; a result's state
// (clean, review, cleared, disqualified) and its case, with every transition allowed or
// refused; held results and banned players' results left out of every board and back when
// cleared or unbanned; reports; linked identities; origins of games; a version-10 database
// migrated with its rows; schema 11's rows copied from SQLite to PostgreSQL ([postgres]).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "storage/copy.hpp"
#include "storage/guest_players.hpp"
#include "storage/migrations.hpp"
#include "storage/postgres/pg_database.hpp"
#include "storage/sqlite/sqlite_database.hpp"
#include "temp_db.hpp"

namespace integrity_test {

using namespace pinfall;
using namespace pinfall::storage;
using pinfall::test::TempDir;

// Evidence whose doubles need every bit (none is a short decimal).
Evidence sample_evidence(GameRowId game, PlayerId player, Millis finished, double llr,
                         engine::Ruleset ruleset = engine::Ruleset::kSackson) {
    Evidence e;
    e.game = game;
    e.player = player;
    e.ruleset = ruleset;
    e.finished_at = finished;
    e.analysed_at = finished + 777;
    e.llr = llr;
    e.week_llr = 0.1 + 0.2;  // 0.30000000000000004
    e.guard_sum = -std::acos(-1.0);
    e.guard_var = 1.0 / 3.0;
    e.deciding = 7;
    e.decisions = 23;
    e.tau = 1e-300;
    e.z = -2.718281828459045e+17;
    e.flagged = llr > 50;
    e.drivers = R"([{"i":3,"frame":2,"term":1.25}])";
    return e;
}

void same_evidence(const Evidence& got, const Evidence& want) {
    CHECK(got.game == want.game);
    CHECK(got.player == want.player);
    CHECK(got.ruleset == want.ruleset);
    CHECK(got.finished_at == want.finished_at);
    CHECK(got.analysed_at == want.analysed_at);
    CHECK(got.llr == want.llr);  // exactly
    CHECK(got.week_llr == want.week_llr);
    CHECK(got.guard_sum == want.guard_sum);
    CHECK(got.guard_var == want.guard_var);
    CHECK(got.deciding == want.deciding);
    CHECK(got.decisions == want.decisions);
    CHECK(got.tau == want.tau);
    CHECK(got.z == want.z);
    CHECK(got.flagged == want.flagged);
    CHECK(got.drivers == want.drivers);
}

LeagueRow integrity_league(PlayerId secretary) {
    LeagueRow row;
    row.name = "Monday";
    row.secretary = secretary;
    row.rounds = 2;
    row.start_date = "2026-11-23";
    row.invite_code = "HONEST2345";
    row.created_at = 100;
    return row;
}

// A ranked game started at `started` from the given origins, finished at `finished` (when set).
GameRowId origin_game(Store& store, PlayerId player, GameMode mode, const std::string& day,
                      Millis started, std::optional<Millis> finished,
                      std::optional<std::string> address, std::optional<std::string> browser,
                      std::optional<std::int64_t> league = std::nullopt, int round = 0,
                      int game = 0, int score = 150) {
    GameRow row = test::game_row(player, mode, day, started);
    row.origin_address = std::move(address);
    row.origin_browser = std::move(browser);
    row.league = league;
    row.league_round = round;
    row.league_game = game;
    REQUIRE(store.create_game(row).is_ok());
    if (finished) REQUIRE(store.finish_game(row.id, score, 3, 2, false, *finished).is_ok());
    return row.id;
}

std::vector<GameRowId> result_ids(const std::vector<DailyResult>& rows) {
    std::vector<GameRowId> out;
    for (const auto& r : rows) out.push_back(r.game);
    std::sort(out.begin(), out.end());
    return out;
}

// Each player's best game on the all-time board.
std::map<PlayerId, GameRowId> best_of(Store& store) {
    std::map<PlayerId, GameRowId> out;
    for (const auto& r : store.best_ranked_games()) out[r.player] = r.game;
    return out;
}

// Per player: (games, pins) since 0, at least one game.
std::map<PlayerId, std::pair<int, std::int64_t>> totals_of(Store& store) {
    std::map<PlayerId, std::pair<int, std::int64_t>> out;
    for (const auto& t : store.ranked_totals_since(0, 1)) out[t.player] = {t.games, t.pins};
    return out;
}

std::vector<std::pair<PlayerId, int>> league_scores(Store& store, std::int64_t league) {
    std::vector<std::pair<PlayerId, int>> out;
    for (const auto& s : store.leagues().scores(league)) out.emplace_back(s.player, s.score);
    std::sort(out.begin(), out.end());
    return out;
}

// Two players with daily games on two days and league games; ann's best is the 28th's 200.
struct Boards {
    TempDir dir;
    std::unique_ptr<Store> store = test::open_store(dir.db());
    PlayerId ann = test::add_player(*store, "ann");
    PlayerId bob = test::add_player(*store, "bob");
    GameRowId ann_28 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 200, 10000);
    GameRowId ann_29 = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 150, 20000);
    GameRowId bob_28 = test::finished_game(*store, bob, GameMode::kDaily, "2026-11-28", 100, 11000);
    std::int64_t league = 0;
    GameRowId ann_league = 0, bob_league = 0;

    Boards() {
        LeagueRow row = integrity_league(ann);
        REQUIRE(store->leagues().create(row).is_ok());
        league = row.id;
        ann_league = origin_game(*store, ann, GameMode::kLeague, "", 29000, 30000, std::nullopt,
                                 std::nullopt, league, 1, 1, 120);
        bob_league = origin_game(*store, bob, GameMode::kLeague, "", 30000, 31000, std::nullopt,
                                 std::nullopt, league, 1, 1, 90);
    }

    // Every board shows ann's results as at the start.
    void all_of_ann_shown() {
        CHECK(result_ids(store->daily_results("2026-11-28")) ==
              std::vector<GameRowId>{ann_28, bob_28});
        CHECK(result_ids(store->daily_results("")) ==
              std::vector<GameRowId>{ann_28, ann_29, bob_28});
        CHECK(result_ids(store->daily_results_of(ann)) == std::vector<GameRowId>{ann_28, ann_29});
        CHECK(best_of(*store) == std::map<PlayerId, GameRowId>{{ann, ann_28}, {bob, bob_28}});
        CHECK(totals_of(*store).at(ann) == std::make_pair(3, std::int64_t{470}));
        CHECK(league_scores(*store, league) ==
              std::vector<std::pair<PlayerId, int>>{{ann, 120}, {bob, 90}});
    }
};

TEST_CASE("integrity evidence: every field read back exactly, a second add is a conflict") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const GameRowId g = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 187, 9000);
    auto& in = store->integrity();
    CHECK_FALSE(in.evidence(g));
    const Evidence e = sample_evidence(g, ann, 9000, 69.50000000000001);
    REQUIRE(in.add_evidence(e).is_ok());
    auto got = in.evidence(g);
    REQUIRE(got);
    same_evidence(*got, e);
    CHECK(got->flagged);

    Evidence other = sample_evidence(g, ann, 9000, 1.5);
    CHECK(in.add_evidence(other).is_conflict());
    got = in.evidence(g);
    REQUIRE(got);
    CHECK(got->llr == 69.50000000000001);  // the first kept

    // Not flagged, strict, extreme values.
    const GameRowId h = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 90, 9500);
    Evidence low = sample_evidence(h, ann, 9500, -0.0, engine::Ruleset::kStrict);
    low.llr = 5e-324;  // the smallest subnormal
    low.tau = 1.7976931348623157e308;
    low.drivers = "";
    REQUIRE(in.add_evidence(low).is_ok());
    got = in.evidence(h);
    REQUIRE(got);
    same_evidence(*got, low);
    CHECK_FALSE(got->flagged);
}

TEST_CASE("recent evidence: a player's newest games first, of one ruleset, at most n") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    auto& in = store->integrity();
    std::vector<GameRowId> sackson;  // by finish
    for (int d = 0; d < 5; ++d) {
        const Millis at = 10000 + 1000 * d;
        const std::string day = "2026-11-0" + std::to_string(d + 1);
        const GameRowId g = test::finished_game(*store, ann, GameMode::kDaily, day, 100 + d, at);
        const auto ruleset = d == 2 ? engine::Ruleset::kStrict : engine::Ruleset::kSackson;
        REQUIRE(in.add_evidence(sample_evidence(g, ann, at, d, ruleset)).is_ok());
        if (d != 2) sackson.push_back(g);
    }
    const GameRowId bobs = test::finished_game(*store, bob, GameMode::kDaily, "2026-11-09", 50, 99000);
    REQUIRE(in.add_evidence(sample_evidence(bobs, bob, 99000, 9)).is_ok());

    const auto three = in.recent_evidence(ann, engine::Ruleset::kSackson, 3);
    REQUIRE(three.size() == 3);
    CHECK(three[0].game == sackson[3]);
    CHECK(three[1].game == sackson[2]);
    CHECK(three[2].game == sackson[1]);
    CHECK(three[0].finished_at == 14000);
    CHECK(three[0].llr == 4.0);
    CHECK(in.recent_evidence(ann, engine::Ruleset::kSackson, 10).size() == 4);
    const auto strict = in.recent_evidence(ann, engine::Ruleset::kStrict, 10);
    REQUIRE(strict.size() == 1);
    CHECK(strict[0].ruleset == engine::Ruleset::kStrict);
    CHECK(strict[0].finished_at == 12000);
    CHECK(in.recent_evidence(bob, engine::Ruleset::kStrict, 10).empty());
    CHECK(in.recent_evidence(bob, engine::Ruleset::kSackson, 10).size() == 1);
}

TEST_CASE("unanalysed: finished ranked games without evidence, best score first, then earlier") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    auto& in = store->integrity();
    const GameRowId a = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 180, 5000);
    const GameRowId b = test::finished_game(*store, bob, GameMode::kDaily, "2026-11-28", 180, 4000);
    const GameRowId c = test::finished_game(*store, cy, GameMode::kDaily, "2026-11-28", 250, 6000);
    const GameRowId league = test::finished_game(*store, ann, GameMode::kLeague, "", 200, 7000);
    const GameRowId analysed =
        test::finished_game(*store, bob, GameMode::kDaily, "2026-11-29", 300, 8000);
    REQUIRE(in.add_evidence(sample_evidence(analysed, bob, 8000, 1)).is_ok());
    test::finished_game(*store, cy, GameMode::kPractice, "", 299, 9000);  // not ranked
    GameRow open = test::game_row(cy, GameMode::kDaily, "2026-11-29");    // not finished
    REQUIRE(store->create_game(open).is_ok());

    const auto all = in.unanalysed(10);
    REQUIRE(all.size() == 4);
    CHECK(all[0].game == c);
    CHECK(all[0].score == 250);
    CHECK(all[0].finished_at == 6000);
    CHECK(all[0].day == "2026-11-28");
    CHECK(all[1].game == league);
    CHECK(all[1].day.empty());
    CHECK(all[2].game == b);  // 180, finished earlier
    CHECK(all[3].game == a);
    const auto two = in.unanalysed(2);
    REQUIRE(two.size() == 2);
    CHECK(two[1].game == league);

    REQUIRE(in.add_evidence(sample_evidence(c, cy, 6000, 2)).is_ok());
    CHECK(in.unanalysed(10).size() == 3);
    CHECK(in.unanalysed(10)[0].game == league);
}

TEST_CASE("open case: only a clean finished ranked result goes under review, once") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    auto& in = store->integrity();
    const GameRowId g = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 187, 9000);
    const GameRowId practice = test::finished_game(*store, ann, GameMode::kPractice, "", 99, 9100);
    GameRow open = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(open).is_ok());

    CHECK(in.state(g) == ReviewState::kClean);
    CHECK_FALSE(in.state(practice));
    CHECK_FALSE(in.state(open.id));
    CHECK_FALSE(in.state(g + 1000));
    bool changed = true;
    for (const GameRowId none : {practice, open.id, g + 1000}) {
        changed = true;
        CHECK(in.open_case(none, "moderator", "", 9500, &changed).is_not_found());
        CHECK_FALSE(changed);
    }
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM review_cases") == "0");

    REQUIRE(in.open_case(g, "statistic", "llr 80", 10000, &changed).is_ok());
    CHECK(changed);
    CHECK(in.state(g) == ReviewState::kReview);
    CHECK(store->game(g)->review == ReviewState::kReview);
    auto c = in.case_of(g);
    REQUIRE(c);
    CHECK(c->state == ReviewState::kReview);
    CHECK(c->reason == "statistic");
    CHECK(c->note == "llr 80");
    CHECK(c->opened_at == std::optional<Millis>(10000));
    CHECK_FALSE(c->decided_at);
    CHECK_FALSE(c->decided_by);

    // Under review already: nothing written.
    REQUIRE(in.open_case(g, "week", "again", 11000, &changed).is_ok());
    CHECK_FALSE(changed);
    c = in.case_of(g);
    CHECK(c->reason == "statistic");
    CHECK(c->note == "llr 80");
    CHECK(c->opened_at == std::optional<Millis>(10000));

    // Cleared: open_case does not open it again.
    const PlayerId mod = test::add_player(*store, "mod");
    REQUIRE(in.decide(g, ReviewState::kCleared, mod, 12000, "fine").is_ok());
    REQUIRE(in.open_case(g, "week", "once more", 13000, &changed).is_ok());
    CHECK_FALSE(changed);
    CHECK(in.state(g) == ReviewState::kCleared);
    c = in.case_of(g);
    CHECK(c->reason == "statistic");
    CHECK(c->note == "fine");
    CHECK(c->decided_at == std::optional<Millis>(12000));
}

TEST_CASE("decide: review to cleared or disqualified, cleared to disqualified, nothing else") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId mod = test::add_player(*store, "mod");
    const PlayerId boss = test::add_player(*store, "boss");
    auto& in = store->integrity();
    const GameRowId a = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-27", 150, 8000);
    const GameRowId b = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 160, 9000);
    const GameRowId c = test::finished_game(*store, ann, GameMode::kDaily, "2026-11-29", 170, 9500);

    // No case: not found (a clean result, a reported one too), and nothing changes.
    CHECK(in.decide(a, ReviewState::kCleared, mod, 10000, "").is_not_found());
    REQUIRE(in.add_report(a, mod, 9900, "too good").is_ok());
    CHECK(in.decide(a, ReviewState::kDisqualified, mod, 10000, "").is_not_found());
    CHECK(in.decide(a + 1000, ReviewState::kCleared, mod, 10000, "").is_not_found());
    CHECK(in.state(a) == ReviewState::kClean);

    bool changed = false;
    for (const GameRowId g : {a, b, c}) {
        REQUIRE(in.open_case(g, "moderator", "look", 10000, &changed).is_ok());
        REQUIRE(changed);
    }
    // From review: not to review or clean.
    CHECK(in.decide(a, ReviewState::kReview, mod, 11000, "").is_conflict());
    CHECK(in.decide(a, ReviewState::kClean, mod, 11000, "").is_conflict());
    CHECK(in.state(a) == ReviewState::kReview);
    CHECK_FALSE(in.case_of(a)->decided_at);

    // review -> cleared, then cleared -> disqualified (overwrites the decision).
    REQUIRE(in.decide(a, ReviewState::kCleared, mod, 11000, "lucky").is_ok());
    auto k = in.case_of(a);
    CHECK(k->state == ReviewState::kCleared);
    CHECK(k->decided_at == std::optional<Millis>(11000));
    CHECK(k->decided_by == std::optional<PlayerId>(mod));
    CHECK(k->note == "lucky");
    CHECK(in.decide(a, ReviewState::kCleared, mod, 11500, "").is_conflict());
    CHECK(in.decide(a, ReviewState::kClean, mod, 11500, "").is_conflict());
    CHECK(in.decide(a, ReviewState::kReview, mod, 11500, "").is_conflict());
    REQUIRE(in.decide(a, ReviewState::kDisqualified, boss, 12000, "linked account").is_ok());
    k = in.case_of(a);
    CHECK(k->state == ReviewState::kDisqualified);
    CHECK(k->decided_at == std::optional<Millis>(12000));
    CHECK(k->decided_by == std::optional<PlayerId>(boss));
    CHECK(k->note == "linked account");
    CHECK(k->reason == "moderator");
    CHECK(k->opened_at == std::optional<Millis>(10000));

    // Disqualified is final.
    for (const auto to : {ReviewState::kClean, ReviewState::kReview, ReviewState::kCleared,
                          ReviewState::kDisqualified}) {
        CHECK(in.decide(a, to, mod, 13000, "undo").is_conflict());
    }
    CHECK(in.state(a) == ReviewState::kDisqualified);
    CHECK(in.case_of(a)->note == "linked account");

    // review -> disqualified directly; review -> cleared and stays.
    REQUIRE(in.decide(b, ReviewState::kDisqualified, mod, 14000, "clairvoyant").is_ok());
    CHECK(in.state(b) == ReviewState::kDisqualified);
    REQUIRE(in.decide(c, ReviewState::kCleared, mod, 15000, "").is_ok());
    CHECK(in.state(c) == ReviewState::kCleared);
    CHECK(store->game(c)->review == ReviewState::kCleared);
    CHECK(in.case_of(c)->note.empty());
}

TEST_CASE("a held result leaves every board, the next best takes its place, cleared it returns") {
    Boards f;
    auto& in = f.store->integrity();
    f.all_of_ann_shown();
    bool changed = false;
    REQUIRE(in.open_case(f.ann_28, "statistic", "", 40000, &changed).is_ok());
    REQUIRE(in.open_case(f.ann_league, "week", "", 40000, &changed).is_ok());

    CHECK(result_ids(f.store->daily_results("2026-11-28")) == std::vector<GameRowId>{f.bob_28});
    CHECK(result_ids(f.store->daily_results("")) == std::vector<GameRowId>{f.ann_29, f.bob_28});
    CHECK(result_ids(f.store->daily_results_of(f.ann)) == std::vector<GameRowId>{f.ann_29});
    // ann's best was the held 200: her 150 takes its place.
    CHECK(best_of(*f.store) ==
          std::map<PlayerId, GameRowId>{{f.ann, f.ann_29}, {f.bob, f.bob_28}});
    CHECK(totals_of(*f.store).at(f.ann) == std::make_pair(1, std::int64_t{150}));
    CHECK(totals_of(*f.store).at(f.bob) == std::make_pair(2, std::int64_t{190}));
    CHECK(league_scores(*f.store, f.league) ==
          std::vector<std::pair<PlayerId, int>>{{f.bob, 90}});
    // The held game itself is still stored, and listed among the player's games.
    CHECK(f.store->game(f.ann_28)->score == 200);
    const auto played = f.store->games_of(f.ann);
    REQUIRE(played.size() == 3);
    for (const auto& p : played) {
        CHECK(p.review == (p.game == f.ann_29 ? ReviewState::kClean : ReviewState::kReview));
    }

    // Cleared: back everywhere, as it was.
    REQUIRE(in.decide(f.ann_28, ReviewState::kCleared, f.bob, 41000, "").is_ok());
    REQUIRE(in.decide(f.ann_league, ReviewState::kCleared, f.bob, 41000, "").is_ok());
    f.all_of_ann_shown();
    const auto day = f.store->daily_results("2026-11-28");
    const auto back = std::find_if(day.begin(), day.end(),
                                   [&](const DailyResult& r) { return r.game == f.ann_28; });
    REQUIRE(back != day.end());
    CHECK(back->finished_at == 10000);
    CHECK(back->score == 200);
    CHECK(back->name == "ann");

    // Disqualified: out for good.
    REQUIRE(in.decide(f.ann_28, ReviewState::kDisqualified, f.bob, 42000, "").is_ok());
    CHECK(result_ids(f.store->daily_results("2026-11-28")) == std::vector<GameRowId>{f.bob_28});
    CHECK(best_of(*f.store).at(f.ann) == f.ann_29);
    CHECK(totals_of(*f.store).at(f.ann) == std::make_pair(2, std::int64_t{270}));
}

TEST_CASE("a banned player's results leave every board and come back on unban") {
    Boards f;
    auto& in = f.store->integrity();
    CHECK_FALSE(in.banned_at(f.ann));
    REQUIRE(in.ban(f.ann, 50000).is_ok());
    CHECK(in.banned_at(f.ann) == std::optional<Millis>(50000));
    CHECK(in.ban(f.ann, 51000).is_conflict());
    CHECK(in.banned_at(f.ann) == std::optional<Millis>(50000));
    CHECK(in.ban(f.bob + 1000, 51000).is_not_found());

    CHECK(result_ids(f.store->daily_results("2026-11-28")) == std::vector<GameRowId>{f.bob_28});
    CHECK(result_ids(f.store->daily_results("")) == std::vector<GameRowId>{f.bob_28});
    CHECK(f.store->daily_results_of(f.ann).empty());
    CHECK(best_of(*f.store) == std::map<PlayerId, GameRowId>{{f.bob, f.bob_28}});
    CHECK(totals_of(*f.store).count(f.ann) == 0);
    CHECK(league_scores(*f.store, f.league) ==
          std::vector<std::pair<PlayerId, int>>{{f.bob, 90}});

    // A result disqualified meanwhile stays out after the unban.
    bool changed = false;
    REQUIRE(in.open_case(f.ann_29, "moderator", "", 52000, &changed).is_ok());
    REQUIRE(in.decide(f.ann_29, ReviewState::kDisqualified, f.bob, 53000, "").is_ok());
    REQUIRE(in.unban(f.ann).is_ok());
    CHECK_FALSE(in.banned_at(f.ann));
    CHECK(in.unban(f.ann).is_not_found());

    CHECK(result_ids(f.store->daily_results("")) == std::vector<GameRowId>{f.ann_28, f.bob_28});
    CHECK(result_ids(f.store->daily_results_of(f.ann)) == std::vector<GameRowId>{f.ann_28});
    CHECK(best_of(*f.store).at(f.ann) == f.ann_28);
    CHECK(totals_of(*f.store).at(f.ann) == std::make_pair(2, std::int64_t{320}));
    CHECK(league_scores(*f.store, f.league) ==
          std::vector<std::pair<PlayerId, int>>{{f.ann, 120}, {f.bob, 90}});
}

TEST_CASE("reports: one a reporter and game, on finished ranked games, listed with open cases") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId bob = test::add_player(*store, "bob");
    const PlayerId cy = test::add_player(*store, "cy");
    auto& in = store->integrity();
    const GameRowId reported =
        test::finished_game(*store, ann, GameMode::kDaily, "2026-11-28", 280, 9000);
    const GameRowId quiet = test::finished_game(*store, bob, GameMode::kDaily, "2026-11-28", 120, 9100);
    const GameRowId held = test::finished_game(*store, cy, GameMode::kDaily, "2026-11-28", 250, 9200);
    const GameRowId practice = test::finished_game(*store, ann, GameMode::kPractice, "", 99, 9300);
    GameRow open = test::game_row(bob, GameMode::kDaily, "2026-11-29");
    REQUIRE(store->create_game(open).is_ok());

    REQUIRE(in.add_report(reported, bob, 10000, "knew the deal").is_ok());
    CHECK(in.add_report(reported, bob, 10500, "again").is_conflict());
    CHECK(in.add_report(practice, bob, 10600, "").is_not_found());
    CHECK(in.add_report(open.id, cy, 10600, "").is_not_found());
    CHECK(in.add_report(reported + 1000, cy, 10600, "").is_not_found());
    CHECK(in.reports_since(bob, 0) == 1);
    REQUIRE(in.add_report(held, bob, 12000, "").is_ok());
    CHECK(in.reports_since(bob, 0) == 2);
    CHECK(in.reports_since(bob, 10001) == 1);
    CHECK(in.reports_since(bob, 12001) == 0);
    CHECK(in.reports_since(cy, 0) == 0);
    CHECK(test::query_text(store->db(),
                           "SELECT reason FROM reports WHERE game_id = " +
                               std::to_string(reported)) == "knew the deal");

    bool changed = false;
    REQUIRE(in.open_case(held, "statistic", "flagged", 13000, &changed).is_ok());
    REQUIRE(in.add_evidence(sample_evidence(held, cy, 9200, 80)).is_ok());

    auto cases = in.open_cases(10);
    std::sort(cases.begin(), cases.end(),
              [](const CaseRow& x, const CaseRow& y) { return x.game < y.game; });
    REQUIRE(cases.size() == 2);  // not the quiet game
    const CaseRow& r = cases[0];
    CHECK(r.game == reported);
    CHECK(r.player == ann);
    CHECK(r.player_name == "ann");
    CHECK(r.mode == GameMode::kDaily);
    CHECK(r.day == "2026-11-28");
    CHECK_FALSE(r.league);
    CHECK(r.ruleset == engine::Ruleset::kSackson);
    CHECK(r.score == 280);
    CHECK_FALSE(r.par);
    CHECK(r.finished_at == 9000);
    CHECK(r.state == ReviewState::kClean);
    CHECK(r.reason.empty());
    CHECK_FALSE(r.opened_at);
    CHECK(r.note.empty());
    CHECK(r.reports == 1);
    CHECK_FALSE(r.evidence);
    const CaseRow& h = cases[1];
    CHECK(h.game == held);
    CHECK(h.state == ReviewState::kReview);
    CHECK(h.reason == "statistic");
    CHECK(h.note == "flagged");
    CHECK(h.opened_at == std::optional<Millis>(13000));
    CHECK(h.reports == 1);
    REQUIRE(h.evidence);
    same_evidence(*h.evidence, sample_evidence(held, cy, 9200, 80));
    CHECK(in.open_cases(1).size() == 1);

    // A second reporter counts; a decided case leaves the list, reported or not.
    REQUIRE(in.add_report(reported, cy, 14000, "").is_ok());
    CHECK(in.case_of(reported)->reports == 2);
    REQUIRE(in.decide(held, ReviewState::kCleared, ann, 15000, "").is_ok());
    cases = in.open_cases(10);
    REQUIRE(cases.size() == 1);
    CHECK(cases[0].game == reported);
    CHECK(cases[0].reports == 2);
    CHECK(in.case_of(quiet)->reports == 0);
    CHECK(in.case_of(quiet)->state == ReviewState::kClean);
    CHECK_FALSE(in.case_of(practice));
}

TEST_CASE("case_of: a league result with its par, its case and its evidence") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    const PlayerId mod = test::add_player(*store, "mod");
    LeagueRow league = integrity_league(ann);
    REQUIRE(store->leagues().create(league).is_ok());
    GameRow row = test::game_row(ann, GameMode::kLeague, "", 5000);
    row.ruleset = engine::Ruleset::kStrict;
    row.league = league.id;
    row.league_round = 2;
    row.league_game = 3;
    REQUIRE(store->create_game(row).is_ok());
    REQUIRE(store->finish_game(row.id, 211, 5, 4, false, 6000).is_ok());
    REQUIRE(store->set_game_par(row.id, 190).is_ok());
    auto& in = store->integrity();
    const Evidence e = sample_evidence(row.id, ann, 6000, 51, engine::Ruleset::kStrict);
    REQUIRE(in.add_evidence(e).is_ok());
    bool changed = false;
    REQUIRE(in.open_case(row.id, "week", "", 7000, &changed).is_ok());
    REQUIRE(in.decide(row.id, ReviewState::kDisqualified, mod, 8000, "seven games").is_ok());

    const auto c = in.case_of(row.id);
    REQUIRE(c);
    CHECK(c->player_name == "ann");
    CHECK(c->mode == GameMode::kLeague);
    CHECK(c->day.empty());
    CHECK(c->league == std::optional<std::int64_t>(league.id));
    CHECK(c->league_round == 2);
    CHECK(c->league_game == 3);
    CHECK(c->ruleset == engine::Ruleset::kStrict);
    CHECK(c->score == 211);
    CHECK(c->par == std::optional<int>(190));
    CHECK(c->finished_at == 6000);
    CHECK(c->state == ReviewState::kDisqualified);
    CHECK(c->reason == "week");
    CHECK(c->opened_at == std::optional<Millis>(7000));
    CHECK(c->decided_at == std::optional<Millis>(8000));
    CHECK(c->decided_by == std::optional<PlayerId>(mod));
    CHECK(c->note == "seven games");
    CHECK(c->reports == 0);
    REQUIRE(c->evidence);
    same_evidence(*c->evidence, e);
    CHECK(in.open_cases(10).empty());  // decided
}

TEST_CASE("linked: other players on the same deal from the same address or browser, earlier") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto& in = store->integrity();
    const PlayerId ann = test::add_player(*store, "ann");
    std::map<std::string, PlayerId> p;
    for (const char* name : {"bob", "cy", "dan", "eve", "fay", "gus", "hal", "ivy"}) {
        p[name] = test::add_player(*store, name);
    }
    const std::string day = "2026-11-28";
    const GameRowId mine = origin_game(*store, ann, GameMode::kDaily, day, 5000, 9000, "A", "B");
    const GameRowId bob = origin_game(*store, p["bob"], GameMode::kDaily, day, 3000, 4000, "A", "X");
    const GameRowId cy = origin_game(*store, p["cy"], GameMode::kDaily, day, 4000, 4500, "Y", "B");
    const GameRowId dan = origin_game(*store, p["dan"], GameMode::kDaily, day, 2000, 2500, "A", "B");
    // Started after ann finished: not linked (unfinished or not).
    origin_game(*store, p["eve"], GameMode::kDaily, day, 9500, 9800, "A", "B");
    origin_game(*store, p["gus"], GameMode::kDaily, day, 9000, std::nullopt, "A", "B");
    // Another day: not the same deal.
    origin_game(*store, p["fay"], GameMode::kDaily, "2026-11-27", 1000, 1500, "A", "B");
    // No origin: nulls never match.
    origin_game(*store, p["hal"], GameMode::kDaily, day, 1000, 1200, std::nullopt, std::nullopt);
    // The same player on another mode, from the same place: not the same deal.
    origin_game(*store, ann, GameMode::kPractice, "", 1000, 1100, "A", "B");

    const auto links = in.linked(mine);
    REQUIRE(links.size() == 3);  // by start; not ann's own game
    CHECK(links[0].game == dan);
    CHECK(links[0].player == p["dan"]);
    CHECK(links[0].name == "dan");
    CHECK(links[0].via == "address");  // both match
    CHECK(links[0].started_at == 2000);
    CHECK(links[1].game == bob);
    CHECK(links[1].via == "address");
    CHECK(links[2].game == cy);
    CHECK(links[2].via == "browser");
    CHECK(links[2].started_at == 4000);

    // Seen from bob's game (finished at 4000): only dan started before; ann started later.
    const auto from_bob = in.linked(bob);
    REQUIRE(from_bob.size() == 1);
    CHECK(from_bob[0].game == dan);
    CHECK(from_bob[0].via == "address");
    // A game with no origin stored has no links; a game nobody shares has none.
    const GameRowId nowhere =
        origin_game(*store, p["ivy"], GameMode::kDaily, day, 8000, 8500, std::nullopt, std::nullopt);
    CHECK(in.linked(nowhere).empty());
    // Unfinished: until its start.
    GameRow late = test::game_row(p["ivy"], GameMode::kDaily, "2026-11-30", 6000);
    late.origin_browser = "B";
    REQUIRE(store->create_game(late).is_ok());
    origin_game(*store, p["bob"], GameMode::kDaily, "2026-11-30", 5000, std::nullopt, "Q", "B");
    origin_game(*store, p["cy"], GameMode::kDaily, "2026-11-30", 7000, std::nullopt, "Q", "B");
    const auto open_links = in.linked(late.id);
    REQUIRE(open_links.size() == 1);
    CHECK(open_links[0].player == p["bob"]);
    CHECK(open_links[0].via == "browser");

    // League: the same league, round and game only.
    LeagueRow league = integrity_league(ann);
    REQUIRE(store->leagues().create(league).is_ok());
    const GameRowId lg = origin_game(*store, ann, GameMode::kLeague, "", 20000, 21000, "L", "M",
                                     league.id, 1, 1);
    const GameRowId gus = origin_game(*store, p["gus"], GameMode::kLeague, "", 19000, 19500, "Z",
                                      "M", league.id, 1, 1);
    origin_game(*store, p["hal"], GameMode::kLeague, "", 19000, 19500, "L", "M", league.id, 1, 2);
    origin_game(*store, p["ivy"], GameMode::kLeague, "", 19000, 19500, "L", "M", league.id, 2, 1);
    origin_game(*store, p["dan"], GameMode::kDaily, "2026-11-26", 19000, 19500, "L", "M");
    const auto league_links = in.linked(lg);
    REQUIRE(league_links.size() == 1);
    CHECK(league_links[0].game == gus);
    CHECK(league_links[0].via == "browser");
}

TEST_CASE("origins and the review state are read back with the game") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    GameRow row = test::game_row(ann, GameMode::kDaily, "2026-11-28");
    row.origin_address = "k1:9f86d081884c7d65";
    row.origin_browser = "k1:browser-hash";
    REQUIRE(store->create_game(row).is_ok());
    auto got = store->game(row.id);
    REQUIRE(got);
    CHECK(got->origin_address == row.origin_address);
    CHECK(got->origin_browser == std::optional<std::string>("k1:browser-hash"));
    CHECK(got->review == ReviewState::kClean);
    const auto attempt = store->daily_attempt(ann, "2026-11-28");
    REQUIRE(attempt);
    CHECK(attempt->origin_browser == row.origin_browser);
    const auto unfinished = store->unfinished_ranked_games();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].origin_address == row.origin_address);

    GameRow only_browser = test::game_row(ann, GameMode::kDaily, "2026-11-29");
    only_browser.origin_browser = "b";
    REQUIRE(store->create_game(only_browser).is_ok());
    got = store->game(only_browser.id);
    CHECK_FALSE(got->origin_address);
    CHECK(got->origin_browser == std::optional<std::string>("b"));

    GameRow saved = test::game_row(std::nullopt, GameMode::kPractice);
    saved.finished_at = 7000;
    saved.origin_address = "p-address";
    REQUIRE(store->save_finished_game(saved).is_ok());
    got = store->game(saved.id);
    CHECK(got->origin_address == std::optional<std::string>("p-address"));
    CHECK_FALSE(got->origin_browser);

    REQUIRE(store->finish_game(row.id, 180, 3, 3, false, 8000).is_ok());
    bool changed = false;
    REQUIRE(store->integrity().open_case(row.id, "moderator", "", 9000, &changed).is_ok());
    CHECK(store->game(row.id)->review == ReviewState::kReview);
    CHECK(store->daily_attempt(ann, "2026-11-28")->review == ReviewState::kReview);
    CHECK(store->games_of(ann).at(0).review == ReviewState::kReview);
}

TEST_CASE("review states by name") {
    for (const auto s : {ReviewState::kClean, ReviewState::kReview, ReviewState::kCleared,
                         ReviewState::kDisqualified}) {
        CHECK(parse_review_state(review_state_name(s)) == s);
    }
    CHECK(std::string(review_state_name(ReviewState::kDisqualified)) == "disqualified");
    CHECK_FALSE(parse_review_state("banned"));
    CHECK(on_boards(ReviewState::kClean));
    CHECK(on_boards(ReviewState::kCleared));
    CHECK_FALSE(on_boards(ReviewState::kReview));
    CHECK_FALSE(on_boards(ReviewState::kDisqualified));
}

TEST_CASE("guest_of: the guest whose ranked identity the player is") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    const PlayerId ann = test::add_player(*store, "ann");
    REQUIRE(store->create_guest(41, "guest-token-hash", 1000).is_ok());
    GuestPlayer gp;
    REQUIRE(ensure_guest_player(*store, 41, {"guest-abcd"}, "nobody-knows", 1100, &gp).is_ok());
    CHECK(store->integrity().guest_of(gp.player.id) == std::optional<std::int64_t>(41));
    CHECK_FALSE(store->integrity().guest_of(ann));
}

// The database of a server at schema version 10, with a player, a finished daily game and a
// league game, made by the migrations as released.
std::unique_ptr<Database> version_10(const TempDir& dir) {
    Status st;
    std::unique_ptr<Database> db;
    if (test::testing_postgres()) {
        db = PgDatabase::open(dir.db(), &st);
    } else {
        db = SqliteDatabase::open(dir.file(), &st);
    }
    INFO(st.message());
    REQUIRE(db);
    const auto migrations = migrations_for(db->dialect());
    REQUIRE(migrations.size() >= 11);
    for (int i = 0; i < 10; ++i) {
        REQUIRE(db->exec(migrations[static_cast<std::size_t>(i)]).is_ok());
        REQUIRE(db->set_schema_version(i + 1).is_ok());
    }
    return db;
}

TEST_CASE("a database of schema version 10 is migrated with its rows, every result clean") {
    TempDir dir;
    {
        auto db = version_10(dir);
        Status st;
        Statement player = db->prepare(
            "INSERT INTO players (id, name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            &st);
        REQUIRE(st.is_ok());
        const std::string token = "old-token";
        player.bind(1, 3).bind(2, "Ann").bind(3, "ann").bind_blob(4, token.data(), token.size());
        REQUIRE(player.bind(5, 100).run().is_ok());
        Statement game = db->prepare(
            "INSERT INTO games (id, player_id, mode, ruleset, seed, day, started_at, finished_at, "
            "score) VALUES (?, ?, ?, 'sackson', ?, ?, ?, ?, ?)",
            &st);
        REQUIRE(st.is_ok());
        const std::string seed(32, '\x07');
        game.bind(1, 7).bind(2, 3).bind(3, "daily").bind_blob(4, seed.data(), seed.size());
        REQUIRE(game.bind(5, "2026-11-28").bind(6, 200).bind(7, 300).bind(8, 187).run().is_ok());
        game.bind(1, 8).bind(2, 3).bind(3, "league").bind_blob(4, seed.data(), seed.size());
        REQUIRE(game.bind_null(5).bind(6, 400).bind(7, 500).bind(8, 150).run().is_ok());
        REQUIRE(db->exec("INSERT INTO moderators (player_id, granted_at) VALUES (3, 50)").is_ok());
        REQUIRE(db->schema_version(&st) == 10);
    }
    auto store = test::open_store(dir.db());
    Status st;
    CHECK(store->db().schema_version(&st) == static_cast<int>(migrations_for(store->db().dialect()).size()));
    const auto game = store->game(7);
    REQUIRE(game);
    CHECK(game->score == 187);
    CHECK(game->review == ReviewState::kClean);
    CHECK_FALSE(game->origin_address);
    CHECK_FALSE(game->origin_browser);
    CHECK(store->game(8)->review == ReviewState::kClean);
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM games WHERE review = 'clean'") == "2");
    CHECK(store->daily_results("2026-11-28").size() == 1);
    CHECK(store->best_ranked_games().size() == 1);
    CHECK(store->best_ranked_games()[0].game == 7);
    CHECK(store->player_by_token("old-token")->name == "Ann");
    CHECK_FALSE(store->integrity().banned_at(3));
    CHECK(store->integrity().state(7) == ReviewState::kClean);
    CHECK(store->moderation().is_moderator(3));
    // The new tables are there and work.
    const auto pending = store->integrity().unanalysed(10);
    REQUIRE(pending.size() == 2);
    CHECK(pending[0].game == 7);
    REQUIRE(store->integrity().add_evidence(sample_evidence(7, 3, 300, 3)).is_ok());
    CHECK(store->integrity().evidence(7)->guard_var == 1.0 / 3.0);
}

TEST_CASE("schema 11 on PostgreSQL: doubles, a boolean flag and bigint times", "[postgres]") {
    TempDir dir;
    auto store = test::open_store(dir.db());
    auto type = [&](const std::string& table, const std::string& column) {
        return test::query_text(store->db(),
                                "SELECT data_type FROM information_schema.columns WHERE "
                                "table_name = '" + table + "' AND column_name = '" + column + "'");
    };
    CHECK(type("integrity_evidence", "llr") == "double precision");
    CHECK(type("integrity_evidence", "flagged") == "boolean");
    CHECK(type("integrity_evidence", "finished_at") == "bigint");
    CHECK(type("players", "banned_at") == "bigint");
    CHECK(type("games", "review") == "text");
    CHECK(type("review_cases", "decided_by") == "bigint");
    CHECK(type("reports", "at") == "bigint");
}

}  // namespace integrity_test

namespace integrity_test {

TEST_CASE("a SQLite database copied to PostgreSQL keeps schema 11's rows, doubles exactly",
          "[postgres]") {
    TempDir dir;
    auto sqlite = test::open_store("sqlite:" + dir.file());
    const PlayerId ann = test::add_player(*sqlite, "ann");
    const PlayerId bob = test::add_player(*sqlite, "bob");
    const GameRowId held = origin_game(*sqlite, ann, GameMode::kDaily, "2026-11-28", 5000, 9000,
                                       "addr-1", "browser-1");
    const GameRowId clean = test::finished_game(*sqlite, bob, GameMode::kDaily, "2026-11-28", 120, 9500);
    auto& from = sqlite->integrity();
    const Evidence e = sample_evidence(held, ann, 9000, 69.50000000000001);
    REQUIRE(from.add_evidence(e).is_ok());
    bool changed = false;
    REQUIRE(from.open_case(held, "statistic", "flagged", 10000, &changed).is_ok());
    REQUIRE(from.decide(held, ReviewState::kCleared, bob, 11000, "fine").is_ok());
    REQUIRE(from.add_report(clean, ann, 12000, "odd").is_ok());
    REQUIRE(from.ban(bob, 13000).is_ok());

    auto pg = test::open_store(dir.db());
    CopyCounts counts;
    REQUIRE(copy_database(*sqlite, *pg, &counts).is_ok());
    CHECK(counts["integrity_evidence"] == 1);
    CHECK(counts["review_cases"] == 1);
    CHECK(counts["reports"] == 1);

    auto& to = pg->integrity();
    const auto got = to.evidence(held);
    REQUIRE(got);
    same_evidence(*got, e);
    const auto game = pg->game(held);
    REQUIRE(game);
    CHECK(game->origin_address == std::optional<std::string>("addr-1"));
    CHECK(game->origin_browser == std::optional<std::string>("browser-1"));
    CHECK(game->review == ReviewState::kCleared);
    const auto c = to.case_of(held);
    REQUIRE(c);
    CHECK(c->reason == "statistic");
    CHECK(c->note == "fine");
    CHECK(c->opened_at == std::optional<Millis>(10000));
    CHECK(c->decided_at == std::optional<Millis>(11000));
    CHECK(c->decided_by == std::optional<PlayerId>(bob));
    CHECK(to.case_of(clean)->reports == 1);
    CHECK(to.reports_since(ann, 0) == 1);
    CHECK(to.banned_at(bob) == std::optional<Millis>(13000));
    CHECK_FALSE(to.banned_at(ann));
    CHECK(result_ids(pg->daily_results("2026-11-28")) == std::vector<GameRowId>{held});
}

}  // namespace integrity_test
