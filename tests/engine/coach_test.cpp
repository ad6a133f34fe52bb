// The coach (engine/coach.hpp): it offers exactly the legal actions and the stop, its top hint
// is always accepted and whole games end at most at par; two games that differ only in cards
// the player has not seen (the face-down cards of the rack in play, the deals to come) get
// identical views and identical hints, from the exact search and from the sampling fallback;
// the exact search agrees with a plain expectimax over every order of the face-down cards.
#include "engine/coach.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

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
