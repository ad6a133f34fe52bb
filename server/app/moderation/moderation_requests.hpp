// The moderators' requests (issue 27, docs/protocol.md "Moderation"). Today: `audit_log`, a
// page of the append-only log of the operator's and moderators' actions, newest first. The
// role is read from storage at every request, so a grant or revoke on the command line
// (`pinfall-server moderator`) holds at once on every node. Anyone else gets `forbidden`.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

class ModerationRequests final : public RequestHandler {
   public:
    // storage outlives this object.
    explicit ModerationRequests(StorageWorker& storage) : storage_(storage) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void audit_log(Connection& c, const protocol::Request& r, const protocol::AuditLogRequest& m,
                   const std::shared_ptr<Outbox>& self);

    StorageWorker& storage_;
};

}  // namespace pinfall::server
