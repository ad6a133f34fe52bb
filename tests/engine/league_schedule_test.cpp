// League schedules: the circle method for 2-6 members written out by hand, the round-robin
// properties over a cycle (every pair once, every bye once), the repeating cycle, and removal of
// a member after the start.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "engine/league_schedule.hpp"

using namespace pinfall::engine;

namespace {

// Members A=1, B=2, ... as in the hand-written schedules below.
constexpr MemberId A = 1, B = 2, C = 3, D = 4, E = 5, F = 6;

Pairing vs(MemberId a, MemberId b) { return Pairing{a, b}; }
Pairing bye(MemberId a) { return Pairing{a, std::nullopt}; }

std::vector<MemberId> first_n(int n) {
    std::vector<MemberId> members;
    for (int i = 1; i <= n; ++i) members.push_back(i);
    return members;
}

}  // namespace

// Slot rows per round: slot 0 stays, slots 1.. rotate one place right; slot i meets m-1-i.
TEST_CASE("round robin for 2-6 members, written out by hand", "[league]") {
    struct Row {
        int n;
        Schedule expected;  // one cycle: n - 1 rounds (n even) or n rounds (n odd)
    };
    const std::vector<Row> rows = {
        // A B: A-B.
        {2, {{vs(A, B)}}},
        // Slots A B C _: r1 A B C _ -> A-_, B-C; r2 A _ B C -> A-C, _-B; r3 A C _ B -> A-B, C-_.
        {3, {{vs(B, C), bye(A)}, {vs(A, C), bye(B)}, {vs(A, B), bye(C)}}},
        // r1 A B C D -> A-D, B-C; r2 A D B C -> A-C, D-B; r3 A C D B -> A-B, C-D.
        {4, {{vs(A, D), vs(B, C)}, {vs(A, C), vs(D, B)}, {vs(A, B), vs(C, D)}}},
        // r1 A B C D E _; r2 A _ B C D E; r3 A E _ B C D; r4 A D E _ B C; r5 A C D E _ B.
        {5,
         {{vs(B, E), vs(C, D), bye(A)},
          {vs(A, E), vs(B, C), bye(D)},
          {vs(A, D), vs(E, C), bye(B)},
          {vs(A, C), vs(D, B), bye(E)},
          {vs(A, B), vs(D, E), bye(C)}}},
        // r1 A B C D E F; r2 A F B C D E; r3 A E F B C D; r4 A D E F B C; r5 A C D E F B.
        {6,
         {{vs(A, F), vs(B, E), vs(C, D)},
          {vs(A, E), vs(F, D), vs(B, C)},
          {vs(A, D), vs(E, C), vs(F, B)},
          {vs(A, C), vs(D, B), vs(E, F)},
          {vs(A, B), vs(C, F), vs(D, E)}}},
    };
    for (const Row& row : rows) {
        INFO(row.n << " members");
        const int cycle = static_cast<int>(row.expected.size());
        const Schedule s = round_robin(first_n(row.n), 2 * cycle + 1);
        REQUIRE(s.size() == static_cast<std::size_t>(2 * cycle + 1));
        for (int r = 0; r < 2 * cycle + 1; ++r) {
            INFO("round " << r + 1);
            CHECK(s[r] == row.expected[r % cycle]);  // the cycle repeats, twice and a bit
        }
    }
}

TEST_CASE("each cycle pairs every two members once and gives every member one bye", "[league]") {
    for (int n = 2; n <= 9; ++n) {
        INFO(n << " members");
        const int cycle = n % 2 == 0 ? n - 1 : n;
        const Schedule s = round_robin(first_n(n), 3 * cycle);
        for (int start = 0; start < 3 * cycle; start += cycle) {
            std::set<std::pair<MemberId, MemberId>> met;
            std::map<MemberId, int> byes;
            for (int r = start; r < start + cycle; ++r) {
                std::set<MemberId> seen;  // everyone exactly once per round
                bool bye_seen = false;
                for (const Pairing& p : s[r]) {
                    CHECK(seen.insert(p.a).second);
                    if (p.is_bye()) {
                        ++byes[p.a];
                        bye_seen = true;
                        continue;
                    }
                    CHECK_FALSE(bye_seen);  // byes are listed last
                    CHECK(seen.insert(*p.b).second);
                    CHECK(met.insert(std::minmax(p.a, *p.b)).second);
                }
                CHECK(seen.size() == static_cast<std::size_t>(n));
            }
            CHECK(met.size() == static_cast<std::size_t>(n * (n - 1) / 2));
            CHECK(byes.size() == (n % 2 == 0 ? 0u : static_cast<std::size_t>(n)));
            for (const auto& [member, count] : byes) CHECK(count == 1);
        }
    }
}

TEST_CASE("member order decides the schedule, edge counts", "[league]") {
    // Ids are not sorted: the given order is what fills the slots.
    CHECK(round_robin({40, 10, 30, 20}, 1) == Schedule{{vs(40, 20), vs(10, 30)}});
    CHECK(round_robin({7}, 2) == Schedule{{bye(7)}, {bye(7)}});
    CHECK(round_robin({}, 2) == Schedule{{}, {}});
    CHECK(round_robin(first_n(4), 0).empty());
}

TEST_CASE("removal after the start leaves byes for the remaining opponents", "[league]") {
    // 4 members, 4 rounds: r1 A-D B-C; r2 A-C D-B; r3 A-B C-D; r4 (repeat) A-D B-C.
    const Schedule full = round_robin(first_n(4), 4);
    // B leaves before round 2: rounds 2-4 give B's opponents (D, A, C) a bye.
    CHECK(remove_member(full, B, 2) == Schedule{{vs(A, D), vs(B, C)},
                                                {vs(A, C), bye(D)},
                                                {vs(C, D), bye(A)},
                                                {vs(A, D), bye(C)}});
    // Then A leaves before round 4 too: round 4 gives D a bye; C keeps its bye from B.
    CHECK(remove_member(remove_member(full, B, 2), A, 4) == Schedule{{vs(A, D), vs(B, C)},
                                                                     {vs(A, C), bye(D)},
                                                                     {vs(C, D), bye(A)},
                                                                     {bye(D), bye(C)}});
    // 5 members: round 1 is B-E C-D A-bye. Removing A drops A's bye; removing E gives B a bye,
    // listed after C-D and, keeping slot order among byes, before A's bye.
    const Schedule five = round_robin(first_n(5), 1);
    CHECK(remove_member(five, A, 1) == Schedule{{vs(B, E), vs(C, D)}});
    CHECK(remove_member(five, E, 1) == Schedule{{vs(C, D), bye(B), bye(A)}});
    // Removal from round 1 onward, or of someone not scheduled, or past the end.
    CHECK(remove_member(full, 99, 1) == full);
    CHECK(remove_member(full, A, 5) == full);
}

TEST_CASE("pairing_of finds a member's pairing in a round", "[league]") {
    const RoundPairings r = {vs(B, E), vs(C, D), bye(A)};
    CHECK(pairing_of(r, D) == vs(C, D));
    CHECK(pairing_of(r, A) == bye(A));
    CHECK(pairing_of(r, F) == std::nullopt);
}
