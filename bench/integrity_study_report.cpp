// integrity_study report: calibration and rates from the game lines of integrity_study run
// (see integrity_study.cpp for the format and docs/integrity.md for the method).
//
// Calibration, per ruleset: for each guard threshold Tz of a grid (none, then -1 to 3 by 0.05), the
// LLR threshold is the largest LLR of an honest game (with a deciding decision) whose z reaches Tz,
// plus kMargin; the pair kept is the one that flags most full clairvoyants (ties: the larger Tz,
// which leans on the guard). Weeks the same over every rolling window of seven consecutive seeds
// of one honest kind, kept by the most half- plus quarter-cheater weeks (blocks of seven seeds).
// Each game's LLR is summed again from its uncapped terms under the engine's caps,
// kLlrTermCap for single games and kWeekLlrTermCap for weeks (PINFALL_INTEGRITY_CAP and
// PINFALL_INTEGRITY_WEEK_CAP try others). So no honest game or window of the run is flagged by
// construction; "held out" recalibrates on the even seeds alone and counts the odd seeds' honest
// games it flags.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/integrity.hpp"

namespace {

using pinfall::engine::IntegrityEvidence;

constexpr double kMargin = 1.0;
constexpr int kWeek = 7;

struct Game {
    std::string kind;
    int seed = 0;
    IntegrityEvidence e;
    double ms = 0;
    int score = 0, par = 0;
};

bool honest(const std::string& kind) {
    return kind != "full" && kind != "half" && kind != "quarter";
}

struct Pair {
    double llr = 0, z = -1e9;
    bool flags(const IntegrityEvidence& e) const {
        return e.deciding > 0 && e.llr >= llr && e.z() >= z;
    }
};

IntegrityEvidence sum_of(const std::vector<const Game*>& games) {
    IntegrityEvidence s;
    for (const Game* g : games) {
        s.llr += g->e.week_llr;
        s.guard_sum += g->e.guard_sum;
        s.guard_var += g->e.guard_var;
        s.deciding += g->e.deciding;
    }
    return s;
}

double share(const std::vector<IntegrityEvidence>& xs, const Pair& p) {
    if (xs.empty()) return 0;
    return static_cast<double>(
               std::count_if(xs.begin(), xs.end(), [&](auto& e) { return p.flags(e); })) /
           static_cast<double>(xs.size());
}

// The pair that never flags `honest` and maximises score(pair).
Pair calibrate(const std::vector<IntegrityEvidence>& honest_set,
               const std::function<double(const Pair&)>& score) {
    Pair best;
    double best_score = -1;
    std::vector<double> grid = {-1e9};
    for (int i = -20; i <= 60; ++i) grid.push_back(i * 0.05);
    for (const double tz : grid) {
        double top = 0;
        for (const auto& e : honest_set) {
            if (e.deciding > 0 && e.z() >= tz) top = std::max(top, e.llr);
        }
        const Pair p{top + kMargin, tz};
        const double s = score(p);
        if (s >= best_score) {
            best_score = s;
            best = p;
        }
    }
    return best;
}

using ByKind = std::map<std::string, std::vector<Game>>;  // each sorted by seed

std::vector<IntegrityEvidence> singles(const ByKind& k, const std::string& kind, int parity = -1) {
    std::vector<IntegrityEvidence> out;
    if (!k.count(kind)) return out;
    for (const Game& g : k.at(kind)) {
        if (parity < 0 || g.seed % 2 == parity) out.push_back(g.e);
    }
    return out;
}

// Windows of seven consecutive seeds: every one (rolling) or blocks 7w..7w+6.
std::vector<IntegrityEvidence> weeks(const ByKind& k, const std::string& kind, bool rolling) {
    std::vector<IntegrityEvidence> out;
    if (!k.count(kind)) return out;
    const auto& gs = k.at(kind);
    for (std::size_t i = 0; i + kWeek <= gs.size(); i += rolling ? 1 : kWeek) {
        if (gs[i + kWeek - 1].seed - gs[i].seed != kWeek - 1) continue;
        if (!rolling && gs[i].seed % kWeek != 0) continue;
        std::vector<const Game*> w;
        for (int j = 0; j < kWeek; ++j) w.push_back(&gs[i + j]);
        out.push_back(sum_of(w));
    }
    return out;
}

double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(v.size()) + 0.999999);
    return v[std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1];
}

void report(const std::string& ruleset, ByKind& k) {
    for (auto& [kind, gs] : k)
        std::sort(gs.begin(), gs.end(), [](auto& a, auto& b) { return a.seed < b.seed; });
    std::vector<IntegrityEvidence> hon, hon_even, hon_odd, hon_weeks;
    std::vector<std::string> kinds;
    for (const auto& [kind, gs] : k) {
        kinds.push_back(kind);
        if (!honest(kind)) continue;
        for (const auto& e : singles(k, kind)) hon.push_back(e);
        for (const auto& e : singles(k, kind, 0)) hon_even.push_back(e);
        for (const auto& e : singles(k, kind, 1)) hon_odd.push_back(e);
        for (const auto& e : weeks(k, kind, true)) hon_weeks.push_back(e);
    }
    const auto full = singles(k, "full");
    const Pair game = calibrate(hon, [&](const Pair& p) { return share(full, p); });
    const Pair even =
        calibrate(hon_even, [&](const Pair& p) { return share(singles(k, "full", 0), p); });
    const auto half_w = weeks(k, "half", false), quarter_w = weeks(k, "quarter", false);
    const Pair week =
        calibrate(hon_weeks, [&](const Pair& p) { return share(half_w, p) + share(quarter_w, p); });
    const auto t = pinfall::engine::integrity_thresholds(*pinfall::engine::parse_ruleset(ruleset));
    const Pair eg{t.game_llr, t.game_z}, ew{t.week_llr, t.week_z};
    const char* r = ruleset.c_str();
    std::printf("calibrated %s game_llr %.2f game_z %.2f week_llr %.2f week_z %.2f\n", r, game.llr,
                game.z, week.llr, week.z);
    std::printf("engine %s game_llr %.2f game_z %.2f week_llr %.2f week_z %.2f\n", r, eg.llr, eg.z,
                ew.llr, ew.z);
    std::printf(
        "honest %s games %zu flagged %.0f flagged_engine %.0f windows %zu window_flagged %.0f "
        "window_flagged_engine %.0f heldout_games %zu heldout_flagged %.0f heldout_full %.4f\n",
        r, hon.size(), share(hon, game) * hon.size(), share(hon, eg) * hon.size(), hon_weeks.size(),
        share(hon_weeks, week) * hon_weeks.size(), share(hon_weeks, ew) * hon_weeks.size(),
        hon_odd.size(), share(hon_odd, even) * hon_odd.size(), share(singles(k, "full", 1), even));
    std::vector<double> ms_all;
    int none = 0, total = 0;
    for (const auto& kind : kinds) {
        const auto& gs = k.at(kind);
        std::vector<double> ms, llr, z;
        int nodec = 0;
        double score = 0;
        for (const Game& g : gs) {
            ms.push_back(g.ms);
            ms_all.push_back(g.ms);
            llr.push_back(g.e.llr);
            z.push_back(g.e.z());
            nodec += g.e.deciding == 0;
            score += g.score;
        }
        none += nodec;
        total += static_cast<int>(gs.size());
        const auto s = singles(k, kind);
        const auto w = weeks(k, kind, false);
        std::printf(
            "kind %s %s games %zu single %.4f single_engine %.4f weeks %zu week %.4f "
            "week_engine %.4f no_deciding %.4f mean_score %.1f llr_p50 %.2f llr_max %.2f "
            "z_p50 %.2f z_max %.2f ms_p50 %.1f\n",
            r, kind.c_str(), gs.size(), share(s, game), share(s, eg), w.size(), share(w, week),
            share(w, ew), static_cast<double>(nodec) / gs.size(), score / gs.size(),
            quantile(llr, 0.5), quantile(llr, 1), quantile(z, 0.5), quantile(z, 1),
            quantile(ms, 0.5));
    }
    std::printf("cost %s games %zu p50_ms %.1f p99_ms %.1f max_ms %.1f no_deciding %.4f\n", r,
                ms_all.size(), quantile(ms_all, 0.5), quantile(ms_all, 0.99), quantile(ms_all, 1),
                total ? static_cast<double>(none) / total : 0.0);
}

}  // namespace

int integrity_report_main(const std::vector<std::string>& files) {
    const char* env = std::getenv("PINFALL_INTEGRITY_CAP");
    const double cap = env ? std::atof(env) : pinfall::engine::kLlrTermCap;
    const char* week_env = std::getenv("PINFALL_INTEGRITY_WEEK_CAP");
    const double week_cap = week_env ? std::atof(week_env) : pinfall::engine::kWeekLlrTermCap;
    std::printf(
        "cap all llr_term_cap %.2f week_term_cap %.2f engine_cap %.2f engine_week_cap %.2f\n", cap,
        week_cap, pinfall::engine::kLlrTermCap, pinfall::engine::kWeekLlrTermCap);
    std::map<std::string, ByKind> all;
    for (const auto& f : files) {
        std::ifstream in(f);
        for (std::string line; std::getline(in, line);) {
            std::istringstream s(line);
            std::string tag, ruleset, key;
            Game g;
            if (!(s >> tag >> ruleset >> g.kind >> g.seed) || tag != "game") continue;
            std::vector<double> terms;
            bool have_terms = false;
            for (std::string v; s >> key >> v;) {
                if (key == "terms") {
                    have_terms = true;
                    std::istringstream list(v == "-" ? "" : v);
                    for (std::string t; std::getline(list, t, ',');) terms.push_back(std::stod(t));
                    continue;
                }
                const double x = std::stod(v);
                if (key == "llr") g.e.llr = x;
                if (key == "gsum") g.e.guard_sum = x;
                if (key == "gvar") g.e.guard_var = x;
                if (key == "deciding") g.e.deciding = static_cast<int>(x);
                if (key == "ms") g.ms = x;
                if (key == "score") g.score = static_cast<int>(x);
                if (key == "par") g.par = static_cast<int>(x);
            }
            // The LLR again from the uncapped terms, under the cap in force (the engine's, or
            // PINFALL_INTEGRITY_CAP to try another), exactly as integrity_report sums them.
            g.e.week_llr = g.e.llr;
            if (have_terms) {
                g.e.llr = g.e.week_llr = 0;
                for (const double t : terms) {
                    g.e.llr += std::min(t, cap);
                    g.e.week_llr += std::min(t, week_cap);
                }
            }
            all[ruleset][g.kind].push_back(g);
        }
    }
    for (auto& [ruleset, k] : all) report(ruleset, k);
    return all.empty() ? 1 : 0;
}
