#include "engine/par.hpp"

namespace pinfall::engine {

std::array<RackOutcomes, kMaxDeals> ParSolver::outcomes(Ruleset ruleset, const DealSet& deals) {
    std::array<RackOutcomes, kMaxDeals> racks;
    for (int k = 0; k < kMaxDeals; ++k) {
        rack_.load(deals[k], ruleset);
        racks[k] = rack_.outcomes();
    }
    return racks;
}

void ParSolver::append_line(const Deal& deal, Ruleset ruleset, int r1, int r2,
                            std::vector<Action>& out) {
    rack_.load(deal, ruleset);
    const std::vector<Action> rack_line = rack_.line(r1, r2);
    out.insert(out.end(), rack_line.begin(), rack_line.end());
}

ParResult ParSolver::solve(Ruleset ruleset, const DealSet& deals) {
    const auto racks = outcomes(ruleset, deals);
    ParResult result;
    result.plan = par_plan(racks, par_table(racks));
    result.par = result.plan.par;
    auto& line = result.line;
    for (int f = 0; f < kFrames; ++f) {
        const Rolls& r = result.plan.frames[f];
        append_line(deals[f], ruleset, r.r1, r.r2, line);
    }
    const Rolls& tenth = result.plan.frames[kFrames - 1];
    const Rolls& bonus = result.plan.bonus;
    if (tenth.r1 == kPinCount) {
        append_line(deals[10], ruleset, bonus.r1, bonus.r2, line);
        if (bonus.r1 == kPinCount) append_line(deals[11], ruleset, result.plan.last, -1, line);
    } else if (tenth.r1 + tenth.r2 == kPinCount) {
        append_line(deals[10], ruleset, bonus.r1, -1, line);
    }
    return result;
}

ParResult solve_par(Ruleset ruleset, const DealSet& deals) {
    // One solver a thread, kept: its tables (some 700 KiB, stamped by generation so a new
    // deal needs no clearing) cost a quarter of a solve to allocate and zero every time.
    thread_local ParSolver solver;
    return solver.solve(ruleset, deals);
}

ParResult solve_par(Ruleset ruleset, const Seed& seed) {
    return solve_par(ruleset, deal_all(seed));
}

Record par_record(Ruleset ruleset, const Seed& seed, const ParResult& result) {
    return Record{ruleset, seed, result.line};
}

}  // namespace pinfall::engine
