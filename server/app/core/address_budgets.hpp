// Budgets that keep one address (and one guest or player) from growing the server without
// bound: new guests, practice games started, lanes opened, lane codes that found no lane, and
// password attempts (per address and per account name: "pw:" + name key).
// Each is a token bucket per key: `limit` tokens, refilled evenly over `window` (so a burst of
// `limit`, then limit per window). A key whose bucket would be full again is forgotten, so the
// map holds only the keys active within the last window. Keys are strings: "a:" + address
// for an address, "g:" + id for a guest, "p:" + id for a player.
//
// Thread-safety: every member is safe from any thread (one mutex; never held while calling out).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace pinfall::server {

class AddressBudgets {
   public:
    using Clock = std::chrono::steady_clock;
    enum Kind { kNewGuest, kGameStart, kLaneOpen, kLaneMiss, kPassword, kFollow, kKinds };

    struct Limits {
        std::array<std::uint32_t, kKinds> limit{};  // per window; 0: unlimited
        std::chrono::milliseconds window{600000};
    };

    explicit AddressBudgets(Limits limits) : limits_(limits) {}

    // Takes one token of `kind` for `key` at `now`. Returns true when there was one; false
    // (and takes nothing) when the budget is spent. Always true for an unlimited kind.
    bool take(Kind kind, const std::string& key, Clock::time_point now = Clock::now());
    // Like take() for two keys at once (an address and an owner): either both pay or none.
    bool take_both(Kind kind, const std::string& a, const std::string& b,
                   Clock::time_point now = Clock::now());
    // Seconds until `key` has a token of `kind` again (0 when it has one now), for messages.
    std::int64_t retry_after_s(Kind kind, const std::string& key,
                               Clock::time_point now = Clock::now());
    // Keys currently tracked (for metrics and tests).
    std::size_t tracked() const;

   private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point at{};
    };
    // The bucket of (kind, key) refilled up to now; a new key starts full.
    Bucket& refill_locked(Kind kind, const std::string& key, Clock::time_point now);
    void forget_full_locked(Clock::time_point now);

    const Limits limits_;
    mutable std::mutex mutex_;
    std::array<std::unordered_map<std::string, Bucket>, kKinds> buckets_;
    Clock::time_point last_sweep_{};
};

}  // namespace pinfall::server
