#include "engine/integrity_values.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "engine/coach_search.hpp"
#include "engine/sampling.hpp"
#include "engine/seed.hpp"

namespace pinfall::engine {
namespace {

RackPosition position_of(const Rack& rack) {
    RackPosition p{rack.standing(), {}};
    for (int pile = 0; pile < kPileCount; ++pile) {
        p.top[pile] = static_cast<std::uint8_t>(rack.top_index(pile));
    }
    return p;
}


// Every choice's value at p (open_actions order) on the rack loaded in solver. The stop is
// valued as sampled_actions values it: the ball ends with the pins down so far.
void values_at(RackSolver& solver, const RackPosition& p, const HiddenRack& h, const RackGoal& goal,
               std::vector<int>& out) {
    out.clear();
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = solver.legal(p, pile); s; s &= s - 1) {
            RackPosition q = p;
            q.standing &= static_cast<PinMask>(~kGroups[std::countr_zero(s)]);
            ++q.top[pile];
            out.push_back(static_cast<int>(std::lround(best_known(solver, q, h, goal))));
        }
    }
    const int down = kPinCount - pin_count(p.standing);
    double stop;
    if (h.ball == 2) {
        stop = goal.end[h.r1][down - h.r1];
    } else if (goal.single_ball) {
        stop = goal.end[down][0];
    } else {
        HiddenRack b = h;
        b.ball = 2;
        b.r1 = down;
        stop = best_known(solver, RackSolver::burned(p), b, goal);
    }
    out.push_back(static_cast<int>(std::lround(stop)));
}

// The later deals q samples from: deals made by the public algorithm from fixed seeds, solved
// once per process (thread-safe static initialisation), with their par tables.
struct FuturePool {
    std::vector<RackSet> racks;
    std::vector<ParTable> tables;
};
constexpr int kPoolRows = 64;

FuturePool make_pool(Ruleset ruleset) {
    FuturePool pool;
    RackSolver solver;
    for (int row = 0; row < kPoolRows; ++row) {
        const Seed seed = sha256("pinfall-integrity-future-" + std::to_string(row));
        RackSet racks;
        for (int k = 0; k < kMaxDeals; ++k) {
            solver.load(deal_from_seed(seed, static_cast<std::uint32_t>(k)), ruleset);
            racks[k] = solver.outcomes();
        }
        pool.racks.push_back(racks);
        pool.tables.push_back(par_table(racks));
    }
    return pool;
}

const FuturePool& future_pool(Ruleset ruleset) {
    static const FuturePool sackson = make_pool(Ruleset::kSackson);
    static const FuturePool strict = make_pool(Ruleset::kStrict);
    return ruleset == Ruleset::kStrict ? strict : sackson;
}

}  // namespace

std::vector<Action> open_actions(const Game& game) {
    std::vector<Action> out;
    if (game.over()) return out;
    const auto legal = game.legal();
    for (int pile = 0; pile < kPileCount; ++pile) {
        for (GroupSet s = legal[pile]; s; s &= s - 1) {
            out.push_back(play_action(pile, kGroups[std::countr_zero(s)]));
        }
    }
    out.push_back(Action::stop());
    return out;
}

FutureTable known_future(const RackSet& racks, const ParTable& table, int deal) {
    FutureTable t;
    for (int f = 0; f < kFrames; ++f) {
        for (int b = 0; b < kBonusStates; ++b) t.frames[f][b] = table.value[f][b];
    }
    const RackOutcomes& extra = racks[10];
    const int last = racks[11].best_first();
    for (int m = 1; m <= 2; ++m) {
        int best = extra.possible(kPinCount, 0) ? kPinCount * m + last : -1;
        for (int r1 = 0; r1 < kPinCount; ++r1) {
            for (int r2 = 0; r2 <= kPinCount - r1; ++r2) {
                if (extra.possible(r1, r2)) best = std::max(best, r1 * m + r2);
            }
        }
        t.after_strike[m - 1] = best;
    }
    // frame_goal reads first_ball for frame 10's spare (deal 10); after_strike_goal for the
    // ball after a bonus strike (deal 11).
    t.first_ball = (deal >= kFrames ? racks[11] : racks[10]).best_first();
    return t;
}

void KnownValues::start(Ruleset ruleset, const DealSet& deals) {
    ruleset_ = ruleset;
    deals_ = deals;
    for (int k = 0; k < kMaxDeals; ++k) {
        solver_.load(deals[k], ruleset);
        racks_[k] = solver_.outcomes();
    }
    table_ = par_table(racks_);
    loaded_ = -1;
}

std::vector<int> KnownValues::values(const Game& game) {
    const CoachView view = coach_view_of(game);
    const int d = game.deal_index();
    if (loaded_ != d) {
        solver_.load(deals_[d], ruleset_);
        loaded_ = d;
    }
    const RackGoal goal = Coach::goal_of(view, known_future(racks_, table_, d));
    std::vector<int> out;
    values_at(solver_, position_of(game.rack()), view.rack, goal, out);
    return out;
}

std::vector<double> BestChances::chances(const Game& game, int coach_best, std::uint64_t seed) {
    const CoachView view = coach_view_of(game);
    const HiddenRack& h = view.rack;
    const RackPosition p = position_of(game.rack());
    const int d = game.deal_index();
    const FuturePool& pool = future_pool(game.ruleset());
    std::vector<Card> hidden = cards_of(h.unseen);
    // The cards seen so far keep their places; only those below the face-up cards are dealt anew.
    Deal deal;
    deal.pins = h.pins;
    const Deal& shown = game.rack().deal();
    std::uint64_t state = seed;
    const auto offset = static_cast<std::size_t>(splitmix64(state) % kPoolRows);
    std::vector<int> values, counts;
    int deciding = 0;
    for (int k = 0; k < samples_; ++k) {
        shuffle_cards(hidden, state);
        std::size_t next = 0;
        for (int pile = 0; pile < kPileCount; ++pile) {
            for (int i = 0; i < kPileSize[pile]; ++i) {
                const int at = kPileOffset[pile] + i;
                deal.balls[at] = i <= p.top[pile] ? shown.balls[at] : hidden[next++];
            }
        }
        const std::size_t row = (offset + static_cast<std::size_t>(k)) % kPoolRows;
        const RackGoal goal =
            Coach::goal_of(view, known_future(pool.racks[row], pool.tables[row], d));
        solver_.load(deal, game.ruleset());
        values_at(solver_, p, h, goal, values);
        if (counts.empty()) counts.assign(values.size(), 0);
        const int best = *std::max_element(values.begin(), values.end());
        if (values[coach_best] == best) continue;
        ++deciding;
        for (std::size_t i = 0; i < values.size(); ++i) counts[i] += values[i] == best;
    }
    std::vector<double> out(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i) out[i] = (counts[i] + 0.5) / (deciding + 1.0);
    return out;
}

}  // namespace pinfall::engine
