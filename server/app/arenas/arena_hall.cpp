#include "server/app/arenas/arena_hall.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/ruleset.hpp"
#include "protocol/social.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

storage::Millis arena_game_deadline(const storage::ArenaRow& a, storage::Millis started_at,
                                    bool berserk) {
    if (!a.clock_ms) return a.ends_at + kArenaGraceMs;
    return started_at + (berserk ? *a.clock_ms / 2 : *a.clock_ms);
}

const char* arena_status(const storage::ArenaRow& a, storage::Millis now) {
    if (a.ended_at || now >= a.ends_at) return "finished";
    return now >= a.starts_at ? "live" : "upcoming";
}

protocol::ArenaInfo arena_info(const storage::ArenaRow& a, storage::Millis now,
                               const std::string& creator_name) {
    protocol::ArenaInfo i;
    i.id = a.id;
    i.name = a.name;
    i.ruleset = a.ruleset;
    i.starts_at = format_rfc3339_ms(a.starts_at);
    i.ends_at = format_rfc3339_ms(a.ends_at);
    i.duration_min = static_cast<int>((a.ends_at - a.starts_at) / 60'000);
    if (a.clock_ms) i.clock_s = *a.clock_ms / 1000;
    i.entry = a.entry;
    i.league = a.league;
    if (a.created_by) i.created_by = protocol::PlayerRef{*a.created_by, creator_name};
    i.players = a.players;
    i.status = arena_status(a, now);
    return i;
}

ArenaHall::ArenaHall(asio::any_io_executor strand, Deps d)
    : strand_(strand), timer_(strand), d_(std::move(d)) {}

ArenaHall::Loaded ArenaHall::read(storage::Store& s, storage::Millis now) {
    auto rows = s.arenas().live(now, 1000);
    for (auto& r : s.arenas().upcoming(now, 1000)) rows.push_back(std::move(r));
    for (auto& r : s.arenas().finished(now, 100)) {
        if (r.ends_at + kArenaKeepMs > now) rows.push_back(std::move(r));
    }
    Loaded out;
    for (auto& row : rows) {
        Loaded::One one;
        if (row.created_by) {
            if (const auto p = s.player(*row.created_by)) one.creator = p->name;
        }
        one.members = s.arenas().members(row.id);
        one.games = s.arenas().games(row.id);
        one.row = std::move(row);
        out.arenas.push_back(std::move(one));
    }
    return out;
}

void ArenaHall::load(Loaded loaded) {
    for (auto& one : loaded.arenas) {
        for (const auto& g : one.games) {
            if (!g.finished_at) {
                deadlines_[g.game] = arena_game_deadline(one.row, g.started_at, g.berserk);
            }
        }
        adopt(std::move(one.row), one.members, one.games, one.creator);
    }
}

void ArenaHall::adopt(storage::ArenaRow row, const std::vector<storage::ArenaMemberRow>& members,
                      const std::vector<storage::ArenaGameRow>& games, const std::string& creator) {
    const bool fresh = !arenas_.count(row.id);
    Arena& a = arenas_[row.id];
    creators_[row.id] = creator;
    // Rebuilt from storage each time: a result held for review (or a ban) leaves them.
    a.standings = ArenaStandings::from_storage(members, games);
    // What happened before this node knew the arena is not pushed again. An arena it knows
    // already keeps its flags: another node may write the end (ended_at) before this node's
    // tick gets there, and this node's watchers must still be told (the tick pushes it).
    if (fresh) {
        const auto now = unix_ms(d_.clock.now());
        a.started_pushed = now >= row.starts_at;
        a.ended_pushed = row.ended_at.has_value() || now >= row.ends_at + 1000;
    }
    a.row = std::move(row);
    a.dirty = true;
}

void ArenaHall::start() {
    asio::post(strand_, [this] { schedule_tick(); });
}

void ArenaHall::stop() {
    asio::post(strand_, [this] {
        stopped_ = true;
        timer_.cancel();
    });
}

void ArenaHall::schedule_tick() {
    if (stopped_) return;
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || stopped_) return;
        tick();
        schedule_tick();
    });
}

void ArenaHall::tick() {
    const auto now = unix_ms(d_.clock.now());
    end_games(now);
    end_arenas(now);
    keep_scheduled(now);
    for (auto it = arenas_.begin(); it != arenas_.end();) {
        Arena& a = it->second;
        if (!a.starting_told && now < a.row.starts_at &&
            now >= a.row.starts_at - kStartingNoticeMs) {
            a.starting_told = true;
            tell_starting(it->first, a.row);
        }
        if (!a.started_pushed && now >= a.row.starts_at) {
            a.started_pushed = true;
            push_event(a, "arena_started");
        }
        if (a.dirty) push_standings(a);
        if (a.ended_pushed && now > a.row.ends_at + kArenaKeepMs) {
            creators_.erase(it->first);
            it = arenas_.erase(it);
        } else {
            ++it;
        }
    }
}

void ArenaHall::tell_starting(std::int64_t arena, const storage::ArenaRow& row) {
    auto drafts = std::make_shared<std::vector<NoticeDraft>>();
    d_.storage.read(
        [drafts, arena, row](storage::Store& s) {
            drafts->clear();
            const auto fields = protocol::notice_arena_starting({arena, row.name},
                                                                format_rfc3339_ms(row.starts_at));
            for (const auto& m : s.arenas().members(arena)) {
                if (m.left_at) continue;
                drafts->push_back({m.player, "arena_starting",
                                   "arena_starting:" + std::to_string(arena), fields});
            }
            return storage::Status::ok();
        },
        [this, drafts](const storage::Status& st) {
            if (st.is_ok()) d_.inbox.send(std::move(*drafts));
        });
}

void ArenaHall::end_games(storage::Millis now) {
    for (auto it = deadlines_.begin(); it != deadlines_.end();) {
        if (it->second > now) {
            ++it;
            continue;
        }
        d_.registry.find_game(it->first, [](std::shared_ptr<GameRoom> room, const storage::Status&) {
            if (!room) return;
            asio::post(room->executor(), [room] { room->end_where_it_stands("out of time"); });
        });
        it = deadlines_.erase(it);
    }
}

void ArenaHall::end_arenas(storage::Millis now) {
    for (auto& [id, a] : arenas_) {
        if (now < a.row.ends_at || a.ended_pushed || a.ending) continue;
        a.ending = true;
        auto first = std::make_shared<bool>(false);
        d_.storage.write(
            [id = id, now, first, this](storage::Store& s) {
                auto st = s.arenas().end(id, now, first.get());
                if (st.is_ok() && *first) st = announce_change(s, d_.node, id);
                return st;
            },
            [this, id = id, now, first](const storage::Status& st) {
                asio::post(strand_, [this, id, now, first, st] {
                    const auto it = arenas_.find(id);
                    if (it == arenas_.end()) return;
                    Arena& a = it->second;
                    a.ending = false;
                    if (!st.is_ok()) {
                        spdlog::warn("arena {}: ending: {}", id, st.message());
                        return;
                    }
                    if (!a.row.ended_at) a.row.ended_at = now;
                    if (*first) spdlog::info("arena {} ended", id);
                    a.ended_pushed = true;
                    push_standings(a);
                    push_event(a, "arena_ended");
                });
            });
    }
}

void ArenaHall::keep_scheduled(storage::Millis now) {
    if (!d_.schedule || now < scheduled_until_) return;
    const ArenaSchedule sched = *d_.schedule;
    const auto slots = sched.slots_around(now);
    scheduled_until_ = slots.back();  // again once the next slot has started
    for (const auto start : slots) {
        storage::ArenaRow row;
        row.name = sched.name(start);
        row.ruleset = sched.ruleset;
        row.starts_at = start;
        row.ends_at = start + std::int64_t{sched.duration_min} * 60'000;
        if (sched.clock_s) row.clock_ms = *sched.clock_s * 1000;
        row.schedule_slot = sched.slot_key(start);
        row.created_at = now;
        auto made = std::make_shared<storage::ArenaRow>(row);
        d_.storage.write(
            [made, this](storage::Store& s) {
                auto st = s.arenas().create(*made);
                if (st.is_conflict()) return storage::Status::ok();  // another node made it
                if (st.is_ok()) st = announce_change(s, d_.node, made->id);
                return st;
            },
            [this, made](const storage::Status& st) {
                if (!st.is_ok()) {
                    spdlog::warn("arena schedule: {}", st.message());
                    return;
                }
                if (made->id) arena_changed(made->id);
            });
    }
}

void ArenaHall::arena_changed(std::int64_t arena) {
    struct Read {
        std::optional<storage::ArenaRow> row;
        std::vector<storage::ArenaMemberRow> members;
        std::vector<storage::ArenaGameRow> games;
        std::string creator;
    };
    auto read = std::make_shared<Read>();
    d_.storage.read(
        [read, arena](storage::Store& s) {
            read->row = s.arenas().arena(arena);
            if (!read->row) return storage::Status::ok();
            read->members = s.arenas().members(arena);
            read->games = s.arenas().games(arena);
            if (read->row->created_by) {
                if (const auto p = s.player(*read->row->created_by)) read->creator = p->name;
            }
            return storage::Status::ok();
        },
        [this, read](const storage::Status& st) {
            if (!st.is_ok() || !read->row) return;
            asio::post(strand_, [this, read] {
                adopt(std::move(*read->row), read->members, read->games, read->creator);
            });
        });
}

void ArenaHall::result(ArenaResult r) {
    asio::post(strand_, [this, r = std::move(r)] {
        deadlines_.erase(r.game);
        const auto it = arenas_.find(r.arena);
        if (it == arenas_.end()) return;
        Arena& a = it->second;
        if (!a.standings.add(r.player, r.name, r.n, r.game_result)) return;
        a.dirty = true;
        // The player's own news at once; the standings with the next push.
        const auto points = a.standings.points_of(r.player, r.n);
        const auto line = a.standings.line_of(r.player);
        if (!points || !line) return;
        protocol::ArenaGameInfo g;
        g.n = r.n;
        g.game = r.game;
        g.status = "finished";
        g.berserk = r.game_result.berserk;
        g.score = r.game_result.score;
        g.par = r.game_result.par;
        g.points = points->points;
        g.doubled = points->doubled;
        g.berserk_bonus = points->berserk_bonus;
        const auto msg = make_message(protocol::encode_arena_points(r.arena, g, *line));
        for (const auto& w : a.watchers) {
            if (w.player != r.player) continue;
            if (auto to = w.to.lock()) to->send(msg);
        }
    });
}

void ArenaHall::player_changed(std::int64_t player) {
    asio::post(strand_, [this, player] {
        for (auto& [id, a] : arenas_) {
            if (a.standings.line_of(player)) arena_changed(id);
        }
    });
}

void ArenaHall::game_started(std::int64_t arena, std::int64_t player, std::int64_t game,
                             storage::Millis deadline) {
    asio::post(strand_, [this, arena, player, game, deadline] {
        deadlines_[game] = deadline;
        const auto it = arenas_.find(arena);
        if (it == arenas_.end()) return;
        it->second.standings.set_playing(player, game);
        it->second.dirty = true;
    });
}

void ArenaHall::watch(std::int64_t arena, const std::shared_ptr<Outbox>& to,
                      std::optional<std::int64_t> player) {
    asio::post(strand_, [this, arena, weak = std::weak_ptr<Outbox>(to), player] {
        const auto it = arenas_.find(arena);
        if (it == arenas_.end()) return;
        auto& ws = it->second.watchers;
        std::erase_if(ws, [&](const Watcher& w) {
            const auto held = w.to.lock();
            return !held || (held == weak.lock() && w.player == player);
        });
        ws.push_back({weak, player});
    });
}

void ArenaHall::page(std::int64_t arena, std::optional<std::int64_t> me, int offset, int limit,
                     std::function<void(std::optional<ArenaPage>)> done) {
    asio::post(strand_, [this, arena, me, offset, limit, done = std::move(done)] {
        const auto it = arenas_.find(arena);
        if (it == arenas_.end()) return done(std::nullopt);
        done(it->second.standings.page(me, offset, limit));
    });
}

void ArenaHall::push_standings(Arena& a) {
    a.dirty = false;
    const auto& all = a.standings.ranked();
    const std::vector<protocol::ArenaLine> top(all.begin(),
                                               all.begin() + std::min<std::size_t>(all.size(), kArenaTop));
    // One message for every watcher without a line of its own outside the top.
    Message shared;
    std::erase_if(a.watchers, [](const Watcher& w) { return w.to.expired(); });
    const std::string at = format_rfc3339_ms(unix_ms(d_.clock.now()));
    for (const auto& w : a.watchers) {
        auto to = w.to.lock();
        if (!to) continue;
        std::optional<protocol::ArenaLine> me;
        if (w.player) me = a.standings.line_of(*w.player);
        if (me) {
            to->send(make_message(protocol::encode_arena_standings(a.row.id, at, all.size(), top, me)));
            continue;
        }
        if (!shared) {
            shared = make_message(protocol::encode_arena_standings(a.row.id, at, all.size(), top, std::nullopt));
        }
        to->send(shared);
    }
}

void ArenaHall::push_event(Arena& a, const char* type) {
    const auto& all = a.standings.ranked();
    std::vector<protocol::ArenaLine> podium;
    if (std::string_view(type) == "arena_ended") {
        podium.assign(all.begin(), all.begin() + std::min<std::size_t>(all.size(), 3));
    }
    const auto msg = make_message(protocol::encode_arena_event(
        type, arena_info(a.row, unix_ms(d_.clock.now()), creators_[a.row.id]), podium));
    for (const auto& w : a.watchers) {
        if (auto to = w.to.lock()) to->send(msg);
    }
}

}  // namespace pinfall::server
