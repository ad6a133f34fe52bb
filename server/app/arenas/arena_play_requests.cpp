// ArenaRequests: joining, leaving, an arena's detail and the next game (arena_requests.hpp).
#include <boost/asio/post.hpp>

#include <algorithm>

#include "engine/arena.hpp"
#include "engine/par.hpp"
#include "engine/ruleset.hpp"
#include "protocol/arenas.hpp"
#include "server/app/arenas/arena_requests.hpp"
#include "server/app/arenas/arena_standings.hpp"
#include "server/app/core/error_codes.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

constexpr const char* kUnknownArena = "unknown_arena";
constexpr const char* kArenaOver = "arena_over";
constexpr const char* kArenaNotLive = "arena_not_live";
constexpr const char* kNotInArena = "not_in_arena";
constexpr const char* kGameInProgress = "game_in_progress";

struct Refusal {
    const char* code = nullptr;
    std::string message;
};

// Whether the identity may enter (docs/rules.md "Arenas": entry).
std::optional<Refusal> entry_refusal(storage::Store& s, const storage::ArenaRow& a,
                                     storage::PlayerId me, bool registered) {
    if (a.entry == "registered" && !registered) {
        return Refusal{code::kLoginRequired, "this arena is for registered players"};
    }
    if (a.entry == "league" && a.league) {
        const auto members = s.leagues().members(*a.league);
        const bool in = std::any_of(members.begin(), members.end(), [&](const auto& m) {
            return m.player == me && !m.removed_from_round;
        });
        if (!in) return Refusal{"not_member", "this arena is for the members of its league"};
    }
    return std::nullopt;
}

protocol::ArenaGameInfo game_info(const storage::ArenaGameRow& g, bool seeds,
                                  const std::string& secret, std::int64_t arena,
                                  const std::optional<engine::GamePoints>& points) {
    protocol::ArenaGameInfo i;
    i.n = g.n;
    i.game = g.game;
    i.status = g.finished_at ? "finished" : "playing";
    i.berserk = g.berserk;
    if (g.finished_at) {
        i.score = g.score;
        i.par = g.par;
        i.points = g.points;
        if (points) {
            i.doubled = points->doubled;
            i.berserk_bonus = points->berserk_bonus;
        }
    }
    if (seeds) i.seed = engine::seed_hex(engine::arena_seed(secret, arena, g.player, g.n));
    return i;
}

}  // namespace

void ArenaRequests::join_or_leave(Connection& c, const protocol::Request& r,
                                  const protocol::ArenaRequest& m,
                                  const std::shared_ptr<Outbox>& self) {
    const auto me = c.ranked_me();
    if (!me) return c.fail(self, r.id, code::kLoginRequired, "log in, or play a daily as a guest, to enter arenas");
    const bool join = m.action == protocol::ArenaAction::kJoin;
    const auto now = unix_ms(d_.clock.now());
    auto refused = std::make_shared<std::optional<Refusal>>();
    d_.storage.write(
        [this, refused, me = *me, registered = c.player.has_value(), join, arena = m.arena,
         now](storage::Store& s) {
            const auto a = s.arenas().arena(arena);
            if (!a) {
                *refused = Refusal{kUnknownArena, "no arena has that id"};
                return storage::Status::ok();
            }
            if (a->ended_at || now >= a->ends_at) {
                *refused = Refusal{kArenaOver, "that arena has ended"};
                return storage::Status::ok();
            }
            if (join) {
                if ((*refused = entry_refusal(s, *a, me, registered))) return storage::Status::ok();
            }
            auto st = join ? s.arenas().join(arena, me, now) : s.arenas().leave(arena, me, now);
            if (st.is_not_found()) {
                *refused = Refusal{kNotInArena, "you are not in that arena"};
                return storage::Status::ok();
            }
            if (st.is_ok()) st = ArenaHall::announce_change(s, d_.node, arena);
            return st;
        },
        [this, conn = c.shared_from_this(), self, refused, arena = m.arena, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not change the arena");
            if (*refused) return conn->fail(self, re, (*refused)->code, (*refused)->message);
            d_.hall.arena_changed(arena);
            boost::asio::post(conn->strand(), [this, conn, self, re, arena] {
                detail(*conn, re, arena, 0, 20, self);
            });
        });
}

void ArenaRequests::detail(Connection& c, protocol::Re re, std::int64_t arena, int offset,
                           int limit, const std::shared_ptr<Outbox>& self) {
    const auto me = c.ranked_me();
    auto read = std::make_shared<DetailRead>();
    d_.storage.read(
        [read, arena, me](storage::Store& s) {
            read->row = s.arenas().arena(arena);
            if (!read->row) return storage::Status::ok();
            if (read->row->created_by) {
                if (const auto p = s.player(*read->row->created_by)) read->creator = p->name;
            }
            if (me) {
                read->me = s.arenas().member(arena, *me);
                read->games = s.arenas().games_of(arena, *me);
            }
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, read, arena, offset, limit, me, re](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the arena");
            if (!read->row) return conn->fail(self, re, kUnknownArena, "no arena has that id");
            d_.hall.watch(arena, self, me);
            d_.hall.page(arena, me, offset, limit, [this, conn, self, read, arena, offset, limit, me, re](std::optional<ArenaPage> page) {
                if (!page) {
                    // Not in this node's memory (ended long ago): ranked from storage.
                    return standings_from_storage(*conn, re, read, arena, offset, limit, me, self);
                }
                send_detail(re, *read, std::move(*page), self);
            });
        });
}

void ArenaRequests::standings_from_storage(Connection& c, protocol::Re re,
                                           std::shared_ptr<DetailRead> read, std::int64_t arena,
                                           int offset, int limit, std::optional<std::int64_t> me,
                                           const std::shared_ptr<Outbox>& self) {
    d_.storage.read(
        [read, arena](storage::Store& s) {
            read->members = s.arenas().members(arena);
            read->all_games = s.arenas().games(arena);
            return storage::Status::ok();
        },
        [this, conn = c.shared_from_this(), self, read, offset, limit, me, re](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not read the arena");
            auto standings = ArenaStandings::from_storage(read->members, read->all_games);
            send_detail(re, *read, standings.page(me, offset, limit), self);
        });
}

void ArenaRequests::send_detail(protocol::Re re, const DetailRead& read, ArenaPage page,
                                const std::shared_ptr<Outbox>& self) {
    const auto now = unix_ms(d_.clock.now());
    const storage::ArenaRow& a = *read.row;
    protocol::ArenaDetail d;
    d.arena = arena_info(a, now, read.creator);
    d.joined = read.me && !read.me->left_at;
    d.total = page.total;
    d.lines = std::move(page.lines);
    d.me = page.me;
    d.next_offset = page.next_offset;
    const bool ended = std::string_view(arena_status(a, now)) == "finished";
    // The streak flags of my games: from my finished games in order.
    std::vector<engine::ArenaGame> mine;
    for (const auto& g : read.games) {
        if (g.finished_at && g.par) mine.push_back({g.score, *g.par, g.berserk, *g.finished_at});
    }
    const auto points = engine::arena_points(mine);
    std::size_t k = 0;
    for (const auto& g : read.games) {
        std::optional<engine::GamePoints> p;
        if (g.finished_at && g.par && k < points.size()) p = points[k++];
        d.games.push_back(game_info(g, ended, d_.secret, a.id, p));
    }
    self->send(make_message(protocol::encode_arena(re, d)));
}

void ArenaRequests::play(Connection& c, const protocol::Request& r, const protocol::ArenaPlay& m,
                         const std::shared_ptr<Outbox>& self) {
    const auto me = c.ranked_me();
    if (!me) return c.fail(self, r.id, code::kLoginRequired, "log in, or play a daily as a guest, to enter arenas");
    const auto now = unix_ms(d_.clock.now());
    auto refused = std::make_shared<std::optional<Refusal>>();
    auto deadline = std::make_shared<storage::Millis>(0);
    d_.registry.ranked_game(
        *me, c.player ? c.player->name : "",
        [this, refused, deadline, me = *me, m, now](storage::Store& s, storage::GameRow& row) {
            auto refuse = [&](const char* code, std::string message) {
                *refused = Refusal{code, std::move(message)};
                return storage::Status::not_found(code);
            };
            const auto a = s.arenas().arena(m.arena);
            if (!a) return refuse(kUnknownArena, "no arena has that id");
            if (now < a->starts_at || now >= a->ends_at || a->ended_at) {
                return refuse(kArenaNotLive, "games start only while the arena is live");
            }
            const auto member = s.arenas().member(m.arena, me);
            if (!member || member->left_at) return refuse(kNotInArena, "join the arena first");
            if (m.berserk && !a->clock_ms) return refuse(code::kBadRequest, "berserk needs an arena with a clock");
            const auto games = s.arenas().games_of(m.arena, me);
            for (const auto& g : games) {
                if (!g.finished_at) {
                    return refuse(kGameInProgress, "finish game " + std::to_string(g.game) + " first");
                }
            }
            const int n = static_cast<int>(games.size()) + 1;
            const auto ruleset = engine::parse_ruleset(a->ruleset).value_or(engine::Ruleset::kSackson);
            row.player = me;
            row.mode = storage::GameMode::kArena;
            row.ruleset = ruleset;
            row.seed = engine::arena_seed(d_.secret, m.arena, me, n);
            row.started_at = now;
            row.arena = m.arena;
            // Par is the server's from the start (a fraction of a millisecond), told at the end.
            row.par = engine::solve_par(ruleset, row.seed).par;
            *deadline = arena_game_deadline(*a, now, m.berserk);
            row.arena_deadline = *deadline;
            auto st = s.arenas().create_game(row, n, m.berserk);
            // Stored now: a game reloaded from storage (another node's hand-over, a restart)
            // still knows its par when it finishes.
            if (st.is_ok()) st = s.set_game_par(row.id, *row.par);
            return st;
        },
        [this, self, refused, deadline, arena = m.arena, me = *me, re = r.id](std::shared_ptr<GameRoom> room,
                                                                              const storage::Status& st) {
            if (*refused) {
                self->send(make_message(protocol::encode_error(re, (*refused)->code, (*refused)->message)));
                return;
            }
            if (!room) {
                self->send(make_message(protocol::encode_error(re, code::kStorageError, "could not start: " + st.message())));
                return;
            }
            d_.hall.game_started(arena, me, room->id(), *deadline);
            d_.hall.watch(arena, self, me);
            boost::asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
        });
}

}  // namespace pinfall::server
