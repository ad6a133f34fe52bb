// Which generation of a player's tokens is current: logout_others (token rotation) bumps it,
// and a connection logged in under an older generation is refused on its next request
// (docs/protocol.md "Passwords and tokens"). In memory only: after a restart every connection
// is new and logs in again with a token the database still accepts.
//
// Thread-safety: every member is safe from any thread (one mutex, never held while calling out).
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace pinfall::server {

class TokenEpochs {
   public:
    // The player's current generation (0 until the first rotation in this process).
    std::uint64_t current(std::int64_t player) const {
        std::lock_guard lock(mutex_);
        const auto it = epochs_.find(player);
        return it == epochs_.end() ? 0 : it->second;
    }
    // Starts a new generation for the player and returns it.
    std::uint64_t bump(std::int64_t player) {
        std::lock_guard lock(mutex_);
        return ++epochs_[player];
    }

   private:
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, std::uint64_t> epochs_;
};

}  // namespace pinfall::server
