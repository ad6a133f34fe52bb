// What a player may do in a game of Bowling Solitaire.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace pinfall::engine {

// Pins are listed as given by the player (the engine reports duplicates and bad numbers).
inline constexpr int kMaxListedPins = 10;

struct Action {
    enum class Kind : std::uint8_t { kPlay, kStop, kResign };
    Kind kind = Kind::kStop;
    std::uint8_t pile = 0;  // 0-based; kPlay only
    std::uint8_t pin_count = 0;
    std::array<int, kMaxListedPins> pins{};

    static Action play(int pile0, std::span<const int> listed) {
        Action a;
        a.kind = Kind::kPlay;
        a.pile = static_cast<std::uint8_t>(pile0);
        a.pin_count = static_cast<std::uint8_t>(listed.size());
        for (std::size_t i = 0; i < listed.size() && i < a.pins.size(); ++i) a.pins[i] = listed[i];
        return a;
    }
    static Action stop() { return Action{}; }
    static Action resign() {
        Action a;
        a.kind = Kind::kResign;
        return a;
    }
    std::span<const int> listed_pins() const { return {pins.data(), pin_count}; }
    bool operator==(const Action&) const = default;
};

}  // namespace pinfall::engine
