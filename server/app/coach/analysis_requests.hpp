// The coach's requests (docs/protocol.md "Hints and reviews"): `hint` for a practice game in
// play and `review` of a finished, revealed game. The coach runs on the analysis pool, never on
// a game strand: the room's strand only copies what the player sees (a CoachView). Both spend
// the player's analysis tokens (AnalysisLimit).
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include <functional>
#include <string>

#include "server/app/coach/analysis_limit.hpp"
#include "server/app/coach/analysis_pool.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/own_games.hpp"

namespace pinfall::server {

class AnalysisRequests final : public RequestHandler {
   public:
    // Every member outlives this object.
    struct Deps {
        OwnGames& own_games;
        StorageWorker& storage;
        const Clock& clock;
        AnalysisLimit& limit;
        AnalysisPool& pool;
    };
    explicit AnalysisRequests(Deps deps) : d_(deps) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void hint(Connection& c, const protocol::Request& r, const protocol::HintRequest& m,
              const std::shared_ptr<Outbox>& self);
    void review(Connection& c, const protocol::Request& r, const protocol::ReviewRequest& m,
                const std::shared_ptr<Outbox>& self);
    // Takes `cost` analysis tokens for key, then queues job on the pool; otherwise replies
    // analysis_limited or analysis_busy and returns false. Thread-safe.
    bool submit_analysis(const Connection& c, const std::string& key, unsigned cost,
                         protocol::Re re, const std::shared_ptr<Outbox>& self,
                         std::function<void()> job);

    Deps d_;
};

}  // namespace pinfall::server
