#include "protocol/replies.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {
namespace {

void write_entry(JsonWriter& w, const BoardEntry& e, bool average) {
    w.begin_object();
    w.key("rank").value(e.rank);
    w.key("player");
    write_player(w, e.player);
    if (average) {
        w.key("average").value(e.score);
        w.key("games").value(e.games);
    } else {
        w.key("score").value(e.score);
        w.key("strikes").value(e.strikes);
        w.key("spares").value(e.spares);
        w.key("finished_at").value(e.finished_at);
        w.key("game").value(static_cast<std::int64_t>(e.game));
        w.key("par_pct");
        if (e.par_pct) {
            write_tenths(w, *e.par_pct);
        } else {
            w.null();
        }
    }
    w.end_object();
}

}  // namespace

std::string encode_registered(Re re, const Registered& m) {
    JsonWriter w = start_message("registered", re);
    w.key("player");
    write_player(w, m.player);
    w.key("token").value(m.token);
    return w.end_object().take();
}

std::string encode_logged_in(Re re, const PlayerRef& p, const std::optional<std::string>& token) {
    JsonWriter w = start_message("logged_in", re);
    w.key("player");
    write_player(w, p);
    if (token) w.key("token").value(*token);
    return w.end_object().take();
}

std::string encode_password_changed(Re re) {
    return start_message("password_changed", re).end_object().take();
}

std::string encode_logged_out_others(Re re, const std::string& token) {
    JsonWriter w = start_message("logged_out_others", re);
    w.key("token").value(token);
    return w.end_object().take();
}

std::string encode_daily(Re re, const DailyStatus& m) {
    JsonWriter w = start_message("daily", re);
    w.key("date").value(m.date);
    w.key("ruleset").value(m.ruleset);
    w.key("commitment").value(m.commitment);
    w.key("ends_at").value(m.ends_at);
    w.key("reveals_at").value(m.reveals_at);
    w.key("revealed");
    if (m.revealed_date) {
        w.begin_object();
        w.key("date").value(*m.revealed_date);
        w.key("seed").value(m.revealed_seed.value_or(""));
        w.key("par").value(m.revealed_par);
        w.key("par_line").value(m.revealed_par_line);
        w.end_object();
    } else {
        w.null();
    }
    w.key("status").value(m.status);
    if (m.review) w.key("review").value(*m.review);
    w.key("game");
    if (m.game) {
        w.value(static_cast<std::int64_t>(*m.game));
    } else {
        w.null();
    }
    w.key("score").value(m.score);
    if (m.loop) write_daily_loop(w, *m.loop);
    return w.end_object().take();
}

std::string encode_leaderboard(Re re, const LeaderboardPage& m) {
    const bool average = m.board == "best_average";
    JsonWriter w = start_message("leaderboard", re);
    w.key("board").value(m.board);
    if (m.scope) w.key("scope").value(*m.scope);
    w.key("date").value(m.date);
    w.key("ruleset").value(m.ruleset);
    w.key("total").value(m.total);
    w.key("entries").begin_array();
    for (const auto& e : m.entries) write_entry(w, e, average);
    w.end_array();
    w.key("par").value(m.par);
    w.key("next_cursor").value(m.next_cursor);
    w.key("me");
    if (m.me) {
        write_entry(w, *m.me, average);
    } else {
        w.null();
    }
    return w.end_object().take();
}

std::string encode_profile(Re re, const Profile& m) {
    JsonWriter w = start_message("profile", re);
    w.key("player");
    write_player(w, m.player);
    w.key("games").value(m.games);
    w.key("average").value(m.average);
    w.key("high_game").value(m.high_game);
    w.key("strike_pct");
    write_tenths(w, m.strike_pct);
    w.key("spare_pct");
    write_tenths(w, m.spare_pct);
    w.key("streak").begin_object();
    w.key("current").value(m.current_streak);
    w.key("longest").value(m.longest_streak);
    w.end_object();
    w.key("histogram").begin_array();
    for (const auto& b : m.histogram) {
        w.begin_object();
        w.key("from").value(b.from);
        w.key("to").value(b.to);
        w.key("count").value(b.count);
        w.end_object();
    }
    w.end_array();
    w.key("par_pct");
    if (m.par_pct) {
        write_tenths(w, *m.par_pct);
    } else {
        w.null();
    }
    w.key("scores").begin_object();
    for (const auto& [mode, counts] : m.scores) {
        w.key(mode).begin_array();
        for (const auto& [score, n] : counts) w.begin_array().value(score).value(n).end_array();
        w.end_array();
    }
    w.end_object();
    w.key("trend").begin_array();
    for (const auto& g : m.trend) {
        w.begin_object();
        w.key("game").value(static_cast<std::int64_t>(g.game));
        w.key("mode").value(g.mode);
        w.key("score").value(g.score);
        w.end_object();
    }
    w.end_array();
    w.key("recent").begin_array();
    for (const auto& g : m.recent) {
        w.begin_object();
        w.key("game").value(static_cast<std::int64_t>(g.game));
        w.key("mode").value(g.mode);
        w.key("day").value(g.day);
        w.key("score").value(g.score);
        w.key("finished_at").value(g.finished_at);
        w.key("par").value(g.par);
        if (g.review) w.key("review").value(*g.review);
        w.end_object();
    }
    w.end_array();
    w.key("lanes").begin_array();
    for (const auto& l : m.lanes) {
        w.begin_object();
        w.key("lane").value(l.lane);
        w.key("ruleset").value(l.ruleset);
        w.key("side").value(l.side);
        w.key("score").value(l.score);
        w.key("finished_at").value(l.finished_at);
        w.end_object();
    }
    w.end_array();
    if (m.relation) {
        const auto& r = *m.relation;
        w.key("relation").begin_object().key("following").value(r.following);
        w.key("follower").value(r.follower).key("friend").value(r.friends());
        w.key("blocked").value(r.blocked).end_object();
    }
    return w.end_object().take();
}

std::string encode_verified(Re re, const Verified& m) {
    JsonWriter w = start_message("verified", re);
    w.key("game").value(static_cast<std::int64_t>(m.game));
    w.key("ok").value(m.ok);
    w.key("replayed_score").value(m.replayed_score);
    w.key("stored_score").value(m.stored_score);
    w.key("failed_index").value(m.failed_index);
    w.key("error").value(m.error);
    return w.end_object().take();
}

std::string encode_stored_game(Re re, const StoredGame& m) {
    JsonWriter w = start_message("stored_game", re);
    w.key("game").value(static_cast<std::int64_t>(m.game));
    w.key("mode").value(m.mode);
    w.key("day").value(m.day);
    w.key("player");
    if (m.player) {
        write_player(w, *m.player);
    } else {
        w.null();
    }
    w.key("ruleset").value(m.ruleset);
    w.key("finished").value(m.finished);
    w.key("score").value(m.score);
    w.key("strikes").value(m.strikes);
    w.key("spares").value(m.spares);
    w.key("finished_at").value(m.finished_at);
    w.key("seed").value(m.seed);
    w.key("record").value(m.record);
    w.key("par").value(m.par);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
