// The per-player rate limit of hints and reviews (issue 16): a token bucket per key (the
// owner key of Client: "p:<player>" or "g:<guest>"), `limit` tokens refilled evenly over
// `window`. A review costs more than a hint (it runs the coach at every decision), so take()
// takes a cost. Keys whose bucket would be full again are forgotten at the next sweep, so the
// map holds only the keys active within the last window.
//
// Thread-safety: every member is safe from any thread (one mutex, never held while calling out).
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace pinfall::server {

class AnalysisLimit {
   public:
    using Clock = std::chrono::steady_clock;

    // limit: tokens per window, 0 for no limit.
    AnalysisLimit(std::uint32_t limit, std::chrono::milliseconds window)
        : limit_(limit), window_(window) {}

    // Takes `cost` tokens for key at now. Returns true when it had them; false (taking nothing)
    // otherwise. A cost above the limit is charged as the whole limit. Always true when the
    // limit is 0.
    bool take(const std::string& key, std::uint32_t cost = 1, Clock::time_point now = Clock::now());
    // Seconds until key has `cost` tokens again (at least 1 when it has not), for messages.
    std::int64_t retry_after_s(const std::string& key, std::uint32_t cost = 1,
                               Clock::time_point now = Clock::now());

   private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point at{};
    };
    Bucket& refill_locked(const std::string& key, Clock::time_point now);

    const std::uint32_t limit_;
    const std::chrono::milliseconds window_;
    std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
    Clock::time_point last_sweep_{};
};

}  // namespace pinfall::server
