// A brute-force model of the rules of a play, written from docs/rules.md ("Cards and pins",
// "Knocking pins down") without the engine's group tables, for the property tests to hold the
// engine against. It works on what a player sees (pins, face-up cards), so it can also be kept up
// to date from events alone.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "engine/deal.hpp"
#include "engine/pins.hpp"
#include "engine/rack.hpp"
#include "engine/ruleset.hpp"

namespace pinfall::test {

using namespace pinfall::engine;

// The visible state of a rack.
struct Table {
    std::array<Card, kPinCount> pins{};  // card of each pin position, standing or not
    PinMask standing = kAllPins;
    std::array<Card, kPileCount> face_up{kNoCard, kNoCard, kNoCard};
    bool operator==(const Table&) const = default;
};

inline Table table_of(const Rack& rack) {
    Table t;
    t.pins = rack.deal().pins;
    t.standing = rack.standing();
    for (int p = 0; p < kPileCount; ++p) t.face_up[p] = rack.face_up(p);
    return t;
}

// The error a play of `pins` with the face-up card of pile (0-based) gets, in the engine's check
// order, or "ok". The first-play rules hold while every pin stands.
inline std::string_view model_error(const Table& t, Ruleset r, int pile,
                                    std::span<const int> pins) {
    if (pile < 0 || pile >= kPileCount) return "bad_pile";
    const Card ball = t.face_up[pile];
    if (ball == kNoCard) return "empty_pile";
    if (pins.empty()) return "no_pins";
    if (pins.size() > 3) return "too_many_pins";
    for (std::size_t i = 0; i < pins.size(); ++i) {
        if (pins[i] < 1 || pins[i] > 10) return "bad_pin";
        for (std::size_t j = 0; j < i; ++j) {
            if (pins[j] == pins[i]) return "duplicate_pin";
        }
    }
    for (const int p : pins) {
        if (!(t.standing & pin_bit(p))) return "pin_not_standing";
    }
    auto adj = [](int a, int b) { return (kAdjacent[a - 1] & pin_bit(b)) != 0; };
    int edges = 0;
    for (std::size_t i = 0; i < pins.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) edges += adj(pins[i], pins[j]);
    }
    const int n = static_cast<int>(pins.size());
    if (r == Ruleset::kStrict && edges != n * (n - 1) / 2) return "not_adjacent";
    if (edges < n - 1) return "not_connected";  // 2-3 pins are linked iff they have n-1 edges
    int sum = 0;
    for (const int p : pins) sum += card_rank(t.pins[p - 1]) % 10;
    if (sum % 10 != card_rank(ball) % 10) return "sum_mismatch";
    if (t.standing == kAllPins) {
        bool five = false, two_or_three = false;
        for (const int p : pins) {
            if (p >= 7) return "back_row_on_first_play";
            five |= p == 5;
            two_or_three |= p == 2 || p == 3;
        }
        return five && !two_or_three ? "centre_pin_on_first_play" : "ok";
    }
    for (const int p : pins) {
        for (int q = 1; q <= 10; ++q) {
            if (!(t.standing & pin_bit(q)) && adj(p, q)) return "ok";
        }
    }
    return "must_touch_cleared";
}

// Calls f(list) for every ascending list of 1-3 pins of `up`.
template <class F>
void for_each_list(PinMask up, F f) {
    int list[3];
    for (int a = 1; a <= kPinCount; ++a) {
        if (!(up & pin_bit(a))) continue;
        list[0] = a;
        f(std::span<const int>(list, 1));
        for (int b = a + 1; b <= kPinCount; ++b) {
            if (!(up & pin_bit(b))) continue;
            list[1] = b;
            f(std::span<const int>(list, 2));
            for (int c = b + 1; c <= kPinCount; ++c) {
                if (!(up & pin_bit(c))) continue;
                list[2] = c;
                f(std::span<const int>(list, 3));
            }
        }
    }
}

// The model's legal plays of pile as a GroupSet; *lists counts the pin lists it tried.
inline GroupSet model_legal(const Table& t, Ruleset r, int pile, long* lists = nullptr) {
    GroupSet out = 0;
    if (t.face_up[pile] == kNoCard) return 0;
    for_each_list(t.standing, [&](std::span<const int> list) {
        if (lists) ++*lists;
        if (model_error(t, r, pile, list) != "ok") return;
        PinMask m = 0;
        for (const int p : list) m |= pin_bit(p);
        out |= GroupSet{1} << group_index(m);
    });
    return out;
}

}  // namespace pinfall::test
