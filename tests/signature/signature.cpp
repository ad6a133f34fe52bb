// Prints the engine's behaviour signature, like Stockfish's `bench`: exactly one line
// "signature <N>". CTest pins N, so any change to dealing, legal plays or scoring shows up and
// has to be made deliberately.
//
// Games: for ruleset in (sackson, strict), for i in 0..1999, seed i = sha256("pinfall-signature-"
// + decimal i), dealt lazily by Game(ruleset, seed). Policy: every turn take the legal play that
// knocks the most pins, ties to the lowest pile, then the lowest group index (kGroups order);
// never stop or resign, so each ball ends when no legal play is left.
//
// N = 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over, for each game in
// that order, four bytes: the final score and the number of accepted actions, each as a 16-bit
// little-endian integer.
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>

#include "engine/game.hpp"
#include "engine/pins.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;

constexpr int kGamesPerRuleset = 2000;

class Fnv1a64 {
 public:
    void byte(std::uint8_t b) {
        hash_ ^= b;
        hash_ *= 0x100000001b3ull;
    }
    void u16le(std::uint16_t v) {
        byte(static_cast<std::uint8_t>(v & 0xFF));
        byte(static_cast<std::uint8_t>(v >> 8));
    }
    std::uint64_t value() const { return hash_; }

 private:
    std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

// The policy's action. REQUIRES: !game.over() (a legal play then exists).
Action most_pins_play(const Game& game) {
    const std::array<GroupSet, kPileCount> legal = game.legal();
    int best_pile = -1;
    PinMask best = 0;
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal[pile]; s; s &= s - 1) {
            const PinMask m = kGroups[std::countr_zero(s)];
            if (best_pile < 0 || pin_count(m) > pin_count(best)) {
                best_pile = pile;
                best = m;
            }
        }
    }
    std::array<int, 3> listed{};
    std::size_t n = 0;
    for (PinMask m = best; m; m &= m - 1) {
        listed[n++] = std::countr_zero(static_cast<unsigned>(m)) + 1;
    }
    return Action::play(best_pile, std::span<const int>(listed.data(), n));
}

}  // namespace

int main() {
    Fnv1a64 hash;
    for (const Ruleset ruleset : {Ruleset::kSackson, Ruleset::kStrict}) {
        for (int i = 0; i < kGamesPerRuleset; ++i) {
            Game game(ruleset, sha256("pinfall-signature-" + std::to_string(i)));
            while (!game.over()) {
                if (auto error = game.apply(most_pins_play(game))) {
                    std::fprintf(stderr, "game %d: the policy's play was refused\n", i);
                    return 1;
                }
            }
            hash.u16le(static_cast<std::uint16_t>(game.score()));
            hash.u16le(static_cast<std::uint16_t>(game.actions().size()));
        }
    }
    std::printf("signature %llu\n", static_cast<unsigned long long>(hash.value()));
    return 0;
}
