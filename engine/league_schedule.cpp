#include "engine/league_schedule.hpp"

#include <algorithm>
#include <cassert>

namespace pinfall::engine {

namespace {

// Byes go after the real pairings; stable so the slot order of each group is kept.
void byes_last(RoundPairings& round) {
    std::stable_partition(round.begin(), round.end(), [](const Pairing& p) { return !p.is_bye(); });
}

}  // namespace

Schedule round_robin(const std::vector<MemberId>& members, int rounds) {
    assert(rounds >= 0);
    Schedule schedule(static_cast<std::size_t>(rounds));
    if (members.empty()) return schedule;

    // Slots hold member indices; -1 is the bye slot an odd count adds.
    std::vector<int> start;
    for (int i = 0; i < static_cast<int>(members.size()); ++i) start.push_back(i);
    if (start.size() % 2 == 1) start.push_back(-1);
    const int m = static_cast<int>(start.size());
    const int cycle = m - 1;

    for (int r = 0; r < rounds; ++r) {
        const int c = r % cycle;
        std::vector<int> slot(start.size());
        slot[0] = start[0];
        for (int j = 1; j < m; ++j) slot[j] = start[1 + ((j - 1 - c) % cycle + cycle) % cycle];

        RoundPairings& round = schedule[r];
        for (int i = 0; i < m / 2; ++i) {
            const int x = slot[i];
            const int y = slot[m - 1 - i];
            if (x < 0) {
                round.push_back(Pairing{members[y], std::nullopt});
            } else if (y < 0) {
                round.push_back(Pairing{members[x], std::nullopt});
            } else {
                round.push_back(Pairing{members[x], members[y]});
            }
        }
        byes_last(round);
    }
    return schedule;
}

Schedule remove_member(Schedule schedule, MemberId member, int first_round) {
    assert(first_round >= 1);
    for (std::size_t r = static_cast<std::size_t>(first_round - 1); r < schedule.size(); ++r) {
        RoundPairings& round = schedule[r];
        RoundPairings kept;
        for (const Pairing& p : round) {
            if (!p.involves(member)) {
                kept.push_back(p);
            } else if (!p.is_bye()) {
                kept.push_back(Pairing{p.a == member ? *p.b : p.a, std::nullopt});
            }
        }
        byes_last(kept);
        round = std::move(kept);
    }
    return schedule;
}

std::optional<Pairing> pairing_of(const RoundPairings& round, MemberId member) {
    for (const Pairing& p : round) {
        if (p.involves(member)) return p;
    }
    return std::nullopt;
}

}  // namespace pinfall::engine
