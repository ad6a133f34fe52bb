// The par solver (engine/par.hpp) against independent brute force that knows only engine::Game:
// every action sequence of a game (each legal play and a stop, at every turn) walked
// exhaustively, positions merged only when everything that decides the rest of the game is equal
// (rack, ball, and the rolls of the frames not yet totalled: see brute_best).
// Checked: each rack's rolls; par on truncated games (hand-made racks with no play at all in
// most frames), on whole real games, and on the ends of real games (from frame 9 or 10, every
// pending bonus); the best line replays to exactly par on many seeds under both rulesets; par
// beats every game a greedy or random player makes; the documented example of docs/rules.md
// ("Par and the coach").
#include "engine/par.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/record.hpp"
#include "engine/view.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// No legal play on either ball (8H 5H AS, then 2S 2H 5S have no first play on these pins).
constexpr const char* kDead = "4H 10S 6H 10H 3S 7H 9S AH 7S 8S | 8H 2S / 5H 2H / AS 5S";

Seed seed_of(const std::string& name) { return sha256("par-test-" + name); }

// The whole state of a Game that decides what can still happen: the rack, the ball, and every
// roll from `first_roll` on.
std::string state_key(const Game& g, int first_roll = 0) {
    std::string k;
    k += static_cast<char>(g.deal_index());
    k += static_cast<char>(g.second_ball_on_rack());
    k += static_cast<char>(g.rack().standing() & 0xFF);
    k += static_cast<char>(g.rack().standing() >> 8);
    for (int p = 0; p < kPileCount; ++p) k += static_cast<char>(g.rack().top_index(p));
    k += static_cast<char>(g.pins_this_ball());
    for (int i = first_roll; i < g.sheet().roll_count(); ++i) k += static_cast<char>(g.sheet().roll(i));
    return k;
}

// Every action accepted in g's position: each legal play, and a stop.
std::vector<Action> moves(const Game& g) {
    std::vector<Action> out;
    for (const Play& p : list_plays(g.legal())) out.push_back(play_action(p.pile, p.pins));
    out.push_back(Action::stop());
    return out;
}

// The best final score from g over every sequence of actions. A frame whose total the sheet
// knows (ScoreSheet::frame_total) can no longer change, so the memo keys on the rolls after the
// last such frame and keeps the points still to come beyond its total.
int brute_best(const Game& g, std::unordered_map<std::string, int>& memo) {
    if (g.over()) return g.score();
    const ScoreSheet& sheet = g.sheet();
    int known = sheet.frame() - 1;
    while (known > 0 && !sheet.frame_total(known)) --known;
    const int settled = known > 0 ? *sheet.frame_total(known) : 0;
    const std::string key = state_key(g, sheet.frame_start(known + 1));
    if (const auto it = memo.find(key); it != memo.end()) return settled + it->second;
    int best = -1;
    for (const Action& a : moves(g)) {
        Game next = g;
        if (next.apply(a)) FAIL("refused " << action_text(a));
        best = std::max(best, brute_best(next, memo));
    }
    memo.emplace(key, best - settled);
    return best;
}

// The rolls frame 1 can give on deal, walking the Game until frame 2 starts.
void brute_rolls(const Game& g, std::map<std::string, bool>& seen, RackOutcomes& out) {
    if (g.over() || g.frame() > 1) {
        const int r1 = g.sheet().roll(0);
        out.second[r1] |= static_cast<std::uint16_t>(1u << (r1 == 10 ? 0 : g.sheet().roll(1)));
        return;
    }
    if (!seen.emplace(state_key(g), true).second) return;
    for (const Action& a : moves(g)) {
        Game next = g;
        REQUIRE_FALSE(next.apply(a));
        brute_rolls(next, seen, out);
    }
}

RackOutcomes brute_outcomes(Ruleset r, const Deal& deal) {
    RackOutcomes out;
    std::map<std::string, bool> seen;
    brute_rolls(game_on(r, deal_set({deal})), seen, out);
    return out;
}

// Replays line on deals; returns the final score, or -1 when an action is refused or the game
// does not end with the line's last action.
int replay_score(Ruleset r, const DealSet& deals, const std::vector<Action>& line) {
    Game g = game_on(r, deals);
    for (const Action& a : line) {
        if (g.over() || g.apply(a)) return -1;
    }
    return g.over() && !g.resigned() ? g.score() : -1;
}

// Most pins per play, ties to the lowest pile and group; never stops.
int greedy_score(Ruleset r, const Seed& seed) {
    Game g(r, seed);
    while (!g.over()) {
        const auto plays = list_plays(g.legal());
        const Play* best = &plays.front();
        for (const Play& p : plays) {
            if (pin_count(p.pins) > pin_count(best->pins)) best = &p;
        }
        REQUIRE_FALSE(g.apply(play_action(best->pile, best->pins)));
    }
    return g.score();
}

// A random legal play, or a stop one time in eight.
int random_score(Ruleset r, const Seed& seed, std::uint64_t state) {
    Game g(r, seed);
    while (!g.over()) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const auto plays = list_plays(g.legal());
        const auto roll = static_cast<std::size_t>(state >> 33);
        const Action a = roll % 8 == 0 ? Action::stop()
                                       : play_action(plays[roll % plays.size()].pile,
                                                     plays[roll % plays.size()].pins);
        REQUIRE_FALSE(g.apply(a));
    }
    return g.score();
}

// The pending bonus at the start of frame f, read from the marks of the sheet.
Bonus bonus_from_marks(const ScoreSheet& sheet, int f) {
    if (f == 1) return Bonus::kNone;
    const std::string last = sheet.marks(f - 1);
    if (last == "X") return f > 2 && sheet.marks(f - 2) == "X" ? Bonus::kDouble : Bonus::kStrike;
    return last.size() == 2 && last[1] == '/' ? Bonus::kSpare : Bonus::kNone;
}

}  // namespace

TEST_CASE("each rack's rolls are exactly those an exhaustive walk of the game finds", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    RackSolver solver;
    std::vector<Deal> deals = {deal_of(kStrike), deal_of(kSpare), deal_of(kPileOut),
                               deal_of(kNoFirstPlay), deal_of(kDead)};
    for (int i = 0; i < 150; ++i) deals.push_back(deal_from_seed(seed_of("racks"), i));
    int strikes = 0;
    for (const Deal& d : deals) {
        solver.load(d, r);
        const RackOutcomes solved = solver.outcomes();
        INFO(deal_text(d) << " " << ruleset_name(r));
        CHECK(solved == brute_outcomes(r, d));
        strikes += solved.possible(10, 0);
    }
    CHECK(strikes >= 2);  // kStrike, and random racks give some
    solver.load(deal_of(kDead), r);
    RackOutcomes nothing;
    nothing.second[0] = 1;
    CHECK(solver.outcomes() == nothing);
}

TEST_CASE("hand-made games: strikes everywhere make 300, dead racks 0", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    const DealSet strikes = deal_set({deal_of(kStrike)});
    const ParResult best = solve_par(r, strikes);
    CHECK(best.par == 300);
    CHECK(replay_score(r, strikes, best.line) == 300);
    const ParResult none = solve_par(r, deal_set({deal_of(kDead)}));
    CHECK(none.par == 0);
    CHECK(none.line.empty());
}

TEST_CASE("truncated games: par equals the exhaustive search of the whole game", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    const Deal dead = deal_of(kDead);
    // Rich racks in a few frames, every other rack dead, so every action sequence can be walked.
    const std::vector<std::vector<int>> layouts = {{0, 1}, {0, 4}, {8},       {9, 10, 11},
                                                   {7, 9}, {8, 9}, {0, 1, 2}, {6, 8, 9, 10}};
    for (std::size_t l = 0; l < layouts.size(); ++l) {
        for (int s = 0; s < 6; ++s) {
            DealSet deals;
            deals.fill(dead);
            for (const int k : layouts[l]) {
                deals[k] = deal_from_seed(seed_of("trunc-" + std::to_string(s)), k);
            }
            std::unordered_map<std::string, int> memo;
            const int brute = brute_best(game_on(r, deals), memo);
            const ParResult solved = solve_par(r, deals);
            INFO("layout " << l << " seed " << s << " " << ruleset_name(r));
            CHECK(solved.par == brute);
            CHECK(replay_score(r, deals, solved.line) == brute);
        }
    }
}

TEST_CASE("whole real games: par equals the exhaustive search", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    int best_seen = 0;
    for (int i = 0; i < 60; ++i) {
        const Seed seed = seed_of("whole-" + std::to_string(i));
        std::unordered_map<std::string, int> memo;
        const int brute = brute_best(Game(r, seed), memo);
        INFO("seed " << i << " " << ruleset_name(r));
        CHECK(solve_par(r, deal_all(seed)).par == brute);
        best_seen = std::max(best_seen, brute);
    }
    CHECK(best_seen > 150);  // real deals, not dead racks
}

TEST_CASE("the end of real games: frames 9-10 and every pending bonus", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    std::array<int, kBonusStates> bonuses_seen{};
    for (int i = 0; i < 24; ++i) {
        const Seed seed = seed_of("end-" + std::to_string(i));
        const DealSet deals = deal_all(seed);
        ParSolver solver;
        const auto racks = solver.outcomes(r, deals);
        const ParTable table = par_table(racks);
        // Positions at the start of frame `from`, reached by the par line or by stopping at once.
        for (const int from : {10, 9}) {
            if (from == 9 && i % 3 != 0) continue;  // frame 9 onward is the slow walk
            for (const bool follow_par : {true, false}) {
                Game g = game_on(r, deals);
                const auto line = solver.solve(r, deals).line;
                for (std::size_t a = 0; g.frame() < from; ++a) {
                    REQUIRE_FALSE(g.apply(follow_par ? line.at(a) : Action::stop()));
                }
                REQUIRE(g.frame() == from);
                REQUIRE(g.deal_index() == from - 1);
                const Bonus b = bonus_from_marks(g.sheet(), from);
                ++bonuses_seen[static_cast<int>(b)];
                std::unordered_map<std::string, int> memo;
                INFO("seed " << i << " from frame " << from << " " << ruleset_name(r));
                CHECK(brute_best(g, memo) ==
                      g.score() + table.value[from - 1][static_cast<int>(b)]);
            }
        }
    }
    // The par line and the stops reach every pending bonus at frame 9 or 10.
    for (int b = 0; b < kBonusStates; ++b) {
        INFO("bonus state " << b << " " << ruleset_name(r));
        CHECK(bonuses_seen[b] > 0);
    }
}

TEST_CASE("the best line replays to par, par beats greedy and random play", "[par]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    ParSolver solver;
    long greedy_total = 0, par_total = 0;
    for (int i = 0; i < 300; ++i) {
        const Seed seed = seed_of("line-" + std::to_string(i));
        const ParResult best = solver.solve(r, deal_all(seed));
        INFO("seed " << i << " " << ruleset_name(r));
        const ReplayResult replayed = replay(par_record(r, seed, best));
        REQUIRE(replayed.ok());
        CHECK(replayed.game.over());
        CHECK_FALSE(replayed.game.resigned());
        CHECK(replayed.game.score() == best.par);
        CHECK(best.par <= 300);
        const int greedy = greedy_score(r, seed);
        CHECK(greedy <= best.par);
        for (std::uint64_t k = 0; k < 3; ++k) CHECK(random_score(r, seed, i * 7 + k) <= best.par);
        greedy_total += greedy;
        par_total += best.par;
        // The record text round-trips and replays the same way.
        const auto parsed = parse_record(record_text(par_record(r, seed, best)));
        REQUIRE(parsed);
        CHECK(replay(*parsed).game.score() == best.par);
    }
    CHECK(par_total > greedy_total);
}

TEST_CASE("solve_par(seed) solves the seed's deals", "[par]") {
    const Seed seed = seed_of("seed");
    const ParResult a = solve_par(Ruleset::kSackson, seed);
    const ParResult b = solve_par(Ruleset::kSackson, deal_all(seed));
    CHECK(a.par == b.par);
    CHECK(a.line == b.line);
}

TEST_CASE("the documented example: the zero seed's par", "[par]") {
    // docs/rules.md, "Par and the coach".
    const Seed zero{};
    const ParResult sackson = solve_par(Ruleset::kSackson, zero);
    const ParResult strict = solve_par(Ruleset::kStrict, zero);
    CHECK(sackson.par == 208);
    CHECK(strict.par == 140);
    CHECK(replay(par_record(Ruleset::kSackson, zero, sackson)).game.score() == 208);
    CHECK(replay(par_record(Ruleset::kStrict, zero, strict)).game.score() == 140);
}
