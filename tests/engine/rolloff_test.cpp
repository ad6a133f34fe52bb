// RollOff: the order of play from one roll a side (docs/rules.md,
// "Roll-off for the order of play"): fewest pins first, zeros rolled again, ties rolled off among
// themselves in their place, nested ties, turn order, refused reports, undo and the one-side lane.
#include "engine/rolloff.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/errors.hpp"

using namespace pinfall::engine;

namespace {

constexpr int A = 0, B = 1, C = 2, D = 3;

// Reports every (side, pins) pair, each checked to be the side whose turn it is.
void play(RollOff& r, const std::vector<std::pair<int, int>>& reports) {
    for (const auto& [side, pins] : reports) {
        INFO("side " << side << " pins " << pins);
        REQUIRE(r.next_side() == side);
        REQUIRE_FALSE(r.report(side, pins));
    }
}

std::string code_of(const std::optional<Error>& e) {
    return e ? std::string(error_code_name(e->code)) : std::string("ok");
}

}  // namespace

TEST_CASE("roll-off orders sides by pins, fewest first") {
    struct Row {
        const char* what;
        int sides;
        std::vector<std::pair<int, int>> reports;
        std::vector<int> order;
    };
    const std::vector<Row> rows = {
        // The worked example of docs/rules.md, "Roll-off for the order of play".
        {"rules.md example: A=1 B=1 C=2, then A=5 B=3",
         3,
         {{A, 1}, {B, 1}, {C, 2}, {A, 5}, {B, 3}},
         {B, A, C}},
        {"no ties", 4, {{A, 4}, {B, 2}, {C, 6}, {D, 1}}, {D, B, A, C}},
        {"two sides", 2, {{A, 6}, {B, 5}}, {B, A}},
        {"zeros do not count and the same side rolls again",
         3,
         {{A, 0}, {A, 0}, {A, 3}, {B, 2}, {C, 0}, {C, 1}},
         {C, B, A}},
        {"a tie rolled off again and again",
         2,
         {{A, 2}, {B, 2}, {A, 4}, {B, 4}, {A, 5}, {B, 1}},
         {B, A}},
        {"nested ties: four tie, then two of them tie again",
         4,
         {{A, 3}, {B, 3}, {C, 3}, {D, 3}, {A, 2}, {B, 5}, {C, 2}, {D, 6}, {A, 4}, {C, 1}},
         {C, A, B, D}},
        {"two tied groups settled in order of play",
         4,
         {{A, 4}, {B, 1}, {C, 4}, {D, 1}, {B, 6}, {D, 2}, {A, 3}, {C, 5}},
         {D, B, A, C}},
        {"a tie among the last, zeros in the re-roll",
         3,
         {{A, 1}, {B, 5}, {C, 5}, {B, 0}, {B, 4}, {C, 0}, {C, 6}},
         {A, B, C}},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        RollOff r(row.sides, LaneRuleset::kCompactOfficial);
        CHECK_FALSE(r.done());
        CHECK_FALSE(r.order());
        play(r, row.reports);
        CHECK(r.done());
        CHECK_FALSE(r.next_side());
        CHECK(r.rolling_group().empty());
        CHECK(r.order() == row.order);
        CHECK(r.reports().size() == row.reports.size());
    }
}

TEST_CASE("roll-off turn order within the rolling group") {
    RollOff r(3, LaneRuleset::kCompactOfficial);
    CHECK(r.rolling_group() == std::vector<int>{A, B, C});
    play(r, {{A, 1}, {B, 1}});
    CHECK(r.next_side() == C);
    play(r, {{C, 2}});
    CHECK(r.rolling_group() == std::vector<int>{A, B});  // only the tied pair rolls again
    CHECK(r.next_side() == A);
    play(r, {{A, 5}});
    CHECK(r.next_side() == B);
}

TEST_CASE("roll-off refuses impossible reports and changes nothing") {
    struct Row {
        const char* what;
        LaneRuleset ruleset;
        std::vector<std::pair<int, int>> before;
        int side;
        int pins;
        const char* code;
    };
    const auto O = LaneRuleset::kCompactOfficial;
    const auto T = LaneRuleset::kTenpin;
    const std::vector<Row> rows = {
        {"B before A", O, {}, B, 3, "out_of_turn"},
        {"A twice", O, {{A, 2}}, A, 3, "out_of_turn"},
        {"C, not in the tied group", O, {{A, 1}, {B, 1}, {C, 2}}, C, 3, "out_of_turn"},
        {"side -1", O, {}, -1, 3, "bad_side"},
        {"side 3 of 3", O, {}, 3, 3, "bad_side"},
        {"negative pins", O, {}, A, -1, "negative_roll"},
        {"7 pins on a 6-pin rack", O, {}, A, 7, "too_many_pins_for_rack"},
        {"11 pins on a ten-pin rack", T, {}, A, 11, "too_many_pins_for_rack"},
        {"a report once done", O, {{A, 1}, {B, 2}, {C, 3}}, A, 1, "roll_off_done"},
        {"a bad side once done", O, {{A, 1}, {B, 2}, {C, 3}}, 7, -1, "roll_off_done"},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        RollOff r(3, row.ruleset);
        play(r, row.before);
        const RollOff copy = r;
        CHECK(code_of(r.report(row.side, row.pins)) == row.code);
        CHECK(r == copy);
    }
    RollOff ten(2, T);
    CHECK(code_of(ten.report(A, 10)) == "ok");
}

TEST_CASE("roll-off undo restores exactly the state before each report") {
    const std::vector<std::pair<int, int>> reports = {{A, 1}, {B, 0}, {B, 1}, {C, 2}, {A, 5},
                                                      {B, 5}, {A, 0}, {A, 3}, {B, 4}};
    RollOff r(3, LaneRuleset::kCompactOfficial);
    CHECK_FALSE(r.undo());
    std::vector<RollOff> states = {r};
    for (const auto& report : reports) {
        play(r, {report});
        states.push_back(r);
    }
    REQUIRE(r.done());
    CHECK(r.order() == std::vector<int>{A, B, C});
    for (std::size_t i = states.size() - 1; i > 0; --i) {
        REQUIRE(r.undo());  // done roll-offs included
        CHECK(r == states[i - 1]);
        CHECK(r.next_side() == states[i - 1].next_side());
        CHECK(r.rolling_group() == states[i - 1].rolling_group());
    }
    CHECK_FALSE(r.undo());
    CHECK(r == RollOff(3, LaneRuleset::kCompactOfficial));
}

TEST_CASE("one side: no roll-off") {
    RollOff r(1, LaneRuleset::kCompact);
    CHECK(r.done());
    CHECK(r.order() == std::vector<int>{0});
    CHECK_FALSE(r.next_side());
    CHECK(code_of(r.report(0, 3)) == "roll_off_done");
    CHECK_FALSE(r.undo());
    CHECK(r.reports().empty());
}

TEST_CASE("eight sides, all tied twice, settle into an order") {
    RollOff r(kMaxLaneSides, LaneRuleset::kTenpin);
    for (int round = 0; round < 2; ++round) {
        for (int s = 0; s < kMaxLaneSides; ++s) play(r, {{s, 5}});
    }
    for (int s = 0; s < kMaxLaneSides; ++s) play(r, {{s, 10 - s}});
    REQUIRE(r.done());
    CHECK(r.order() == std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0});
}
