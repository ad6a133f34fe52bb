// Seeded sampling of the cards a player has not seen, shared by the coach's sampled fallback
// (coach_sample.cpp) and the integrity analysis (integrity_values.cpp). splitmix64, not
// <random>, whose distributions differ between standard libraries: the same seed gives the
// same cards everywhere. Pure; thread-safe on distinct states.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/card.hpp"

namespace pinfall::engine {

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The cards of a bit set (bit c: card c), lowest first.
inline std::vector<Card> cards_of(std::uint32_t set) {
    std::vector<Card> out;
    for (; set; set &= set - 1) out.push_back(static_cast<Card>(std::countr_zero(set)));
    return out;
}

// Fisher-Yates with splitmix64 draws, in place.
inline void shuffle_cards(std::vector<Card>& cards, std::uint64_t& state) {
    for (std::size_t i = cards.size(); i > 1; --i) {
        std::swap(cards[i - 1], cards[splitmix64(state) % i]);
    }
}

}  // namespace pinfall::engine
