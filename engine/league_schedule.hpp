// League schedules: a head-to-head round robin by the circle method (docs/rules.md,
// "Season and schedule" under "League arithmetic"). Pure values: no clock, no storage; thread-safe.
// Rounds are numbered from 1, as in league seeds; a Schedule holds round r at index r - 1.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace pinfall::engine {

// A league member as storage numbers them (e.g. the account id); the engine only compares them.
using MemberId = std::int64_t;

// One pairing of a round: member a against member b, or a bye for a when b is empty.
struct Pairing {
    MemberId a = 0;
    std::optional<MemberId> b;

    bool is_bye() const { return !b.has_value(); }
    bool involves(MemberId m) const { return a == m || b == m; }
    bool operator==(const Pairing&) const = default;
};

using RoundPairings = std::vector<Pairing>;
using Schedule = std::vector<RoundPairings>;

// The schedule of `rounds` rounds for `members`, in their given order (the same order always
// gives the same schedule). Circle method: the members fill slots 0..n-1, plus a bye slot at
// the end when n is odd, giving m slots (m even). Slot 0 stays; in cycle round c (0-based) slot
// j >= 1 holds the member of starting slot 1 + ((j - 1 - c) mod (m - 1)), i.e. the other slots
// rotate one place per round; slot i meets slot m - 1 - i. A cycle of m - 1 rounds pairs every
// two members exactly once and, for an odd n, gives every member exactly one bye; round r
// (1-based) plays cycle round (r - 1) mod (m - 1), so the cycle repeats.
// Within a round the pairings are listed by slot i (a = slot i, b = slot m - 1 - i), byes last;
// a bye names its member in a. No members give empty rounds; one member has a bye every round.
// REQUIRES: rounds >= 0; members distinct.
Schedule round_robin(const std::vector<MemberId>& members, int rounds);

// The schedule after `member` leaves before round `first_round` (1-based): from that round on,
// each of their pairings becomes a bye for the opponent (a = the opponent), moved after the
// round's other non-bye pairings, and the leaving member's own byes are dropped. Earlier rounds
// are unchanged; a member absent from the schedule changes nothing. Apply once per removal.
// REQUIRES: first_round >= 1.
Schedule remove_member(Schedule schedule, MemberId member, int first_round);

// The pairing of `member` in `round`, or nullopt when they are not scheduled in it.
std::optional<Pairing> pairing_of(const RoundPairings& round, MemberId member);

}  // namespace pinfall::engine
