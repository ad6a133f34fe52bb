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
    // Made by estimate_future_table(ruleset, 1000, "pinfall-coach-table-", a search with a budget
    // of 2^22 positions), printed by `par_coach table 1000` (bench/par_coach.cpp); rows are frames
    // 1-10, columns the bonus none, spare, strike, double (frame 1 starts with none only).
    // sackson: 1000 deals, 0 fallbacks, 457.8 s
    static const FutureTable kSackson = {{{
                                           {187.1775, 0.0000, 0.0000, 0.0000},
                                           {168.5061, 177.0252, 181.9763, 190.5195},
                                           {149.8346, 158.3537, 163.3048, 171.8481},
                                           {131.1632, 139.6823, 144.6334, 153.1767},
                                           {112.4918, 121.0109, 125.9620, 134.5052},
                                           {93.8203, 102.3394, 107.2906, 115.8338},
                                           {75.1489, 83.6680, 88.6191, 97.1624},
                                           {56.4774, 64.9964, 69.9479, 78.4911},
                                           {37.8058, 46.3275, 51.2742, 59.8183},
                                           {19.0665, 27.5663, 32.7084, 41.2416},
                                       }},
                                       9.1614,
                                       {13.8351, 22.7860}};
    // strict: 1000 deals, 0 fallbacks, 212.8 s
    static const FutureTable kStrict = {{{
                                          {143.0867, 0.0000, 0.0000, 0.0000},
                                          {128.8128, 136.2865, 139.7451, 147.1990},
                                          {114.5389, 122.0126, 125.4712, 132.9251},
                                          {100.2649, 107.7386, 111.1972, 118.6511},
                                          {85.9910, 93.4647, 96.9233, 104.3772},
                                          {71.7171, 79.1908, 82.6494, 90.1033},
                                          {57.4431, 64.9168, 68.3754, 75.8293},
                                          {43.1692, 50.6427, 54.1018, 61.5556},
                                          {28.8953, 36.3717, 39.8233, 47.2788},
                                          {14.6068, 22.0455, 25.6570, 33.0865},
                                      }},
                                      8.2586,
                                      {11.1941, 19.1972}};
    return ruleset == Ruleset::kStrict ? kStrict : kSackson;
}

}  // namespace pinfall::engine
