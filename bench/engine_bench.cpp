// Engine micro-benchmarks, run by bench/engine.sh (figures and goals in docs/benchmarks.md):
//
//   BM_LegalPlaysAllPiles   Game::legal() (Rack::legal for the three piles) on a pool of 1024
//                           mid-game states reached by random play. Goal: <= 50 ns.
//   BM_ValidatePlay/legal   Rack::check_play of a legal play, and /illegal of a standing,
//                           connected group that the rules still refuse (sum, first play or
//                           touch rule), so the check runs most of its steps.
//   BM_RandomGames/<rules>  whole games, deals made beforehand, a uniform random legal play each
//                           turn (never a voluntary stop). items_per_second = games per second.
//                           Goal: >= 150,000 games/s on one core.
//   BM_Deal                 engine::deal_from_seed alone; `block` is the time per SHA-256 block.
//
// Every input is derived from fixed seeds, so runs are comparable. Randomness is our own
// splitmix64, not <random> (whose distributions differ between standard libraries), so every
// build times the same states and games.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/deal.hpp"
#include "engine/game.hpp"
#include "engine/pins.hpp"
#include "engine/rack.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;

constexpr std::size_t kPoolSize = 1024;  // power of two: index with & (kPoolSize - 1)
constexpr int kSeedCount = 256;

class SplitMix64 {
 public:
    explicit SplitMix64(std::uint64_t state) : state_(state) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform enough in [0, n) for a benchmark policy. REQUIRES: n > 0.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

 private:
    std::uint64_t state_;
};

// The pins of mask as the list a player would send.
Action play_action(int pile, PinMask pins) {
    std::array<int, 3> listed{};
    std::size_t n = 0;
    for (PinMask m = pins; m; m &= m - 1) {
        listed[n++] = std::countr_zero(static_cast<unsigned>(m)) + 1;
    }
    return Action::play(pile, std::span<const int>(listed.data(), n));
}

// Applies one uniformly chosen legal play; aborts if the engine refuses it (a bug).
// REQUIRES: !game.over() (a legal play then exists).
void play_random(Game& game, SplitMix64& rng) {
    const std::array<GroupSet, kPileCount> legal = game.legal();
    std::array<std::uint32_t, kPileCount> count{};
    for (int p = 0; p < kPileCount; ++p) {
        count[p] = static_cast<std::uint32_t>(std::popcount(legal[p]));
    }
    std::uint32_t pick = rng.below(count[0] + count[1] + count[2]);
    int pile = 0;
    while (pick >= count[pile]) pick -= count[pile++];
    GroupSet s = legal[pile];
    for (; pick > 0; --pick) s &= s - 1;
    if (game.apply(play_action(pile, kGroups[std::countr_zero(s)]))) std::abort();
}

const std::vector<Seed>& bench_seeds() {
    static const std::vector<Seed> seeds = [] {
        std::vector<Seed> out;
        for (int i = 0; i < kSeedCount; ++i) {
            out.push_back(sha256("pinfall-bench-" + std::to_string(i)));
        }
        return out;
    }();
    return seeds;
}

// Deals 0-11 of each bench seed, made once so that game benchmarks time no SHA-256.
const std::vector<DealSet>& deal_sets() {
    static const std::vector<DealSet> sets = [] {
        std::vector<DealSet> out;
        for (const Seed& seed : bench_seeds()) out.push_back(deal_all(seed));
        return out;
    }();
    return sets;
}

// kPoolSize games stopped after a random number of random plays, both rulesets, none over.
const std::vector<Game>& state_pool() {
    static const std::vector<Game> pool = [] {
        std::vector<Game> out;
        out.reserve(kPoolSize);
        SplitMix64 rng(1);
        for (std::size_t i = 0; out.size() < kPoolSize; ++i) {
            const int s = static_cast<int>(i % kSeedCount);
            const Ruleset r = i % 2 ? Ruleset::kStrict : Ruleset::kSackson;
            Game game(r, bench_seeds()[s], deal_sets()[s]);
            for (std::uint32_t n = rng.below(40); n > 0 && !game.over(); --n) {
                play_random(game, rng);
            }
            if (!game.over()) out.push_back(game);
        }
        return out;
    }();
    return pool;
}

void BM_LegalPlaysAllPiles(benchmark::State& state) {
    const std::vector<Game>& pool = state_pool();
    std::size_t i = 0;
    for (auto _ : state) {
        std::array<GroupSet, kPileCount> legal = pool[i++ & (kPoolSize - 1)].legal();
        benchmark::DoNotOptimize(legal);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalPlaysAllPiles);

struct PlayCase {
    const Rack* rack;
    Ruleset ruleset;
    int pile;
    std::array<int, 3> pins;
    std::size_t pin_count;
};

// One case per pool state: a legal play of it, or (illegal) a connected group of standing pins
// on a non-empty pile that the rules refuse; states without such a play are skipped.
std::vector<PlayCase> play_cases(bool legal) {
    std::vector<PlayCase> out;
    SplitMix64 rng(2);
    for (const Game& game : state_pool()) {
        const Rack& rack = game.rack();
        const std::array<GroupSet, kPileCount> ok = game.legal();
        std::vector<std::pair<int, PinMask>> candidates;
        for (int pile = 0; pile < kPileCount; ++pile) {
            if (rack.face_up(pile) == kNoCard) continue;
            for (int g = 0; g < kGroupCount; ++g) {
                const bool standing = (kGroups[g] & rack.standing()) == kGroups[g];
                const bool is_legal = ok[pile] >> g & 1;
                if (standing && is_legal == legal) candidates.emplace_back(pile, kGroups[g]);
            }
        }
        if (candidates.empty()) continue;
        const auto [pile, mask] =
            candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
        PlayCase c{&rack, game.ruleset(), pile, {}, 0};
        for (PinMask m = mask; m; m &= m - 1) {
            c.pins[c.pin_count++] = std::countr_zero(static_cast<unsigned>(m)) + 1;
        }
        out.push_back(c);
    }
    return out;
}

void BM_ValidatePlay(benchmark::State& state, bool legal) {
    const std::vector<PlayCase> cases = play_cases(legal);
    std::size_t i = 0;
    for (auto _ : state) {
        const PlayCase& c = cases[i];
        if (++i == cases.size()) i = 0;
        PinMask mask = 0;
        auto error = c.rack->check_play(c.pile, std::span<const int>(c.pins.data(), c.pin_count),
                                        c.ruleset, &mask);
        benchmark::DoNotOptimize(error);
        benchmark::DoNotOptimize(mask);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["cases"] = static_cast<double>(cases.size());
}
BENCHMARK_CAPTURE(BM_ValidatePlay, legal, true);
BENCHMARK_CAPTURE(BM_ValidatePlay, illegal, false);

void BM_RandomGames(benchmark::State& state, Ruleset ruleset) {
    const std::vector<DealSet>& sets = deal_sets();
    const std::vector<Seed>& seeds = bench_seeds();
    SplitMix64 rng(3);
    std::size_t i = 0;
    std::int64_t actions = 0;
    for (auto _ : state) {
        const int s = static_cast<int>(i++ % kSeedCount);
        Game game(ruleset, seeds[s], sets[s]);
        while (!game.over()) play_random(game, rng);
        actions += static_cast<std::int64_t>(game.actions().size());
        benchmark::DoNotOptimize(game.score());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["actions_per_game"] =
        static_cast<double>(actions) / static_cast<double>(state.iterations());
}
BENCHMARK_CAPTURE(BM_RandomGames, sackson, Ruleset::kSackson);
BENCHMARK_CAPTURE(BM_RandomGames, strict, Ruleset::kStrict);

// Counts the words a shuffle draws, to turn deal time into time per SHA-256 block.
struct CountingWords {
    DealWordStream stream;
    int words = 0;
    std::uint32_t next() {
        ++words;
        return stream.next();
    }
};

void BM_Deal(benchmark::State& state) {
    const std::vector<Seed>& seeds = bench_seeds();
    std::int64_t blocks_per_round = 0;  // blocks of one pass over every (seed, k)
    for (const Seed& seed : seeds) {
        for (int k = 0; k < kMaxDeals; ++k) {
            CountingWords w{DealWordStream(seed, static_cast<std::uint32_t>(k))};
            shuffle_deck(w);
            blocks_per_round += (w.words + 7) / 8;
        }
    }
    std::size_t s = 0;
    std::uint32_t k = 0;
    for (auto _ : state) {
        Deal deal = deal_from_seed(seeds[s], k);
        benchmark::DoNotOptimize(deal);
        if (++k == kMaxDeals) {
            k = 0;
            if (++s == seeds.size()) s = 0;
        }
    }
    const double deals_per_round = static_cast<double>(kSeedCount * kMaxDeals);
    const double blocks_per_deal = static_cast<double>(blocks_per_round) / deals_per_round;
    state.SetItemsProcessed(state.iterations());
    state.counters["blocks_per_deal"] = blocks_per_deal;
    state.counters["block"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * blocks_per_deal,
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Deal);

}  // namespace

BENCHMARK_MAIN();
