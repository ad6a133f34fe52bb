#include "server/app/players/sign_in.hpp"

#include <boost/asio/post.hpp>

#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

void SignIn::become(Connection& c, protocol::PlayerRef player, protocol::Re re,
                    const std::shared_ptr<Outbox>& self, std::function<void()> then) {
    if (bans_.player_banned(player.id)) return c.fail(self, re, code::kBanned, "this player is banned");
    ownership_.acquire(player.id, self, [this, conn = c.shared_from_this(), player, re, self,
                                         then = std::move(then)](Ownership::Hold hold) {
        boost::asio::post(conn->strand(), [this, conn, player, re, self, then, hold] {
            if (!hold) {
                return conn->fail(self, re, code::kPlayerElsewhere,
                                  "this player is being moved from another server; try again");
            }
            if (conn->player) {  // two logins raced: the first one stands
                ownership_.release(player.id, hold);
                return conn->fail(self, re, code::kWrongPhase, "already logged in");
            }
            conn->owned = player.id;
            conn->hold = hold;
            conn->token_epoch = token_epochs_.current(player.id);
            conn->player = player;
            then();
        });
    });
}

bool SignIn::session_current(Connection& c, const protocol::Request& r,
                             const std::shared_ptr<Outbox>& self) {
    if (c.moved()) {
        c.fail(self, r.id, code::kMoved, "this player is served by another server now; reconnect");
        return false;
    }
    if (!c.player || token_epochs_.current(c.player->id) == c.token_epoch) return true;
    c.player.reset();
    if (c.owned) ownership_.release(*c.owned, c.hold);
    c.owned.reset();
    c.hold.reset();
    c.fail(self, r.id, code::kBadToken, "this session was logged out by logout_others; log in again");
    return false;
}

void SignIn::release(Connection& c) {
    if (c.owned) ownership_.release(*c.owned, c.hold);
    if (c.guest && c.guest_hold) ownership_.release(guest_key(*c.guest), c.guest_hold);
}

}  // namespace pinfall::server
