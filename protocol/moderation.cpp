#include "protocol/moderation.hpp"

#include <cmath>
#include <cstdio>

#include "engine/record.hpp"
#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

std::string encode_audit_log(Re re, const AuditLogPage& page) {
    JsonWriter w = start_message("audit_log", re, 128 + 160 * page.entries.size());
    w.key("entries").begin_array();
    for (const auto& e : page.entries) {
        w.begin_object().key("id").value(e.id).key("at").value(e.at).key("moderator");
        if (e.moderator) {
            write_player(w, *e.moderator);
        } else {
            w.null();
        }
        w.key("action").value(e.action).key("target").value(e.target).key("note").value(e.note);
        w.end_object();
    }
    w.end_array().key("next_cursor").value(page.next_cursor);
    return w.end_object().take();
}

}  // namespace pinfall::protocol

namespace pinfall::protocol {

namespace {

// v to 0.01 (the values moderators read); null when not finite (never produced by the engine).
void write_hundredths(JsonWriter& w, double v) {
    if (!std::isfinite(v)) {
        w.null();
        return;
    }
    char buf[48];
    const double r = std::round(v * 100) / 100;
    std::snprintf(buf, sizeof buf, "%.2f", r == 0 ? 0.0 : r);
    w.raw_value(buf);
}

void write_threshold(JsonWriter& w, const Threshold& t) {
    w.begin_object().key("llr");
    write_hundredths(w, t.llr);
    w.key("z");
    write_hundredths(w, t.z);
    w.end_object();
}

void write_evidence(JsonWriter& w, const CaseEvidence& e) {
    w.begin_object().key("llr");
    write_hundredths(w, e.llr);
    w.key("z");
    write_hundredths(w, e.z);
    w.key("tau");
    write_hundredths(w, e.tau);
    w.key("decisions").value(e.decisions).key("deciding").value(e.deciding);
    w.key("flagged").value(e.flagged).key("threshold");
    write_threshold(w, e.threshold);
    w.key("week").begin_object().key("llr");
    write_hundredths(w, e.week_llr);
    w.key("z");
    write_hundredths(w, e.week_z);
    w.key("games").value(e.week_games).key("deciding").value(e.week_deciding);
    w.key("flagged").value(e.week_flagged).key("threshold");
    write_threshold(w, e.week_threshold);
    w.end_object();
    w.key("drivers").raw_value(e.drivers.empty() ? std::string_view("[]") : e.drivers);
    w.end_object();
}

void write_case(JsonWriter& w, const CaseView& c) {
    w.begin_object().key("case").value(c.game).key("game").value(c.game).key("player");
    write_player(w, c.player);
    w.key("mode").value(c.mode).key("day").value(c.day).key("league").value(c.league);
    if (c.league) w.key("round").value(c.round).key("league_game").value(c.league_game);
    w.key("ruleset").value(c.ruleset).key("score").value(c.score).key("par").value(c.par);
    w.key("finished_at").value(c.finished_at).key("status").value(c.status);
    w.key("reason").value(c.reason).key("opened_at").value(c.opened_at);
    w.key("decided_at").value(c.decided_at).key("decided_by");
    if (c.decided_by) {
        write_player(w, *c.decided_by);
    } else {
        w.null();
    }
    w.key("note").value(c.note).key("reports").value(c.reports).key("priority");
    write_hundredths(w, c.priority);
    w.key("evidence");
    if (c.evidence) {
        write_evidence(w, *c.evidence);
    } else {
        w.null();
    }
    w.key("linked").begin_array();
    for (const auto& l : c.linked) {
        w.begin_object().key("player");
        write_player(w, l.player);
        w.key("game").value(l.game).key("via").value(l.via);
        w.key("started_at").value(l.started_at).end_object();
    }
    w.end_array().end_object();
}

}  // namespace

std::string encode_integrity_drivers(const std::vector<engine::IntegrityDecision>& drivers) {
    JsonWriter w(64 + 256 * drivers.size());
    w.begin_array();
    for (const auto& d : drivers) {
        const auto text = [&](int i) { return engine::action_text(d.choices[i].action); };
        w.begin_object().key("index").value(d.index).key("frame").value(d.frame);
        w.key("ball").value(d.ball).key("played").value(text(d.played));
        w.key("coach_best").value(text(d.coach_best)).key("known_best").value(text(d.known_best));
        w.key("llr");
        write_hundredths(w, d.llr);
        w.key("q");
        write_hundredths(w, d.q);
        w.key("choices").begin_array();
        for (const auto& c : d.choices) {
            w.begin_object().key("action").value(engine::action_text(c.action)).key("expected");
            write_hundredths(w, c.expected);
            w.key("known").value(c.known).end_object();
        }
        w.end_array().end_object();
    }
    return w.end_array().take();
}

std::string encode_review_queue(Re re, const std::vector<CaseView>& cases,
                                std::optional<std::int64_t> next_cursor) {
    JsonWriter w = start_message("review_queue", re, 256 + 1024 * cases.size());
    w.key("cases").begin_array();
    for (const auto& c : cases) write_case(w, c);
    w.end_array().key("next_cursor").value(next_cursor);
    return w.end_object().take();
}

std::string encode_review_case(Re re, const CaseView& c) {
    JsonWriter w = start_message("review_case", re, 1024);
    w.key("case");
    write_case(w, c);
    return w.end_object().take();
}

std::string encode_ban(Re re, const PlayerRef& player, bool banned) {
    JsonWriter w = start_message(banned ? "player_banned" : "player_unbanned", re, 96);
    w.key("player");
    write_player(w, player);
    return w.end_object().take();
}

std::string encode_reported(Re re, std::int64_t game) {
    return start_message("reported", re, 64).key("game").value(game).end_object().take();
}

}  // namespace pinfall::protocol
