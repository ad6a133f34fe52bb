#include "engine/league_standings.hpp"

#include <algorithm>
#include <cassert>

namespace pinfall::engine {

namespace {

bool score_ok(int score) { return score >= 0 && score <= kMaxGameScore; }

// Checked by assert only: unused, not absent, in a build with NDEBUG.
[[maybe_unused]] bool games_ok(const LeagueRules& rules,
                               const std::vector<std::optional<int>>& games) {
    if (static_cast<int>(games.size()) != rules.games_per_round) return false;
    return std::all_of(games.begin(), games.end(),
                       [](const std::optional<int>& g) { return !g || score_ok(*g); });
}

int side_handicap(const LeagueRules& rules, int average) {
    return rules.handicap ? handicap(rules.handicap_percent, rules.handicap_basis, average) : 0;
}

SideResult member_side(const LeagueRules& rules, const SideInput& in) {
    assert(games_ok(rules, in.games) && in.average >= 0);
    SideResult side;
    side.member = in.member;
    side.average = in.average;
    side.handicap = side_handicap(rules, in.average);
    side.scratch = in.games;
    for (const std::optional<int>& g : in.games) {
        side.counted.push_back(g.value_or(blind_score(in.average)) + side.handicap);
    }
    return side;
}

// The vacancy facing `member` on a bye: a scratch score with the member's own handicap added,
// so the bye is decided on scratch pins against the vacancy score in either kind of league.
SideResult vacancy_side(const LeagueRules& rules, const SideResult& member) {
    SideResult side;
    side.average = member.average;
    side.handicap = member.handicap;
    const int vacancy = rules.vacancy_score.value_or(blind_score(member.average));
    side.scratch.assign(member.scratch.size(), std::nullopt);
    side.counted.assign(member.scratch.size(), vacancy + member.handicap);
    return side;
}

// Half-points for `mine` against `theirs`: 2 higher, 1 equal, 0 lower.
int halves(int mine, int theirs) { return mine > theirs ? 2 : mine == theirs ? 1 : 0; }

// Awards `side` its half-points against `other`; a vacancy (no member) earns nothing.
void award(SideResult& side, const SideResult& other) {
    if (!side.member) return;
    bool full_series = true;
    for (std::size_t g = 0; g < side.counted.size(); ++g) {
        if (side.scratch[g]) {
            side.won_halves += halves(side.counted[g], other.counted[g]);
        } else {
            full_series = false;
        }
    }
    if (full_series) side.won_halves += halves(side.series, other.series);
}

int sum(const std::vector<int>& v) {
    int total = 0;
    for (const int x : v) total += x;
    return total;
}

}  // namespace

bool is_valid(const LeagueRules& rules) {
    return rules.games_per_round >= 1 && rules.games_per_round <= kMaxGamesPerRound &&
           rules.handicap_percent >= 0 && rules.handicap_percent <= 100 &&
           score_ok(rules.handicap_basis) && score_ok(rules.entering_average) &&
           (!rules.vacancy_score || score_ok(*rules.vacancy_score));
}

std::optional<int> truncated_average(int pins, int games) {
    assert(pins >= 0 && games >= 0);
    if (games == 0) return std::nullopt;
    return pins / games;
}

int handicap(int percent, int basis, int average) {
    assert(percent >= 0 && percent <= 100);
    if (average >= basis) return 0;
    // Both factors are non-negative here, so integer division is the floor.
    return percent * (basis - average) / 100;
}

int average_used(std::optional<int> league_average, std::optional<int> daily_average,
                 int entering_average) {
    if (league_average) return *league_average;
    if (daily_average) return *daily_average;
    return entering_average;
}

HandicapDefaults handicap_defaults(Ruleset ruleset) {
    // bench/league_handicap 200 (docs/rules.md): coach mean 181.0 sackson, 140.5 strict;
    // mixed-policy mean 123.7 sackson, 106.5 strict.
    return ruleset == Ruleset::kStrict ? HandicapDefaults{150, 100} : HandicapDefaults{190, 120};
}

int blind_score(int average) { return std::max(0, average - kBlindOffset); }

PairingResult score_pairing(const LeagueRules& rules, const SideInput& a,
                            const std::optional<SideInput>& b) {
    assert(is_valid(rules));
    PairingResult result;
    result.a = member_side(rules, a);
    result.b = b ? member_side(rules, *b) : vacancy_side(rules, result.a);
    result.a.series = sum(result.a.counted);
    result.b.series = sum(result.b.counted);
    award(result.a, result.b);
    award(result.b, result.a);
    return result;
}

std::vector<RoundResult> score_rounds(const LeagueRules& rules,
                                      const std::vector<RoundRecord>& closed) {
    struct Totals {
        int pins = 0;
        int games = 0;
    };
    std::map<MemberId, Totals> totals;  // league games of the rounds scored so far
    std::vector<RoundResult> results;
    for (const RoundRecord& record : closed) {
        auto input = [&](MemberId m) {
            SideInput in;
            in.member = m;
            const Totals t = totals.count(m) ? totals.at(m) : Totals{};
            const auto daily = record.daily_averages.find(m);
            in.average = average_used(truncated_average(t.pins, t.games),
                                      daily == record.daily_averages.end()
                                          ? std::nullopt
                                          : std::optional<int>(daily->second),
                                      rules.entering_average);
            const auto scores = record.scores.find(m);
            in.games = scores == record.scores.end()
                           ? std::vector<std::optional<int>>(rules.games_per_round)
                           : scores->second;
            return in;
        };
        RoundResult round{record.round, {}};
        for (const Pairing& p : record.pairings) {
            const std::optional<SideInput> b =
                p.b ? std::optional<SideInput>(input(*p.b)) : std::nullopt;
            round.pairings.push_back(score_pairing(rules, input(p.a), b));
        }
        // Averages hold for a whole round, so the totals move only once it is scored.
        for (const PairingResult& pr : round.pairings) {
            for (const SideResult* side : {&pr.a, &pr.b}) {
                if (!side->member) continue;
                for (const std::optional<int>& g : side->scratch) {
                    if (!g) continue;
                    totals[*side->member].pins += *g;
                    totals[*side->member].games += 1;
                }
            }
        }
        results.push_back(std::move(round));
    }
    return results;
}

std::vector<Standing> standings(const std::vector<MemberId>& members,
                                const std::vector<RoundResult>& results) {
    std::vector<Standing> table;
    for (const MemberId m : members) {
        Standing s;
        s.member = m;
        for (const RoundResult& round : results) {
            for (const PairingResult& pr : round.pairings) {
                for (const SideResult* side : {&pr.a, &pr.b}) {
                    if (side->member != m) continue;
                    int series = 0;
                    bool full = true;
                    for (const std::optional<int>& g : side->scratch) {
                        if (!g) {
                            full = false;
                            continue;
                        }
                        s.games += 1;
                        s.scratch_pins += *g;
                        s.handicap_pins += *g + side->handicap;
                        s.high_game = std::max(s.high_game.value_or(0), *g);
                        series += *g;
                    }
                    if (full) s.high_series = std::max(s.high_series.value_or(0), series);
                    const int available = 2 * (static_cast<int>(side->scratch.size()) + 1);
                    s.won_halves += side->won_halves;
                    s.lost_halves += available - side->won_halves;
                }
            }
        }
        s.average = truncated_average(s.scratch_pins, s.games);
        table.push_back(s);
    }
    auto ahead = [](const Standing& x, const Standing& y) {
        if (x.won_halves != y.won_halves) return x.won_halves > y.won_halves;
        return x.scratch_pins > y.scratch_pins;
    };
    std::stable_sort(table.begin(), table.end(), ahead);
    for (std::size_t i = 0; i < table.size(); ++i) {
        const bool tied = i > 0 && !ahead(table[i - 1], table[i]);
        table[i].rank = tied ? table[i - 1].rank : static_cast<int>(i) + 1;
    }
    return table;
}

}  // namespace pinfall::engine
