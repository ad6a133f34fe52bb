// The coach's expected loss against exact play (issue 16's luck-free goal: <= 0.2 points a
// game), run by `par_coach loss N G [ruleset]` (bench/par_coach.cpp, bench/par.sh).
//
// "Exact play" is the coach's own expectimax with no node budget (Coach(SIZE_MAX)): the same
// view, the same table of expected future points, every face-down card averaged over, never
// read. At each decision of a game played by a policy, loss = E_exact(best action) -
// E_exact(the action the policy took), both from the unbudgeted search at the player's view;
// a game's loss is the sum over its decisions. That is the expectation the policy gives away,
// independent of which cards then turn up (luck-free).
//
//   coach   the default Coach's top hint (budget 2^17, 48-sample fallback), on seeds 0..N-1 of
//           the par bench (sha256("pinfall-par-bench-" + i)): the games `par_coach games` plays.
//           A hint the budgeted search answered exactly is the exact search's ranking, so it
//           loses 0 by construction; only the fallback's hints are re-searched unbudgeted.
//   greedy  the legal play that knocks the most pins (first of equals, as bench/
//           league_handicap.cpp), on seeds 0..G-1; every decision is re-searched.
//
// Prints, per ruleset:
//   loss <ruleset> games N mean X p99 X max X share X decisions N fallbacks N lossy N
//        exact_fallbacks N seconds X greedy_games G greedy_mean X greedy_p99 X greedy_seconds X
// mean/p99/max: points a game; share: % of games with any loss; lossy: fallback hints whose
// choice was worse than exact; exact_fallbacks: unbudgeted searches that fell back anyway
// (must be 0, or the "exact" values are sampled); seconds: CPU time of this thread.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/reference_play.hpp"
#include "engine/coach.hpp"
#include "engine/review.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;
using pinfall::bench::reference_action;
using pinfall::bench::thread_seconds;

// Below this a difference is rounding, not a worse choice (values are sums of ~1e2 doubles).
constexpr double kEps = 1e-9;

double quantile_of(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(v.size()) + 0.999999);
    return v[std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1];
}

double mean_of(const std::vector<double>& v) {
    double s = 0;
    for (const double x : v) s += x;
    return v.empty() ? 0 : s / static_cast<double>(v.size());
}

struct Counts {
    long decisions = 0;
    long fallbacks = 0;
    long lossy = 0;
    long exact_fallbacks = 0;
};

// E_exact(best) - E_exact(a) at v, from the unbudgeted coach; < 0 when a is not legal there.
double exact_loss(Coach& exact, const CoachView& v, const Action& a, Counts& c) {
    const std::vector<Hint> hints = exact.hints(v);
    c.exact_fallbacks += !exact.last_exact();
    const auto it = std::find_if(hints.begin(), hints.end(),
                                 [&](const Hint& h) { return same_action(h.action, a); });
    if (it == hints.end()) return -1;
    const double loss = hints.front().expected - it->expected;
    return loss > kEps ? loss : 0;
}

// One game of seed i; greedy when budgeted is null. Returns its loss, < 0 on a refusal.
double game_loss(Ruleset ruleset, int i, Coach* budgeted, Coach& exact, Counts& c) {
    const Seed seed = sha256("pinfall-par-bench-" + std::to_string(i));
    Game game(ruleset, seed);
    double total = 0;
    while (!game.over()) {
        const CoachView view = coach_view_of(game);
        Action a;
        double loss = 0;
        ++c.decisions;
        if (budgeted) {
            const std::vector<Hint> hints = budgeted->hints(view);
            if (hints.empty()) return -1;
            a = hints.front().action;
            // Exact within budget: the unbudgeted search gives the same ranking, loss 0.
            if (!budgeted->last_exact()) {
                ++c.fallbacks;
                loss = exact_loss(exact, view, a, c);
                c.lossy += loss > 0;
            }
        } else {
            a = reference_action(game, /*greedy=*/true);
            loss = exact_loss(exact, view, a, c);
        }
        if (loss < 0 || game.apply(a)) {
            std::fprintf(stderr, "par_coach loss: seed %d: a play was refused\n", i);
            return -1;
        }
        total += loss;
    }
    return total;
}

}  // namespace

bool measure_loss(Ruleset ruleset, int games, int greedy_games) {
    // One unbudgeted Coach for the whole run: it holds its table (tens of MB) between racks.
    Coach exact(SIZE_MAX);
    Counts coach_counts, greedy_counts;
    std::vector<double> coach_loss, greedy_loss;
    const double start = thread_seconds();
    Coach coach;  // one for all games, as `par_coach games` and each server thread
    for (int i = 0; i < games; ++i) {
        const double l = game_loss(ruleset, i, &coach, exact, coach_counts);
        if (l < 0) return false;
        coach_loss.push_back(l);
    }
    const double coach_seconds = thread_seconds() - start;
    for (int i = 0; i < greedy_games; ++i) {
        const double l = game_loss(ruleset, i, nullptr, exact, greedy_counts);
        if (l < 0) return false;
        greedy_loss.push_back(l);
    }
    const double greedy_seconds = thread_seconds() - start - coach_seconds;
    const auto with_loss = std::count_if(coach_loss.begin(), coach_loss.end(),
                                         [](double l) { return l > 0; });
    std::printf(
        "loss %s games %d mean %.4f p99 %.4f max %.4f share %.2f decisions %ld fallbacks %ld "
        "lossy %ld exact_fallbacks %ld seconds %.1f greedy_games %d greedy_mean %.2f "
        "greedy_p99 %.2f greedy_seconds %.1f\n",
        std::string(ruleset_name(ruleset)).c_str(), games, mean_of(coach_loss),
        quantile_of(coach_loss, 0.99), quantile_of(coach_loss, 1.0),
        games > 0 ? 100.0 * static_cast<double>(with_loss) / games : 0.0, coach_counts.decisions,
        coach_counts.fallbacks, coach_counts.lossy,
        coach_counts.exact_fallbacks + greedy_counts.exact_fallbacks, coach_seconds, greedy_games,
        mean_of(greedy_loss), quantile_of(greedy_loss, 0.99), greedy_seconds);
    std::fflush(stdout);
    return true;
}
