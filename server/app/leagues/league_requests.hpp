// The league requests of a connection (docs/protocol.md "Leagues"): league_create, league_join,
// league_get (and league_list), the secretary's actions and league_play. Reading a league is
// open to anyone; the rest is for registered players. LeagueService does the work.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/request_handler.hpp"
#include "server/app/leagues/league_service.hpp"

namespace pinfall::server {

class LeagueRequests final : public RequestHandler {
   public:
    // leagues outlives this object.
    explicit LeagueRequests(LeagueService& leagues) : leagues_(leagues) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    LeagueService& leagues_;
};

}  // namespace pinfall::server
