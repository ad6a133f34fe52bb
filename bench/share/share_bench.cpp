// Share cards (server/app/share/): how long a card takes, as ShareCards does it on its render
// thread (cached_card_png): uncached, the layout, cairo's drawing and the PNG's encoding of a
// result not seen before; cached, the key and the cache's lookup. Wall-clock percentiles over
// `results` distinct finished daily games (the engine plays them: a mix of greedy and random
// players, one in five ending early), each rendered once, then each looked up `lookups` times;
// the renders' thread CPU time too, which other work on the machine inflates least.
//
// Usage: share_bench [results=400] [lookups=20] [--write DIR]
//   --write DIR: also writes DIR/share-card.png (a sample result before its day's reveal) and
//   DIR/share-card-revealed.png (the same after it), for docs/screens/.
// A plain program (no Google Benchmark): it reports quantiles, as bench/par_bench.cpp does.
#include <time.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/pins.hpp"
#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/share/share_cards.hpp"

using namespace pinfall;
using namespace pinfall::server;
using Steady = std::chrono::steady_clock;

namespace {

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// A finished daily attempt: greedy (the play felling most pins) or random plays.
storage::GameRow play_daily(std::int64_t id, const std::string& day, Rng& rng) {
    storage::GameRow g;
    g.id = id;
    g.player = id;
    g.mode = storage::GameMode::kDaily;
    g.day = day;
    g.seed = engine::daily_seed("bench-secret", day);
    engine::Game game(engine::Ruleset::kSackson, g.seed);
    const bool greedy = rng.below(2) == 0;
    const int resign_at = rng.below(5) == 0 ? rng.below(30) : -1;
    for (int step = 0; !game.over(); ++step) {
        engine::Action best = engine::Action::stop();
        int best_pins = 0, seen = 0;
        const auto legal = game.legal();
        for (int pile = 0; pile < engine::kPileCount; ++pile) {
            for (auto set = legal[pile]; set; set &= set - 1) {
                const engine::PinMask m = engine::kGroups[std::countr_zero(set)];
                ++seen;
                const bool take = greedy ? engine::pin_count(m) > best_pins : rng.below(seen) == 0;
                if (!take) continue;
                std::vector<int> pins;
                for (int p = 1; p <= 10; ++p) {
                    if (m & engine::pin_bit(p)) pins.push_back(p);
                }
                best = engine::Action::play(pile, pins);
                best_pins = engine::pin_count(m);
            }
        }
        if (step == resign_at) best = engine::Action::resign();
        game.apply(best);
    }
    g.actions = game.actions();
    g.resigned = game.resigned();
    g.score = game.score();
    g.finished_at = 1;
    return g;
}

double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

void report(const char* what, const std::vector<double>& ms) {
    std::printf("%-13s n=%zu p50=%.3f ms p90=%.3f ms p99=%.3f ms max=%.3f ms\n", what, ms.size(),
                quantile(ms, 0.5), quantile(ms, 0.9), quantile(ms, 0.99),
                *std::max_element(ms.begin(), ms.end()));
}

// CPU milliseconds the calling thread has used: what other work on the machine inflates least.
double thread_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

bool write_file(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
    int results = 400, lookups = 20;
    std::string write_dir;
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--write" && i + 1 < argc) {
            write_dir = argv[++i];
        } else {
            positional.push_back(a);
        }
    }
    if (positional.size() > 0) results = std::max(1, std::stoi(positional[0]));
    if (positional.size() > 1) lookups = std::max(1, std::stoi(positional[1]));

    Rng rng{0x5eedcafe};
    std::vector<ShareFacts> facts;
    const auto first = *day_start("2026-01-01");
    for (int i = 0; i < results; ++i) {
        const std::string day = utc_date(first + std::chrono::hours(24 * (i % 365)));
        const auto g = play_daily(i + 1, day, rng);
        const std::uint64_t total = 1 + rng.below(100000);
        const auto rank = 1 + rng.below(static_cast<int>(total));
        const bool revealed = rng.below(2) == 0;
        facts.push_back(share_facts(g, "Player " + std::to_string(i + 1),
                                    ShareStanding{rank, total, total - rank + 1}, {}, revealed,
                                    150 + rng.below(100)));
    }
    // The first render in a process reads fontconfig's configuration: the server does one at
    // start (ShareCards' constructor), so it is left out here too.
    ShareCache warm(1);
    cached_card_png(warm, facts.front());

    ShareCache cache(static_cast<std::size_t>(results));
    std::vector<double> uncached, uncached_cpu, cached;
    std::size_t bytes = 0;
    for (const auto& f : facts) {
        const auto t0 = Steady::now();
        const double c0 = thread_ms();
        bool rendered = false;
        const auto png = cached_card_png(cache, f, &rendered);
        const double c1 = thread_ms();
        const auto t1 = Steady::now();
        uncached_cpu.push_back(c1 - c0);
        if (!png || !rendered) {
            std::fprintf(stderr, "share_bench: game %lld not rendered\n",
                         static_cast<long long>(f.game));
            return 1;
        }
        bytes += png->size();
        uncached.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    for (int round = 0; round < lookups; ++round) {
        for (const auto& f : facts) {
            const auto t0 = Steady::now();
            bool rendered = true;
            const auto png = cached_card_png(cache, f, &rendered);
            const auto t1 = Steady::now();
            if (!png || rendered) {
                std::fprintf(stderr, "share_bench: game %lld missed the cache\n",
                             static_cast<long long>(f.game));
                return 1;
            }
            cached.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
    }
    report("uncached", uncached);
    report("uncached cpu", uncached_cpu);
    report("cached", cached);
    std::printf("png mean=%.1f KB\n", static_cast<double>(bytes) / results / 1024.0);

    if (!write_dir.empty()) {
        // A sample result: the best greedy game of the first 40 days, before and after the reveal.
        Rng sample_rng{2026};
        storage::GameRow best;
        for (int i = 0; i < 40; ++i) {
            const auto g = play_daily(12, "2026-11-29", sample_rng);
            if (!g.resigned && g.score > best.score) best = g;
        }
        const std::vector<std::string> days = {"2026-11-25", "2026-11-26", "2026-11-27",
                                               "2026-11-28", "2026-11-20", "2026-11-21",
                                               "2026-11-22", "2026-11-23", "2026-11-18",
                                               "2026-11-19"};
        const ShareStanding standing{3, 17, 15};
        ShareCache none(4);
        const auto before = cached_card_png(
            none, share_facts(best, "Ann Lee", standing, days, false, std::nullopt));
        const auto after = cached_card_png(
            none, share_facts(best, "Ann Lee", ShareStanding{4, 23, 20}, days, true, 142));
        if (!before || !after || !write_file(write_dir + "/share-card.png", *before) ||
            !write_file(write_dir + "/share-card-revealed.png", *after)) {
            std::fprintf(stderr, "share_bench: cannot write %s\n", write_dir.c_str());
            return 1;
        }
        std::printf("wrote %s/share-card.png and share-card-revealed.png\n", write_dir.c_str());
    }
    return 0;
}
