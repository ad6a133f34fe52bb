// Par solver timing, run by bench/par.sh (figures and goals in docs/benchmarks.md, "Par").
//
// For each ruleset, 1,000 seeds (seed i = sha256("pinfall-par-bench-" + decimal i)): the time of
// a whole game's par, deals included (deal_all + ParSolver::solve, one solver reused, as a worker
// would), as the CPU time of this thread (CLOCK_THREAD_CPUTIME_ID), so time the core gave other
// processes is left out. Each game is timed once after a warm-up pass over 50 other seeds. Every
// best line is replayed (untimed) and must end over at exactly par, or the program fails.
//
// Prints one line per ruleset on stdout, "key value" pairs:
//   par <ruleset> games N median_us X p99_us X max_us X mean_us X mean_par X share_300 X
// Usage: par_bench [games]   (default 1000)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/reference_play.hpp"
#include "engine/par.hpp"
#include "engine/record.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;
using pinfall::bench::thread_seconds;

Seed bench_seed(const std::string& prefix, int i) { return sha256(prefix + std::to_string(i)); }

// The value below which a share q of sorted xs lies (nearest rank).
double quantile(const std::vector<double>& sorted, double q) {
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(sorted.size()) + 0.999999);
    return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

bool measure_par(Ruleset ruleset, int games) {
    ParSolver solver;
    for (int i = 0; i < 50; ++i)
        solver.solve(ruleset, deal_all(bench_seed("pinfall-par-warmup-", i)));
    std::vector<double> micros;
    micros.reserve(static_cast<std::size_t>(games));
    long par_sum = 0;
    int perfect = 0;
    for (int i = 0; i < games; ++i) {
        const Seed seed = bench_seed("pinfall-par-bench-", i);
        const double start = thread_seconds();
        const ParResult result = solver.solve(ruleset, deal_all(seed));
        micros.push_back((thread_seconds() - start) * 1e6);
        const ReplayResult replayed = replay(par_record(ruleset, seed, result));
        if (!replayed.ok() || !replayed.game.over() || replayed.game.score() != result.par) {
            std::fprintf(stderr, "par_bench: seed %d (%s): the line does not replay to par %d\n", i,
                         std::string(ruleset_name(ruleset)).c_str(), result.par);
            return false;
        }
        par_sum += result.par;
        perfect += result.par == 300;
    }
    double total = 0;
    for (const double m : micros) total += m;
    std::sort(micros.begin(), micros.end());
    std::printf(
        "par %s games %d median_us %.1f p99_us %.1f max_us %.1f mean_us %.1f mean_par %.2f "
        "share_300 %.4f\n",
        std::string(ruleset_name(ruleset)).c_str(), games, quantile(micros, 0.5),
        quantile(micros, 0.99), micros.back(), total / games, static_cast<double>(par_sum) / games,
        static_cast<double>(perfect) / games);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 1000;
    if (games < 1) {
        std::fprintf(stderr, "usage: par_bench [games]\n");
        return 2;
    }
    for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
        if (!measure_par(r, games)) return 1;
    }
    return 0;
}
