// The game requests of a connection: practice_start, play, stop, resign, undo and snapshot
// (docs/protocol.md "Games"). The daily's start is the daily's (daily/daily_requests.hpp).
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler); the actions run on
// each room's strand.
#pragma once

#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/games/own_games.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/players/guest_book.hpp"

namespace pinfall::server {

class GameRequests final : public RequestHandler {
   public:
    // Every member outlives this object.
    struct Deps {
        Registry& registry;
        OwnGames& own_games;
        GuestBook& guests;
        const Clock& clock;
        const std::string& secret;  // the server secret (a revealed day's seed for a replay)
    };
    explicit GameRequests(Deps deps) : d_(deps) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void practice_start(Connection& c, const protocol::Request& r, const protocol::PracticeStart& p,
                        const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
