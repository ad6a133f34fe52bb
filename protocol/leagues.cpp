#include "protocol/leagues.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {
namespace {

void write_points(JsonWriter& w, int halves) {
    std::string text = std::to_string(halves / 2);
    if (halves % 2) text += ".5";
    w.raw_value(text);
}

void write_side(JsonWriter& w, const LeagueSideResult& s) {
    w.begin_object();
    w.key("player");
    if (s.player) {
        write_player(w, *s.player);
    } else {
        w.null();
    }
    w.key("average").value(s.average);
    w.key("handicap").value(s.handicap);
    w.key("games").begin_array();
    for (const auto& g : s.scratch) w.value(g);
    w.end_array();
    w.key("counted").begin_array();
    for (const int c : s.counted) w.value(c);
    w.end_array();
    w.key("series").value(s.series);
    w.key("points");
    write_points(w, s.won_halves);
    w.end_object();
}

}  // namespace

std::string encode_league(Re re, const LeagueDetail& m) {
    JsonWriter w = start_message("league", re, 512);
    if (m.change) w.key("change").value(*m.change);
    w.key("league").value(m.id);
    w.key("name").value(m.name);
    w.key("secretary");
    write_player(w, m.secretary);
    w.key("ruleset").value(m.ruleset);
    w.key("rounds").value(m.rounds);
    w.key("games_per_round").value(m.games_per_round);
    w.key("round_days").value(m.round_days);
    w.key("start_date").value(m.start_date);
    w.key("scoring").value(m.handicap ? "handicap" : "scratch");
    w.key("handicap_percent").value(m.handicap_percent);
    w.key("handicap_basis").value(m.handicap_basis);
    w.key("entering_average").value(m.entering_average);
    w.key("vacancy_score").value(m.vacancy_score);
    w.key("invite_code").value(m.invite_code);
    w.key("joining_open").value(m.joining_open);
    w.key("status").value(m.status);
    w.key("members").begin_array();
    for (const auto& mem : m.members) {
        w.begin_object();
        w.key("player");
        write_player(w, mem.player);
        w.key("removed_from_round").value(mem.removed_from_round);
        w.key("average").begin_object();
        w.key("value").value(mem.average);
        w.key("source").value(mem.average_source);
        w.key("games").value(mem.average_games);
        w.end_object();
        w.key("handicap").value(mem.handicap);
        w.end_object();
    }
    w.end_array();
    w.key("schedule").begin_array();
    for (const auto& r : m.schedule) {
        w.begin_object();
        w.key("round").value(r.round);
        w.key("opens_at").value(r.opens_at);
        w.key("closes_at").value(r.closes_at);
        w.key("status").value(r.status);
        w.key("pairings").begin_array();
        for (const auto& p : r.pairings) {
            w.begin_object();
            w.key("a");
            write_player(w, p.a);
            w.key("b");
            if (p.b) {
                write_player(w, *p.b);
            } else {
                w.null();
            }
            w.end_object();
        }
        w.end_array();
        w.key("commitments").begin_array();
        for (const auto& c : r.commitments) w.value(c);
        w.end_array();
        w.key("seeds");
        if (r.seeds.empty()) {
            w.null();
        } else {
            w.begin_array();
            for (const auto& seed : r.seeds) w.value(seed);
            w.end_array();
        }
        w.key("progress");
        if (r.progress) {
            w.begin_array();
            for (const auto& line : *r.progress) {
                w.begin_object();
                w.key("player");
                write_player(w, line.player);
                w.key("games").begin_array();
                for (const auto& g : line.games) w.value(g);
                w.end_array();
                w.end_object();
            }
            w.end_array();
            w.key("not_started").value(r.not_started);
        } else {
            w.null();
            w.key("not_started").null();
        }
        w.end_object();
    }
    w.end_array();
    w.key("you").begin_object();
    w.key("member").value(m.you_member);
    w.key("secretary").value(m.you_secretary);
    w.end_object();
    return w.end_object().take();
}

std::string encode_league_list(Re re, const std::vector<LeagueSummary>& leagues) {
    JsonWriter w = start_message("league_list", re, 512);
    w.key("leagues").begin_array();
    for (const auto& l : leagues) {
        w.begin_object();
        w.key("league").value(l.id);
        w.key("name").value(l.name);
        w.key("status").value(l.status);
        w.key("secretary");
        write_player(w, l.secretary);
        w.key("you").begin_object();
        w.key("member").value(l.you_member);
        w.key("secretary").value(l.you_secretary);
        w.end_object();
        w.end_object();
    }
    w.end_array();
    return w.end_object().take();
}

std::string encode_league_standings(Re re, std::int64_t league,
                                    const std::vector<StandingLine>& lines) {
    JsonWriter w = start_message("league_standings", re, 512);
    w.key("league").value(league);
    w.key("standings").begin_array();
    for (const auto& l : lines) {
        w.begin_object();
        w.key("rank").value(l.rank);
        w.key("player");
        write_player(w, l.player);
        w.key("games").value(l.games);
        w.key("average").value(l.average);
        w.key("high_game").value(l.high_game);
        w.key("high_series").value(l.high_series);
        w.key("scratch_pins").value(l.scratch_pins);
        w.key("handicap_pins").value(l.handicap_pins);
        w.key("points_won");
        write_points(w, l.won_halves);
        w.key("points_lost");
        write_points(w, l.lost_halves);
        w.end_object();
    }
    w.end_array();
    return w.end_object().take();
}

std::string encode_league_round(Re re, std::int64_t league, const LeagueRoundResults& m) {
    JsonWriter w = start_message("league_round", re, 512);
    w.key("league").value(league);
    w.key("round").value(m.round);
    w.key("pairings").begin_array();
    for (const auto& [a, b] : m.pairings) {
        w.begin_object();
        w.key("a");
        write_side(w, a);
        w.key("b");
        write_side(w, b);
        w.end_object();
    }
    w.end_array();
    return w.end_object().take();
}

}  // namespace pinfall::protocol
