// Helpers shared by the engine tests: hand-made deals, actions named as a player names them, and
// applying actions that must succeed.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/errors.hpp"
#include "engine/events.hpp"
#include "engine/game.hpp"

namespace pinfall::test {

using namespace pinfall::engine;

// Parses "AH 2H ... 10H | 6S 5S / 4S / 10S": the ten pins, then the piles top first. A pile may
// list only its top cards; the cards not named anywhere fill the piles below them, in card-id
// order (pile 1 first). The full text goes through parse_deal, which REQUIREs 20 distinct cards.
inline Deal deal_of(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> pins;
    std::array<std::vector<std::string>, kPileCount> piles;
    int part = -1;  // -1: pins; 0-2: piles
    for (std::string t; in >> t;) {
        if (t == "|" || t == "/") {
            ++part;
        } else if (part < 0) {
            pins.push_back(t);
        } else {
            REQUIRE(part < kPileCount);
            piles[part].push_back(t);
        }
    }
    REQUIRE(pins.size() == kPinCount);
    std::uint32_t used = 0;
    for (const auto& list : {pins, piles[0], piles[1], piles[2]}) {
        for (const auto& name : list) {
            const auto c = parse_card(name);
            INFO("card " << name);
            REQUIRE(c);
            used |= 1u << *c;
        }
    }
    std::vector<std::string> rest;
    for (int c = 0; c < kDeckSize; ++c) {
        if (!(used >> c & 1)) rest.push_back(card_name(static_cast<Card>(c)));
    }
    std::string full;
    for (const auto& p : pins) full += p + " ";
    full += "|";
    std::size_t next = 0;
    for (int p = 0; p < kPileCount; ++p) {
        if (p) full += " /";
        while (piles[p].size() < static_cast<std::size_t>(kPileSize[p]) && next < rest.size()) {
            piles[p].push_back(rest[next++]);
        }
        for (const auto& c : piles[p]) full += " " + c;
    }
    const auto deal = parse_deal(full);
    INFO("deal " << full);
    REQUIRE(deal);
    return *deal;
}

// Deals 0..11: deals[k] = list[k], the last one repeated for the remaining deal numbers.
inline DealSet deal_set(std::initializer_list<Deal> list) {
    REQUIRE(list.size() > 0);
    REQUIRE(list.size() <= static_cast<std::size_t>(kMaxDeals));
    DealSet deals;
    std::size_t k = 0;
    for (const Deal& d : list) deals[k++] = d;
    for (; k < deals.size(); ++k) deals[k] = *(list.end() - 1);
    return deals;
}

inline Game game_on(Ruleset ruleset, const DealSet& deals, Events* events = nullptr) {
    return Game(ruleset, Seed{}, deals, events);
}

// A play of pile 1-3 (as a player names it) on the listed pins.
inline Action play(int pile, std::initializer_list<int> pins) {
    return Action::play(pile - 1, std::vector<int>(pins));
}

inline PinMask mask_of(std::initializer_list<int> pins) {
    PinMask m = 0;
    for (const int p : pins) m |= pin_bit(p);
    return m;
}

inline std::string error_text(const std::optional<Error>& e) {
    return e ? std::string(error_code_name(e->code)) : std::string("ok");
}

// Applies an action that must be accepted.
inline void ok(Game& game, const Action& a, Events* events = nullptr) {
    const auto err = game.apply(a, events);
    INFO("action refused: " << error_text(err));
    REQUIRE_FALSE(err);
}

// Stops until the frame in play changes or the game ends (an open frame of what was knocked).
inline void finish_frame(Game& game) {
    const int frame = game.frame();
    while (!game.over() && game.frame() == frame) ok(game, Action::stop());
}

inline Card card(std::string_view name) {
    const auto c = parse_card(name);
    REQUIRE(c);
    return *c;
}

// Hand-made racks used by several tests.
// Pins 1-10: A 2 3 4 7 8 5 6 9 10. A strike: 6S takes 1-2-3, 5S 4-7-8, 4S 5-6-9, 10S pin 10.
inline constexpr const char* kStrike =
    "AH 2H 3H 4H 7H 8H 5H 6H 9H 10H | 6S 5S 4S 10S AS / 2S 3S 7S / 8S 9S";
// The same pins: 6S takes 1-2-3 on ball 1; the burn turns up 5S, 4S and 10S for the spare.
inline constexpr const char* kSpare =
    "AH 2H 3H 4H 7H 8H 5H 6H 9H 10H | 6S 9S 5S AS 2S / 8S 4S 3S / 7S 10S";
// Pile 3 (6S 5S) takes 1-2-3 and 4-7-8; after the burn 3S and AS have nothing to take.
inline constexpr const char* kPileOut =
    "AH 2H 3H 4H 7H 8H 5H 6H 9H 10H | 2S 3S 7S 8S 9S / 4S AS 10S / 6S 5S";
// No first play for 8H, 5H or AS; after the burn none for 2S or 2H either, some for 6S.
inline constexpr const char* kNoFirstPlay =
    "4H 10S 6H 10H 3S 7H 9S AH 7S 8S | 8H 2S 9H 4S 5S / 5H 2H 3H / AS 6S";

template <class T>
std::vector<T> all_of(const Events& events) {
    std::vector<T> out;
    for (const Event& e : events) {
        if (const T* t = std::get_if<T>(&e)) out.push_back(*t);
    }
    return out;
}

inline BallEndEvent ball_end(int frame, int ball, int roll, BallEndReason reason, BallMark mark) {
    return BallEndEvent{static_cast<std::uint8_t>(frame), static_cast<std::uint8_t>(ball),
                        static_cast<std::uint8_t>(roll), reason, mark};
}

inline DealEvent deal_event(int k, const Deal& d) {
    return DealEvent{static_cast<std::uint8_t>(k),
                     d.pins,
                     {d.balls[kPileOffset[0]], d.balls[kPileOffset[1]], d.balls[kPileOffset[2]]}};
}

// The four plays of kStrike, on the rack in play.
inline void strike(Game& game, Events* events = nullptr) {
    REQUIRE(game.rack().deal() == deal_of(kStrike));
    ok(game, play(1, {1, 2, 3}), events);
    ok(game, play(1, {4, 7, 8}), events);
    ok(game, play(1, {5, 6, 9}), events);
    ok(game, play(1, {10}), events);
}

// 1-2-3 on ball 1, a stop, then the spare on ball 2, on the kSpare rack in play.
inline void spare(Game& game, Events* events = nullptr) {
    REQUIRE(game.rack().deal() == deal_of(kSpare));
    ok(game, play(1, {1, 2, 3}), events);
    ok(game, Action::stop(), events);
    ok(game, play(1, {4, 7, 8}), events);
    ok(game, play(2, {5, 6, 9}), events);
    ok(game, play(3, {10}), events);
}

}  // namespace pinfall::test
