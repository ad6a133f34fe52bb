#include "server/app/integrity/verdict.hpp"

#include <vector>

#include "engine/integrity.hpp"

namespace pinfall::server {

engine::WeekVerdict week_verdict_of(engine::Ruleset ruleset,
                                    const std::vector<storage::Evidence>& week) {
    std::vector<engine::IntegrityEvidence> e;
    for (const auto& r : week) e.push_back({r.llr, r.week_llr, r.guard_sum, r.guard_var, r.deciding});
    return engine::week_verdict(ruleset, e);
}

storage::Status store_verdict(storage::Store& s, const storage::Evidence& e, storage::Millis now,
                              bool* changed, std::vector<storage::GameRowId>* opened_games) {
    auto& in = s.integrity();
    if (auto st = in.add_evidence(e); !st.is_ok()) {
        // Another node analysed it first: its verdict stands.
        return st.code() == storage::Status::Code::kConflict ? storage::Status::ok() : st;
    }
    bool opened = false;
    if (e.flagged) {
        if (auto st = in.open_case(e.game, "statistic", "", now, &opened); !st.is_ok()) return st;
        *changed |= opened;
        if (opened && opened_games) opened_games->push_back(e.game);
    }
    const auto recent = in.recent_evidence(e.player, e.ruleset, engine::kWeekGames);
    if (!week_verdict_of(e.ruleset, recent).flagged) return storage::Status::ok();
    for (const auto& r : recent) {
        if (auto st = in.open_case(r.game, "week", "", now, &opened); !st.is_ok()) return st;
        *changed |= opened;
        if (opened && opened_games) opened_games->push_back(r.game);
    }
    return storage::Status::ok();
}

}  // namespace pinfall::server
