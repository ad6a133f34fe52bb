// The clairvoyance study (issue 27, docs/integrity.md), run by bench/integrity.sh.
//
//   integrity_study run N [FIRST] [THREADS] [sackson|strict] [honest]
//       seeds i = FIRST..FIRST+N-1 (seed i = sha256("pinfall-integrity-study-" + decimal i)),
//       each played by every kind of bench/integrity_players.hpp (the same seeds for every
//       kind; with `honest`, the seven honest kinds only) and analysed by
//       engine::IntegrityAnalyzer. A player's own randomness is seeded by
//       ((i - FIRST) * 10 + kind) * 7919 + 17 (kind: its place in kKinds), so a run is
//       reproduced by the same N, FIRST and kinds. Prints one line a game, in seed order
//       whatever THREADS (default 2):
//         game <ruleset> <kind> <i> llr X gsum X gvar X deciding N decisions N tau X score N
//         par N ms X flagged 0|1 terms T1,T2,... (or -)
//       ms: CPU ms of the analysis alone (this thread's clock); flagged: the engine's verdict;
//       terms: each deciding decision's LLR term before the cap (so the report can try caps).
//   integrity_study report FILE...
//       reads the game lines and, per ruleset, calibrates the thresholds (calibrate() below),
//       then prints "key value" lines: false flags, detection in single games and over seven
//       games, games with no deciding decision, analysis cost, with calibrated and with the
//       engine's own thresholds (engine::integrity_thresholds).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/integrity_players.hpp"
#include "engine/integrity.hpp"
#include "engine/seed.hpp"

namespace {

using namespace pinfall::engine;
using pinfall::bench::Kind;

struct Row {
    std::string ruleset, kind;
    int seed = 0;
    IntegrityEvidence e;
    int decisions = 0, score = 0, par = 0, flagged = 0;
    double tau = 0, ms = 0;
    std::vector<double> terms;  // the deciding decisions' LLR terms, uncapped
};

void print_row(const Row& r) {
    std::printf(
        "game %s %s %d llr %.4f gsum %.4f gvar %.4f deciding %d decisions %d tau %.4f "
        "score %d par %d ms %.2f flagged %d ",
        r.ruleset.c_str(), r.kind.c_str(), r.seed, r.e.llr, r.e.guard_sum, r.e.guard_var,
        r.e.deciding, r.decisions, r.tau, r.score, r.par, r.ms, r.flagged);
    std::string terms;
    for (const double t : r.terms) terms += (terms.empty() ? "" : ",") + std::to_string(t);
    std::printf("terms %s\n", terms.empty() ? "-" : terms.c_str());
}

int run(Ruleset ruleset, int n, int first, int threads, bool honest_only) {
    const int kinds = honest_only ? pinfall::bench::kHonestKinds : pinfall::bench::kKindCount;
    const int items = n * kinds;
    std::vector<Row> rows(static_cast<std::size_t>(items));
    std::atomic<int> next{0};
    std::atomic<int> failed{0};
    auto work = [&] {
        pinfall::bench::Players players;
        IntegrityAnalyzer analyzer;
        for (int item; (item = next.fetch_add(1)) < items;) {
            const int i = first + item / kinds;
            const int k = item % kinds;
            const Kind kind = pinfall::bench::kKinds[k];
            const Seed seed = sha256("pinfall-integrity-study-" + std::to_string(i));
            const auto rng =
                static_cast<std::uint64_t>((i - first) * pinfall::bench::kKindCount + k);
            const Record record = players.play(kind, ruleset, seed, rng * 7919 + 17);
            const double start = pinfall::bench::thread_seconds();
            const auto report = analyzer.analyze(record);
            const double ms = (pinfall::bench::thread_seconds() - start) * 1e3;
            if (!report) {
                ++failed;
                continue;
            }
            Row& r = rows[static_cast<std::size_t>(item)];
            r = {std::string(ruleset_name(ruleset)),
                 std::string(pinfall::bench::kind_name(kind)),
                 i,
                 report->evidence,
                 report->decisions,
                 report->score,
                 report->par,
                 report->flagged ? 1 : 0,
                 report->tau,
                 ms,
                 {}};
            for (const auto& d : report->drivers) r.terms.push_back(d.llr);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    for (const Row& r : rows) {
        if (!r.kind.empty()) print_row(r);
    }
    if (failed) std::fprintf(stderr, "integrity_study: %d games did not analyse\n", failed.load());
    return failed ? 1 : 0;
}

}  // namespace

int integrity_report_main(const std::vector<std::string>& files);  // integrity_study_report.cpp

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "report") return integrity_report_main({argv + 2, argv + argc});
    const int n = argc > 2 ? std::atoi(argv[2]) : 0;
    const int first = argc > 3 ? std::atoi(argv[3]) : 0;
    const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
    const auto only = argc > 5 ? parse_ruleset(argv[5]) : std::nullopt;
    const bool honest_only = argc > 6 && std::string(argv[6]) == "honest";
    if (mode != "run" || n < 1 || first < 0 || threads < 1 || (argc > 5 && !only) ||
        (argc > 6 && !honest_only)) {
        std::fprintf(
            stderr,
            "usage: integrity_study run N [FIRST] [THREADS] [ruleset] [honest] | report FILE...\n");
        return 2;
    }
    int rc = 0;
    for (const Ruleset r : {Ruleset::kSackson, Ruleset::kStrict}) {
        if (!only || *only == r) rc |= run(r, n, first, threads, honest_only);
    }
    return rc;
}
