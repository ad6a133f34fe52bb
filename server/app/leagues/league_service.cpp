#include "server/app/leagues/league_service.hpp"

#include <boost/asio/post.hpp>

#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/lanes/lane_directory.hpp"
#include "server/app/leagues/league_state.hpp"
#include "server/app/players/player_names.hpp"

namespace pinfall::server {

void LeagueService::create(protocol::Re re, const protocol::PlayerRef& me,
                           const protocol::LeagueCreate& m, ReplyFn done,
                           std::shared_ptr<Outbox> watcher) {
    const auto label = clean_label(m.name, 3, 40);
    if (!label) return done(error(re, "bad_name", "league names have 3-40 characters"));
    const std::string& name = *label;
    if (!engine::parse_ruleset(m.ruleset)) {
        return done(error(re, "bad_ruleset", "rulesets are sackson and strict"));
    }
    if (const auto c = check_date(m.start_date); c != DateCheck::kOk) {
        const auto [why, message] = date_refusal(c);
        return done(error(re, why, message));
    }
    auto row = std::make_shared<storage::LeagueRow>();
    row->name = name;
    row->secretary = me.id;
    row->ruleset = m.ruleset;
    row->rounds = m.rounds;
    row->games_per_round = m.games_per_round;
    row->round_days = m.round_days;
    row->start_date = m.start_date;
    row->handicap = m.handicap;
    row->handicap_percent = m.handicap_percent;
    const auto defaults = engine::handicap_defaults(
        engine::parse_ruleset(m.ruleset).value_or(engine::Ruleset::kSackson));
    row->handicap_basis = m.handicap_basis.value_or(defaults.basis);
    row->entering_average = m.entering_average.value_or(defaults.entering_average);
    row->vacancy_score = m.vacancy_score;
    row->created_at = unix_ms(s_.clock.now());
    if (!engine::is_valid(rules_of(*row))) {
        return done(error(re, "bad_request", "league settings out of range"));
    }
    auto detail = std::make_shared<protocol::LeagueDetail>();
    const auto now = s_.clock.now();
    s_.storage.write(
        [this, row, detail, me, now, watcher, bowls = m.secretary_bowls,
         secret = s_.secret](storage::Store& s) {
            storage::Status st;
            for (int attempt = 0; attempt < 8; ++attempt) {
                row->invite_code = random_lane_code() + random_lane_code().substr(0, 2);
                st = s.leagues().create(*row);
                if (!st.is_conflict()) break;
            }
            if (st.is_ok()) st = s.leagues().log(row->id, me.id, "create", row->name, row->created_at);
            if (st.is_ok() && bowls) st = s.leagues().add_member(row->id, me.id, 0);
            if (st.is_ok() && bowls) {
                st = s.leagues().log(row->id, me.id, "join", me.name, row->created_at);
            }
            if (st.is_ok()) *detail = detail_of(*load_league(s, row->id), me.id, now, secret);
            if (st.is_ok() && watcher) s_.league_news.watch(row->id, watcher, me.id);
            return st;
        },
        [this, detail, re, done](const storage::Status& st) {
            if (!st.is_ok()) return done(error(re, "storage_error", st.message()));
            done(Reply{protocol::encode_league(re, *detail), ""});
        });
}

void LeagueService::join(protocol::Re re, const protocol::PlayerRef& me, const std::string& code,
                         ReplyFn done, std::shared_ptr<Outbox> watcher) {
    auto reply = std::make_shared<Reply>();
    auto joined = std::make_shared<std::int64_t>(0);
    const auto now = s_.clock.now();
    s_.storage.write(
        [this, reply, joined, me, code, re, now, watcher](storage::Store& s) {
            const auto found = s.leagues().by_code(code);
            // Locked and read again: a join through another node, or the season's start,
            // may have just committed.
            const auto league = found ? s.leagues().by_id_locked(found->id) : std::nullopt;
            if (!league) {
                *reply = error(re, "bad_invite", "no league has that invite code");
                return storage::Status::ok();
            }
            if (!league->joining_open || league->started_at) {
                *reply = error(re, "joining_closed", "this league is not taking members");
                return storage::Status::ok();
            }
            const auto members = s.leagues().members(league->id);
            const int seat = members.empty() ? 0 : members.back().seat + 1;
            auto st = s.leagues().add_member(league->id, me.id, seat);
            if (st.is_conflict()) {
                *reply = error(re, "already_member", "you are already in this league");
                return storage::Status::ok();
            }
            if (st.is_ok()) st = s.leagues().log(league->id, me.id, "join", me.name, unix_ms(now));
            if (st.is_ok()) {
                *reply = Reply{protocol::encode_league(re, detail_of(*load_league(s, league->id),
                                                                     me.id, now, s_.secret)),
                               ""};
                *joined = league->id;
                if (watcher) s_.league_news.watch(league->id, watcher, me.id);
            }
            return st;
        },
        [this, reply, joined, re, done, watcher](const storage::Status& st) {
            if (!st.is_ok()) return done(error(re, "storage_error", st.message()));
            if (*joined) s_.league_news.announce(*joined, "join", watcher.get());
            done(*reply);
        });
}

void LeagueService::get(protocol::Re re, std::optional<storage::PlayerId> me,
                        const protocol::LeagueGet& m, ReplyFn done,
                        std::shared_ptr<Outbox> watcher) {
    if (m.view == protocol::LeagueView::kMine) return mine(re, me, std::move(done));
    auto reply = std::make_shared<Reply>();
    const auto now = s_.clock.now();
    s_.storage.read(
        [this, reply, me, m, re, now, watcher](storage::Store& s) {
            const auto st = load_league(s, m.league);
            if (!st) {
                *reply = error(re, "unknown_league", "no league with that id");
            } else if (m.view == protocol::LeagueView::kDetail) {
                if (watcher) s_.league_news.watch(m.league, watcher, me);
                *reply = Reply{protocol::encode_league(re, detail_of(*st, me, now, s_.secret)), ""};
            } else if (m.view == protocol::LeagueView::kStandings) {
                *reply = Reply{protocol::encode_league_standings(re, m.league, standings_of(*st)),
                               ""};
            } else if (m.round > st->league.rounds) {
                *reply = error(re, "bad_round", "the league has no such round");
            } else if (const auto results = round_results_of(*st, m.round)) {
                *reply = Reply{protocol::encode_league_round(re, m.league, *results), ""};
            } else {
                *reply = error(re, "round_not_closed", "results are shown once a round closes");
            }
            return storage::Status::ok();
        },
        [reply, done](const storage::Status&) { done(*reply); });
}

void LeagueService::mine(protocol::Re re, std::optional<storage::PlayerId> me, ReplyFn done) {
    if (!me) return done(error(re, "login_required", "log in to see your leagues"));
    auto reply = std::make_shared<Reply>();
    s_.storage.read(
        [reply, me, re](storage::Store& s) {
            std::vector<protocol::LeagueSummary> out;
            for (const auto& l : s.leagues().of_player(*me, kMaxListed)) {
                const auto& row = l.league;
                out.push_back({row.id, row.name,
                               row.ended_at ? "ended" : (row.started_at ? "running" : "forming"),
                               {row.secretary, l.secretary_name}, l.member,
                               row.secretary == *me});
            }
            *reply = Reply{protocol::encode_league_list(re, out), ""};
            return storage::Status::ok();
        },
        [this, reply, re, done](const storage::Status& st) {
            if (!st.is_ok()) return done(error(re, "storage_error", st.message()));
            done(*reply);
        });
}

void LeagueService::after_close(const ClosedRounds& closed) {
    // Par only now: a round's seeds are secret while it is open (docs/rules.md).
    for (const auto& g : closed.games) {
        s_.par.game_finished(g.row, g.ruleset,
                             engine::league_seed(s_.secret, g.league, g.round, g.game));
    }
    for (const auto id : closed.unfinished) {
        s_.registry.find_game(id, [](std::shared_ptr<GameRoom> room, const storage::Status&) {
            if (room) boost::asio::post(room->executor(), [room] { room->end_at_reveal(); });
        });
    }
}

void LeagueService::close_due_rounds() {
    auto closed = std::make_shared<ClosedRounds>();
    auto changed = std::make_shared<std::vector<std::int64_t>>();
    const auto now = s_.clock.now();
    s_.storage.write(
        [closed, changed, now](storage::Store& s) {
            for (const auto& league : s.leagues().running()) {
                auto st = load_league(s, league.id);
                if (!st) continue;
                bool due = true;  // a round due to close, or every round closed: a change
                for (int r = 1; r <= league.rounds; ++r) {
                    if (!round_closed(*st, r) && now < round_closes(league, r)) due = false;
                    if (!round_closed(*st, r) && now >= round_closes(league, r)) {
                        due = true;
                        break;
                    }
                }
                // Locked and read again: another node closing the same round waits, then
                // finds it closed.
                if (due) st = load_league(s, league.id, /*for_change=*/true);
                if (!due || !st || st->league.ended_at) continue;
                bool all_closed = true;
                for (int r = 1; r <= league.rounds; ++r) {
                    if (round_closed(*st, r)) continue;
                    if (now < round_closes(league, r)) {
                        all_closed = false;
                        continue;
                    }
                    if (auto status = close_league_round(s, *st, r, now, false, closed.get());
                        !status.is_ok()) {
                        return status;
                    }
                    if (changed->empty() || changed->back() != league.id) {
                        changed->push_back(league.id);
                    }
                }
                if (all_closed) {
                    if (auto status = s.leagues().set_ended(league.id, unix_ms(now)); !status.is_ok()) {
                        return status;
                    }
                }
            }
            return storage::Status::ok();
        },
        [this, closed, changed](const storage::Status& st) {
            if (!st.is_ok()) return;
            after_close(*closed);
            for (const auto id : *changed) s_.league_news.announce(id, "round_closed");
        });
}

}  // namespace pinfall::server
