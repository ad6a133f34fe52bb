#include "engine/review.hpp"

#include <algorithm>
#include <array>

namespace pinfall::engine {

namespace {

std::array<int, kMaxListedPins> sorted_pins(const Action& a) {
    std::array<int, kMaxListedPins> p{};
    std::copy(a.pins.begin(), a.pins.begin() + a.pin_count, p.begin());
    std::sort(p.begin(), p.begin() + a.pin_count);
    return p;
}

}  // namespace

std::string_view mistake_mark(double loss) {
    if (loss >= kBlunderLoss) return "??";
    if (loss >= kMistakeLoss) return "?";
    if (loss >= kDubiousLoss) return "?!";
    return "";
}

bool same_action(const Action& a, const Action& b) {
    if (a.kind != b.kind) return false;
    if (a.kind != Action::Kind::kPlay) return true;
    return a.pile == b.pile && a.pin_count == b.pin_count && sorted_pins(a) == sorted_pins(b);
}

std::optional<GameReview> review_game(const Record& record, Coach& coach) {
    GameReview r;
    Game game(record.ruleset, record.seed);
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        if (game.over()) return std::nullopt;
        const Action& a = record.actions[i];
        const auto hints = coach.hints(coach_view_of(game));
        if (hints.empty()) return std::nullopt;
        ReviewedDecision d;
        d.index = static_cast<int>(i);
        d.frame = game.frame();
        d.ball = game.ball();
        d.played = a;
        d.best = hints.front().action;
        d.expected_best = hints.front().expected;
        if (a.kind == Action::Kind::kResign) {
            Game ended = game;
            if (ended.apply(a)) return std::nullopt;
            d.expected_played = ended.score();
        } else {
            const auto it = std::find_if(hints.begin(), hints.end(),
                                         [&](const Hint& h) { return same_action(h.action, a); });
            if (it == hints.end()) return std::nullopt;  // not a legal action here
            d.expected_played = it->expected;
        }
        // A resign can lose more than the best play's expectation; it never gains, and a
        // legal play's value never exceeds the best (the hints are sorted): clamp rounding.
        d.expected_played = std::min(d.expected_played, d.expected_best);
        if (i == 0) r.start = d.expected_best;
        if (game.apply(a)) return std::nullopt;
        r.cost += d.loss();
        r.decisions.push_back(d);
    }
    if (!game.over()) return std::nullopt;
    r.score = game.score();
    r.luck = r.score - (r.start - r.cost);
    r.engine = coach_score(record.ruleset, record.seed, coach);
    r.par = solve_par(record.ruleset, record.seed);
    return r;
}

int coach_score(Ruleset ruleset, const Seed& seed, Coach& coach) {
    Game game(ruleset, seed);
    while (!game.over()) {
        const auto hints = coach.hints(coach_view_of(game));
        if (hints.empty() || game.apply(hints.front().action)) break;  // unreachable: a bug
    }
    return game.score();
}

}  // namespace pinfall::engine
