// LaneSheet: every impossible report is refused with its stable code and changes nothing; the
// final score waits for the end while the running score does not; undo restores exactly the
// state before each roll.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/errors.hpp"
#include "engine/lane_sheet.hpp"
#include "lane_test_util.hpp"

using namespace pinfall::engine;
using pinfall::test::join;
using pinfall::test::kF;
using pinfall::test::lane_sheet_of;
using pinfall::test::repeat;

TEST_CASE("impossible reports are refused with a stable code and change nothing") {
    const auto O = LaneRuleset::kCompactOfficial;
    const auto C = LaneRuleset::kCompact;
    const auto T = LaneRuleset::kTenpin;
    const auto nine = repeat(18, {0});  // nine gutter frames: frame 10 comes next
    struct Row {
        const char* what;
        LaneRuleset r;
        std::vector<int> before;
        int bad;  // kF for a foul
        const char* code;
    };
    const std::vector<Row> rows = {
        {"negative first roll", T, {}, -1, "negative_roll"},
        {"negative second roll", O, {2}, -3, "negative_roll"},
        {"negative bonus roll", O, join(nine, {6}), -1, "negative_roll"},
        {"eleven pins on a ten-pin rack", T, {}, 11, "too_many_pins_for_rack"},
        {"seven pins on a six-pin rack", O, {}, 7, "too_many_pins_for_rack"},
        {"seven pins on a compact rack", C, {}, 7, "too_many_pins_for_rack"},
        {"two rolls of a frame over the rack (tenpin)", T, {7}, 4, "too_many_pins_for_rack"},
        {"two rolls of a frame over the rack (6 pins)", O, {4}, 3, "too_many_pins_for_rack"},
        {"two rolls over the rack in frame 10", T, join(nine, {8}), 3, "too_many_pins_for_rack"},
        {"two compact rolls over the rack", C, {5}, 2, "too_many_pins_for_rack"},
        {"compact second roll after a strike over 6", C, {6}, 7, "too_many_pins_for_rack"},
        {"bonus roll after a last-frame strike over the rack", T, join(nine, {10}), 11,
         "too_many_pins_for_rack"},
        {"bonus roll after a last-frame spare over the rack", O, join(nine, {3, 3}), 7,
         "too_many_pins_for_rack"},
        {"second bonus ball over what stands (tenpin)", T, join(nine, {10, 7}), 4,
         "too_many_pins_for_rack"},
        {"second bonus ball over what stands (6 pins)", O, join(nine, {6, 3}), 4,
         "too_many_pins_for_rack"},
        {"second bonus ball over the rack after a foul", O, join(nine, {6, kF}), 7,
         "too_many_pins_for_rack"},
        {"roll after a complete tenpin game", T, repeat(12, {10}), 0, "game_complete"},
        {"roll after a complete compact-official game", O, repeat(20, {1}), 0, "game_complete"},
        {"roll after a complete compact game", C, repeat(10, {6, 6}), 1, "game_complete"},
        {"foul after a complete game", O, repeat(12, {6}), kF, "game_complete"},
        {"negative roll after a complete game", T, repeat(20, {0}), -1, "game_complete"},
        {"too many pins after a complete game", C, repeat(20, {0}), 9, "game_complete"},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        LaneSheet s = lane_sheet_of(row.r, row.before);
        const LaneSheet copy = s;
        const auto err = pinfall::test::report(s, row.bad);
        REQUIRE(err);
        CHECK(std::string(error_code_name(err->code)) == row.code);
        CHECK(err->message == make_error(err->code).message);
        CHECK(s == copy);
    }
}

TEST_CASE("after a foul the pins are up again, so a full rack is possible") {
    LaneSheet tenth = lane_sheet_of(LaneRuleset::kTenpin, join(repeat(18, {0}), {10, kF}));
    CHECK(tenth.standing() == 10);
    CHECK_FALSE(tenth.report_roll(10));
    CHECK(tenth.marks(10) == "XF/");
    LaneSheet first = lane_sheet_of(LaneRuleset::kCompactOfficial, {kF});
    CHECK(first.standing() == 6);
    CHECK(first.report_roll(7));
    CHECK_FALSE(first.report_roll(6));
    CHECK(first.marks(1) == "F/");
}

TEST_CASE("final score only when complete, the running score at any time") {
    LaneSheet s(LaneRuleset::kCompactOfficial);
    const auto before = s.final_score();
    REQUIRE(before.error);
    CHECK(error_code_name(before.error->code) == "game_not_complete");
    CHECK(s.running_score() == 0);
    for (const int r : {6, 6, 2}) REQUIRE_FALSE(s.report_roll(r));
    CHECK(s.running_score() == (6 + 6 + 2) + (6 + 2) + 2);  // frame 2's last bonus counts 0
    CHECK(s.frame_total(1) == 14);
    CHECK_FALSE(s.frame_total(2));  // waits for frame 3's second roll
    REQUIRE_FALSE(s.report_roll(1));
    CHECK(s.frame_total(2) == 23);
    CHECK(s.frame_total(3) == 26);
    CHECK_FALSE(s.frame_total(4));
    CHECK_FALSE(s.final_score().ok());
    CHECK(s.final_score().error->code == ErrorCode::kGameNotComplete);
    for (const int r : repeat(14, {0})) REQUIRE_FALSE(s.report_roll(r));
    const auto done = s.final_score();
    CHECK(done.ok());
    CHECK(done.score == 26);
    CHECK(s.running_score() == 26);
}

TEST_CASE("undo restores exactly the state before each roll") {
    struct Row {
        LaneRuleset r;
        std::vector<int> rolls;
    };
    const std::vector<Row> rows = {
        {LaneRuleset::kCompactOfficial, {6, 3, 3, kF, 6, 4, kF, 6, 6, 0, 0, 2, 3, 1, 1, 6, kF, 6}},
        {LaneRuleset::kCompact, join(repeat(9, {6, 5}), {kF, 6})},
        {LaneRuleset::kTenpin, repeat(12, {10})},
        {LaneRuleset::kTenpin, join(repeat(9, {kF, 10}), {10, kF, 10})},
    };
    for (const Row& row : rows) {
        INFO(lane_ruleset_name(row.r));
        LaneSheet s(row.r);
        CHECK_FALSE(s.undo());
        CHECK(s == LaneSheet(row.r));
        std::vector<LaneSheet> states = {s};
        for (const int r : row.rolls) {
            REQUIRE_FALSE(pinfall::test::report(s, r));
            states.push_back(s);
        }
        REQUIRE(s.complete());  // undo works on a complete sheet too
        for (std::size_t i = states.size() - 1; i > 0; --i) {
            REQUIRE(s.undo());
            CHECK(s == states[i - 1]);
            CHECK(s.roll_count() == static_cast<int>(i) - 1);
            CHECK(s.position() == states[i - 1].position());
            CHECK(s.running_score() == states[i - 1].running_score());
            for (int f = 1; f <= kLaneFrames; ++f) {
                CHECK(s.marks(f) == states[i - 1].marks(f));
                CHECK(s.frame_total(f) == states[i - 1].frame_total(f));
            }
        }
        CHECK_FALSE(s.undo());
        CHECK(s == LaneSheet(row.r));
        // Undo then the same roll again gives the same sheet.
        const LaneSheet full = lane_sheet_of(row.r, row.rolls);
        LaneSheet again = full;
        REQUIRE(again.undo());
        REQUIRE_FALSE(pinfall::test::report(again, row.rolls.back()));
        CHECK(again == full);
    }
}

TEST_CASE("every sequence of accepted reports keeps the sheet consistent") {
    // A fixed linear congruential walk over the legal reports of each ruleset.
    for (const auto r :
         {LaneRuleset::kCompactOfficial, LaneRuleset::kCompact, LaneRuleset::kTenpin}) {
        std::uint32_t x = 12345;
        for (int game = 0; game < 200; ++game) {
            LaneSheet s(r);
            while (!s.complete()) {
                x = x * 1664525u + 1013904223u;
                const int choice = static_cast<int>((x >> 16) % (s.standing() + 2));
                const LaneSheet before = s;
                const bool foul = choice > s.standing();
                const auto err = foul ? s.report_foul() : s.report_roll(choice);
                REQUIRE_FALSE(err);
                REQUIRE(s.running_score() >= before.running_score());
                LaneSheet back = s;
                REQUIRE(back.undo());
                REQUIRE(back == before);
            }
            REQUIRE(s.final_score().ok());
            CHECK(s.final_score().score == s.frame_total(10));
            CHECK(s.final_score().score <= lane_perfect_score(r));
            for (int f = 2; f <= kLaneFrames; ++f)
                CHECK(*s.frame_total(f) >= *s.frame_total(f - 1));
        }
    }
}
