// Every error code of errors.hpp (wrong_phase aside: the protocol's) reached through Game::apply
// on a hand-made rack, with Rack::check_play agreeing and the game unchanged (== its copy, no
// event); which rule is reported when several are broken; error names and messages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// Pin p holds rank p; piles 3S 5S 4S 6S 7S / 9S 8S 10S / AS 2S.
constexpr const char* kDeal = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H | 3S 5S / 9S / AS 2S";

struct ErrorCase {
    const char* what;
    Ruleset ruleset;
    std::vector<Action> setup;  // accepted first
    Action bad;
    ErrorCode expected;
};

Action listed(int pile, int count, int pin) {
    return Action::play(pile - 1, std::vector<int>(static_cast<std::size_t>(count), pin));
}

const std::vector<ErrorCase>& error_cases() {
    using E = ErrorCode;
    const auto S = Ruleset::kSackson;
    const Action after_headpin = play(3, {1});  // AS takes pin 1
    static const std::vector<ErrorCase> cases = {
        {"pile 4", S, {}, play(4, {1}), E::kBadPile},
        {"pile 0 (255 as a byte)", S, {}, play(0, {1}), E::kBadPile},
        {"pile 3 played out", S, {play(3, {1}), play(3, {2})}, play(3, {3}), E::kEmptyPile},
        {"no pin", S, {}, play(1, {}), E::kNoPins},
        {"four pins", S, {}, play(1, {1, 2, 3, 4}), E::kTooManyPins},
        {"eleven pins listed", S, {}, listed(1, 11, 1), E::kTooManyPins},
        {"256 pins listed", S, {}, listed(1, 256, 1), E::kTooManyPins},
        {"pin 0", S, {}, play(1, {0}), E::kBadPin},
        {"pin 11", S, {}, play(1, {11}), E::kBadPin},
        {"pin -1", S, {}, play(1, {-1}), E::kBadPin},
        {"pin 11 after a good pin", S, {}, play(1, {1, 11}), E::kBadPin},
        {"pin 1 twice", S, {}, play(1, {1, 1}), E::kDuplicatePin},
        {"pin 2 twice of three", S, {}, play(1, {2, 1, 2}), E::kDuplicatePin},
        {"the headpin again", S, {after_headpin}, play(1, {1, 2}), E::kPinNotStanding},
        {"3 and 10 apart (sackson)", S, {}, play(1, {3, 10}), E::kNotConnected},
        {"path 2-3-4 (strict)", Ruleset::kStrict, {}, play(2, {2, 3, 4}), E::kNotAdjacent},
        {"a 3 on an ace", S, {}, play(1, {1}), E::kSumMismatch},
        {"a 9 on pin 9 first", S, {}, play(2, {9}), E::kBackRowOnFirstPlay},
        {"4-5 first", S, {}, play(2, {4, 5}), E::kCentrePinOnFirstPlay},
        {"pin 9 after the headpin", S, {after_headpin}, play(2, {9}), E::kMustTouchCleared},
        {"a stop after resigning", S, {Action::resign()}, Action::stop(), E::kGameOver},
        {"a play after resigning", S, {Action::resign()}, play(3, {1}), E::kGameOver},
        {"a resign after resigning", S, {Action::resign()}, Action::resign(), E::kGameOver},
        // Several rules broken: the first in check order is reported.
        {"bad pile before bad pins", S, {}, play(4, {0, 0, 0, 0}), E::kBadPile},
        {"empty pile before no pins", S, {play(3, {1}), play(3, {2})}, play(3, {}), E::kEmptyPile},
        {"too many before duplicates", S, {}, play(1, {1, 1, 1, 1}), E::kTooManyPins},
        {"standing before shape", S, {after_headpin}, play(1, {1, 10}), E::kPinNotStanding},
        {"shape before sum", S, {}, play(1, {1, 10}), E::kNotConnected},
        {"sum before the back row", S, {}, play(2, {7}), E::kSumMismatch},
        {"sum before the later-play rule", S, {after_headpin}, play(2, {10}), E::kSumMismatch},
    };
    return cases;
}

}  // namespace

TEST_CASE("every error code through Game::apply leaves the game unchanged") {
    std::vector<ErrorCode> seen;
    for (const ErrorCase& c : error_cases()) {
        INFO(c.what << " [" << ruleset_name(c.ruleset) << "]");
        Game game = game_on(c.ruleset, deal_set({deal_of(kDeal)}));
        for (const Action& a : c.setup) ok(game, a);
        const Game before = game;
        Events events;
        const auto err = game.apply(c.bad, &events);
        REQUIRE(err);
        CHECK(error_code_name(err->code) == error_code_name(c.expected));
        CHECK(err->message == make_error(c.expected).message);
        CHECK(game == before);
        CHECK(events.empty());
        CHECK(game.actions().size() == c.setup.size());
        if (c.bad.kind == Action::Kind::kPlay && !game.over()) {
            PinMask mask = 0xABC;
            const auto rack_err =
                game.rack().check_play(c.bad.pile, c.bad.listed_pins(), game.ruleset(), &mask);
            REQUIRE(rack_err);
            CHECK(rack_err->code == c.expected);
            CHECK(mask == 0xABC);
        }
        seen.push_back(c.expected);
    }
    // Every code but wrong_phase (reserved for the protocol) is reachable.
    for (int code = 1; code <= static_cast<int>(ErrorCode::kMustTouchCleared); ++code) {
        INFO("code " << error_code_name(static_cast<ErrorCode>(code)));
        CHECK(std::find(seen.begin(), seen.end(), static_cast<ErrorCode>(code)) != seen.end());
    }
}

TEST_CASE("a listed-pin count above the array keeps listed_pins in bounds") {
    const Action a = listed(1, 300, 5);
    CHECK(a.listed_pins().size() <= static_cast<std::size_t>(kMaxListedPins));
    CHECK(a.listed_pins().size() > 3u);
    const Action b = play(2, {1, 2});
    CHECK(b.listed_pins().size() == 2u);
    CHECK(b.pile == 1);
}

TEST_CASE("a refused play can be followed by the legal one") {
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kDeal)}));
    CHECK(error_text(game.apply(play(1, {1}))) == "sum_mismatch");
    Events events;
    ok(game, play(1, {1, 2}), &events);  // 1 + 2 = 3
    REQUIRE(events.size() == 1);
    const auto* e = std::get_if<PlayEvent>(&events[0]);
    REQUIRE(e);
    CHECK(e->pile == 0);
    CHECK(e->pins == mask_of({1, 2}));
    CHECK(e->ball == card("3S"));
    CHECK(e->turned == card("5S"));
    CHECK(game.actions().size() == 1);
}

TEST_CASE("error names are the stable wire names") {
    const std::vector<std::pair<ErrorCode, const char*>> names = {
        {ErrorCode::kWrongPhase, "wrong_phase"},
        {ErrorCode::kGameOver, "game_over"},
        {ErrorCode::kBadPile, "bad_pile"},
        {ErrorCode::kEmptyPile, "empty_pile"},
        {ErrorCode::kNoPins, "no_pins"},
        {ErrorCode::kTooManyPins, "too_many_pins"},
        {ErrorCode::kBadPin, "bad_pin"},
        {ErrorCode::kDuplicatePin, "duplicate_pin"},
        {ErrorCode::kPinNotStanding, "pin_not_standing"},
        {ErrorCode::kNotConnected, "not_connected"},
        {ErrorCode::kNotAdjacent, "not_adjacent"},
        {ErrorCode::kSumMismatch, "sum_mismatch"},
        {ErrorCode::kBackRowOnFirstPlay, "back_row_on_first_play"},
        {ErrorCode::kCentrePinOnFirstPlay, "centre_pin_on_first_play"},
        {ErrorCode::kMustTouchCleared, "must_touch_cleared"},
    };
    for (const auto& [code, name] : names) {
        CHECK(error_code_name(code) == name);
        CHECK(make_error(code).code == code);
        CHECK_FALSE(make_error(code).message.empty());
    }
}
