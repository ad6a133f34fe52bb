// LeagueService: the secretary's actions and members' league games.
#include <boost/asio/post.hpp>

#include "server/app/leagues/league_service.hpp"
#include "server/app/leagues/league_state.hpp"

namespace pinfall::server {

namespace {


const char* action_name(protocol::SecretaryAction a) {
    switch (a) {
        case protocol::SecretaryAction::kCloseJoining: return "close_joining";
        case protocol::SecretaryAction::kOpenJoining: return "open_joining";
        case protocol::SecretaryAction::kRemove: return "remove";
        case protocol::SecretaryAction::kStartSeason: return "start_season";
        case protocol::SecretaryAction::kEndRound: return "end_round";
        case protocol::SecretaryAction::kEndSeason: return "end_season";
    }
    return "";
}

const storage::LeagueMemberRow* member_of(const LeagueState& st, storage::PlayerId p) {
    for (const auto& m : st.members) {
        if (m.player == p) return &m;
    }
    return nullptr;
}

}  // namespace

void LeagueService::secretary(protocol::Re re, const protocol::PlayerRef& me,
                              const protocol::LeagueSecretary& m, ReplyFn done,
                              std::shared_ptr<Outbox> watcher) {
    auto reply = std::make_shared<Reply>();
    auto closed = std::make_shared<ClosedRounds>();
    auto acted = std::make_shared<bool>(false);
    const auto now = s_.clock.now();
    s_.storage.write(
        [this, reply, closed, acted, me, m, re, now, watcher](storage::Store& s) -> storage::Status {
            auto refuse = [&](const char* code, const char* message) {
                *reply = error(re, code, message);
                return storage::Status::ok();
            };
            auto st = load_league(s, m.league, /*for_change=*/true);
            if (!st) return refuse("unknown_league", "no league with that id");
            const auto& l = st->league;
            if (me.id != l.secretary) return refuse("not_secretary", "only the secretary may");
            const std::int64_t id = l.id;
            std::string detail;
            storage::Status done_st;
            switch (m.action) {
                case protocol::SecretaryAction::kCloseJoining:
                case protocol::SecretaryAction::kOpenJoining:
                    if (l.started_at) return refuse("season_started", "the season has started");
                    done_st = s.leagues().set_joining(
                        id, m.action == protocol::SecretaryAction::kOpenJoining);
                    break;
                case protocol::SecretaryAction::kRemove: {
                    if (!member_of(*st, m.player)) return refuse("not_member", "no such member");
                    if (l.ended_at) return refuse("season_ended", "the season has ended");
                    std::optional<int> from;
                    if (l.started_at) {
                        for (int r = 1; r <= l.rounds && !from; ++r) {
                            if (!round_closed(*st, r)) from = r;
                        }
                        if (!from) return refuse("season_ended", "every round is closed");
                    }
                    detail = "player " + std::to_string(m.player) +
                             (from ? " from round " + std::to_string(*from) : "");
                    done_st = s.leagues().remove_member(id, m.player, from);
                    break;
                }
                case protocol::SecretaryAction::kStartSeason:
                    if (l.started_at) return refuse("season_started", "the season has started");
                    if (st->members.size() < 2) {
                        return refuse("too_few_members", "a season needs at least two members");
                    }
                    done_st = s.leagues().set_started(id, unix_ms(now));
                    break;
                case protocol::SecretaryAction::kEndRound:
                    if (m.round < 1 || m.round > l.rounds) {
                        return refuse("bad_round", "the league has no such round");
                    }
                    if (round_status(*st, m.round, now) != "open") {
                        return refuse("round_not_open", "that round is not open");
                    }
                    detail = "round " + std::to_string(m.round);
                    done_st = close_league_round(s, *st, m.round, now, true, closed.get());
                    break;
                case protocol::SecretaryAction::kEndSeason:
                    if (!l.started_at) return refuse("season_not_started", "no season to end");
                    if (l.ended_at) return refuse("season_ended", "the season has ended");
                    for (int r = 1; r <= l.rounds && done_st.is_ok(); ++r) {
                        if (!round_closed(*st, r)) {
                            done_st = close_league_round(s, *st, r, now, true, closed.get());
                        }
                    }
                    if (done_st.is_ok()) done_st = s.leagues().set_ended(id, unix_ms(now));
                    break;
            }
            if (done_st.is_ok()) done_st = s.leagues().log(id, me.id, action_name(m.action), detail, unix_ms(now));
            if (!done_st.is_ok()) return done_st;
            *reply = Reply{protocol::encode_league(re, detail_of(*load_league(s, id), me.id, now, s_.secret)),
                           ""};
            *acted = true;
            if (watcher) s_.league_news.watch(id, watcher, me.id);
            return storage::Status::ok();
        },
        [this, reply, closed, acted, m, re, done, watcher](const storage::Status& st) {
            if (!st.is_ok()) return done(error(re, "storage_error", st.message()));
            after_close(*closed);
            if (*acted) s_.league_news.announce(m.league, action_name(m.action), watcher.get());
            done(*reply);
        });
}

void LeagueService::play(protocol::Re re, const protocol::PlayerRef& me,
                         const protocol::LeaguePlay& m, const Origin& origin, RoomFn done) {
    auto refused = std::make_shared<std::optional<Reply>>();
    auto created = std::make_shared<bool>(false);
    const auto now = s_.clock.now();
    const std::string secret = s_.secret;
    s_.registry.ranked_game(
        me.id, me.name,
        [this, refused, created, me, m, re, now, secret, origin](storage::Store& s,
                                                         storage::GameRow& row) {
            auto refuse = [&](const char* code, const char* message) {
                *refused = error(re, code, message);
                return storage::Status::not_found(code);
            };
            const auto st = load_league(s, m.league, /*for_change=*/true);
            if (!st) return refuse("unknown_league", "no league with that id");
            const auto* member = member_of(*st, me.id);
            if (!member || (member->removed_from_round && *member->removed_from_round <= m.round)) {
                return refuse("not_member", "only members play league games");
            }
            if (m.round > st->league.rounds || m.game > st->league.games_per_round) {
                return refuse("bad_round", "the league has no such round or game");
            }
            if (auto id = s.leagues().game_id(me.id, m.league, m.round, m.game)) {
                if (auto existing = s.game(*id)) {
                    row = std::move(*existing);
                    return storage::Status::ok();
                }
            }
            if (round_status(*st, m.round, now) != "open") {
                return refuse("round_not_open", "that round is not open");
            }
            row.player = me.id;
            row.mode = storage::GameMode::kLeague;
            row.ruleset = engine::parse_ruleset(st->league.ruleset).value_or(engine::Ruleset::kSackson);
            row.seed = engine::league_seed(secret, m.league, m.round, m.game);
            row.league = m.league;
            row.league_round = m.round;
            row.league_game = m.game;
            row.started_at = unix_ms(now);
            row.origin_address = origin.address;
            row.origin_browser = origin.browser;
            auto created_st = s.create_game(row);
            *created = created_st.is_ok();
            return created_st;
        },
        [this, refused, created, m, re, done](std::shared_ptr<GameRoom> room,
                                              const storage::Status& st) {
            if (*refused) return done(nullptr, **refused);
            if (!room) return done(nullptr, error(re, "storage_error", st.message()));
            if (*created) s_.league_news.announce(m.league, "game_started");
            done(room, std::nullopt);
        });
}

}  // namespace pinfall::server
