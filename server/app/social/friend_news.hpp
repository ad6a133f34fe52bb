// Tells friends when a daily result passes theirs (issue 29, the `friend_passed` notice of
// docs/protocol.md "The inbox"): when a player's daily attempt finishes, each friend (the two
// follow each other) whose finished attempt of the same day scored less gets a notice, once per
// friend, player and day. A block removes both follows, so a blocked player is nobody's friend
// and tells nobody.
//
// Thread-safety: daily_finished() from any thread (it reads through the storage worker, asks
// the boards' strand, and sends through the inbox).
#pragma once

#include <cstdint>
#include <string>

#include "server/app/boards/leaderboards.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/inbox/inbox.hpp"

namespace pinfall::server {

class FriendNews {
   public:
    struct Deps {
        StorageWorker& storage;
        Leaderboards& boards;
        Inbox& inbox;
    };
    explicit FriendNews(Deps d) : d_(d) {}

    // The player's attempt of `day` finished with `score` (on this node, once).
    void daily_finished(std::int64_t player, std::string name, std::string day, int score);

   private:
    Deps d_;
};

}  // namespace pinfall::server
