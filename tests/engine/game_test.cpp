// Game flow on hand-made deals, checked through the events: strikes and the next deal, stops
// and burns, empty piles, spares, balls that end by themselves, a perfect game. Frame 10 and
// resigning are in game_end_test.cpp.
#include <catch2/catch.hpp>

#include <vector>

#include "test_util.hpp"

using namespace pinfall::test;

TEST_CASE("a strike ends the frame and the next frame is dealt from the next deal") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    const DealSet deals = deal_set({deal_of(kStrike), deal_of(kSpare)});
    Events events;
    Game game = game_on(r, deals, &events);
    REQUIRE(events == Events{deal_event(0, deals[0])});
    events.clear();
    strike(game, &events);
    const Events expected = {
        PlayEvent{0, mask_of({1, 2, 3}), card("6S"), card("5S")},
        PlayEvent{0, mask_of({4, 7, 8}), card("5S"), card("4S")},
        PlayEvent{0, mask_of({5, 6, 9}), card("4S"), card("10S")},
        PlayEvent{0, mask_of({10}), card("10S"), card("AS")},
        ball_end(1, 1, 10, BallEndReason::kCleared, BallMark::kStrike),
        FrameEndEvent{1},
        deal_event(1, deals[1]),
    };
    CHECK(events == expected);
    CHECK(game.frame() == 2);
    CHECK(game.ball() == 1);
    CHECK(game.deal_index() == 1);
    CHECK(game.rack() == Rack(deals[1]));
    CHECK(game.sheet().marks(1) == "X");
    CHECK(game.score() == 10);
}

TEST_CASE("a stop burns every face-up card, a cleared second ball is a spare") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    const DealSet deals = deal_set({deal_of(kSpare), deal_of(kStrike)});
    Game game = game_on(r, deals);
    ok(game, play(1, {1, 2, 3}));
    REQUIRE(game.ball() == 1);
    const Rack before = game.rack();
    CHECK(before.face_down(0) == 3);
    Events events;
    ok(game, Action::stop(), &events);
    const Rack& after = game.rack();
    const BurnEvent burn{{before.face_up(0), before.face_up(1), before.face_up(2)},
                         {after.face_up(0), after.face_up(1), after.face_up(2)}};
    CHECK(burn ==
          BurnEvent{{card("9S"), card("8S"), card("7S")}, {card("5S"), card("4S"), card("10S")}});
    CHECK(events == Events{ball_end(1, 1, 3, BallEndReason::kStopped, BallMark::kNone), burn});
    CHECK(after.face_down(0) == 2);
    CHECK(after.face_down(1) == 1);
    CHECK(after.face_down(2) == 0);
    CHECK(game.ball() == 2);
    CHECK(game.deal_index() == 0);
    CHECK(game.second_ball_on_rack());
    events.clear();
    ok(game, play(1, {4, 7, 8}), &events);
    ok(game, play(2, {5, 6, 9}), &events);
    ok(game, play(3, {10}), &events);
    REQUIRE(events.size() == 6);
    CHECK(events[2] == Event{PlayEvent{2, mask_of({10}), card("10S"), kNoCard}});
    CHECK(events[3] == Event{ball_end(1, 2, 7, BallEndReason::kCleared, BallMark::kSpare)});
    CHECK(events[4] == Event{FrameEndEvent{1}});
    CHECK(events[5] == Event{deal_event(1, deals[1])});
    CHECK(game.sheet().marks(1) == "3/");
    CHECK_FALSE(game.sheet().frame_total(1));
    strike(game);
    CHECK(game.sheet().frame_total(1) == std::optional<int>(20));
}

TEST_CASE("an emptied pile stays empty through the burn, a ball with no play ends by itself") {
    const DealSet deals = deal_set({deal_of(kPileOut), deal_of(kStrike)});
    Game game = game_on(Ruleset::kSackson, deals);
    Events events;
    ok(game, play(3, {1, 2, 3}), &events);
    ok(game, play(3, {4, 7, 8}), &events);
    CHECK(events.back() == Event{PlayEvent{2, mask_of({4, 7, 8}), card("5S"), kNoCard}});
    CHECK(game.rack().face_up(2) == kNoCard);
    CHECK(error_text(game.apply(play(3, {10}))) == "empty_pile");
    events.clear();
    ok(game, Action::stop(), &events);
    const Events expected = {
        ball_end(1, 1, 6, BallEndReason::kStopped, BallMark::kNone),
        BurnEvent{{card("2S"), card("4S"), kNoCard}, {card("3S"), card("AS"), kNoCard}},
        ball_end(1, 2, 0, BallEndReason::kNoPlay, BallMark::kNone),
        FrameEndEvent{1},
        deal_event(1, deals[1]),
    };
    CHECK(events == expected);
    CHECK(game.sheet().marks(1) == "6-");
    CHECK(game.score() == 6);
}

TEST_CASE("a rack with no first play ends ball 1 at once") {
    Events events;
    const DealSet deals = deal_set({deal_of(kNoFirstPlay), deal_of(kStrike)});
    Game game = game_on(Ruleset::kSackson, deals, &events);
    const Events expected = {
        deal_event(0, deals[0]),
        ball_end(1, 1, 0, BallEndReason::kNoPlay, BallMark::kNone),
        BurnEvent{{card("8H"), card("5H"), card("AS")}, {card("2S"), card("2H"), card("6S")}},
    };
    CHECK(events == expected);
    CHECK(game.ball() == 2);
    CHECK(game.rack().untouched());
    GroupSet six = 0;  // 6S takes 6H on pin 3, 10S+6H (2-3), 10S+6H+10H (2-3-4), 6H+3S+7H (3-5-6)
    for (const PinMask m :
         {mask_of({3}), mask_of({2, 3}), mask_of({2, 3, 4}), mask_of({3, 5, 6})}) {
        six |= GroupSet{1} << group_index(m);
    }
    CHECK(game.legal() == std::array<GroupSet, 3>{0, 0, six});
    CHECK(game.actions().empty());
}

TEST_CASE("twelve strikes on deals 0-11 make a perfect game") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    Events events;
    Game game = game_on(r, deal_set({deal_of(kStrike)}), &events);
    for (int k = 0; k < 12; ++k) {
        REQUIRE_FALSE(game.over());
        CHECK(game.deal_index() == k);
        strike(game, &events);
    }
    std::vector<int> dealt;
    for (const DealEvent& d : all_of<DealEvent>(events)) dealt.push_back(d.deal);
    CHECK(dealt == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    CHECK(all_of<GameOverEvent>(events) == std::vector<GameOverEvent>{{300, false}});
    CHECK(std::get<GameOverEvent>(events.back()) == GameOverEvent{300, false});
    CHECK(game.over());
    CHECK_FALSE(game.resigned());
    CHECK(game.score() == 300);
    CHECK(game.sheet().marks(10) == "XXX");
    CHECK(game.legal() == std::array<GroupSet, 3>{0, 0, 0});
    const Game before = game;
    CHECK(error_text(game.apply(Action::stop())) == "game_over");
    CHECK(error_text(game.apply(play(1, {1}))) == "game_over");
    CHECK(game == before);
}
