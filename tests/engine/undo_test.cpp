// Take-backs in the engine (docs/rules.md "Take-backs"): an undo returns the game exactly to
// its state before the last action still in effect (view, sheet, legal plays), emits one undo
// event, keeps the history (the record lists the undo as `u`), and replaying the record gives
// the same game; undo is refused with nothing to undo and once the game is over; final_line
// drops undone actions. Random games with random take-backs check the state each time.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "engine/record.hpp"
#include "engine/view.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

constexpr const char* kDeal = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H | 3S 5S / 9S / AS 2S";

// The same position: what a player sees, and the accepted actions still in effect.
void same_position(const Game& a, const Game& b) {
    CHECK(view_of(a) == view_of(b));
    CHECK(a.rack() == b.rack());
    CHECK(a.sheet() == b.sheet());
    CHECK(final_line(a.actions()) == final_line(b.actions()));
}

}  // namespace

TEST_CASE("undo: a play and a stop are taken back exactly, one undo event each") {
    Game game = game_on(Ruleset::kSackson, deal_set({deal_of(kDeal)}));
    const Game fresh = game;
    ok(game, play(3, {1}));
    const Game after_play = game;
    ok(game, Action::stop());  // burns the piles: ball 2
    REQUIRE(game.second_ball_on_rack());
    Events events;
    ok(game, Action::undo(), &events);
    REQUIRE(events.size() == 1);
    CHECK(std::holds_alternative<UndoEvent>(events[0]));
    same_position(game, after_play);
    CHECK_FALSE(game.second_ball_on_rack());
    ok(game, Action::undo());
    same_position(game, fresh);
    CHECK(game.actions().size() == 4);  // the history stays: 3:1 s u u
    CHECK(final_line(game.actions()).empty());
    const Game before = game;
    const auto err = game.apply(Action::undo());
    REQUIRE(err);
    CHECK(err->code == ErrorCode::kNothingToUndo);
    CHECK(error_code_name(err->code) == "nothing_to_undo");
    CHECK(game == before);
}

TEST_CASE("undo: refused once the game is over") {
    Game game(Ruleset::kSackson, Seed{});
    ok(game, Action::stop());
    ok(game, Action::resign());
    const auto err = game.apply(Action::undo());
    REQUIRE(err);
    CHECK(err->code == ErrorCode::kGameOver);
}

TEST_CASE("undo: the record lists take-backs as u and replays to the same game") {
    Game game(Ruleset::kSackson, Seed{});
    ok(game, play(1, {1, 3, 6}));
    ok(game, Action::undo());
    ok(game, play(1, {3, 4, 5}));
    ok(game, Action::stop());
    ok(game, Action::undo());
    ok(game, Action::resign());
    const std::string text = record_text(record_of(game));
    CHECK(text == "pinfall/1 sackson " + std::string(64, '0') + " 1:1,3,6 u 1:3,4,5 s u r");
    const auto parsed = parse_record(text);
    REQUIRE(parsed);
    const auto replayed = replay(*parsed);
    REQUIRE(replayed.ok());
    CHECK(replayed.game == game);
    CHECK(parse_action("u") == Action::undo());
    CHECK(action_text(Action::undo()) == "u");
    CHECK(final_line(game.actions()) ==
          std::vector<Action>{play(1, {3, 4, 5}), Action::resign()});
}

TEST_CASE("undo: random games with random take-backs return to the saved positions") {
    std::mt19937 rng(1717);
    for (int g = 0; g < 30; ++g) {
        Seed seed{};
        for (auto& b : seed) b = static_cast<std::uint8_t>(rng());
        Game game(g % 2 ? Ruleset::kStrict : Ruleset::kSackson, seed);
        std::vector<Game> before;  // the position before each action in effect
        for (int step = 0; step < 300 && !game.over(); ++step) {
            const unsigned roll = rng() % 10;
            if (roll < 3 && !before.empty()) {
                ok(game, Action::undo());
                same_position(game, before.back());
                before.pop_back();
                continue;
            }
            const auto plays = list_plays(game.legal());
            before.push_back(game);
            if (roll < 5 || plays.empty()) {
                ok(game, Action::stop());
            } else {
                const Play& p = plays[rng() % plays.size()];
                std::vector<int> pins;
                for (int pin = 1; pin <= kPinCount; ++pin) {
                    if (p.pins & pin_bit(pin)) pins.push_back(pin);
                }
                ok(game, Action::play(p.pile, pins));
            }
        }
        const auto replayed = replay(record_of(game));
        REQUIRE(replayed.ok());
        CHECK(replayed.game == game);
    }
}
