// The moderators' requests (issue 27, docs/protocol.md "Moderation") and `report`:
// - audit_log: a page of the append-only log of the operator's and moderators' actions;
// - review_queue: the open cases, highest priority first (case_views.hpp), paged;
// - review_open / review_decide: put a result under review; clear or disqualify it;
// - ban / unban: a player's ranked results leave (return to) every board, their tokens are
//   refused and their connections closed (4003 "banned") on whichever node serves them;
// - report (any ranked identity): a finished ranked game with a reason, budgeted per day.
// The role is read from storage at every moderator request, in the same job as the work, so
// a grant or revoke on the command line (`pinfall-server moderator`) holds at once on every
// node; anyone else gets `forbidden`. Each moderator action is an audit entry written in the
// transaction that makes it, and every change to results reaches the boards (ReviewNews).
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/inbox/inbox.hpp"
#include "server/app/integrity/review_news.hpp"

namespace pinfall::server {

// Why a request of the moderators' is refused to anyone else.
inline constexpr const char* kModeratorsOnly = "moderators only";

class ModerationRequests final : public RequestHandler {
   public:
    // Reports one identity may make in 24 hours.
    static constexpr int kReportsPerDay = 10;

    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        ReviewNews& news;
        Inbox& inbox;  // tells a player their result went under review, was cleared or not
    };
    // Every collaborator outlives this object.
    explicit ModerationRequests(Deps d) : d_(d) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void audit_log(Connection& c, const protocol::Request& r, const protocol::AuditLogRequest& m,
                   const std::shared_ptr<Outbox>& self);
    void review_queue(Connection& c, const protocol::Request& r,
                      const protocol::ReviewQueueRequest& m, const std::shared_ptr<Outbox>& self);
    void review_open(Connection& c, const protocol::Request& r, const protocol::ReviewOpen& m,
                     const std::shared_ptr<Outbox>& self);
    void review_decide(Connection& c, const protocol::Request& r,
                       const protocol::ReviewDecide& m, const std::shared_ptr<Outbox>& self);
    void ban(Connection& c, const protocol::Request& r, const protocol::BanRequest& m,
             const std::shared_ptr<Outbox>& self);
    void report(Connection& c, const protocol::Request& r, const protocol::ReportRequest& m,
                const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
