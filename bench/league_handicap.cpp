// Bowling Solitaire's score distribution under reference policies, and the league handicap
// defaults derived from it (docs/rules.md, "Averages and handicap"). Deterministic: seed i is
// sha256("pinfall-handicap-" + decimal i).
//
//   league_handicap N     for each ruleset, N games with each policy:
//     first   the first legal play listed (pile 1 first, groups in kGroups order), never stops
//             (a newcomer who takes whatever is offered);
//     greedy  the legal play that knocks the most pins (first of equals), never stops;
//     coach   the coach's top hint (engine::Coach: expected final score from what the
//             player sees), as a careful player would;
//     mixed   at each turn the coach's top hint or the greedy play, half and half (a fixed
//             pseudo-random sequence per seed): a player between the two.
//   Prints "policy <ruleset> <name> games N mean X sd X p10 X p25 X p50 X p75 X p90 X", then
//   "defaults <ruleset> basis B entering E" with the derivation the docs describe:
//     basis    = the coach's mean rounded up to a multiple of 10,
//     entering = the mixed policy's mean rounded down to a multiple of 10.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/reference_play.hpp"
#include "engine/coach.hpp"
#include "engine/game.hpp"
#include "engine/pins.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;

enum class Policy { kFirst, kGreedy, kCoach, kMixed };

// SplitMix64: the mixed policy's coin, the same on every platform.
std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The policy's next action; stop when no play is legal.
Action choose(Policy policy, const Game& game, Coach& coach, std::uint64_t& coin) {
    if (policy == Policy::kMixed) policy = splitmix(coin) & 1 ? Policy::kCoach : Policy::kGreedy;
    if (policy == Policy::kCoach) return coach.hints(coach_view_of(game)).front().action;
    return pinfall::bench::reference_action(game, policy == Policy::kGreedy);
}

struct Summary {
    double mean = 0;
    double sd = 0;
    std::vector<int> sorted;
    int q(double p) const {
        const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
        return sorted[i];
    }
};

Summary play_games(Ruleset ruleset, Policy policy, int n) {
    Summary out;
    double sum = 0, sq = 0;
    for (int i = 0; i < n; ++i) {
        Game game(ruleset, sha256("pinfall-handicap-" + std::to_string(i)));
        Coach coach;
        std::uint64_t coin = static_cast<std::uint64_t>(i);
        while (!game.over()) {
            if (game.apply(choose(policy, game, coach, coin))) {
                std::fprintf(stderr, "league_handicap: seed %d: a play was refused\n", i);
                std::exit(1);
            }
        }
        out.sorted.push_back(game.score());
        sum += game.score();
        sq += static_cast<double>(game.score()) * game.score();
    }
    std::sort(out.sorted.begin(), out.sorted.end());
    out.mean = sum / n;
    out.sd = std::sqrt(std::max(0.0, sq / n - out.mean * out.mean));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 0;
    if (n < 1) {
        std::fprintf(stderr, "usage: league_handicap N   (games per ruleset and policy)\n");
        return 2;
    }
    for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
        const std::string name(ruleset_name(r));
        double mixed_mean = 0, coach_mean = 0;
        for (const auto& [policy, label] :
             {std::pair{Policy::kFirst, "first"}, {Policy::kGreedy, "greedy"},
              {Policy::kMixed, "mixed"}, {Policy::kCoach, "coach"}}) {
            const Summary s = play_games(r, policy, n);
            std::printf("policy %s %s games %d mean %.1f sd %.1f p10 %d p25 %d p50 %d p75 %d p90 %d\n",
                        name.c_str(), label, n, s.mean, s.sd, s.q(0.10), s.q(0.25), s.q(0.50),
                        s.q(0.75), s.q(0.90));
            std::fflush(stdout);
            if (policy == Policy::kMixed) mixed_mean = s.mean;
            if (policy == Policy::kCoach) coach_mean = s.mean;
        }
        std::printf("defaults %s basis %d entering %d\n", name.c_str(),
                    static_cast<int>(std::ceil(coach_mean / 10) * 10),
                    static_cast<int>(std::floor(mixed_mean / 10) * 10));
    }
    return 0;
}
