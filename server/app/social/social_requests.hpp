// Follows, blocks and friend invites of a connection (docs/protocol.md "Friends and the inbox"):
// follow (by id, name or invite), unfollow, block, unblock -> relation; friends; friend_invite.
// Each needs a ranked identity (login_required without one); the four changes share one budget
// (AddressBudgets::kFollow) per address and per player. A new follow writes the followed player
// a `followed` notice (Inbox) in the follow's own transaction, once per follower.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/inbox/inbox.hpp"

namespace pinfall::server {

class SocialRequests final : public RequestHandler {
   public:
    static constexpr int kFollowLimit = 500;
    static constexpr int kListLimit = 500;  // followers listed (newest); the total is counted

    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Inbox& inbox;
    };
    explicit SocialRequests(Deps d) : d_(d) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void change(Connection& c, protocol::Re re, const protocol::SocialRequest& m,
                const std::shared_ptr<Outbox>& self);
    void friends(Connection& c, protocol::Re re, const std::shared_ptr<Outbox>& self);
    void invite(Connection& c, protocol::Re re, bool renew, const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
