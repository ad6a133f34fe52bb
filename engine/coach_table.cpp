#include "engine/coach_table.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/deal.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {

RackGoal frame_goal(const FutureTable& t, int frame, Bonus b, double base) {
    RackGoal g;
    const int m1 = 1 + next_extra(b);
    const int m2 = 1 + after_next_extra(b);
    for (int r1 = 0; r1 <= kPinCount; ++r1) {
        for (int r2 = 0; r2 <= kPinCount - r1; ++r2) {
            double v;
            if (frame < kFrames) {
                const Bonus next = bonus_after(b, r1, r2);
                v = frame_points(b, r1, r2) + t.frames[frame][static_cast<int>(next)];
            } else if (r1 == kPinCount) {
                v = kPinCount * m1 + t.after_strike[m2 - 1];
            } else {
                v = r1 * m1 + r2 * m2 + (r1 + r2 == kPinCount ? t.first_ball : 0.0);
            }
            g.end[r1][r2] = base + v;
        }
    }
    return g;
}

RackGoal after_strike_goal(const FutureTable& t, int first_count, double base) {
    RackGoal g;
    for (int b1 = 0; b1 < kPinCount; ++b1) {
        for (int b2 = 0; b2 <= kPinCount - b1; ++b2) g.end[b1][b2] = base + b1 * first_count + b2;
    }
    g.end[kPinCount][0] = base + kPinCount * first_count + t.first_ball;
    return g;
}

RackGoal last_ball_goal(double base) {
    RackGoal g;
    g.single_ball = true;
    for (int r = 0; r <= kPinCount; ++r) g.end[r][0] = base + r;
    return g;
}

HiddenRack fresh_rack(const Deal& deal) {
    HiddenRack h;
    h.pins = deal.pins;
    for (int p = 0; p < kPileCount; ++p) {
        h.face_up[p] = deal.balls[kPileOffset[p]];
        h.face_down[p] = static_cast<std::uint8_t>(kPileSize[p] - 1);
        for (int i = 1; i < kPileSize[p]; ++i) h.unseen |= 1u << deal.balls[kPileOffset[p] + i];
    }
    return h;
}

namespace {

double mean_value(const std::vector<Deal>& deals, Ruleset ruleset, const RackGoal& goal,
                  Expectimax& search, int* fallbacks) {
    double sum = 0;
    for (const Deal& deal : deals) {
        const HiddenRack h = fresh_rack(deal);
        search.prepare(h, ruleset, goal);
        double v = search.value(h);
        if (!search.ok()) {
            if (fallbacks) ++*fallbacks;
            v = 0;
            for (const ActionValue& a : sampled_actions(h, ruleset, goal, 32)) {
                v = std::max(v, a.expected);
            }
        }
        sum += v;
    }
    return sum / static_cast<double>(deals.size());
}

}  // namespace

FutureTable estimate_future_table(Ruleset ruleset, int samples, const char* prefix,
                                  Expectimax& search, int* fallbacks) {
    std::vector<Deal> deals;
    for (int i = 0; i < samples; ++i) {
        deals.push_back(deal_from_seed(sha256(prefix + std::to_string(i)), 0));
    }
    FutureTable t;
    t.first_ball = mean_value(deals, ruleset, last_ball_goal(0), search, fallbacks);
    for (int m = 1; m <= 2; ++m) {
        t.after_strike[m - 1] =
            mean_value(deals, ruleset, after_strike_goal(t, m, 0), search, fallbacks);
    }
    for (int f = kFrames; f >= 1; --f) {
        for (int b = 0; b < kBonusStates; ++b) {
            // Frame 1 always starts without a bonus; its other entries are never read.
            if (f == 1 && b != 0) continue;
            t.frames[f - 1][b] = mean_value(
                deals, ruleset, frame_goal(t, f, static_cast<Bonus>(b), 0), search, fallbacks);
        }
    }
    return t;
}

const FutureTable& future_table(Ruleset ruleset) {
    // Made by estimate_future_table(ruleset, 32, "pinfall-coach-table-", a search with a budget
    // of 2^22 positions), printed by `par_coach table 32` (bench/par_coach.cpp); rows are frames
    // 1-10, columns the bonus none, spare, strike, double (frame 1 starts with none only).
    // sackson: 32 deals, 0 fallbacks, 262.1 s
    static const FutureTable kSackson = {{{
                                             {192.2672, 0.0000, 0.0000, 0.0000},
                                             {173.0986, 181.5437, 186.7727, 195.1981},
                                             {153.9300, 162.3751, 167.6041, 176.0295},
                                             {134.7614, 143.2065, 148.4355, 156.8609},
                                             {115.5928, 124.0379, 129.2669, 137.6923},
                                             {96.4242, 104.8692, 110.0983, 118.5237},
                                             {77.2555, 85.7006, 90.9297, 99.3551},
                                             {58.0869, 66.5319, 71.7611, 80.1865},
                                             {38.9179, 47.3643, 52.5918, 61.0174},
                                             {19.6456, 28.0710, 33.5566, 41.9791},
                                         }},
                                         9.2143,
                                         {14.0963, 23.0341}};
    // strict: 32 deals, 0 fallbacks, 102.2 s
    static const FutureTable kStrict = {{{
                                            {146.3069, 0.0000, 0.0000, 0.0000},
                                            {131.7100, 139.2863, 142.7979, 150.3616},
                                            {117.1132, 124.6894, 128.2011, 135.7648},
                                            {102.5164, 110.0926, 113.6043, 121.1679},
                                            {87.9195, 95.4958, 99.0074, 106.5711},
                                            {73.3227, 80.8989, 84.4106, 91.9743},
                                            {58.7258, 66.3021, 69.8137, 77.3774},
                                            {44.1290, 51.7052, 55.2171, 62.7807},
                                            {29.5325, 37.1099, 40.6173, 48.1817},
                                            {14.9166, 22.4738, 26.1135, 33.6617},
                                        }},
                                        8.3059,
                                        {11.3410, 19.3767}};
    return ruleset == Ruleset::kStrict ? kStrict : kSackson;
}

}  // namespace pinfall::engine
