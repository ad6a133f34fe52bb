// Helpers for the real-lane tests: roll lists where kF stands for a foul.
#pragma once

#include <catch2/catch.hpp>
#include <optional>
#include <vector>

#include "engine/errors.hpp"
#include "engine/lane_sheet.hpp"

namespace pinfall::test {

// A foul in a roll list (never a pin count: racks hold at most 10 pins).
inline constexpr int kF = 100;

// Reports r (a pin count, or kF for a foul) on s.
inline std::optional<engine::Error> report(engine::LaneSheet& s, int r) {
    return r == kF ? s.report_foul() : s.report_roll(r);
}

// A sheet with every roll of `rolls` reported; each must be accepted.
inline engine::LaneSheet lane_sheet_of(engine::LaneRuleset ruleset, const std::vector<int>& rolls) {
    engine::LaneSheet s(ruleset);
    for (const int r : rolls) {
        INFO("roll " << r << " at roll index " << s.roll_count());
        REQUIRE_FALSE(report(s, r));
    }
    return s;
}

// `part` n times over.
inline std::vector<int> repeat(int n, const std::vector<int>& part) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.insert(out.end(), part.begin(), part.end());
    return out;
}

inline std::vector<int> join(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace pinfall::test
