// Fuzz target: league arithmetic (engine/league_schedule.*, league_standings.*). The input
// gives valid rules, up to 14 distinct member ids (any int64), up to 40 rounds, up to three
// removals, and for each closed round the members' games (any of 0-300 or not bowled, or no
// entry at all) and daily averages. Invariants: the round robin seats every member once a
// round, with one bye for an odd count, meets every pair once a cycle and repeats by cycle; a
// removal changes only the rounds from its first on, turning the leaver's pairings into byes
// placed last; scoring is the same on every prefix of the rounds (averages use earlier rounds
// only), each side's average is the league, else daily, else entering average computed here,
// counted scores are the game (or blind or vacancy score) plus the handicap, series their
// sum, points within 0..2 x (games + 1), and a full contest hands out exactly that many;
// standings are a permutation ordered by points then pins, with competition ranks, and each
// line's games, pins, points and highs are those of its member's sides.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "engine/league_schedule.hpp"
#include "engine/league_standings.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace pinfall::engine;

std::optional<int> maybe_score(FuzzedDataProvider& in) {
    if (in.ConsumeIntegralInRange(0, 7) == 0) return std::nullopt;
    // Some perfect games and zeros, where the comparisons tie.
    switch (in.ConsumeIntegralInRange(0, 7)) {
        case 0: return 0;
        case 1: return kMaxGameScore;
        default: return in.ConsumeIntegralInRange(0, kMaxGameScore);
    }
}

void check_round_robin(const std::vector<MemberId>& members, int rounds, const Schedule& s) {
    FUZZ_CHECK(s.size() == static_cast<std::size_t>(rounds));
    const int n = static_cast<int>(members.size());
    const int cycle = n + n % 2 - 1;
    std::map<std::pair<MemberId, MemberId>, int> met;
    for (int r = 0; r < rounds; ++r) {
        const RoundPairings& round = s[r];
        std::multiset<MemberId> seated;
        int byes = 0;
        for (std::size_t i = 0; i < round.size(); ++i) {
            const Pairing& p = round[i];
            seated.insert(p.a);
            if (p.is_bye()) {
                ++byes;
                FUZZ_CHECK(i + 1 == round.size());  // the bye is last
            } else {
                FUZZ_CHECK(*p.b != p.a);
                seated.insert(*p.b);
                if (r < cycle) ++met[std::minmax(p.a, *p.b)];
            }
        }
        FUZZ_CHECK(seated == std::multiset<MemberId>(members.begin(), members.end()));
        FUZZ_CHECK(byes == n % 2);
        if (cycle > 0 && r >= cycle) FUZZ_CHECK(round == s[r - cycle]);
    }
    for (const auto& [pair, times] : met) FUZZ_CHECK(times == 1);
    if (rounds >= cycle && n >= 2) FUZZ_CHECK(static_cast<int>(met.size()) == n * (n - 1) / 2);
}

void check_removal(const Schedule& before, const Schedule& after, MemberId member, int first) {
    FUZZ_CHECK(after.size() == before.size());
    for (std::size_t r = 0; r < before.size(); ++r) {
        if (static_cast<int>(r) < first - 1) {
            FUZZ_CHECK(after[r] == before[r]);
            continue;
        }
        // Expected: the round with the member's pairings turned into byes for the opponents
        // and its own bye dropped, then the byes moved last, each group in its order before.
        RoundPairings rebuilt;
        for (const Pairing& p : before[r]) {
            if (!p.involves(member)) {
                rebuilt.push_back(p);
            } else if (!p.is_bye()) {
                rebuilt.push_back(Pairing{p.a == member ? *p.b : p.a, std::nullopt});
            }
        }
        RoundPairings expected;
        for (const Pairing& p : rebuilt) {
            if (!p.is_bye()) expected.push_back(p);
        }
        for (const Pairing& p : rebuilt) {
            if (p.is_bye()) expected.push_back(p);
        }
        FUZZ_CHECK(after[r] == expected);
        for (const Pairing& p : after[r]) FUZZ_CHECK(!p.involves(member));
    }
}

void check_side(const LeagueRules& rules, const SideResult& side, int average) {
    const auto games = static_cast<std::size_t>(rules.games_per_round);
    FUZZ_CHECK(side.scratch.size() == games && side.counted.size() == games);
    FUZZ_CHECK(side.average == average);
    const int expected_handicap =
        rules.handicap ? handicap(rules.handicap_percent, rules.handicap_basis, average) : 0;
    FUZZ_CHECK(side.handicap == expected_handicap);
    FUZZ_CHECK(side.handicap >= 0 && side.handicap <= rules.handicap_basis);
    int series = 0;
    for (std::size_t g = 0; g < games; ++g) {
        const int base = side.scratch[g] ? *side.scratch[g]
                         : side.member   ? blind_score(average)
                                         : rules.vacancy_score.value_or(blind_score(average));
        FUZZ_CHECK(side.counted[g] == base + side.handicap);
        series += side.counted[g];
    }
    FUZZ_CHECK(side.series == series);
    FUZZ_CHECK(side.won_halves >= 0 && side.won_halves <= 2 * (rules.games_per_round + 1));
    if (!side.member) FUZZ_CHECK(side.won_halves == 0);
}

bool full(const SideResult& side) {
    return side.member && std::all_of(side.scratch.begin(), side.scratch.end(),
                                      [](const std::optional<int>& g) { return g.has_value(); });
}

// Scores the records and checks them against averages kept here; returns the results.
std::vector<RoundResult> check_scoring(const LeagueRules& rules,
                                       const std::vector<RoundRecord>& records) {
    const auto results = score_rounds(rules, records);
    FUZZ_CHECK(results.size() == records.size());
    std::map<MemberId, std::pair<int, int>> totals;  // pins, games of earlier rounds
    const int halves = 2 * (rules.games_per_round + 1);
    for (std::size_t r = 0; r < records.size(); ++r) {
        const RoundRecord& record = records[r];
        const RoundResult& result = results[r];
        FUZZ_CHECK(result.round == record.round);
        FUZZ_CHECK(result.pairings.size() == record.pairings.size());
        auto average = [&](MemberId m) {
            const auto t = totals.find(m);
            if (t != totals.end() && t->second.second > 0) return t->second.first / t->second.second;
            const auto d = record.daily_averages.find(m);
            return d != record.daily_averages.end() ? d->second : rules.entering_average;
        };
        for (std::size_t i = 0; i < record.pairings.size(); ++i) {
            const Pairing& p = record.pairings[i];
            const PairingResult& pr = result.pairings[i];
            FUZZ_CHECK(pr.a.member == p.a);
            FUZZ_CHECK(pr.b.member == p.b);
            check_side(rules, pr.a, average(p.a));
            check_side(rules, pr.b, p.b ? average(*p.b) : average(p.a));
            FUZZ_CHECK(pr.a.won_halves + pr.b.won_halves <= halves);
            if (full(pr.a) && full(pr.b)) FUZZ_CHECK(pr.a.won_halves + pr.b.won_halves == halves);
            for (const SideResult* side : {&pr.a, &pr.b}) {
                if (!side->member) continue;
                const auto scores = record.scores.find(*side->member);
                const std::vector<std::optional<int>> none(rules.games_per_round);
                FUZZ_CHECK(side->scratch ==
                           (scores == record.scores.end() ? none : scores->second));
            }
        }
        for (const PairingResult& pr : result.pairings) {
            for (const SideResult* side : {&pr.a, &pr.b}) {
                if (!side->member) continue;
                for (const auto& g : side->scratch) {
                    if (!g) continue;
                    totals[*side->member].first += *g;
                    totals[*side->member].second += 1;
                }
            }
        }
    }
    return results;
}

void check_standings(const LeagueRules& rules, const std::vector<MemberId>& members,
                     const std::vector<RoundResult>& results) {
    const auto table = standings(members, results);
    FUZZ_CHECK(table.size() == members.size());
    std::vector<MemberId> listed;
    for (const Standing& s : table) listed.push_back(s.member);
    auto sorted_members = members;
    std::sort(sorted_members.begin(), sorted_members.end());
    std::sort(listed.begin(), listed.end());
    FUZZ_CHECK(listed == sorted_members);
    for (std::size_t i = 0; i < table.size(); ++i) {
        const Standing& s = table[i];
        if (i == 0) {
            FUZZ_CHECK(s.rank == 1);
        } else {
            const Standing& prev = table[i - 1];
            const bool tied =
                prev.won_halves == s.won_halves && prev.scratch_pins == s.scratch_pins;
            FUZZ_CHECK(prev.won_halves > s.won_halves ||
                       (prev.won_halves == s.won_halves && prev.scratch_pins >= s.scratch_pins));
            FUZZ_CHECK(s.rank == (tied ? prev.rank : static_cast<int>(i) + 1));
        }
        // The member's sides, summed here.
        int games = 0, pins = 0, handicap_pins = 0, won = 0, available = 0;
        std::optional<int> high_game, high_series;
        for (const RoundResult& round : results) {
            for (const PairingResult& pr : round.pairings) {
                for (const SideResult* side : {&pr.a, &pr.b}) {
                    if (side->member != s.member) continue;
                    won += side->won_halves;
                    available += 2 * (rules.games_per_round + 1);
                    int series = 0;
                    for (const auto& g : side->scratch) {
                        if (!g) continue;
                        ++games;
                        pins += *g;
                        series += *g;
                        handicap_pins += *g + side->handicap;
                        high_game = std::max(high_game.value_or(0), *g);
                    }
                    if (full(*side)) high_series = std::max(high_series.value_or(0), series);
                }
            }
        }
        FUZZ_CHECK(s.games == games && s.scratch_pins == pins);
        FUZZ_CHECK(s.handicap_pins == handicap_pins && handicap_pins >= pins);
        FUZZ_CHECK(s.won_halves == won && s.lost_halves == available - won);
        FUZZ_CHECK(s.average == (games ? std::optional<int>(pins / games) : std::nullopt));
        FUZZ_CHECK(s.high_game == high_game && s.high_series == high_series);
        FUZZ_CHECK(!s.high_game || *s.high_game <= kMaxGameScore);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    LeagueRules rules;
    rules.games_per_round = in.ConsumeIntegralInRange(1, kMaxGamesPerRound);
    rules.handicap = in.ConsumeBool();
    rules.handicap_percent = in.ConsumeIntegralInRange(0, 100);
    rules.handicap_basis = in.ConsumeIntegralInRange(0, kMaxGameScore);
    rules.entering_average = in.ConsumeIntegralInRange(0, kMaxGameScore);
    if (in.ConsumeBool()) rules.vacancy_score = in.ConsumeIntegralInRange(0, kMaxGameScore);
    FUZZ_CHECK(is_valid(rules));

    std::vector<MemberId> members;
    const int wanted = in.ConsumeIntegralInRange(0, 14);
    for (int i = 0; i < wanted; ++i) {
        // Small ids mostly (they collide and are dropped); any int64 now and then.
        const MemberId id = in.ConsumeBool() ? in.ConsumeIntegral<MemberId>()
                                             : in.ConsumeIntegralInRange<MemberId>(-3, 30);
        if (std::find(members.begin(), members.end(), id) == members.end()) members.push_back(id);
    }
    const int rounds = in.ConsumeIntegralInRange(0, 40);
    Schedule schedule = round_robin(members, rounds);
    check_round_robin(members, rounds, schedule);

    const int removals = in.ConsumeIntegralInRange(0, 3);
    for (int k = 0; k < removals; ++k) {
        const MemberId leaver =
            members.empty() || in.ConsumeIntegralInRange(0, 7) == 0
                ? in.ConsumeIntegral<MemberId>()
                : members[in.ConsumeIntegralInRange<std::size_t>(0, members.size() - 1)];
        const int first = in.ConsumeIntegralInRange(1, rounds + 1);
        const Schedule after = remove_member(schedule, leaver, first);
        check_removal(schedule, after, leaver, first);
        schedule = after;
    }

    // Closed rounds: a prefix of the schedule, as the league plays them.
    std::vector<RoundRecord> records;
    const int closed = in.ConsumeIntegralInRange(0, rounds);
    for (int r = 0; r < closed; ++r) {
        RoundRecord record;
        record.round = r + 1;
        record.pairings = schedule[r];
        for (const MemberId m : members) {
            const int kind = in.ConsumeIntegralInRange(0, 7);
            if (kind == 0) continue;  // no entry: bowled nothing
            std::vector<std::optional<int>> games(rules.games_per_round);
            for (auto& g : games) g = maybe_score(in);
            record.scores[m] = games;
            if (kind == 1) record.daily_averages[m] = in.ConsumeIntegralInRange(0, kMaxGameScore);
        }
        records.push_back(std::move(record));
    }
    const auto results = check_scoring(rules, records);
    if (!records.empty()) {
        const auto k = in.ConsumeIntegralInRange<std::size_t>(0, records.size() - 1);
        const std::vector<RoundRecord> prefix(records.begin(),
                                              records.begin() + static_cast<std::ptrdiff_t>(k));
        const auto partial = score_rounds(rules, prefix);
        FUZZ_CHECK(std::equal(partial.begin(), partial.end(), results.begin()));
    }
    check_standings(rules, members, results);
    return 0;
}
