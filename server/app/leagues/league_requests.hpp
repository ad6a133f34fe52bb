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
    // leagues and secret (the server's, keying where a game is played from) outlive this.
    LeagueRequests(LeagueService& leagues, const std::string& secret)
        : leagues_(leagues), secret_(secret) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    LeagueService& leagues_;
    const std::string& secret_;
};

}  // namespace pinfall::server
