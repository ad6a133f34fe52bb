// Acting as a player on a connection: taking the player's hold on this node before the
// connection acts as them (a player is served by one node at a time, cluster/ownership.hpp),
// and noticing a session whose tokens were rotated since (logout_others).
//
// Thread-safety: become() and session_current() REQUIRE the connection's strand; `then` runs
// there.
#pragma once

#include <functional>
#include <memory>

#include "server/app/cluster/ownership.hpp"
#include "server/app/core/connection.hpp"
#include "server/app/players/ban_list.hpp"
#include "server/app/players/token_epochs.hpp"

namespace pinfall::server {

class SignIn {
   public:
    // Both outlive this object.
    SignIn(Ownership& ownership, TokenEpochs& token_epochs, const BanList& bans)
        : ownership_(ownership), token_epochs_(token_epochs), bans_(bans) {}

    // The connection acts as `player` from now on (under the current token generation) once
    // this node owns the player; then `then` runs on its strand. Otherwise re is answered
    // banned (a moderator banned the player), player_elsewhere (or wrong_phase when another
    // login won the race).
    void become(Connection& c, protocol::PlayerRef player, protocol::Re re,
                const std::shared_ptr<Outbox>& self, std::function<void()> then);
    // False, having answered r, when the connection's player moved to another node (moved) or
    // its tokens were rotated since it logged in (bad_token: it drops back to its guest).
    bool session_current(Connection& c, const protocol::Request& r,
                         const std::shared_ptr<Outbox>& self);
    // Lets go of what c holds on this node (its player's and its guest's holds): c is ending.
    void release(Connection& c);

    TokenEpochs& token_epochs() { return token_epochs_; }

   private:
    Ownership& ownership_;
    TokenEpochs& token_epochs_;
    const BanList& bans_;
};

}  // namespace pinfall::server
