// The rules of a play on hand-made racks: every example of the rules text, group shapes under
// both rulesets, the first-play restrictions (also on ball 2 after an empty ball 1) and the
// later-play rule. Errors through Game::apply are in rules_errors_test.cpp.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/record.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// Pin p holds the card of rank p (pin 10 the 10): values are the pin numbers, mod 10.
#define STD "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H | "

// One play on a fresh rack, or after the plays `before` (each must be legal), in the record
// notation: "<pile 1-3>:<pins>".
struct RackCase {
    const char* what;
    const char* deal;      // deal_of() text
    const char* ruleset;   // "sackson" or "strict"
    const char* before;    // "1:4 2:3"
    const char* play;      // "2:7,8,9"
    const char* expected;  // an error name, or "ok"
};

// clang-format off
const RackCase kRackCases[] = {
    // The examples of the rules text.
    {"a 7 takes an adjacent 3 and 4",
     "3H 4H 5H 6H 8H 9H AS 2S 3S 4S | 7S / 10S / AH", "sackson", "", "1:1,2", "ok"},
    {"pins in any order",
     "3H 4H 5H 6H 8H 9H AS 2S 3S 4S | 7S / 10S / AH", "sackson", "", "1:2,1", "ok"},
    {"a 7 takes an adjacent 8 and 9 (17)",
     "AH 8H 2H 9H 3H 4H 5H 6H 10H AS | 7S / 10S / 2S", "sackson", "", "1:2,4", "ok"},
    {"a 7 takes adjacent 1, 2 and 4",
     "AH 2H 4H 3H 5H 6H 8H 9H 10H AS | 7S / 10S / 2S", "sackson", "", "1:1,2,3", "ok"},
    {"a 7 takes adjacent 1, 2 and 4 (strict)",
     "AH 2H 4H 3H 5H 6H 8H 9H 10H AS | 7S / 10S / 2S", "strict", "", "1:3,1,2", "ok"},
    {"a 10 takes an adjacent 3 and 7",
     "3H 7H AH 2H 4H 5H 6H 8H 9H AS | 10S / 2S / 3S", "sackson", "", "1:1,2", "ok"},
    {"a 10 takes 4, 1 and 5",
     "4H AH 5H 2H 3H 6H 7H 8H 9H AS | 10S / 2S / 3S", "sackson", "", "1:1,2,3", "ok"},
    {"a 10 takes 4, 1 and 5 (strict)",
     "4H AH 5H 2H 3H 6H 7H 8H 9H AS | 10S / 2S / 3S", "strict", "", "1:1,2,3", "ok"},
    {"a 6 takes a 6", STD "6S / 2S / 3S", "sackson", "", "1:6", "ok"},
    {"a 10 takes a 10",
     "10H 2H 3H 4H 5H 6H 7H 8H 9H AH | 10S / 2S / 3S", "sackson", "", "1:1", "ok"},
    {"a single pin needs the same rank", STD "6S / 2S / 3S", "sackson", "", "1:4", "sum_mismatch"},
    {"a 10 does not take an ace", STD "10S / 2S / 3S", "sackson", "", "1:1", "sum_mismatch"},
    {"a 10 takes 9+8+3 = 20",
     "9H 8H 3H AH 2H 4H 5H 6H 7H 10H | 10S / AS / 2S", "sackson", "", "1:1,2,3", "ok"},
    {"a 3 takes 9+4 = 13",
     "9H 4H AH 2H 3H 5H 6H 7H 8H 10H | 3S / AS / 2S", "sackson", "", "1:1,2", "ok"},
    {"3+5 does not end in 3",
     "3H 5H AH 2H 4H 6H 7H 8H 9H 10H | 3S / AS / 2S", "sackson", "", "1:1,2", "sum_mismatch"},
    {"the named pile's card counts (2)", STD "10S / 3S / AS", "sackson", "", "2:1,2", "ok"},
    {"the named pile's card counts (1)", STD "10S / 3S / AS", "sackson", "", "1:1,2",
     "sum_mismatch"},
    {"the named pile's card counts (3)", STD "10S / 3S / AS", "sackson", "", "3:1", "ok"},
    // Group shape: connected (sackson) against every pair adjacent (strict).
    {"7-8-9 in a row (sackson)",
     "5H 6H 7H 8H 10H AH 2H 3H 4H 9H | 8S / 9S / AS", "sackson", "1:4", "2:7,8,9", "ok"},
    {"7-8-9 in a row (strict)",
     "5H 6H 7H 8H 10H AH 2H 3H 4H 9H | 8S / 9S / AS", "strict", "1:4", "2:7,8,9", "not_adjacent"},
    {"a small triangle (strict)", STD "6S / 2S / 3S", "strict", "", "1:1,2,3", "ok"},
    {"a pair (strict)", STD "3S / 2S / 4S", "strict", "", "1:1,2", "ok"},
    {"path 1-2-4 (sackson)", STD "7S / 2S / 3S", "sackson", "", "1:1,2,4", "ok"},
    {"path 1-2-4 (strict)", STD "7S / 2S / 3S", "strict", "", "1:1,2,4", "not_adjacent"},
    {"pins that do not touch", STD "5S / 2S / 3S", "sackson", "", "1:1,4", "not_connected"},
    {"pins that do not touch (strict)", STD "5S / 2S / 3S", "strict", "", "1:1,4", "not_adjacent"},
    {"a pair and a pin apart", STD "3S / 2S / 4S", "sackson", "", "1:1,2,10", "not_connected"},
    // The first play of a rack.
    {"a back-row pin alone", STD "7S / 2S / 3S", "sackson", "", "1:7", "back_row_on_first_play"},
    {"a back-row pin alone (strict)", STD "7S / 2S / 3S", "strict", "", "1:7",
     "back_row_on_first_play"},
    {"a back-row pin in a group", STD "AS / 2S / 3S", "sackson", "", "1:4,7",
     "back_row_on_first_play"},
    {"5 with 8 is a back-row play", STD "3S / 2S / 4S", "sackson", "", "1:5,8",
     "back_row_on_first_play"},
    {"the centre pin alone", STD "5S / 2S / 3S", "sackson", "", "1:5", "centre_pin_on_first_play"},
    {"5 with 4 only", STD "9S / 2S / 3S", "sackson", "", "1:4,5", "centre_pin_on_first_play"},
    {"5 with 6 only", STD "AS / 2S / 3S", "sackson", "", "1:5,6", "centre_pin_on_first_play"},
    {"4-5-6", STD "5S / 2S / 3S", "sackson", "", "1:4,5,6", "centre_pin_on_first_play"},
    {"4-5-6 (strict: shape first)", STD "5S / 2S / 3S", "strict", "", "1:4,5,6", "not_adjacent"},
    {"2-5", STD "7S / 2S / 3S", "sackson", "", "1:2,5", "ok"},
    {"2-5 (strict)", STD "7S / 2S / 3S", "strict", "", "1:5,2", "ok"},
    {"3-5", STD "8S / 2S / 3S", "sackson", "", "1:3,5", "ok"},
    {"2-4-5 (strict)", STD "AS / 2S / 3S", "strict", "", "1:2,4,5", "ok"},
    {"3-5-6 (strict)", STD "4S / 2S / 3S", "strict", "", "1:3,5,6", "ok"},
    {"2-3-5", STD "10S / 2S / 3S", "sackson", "", "1:2,3,5", "ok"},
    {"1-2-5, a path through 2", STD "8S / 2S / 3S", "sackson", "", "1:1,2,5", "ok"},
    // Every later play of the rack.
    {"a later play must touch a cleared position", STD "AS / 10S / 2S", "sackson", "1:1", "2:10",
     "must_touch_cleared"},
    {"a later play next to the cleared headpin", STD "AS / 10S / 2S", "sackson", "1:1", "3:2",
     "ok"},
    {"a later play may take a back-row pin", STD "4S / 7S / 2S", "sackson", "1:4", "2:7", "ok"},
    {"a later play may take pin 5 alone", STD "2S / 5S / 3S", "sackson", "1:2", "2:5", "ok"},
    {"one pin touching is enough (3-6-10)", STD "AS / 9S / 2S", "sackson", "1:1", "2:3,6,10",
     "ok"},
    {"one pin touching (strict)", STD "AS / 9S / 2S", "strict", "1:1", "2:3,6,10",
     "not_adjacent"},
    {"touching a position cleared two plays ago", STD "2S / 3S / AS", "sackson", "1:2 2:3",
     "3:4,7", "ok"},
    {"a pin already down", STD "AS / 10S / 2S", "sackson", "1:1", "3:1,2", "pin_not_standing"},
};
// clang-format on

Action action_of(std::string_view token) {
    const auto a = parse_action(token);
    INFO("action " << token);
    REQUIRE(a);
    return *a;
}

}  // namespace

TEST_CASE("plays on hand-made racks (Rack::check_play and Rack::legal agree)") {
    for (const RackCase& c : kRackCases) {
        INFO(c.what << " [" << c.ruleset << "] " << c.deal);
        const Ruleset ruleset = *parse_ruleset(c.ruleset);
        Rack rack(deal_of(c.deal));
        std::istringstream before(c.before);
        for (std::string token; before >> token;) {
            const Action a = action_of(token);
            PinMask m = 0;
            REQUIRE_FALSE(rack.check_play(a.pile, a.listed_pins(), ruleset, &m));
            rack.play(a.pile, m);
        }
        const Rack copy = rack;
        const Action a = action_of(c.play);
        PinMask got = 0xFFFF;
        const auto err = rack.check_play(a.pile, a.listed_pins(), ruleset, &got);
        CHECK(error_text(err) == c.expected);
        CHECK(rack == copy);
        PinMask mask = 0;
        for (const int p : a.listed_pins()) mask |= pin_bit(p);
        const int g = group_index(mask);
        const bool listed = g >= 0 && (rack.legal(a.pile, ruleset) >> g & 1);
        if (err) {
            CHECK(got == 0xFFFF);  // untouched on error
            CHECK_FALSE(listed);
        } else {
            CHECK(got == mask);
            CHECK(listed);
        }
    }
}

// The adjacency table of docs/rules.md, "Cards and pins".
TEST_CASE("adjacency is the table of docs/rules.md and symmetric") {
    const std::vector<std::vector<int>> table = {
        {2, 3},        {1, 3, 4, 5}, {1, 2, 5, 6}, {2, 5, 7, 8},  {2, 3, 4, 6, 8, 9},
        {3, 5, 9, 10}, {4, 8},       {4, 5, 7, 9}, {5, 6, 8, 10}, {6, 9}};
    for (int p = 1; p <= 10; ++p) {
        PinMask m = 0;
        for (const int q : table[p - 1]) m |= pin_bit(q);
        INFO("pin " << p);
        CHECK(kAdjacent[p - 1] == m);
        for (int q = 1; q <= 10; ++q) {
            CHECK(bool(kAdjacent[p - 1] & pin_bit(q)) == bool(kAdjacent[q - 1] & pin_bit(p)));
        }
    }
}

TEST_CASE("first-play rules hold on ball 2 when ball 1 knocked nothing") {
    // Ball 1 could play 1:2,3,4 (9) but stops; ball 2 turns up 7S, 5S and 3S.
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(STD "9S 7S / 8S 5S / AS 3S")}));
    REQUIRE(game.ball() == 1);
    REQUIRE((game.legal()[0] >> group_index(mask_of({2, 3, 4})) & 1));
    ok(game, Action::stop());
    REQUIRE(game.ball() == 2);
    REQUIRE(game.second_ball_on_rack());
    REQUIRE(game.rack().untouched());
    const Game before = game;
    CHECK(error_text(game.apply(play(1, {7}))) == "back_row_on_first_play");
    CHECK(error_text(game.apply(play(2, {5}))) == "centre_pin_on_first_play");
    CHECK(game == before);
    ok(game, play(3, {1, 2}));
    CHECK_FALSE(game.rack().untouched());
    // Now a later play: pin 5 alone is fine next to the cleared pin 2, pin 7 is not reachable.
    CHECK(error_text(game.apply(play(1, {7}))) == "must_touch_cleared");
    ok(game, play(2, {5}));
    CHECK(game.rack().standing() == (kAllPins & ~mask_of({1, 2, 5})));
    CHECK(game.pins_this_ball() == 3);
}

TEST_CASE("ball 2 after a play on ball 1 follows the later-play rule only") {
    // Ball 1 takes pin 2 and stops; ball 2 turns up 5S, AS and 3S.
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(STD "2S 6S 5S / 9S AS / 8S 3S")}));
    ok(game, play(1, {2}));
    REQUIRE(game.ball() == 1);
    ok(game, Action::stop());
    REQUIRE(game.ball() == 2);
    CHECK(game.rack().face_up(0) == card("5S"));
    CHECK(game.rack().face_up(1) == card("AS"));
    CHECK(game.rack().face_up(2) == card("3S"));
    ok(game, play(1, {5}));     // the centre pin alone, next to the cleared pin 2
    ok(game, play(2, {4, 7}));  // a back-row pin, the group touching pin 2
    CHECK(error_text(game.apply(play(3, {10}))) == "sum_mismatch");
    CHECK(game.pins_this_ball() == 3);
    // The last play leaves 4S and 10S with nothing to take: the ball ends by itself.
    ok(game, play(3, {3}));
    CHECK(game.frame() == 2);
    CHECK(game.sheet().roll(0) == 1);
    CHECK(game.sheet().roll(1) == 4);
}
