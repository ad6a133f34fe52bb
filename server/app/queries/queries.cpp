#include "server/app/queries/queries.hpp"

#include <algorithm>
#include <memory>

#include "engine/record.hpp"
#include "server/app/boards/cursor.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/games/game_visibility.hpp"
#include "server/app/daily/daily_loop.hpp"
#include "server/app/players/profile_stats.hpp"
#include "server/app/queries/board_scope.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

protocol::BoardEntry entry_of(const RankedLine& r) {
    return protocol::BoardEntry{r.rank, {r.line.player, r.line.name}, r.line.score,
                                r.line.strikes, r.line.spares, 0,
                                format_rfc3339_ms(r.line.finished_at), r.line.game, std::nullopt};
}

const char* board_name(protocol::Board b) {
    switch (b) {
        case protocol::Board::kDaily: return "daily";
        case protocol::Board::kBestGame: return "best_game";
        case protocol::Board::kBestAverage: return "best_average";
    }
    return "daily";
}

}  // namespace

Reply Queries::error(protocol::Re re, const std::string& code, const std::string& message) {
    return error_reply(s_.metrics, re, code, message);
}

void Queries::daily_info(protocol::Re re, std::optional<storage::PlayerId> me, ReplyFn done) {
    const auto now = s_.clock.now();
    auto status = std::make_shared<protocol::DailyStatus>();
    status->date = utc_date(now);
    const auto start = *day_start(status->date);
    status->ruleset = "sackson";
    status->commitment = engine::commitment_hex(engine::daily_seed(s_.secret, status->date));
    status->ends_at = format_rfc3339(day_end(start));
    status->reveals_at = format_rfc3339(reveal_time(start));
    const std::string last = latest_revealed_day(now);
    status->revealed_date = last;
    status->revealed_seed = engine::seed_hex(engine::daily_seed(s_.secret, last));
    status->status = me ? "none" : "anonymous";
    auto loop = std::make_shared<DailyLoopRows>();
    s_.storage.read(
        [status, me, last, loop](storage::Store& st) {
            if (auto par = st.day_par(last)) {
                status->revealed_par = par->first;
                status->revealed_par_line = par->second;
            }
            if (!me) return storage::Status::ok();
            if (auto g = st.daily_attempt(*me, status->date)) {
                status->game = g->id;
                status->status = g->finished_at ? "finished" : "started";
                if (!storage::on_boards(g->review)) status->review = storage::review_state_name(g->review);
                if (g->finished_at) status->score = g->score;
            }
            *loop = read_daily_loop(st, *me, last);
            return storage::Status::ok();
        },
        [this, status, re, done, me, loop](const storage::Status& st) {
            // Without a player only the day's par came from storage: answer without it (as
            // before par existed) rather than fail while the database is away.
            if (!st.is_ok() && me) return done(error(re, "storage_error", st.message()));
            if (!st.is_ok()) {
                status->revealed_par.reset();
                status->revealed_par_line.reset();
            }
            if (!me) return done(Reply{protocol::encode_daily(re, *status), ""});
            // The daily loop (streaks, standings, recap) for a player: docs/protocol.md.
            fill_daily_loop(s_.leaderboards, loop, *me, status, [status, re, done] {
                done(Reply{protocol::encode_daily(re, *status), ""});
            });
        });
}

void Queries::leaderboard(protocol::Re re, const protocol::LeaderboardRequest& req,
                          std::optional<storage::PlayerId> me, ReplyFn done, bool public_view) {
    const std::string today = utc_date(s_.clock.now());
    const std::string day = req.board == protocol::Board::kDaily ? req.date.value_or(today) : "";
    if (req.board == protocol::Board::kDaily) {
        if (const auto c = check_date(day); c != DateCheck::kOk) {
            const auto [why, message] = date_refusal(c);
            return done(error(re, why, message));
        }
        if (day > today) return done(error(re, "future_date", "that day has not begun"));
    }
    if (req.around && !me) {
        return done(error(re, "login_required", "log in to see the board around you"));
    }
    if (req.scope.kind == protocol::ScopeKind::kFriends && !me) {
        return done(error(re, "login_required", "log in (or play the daily as a guest) for a friends board"));
    }
    if (req.scope.kind == protocol::ScopeKind::kLeague && !me && !public_view) {
        return done(error(re, "login_required", "log in to see a league's board"));
    }
    const std::string scope = scope_name(req.scope);
    const CursorKey key{board_name(req.board) + (scope.empty() ? "" : "@" + scope), day};
    std::uint64_t offset = 0;
    if (req.cursor) {
        const auto read = read_cursor(s_.secret, key, *req.cursor);
        if (!read) return done(error(re, "bad_cursor", "that cursor was not issued for this board"));
        offset = *read;
    }
    // The scope's players (none: global) and, for a daily page, the day's par (stored at its
    // reveal; none before): read first, then the board.
    struct Read {
        std::optional<int> par;
        std::shared_ptr<std::vector<std::int64_t>> members;
        const char* refusal = nullptr;
    };
    auto read = std::make_shared<Read>();
    s_.storage.read(
        [read, day, req, me, public_view](storage::Store& st) {
            if (!day.empty()) {
                if (auto p = st.day_par(day)) read->par = p->first;
            }
            if (req.scope.kind == protocol::ScopeKind::kGlobal) return storage::Status::ok();
            read->members = std::make_shared<std::vector<std::int64_t>>();
            read->refusal = scope_members(st, req.scope, me, public_view, read->members.get());
            return storage::Status::ok();
        },
        [this, re, req, day, key, done, read, me, offset, scope](const storage::Status& st) {
            if (!st.is_ok()) return done(error(re, "storage_error", st.message()));
            if (read->refusal) return done(error(re, read->refusal, refusal_message(read->refusal)));
            const std::optional<std::string> named =
                scope.empty() ? std::nullopt : std::optional<std::string>(scope);
            if (req.board == protocol::Board::kBestGame) {
                return best_game(re, req, me, offset, read->members, named, done);
            }
            if (req.board == protocol::Board::kBestAverage) {
                return best_average(re, req, me, offset, read->members, named, done);
            }
            BoardQuery q{day, offset, static_cast<std::size_t>(req.limit), me, req.around,
                         read->members};
            daily_page(re, day, key, q, read->par, named, done);
        });
}

void Queries::daily_page(protocol::Re re, const std::string& day, const CursorKey& key,
                         const BoardQuery& q, std::optional<int> par,
                         std::optional<std::string> scope, ReplyFn done) {
    s_.leaderboards.daily(q, [this, re, day, key, done, par, scope](BoardAnswer a) {
        protocol::LeaderboardPage page;
        page.scope = scope;
        page.par = par;
        page.board = "daily";
        page.date = day;
        page.ruleset = "sackson";
        page.total = a.total;
        for (const auto& l : a.lines) page.entries.push_back(entry_of(l));
        if (a.me) page.me = entry_of(*a.me);
        if (par && *par > 0) {
            for (auto& e : page.entries) e.par_pct = 100.0 * e.score / *par;
            if (page.me) page.me->par_pct = 100.0 * page.me->score / *par;
        }
        if (a.next_offset) page.next_cursor = make_cursor(s_.secret, key, *a.next_offset);
        done(Reply{protocol::encode_leaderboard(re, page), ""});
    });
}

void Queries::profile(protocol::Re re, storage::PlayerId player,
                      std::optional<storage::PlayerId> me, ReplyFn done) {
    auto p = std::make_shared<std::optional<storage::PlayerRow>>();
    auto games = std::make_shared<std::vector<storage::PlayedGame>>();
    auto lanes = std::make_shared<std::vector<storage::PlayedLane>>();
    auto relation = std::make_shared<std::optional<protocol::RelationView>>();
    s_.storage.read(
        [p, games, lanes, relation, player, me, own = me == player](storage::Store& st) {
            *p = st.player(player);
            if (*p && me && !own) {
                const auto r = st.social().relation(*me, player);
                *relation = protocol::RelationView{r.following, r.follower, r.blocked};
            }
            if (*p) {
                *games = st.games_of(player);
                if (!own) {
                    std::erase_if(*games, [](const auto& g) { return !storage::on_boards(g.review); });
                }
                *lanes = st.lanes().lanes_of(player);
            }
            return storage::Status::ok();
        },
        [this, p, games, lanes, relation, re, done](const storage::Status&) {
            if (!*p) return done(error(re, "unknown_player", "no player with that id"));
            auto profile = compute_profile({(*p)->id, (*p)->name}, *games,
                                           utc_date(s_.clock.now()));
            profile.relation = *relation;
            for (auto it = lanes->rbegin(); it != lanes->rend(); ++it) {
                profile.lanes.push_back(
                    protocol::LaneGameLine{it->code, it->ruleset, it->side, it->score,
                                           format_rfc3339_ms(it->finished_at)});
            }
            done(Reply{protocol::encode_profile(re, profile), ""});
        });
}

void Queries::verify(protocol::Re re, protocol::GameId game, ReplyFn done) {
    auto row = std::make_shared<std::optional<storage::GameRow>>();
    auto round_closed = std::make_shared<bool>(false);
    s_.storage.read(
        [row, round_closed, game](storage::Store& st) {
            *row = st.game(game);
            *round_closed = *row && league_round_closed(st, **row);
            return storage::Status::ok();
        },
        [this, row, round_closed, re, done](const storage::Status&) {
            const auto& g = *row;
            if (!g || !g->finished_at) {
                return done(error(re, "unknown_game", "no finished game with that id"));
            }
            if (!is_public(*g, *round_closed, s_.clock.now())) {
                return done(error(re, "not_revealed", "the game's day is not revealed yet"));
            }
            const auto result = engine::replay(engine::Record{g->ruleset, g->seed, g->actions});
            protocol::Verified v;
            v.game = g->id;
            v.replayed_score = result.game.score();
            v.stored_score = g->score;
            v.ok = result.ok() && result.game.over() && v.replayed_score == v.stored_score;
            if (!result.ok()) {
                v.failed_index = result.failed_index;
                v.error = std::string(engine::error_code_name(result.error->code));
            }
            done(Reply{protocol::encode_verified(re, v), ""});
        });
}

void Queries::stored_game(protocol::Re re, protocol::GameId game, ReplyFn done) {
    auto row = std::make_shared<std::optional<storage::GameRow>>();
    auto name = std::make_shared<std::string>();
    auto round_closed = std::make_shared<bool>(false);
    s_.storage.read(
        [row, name, round_closed, game](storage::Store& st) {
            *row = st.game(game);
            if (*row && (*row)->player) {
                if (auto p = st.player(*(*row)->player)) *name = p->name;
            }
            *round_closed = *row && league_round_closed(st, **row);
            return storage::Status::ok();
        },
        [this, row, name, round_closed, re, done](const storage::Status&) {
            const auto& g = *row;
            if (!g) return done(error(re, "unknown_game", "no game with that id"));
            protocol::StoredGame m;
            m.game = g->id;
            m.mode = storage::mode_name(g->mode);
            if (!g->day.empty()) m.day = g->day;
            if (g->player) m.player = protocol::PlayerRef{*g->player, *name};
            m.ruleset = std::string(engine::ruleset_name(g->ruleset));
            m.finished = g->finished_at.has_value();
            if (m.finished) {
                m.score = g->score;
                m.strikes = g->strikes;
                m.spares = g->spares;
                m.finished_at = format_rfc3339_ms(*g->finished_at);
            }
            // The record is public for a finished practice game, and for a ranked game once
            // its day is revealed or its league round closed (before that only its line).
            const bool show = g->mode == storage::GameMode::kPractice
                                  ? m.finished
                                  : is_public(*g, *round_closed, s_.clock.now());
            if (show) {
                m.seed = engine::seed_hex(g->seed);
                m.record = engine::record_text(engine::Record{g->ruleset, g->seed, g->actions});
                // Par is stored at the end (practice) or at the reveal (daily); a public game
                // found without it (a league game, a lost write) gets it from the pool first.
                m.par = g->par;
                if (m.finished && !m.par) {
                    return s_.par.fill(g->id, g->ruleset, g->seed,
                                       [m, re, done](std::optional<int> par) mutable {
                                           m.par = par;
                                           done(Reply{protocol::encode_stored_game(re, m), ""});
                                       });
                }
            }
            done(Reply{protocol::encode_stored_game(re, m), ""});
        });
}

}  // namespace pinfall::server
