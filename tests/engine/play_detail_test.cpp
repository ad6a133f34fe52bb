// engine::explain_play: the detail of every kind of refused play on a hand-made rack, from a
// table (rule, pile, card and the rule's own members), and on random plays of seeded games
// that its code is always the error Game::apply gives (nullopt exactly when apply accepts).
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "engine/play_detail.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// Pin p holds rank p (of hearts); piles 3S 5S .. / 9S .. / AS 2S.
constexpr const char* kDeal = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H | 3S 5S / 9S / AS 2S";

struct DetailCase {
    const char* what;
    Ruleset ruleset;
    std::vector<Action> setup;
    Action bad;
    PlayDetail expected;  // pins: filled from `bad` by the test
};

PlayDetail want(ErrorCode code, PlayRule rule, std::optional<int> pile, const char* card_name) {
    PlayDetail d;
    d.code = code;
    d.rule = rule;
    d.pile = pile;
    d.card = card_name ? card(card_name) : kNoCard;
    return d;
}

PlayDetail refusing(PlayDetail d, std::vector<int> offending) {
    d.offending = std::move(offending);
    return d;
}

PlayDetail summing(PlayDetail d, std::vector<const char*> cards, int sum, int value) {
    for (const char* n : cards) d.pin_cards.push_back(card(n));
    d.sum = sum;
    d.value = value;
    return d;
}

const std::vector<DetailCase>& cases() {
    using E = ErrorCode;
    using R = PlayRule;
    const auto S = Ruleset::kSackson;
    const Action headpin = play(3, {1});  // AS takes pin 1
    PlayDetail apart = want(E::kNotConnected, R::kShape, 1, "3S");
    apart.apart = {{3, 10}};
    PlayDetail strict = want(E::kNotAdjacent, R::kShape, 2, "9S");
    strict.apart = {{3, 4}};
    PlayDetail touch = want(E::kMustTouchCleared, R::kTouchCleared, 2, "9S");
    touch.cleared = {1};
    touch.next_to_cleared = {2, 3};
    static const std::vector<DetailCase> all = {
        {"game over", S, {Action::resign()}, play(3, {1}),
         want(E::kGameOver, R::kGameOver, 3, nullptr)},
        {"pile 4", S, {}, play(4, {1}), want(E::kBadPile, R::kPile, 4, nullptr)},
        {"pile 0", S, {}, play(0, {1}), want(E::kBadPile, R::kPile, std::nullopt, nullptr)},
        {"pile 3 played out", S, {headpin, play(3, {2})}, play(3, {3}),
         want(E::kEmptyPile, R::kPile, 3, nullptr)},
        {"no pin", S, {}, play(1, {}), want(E::kNoPins, R::kPinList, 1, "3S")},
        {"four pins", S, {}, play(1, {1, 2, 3, 4}), want(E::kTooManyPins, R::kPinList, 1, "3S")},
        {"pins 0 and 11", S, {}, play(1, {0, 2, 11}),
         refusing(want(E::kBadPin, R::kPinList, 1, "3S"), {0, 11})},
        {"pin 2 twice", S, {}, play(1, {2, 1, 2}),
         refusing(want(E::kDuplicatePin, R::kPinList, 1, "3S"), {2})},
        {"the headpin again", S, {headpin}, play(1, {2, 1}),
         refusing(want(E::kPinNotStanding, R::kStanding, 1, "3S"), {1})},
        {"3 and 10 apart", S, {}, play(1, {10, 3}), apart},
        {"path 2-3-4 under strict", Ruleset::kStrict, {}, play(2, {4, 3, 2}), strict},
        {"a 3 on an ace", S, {}, play(1, {1}),
         summing(want(E::kSumMismatch, R::kSum, 1, "3S"), {"AH"}, 1, 3)},
        {"4+5+6 = 15 on a 3", S, {}, play(1, {6, 4, 5}),
         summing(want(E::kSumMismatch, R::kSum, 1, "3S"), {"6H", "4H", "5H"}, 15, 3)},
        {"a 9 on pin 9 first", S, {}, play(2, {9}),
         refusing(want(E::kBackRowOnFirstPlay, R::kFirstPlay, 2, "9S"), {9})},
        {"4-5 first", S, {}, play(2, {5, 4}),
         refusing(want(E::kCentrePinOnFirstPlay, R::kFirstPlay, 2, "9S"), {5})},
        {"pin 9 after the headpin", S, {headpin}, play(2, {9}), touch},
    };
    return all;
}

}  // namespace

TEST_CASE("explain_play: the rule, pins and cards of each refused play") {
    for (const DetailCase& c : cases()) {
        INFO(c.what);
        Game game = game_on(c.ruleset, deal_set({deal_of(kDeal)}));
        for (const Action& a : c.setup) ok(game, a);
        const Game before = game;
        const auto d = explain_play(game, c.bad);
        REQUIRE(d);
        CHECK(game == before);
        const PlayDetail& e = c.expected;
        CHECK(d->code == e.code);
        CHECK(game.apply(c.bad)->code == e.code);
        CHECK(play_rule_name(d->rule) == play_rule_name(e.rule));
        CHECK(d->pile == e.pile);
        CHECK(d->card == e.card);
        const auto listed = c.bad.listed_pins();
        CHECK(d->pins == std::vector<int>(listed.begin(), listed.end()));
        CHECK(d->offending == e.offending);
        CHECK(d->apart == e.apart);
        CHECK(d->pin_cards == e.pin_cards);
        CHECK(d->sum == e.sum);
        CHECK(d->value == e.value);
        CHECK(d->cleared == e.cleared);
        CHECK(d->next_to_cleared == e.next_to_cleared);
    }
}

TEST_CASE("explain_play: nothing for a legal play, a stop or a resign") {
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kDeal)}));
    CHECK_FALSE(explain_play(game, play(3, {1})));
    CHECK_FALSE(explain_play(game, Action::stop()));
    CHECK_FALSE(explain_play(game, Action::resign()));
}

TEST_CASE("explain_play: its code is apply's error on random plays of whole games") {
    std::mt19937 rng(17);
    int refused = 0;
    for (int g = 0; g < 40; ++g) {
        Seed seed{};
        for (auto& b : seed) b = static_cast<std::uint8_t>(rng());
        const Ruleset ruleset = g % 2 ? Ruleset::kStrict : Ruleset::kSackson;
        Game game(ruleset, seed);
        for (int step = 0; step < 400 && !game.over(); ++step) {
            const int n = 1 + static_cast<int>(rng() % 3);
            std::vector<int> pins;
            for (int i = 0; i < n; ++i) pins.push_back(1 + static_cast<int>(rng() % 10));
            const Action a = Action::play(static_cast<int>(rng() % 4), pins);
            const auto d = explain_play(game, a);
            Game copy = game;
            const auto err = copy.apply(a);
            REQUIRE(d.has_value() == err.has_value());
            if (err) {
                ++refused;
                CHECK(d->code == err->code);
            } else {
                game = copy;
            }
            if (step % 7 == 6 && !game.over()) game.apply(Action::stop());
        }
    }
    CHECK(refused > 1000);
}
