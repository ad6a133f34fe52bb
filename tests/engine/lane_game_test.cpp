// LaneGame: the roll-off, then frames in turn across sides, undo by replay.
#include <catch2/catch.hpp>

#include "engine/lane_game.hpp"

using namespace pinfall::engine;

TEST_CASE("one side has no roll-off and bowls its frames alone") {
    LaneGame g(LaneRuleset::kTenpin, 1);
    CHECK(g.phase() == LanePhase::kPlay);
    CHECK(g.next_side() == 0);
    for (int i = 0; i < 12; ++i) REQUIRE_FALSE(g.report(0, 10, false));
    CHECK(g.phase() == LanePhase::kComplete);
    CHECK(g.sheet(0).running_score() == 300);
    CHECK_FALSE(g.next_side());
    const auto err = g.report(0, 1, false);
    REQUIRE(err);
    CHECK(err->code == ErrorCode::kGameComplete);
}

TEST_CASE("the roll-off orders the sides, then each side bowls one frame per turn") {
    LaneGame g(LaneRuleset::kCompactOfficial, 3);
    CHECK(g.phase() == LanePhase::kRollOff);
    // A=1, B=1, C=2, then the tie A=5, B=3: order B, A, C (docs/rules.md,
    // "Roll-off for the order of play").
    REQUIRE_FALSE(g.report(0, 1, false));
    REQUIRE_FALSE(g.report(1, 1, false));
    REQUIRE_FALSE(g.report(2, 2, false));
    REQUIRE_FALSE(g.report(0, 5, false));
    REQUIRE_FALSE(g.report(1, 3, false));
    REQUIRE(g.order());
    CHECK(*g.order() == std::vector<int>{1, 0, 2});
    CHECK(g.phase() == LanePhase::kPlay);
    CHECK(g.next_side() == 1);
    // Out of turn: side 0 may not bowl before side 1 has finished frame 1.
    const auto err = g.report(0, 3, false);
    REQUIRE(err);
    CHECK(err->code == ErrorCode::kOutOfTurn);
    REQUIRE_FALSE(g.report(1, 6, false));  // a strike ends side 1's frame
    CHECK(g.next_side() == 0);
    REQUIRE_FALSE(g.report(0, 2, false));
    CHECK(g.next_side() == 0);  // ball 2 of the same frame
    REQUIRE_FALSE(g.report(0, 3, false));
    CHECK(g.next_side() == 2);
    REQUIRE_FALSE(g.report(2, 0, true));  // a foul: the rack is set back up
    CHECK(g.next_position()->standing == 6);
    REQUIRE_FALSE(g.report(2, 6, false));  // full rack after a foul: a spare
    CHECK(g.sheet(2).marks(1) == "F/");
    CHECK(g.next_side() == 1);
    CHECK(g.next_position()->frame == 2);
}

TEST_CASE("undo takes back exactly the last report, roll-off included") {
    LaneGame g(LaneRuleset::kTenpin, 2);
    REQUIRE_FALSE(g.report(0, 4, false));
    const LaneGame after_one = g;
    REQUIRE_FALSE(g.report(1, 7, false));
    CHECK(g.order() == std::vector<int>{0, 1});
    REQUIRE(g.undo());
    CHECK(g == after_one);
    CHECK_FALSE(g.order());
    REQUIRE(g.undo());
    CHECK(g == LaneGame(LaneRuleset::kTenpin, 2));
    CHECK_FALSE(g.undo());
}

TEST_CASE("bad sides and impossible rolls change nothing") {
    LaneGame g(LaneRuleset::kTenpin, 2);
    REQUIRE_FALSE(g.report(0, 4, false));
    REQUIRE_FALSE(g.report(1, 7, false));
    const LaneGame before = g;
    CHECK(g.report(2, 1, false)->code == ErrorCode::kBadSide);
    CHECK(g.report(-1, 1, false)->code == ErrorCode::kBadSide);
    CHECK(g.report(0, 11, false)->code == ErrorCode::kTooManyPinsForRack);
    CHECK(g.report(0, -1, false)->code == ErrorCode::kNegativeRoll);
    REQUIRE_FALSE(g.report(0, 8, false));
    CHECK(g.report(0, 3, false)->code == ErrorCode::kTooManyPinsForRack);  // 8 + 3 > 10
    CHECK(g.reports().size() == 3);
    CHECK(before.reports().size() == 2);
}
