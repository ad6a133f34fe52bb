#include "server/app/daily/daily_requests.hpp"

#include <boost/asio/post.hpp>

#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/core/error_codes.hpp"
#include "server/app/players/player_names.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

namespace {

// The room of an attempt, unless it is finished: then daily_finished names the game.
void snapshot_unless_finished(Connection& c, const std::shared_ptr<GameRoom>& room, protocol::Re re,
                              const std::shared_ptr<Outbox>& self) {
    if (room->finished()) {
        return c.fail(self, re, code::kDailyFinished,
                      "today's attempt is finished (game " + std::to_string(room->id()) + ")");
    }
    asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
}

}  // namespace

bool DailyRequests::handle(Connection& c, const protocol::Request& r,
                           const std::shared_ptr<Outbox>& self, Received) {
    const auto* m = std::get_if<protocol::DailyStart>(&r.body);
    if (!m) return false;
    if (!c.player && m->guest) {
        guest_start(c, r, self);
    } else if (!c.player) {
        c.fail(self, r.id, code::kLoginRequired, "the daily challenge is ranked");
    } else {
        player_start(c, r, self);
    }
    return true;
}

void DailyRequests::player_start(Connection& c, const protocol::Request& r,
                                 const std::shared_ptr<Outbox>& self) {
    const std::string today = utc_date(d_.clock.now());
    d_.registry.daily_attempt(
        c.player->id, c.player->name, today, engine::daily_seed(d_.secret, today),
        unix_ms(d_.clock.now()), origin_of(c, d_.secret),
        [conn = c.shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                       const storage::Status& st) {
            if (!room) return conn->fail(self, re, code::kStorageError, "could not start: " + st.message());
            snapshot_unless_finished(*conn, room, re, self);
        });
}

void DailyRequests::guest_start(Connection& c, const protocol::Request& r,
                                const std::shared_ptr<Outbox>& self) {
    if (c.guest_claimed) {
        return c.fail(self, r.id, code::kLoginRequired,
                      "this guest registered an account: log in to play the daily");
    }
    const auto now = d_.clock.now();
    const std::string today = utc_date(now);
    d_.guests.touch(*c.guest);
    d_.registry.guest_daily_attempt(
        *c.guest, guest_name_candidates(d_.secret, *c.guest), today,
        engine::daily_seed(d_.secret, today), unix_ms(now), origin_of(c, d_.secret),
        [conn = c.shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                       const storage::Status& st,
                                                       const storage::PlayerRow& who) {
            if (!room && st.is_conflict()) {
                return conn->fail(self, re, code::kLoginRequired,
                                  "this guest registered an account: log in to play the daily");
            }
            if (!room) return conn->fail(self, re, code::kStorageError, "could not start: " + st.message());
            asio::post(conn->strand(), [conn, self, re, room, id = who.id] {
                if (!conn->player) conn->guest_player = id;
                snapshot_unless_finished(*conn, room, re, self);
            });
        });
}

}  // namespace pinfall::server
