// Client: guests and the daily (docs/rules.md "Guests and the daily"). A guest that sends
// daily_start with "guest": true plays its one attempt of the day under a ranked identity made
// for it (a player row named "guest-xxxx", storage/guest_players.hpp), which later requests of
// the guest's connections use for the daily status, the boards' "me" and the profile.
#include <boost/asio/post.hpp>

#include "engine/seed.hpp"
#include "protocol/encode.hpp"
#include "server/app/core/client.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/players/player_names.hpp"
#include "storage/guest_players.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

void Client::load_guest_identity(std::function<void()> then) {
    auto found = std::make_shared<std::optional<storage::GuestPlayer>>();
    services_.storage.read(
        [found, guest = static_cast<std::int64_t>(*guest_)](storage::Store& s) {
            storage::Status st;
            *found = storage::guest_player(s, guest, &st);
            return st;
        },
        [this, keep = shared_from_this(), found, then = std::move(then)](const storage::Status&) {
            // A failed read leaves the guest without its identity on this connection: the
            // daily start finds it again in storage (ensure_guest_player), nothing is lost.
            asio::post(strand_, [this, keep, found, then] {
                if (*found) {
                    guest_claimed_ = (*found)->claimed;
                    if (!guest_claimed_) guest_player_ = (*found)->player.id;
                }
                then();
            });
        });
}

void Client::guest_daily_start(const protocol::Request& r, const std::shared_ptr<Outbox>& self) {
    if (guest_claimed_) {
        return fail(self, r.id, code::kLoginRequired,
                    "this guest registered an account: log in to play the daily");
    }
    const auto now = services_.clock.now();
    const std::string today = utc_date(now);
    services_.guests.touch(*guest_);
    services_.registry.guest_daily_attempt(
        *guest_, guest_name_candidates(services_.secret, *guest_), today,
        engine::daily_seed(services_.secret, today), unix_ms(now),
        [this, keep = shared_from_this(), self, re = r.id](std::shared_ptr<GameRoom> room,
                                                           const storage::Status& st,
                                                           const storage::PlayerRow& who) {
            if (!room && st.is_conflict()) {
                return fail(self, re, code::kLoginRequired,
                            "this guest registered an account: log in to play the daily");
            }
            if (!room) return fail(self, re, code::kStorageError, "could not start: " + st.message());
            asio::post(strand_, [this, keep, self, re, room, id = who.id] {
                if (!player_) guest_player_ = id;
                if (room->finished()) {
                    return fail(self, re, code::kDailyFinished,
                                "today's attempt is finished (game " + std::to_string(room->id()) +
                                    ")");
                }
                asio::post(room->executor(), [room, self, re] { room->snapshot(re, self); });
            });
        });
}

}  // namespace pinfall::server
