// The first request of every connection (docs/protocol.md "Hello"): checks the protocol
// version, finds the guest a token names (in memory, else in storage: a guest another node
// made) or makes a new one (budgeted per address), takes the guest's hold on this node, loads a
// returning guest's ranked identity, and welcomes it with its unfinished games.
//
// Thread-safety: hello() REQUIRES the connection's strand; callbacks post back to it.
#pragma once

#include <functional>
#include <string>

#include "server/app/cluster/ownership.hpp"
#include "server/app/players/ban_list.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/connection.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/players/guest_book.hpp"

namespace pinfall::server {

class Hello {
   public:
    // Every member outlives this object.
    struct Deps {
        GuestBook& guests;
        Ownership& ownership;
        Registry& registry;
        StorageWorker& storage;
        const Clock& clock;
        const std::string& server_name;  // "pinfall/<version>"
        const BanList& bans;             // a banned guest's hello is refused `banned`
    };
    explicit Hello(Deps deps) : d_(deps) {}

    // Answers r with welcome, or with wrong_phase, unsupported_version, unknown_guest, banned,
    // over_budget, server_busy, player_elsewhere or storage_error.
    void hello(Connection& c, const protocol::Request& r, const protocol::Hello& h,
               const std::shared_ptr<Outbox>& self);

   private:
    // Once the guest is known (returning: it said hello with a token) and held (GuestBook):
    // takes the guest's ownership first (player_elsewhere, and the guest let go, when another
    // node does not hand it over), then welcome().
    void greet(Connection& c, protocol::Re re, GuestId guest, std::string token, bool returning,
               const std::shared_ptr<Outbox>& self);
    void welcome(Connection& c, protocol::Re re, GuestId guest, std::string token,
                 bool returning, const std::shared_ptr<Outbox>& self);
    // A returning guest's ranked identity (it played the daily), read from storage and set on
    // the connection's strand; then `then` runs there.
    void load_guest_identity(Connection& c, std::function<void()> then);

    Deps d_;
};

}  // namespace pinfall::server
