#include "server/app/arenas/arena_requests.hpp"

#include <boost/asio/post.hpp>

#include <map>

#include "engine/arena.hpp"
#include "engine/ruleset.hpp"
#include "protocol/arenas.hpp"
#include "server/app/arenas/arena_standings.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/players/player_names.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

namespace {

constexpr storage::Millis kMinute = 60'000;

// A refused arena_create's (code, message); nullopt when the settings are acceptable.
std::optional<std::pair<const char*, std::string>> check_create(const protocol::ArenaCreate& m,
                                                               storage::Millis now,
                                                               storage::Millis* starts) {
    const auto name_len = m.name.size();
    if (name_len < 3 || name_len > 40) return std::pair{code::kBadRequest, std::string("the name is 3-40 characters")};
    if (!engine::parse_ruleset(m.ruleset)) return std::pair{code::kBadRuleset, std::string("ruleset is sackson or strict")};
    const auto t = parse_rfc3339(m.starts_at);
    if (!t) return std::pair{code::kBadRequest, std::string("starts_at is an RFC 3339 time, e.g. 2026-12-03T18:00:00Z")};
    *starts = unix_ms(*t);
    if (*starts % kMinute != 0 || *starts < now + kMinute || *starts > now + 7 * 1440 * kMinute) {
        return std::pair{code::kBadRequest, std::string("starts_at is a whole minute, 1 minute to 7 days ahead")};
    }
    if (m.duration_min < 10 || m.duration_min > 180) {
        return std::pair{code::kBadRequest, std::string("duration_min is 10-180")};
    }
    if (m.clock_s && (*m.clock_s < 60 || *m.clock_s > 900)) {
        return std::pair{code::kBadRequest, std::string("clock_s is 60-900")};
    }
    if (m.entry != "open" && m.entry != "registered" && m.entry != "league") {
        return std::pair{code::kBadRequest, std::string("entry is open, registered or league")};
    }
    if ((m.entry == "league") != m.league.has_value()) {
        return std::pair{code::kBadRequest, std::string("a league entry names its league, and only it")};
    }
    return std::nullopt;
}

}  // namespace

bool ArenaRequests::handle(Connection& c, const protocol::Request& r,
                           const std::shared_ptr<Outbox>& self, Received) {
    if (const auto* l = std::get_if<protocol::ArenaList>(&r.body)) {
        list(c, r, *l, self);
    } else if (const auto* m = std::get_if<protocol::ArenaCreate>(&r.body)) {
        create(c, r, *m, self);
    } else if (const auto* a = std::get_if<protocol::ArenaRequest>(&r.body)) {
        if (a->action == protocol::ArenaAction::kGet) {
            detail(c, r.id, a->arena, a->offset, a->limit, self);
        } else {
            join_or_leave(c, r, *a, self);
        }
    } else if (const auto* p = std::get_if<protocol::ArenaPlay>(&r.body)) {
        play(c, r, *p, self);
    } else if (const auto* w = std::get_if<protocol::ArenaWatch>(&r.body)) {
        watch(c, r, *w, self);
    } else {
        return false;
    }
    return true;
}

void ArenaRequests::list(Connection& c, const protocol::Request& r, const protocol::ArenaList& m,
                         const std::shared_ptr<Outbox>& self) {
    struct Read {
        std::optional<std::vector<storage::ArenaRow>> upcoming, live, finished;
        std::map<storage::PlayerId, std::string> names;
    };
    auto read = std::make_shared<Read>();
    const auto now = unix_ms(d_.clock.now());
    d_.storage.read(
        [read, m, now](storage::Store& s) {
            using P = protocol::ArenaPhase;
            if (m.phase == P::kAll || m.phase == P::kUpcoming) read->upcoming = s.arenas().upcoming(now, m.limit);
            if (m.phase == P::kAll || m.phase == P::kLive) read->live = s.arenas().live(now, m.limit);
            if (m.phase == P::kAll || m.phase == P::kFinished) read->finished = s.arenas().finished(now, m.limit);
            for (const auto* v : {&read->upcoming, &read->live, &read->finished}) {
                if (!*v) continue;
                for (const auto& a : **v) {
                    if (a.created_by && !read->names.count(*a.created_by)) {
                        const auto p = s.player(*a.created_by);
                        read->names[*a.created_by] = p ? p->name : "";
                    }
                }
            }
            return storage::Status::ok();
        },
        [conn = c.shared_from_this(), self, read, now, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not list the arenas");
            auto infos = [&](const std::optional<std::vector<storage::ArenaRow>>& rows) {
                std::optional<std::vector<protocol::ArenaInfo>> out;
                if (!rows) return out;
                out.emplace();
                for (const auto& a : *rows) {
                    out->push_back(arena_info(a, now, a.created_by ? read->names[*a.created_by] : ""));
                }
                return out;
            };
            self->send(make_message(protocol::encode_arena_list(re, infos(read->upcoming),
                                                                infos(read->live),
                                                                infos(read->finished))));
        });
}

void ArenaRequests::create(Connection& c, const protocol::Request& r,
                           const protocol::ArenaCreate& m, const std::shared_ptr<Outbox>& self) {
    if (!c.player) return c.fail(self, r.id, code::kLoginRequired, "registered players create arenas");
    const auto now = unix_ms(d_.clock.now());
    storage::Millis starts = 0;
    if (const auto refusal = check_create(m, now, &starts)) {
        return c.fail(self, r.id, refusal->first, refusal->second);
    }
    storage::ArenaRow row;
    row.name = m.name;
    row.ruleset = m.ruleset;
    row.starts_at = starts;
    row.ends_at = starts + m.duration_min * kMinute;
    if (m.clock_s) row.clock_ms = *m.clock_s * 1000;
    row.entry = m.entry;
    row.league = m.league;
    row.created_by = c.player->id;
    row.created_at = now;
    auto made = std::make_shared<storage::ArenaRow>(row);
    auto refused = std::make_shared<const char*>(nullptr);
    d_.storage.write(
        [this, made, refused, now](storage::Store& s) {
            if (s.arenas().created_since(*made->created_by, now - 1440 * kMinute) >= kCreatesPerDay) {
                *refused = code::kOverBudget;
                return storage::Status::ok();
            }
            if (made->league && !s.leagues().by_id(*made->league)) {
                *refused = "unknown_league";
                return storage::Status::ok();
            }
            auto st = s.arenas().create(*made);
            if (st.is_ok()) st = ArenaHall::announce_change(s, d_.node, made->id);
            return st;
        },
        [this, conn = c.shared_from_this(), self, made, refused, re = r.id](const storage::Status& st) {
            if (!st.is_ok()) return conn->fail(self, re, code::kStorageError, "could not create the arena");
            if (*refused == code::kOverBudget) {
                return conn->fail(self, re, code::kOverBudget, "at most 3 arenas a day; try again tomorrow");
            }
            if (*refused) return conn->fail(self, re, *refused, "no league with that id");
            d_.hall.arena_changed(made->id);
            boost::asio::post(conn->strand(), [this, conn, self, re, id = made->id] {
                detail(*conn, re, id, 0, 20, self);
            });
        });
}

void ArenaRequests::watch(Connection& c, const protocol::Request& r, const protocol::ArenaWatch& m,
                          const std::shared_ptr<Outbox>& self) {
    d_.registry.find_game(m.game, [conn = c.shared_from_this(), self, re = r.id](
                                      std::shared_ptr<GameRoom> room, const storage::Status&) {
        if (!room || room->mode() != storage::GameMode::kArena) {
            return conn->fail(self, re, code::kUnknownGame, "no arena game has that id");
        }
        // The snapshot is the player's own view: nothing face down is in it.
        boost::asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
    });
}

}  // namespace pinfall::server
