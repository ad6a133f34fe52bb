// Who is banned (docs/protocol.md "Moderation"), in memory on every node: the banned players
// and the guests whose ranked identity they are. Loaded from storage at start and kept fed by
// the review notices (integrity/review_news.hpp), so hello and login refuse a banned identity
// with `banned` without a database read, on whichever node it comes to.
//
// Thread-safety: every member is safe from any thread (one mutex, never held while calling out).
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_set>

namespace pinfall::server {

class BanList {
   public:
    // guest: the guest whose ranked identity the player is, if any.
    void ban(std::int64_t player, std::optional<std::int64_t> guest) {
        std::lock_guard lock(mutex_);
        players_.insert(player);
        if (guest) guests_.insert(*guest);
    }
    void unban(std::int64_t player, std::optional<std::int64_t> guest) {
        std::lock_guard lock(mutex_);
        players_.erase(player);
        if (guest) guests_.erase(*guest);
    }
    bool player_banned(std::int64_t player) const {
        std::lock_guard lock(mutex_);
        return players_.count(player) > 0;
    }
    bool guest_banned(std::int64_t guest) const {
        std::lock_guard lock(mutex_);
        return guests_.count(guest) > 0;
    }

   private:
    mutable std::mutex mutex_;
    std::unordered_set<std::int64_t> players_;
    std::unordered_set<std::int64_t> guests_;
};

}  // namespace pinfall::server
