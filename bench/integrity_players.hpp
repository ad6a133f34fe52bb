// The simulated players of bench/integrity_study.cpp (docs/integrity.md, "How it was
// calibrated"): seven honest kinds, which never read a face-down card, and three cheaters, which
// read the true deal (engine::KnownValues) on all, half or a quarter of their decisions.
// Header-only; a Players is a value for one thread at a time (three Coaches, tens of MB).
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "bench/reference_play.hpp"
#include "engine/coach.hpp"
#include "engine/integrity_values.hpp"
#include "engine/record.hpp"
#include "engine/review.hpp"

namespace pinfall::bench {

enum class Kind {
    kCoach,
    kSampler,
    kGreedy,
    kRandom,
    kNoisy05,
    kNoisy2,
    kNoisy5,
    kFull,
    kHalf,
    kQuarter
};
inline constexpr Kind kKinds[] = {Kind::kCoach,   Kind::kSampler, Kind::kGreedy, Kind::kRandom,
                                  Kind::kNoisy05, Kind::kNoisy2,  Kind::kNoisy5, Kind::kFull,
                                  Kind::kHalf,    Kind::kQuarter};
inline constexpr int kKindCount = 10;
inline constexpr int kHonestKinds = 7;  // the first seven

inline constexpr std::string_view kind_name(Kind k) {
    constexpr std::string_view names[] = {"coach",  "sampler", "greedy", "random", "noisy0.5",
                                          "noisy2", "noisy5",  "full",   "half",   "quarter"};
    return names[static_cast<int>(k)];
}
inline constexpr bool honest(Kind k) { return static_cast<int>(k) < kHonestKinds; }

class Players {
 public:
    // The sampler: a budget of one position, so every hint comes from 16 sampled deals
    // (determinisation: an optimistic style, the guard's reason to exist).
    Players() : sampler_(1, 16) {}

    // One game of kind on seed. rng: the player's own randomness (noisy, random, partial).
    engine::Record play(Kind kind, engine::Ruleset ruleset, const engine::Seed& seed,
                        std::uint64_t rng) {
        using namespace engine;
        rng_ = rng;
        const DealSet deals = deal_all(seed);
        Game game(ruleset, seed, deals);
        if (!honest(kind)) known_.start(ruleset, deals);
        while (!game.over()) {
            const Action a = choose(kind, game);
            if (game.apply(a)) break;  // unreachable: every choice is a legal action
        }
        return record_of(game);
    }

 private:
    double uniform() {
        std::uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
    }

    engine::Action softmax(const std::vector<engine::Hint>& hints, double t) {
        std::vector<double> w;
        double sum = 0;
        for (const auto& h : hints)
            sum += w.emplace_back(std::exp((h.expected - hints[0].expected) / t));
        double x = uniform() * sum;
        for (std::size_t i = 0; i < hints.size(); ++i) {
            if ((x -= w[i]) < 0) return hints[i].action;
        }
        return hints.back().action;
    }

    // The stealthiest clairvoyant: among the true-deal best choices, the coach's favourite.
    engine::Action clairvoyant(const engine::Game& game, const std::vector<engine::Hint>& hints) {
        using namespace engine;
        const std::vector<Action> actions = open_actions(game);
        const std::vector<int> p = known_.values(game);
        int best = p[0];
        for (const int v : p) best = std::max(best, v);
        for (const Hint& h : hints) {  // best first
            for (std::size_t j = 0; j < actions.size(); ++j) {
                if (p[j] == best && same_action(actions[j], h.action)) return h.action;
            }
        }
        return hints.front().action;
    }

    engine::Action choose(Kind kind, const engine::Game& game) {
        using namespace engine;
        switch (kind) {
            case Kind::kGreedy:
                return reference_action(game, true);
            case Kind::kRandom: {
                const std::vector<Action> actions = open_actions(game);
                return actions[static_cast<std::size_t>(uniform() * actions.size())];
            }
            case Kind::kSampler:
                return sampler_.hints(coach_view_of(game)).front().action;
            default:
                break;
        }
        const std::vector<Hint> hints = coach_.hints(coach_view_of(game));
        switch (kind) {
            case Kind::kNoisy05:
                return softmax(hints, 0.5);
            case Kind::kNoisy2:
                return softmax(hints, 2);
            case Kind::kNoisy5:
                return softmax(hints, 5);
            case Kind::kFull:
                return clairvoyant(game, hints);
            case Kind::kHalf:
                return uniform() < 0.5 ? clairvoyant(game, hints) : hints.front().action;
            case Kind::kQuarter:
                return uniform() < 0.25 ? clairvoyant(game, hints) : hints.front().action;
            default:
                return hints.front().action;
        }
    }

    engine::Coach coach_;
    engine::Coach sampler_;
    engine::KnownValues known_;
    std::uint64_t rng_ = 0;
};

}  // namespace pinfall::bench
