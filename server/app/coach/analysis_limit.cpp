#include "server/app/coach/analysis_limit.hpp"

#include <algorithm>
#include <cmath>

namespace pinfall::server {

AnalysisLimit::Bucket& AnalysisLimit::refill_locked(const std::string& key, Clock::time_point now) {
    const double per_ms = static_cast<double>(limit_) / std::max<double>(1, window_.count());
    if (now - last_sweep_ > window_) {
        // Forget keys that would be full by now: they behave exactly as new keys.
        std::erase_if(buckets_, [&](const auto& kv) {
            const double ms =
                std::chrono::duration<double, std::milli>(now - kv.second.at).count();
            return kv.second.tokens + ms * per_ms >= limit_;
        });
        last_sweep_ = now;
    }
    auto [it, fresh] = buckets_.try_emplace(key, Bucket{static_cast<double>(limit_), now});
    auto& b = it->second;
    if (!fresh) {
        const double ms = std::chrono::duration<double, std::milli>(now - b.at).count();
        b.tokens = std::min<double>(limit_, b.tokens + std::max(0.0, ms) * per_ms);
        b.at = now;
    }
    return b;
}

bool AnalysisLimit::take(const std::string& key, std::uint32_t cost, Clock::time_point now) {
    if (limit_ == 0) return true;
    const double need = std::min(cost, limit_);
    std::lock_guard lock(mutex_);
    auto& b = refill_locked(key, now);
    if (b.tokens + 1e-9 < need) return false;
    b.tokens -= need;
    return true;
}

std::int64_t AnalysisLimit::retry_after_s(const std::string& key, std::uint32_t cost,
                                          Clock::time_point now) {
    if (limit_ == 0) return 0;
    const double need = std::min(cost, limit_);
    std::lock_guard lock(mutex_);
    auto& b = refill_locked(key, now);
    if (b.tokens >= need) return 0;
    const double per_s = static_cast<double>(limit_) * 1000.0 / std::max<double>(1, window_.count());
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil((need - b.tokens) / per_s)));
}

}  // namespace pinfall::server
