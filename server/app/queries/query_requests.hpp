// The read-only requests of a connection (docs/protocol.md): daily (the day's status),
// leaderboard, profile, verify and record. Queries does the work, the same way for the HTTP
// API; a connection adds who asks (its ranked identity: the boards' "me", the daily status).
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/request_handler.hpp"
#include "server/app/queries/queries.hpp"

namespace pinfall::server {

class QueryRequests final : public RequestHandler {
   public:
    // queries outlives this object.
    explicit QueryRequests(Queries& queries) : queries_(queries) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    Queries& queries_;
};

}  // namespace pinfall::server
