#include "server/app/core/address_budgets.hpp"

#include <algorithm>
#include <cmath>

namespace pinfall::server {

AddressBudgets::Bucket& AddressBudgets::refill_locked(Kind kind, const std::string& key,
                                                      Clock::time_point now) {
    const double limit = limits_.limit[kind];
    auto [it, fresh] = buckets_[kind].try_emplace(key, Bucket{limit, now});
    Bucket& b = it->second;
    if (!fresh && now > b.at) {
        const double per_ms = limit / static_cast<double>(std::max<std::int64_t>(1, limits_.window.count()));
        const auto ms = std::chrono::duration<double, std::milli>(now - b.at).count();
        b.tokens = std::min(limit, b.tokens + ms * per_ms);
        b.at = now;
    }
    return b;
}

void AddressBudgets::forget_full_locked(Clock::time_point now) {
    // At most once a window: drop buckets that have refilled completely by now.
    if (now - last_sweep_ < limits_.window) return;
    last_sweep_ = now;
    for (int k = 0; k < kKinds; ++k) {
        auto& map = buckets_[k];
        for (auto it = map.begin(); it != map.end();) {
            const bool full = now - it->second.at >= limits_.window;
            it = full ? map.erase(it) : std::next(it);
        }
    }
}

bool AddressBudgets::take(Kind kind, const std::string& key, Clock::time_point now) {
    if (limits_.limit[kind] == 0) return true;
    std::lock_guard lock(mutex_);
    forget_full_locked(now);
    Bucket& b = refill_locked(kind, key, now);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
}

bool AddressBudgets::take_both(Kind kind, const std::string& a, const std::string& b,
                               Clock::time_point now) {
    if (limits_.limit[kind] == 0) return true;
    std::lock_guard lock(mutex_);
    forget_full_locked(now);
    Bucket& x = refill_locked(kind, a, now);
    Bucket& y = refill_locked(kind, b, now);
    if (x.tokens < 1 || y.tokens < 1) return false;
    x.tokens -= 1;
    y.tokens -= 1;
    return true;
}

std::int64_t AddressBudgets::retry_after_s(Kind kind, const std::string& key,
                                           Clock::time_point now) {
    if (limits_.limit[kind] == 0) return 0;
    std::lock_guard lock(mutex_);
    const Bucket& b = refill_locked(kind, key, now);
    if (b.tokens >= 1) return 0;
    const double ms_per_token = static_cast<double>(limits_.window.count()) / limits_.limit[kind];
    return static_cast<std::int64_t>(std::ceil((1 - b.tokens) * ms_per_token / 1000.0));
}

std::size_t AddressBudgets::tracked() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& map : buckets_) n += map.size();
    return n;
}

}  // namespace pinfall::server
