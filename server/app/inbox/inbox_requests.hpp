// The inbox requests of a connection (docs/protocol.md "The inbox"): inbox (a page, newest
// first, with the unread count) and inbox_read (one notice or all). Both need a ranked identity
// (Connection::ranked_me): login_required without one. The pushes are Inbox's.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

class InboxRequests final : public RequestHandler {
   public:
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
    };
    explicit InboxRequests(Deps d) : d_(d) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void page(Connection& c, protocol::Re re, const protocol::InboxRequest& m,
              const std::shared_ptr<Outbox>& self);
    void read(Connection& c, protocol::Re re, const protocol::InboxRead& m,
              const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
