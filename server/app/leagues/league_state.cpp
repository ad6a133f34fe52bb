#include "server/app/leagues/league_state.hpp"

#include <algorithm>

#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/leagues/league_averages.hpp"

namespace pinfall::server {

std::optional<LeagueState> load_league(storage::Store& s, std::int64_t id, bool for_change) {
    auto league = for_change ? s.leagues().by_id_locked(id) : s.leagues().by_id(id);
    if (!league) return std::nullopt;
    LeagueState st;
    st.league = std::move(*league);
    if (auto p = s.player(st.league.secretary)) st.secretary_name = p->name;
    st.members = s.leagues().members(id);
    st.closed = s.leagues().closed_rounds(id);
    st.daily_averages = s.leagues().daily_averages(id);
    st.scores = s.leagues().scores(id);
    st.in_play = s.leagues().in_play(id);
    if (const auto r = next_round(st)) {
        const auto opens = unix_ms(round_opens(st.league, *r));
        for (const auto& m : st.members) {
            if (auto avg = s.leagues().daily_average(m.player, opens)) {
                st.next_daily[m.player] = *avg;
            }
        }
    }
    return st;
}

Clock::time_point round_opens(const storage::LeagueRow& l, int round) {
    const auto start = day_start(l.start_date).value_or(Clock::time_point{});
    return start + std::chrono::hours(24) * (l.round_days * (round - 1));
}

Clock::time_point round_closes(const storage::LeagueRow& l, int round) {
    return round_opens(l, round) + std::chrono::hours(24) * l.round_days;
}

bool round_closed(const LeagueState& s, int round) {
    return std::any_of(s.closed.begin(), s.closed.end(),
                       [round](const auto& r) { return r.round == round; });
}

std::string round_status(const LeagueState& s, int round, Clock::time_point now) {
    if (round_closed(s, round)) return "closed";
    if (!s.league.started_at || s.league.ended_at) return "upcoming";
    return now >= round_opens(s.league, round) ? "open" : "upcoming";
}

storage::Status close_league_round(storage::Store& s, const LeagueState& st, int round,
                                   Clock::time_point now, bool early, ClosedRounds* closed) {
    const auto opens = unix_ms(round_opens(st.league, round));
    for (const auto& m : st.members) {
        if (auto avg = s.leagues().daily_average(m.player, opens)) {
            auto status = s.leagues().set_daily_average(st.league.id, round, m.player, *avg);
            if (!status.is_ok()) return status;
        }
    }
    const auto ids = s.leagues().unfinished_games(st.league.id, round);
    closed->unfinished.insert(closed->unfinished.end(), ids.begin(), ids.end());
    const auto ruleset = engine::parse_ruleset(st.league.ruleset).value_or(engine::Ruleset::kSackson);
    for (const auto& m : st.members) {
        for (int g = 1; g <= st.league.games_per_round; ++g) {
            if (const auto row = s.leagues().game_id(m.player, st.league.id, round, g)) {
                closed->games.push_back({*row, st.league.id, ruleset, round, g});
            }
        }
    }
    return s.leagues().close_round(st.league.id, round, unix_ms(now), early);
}

engine::LeagueRules rules_of(const storage::LeagueRow& l) {
    engine::LeagueRules r;
    r.games_per_round = l.games_per_round;
    r.handicap = l.handicap;
    r.handicap_percent = l.handicap_percent;
    r.handicap_basis = l.handicap_basis;
    r.entering_average = l.entering_average;
    r.vacancy_score = l.vacancy_score;
    return r;
}

engine::Schedule schedule_of(const LeagueState& s) {
    if (!s.league.started_at) return {};
    std::vector<engine::MemberId> seats;
    for (const auto& m : s.members) seats.push_back(m.player);
    engine::Schedule schedule = engine::round_robin(seats, s.league.rounds);
    for (const auto& m : s.members) {
        if (m.removed_from_round) {
            schedule = engine::remove_member(std::move(schedule), m.player, *m.removed_from_round);
        }
    }
    return schedule;
}

std::vector<engine::RoundRecord> records_of(const LeagueState& s) {
    const auto schedule = schedule_of(s);
    std::vector<engine::RoundRecord> out;
    for (const auto& c : s.closed) {
        if (c.round < 1 || c.round > static_cast<int>(schedule.size())) continue;
        engine::RoundRecord rec;
        rec.round = c.round;
        rec.pairings = schedule[c.round - 1];
        for (const auto& sc : s.scores) {
            if (sc.round != c.round || sc.game < 1 || sc.game > s.league.games_per_round) continue;
            auto& games = rec.scores[sc.player];
            games.resize(s.league.games_per_round);
            games[sc.game - 1] = sc.score;
        }
        if (const auto it = s.daily_averages.find(c.round); it != s.daily_averages.end()) {
            rec.daily_averages = it->second;
        }
        out.push_back(std::move(rec));
    }
    return out;
}

namespace {

protocol::PlayerRef ref_of(const LeagueState& s, engine::MemberId id) {
    for (const auto& m : s.members) {
        if (m.player == id) return {m.player, m.name};
    }
    return {id, ""};
}

// Each scheduled member of round `round` (pairing order, a before b) with each game's state.
std::vector<protocol::LeagueProgressLine> progress_of(const LeagueState& s,
                                                      const engine::RoundPairings& pairings,
                                                      int round, int* not_started) {
    std::vector<protocol::LeagueProgressLine> out;
    auto line = [&](engine::MemberId id) {
        protocol::LeagueProgressLine l{ref_of(s, id), {}};
        for (int g = 1; g <= s.league.games_per_round; ++g) {
            auto same = [&](const auto& x) {
                return x.player == id && x.round == round && x.game == g;
            };
            if (std::any_of(s.scores.begin(), s.scores.end(), same)) {
                l.games.emplace_back("finished");
            } else if (std::any_of(s.in_play.begin(), s.in_play.end(), same)) {
                l.games.emplace_back("playing");
            } else {
                l.games.emplace_back("none");
                ++*not_started;
            }
        }
        out.push_back(std::move(l));
    };
    for (const auto& p : pairings) {
        line(p.a);
        if (p.b) line(*p.b);
    }
    return out;
}

}  // namespace

protocol::LeagueDetail detail_of(const LeagueState& s, std::optional<storage::PlayerId> me,
                                 Clock::time_point now, const std::string& secret) {
    const auto& l = s.league;
    protocol::LeagueDetail d;
    d.id = l.id;
    d.name = l.name;
    d.secretary = {l.secretary, s.secretary_name};
    d.ruleset = l.ruleset;
    d.rounds = l.rounds;
    d.games_per_round = l.games_per_round;
    d.round_days = l.round_days;
    d.start_date = l.start_date;
    d.handicap = l.handicap;
    d.handicap_percent = l.handicap_percent;
    d.handicap_basis = l.handicap_basis;
    d.entering_average = l.entering_average;
    d.vacancy_score = l.vacancy_score;
    d.joining_open = l.joining_open && !l.started_at;
    d.status = l.ended_at ? "ended" : (l.started_at ? "running" : "forming");
    for (const auto& m : s.members) {
        protocol::LeagueMemberInfo info;  // the average and handicap: fill_average
        info.player = {m.player, m.name};
        info.removed_from_round = m.removed_from_round;
        fill_average(s, m.player, &info);
        d.members.push_back(std::move(info));
        if (me && m.player == *me) d.you_member = true;
    }
    d.you_secretary = me && *me == l.secretary;
    if (d.you_member || d.you_secretary) d.invite_code = l.invite_code;
    const auto schedule = schedule_of(s);
    for (int r = 1; r <= static_cast<int>(schedule.size()); ++r) {
        protocol::LeagueRoundInfo info;
        info.round = r;
        info.opens_at = format_rfc3339(round_opens(l, r));
        info.closes_at = format_rfc3339(round_closes(l, r));
        info.status = round_status(s, r, now);
        for (int g = 1; g <= l.games_per_round; ++g) {
            const auto seed = engine::league_seed(secret, l.id, r, g);
            info.commitments.push_back(engine::commitment_hex(seed));
            if (info.status == "closed") info.seeds.push_back(engine::seed_hex(seed));
        }
        if (info.status == "open") info.progress = progress_of(s, schedule[r - 1], r, &info.not_started);
        for (const auto& p : schedule[r - 1]) {
            info.pairings.push_back(
                {ref_of(s, p.a), p.b ? std::optional(ref_of(s, *p.b)) : std::nullopt});
        }
        d.schedule.push_back(std::move(info));
    }
    return d;
}

std::vector<protocol::StandingLine> standings_of(const LeagueState& s) {
    const auto results = engine::score_rounds(rules_of(s.league), records_of(s));
    std::vector<engine::MemberId> ids;
    for (const auto& m : s.members) ids.push_back(m.player);
    std::vector<protocol::StandingLine> out;
    for (const auto& st : engine::standings(ids, results)) {
        out.push_back({st.rank, ref_of(s, st.member), st.games, st.average, st.high_game,
                       st.high_series, st.scratch_pins, st.handicap_pins, st.won_halves,
                       st.lost_halves});
    }
    return out;
}

std::optional<protocol::LeagueRoundResults> round_results_of(const LeagueState& s, int round) {
    if (!round_closed(s, round)) return std::nullopt;
    const auto results = engine::score_rounds(rules_of(s.league), records_of(s));
    for (const auto& r : results) {
        if (r.round != round) continue;
        protocol::LeagueRoundResults out;
        out.round = round;
        auto side = [&](const engine::SideResult& x) {
            protocol::LeagueSideResult o;
            if (x.member) o.player = ref_of(s, *x.member);
            o.average = x.average;
            o.handicap = x.handicap;
            o.scratch = x.scratch;
            o.counted = x.counted;
            o.series = x.series;
            o.won_halves = x.won_halves;
            return o;
        };
        for (const auto& p : r.pairings) out.pairings.emplace_back(side(p.a), side(p.b));
        return out;
    }
    return protocol::LeagueRoundResults{round, {}};
}

}  // namespace pinfall::server
