// What a player may see of a game: everything but face-down cards and deals not yet dealt.
// Every outbound game message is built from a View or from events, never from the Game itself,
// so hidden information has one gate. Pure; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.hpp"

namespace pinfall::engine {

struct PileView {
    Card face_up = kNoCard;  // kNoCard when the pile is empty
    std::uint8_t face_down = 0;
    bool operator==(const PileView&) const = default;
};

// A legal play: pile (0-based) and the pins it knocks down.
struct Play {
    std::uint8_t pile;
    PinMask pins;
    bool operator==(const Play&) const = default;
};

struct View {
    Ruleset ruleset = Ruleset::kSackson;
    bool over = false;
    bool resigned = false;
    int frame = 0;  // ball in play (meaningless once over)
    int ball = 0;
    int deal = 0;
    bool second_ball_on_rack = false;
    int pins_this_ball = 0;
    std::array<Card, kPinCount> pins{};  // card of each pin position; kNoCard once cleared
    std::array<PileView, kPileCount> piles{};
    ScoreSheet sheet;
    std::array<GroupSet, kPileCount> legal{};
    bool operator==(const View&) const = default;
};

View view_of(const Game& game);

// The legal plays as a list, by pile then in group order (pins lexicographic).
std::vector<Play> list_plays(const std::array<GroupSet, kPileCount>& legal);
// "2:3,5,6": pile 1-3, pins ascending.
std::string play_text(const Play& play);

}  // namespace pinfall::engine
