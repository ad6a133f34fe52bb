// The coach measured, run by bench/par.sh (docs/benchmarks.md, "Par"), and the tool that makes
// the coach's table of expected future points (engine/coach_table.cpp).
//
//   par_coach games N     for each ruleset, N seeds (seed i = sha256("pinfall-par-bench-" +
//                         decimal i), the par bench's first N): a game played by the coach's top
//                         hint at every turn. Prints, per ruleset, "key value" pairs:
//     coach <ruleset> games N mean_score X mean_par X pct_par X mean_pct X hint_median_us X
//                         hint_p99_us X hints N fallbacks N
//                         (pct_par: mean score / mean par; mean_pct: the mean of score / par)
//                         with hint times the CPU time of this thread (CLOCK_THREAD_CPUTIME_ID)
//                         for Coach::hints, one Coach for all games (as a server thread).
//   par_coach table N     estimate_future_table over N sampled deals, per ruleset, printed as
//                         the C++ initialisers coach_table.cpp holds.
//   par_coach probe N     one exact search of each of N fresh racks: positions visited, time.
//   par_coach loss N G [ruleset]
//                         the coach's expected loss a game against exact play on seeds 0..N-1,
//                         the greedy player's on seeds 0..G-1 (bench/par_coach_loss.cpp); both
//                         rulesets unless one is named (so the two can run side by side).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bench/reference_play.hpp"
#include "engine/coach.hpp"
#include "engine/par.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;
using pinfall::bench::thread_seconds;

double quantile(const std::vector<double>& sorted, double q) {
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(sorted.size()) + 0.999999);
    return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

bool measure_coach(Ruleset ruleset, int games) {
    std::vector<double> micros;
    long score_sum = 0, par_sum = 0;
    double pct_sum = 0;
    int fallbacks = 0;
    ParSolver solver;
    // One Coach for every game, as each of the server's analysis threads keeps one
    // (server/app/coach/analysis_requests.cpp): its table is allocated once, not in a hint's time.
    Coach coach;
    for (int i = 0; i < games; ++i) {
        const Seed seed = sha256("pinfall-par-bench-" + std::to_string(i));
        Game game(ruleset, seed);
        while (!game.over()) {
            const CoachView view = coach_view_of(game);
            const double start = thread_seconds();
            const std::vector<Hint> hints = coach.hints(view);
            micros.push_back((thread_seconds() - start) * 1e6);
            fallbacks += !coach.last_exact();
            if (hints.empty() || game.apply(hints.front().action)) {
                std::fprintf(stderr, "par_coach: seed %d: the coach's play was refused\n", i);
                return false;
            }
        }
        const int par = solver.solve(ruleset, deal_all(seed)).par;
        score_sum += game.score();
        par_sum += par;
        pct_sum += par > 0 ? 100.0 * game.score() / par : 100.0;
    }
    std::sort(micros.begin(), micros.end());
    std::printf(
        "coach %s games %d mean_score %.2f mean_par %.2f pct_par %.2f mean_pct %.2f "
        "hint_median_us %.1f hint_p99_us %.1f hints %zu fallbacks %d\n",
        std::string(ruleset_name(ruleset)).c_str(), games, static_cast<double>(score_sum) / games,
        static_cast<double>(par_sum) / games,
        100.0 * static_cast<double>(score_sum) / static_cast<double>(par_sum), pct_sum / games,
        quantile(micros, 0.5), quantile(micros, 0.99), micros.size(), fallbacks);
    return true;
}

void print_table(Ruleset ruleset, int samples) {
    Expectimax search(std::size_t{1} << 22);  // exact on every fresh rack seen so far
    int fallbacks = 0;
    const double start = thread_seconds();
    const FutureTable t =
        estimate_future_table(ruleset, samples, "pinfall-coach-table-", search, &fallbacks);
    std::printf("// %s: %d deals, %d fallbacks, %.1f s\n",
                std::string(ruleset_name(ruleset)).c_str(), samples, fallbacks,
                thread_seconds() - start);
    std::printf("{{{\n");
    for (const auto& row : t.frames) {
        std::printf("    {%.4f, %.4f, %.4f, %.4f},\n", row[0], row[1], row[2], row[3]);
    }
    std::printf("}}, %.4f, {%.4f, %.4f}}\n", t.first_ball, t.after_strike[0], t.after_strike[1]);
}

// One exact search of each of n fresh racks under frame 1's goal: positions and time.
void probe(Ruleset ruleset, int n) {
    const FutureTable& t = future_table(ruleset);
    Expectimax search;
    for (int i = 0; i < n; ++i) {
        const Deal deal = deal_from_seed(sha256("pinfall-coach-table-" + std::to_string(i)), 0);
        const HiddenRack h = fresh_rack(deal);
        const double start = thread_seconds();
        search.prepare(h, ruleset, frame_goal(t, 1, Bonus::kNone, 0));
        const double v = search.value(h);
        std::printf("probe %s %d value %.3f positions %zu ms %.1f exact %d\n",
                    std::string(ruleset_name(ruleset)).c_str(), i, v, search.positions(),
                    (thread_seconds() - start) * 1e3, search.ok());
    }
}

}  // namespace

bool measure_loss(Ruleset ruleset, int games, int greedy_games);  // par_coach_loss.cpp

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    const int n = argc > 2 ? std::atoi(argv[2]) : 0;
    if (mode == "loss") {
        const int greedy = argc > 3 ? std::atoi(argv[3]) : 0;
        const auto only = argc > 4 ? parse_ruleset(argv[4]) : std::nullopt;
        if (n < 1 || greedy < 0 || (argc > 4 && !only)) {
            std::fprintf(stderr, "usage: par_coach loss N G [sackson|strict]\n");
            return 2;
        }
        for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
            if ((!only || *only == r) && !measure_loss(r, n, greedy)) return 1;
        }
        return 0;
    }
    if (mode == "probe") {
        for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) probe(r, n);
        return 0;
    }
    if ((mode != "games" && mode != "table") || n < 1) {
        std::fprintf(stderr, "usage: par_coach games N | table N | probe N | loss N G [ruleset]\n");
        return 2;
    }
    for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
        if (mode == "table") {
            print_table(r, n);
        } else if (!measure_coach(r, n)) {
            return 1;
        }
    }
    return 0;
}
