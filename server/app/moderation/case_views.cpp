#include "server/app/moderation/case_views.hpp"

#include <algorithm>

#include "engine/integrity.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/integrity/verdict.hpp"

namespace pinfall::server {

namespace {

constexpr double kReportWeight = 0.5;
constexpr int kReportsCounted = 4;

engine::WeekVerdict week_of(const CaseRead& c) { return week_verdict_of(c.row.ruleset, c.week); }

std::optional<std::string> time_of(std::optional<storage::Millis> ms) {
    if (!ms) return std::nullopt;
    return format_rfc3339_ms(*ms);
}

}  // namespace

CaseRead read_case(storage::Store& s, storage::CaseRow row, bool linked) {
    CaseRead c;
    c.week = s.integrity().recent_evidence(row.player, row.ruleset, engine::kWeekGames);
    if (linked) c.linked = s.integrity().linked(row.game);
    if (row.decided_by) {
        const auto p = s.player(*row.decided_by);
        c.names[*row.decided_by] = p ? p->name : "";
    }
    c.row = std::move(row);
    return c;
}

double case_priority(const CaseRead& c) {
    const auto t = engine::integrity_thresholds(c.row.ruleset);
    double severity = 0;
    if (c.row.evidence && t.game_llr > 0) severity = c.row.evidence->llr / t.game_llr;
    if (!c.week.empty() && t.week_llr > 0) severity = std::max(severity, week_of(c).llr / t.week_llr);
    return severity + kReportWeight * std::min(c.row.reports, kReportsCounted);
}

protocol::CaseView view_of(const CaseRead& c) {
    const storage::CaseRow& r = c.row;
    protocol::CaseView v;
    v.game = r.game;
    v.player = {r.player, r.player_name};
    v.mode = storage::mode_name(r.mode);
    if (!r.day.empty()) v.day = r.day;
    v.league = r.league;
    v.round = r.league_round;
    v.league_game = r.league_game;
    v.ruleset = std::string(engine::ruleset_name(r.ruleset));
    v.score = r.score;
    v.par = r.par;
    v.finished_at = format_rfc3339_ms(r.finished_at);
    v.status = storage::review_state_name(r.state);
    v.reason = r.reason;
    v.opened_at = time_of(r.opened_at);
    v.decided_at = time_of(r.decided_at);
    if (r.decided_by) {
        const auto it = c.names.find(*r.decided_by);
        v.decided_by = protocol::PlayerRef{*r.decided_by, it == c.names.end() ? "" : it->second};
    }
    v.note = r.note;
    v.reports = r.reports;
    v.priority = case_priority(c);
    if (r.evidence) {
        const auto t = engine::integrity_thresholds(r.ruleset);
        const auto w = week_of(c);
        const auto& e = *r.evidence;
        v.evidence = protocol::CaseEvidence{e.llr,         e.z,      e.tau,
                                            e.decisions,   e.deciding, e.flagged,
                                            {t.game_llr, t.game_z}, w.llr, w.z,
                                            w.games,       w.deciding, w.flagged,
                                            {t.week_llr, t.week_z}, e.drivers};
    }
    for (const auto& l : c.linked) {
        v.linked.push_back({{l.player, l.name}, l.game, l.via, format_rfc3339_ms(l.started_at)});
    }
    return v;
}

}  // namespace pinfall::server
