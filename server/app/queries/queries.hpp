// Read-only requests served the same way over WebSocket and HTTP (GET /api/...): the daily
// challenge's status, leaderboards, profiles, stored games and their verification. Each
// answer is one encoded message: the reply, or an error with a stable code.
//
// Thread-safety: every function may be called from any thread; `done` runs on the storage
// worker or the leaderboards strand and must only post onward (Outbox::send does).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "protocol/replies.hpp"
#include "server/app/boards/cursor.hpp"
#include "server/app/boards/leaderboards.hpp"
#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/reply.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

class Queries {
   public:
    // What the queries read: every member outlives this object.
    struct Deps {
        StorageWorker& storage;
        Leaderboards& leaderboards;
        const Clock& clock;
        Metrics& metrics;
        ParKeeper& par;
        const std::string& secret;  // the server secret (daily seeds, cursors)
    };
    explicit Queries(Deps deps) : s_(deps) {}

    void daily_info(protocol::Re re, std::optional<storage::PlayerId> me, ReplyFn done);
    // public_view: the HTTP twin, where a league's board is public (docs/protocol.md "Scoped
    // boards"); over WebSocket a league scope is its members'.
    void leaderboard(protocol::Re re, const protocol::LeaderboardRequest& req,
                     std::optional<storage::PlayerId> me, ReplyFn done, bool public_view = false);
    // me: the asking player. A result held for review (or disqualified) counts in no figure;
    // the player alone sees it listed among their recent games, marked (docs/protocol.md
    // "Moderation"); others do not see it at all.
    void profile(protocol::Re re, storage::PlayerId player, std::optional<storage::PlayerId> me,
                 ReplyFn done);
    void verify(protocol::Re re, protocol::GameId game, ReplyFn done);
    void stored_game(protocol::Re re, protocol::GameId game, ReplyFn done);

    // The error reply, counted in metrics.
    Reply error(protocol::Re re, const std::string& code, const std::string& message);

   private:
    // The daily board's page once the day's par (if revealed) is known.
    // scope: the scope's name for the reply (none: the request named none).
    void daily_page(protocol::Re re, const std::string& day, const CursorKey& key,
                    const BoardQuery& q, std::optional<int> par,
                    std::optional<std::string> scope, ReplyFn done);
    // members: the scope's players (null: everyone); the rows are filtered to them.
    using Members = std::shared_ptr<std::vector<std::int64_t>>;
    void best_game(protocol::Re re, const protocol::LeaderboardRequest& req,
                   std::optional<storage::PlayerId> me, std::uint64_t offset, Members members,
                   std::optional<std::string> scope, ReplyFn done);
    void best_average(protocol::Re re, const protocol::LeaderboardRequest& req,
                      std::optional<storage::PlayerId> me, std::uint64_t offset,
                      Members members, std::optional<std::string> scope, ReplyFn done);

    Deps s_;
};

}  // namespace pinfall::server
