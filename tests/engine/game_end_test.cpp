// How a game ends, on hand-made deals: every path of frame 10 with its bonus balls (fresh deals
// 10 and 11, or ball 2 of deal 10), and resigning at several points.
#include <catch2/catch.hpp>

#include <vector>

#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// Nine gutter frames on kStrike racks, then frame 10 on `tenth` and bonus deals 10 and 11.
Game to_frame_10(Ruleset r, const char* tenth, const char* bonus1, const char* bonus2) {
    const Deal s = deal_of(kStrike);
    Game game = game_on(
        r, deal_set({s, s, s, s, s, s, s, s, s, deal_of(tenth), deal_of(bonus1), deal_of(bonus2)}));
    for (int f = 1; f <= 9; ++f) finish_frame(game);
    REQUIRE(game.frame() == 10);
    REQUIRE(game.deal_index() == 9);
    REQUIRE(game.score() == 0);
    return game;
}

// The last n events.
Events tail(const Events& events, std::size_t n) {
    REQUIRE(events.size() >= n);
    return Events(events.end() - static_cast<std::ptrdiff_t>(n), events.end());
}

void check_refuses_everything(Game& game) {
    const Game before = game;
    for (const Action& a : {Action::stop(), Action::resign(), play(1, {1}), play(4, {})}) {
        Events events;
        CHECK(error_text(game.apply(a, &events)) == "game_over");
        CHECK(events.empty());
    }
    CHECK(game == before);
    CHECK(game.legal() == std::array<GroupSet, 3>{0, 0, 0});
}

}  // namespace

TEST_CASE("strike in frame 10: bonus ball 1 on fresh deal 10, a strike again: deal 11") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    Game game = to_frame_10(r, kStrike, kStrike, kStrike);
    Events events;
    strike(game, &events);
    CHECK(tail(events, 2) == Events{ball_end(10, 1, 10, BallEndReason::kCleared, BallMark::kStrike),
                                    deal_event(10, deal_of(kStrike))});
    CHECK(all_of<FrameEndEvent>(events).empty());
    CHECK(game.frame() == 10);
    CHECK(game.ball() == 2);
    CHECK(game.deal_index() == 10);
    CHECK_FALSE(game.second_ball_on_rack());
    events.clear();
    strike(game, &events);
    CHECK(tail(events, 2) == Events{ball_end(10, 2, 10, BallEndReason::kCleared, BallMark::kStrike),
                                    deal_event(11, deal_of(kStrike))});
    CHECK(game.ball() == 3);
    CHECK(game.deal_index() == 11);
    events.clear();
    ok(game, play(1, {1, 2, 3}), &events);
    ok(game, Action::stop(), &events);
    CHECK(tail(events, 3) == Events{ball_end(10, 3, 3, BallEndReason::kStopped, BallMark::kNone),
                                    FrameEndEvent{10}, GameOverEvent{23, false}});
    CHECK(game.over());
    CHECK(game.sheet().marks(10) == "XX3");
    CHECK(game.score() == 23);
    check_refuses_everything(game);
}

TEST_CASE("strike in frame 10, bonus ball 1 short: bonus ball 2 burns deal 10") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    Game game = to_frame_10(r, kStrike, kSpare, kStrike);
    strike(game);
    REQUIRE(game.deal_index() == 10);
    Events events;
    ok(game, play(1, {1, 2, 3}), &events);
    ok(game, Action::stop(), &events);
    CHECK(tail(events, 2) == Events{ball_end(10, 2, 3, BallEndReason::kStopped, BallMark::kNone),
                                    BurnEvent{{card("9S"), card("8S"), card("7S")},
                                              {card("5S"), card("4S"), card("10S")}}});
    CHECK(game.deal_index() == 10);
    CHECK(game.second_ball_on_rack());
    CHECK(game.ball() == 3);
    CHECK(game.rack().standing() == (kAllPins & ~mask_of({1, 2, 3})));
    events.clear();
    ok(game, play(1, {4, 7, 8}), &events);
    ok(game, play(2, {5, 6, 9}), &events);
    ok(game, play(3, {10}), &events);
    CHECK(tail(events, 3) == Events{ball_end(10, 3, 7, BallEndReason::kCleared, BallMark::kSpare),
                                    FrameEndEvent{10}, GameOverEvent{20, false}});
    CHECK(all_of<DealEvent>(events).empty());
    CHECK(game.deal_index() == 10);
    CHECK(game.sheet().marks(10) == "X3/");
    CHECK(game.score() == 20);
    check_refuses_everything(game);
}

TEST_CASE("spare in frame 10: one bonus ball on fresh deal 10, then the game is over") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    Game game = to_frame_10(r, kSpare, kStrike, kSpare);
    Events events;
    spare(game, &events);
    CHECK(tail(events, 2) == Events{ball_end(10, 2, 7, BallEndReason::kCleared, BallMark::kSpare),
                                    deal_event(10, deal_of(kStrike))});
    CHECK(game.ball() == 3);
    events.clear();
    strike(game, &events);
    CHECK(tail(events, 3) == Events{ball_end(10, 3, 10, BallEndReason::kCleared, BallMark::kStrike),
                                    FrameEndEvent{10}, GameOverEvent{20, false}});
    CHECK(all_of<DealEvent>(events).empty());
    CHECK(game.deal_index() == 10);
    CHECK(game.sheet().marks(10) == "3/X");
    CHECK(game.score() == 20);
    check_refuses_everything(game);
}

TEST_CASE("an open frame 10 ends the game after ball 2") {
    Game game = to_frame_10(Ruleset::kSackson, kStrike, kStrike, kStrike);
    Events events;
    ok(game, play(1, {1, 2, 3}), &events);
    ok(game, Action::stop(), &events);
    CHECK(std::holds_alternative<BurnEvent>(events.back()));
    events.clear();
    ok(game, Action::stop(), &events);
    CHECK(events == Events{ball_end(10, 2, 0, BallEndReason::kStopped, BallMark::kNone),
                           FrameEndEvent{10}, GameOverEvent{3, false}});
    CHECK(game.over());
    CHECK(game.deal_index() == 9);
    CHECK(game.sheet().marks(10) == "3-");
    CHECK(game.sheet().frame_total(10) == std::optional<int>(3));
    check_refuses_everything(game);
}

TEST_CASE("resign keeps the score: the ball in play counts, frames not bowled score 0") {
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kStrike)}));
    strike(game);
    ok(game, play(1, {1, 2, 3}));
    Events events;
    ok(game, Action::resign(), &events);
    CHECK(events == Events{ball_end(2, 1, 3, BallEndReason::kResigned, BallMark::kNone),
                           GameOverEvent{16, true}});  // 10 + 3 + (0), then 3
    CHECK(game.over());
    CHECK(game.resigned());
    CHECK(game.score() == 16);
    CHECK(game.sheet().roll_count() == 2);
    CHECK_FALSE(game.sheet().complete());
    CHECK(game.actions().back() == Action::resign());
    check_refuses_everything(game);
}

TEST_CASE("resign with no pin down on the ball in play adds no roll") {
    SECTION("before the first play") {
        Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kStrike)}));
        Events events;
        ok(game, Action::resign(), &events);
        CHECK(events == Events{GameOverEvent{0, true}});
        CHECK(game.sheet().roll_count() == 0);
        check_refuses_everything(game);
    }
    SECTION("on ball 2 after a stop") {
        Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kSpare)}));
        ok(game, play(1, {1, 2, 3}));
        ok(game, Action::stop());
        Events events;
        ok(game, Action::resign(), &events);
        CHECK(events == Events{GameOverEvent{3, true}});
        CHECK(game.sheet().roll_count() == 1);
        check_refuses_everything(game);
    }
    SECTION("in frame 10 with bonus balls to come") {
        Game game = to_frame_10(Ruleset::kSackson, kStrike, kStrike, kStrike);
        strike(game);
        Events events;
        ok(game, Action::resign(), &events);
        CHECK(events == Events{GameOverEvent{10, true}});
        CHECK(game.score() == 10);
        check_refuses_everything(game);
    }
}
