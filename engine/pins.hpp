// The pin triangle: adjacency (docs/rules.md, "Cards and pins") and the table of the 64 connected
// pin groups of 1-3 pins that a ball card may knock down. Everything here is constexpr data.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace pinfall::engine {

// Bit p-1 stands for pin p (1 = headpin, 7-10 = back row, 5 = centre pin).
using PinMask = std::uint16_t;
inline constexpr PinMask kAllPins = 0x3FF;
inline constexpr PinMask kBackRow = 0x3C0;  // pins 7-10
inline constexpr PinMask kCentrePin = 1 << 4;
inline constexpr PinMask kPins2And3 = (1 << 1) | (1 << 2);

constexpr PinMask pin_bit(int pin) { return static_cast<PinMask>(1u << (pin - 1)); }
// Set bits of every 10-bit value: a table, since a build for the baseline x86-64 has no popcount
// instruction and std::popcount becomes a library call (hot in the coach's search).
inline constexpr std::array<std::uint8_t, 1024> kBitCounts10 = [] {
    std::array<std::uint8_t, 1024> t{};
    for (unsigned m = 0; m < t.size(); ++m) t[m] = static_cast<std::uint8_t>(std::popcount(m));
    return t;
}();
constexpr int pin_count(PinMask m) { return kBitCounts10[m & kAllPins]; }

// kAdjacent[p-1]: the pins whose cards touch pin p horizontally or diagonally.
inline constexpr std::array<PinMask, 10> kAdjacent = {
    pin_bit(2) | pin_bit(3),
    pin_bit(1) | pin_bit(3) | pin_bit(4) | pin_bit(5),
    pin_bit(1) | pin_bit(2) | pin_bit(5) | pin_bit(6),
    pin_bit(2) | pin_bit(5) | pin_bit(7) | pin_bit(8),
    pin_bit(2) | pin_bit(3) | pin_bit(4) | pin_bit(6) | pin_bit(8) | pin_bit(9),
    pin_bit(3) | pin_bit(5) | pin_bit(9) | pin_bit(10),
    pin_bit(4) | pin_bit(8),
    pin_bit(4) | pin_bit(5) | pin_bit(7) | pin_bit(9),
    pin_bit(5) | pin_bit(6) | pin_bit(8) | pin_bit(10),
    pin_bit(6) | pin_bit(9),
};

// Every pin adjacent to at least one pin of m.
constexpr PinMask neighbours(PinMask m) {
    PinMask out = 0;
    for (int p = 0; p < 10; ++p) {
        if (m >> p & 1) out |= kAdjacent[p];
    }
    return out;
}

// 2-3 pins each adjacent to another of the group, all linked (ruleset sackson); a single pin.
constexpr bool is_connected_group(PinMask m) {
    const int n = pin_count(m);
    if (n == 1) return true;
    if (n < 1 || n > 3) return false;
    int edges = 0;
    for (int p = 0; p < 10; ++p) {
        if (m >> p & 1) edges += pin_count(kAdjacent[p] & m);
    }
    edges /= 2;
    return edges >= n - 1;  // two pins: one edge; three pins: a path or a triangle
}

// Every pair adjacent (ruleset strict): a single pin, a pair, or a small triangle.
constexpr bool is_strict_group(PinMask m) {
    const int n = pin_count(m);
    if (n < 1 || n > 3) return false;
    for (int p = 0; p < 10; ++p) {
        if ((m >> p & 1) && (kAdjacent[p] & m) != (m & ~pin_bit(p + 1))) return false;
    }
    return true;
}

// The first play of a rack: no back-row pin, never pin 5 alone, pin 5 only with pin 2 or 3.
constexpr bool is_first_play_shape(PinMask m) {
    if (m & kBackRow) return false;
    if ((m & kCentrePin) && !(m & kPins2And3)) return false;
    return true;
}

inline constexpr int kGroupCount = 64;
using GroupSet = std::uint64_t;  // bit i = group i of kGroups

// Lexicographic order of the pin lists (1,2 < 1,2,3 < 1,3 < ...) so that walking a GroupSet
// from bit 0 lists plays in the order players and the test vectors read them.
constexpr bool pins_before(PinMask a, PinMask b) {
    while (a && b) {
        const int pa = std::countr_zero(static_cast<unsigned>(a));
        const int pb = std::countr_zero(static_cast<unsigned>(b));
        if (pa != pb) return pa < pb;
        a &= a - 1;
        b &= b - 1;
    }
    return a == 0 && b != 0;
}

constexpr std::array<PinMask, kGroupCount> make_groups() {
    std::array<PinMask, kGroupCount> groups{};
    int n = 0;
    for (unsigned m = 1; m <= kAllPins; ++m) {
        if (is_connected_group(static_cast<PinMask>(m))) groups[n++] = static_cast<PinMask>(m);
    }
    std::sort(groups.begin(), groups.end(), pins_before);
    return groups;
}

inline constexpr std::array<PinMask, kGroupCount> kGroups = make_groups();

// Group sets derived from kGroups, used to list legal plays with a few AND operations.
struct GroupTables {
    std::array<GroupSet, 10> with_pin{};  // groups containing pin p (index p-1)
    std::array<GroupSet, 10> touching{};  // groups holding a pin adjacent to position p
    GroupSet strict = 0;                  // groups allowed under ruleset strict
    GroupSet first_play = 0;              // groups allowed as the first play of a rack
};

constexpr GroupTables make_group_tables() {
    GroupTables t;
    for (int g = 0; g < kGroupCount; ++g) {
        const PinMask m = kGroups[g];
        const GroupSet bit = GroupSet{1} << g;
        for (int p = 0; p < 10; ++p) {
            if (m >> p & 1) t.with_pin[p] |= bit;
            if (kAdjacent[p] & m) t.touching[p] |= bit;
        }
        if (is_strict_group(m)) t.strict |= bit;
        if (is_first_play_shape(m)) t.first_play |= bit;
    }
    return t;
}

inline constexpr GroupTables kGroupTables = make_group_tables();

// Index of m in kGroups, or -1 when m is not a connected group of 1-3 pins.
constexpr int group_index(PinMask m) {
    for (int g = 0; g < kGroupCount; ++g) {
        if (kGroups[g] == m) return g;
    }
    return -1;
}

constexpr int count_connected_groups() {
    int n = 0;
    for (unsigned m = 1; m <= kAllPins; ++m) n += is_connected_group(static_cast<PinMask>(m));
    return n;
}
static_assert(count_connected_groups() == kGroupCount, "10 pins, 18 pairs, 36 triples");
static_assert(std::popcount(kGroupTables.strict) == 10 + 18 + 9, "nine small triangles");

}  // namespace pinfall::engine
