// The View is the one gate for hidden information: two games that differ only in face-down ball
// cards and deals not yet dealt give the same View, and no View of many played games ever holds
// a face-down card. Also the View's fields against the game, and list_plays/play_text.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/view.hpp"
#include "test_util.hpp"

using namespace pinfall::test;

namespace {

// kStrike's pins and pile tops, with other cards face down (3S moved under pile 1, AS under
// pile 2): plays from pile 1 turn up 5S then 4S in both, then 10S here and 3S there.
constexpr const char* kA = "AH 2H 3H 4H 7H 8H 5H 6H 9H 10H | 6S 5S 4S 10S AS / 2S 3S 7S / 8S 9S";
constexpr const char* kB = "AH 2H 3H 4H 7H 8H 5H 6H 9H 10H | 6S 5S 4S 3S 10S / 2S 7S AS / 8S 9S";

// Every card the view shows.
std::vector<Card> shown(const View& v) {
    std::vector<Card> out;
    for (const Card c : v.pins) {
        if (c != kNoCard) out.push_back(c);
    }
    for (const PileView& p : v.piles) {
        if (p.face_up != kNoCard) out.push_back(p.face_up);
    }
    return out;
}

// Checks the view of game: what it shows is the visible state, and no face-down card.
void check_view(const Game& game) {
    const View v = view_of(game);
    const Rack& rack = game.rack();
    const std::vector<Card> cards = shown(v);
    for (int p = 0; p < kPileCount; ++p) {
        for (int i = rack.top_index(p) + 1; i < kPileSize[p]; ++i) {
            const Card hidden = rack.deal().balls[kPileOffset[p] + i];
            INFO("pile " << p + 1 << " position " << i << " card " << card_name(hidden));
            CHECK(std::find(cards.begin(), cards.end(), hidden) == cards.end());
        }
        CHECK(v.piles[p].face_up == rack.face_up(p));
        CHECK(v.piles[p].face_down == rack.face_down(p));
    }
    for (int pin = 1; pin <= kPinCount; ++pin) {
        const bool up = rack.standing() & pin_bit(pin);
        CHECK(v.pins[pin - 1] == (up ? rack.pin_card(pin) : kNoCard));
    }
    CHECK(v.over == game.over());
    CHECK(v.resigned == game.resigned());
    CHECK(v.frame == (game.over() ? 0 : game.frame()));
    CHECK(v.ball == (game.over() ? 0 : game.ball()));
    CHECK(v.deal == game.deal_index());
    CHECK(v.sheet == game.sheet());
    CHECK(v.legal == game.legal());
    CHECK(v.ruleset == game.ruleset());
    CHECK(v.pins_this_ball == game.pins_this_ball());
    CHECK(v.second_ball_on_rack == game.second_ball_on_rack());
}

}  // namespace

TEST_CASE("face-down cards and future deals do not change the View") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    Game a = game_on(r, deal_set({deal_of(kA), deal_of(kStrike)}));
    Game b = game_on(
        r, deal_set({deal_of(kB), deal_of(kSpare), deal_of(kPileOut), deal_of(kNoFirstPlay)}));
    REQUIRE_FALSE(a.rack().deal() == b.rack().deal());
    CHECK(view_of(a) == view_of(b));
    for (const Action& act : {play(1, {1, 2, 3}), play(1, {4, 7, 8})}) {
        ok(a, act);
        ok(b, act);
        CHECK(view_of(a) == view_of(b));
        check_view(a);
        check_view(b);
    }
    CHECK(a.rack().face_up(0) == card("4S"));
    // The next play turns up 10S here and 3S there: from now on the views differ.
    ok(a, play(1, {5, 6, 9}));
    ok(b, play(1, {5, 6, 9}));
    CHECK(view_of(a).piles[0].face_up == card("10S"));
    CHECK_FALSE(view_of(a) == view_of(b));
}

TEST_CASE("no View of a played game holds a face-down card") {
    const Ruleset r = GENERATE(Ruleset::kSackson, Ruleset::kStrict);
    for (int i = 0; i < 30; ++i) {
        Game game(r, sha256("view-" + std::to_string(i)));
        for (int step = 0; !game.over(); ++step) {
            REQUIRE(step < 1000);
            check_view(game);
            const auto plays = list_plays(game.legal());
            REQUIRE_FALSE(plays.empty());
            if (step % (3 + i % 4) == 2) {
                ok(game, Action::stop());
                continue;
            }
            const Play& p = plays[static_cast<std::size_t>(step * 7 + i) % plays.size()];
            std::vector<int> pins;
            for (int pin = 1; pin <= kPinCount; ++pin) {
                if (p.pins & pin_bit(pin)) pins.push_back(pin);
            }
            ok(game, Action::play(p.pile, pins));
        }
        check_view(game);
        CHECK(view_of(game).frame == 0);
    }
}

TEST_CASE("list_plays walks piles then groups in order, play_text names them") {
    const std::array<GroupSet, 3> legal = {
        GroupSet{1} << group_index(mask_of({2, 4})) | GroupSet{1} << group_index(mask_of({1, 2})),
        0,
        GroupSet{1} << group_index(mask_of({10})) | GroupSet{1} << group_index(mask_of({3, 5, 6}))};
    std::vector<std::string> texts;
    for (const Play& p : list_plays(legal)) texts.push_back(play_text(p));
    CHECK(texts == std::vector<std::string>{"1:1,2", "1:2,4", "3:3,5,6", "3:10"});
    CHECK(list_plays({0, 0, 0}).empty());
    CHECK(play_text(Play{1, mask_of({9, 5, 8})}) == "2:5,8,9");
}
