// The public deal algorithm (docs/rules.md, "Deals"): deal k of a 32-byte seed, bit-exact.
// Pure functions; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/card.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {

inline constexpr int kPinCount = 10;
inline constexpr int kPileCount = 3;
inline constexpr int kBallCards = 10;
// Pile p (0-based) holds balls[kPileOffset[p] .. kPileOffset[p] + kPileSize[p]), top first.
inline constexpr std::array<int, kPileCount> kPileOffset = {0, 5, 8};
inline constexpr std::array<int, kPileCount> kPileSize = {5, 3, 2};

// One shuffled deck laid out: pins 1..10 (index pin-1) and the three ball piles, tops first.
struct Deal {
    std::array<Card, kPinCount> pins{};
    std::array<Card, kBallCards> balls{};
    bool operator==(const Deal&) const = default;
};

// Words of the SHA-256 stream: block j = SHA-256(seed || u32be(k) || u32be(j)), eight big-endian
// words per block, in order.
class DealWordStream {
   public:
    DealWordStream(const Seed& seed, std::uint32_t k) : seed_(seed), k_(k) {}
    std::uint32_t next();

   private:
    void refill();
    Seed seed_;
    std::uint32_t k_;
    std::uint32_t block_ = 0;
    std::array<std::uint32_t, 8> words_{};
    int used_ = 8;
};

// Fisher-Yates with rejection sampling over any source of 32-bit words (`next()` returns one).
// Templated so tests can feed words that exercise the rejection branch.
template <class WordSource>
std::array<Card, kDeckSize> shuffle_deck(WordSource& source) {
    std::array<Card, kDeckSize> deck{};
    for (int i = 0; i < kDeckSize; ++i) deck[i] = static_cast<Card>(i);
    for (int i = kDeckSize - 1; i >= 1; --i) {
        const std::uint64_t n = static_cast<std::uint64_t>(i) + 1;
        const std::uint64_t limit = ((std::uint64_t{1} << 32) / n) * n;
        std::uint64_t x;
        do {
            x = source.next();
        } while (x >= limit);
        const auto j = static_cast<int>(x % n);
        std::swap(deck[i], deck[j]);
    }
    return deck;
}

// Lays a shuffled deck out as pins and piles (step 4 of the algorithm).
Deal deal_from_deck(const std::array<Card, kDeckSize>& deck);
// Deal k of seed.
Deal deal_from_seed(const Seed& seed, std::uint32_t k);

// "6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H", the vectors' format.
std::string deal_text(const Deal& deal);
// Parses deal_text's format. Returns nullopt unless it names 20 distinct cards in that layout.
std::optional<Deal> parse_deal(std::string_view text);

}  // namespace pinfall::engine
