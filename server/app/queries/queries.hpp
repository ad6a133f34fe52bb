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
#include "server/app/core/services.hpp"

namespace pinfall::server {

struct Reply {
    std::string text;        // the encoded message
    std::string error_code;  // empty on success
};
using ReplyFn = std::function<void(Reply)>;

// True for a league game whose round is closed. Runs on the storage worker.
bool league_round_closed(storage::Store& st, const storage::GameRow& g);

class Queries {
   public:
    explicit Queries(Services& services) : s_(services) {}

    void daily_info(protocol::Re re, std::optional<storage::PlayerId> me, ReplyFn done);
    void leaderboard(protocol::Re re, const protocol::LeaderboardRequest& req,
                     std::optional<storage::PlayerId> me, ReplyFn done);
    void profile(protocol::Re re, storage::PlayerId player, ReplyFn done);
    void verify(protocol::Re re, protocol::GameId game, ReplyFn done);
    void stored_game(protocol::Re re, protocol::GameId game, ReplyFn done);

    // The error reply, counted in metrics.
    Reply error(protocol::Re re, const std::string& code, const std::string& message);
    // True when the day's seed and records are public.
    bool revealed(const std::string& day) const;
    // Whether a stored game's seed and record may be shown (league_round_closed: its league
    // round is closed; see league_round_closed()).
    bool is_public(const storage::GameRow& g, bool league_round_closed) const;

   private:
    // The daily board's page once the day's par (if revealed) is known.
    void daily_page(protocol::Re re, const std::string& day, const CursorKey& key,
                    const BoardQuery& q, std::optional<int> par, ReplyFn done);
    void best_game(protocol::Re re, const protocol::LeaderboardRequest& req,
                   std::optional<storage::PlayerId> me, std::uint64_t offset, ReplyFn done);
    void best_average(protocol::Re re, const protocol::LeaderboardRequest& req,
                      std::optional<storage::PlayerId> me, std::uint64_t offset, ReplyFn done);

    Services& s_;
};

}  // namespace pinfall::server
