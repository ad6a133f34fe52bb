// The daily's start (docs/rules.md "The daily challenge and accounts", "Guests and the daily"):
// a player's one attempt of the day, resumed or created; and a guest's, with "guest": true,
// under a ranked identity made for it (a player row named "guest-xxxx",
// storage/guest_players.hpp) that later requests of the guest's connections use for the daily
// status, the boards' "me" and the profile.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/players/guest_book.hpp"

namespace pinfall::server {

class DailyRequests final : public RequestHandler {
   public:
    // Every member outlives this object.
    struct Deps {
        Registry& registry;
        GuestBook& guests;
        const Clock& clock;
        const std::string& secret;  // the server secret (the day's seed, guests' names)
    };
    explicit DailyRequests(Deps deps) : d_(deps) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void player_start(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self);
    void guest_start(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
