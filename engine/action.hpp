// What a player may do in a game of Bowling Solitaire.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

namespace pinfall::engine {

// Pins are listed as given by the player (the engine reports duplicates and bad numbers).
inline constexpr int kMaxListedPins = 10;

struct Action {
    // kUndo takes back the last action still in effect (practice games only: the server
    // refuses it in ranked ones; docs/rules.md "Take-backs").
    enum class Kind : std::uint8_t { kPlay, kStop, kResign, kUndo };
    Kind kind = Kind::kStop;
    std::uint8_t pile = 0;  // 0-based; kPlay only
    std::uint8_t pin_count = 0;
    std::array<int, kMaxListedPins> pins{};

    static Action play(int pile0, std::span<const int> listed) {
        Action a;
        a.kind = Kind::kPlay;
        // Out-of-range piles stay out of range (the engine answers bad_pile), never wrap.
        a.pile = static_cast<std::uint8_t>(pile0 < 0 || pile0 > 200 ? 255 : pile0);
        // Keeps the first kMaxListedPins: a longer list still reads as too many pins, and
        // listed_pins() stays inside the array.
        a.pin_count = static_cast<std::uint8_t>(std::min(listed.size(), a.pins.size()));
        for (std::size_t i = 0; i < a.pin_count; ++i) a.pins[i] = listed[i];
        return a;
    }
    static Action stop() { return Action{}; }
    static Action resign() {
        Action a;
        a.kind = Kind::kResign;
        return a;
    }
    static Action undo() {
        Action a;
        a.kind = Kind::kUndo;
        return a;
    }
    std::span<const int> listed_pins() const { return {pins.data(), pin_count}; }
    bool operator==(const Action&) const = default;
};

}  // namespace pinfall::engine
