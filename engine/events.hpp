// What an accepted action caused, in order. Each event carries only information a player may
// see once it happens (cards it turns face up), so a client can keep an exact view from events.
#pragma once

#include <array>
#include <cstdint>
#include <variant>
#include <vector>

#include "engine/card.hpp"
#include "engine/deal.hpp"
#include "engine/pins.hpp"

namespace pinfall::engine {

// A ball card knocked down pins; `turned` is the pile's next card, now face up (or kNoCard).
struct PlayEvent {
    std::uint8_t pile;  // 0-based
    PinMask pins;
    Card ball;
    Card turned;
    bool operator==(const PlayEvent&) const = default;
};

enum class BallEndReason : std::uint8_t { kStopped, kNoPlay, kCleared, kResigned };
enum class BallMark : std::uint8_t { kNone, kStrike, kSpare };

// A ball (one roll) ended with `roll` pins down.
struct BallEndEvent {
    std::uint8_t frame;  // 1-10
    std::uint8_t ball;   // 1-3 within the frame
    std::uint8_t roll;
    BallEndReason reason;
    BallMark mark;  // strike: rack cleared on its first ball; spare: on its second
    bool operator==(const BallEndEvent&) const = default;
};

// Ball 2 of a rack begins: each pile's face-up card is burned and the next turned up.
struct BurnEvent {
    std::array<Card, kPileCount> burned;  // kNoCard for a pile that was empty
    std::array<Card, kPileCount> turned;  // kNoCard where the pile is now empty
    bool operator==(const BurnEvent&) const = default;
};

// A fresh rack is dealt (deal number `deal`); the face-up cards are its piles' tops.
struct DealEvent {
    std::uint8_t deal;
    std::array<Card, kPinCount> pins;
    std::array<Card, kPileCount> face_up;
    bool operator==(const DealEvent&) const = default;
};

struct FrameEndEvent {
    std::uint8_t frame;
    bool operator==(const FrameEndEvent&) const = default;
};

struct GameOverEvent {
    std::uint16_t score;
    bool resigned;
    bool operator==(const GameOverEvent&) const = default;
};

// The last action in effect was taken back: the state is the one before it (a client replaces
// its view with a snapshot; docs/protocol.md "Take-backs").
struct UndoEvent {
    bool operator==(const UndoEvent&) const = default;
};

using Event = std::variant<PlayEvent, BallEndEvent, BurnEvent, DealEvent, FrameEndEvent,
                           GameOverEvent, UndoEvent>;
using Events = std::vector<Event>;

}  // namespace pinfall::engine
