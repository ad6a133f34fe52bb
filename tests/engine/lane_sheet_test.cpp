// LaneSheet, the real-lane score sheet: ruleset names, whole games under the three rulesets
// (perfect, gutter, spares, fouls), frame 10 with fouls and bonus rolls, fouls in every
// position of a frame, compact's two-roll frames, positions and running totals.
// Impossible reports and undo are in lane_sheet_errors_test.cpp.
#include "engine/lane_sheet.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "lane_test_util.hpp"

using namespace pinfall::engine;
using pinfall::test::join;
using pinfall::test::kF;
using pinfall::test::lane_sheet_of;
using pinfall::test::repeat;

TEST_CASE("lane ruleset names, racks and perfect scores") {
    struct Row {
        LaneRuleset r;
        const char* name;
        int rack;
        int perfect;
    };
    const std::vector<Row> rows = {
        {LaneRuleset::kCompactOfficial, "compact-official", 6, 180},
        {LaneRuleset::kCompact, "compact", 6, 120},
        {LaneRuleset::kTenpin, "tenpin", 10, 300},
    };
    for (const Row& row : rows) {
        CHECK(lane_ruleset_name(row.r) == row.name);
        CHECK(parse_lane_ruleset(row.name) == row.r);
        CHECK(lane_rack_size(row.r) == row.rack);
        CHECK(lane_perfect_score(row.r) == row.perfect);
        CHECK(LaneSheet(row.r).rack_size() == row.rack);
        CHECK(LaneSheet(row.r).standing() == row.rack);
    }
    for (const char* bad : {"", "Compact", "ten-pin", "compact_official", "compact "}) {
        CHECK_FALSE(parse_lane_ruleset(bad));
    }
    CHECK(LaneSheet().ruleset() == LaneRuleset::kCompactOfficial);
}

TEST_CASE("whole games under every ruleset") {
    const auto O = LaneRuleset::kCompactOfficial;
    const auto C = LaneRuleset::kCompact;
    const auto T = LaneRuleset::kTenpin;
    struct Row {
        const char* what;
        LaneRuleset r;
        std::vector<int> rolls;
        int score;
        const char* mark;    // frames 1-9
        const char* mark10;  // frame 10
        int total1;          // frame 1's total
    };
    const std::vector<Row> rows = {
        {"compact-official perfect", O, repeat(12, {6}), 180, "X", "XXX", 18},
        {"compact perfect", C, repeat(20, {6}), 120, "XX", "XX", 12},
        {"tenpin perfect", T, repeat(12, {10}), 300, "X", "XXX", 30},
        {"compact-official gutters", O, repeat(20, {0}), 0, "--", "--", 0},
        {"compact gutters", C, repeat(20, {0}), 0, "--", "--", 0},
        {"tenpin gutters", T, repeat(20, {0}), 0, "--", "--", 0},
        {"compact-official 3/ everywhere", O, repeat(21, {3}), 90, "3/", "3/3", 9},
        {"compact 3/ everywhere, no bonus", C, repeat(20, {3}), 60, "3/", "3/", 6},
        {"tenpin 5/ everywhere", T, repeat(21, {5}), 150, "5/", "5/5", 15},
        {"compact-official fouls only", O, repeat(20, {kF}), 0, "FF", "FF", 0},
        {"compact fouls only", C, repeat(20, {kF}), 0, "FF", "FF", 0},
        {"tenpin fouls only", T, repeat(20, {kF}), 0, "FF", "FF", 0},
        {"compact-official F/ everywhere", O, join(repeat(10, {kF, 6}), {kF}), 60, "F/", "F/F", 6},
        {"tenpin F/ everywhere", T, join(repeat(10, {kF, 10}), {kF}), 100, "F/", "F/F", 10},
        {"compact F/ everywhere", C, repeat(10, {kF, 6}), 60, "F/", "F/", 6},
        {"compact X- everywhere", C, repeat(10, {6, 0}), 60, "X-", "X-", 6},
        {"compact X5 everywhere", C, repeat(10, {6, 5}), 110, "X5", "X5", 11},
        {"compact XF everywhere", C, repeat(10, {6, kF}), 60, "XF", "XF", 6},
        {"compact-official 5- everywhere", O, repeat(10, {5, 0}), 50, "5-", "5-", 5},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        const LaneSheet s = lane_sheet_of(row.r, row.rolls);
        CHECK(s.complete());
        CHECK_FALSE(s.position());
        CHECK(s.standing() == 0);
        CHECK(s.roll_count() == static_cast<int>(row.rolls.size()));
        CHECK(s.running_score() == row.score);
        CHECK(s.final_score().ok());
        CHECK(s.final_score().score == row.score);
        CHECK(s.frame_total(10) == row.score);
        CHECK(s.frame_total(1) == row.total1);
        for (int f = 1; f <= 9; ++f) CHECK(s.marks(f) == row.mark);
        CHECK(s.marks(10) == row.mark10);
    }
}

TEST_CASE("frame 10 with bonus rolls and fouls") {
    struct Row {
        LaneRuleset r;
        std::vector<int> tenth;
        int score;
        const char* marks;
        std::vector<int> standing;  // before each roll of frame 10
    };
    const auto O = LaneRuleset::kCompactOfficial;
    const auto T = LaneRuleset::kTenpin;
    const std::vector<Row> rows = {
        {O, {6, 6, 6}, 18, "XXX", {6, 6, 6}},
        {O, {6, kF, 6}, 12, "XF/", {6, 6, 6}},
        {O, {6, kF, 2}, 8, "XF2", {6, 6, 6}},
        {O, {6, kF, kF}, 6, "XFF", {6, 6, 6}},
        {O, {6, 6, kF}, 12, "XXF", {6, 6, 6}},
        {O, {6, 3, kF}, 9, "X3F", {6, 6, 3}},
        {O, {6, 2, 4}, 12, "X2/", {6, 6, 4}},
        {O, {6, 0, 6}, 12, "X-/", {6, 6, 6}},
        {O, {kF, 6, 6}, 12, "F/X", {6, 6, 6}},
        {O, {kF, 6, kF}, 6, "F/F", {6, 6, 6}},
        {O, {3, 3, kF}, 6, "3/F", {6, 3, 6}},
        {O, {kF, kF}, 0, "FF", {6, 6}},
        {O, {2, kF}, 2, "2F", {6, 4}},
        {O, {kF, 5}, 5, "F5", {6, 6}},
        {T, {10, kF, 10}, 20, "XF/", {10, 10, 10}},
        {T, {kF, 10, 7}, 17, "F/7", {10, 10, 10}},
        {T, {10, 10, kF}, 20, "XXF", {10, 10, 10}},
        {T, {10, 4, kF}, 14, "X4F", {10, 10, 6}},
    };
    for (const Row& row : rows) {
        INFO(lane_ruleset_name(row.r) << " frame 10: " << row.marks);
        LaneSheet s = lane_sheet_of(row.r, repeat(18, {0}));
        for (std::size_t i = 0; i < row.tenth.size(); ++i) {
            const auto pos = s.position();
            REQUIRE(pos);
            CHECK(pos->frame == 10);
            CHECK(pos->ball == static_cast<int>(i) + 1);
            CHECK(pos->standing == row.standing[i]);
            CHECK_FALSE(s.frame_total(10));
            CHECK_FALSE(s.final_score().ok());
            REQUIRE_FALSE(pinfall::test::report(s, row.tenth[i]));
        }
        CHECK(s.complete());
        CHECK(s.final_score().score == row.score);
        CHECK(s.frame_total(10) == row.score);
        CHECK(s.marks(10) == row.marks);
        CHECK(s.frame_roll_count(10) == static_cast<int>(row.tenth.size()));
    }
}

TEST_CASE("fouls in every position of frames 1-9") {
    // Frame 1's rolls, then frame 2 = {2, 1} and gutters: frame 1's total and marks.
    struct Row {
        LaneRuleset r;
        std::vector<int> first;
        const char* marks;
        int total1;
        std::vector<int> standing;  // before each roll of frame 1
    };
    const auto O = LaneRuleset::kCompactOfficial;
    const auto C = LaneRuleset::kCompact;
    const auto T = LaneRuleset::kTenpin;
    const std::vector<Row> rows = {
        {O, {kF, 6}, "F/", 8, {6, 6}},  {O, {kF, 3}, "F3", 3, {6, 6}},
        {O, {4, kF}, "4F", 4, {6, 2}},  {O, {kF, kF}, "FF", 0, {6, 6}},
        {O, {kF, 0}, "F-", 0, {6, 6}},  {T, {kF, 10}, "F/", 12, {10, 10}},
        {T, {9, kF}, "9F", 9, {10, 1}}, {C, {kF, 6}, "F/", 6, {6, 6}},
        {C, {6, kF}, "XF", 6, {6, 6}},  {C, {2, kF}, "2F", 2, {6, 4}},
    };
    for (const Row& row : rows) {
        INFO(lane_ruleset_name(row.r) << " frame 1: " << row.marks);
        LaneSheet s(row.r);
        for (std::size_t i = 0; i < row.first.size(); ++i) {
            CHECK(s.standing() == row.standing[i]);
            REQUIRE_FALSE(pinfall::test::report(s, row.first[i]));
        }
        CHECK(s.position() == LanePosition{2, 1, s.rack_size()});
        for (const int r : {2, 1}) REQUIRE_FALSE(s.report_roll(r));
        CHECK(s.marks(1) == row.marks);
        CHECK(s.frame_total(1) == row.total1);
        CHECK(s.frame_total(2) == row.total1 + 3);
    }
    // A foul on the ball after a strike or a spare: the bonus counts 0.
    const LaneSheet strike = lane_sheet_of(O, {6, kF, 6, 1});
    CHECK(strike.frame_total(1) == 12);
    CHECK(strike.marks(2) == "F/");
    CHECK(strike.frame_total(2) == 19);
    const LaneSheet spare = lane_sheet_of(O, {3, 3, kF, 2});
    CHECK(spare.frame_total(1) == 6);
    CHECK(spare.roll(2) == LaneRoll{0, true});
    CHECK(spare.roll(3) == LaneRoll{2, false});
}

TEST_CASE("compact: two rolls a frame, 12-pin frames, totals known at once") {
    LaneSheet s(LaneRuleset::kCompact);
    REQUIRE_FALSE(s.report_roll(6));
    CHECK(s.position() == LanePosition{1, 2, 6});  // the rack is set up again
    CHECK_FALSE(s.frame_total(1));
    CHECK(s.running_score() == 6);
    REQUIRE_FALSE(s.report_roll(6));
    CHECK(s.marks(1) == "XX");
    CHECK(s.frame_total(1) == 12);  // no carried bonus: known after the frame's two rolls
    REQUIRE_FALSE(s.report_roll(4));
    CHECK(s.position() == LanePosition{2, 2, 2});
    REQUIRE_FALSE(s.report_roll(2));
    CHECK(s.marks(2) == "4/");
    CHECK(s.frame_total(2) == 18);  // a spare carries nothing either
    for (const int r : repeat(7, {6, 6})) REQUIRE_FALSE(s.report_roll(r));
    REQUIRE_FALSE(s.report_roll(6));
    CHECK(s.position() == LanePosition{10, 2, 6});
    REQUIRE_FALSE(s.report_roll(0));
    CHECK(s.complete());  // no bonus roll after frame 10's strike
    CHECK(s.marks(10) == "X-");
    CHECK(s.final_score().score == 12 + 6 + 7 * 12 + 6);
}

TEST_CASE("positions, running score and totals through a compact-official game") {
    // X 3/ 4- X X 2F F/ X X X24: frame totals as the sheet fills.
    const std::vector<int> rolls = {6, 3, 3, 4, 0, 6, 6, 2, kF, kF, 6, 6, 6, 6, 2, 4};
    const std::vector<int> totals = {12, 22, 26, 40, 48, 50, 62, 80, 94, 106};
    const std::vector<std::string> marks = {"X", "3/", "4-", "X", "X", "2F", "F/", "X", "X", "X2/"};
    LaneSheet s;
    int last_running = 0;
    for (const int r : rolls) {
        REQUIRE_FALSE(pinfall::test::report(s, r));
        CHECK(s.running_score() >= last_running);
        last_running = s.running_score();
        CHECK(s.final_score().ok() == s.complete());
    }
    REQUIRE(s.complete());
    for (int f = 1; f <= 10; ++f) {
        INFO("frame " << f);
        CHECK(s.frame_total(f) == totals[f - 1]);
        CHECK(s.marks(f) == marks[f - 1]);
    }
    CHECK(s.final_score().score == 106);
    CHECK(s.frame_roll_count(1) == 1);
    CHECK(s.frame_roll_count(6) == 2);
    CHECK(s.frame_roll_count(10) == 3);
}
