#include "engine/integrity.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "engine/review.hpp"

namespace pinfall::engine {
namespace {

constexpr double kMinTau = 0.05;
constexpr double kMaxTau = 50;
// P's temperature: points of the true deal's value per factor e of likelihood. Fixed (the
// study's choice): a clairvoyant is not assumed to play only the very best.
constexpr double kKnownTau = 2;

// log softmax(values / tau) at i.
template <class Value>
double log_softmax(const std::vector<IntegrityChoice>& c, Value value, double tau, int i) {
    double top = value(c[0]);
    for (const auto& x : c) top = std::max(top, value(x));
    double sum = 0;
    for (const auto& x : c) sum += std::exp((value(x) - top) / tau);
    return (value(c[i]) - top) / tau - std::log(sum);
}

double expected_of(const IntegrityChoice& c) { return c.expected; }
double known_of(const IntegrityChoice& c) { return c.known; }

// A seed for decision i's q from the record alone.
std::uint64_t decision_seed(const Seed& seed, int i) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (const auto b : seed) h = (h ^ b) * 0x100000001B3ull;
    return (h ^ static_cast<std::uint64_t>(i)) * 0x100000001B3ull;
}

}  // namespace

double IntegrityEvidence::z() const { return guard_var > 0 ? guard_sum / std::sqrt(guard_var) : 0; }

double fit_temperature(const std::vector<IntegrityDecision>& decisions) {
    std::vector<const IntegrityDecision*> used;
    for (const auto& d : decisions) {
        if (d.deciding) continue;
        const auto [lo, hi] =
            std::minmax_element(d.choices.begin(), d.choices.end(),
                                [](const IntegrityChoice& a, const IntegrityChoice& b) {
                                    return a.expected < b.expected;
                                });
        if (hi->expected > lo->expected) used.push_back(&d);
    }
    if (used.empty()) return kMaxTau;
    auto likelihood = [&](double log_tau) {
        const double tau = std::exp(log_tau);
        double sum = 0;
        for (const auto* d : used) sum += log_softmax(d->choices, expected_of, tau, d->played);
        return sum;
    };
    // The log-likelihood is concave in 1/tau (log-sum-exp), so unimodal in log tau: golden
    // section finds its maximum, or the bound it rises towards.
    const double golden = (std::sqrt(5.0) - 1) / 2;
    double a = std::log(kMinTau), b = std::log(kMaxTau);
    double x1 = b - golden * (b - a), x2 = a + golden * (b - a);
    double f1 = likelihood(x1), f2 = likelihood(x2);
    for (int i = 0; i < 60; ++i) {
        if (f1 >= f2) {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - golden * (b - a);
            f1 = likelihood(x1);
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + golden * (b - a);
            f2 = likelihood(x2);
        }
    }
    return std::exp((a + b) / 2);
}

IntegrityReport integrity_report(Ruleset ruleset, const std::vector<IntegrityDecision>& decisions) {
    IntegrityReport r;
    r.decisions = static_cast<int>(decisions.size());
    r.tau = fit_temperature(decisions);
    IntegrityEvidence& e = r.evidence;
    for (const auto& d : decisions) {
        if (!d.deciding) continue;
        IntegrityDecision driver = d;
        driver.llr = log_softmax(d.choices, known_of, kKnownTau, d.played) -
                     log_softmax(d.choices, expected_of, r.tau, d.played);
        e.llr += std::min(driver.llr, kLlrTermCap);
        e.week_llr += std::min(driver.llr, kWeekLlrTermCap);
        e.guard_sum += (d.played_known_best ? 1.0 : 0.0) - d.q;
        e.guard_var += d.q * (1 - d.q);
        ++e.deciding;
        r.drivers.push_back(std::move(driver));
    }
    std::stable_sort(
        r.drivers.begin(), r.drivers.end(),
        [](const IntegrityDecision& a, const IntegrityDecision& b) { return a.llr > b.llr; });
    r.llr = e.llr;
    r.z = e.z();
    r.deciding = e.deciding;
    const IntegrityThresholds t = integrity_thresholds(ruleset);
    r.flagged = e.deciding > 0 && r.llr >= t.game_llr && r.z >= t.game_z;
    return r;
}

WeekVerdict week_verdict(Ruleset ruleset, std::span<const IntegrityEvidence> games) {
    WeekVerdict w;
    IntegrityEvidence sum;
    for (const auto& g : games) {
        sum.llr += g.week_llr;
        sum.guard_sum += g.guard_sum;
        sum.guard_var += g.guard_var;
        sum.deciding += g.deciding;
    }
    w.llr = sum.llr;
    w.z = sum.z();
    w.games = static_cast<int>(games.size());
    w.deciding = sum.deciding;
    const IntegrityThresholds t = integrity_thresholds(ruleset);
    w.flagged = w.deciding > 0 && w.llr >= t.week_llr && w.z >= t.week_z;
    return w;
}

IntegrityAnalyzer::IntegrityAnalyzer(int samples) : chances_(samples) {}

std::optional<std::vector<IntegrityDecision>> IntegrityAnalyzer::decisions(const Record& record) {
    const DealSet deals = deal_all(record.seed);
    Game game(record.ruleset, record.seed, deals);
    known_.start(record.ruleset, deals);
    const std::vector<Action> line = final_line(record.actions);
    std::vector<IntegrityDecision> out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (game.over()) return std::nullopt;
        const Action& a = line[i];
        if (a.kind == Action::Kind::kResign) {
            if (game.apply(a)) return std::nullopt;
            continue;
        }
        IntegrityDecision d;
        d.index = static_cast<int>(i);
        d.frame = game.frame();
        d.ball = game.ball();
        const std::vector<Action> actions = open_actions(game);
        const std::vector<Hint> hints = coach_.hints(coach_view_of(game));
        const std::vector<int> known = known_.values(game);
        assert(hints.size() == actions.size() && known.size() == actions.size());
        d.played = -1;
        for (std::size_t j = 0; j < actions.size(); ++j) {
            IntegrityChoice c{actions[j], 0, known[j]};
            for (const Hint& h : hints) {
                if (same_action(h.action, c.action)) c.expected = h.expected;
            }
            if (same_action(actions[j], a)) d.played = static_cast<int>(j);
            if (same_action(actions[j], hints.front().action)) d.coach_best = static_cast<int>(j);
            d.choices.push_back(c);
        }
        if (d.played < 0) return std::nullopt;  // not a legal action here
        const int best = *std::max_element(known.begin(), known.end());
        d.known_best = -1;
        for (std::size_t j = 0; j < actions.size(); ++j) {
            if (known[j] != best) continue;
            if (d.known_best < 0 || d.choices[j].expected > d.choices[d.known_best].expected) {
                d.known_best = static_cast<int>(j);
            }
        }
        d.deciding = known[d.coach_best] != best;
        d.played_known_best = known[d.played] == best;
        if (d.deciding) {
            d.q =
                chances_.chances(game, d.coach_best, decision_seed(record.seed, d.index))[d.played];
        }
        if (game.apply(a)) return std::nullopt;
        out.push_back(std::move(d));
    }
    if (!game.over()) return std::nullopt;
    return out;
}

std::optional<IntegrityReport> IntegrityAnalyzer::analyze(const Record& record) {
    auto ds = decisions(record);
    if (!ds) return std::nullopt;
    IntegrityReport r = integrity_report(record.ruleset, *ds);
    r.score = replay(record).game.score();
    r.par = known_.par();
    return r;
}

IntegrityThresholds integrity_thresholds(Ruleset ruleset) {
    // Calibrated by bench/integrity_study.cpp on 10,010 honest games a ruleset (docs/integrity.md,
    // "Thresholds"): the study's values, LLRs rounded up to a tenth.
    if (ruleset == Ruleset::kStrict) return {43.0, 0.15, 50.8, -0.95};
    return {69.5, 0.20, 18.4, -0.65};
}

}  // namespace pinfall::engine
