#include "server/app/front/hello.hpp"

#include <boost/asio/post.hpp>

#include "protocol/encode.hpp"
#include "server/app/core/error_codes.hpp"
#include "storage/guest_players.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

void Hello::hello(Connection& c, const protocol::Request& r, const protocol::Hello& h,
                  const std::shared_ptr<Outbox>& self) {
    if (c.guest || c.greeting) return c.fail(self, r.id, code::kWrongPhase, "hello was already received");
    if (h.version != protocol::kProtocolVersion) {
        return c.fail(self, r.id, code::kUnsupportedVersion, "this server speaks protocol version 1");
    }
    c.browser = h.browser;
    if (h.guest) {
        if (const auto id = d_.guests.find(*h.guest)) return greet(c, r.id, *id, *h.guest, true, self);
        // Not in memory: a guest another node made (docs/scaling.md), or none at all.
        c.greeting = true;
        d_.guests.find_stored(*h.guest, [this, conn = c.shared_from_this(), self, re = r.id,
                                         token = *h.guest](std::optional<GuestId> id,
                                                           const storage::Status& st) {
            asio::post(conn->strand(), [this, conn, self, re, token, id, st] {
                conn->greeting = false;
                if (!st.is_ok()) {
                    return conn->fail(self, re, code::kStorageError,
                                      "could not look the guest up; try again");
                }
                if (!id) {
                    return conn->fail(self, re, code::kUnknownGuest,
                                      "unknown guest token; send hello without one");
                }
                greet(*conn, re, *id, token, true, self);
            });
        });
        return;
    }
    if (!c.within_budget(AddressBudgets::kNewGuest, r.id, self, true)) return;
    auto made = d_.guests.create();
    if (!made) return c.fail(self, r.id, code::kServerBusy, "too many new guests; try again");
    greet(c, r.id, made->first, std::move(made->second), false, self);
}

void Hello::greet(Connection& c, protocol::Re re, GuestId guest, std::string token,
                  bool returning, const std::shared_ptr<Outbox>& self) {
    // The guest is this node's before the welcome (docs/scaling.md): a guest held by another
    // node is handed over first, as a player is at login.
    if (returning && d_.bans.guest_banned(static_cast<std::int64_t>(guest))) {
        d_.guests.release(guest);
        return c.fail(self, re, code::kBanned, "this player is banned");
    }
    c.greeting = true;
    d_.ownership.acquire(
        guest_key(guest), self,
        [this, conn = c.shared_from_this(), re, guest, token = std::move(token), returning,
         self](Ownership::Hold hold) {
            asio::post(conn->strand(), [this, conn, re, guest, token, returning, self, hold] {
                conn->greeting = false;
                if (!hold) {
                    d_.guests.release(guest);
                    return conn->fail(self, re, code::kPlayerElsewhere,
                                      "this guest is being moved from another server; try again");
                }
                conn->guest_hold = hold;
                welcome(*conn, re, guest, token, returning, self);
            });
        });
}

void Hello::welcome(Connection& c, protocol::Re re, GuestId guest, std::string token,
                    bool returning, const std::shared_ptr<Outbox>& self) {
    c.guest = guest;
    protocol::Welcome w;
    w.server = d_.server_name;
    w.time = format_rfc3339(d_.clock.now());
    w.guest = std::move(token);
    // The guest's unfinished games come from storage as well as memory: after a restart none
    // is in memory until something loads it. `conn` keeps the connection, and so its guest,
    // until the welcome is sent.
    auto send = [this, conn = c.shared_from_this(), guest, self, re, w = std::move(w)]() mutable {
        d_.registry.open_games_of(
            guest, [self, re, w = std::move(w)](std::vector<protocol::GameId> games) mutable {
                w.games = std::move(games);
                self->send(make_message(protocol::encode_welcome(re, w)));
            });
    };
    // A returning guest may have a ranked identity (it played the daily): known before the
    // welcome, so every request after it sees the guest's rank, streak and attempt.
    if (returning) return load_guest_identity(c, std::move(send));
    send();
}

void Hello::load_guest_identity(Connection& c, std::function<void()> then) {
    auto found = std::make_shared<std::optional<storage::GuestPlayer>>();
    d_.storage.read(
        [found, guest = static_cast<std::int64_t>(*c.guest)](storage::Store& s) {
            storage::Status st;
            *found = storage::guest_player(s, guest, &st);
            return st;
        },
        [conn = c.shared_from_this(), found, then = std::move(then)](const storage::Status&) {
            // A failed read leaves the guest without its identity on this connection: the
            // daily start finds it again in storage (ensure_guest_player), nothing is lost.
            asio::post(conn->strand(), [conn, found, then] {
                if (*found) {
                    conn->guest_claimed = (*found)->claimed;
                    if (!conn->guest_claimed) conn->guest_player = (*found)->player.id;
                }
                then();
            });
        });
}

}  // namespace pinfall::server
