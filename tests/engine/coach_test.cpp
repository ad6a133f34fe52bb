// The coach (engine/coach.hpp): it offers exactly the legal actions and the stop, its top hint
// is always accepted and whole games end at most at par; two games that differ only in cards
// the player has not seen (the face-down cards of the rack in play, the deals to come) get
// identical views and identical hints, from the exact search and from the sampling fallback;
// the exact search agrees with a plain expectimax over every order of the face-down cards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <string>
#include <utility>
#include <vector>

#include "engine/coach.hpp"
#include "engine/par.hpp"
#include "engine/view.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

Seed coach_seed(int i) { return sha256("coach-test-" + std::to_string(i)); }

// The deals of seed with the face-down cards of game's rack rotated among their places and every
// later deal taken from another seed: what the player has seen stays the same.
DealSet hidden_variant(const Game& game, const Seed& seed) {
    DealSet deals = deal_all(seed);
    const int k = game.deal_index();
    std::vector<int> slots;
    for (int p = 0; p < kPileCount; ++p) {
        for (int i = game.rack().top_index(p) + 1; i < kPileSize[p]; ++i) {
            slots.push_back(kPileOffset[p] + i);
        }
    }
    Deal& d = deals[k];
    if (slots.size() > 1) {
        const Card first = d.balls[slots.front()];
        for (std::size_t i = 0; i + 1 < slots.size(); ++i)
            d.balls[slots[i]] = d.balls[slots[i + 1]];
        d.balls[slots.back()] = first;
    }
    const DealSet other = deal_all(sha256("coach-test-other"));
    for (int j = k + 1; j < kMaxDeals; ++j) deals[j] = other[j];
    return deals;
}

void check_same_hints(const std::vector<Hint>& a, const std::vector<Hint>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].action == b[i].action);
        CHECK(a[i].expected == b[i].expected);
    }
}

}  // namespace

TEST_CASE("the coach offers the legal actions and plays whole games legally", "[coach]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    for (int i = 0; i < 4; ++i) {
        const Seed seed = coach_seed(i);
        Game game(r, seed);
        Coach coach;
        while (!game.over()) {
            const std::vector<Hint> hints = coach.hints(coach_view_of(game));
            INFO("seed " << i << " " << ruleset_name(r) << " after " << game.actions().size());
            REQUIRE(hints.size() == list_plays(game.legal()).size() + 1);
            for (std::size_t h = 0; h < hints.size(); ++h) {
                Game copy = game;
                CHECK_FALSE(copy.apply(hints[h].action));
                CHECK(hints[h].expected >= game.score() - 1e-9);
                CHECK(hints[h].expected <= 300 + 1e-9);
                if (h) CHECK(hints[h].expected <= hints[h - 1].expected);
            }
            REQUIRE_FALSE(game.apply(hints.front().action));
        }
        CHECK(game.score() <= solve_par(r, seed).par);
    }
}

TEST_CASE("hints depend only on what the player has seen", "[coach]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    // The default budget (exact search on most positions), and one so small that most hints
    // come from the sampling fallback.
    const std::size_t budget = GENERATE(std::size_t{1} << 17, std::size_t{50});
    int compared = 0, differing_deals = 0, exact = 0;
    for (int i = 0; i < 3; ++i) {
        const Seed seed = coach_seed(100 + i);
        Game game(r, seed);
        Coach player;
        for (int turn = 0; !game.over(); ++turn) {
            if (turn % 4 == 0) {
                const DealSet variant = hidden_variant(game, seed);
                Game other(r, seed, variant);
                for (const Action& a : game.actions()) REQUIRE_FALSE(other.apply(a));
                differing_deals += !(other.rack().deal() == game.rack().deal());
                INFO("seed " << i << " turn " << turn << " budget " << budget);
                REQUIRE(coach_view_of(other) == coach_view_of(game));
                Coach a(budget), b(budget);
                const auto ha = a.hints(coach_view_of(game));
                const auto hb = b.hints(coach_view_of(other));
                CHECK(a.last_exact() == b.last_exact());
                exact += a.last_exact();
                check_same_hints(ha, hb);
                ++compared;
            }
            REQUIRE_FALSE(game.apply(player.hints(coach_view_of(game)).front().action));
        }
    }
    CHECK(compared > 20);
    // Late in a rack a search may fit even the small budget; early ones never do.
    CHECK((budget > 50 ? exact > compared / 2 : exact < compared / 2));
    CHECK(differing_deals > 10);
}

TEST_CASE("the coach's table of expected future points is plausible", "[coach]") {
    for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
        const FutureTable& t = future_table(r);
        INFO(ruleset_name(r));
        CHECK(t.first_ball > 3);
        CHECK(t.first_ball < 10);
        for (int f = 1; f < kFrames; ++f) {
            CHECK(t.frames[f - 1][0] > t.frames[f][0]);
            if (f > 1) CHECK(t.frames[f - 1][3] > t.frames[f - 1][2]);
            if (f > 1) CHECK(t.frames[f - 1][2] > t.frames[f - 1][1]);
        }
        CHECK(t.frames[0][0] > 100);
        CHECK(t.frames[0][0] < 300);
    }
}

namespace {

// An independent expectimax for positions late in frames 1-9: the games consistent with what the
// player has seen (every order of the face-down cards), played through engine::Game, split by
// what each action lets the player see next; a rack's end is worth the coach's goal for its rolls.
struct Naive {
    static constexpr long kMaxNodes = 200000;
    RackGoal goal;
    int frame = 0;
    long nodes = 0;

    double end_value(const Game& g) const {
        const ScoreSheet& s = g.sheet();
        const int start = s.frame_start(frame);
        const int r1 = s.roll(start);
        const int r2 = r1 == 10 ? 0 : s.roll(start + 1);
        return goal.end[r1][r2];
    }
    double value(const std::vector<Game>& games) {
        if (++nodes > kMaxNodes) return 0;  // too big to walk here: the caller skips the position
        if (games[0].over() || games[0].frame() != frame) return end_value(games[0]);
        double best = -1;
        for (const Action& a : actions_of(games[0])) best = std::max(best, action_value(games, a));
        return best;
    }
    double action_value(const std::vector<Game>& games, const Action& a) {
        std::vector<std::pair<CoachView, std::vector<Game>>> seen;
        for (const Game& g : games) {
            Game next = g;
            REQUIRE_FALSE(next.apply(a));
            const CoachView v = coach_view_of(next);
            auto it =
                std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == v; });
            if (it == seen.end()) {
                seen.push_back({v, {}});
                it = seen.end() - 1;
            }
            it->second.push_back(next);
        }
        double sum = 0;
        for (const auto& [view, group] : seen) sum += value(group) * group.size();
        return sum / static_cast<double>(games.size());
    }
    static std::vector<Action> actions_of(const Game& g) {
        std::vector<Action> out;
        for (const Play& p : list_plays(g.legal())) out.push_back(play_action(p.pile, p.pins));
        out.push_back(Action::stop());
        return out;
    }
};

// Every game on seed's deals with the face-down cards of game's rack in any order, replayed.
std::vector<Game> consistent_games(const Game& game, const Seed& seed) {
    const DealSet deals = deal_all(seed);
    const int k = game.deal_index();
    std::vector<int> slots;
    for (int p = 0; p < kPileCount; ++p) {
        for (int i = game.rack().top_index(p) + 1; i < kPileSize[p]; ++i) {
            slots.push_back(kPileOffset[p] + i);
        }
    }
    std::vector<Card> cards;
    for (const int s : slots) cards.push_back(deals[k].balls[s]);
    std::sort(cards.begin(), cards.end());
    std::vector<Game> out;
    do {
        DealSet d = deals;
        for (std::size_t i = 0; i < slots.size(); ++i) d[k].balls[slots[i]] = cards[i];
        Game g(game.ruleset(), seed, d);
        for (const Action& a : game.actions()) REQUIRE_FALSE(g.apply(a));
        out.push_back(g);
    } while (std::next_permutation(cards.begin(), cards.end()));
    return out;
}

}  // namespace

TEST_CASE("the exact search equals a plain expectimax over the orders of the face-down cards",
          "[coach]") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    int checked = 0;
    for (int i = 0; i < 6; ++i) {
        const Seed seed = coach_seed(200 + i);
        Game game(r, seed);
        Coach player;
        while (!game.over()) {
            const CoachView view = coach_view_of(game);
            const int hidden = std::popcount(view.rack.unseen);
            if (view.frame < kFrames && hidden >= 2 && hidden <= 4) {
                Naive naive{Coach::goal_of(view, future_table(r)), view.frame};
                const std::vector<Game> games = consistent_games(game, seed);
                Coach coach;
                const std::vector<Hint> hints = coach.hints(view);
                REQUIRE(coach.last_exact());
                bool small = true;
                for (const Hint& h : hints) {
                    const double expected = naive.action_value(games, h.action);
                    small = small && naive.nodes <= Naive::kMaxNodes;
                    if (!small) break;
                    INFO("seed " << i << " " << ruleset_name(r) << " frame " << view.frame << " "
                                 << action_text(h.action));
                    CHECK(expected == Approx(h.expected).epsilon(1e-9));
                }
                checked += small;
            }
            REQUIRE_FALSE(game.apply(player.hints(coach_view_of(game)).front().action));
        }
    }
    CHECK(checked >= 10);
}
