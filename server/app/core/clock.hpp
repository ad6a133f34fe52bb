// The server's wall clock, with an override for tests and demonstrations: given a start instant,
// time runs on from it at the real rate (docs/rules.md, "The daily challenge and accounts").
// Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace pinfall::server {

class Clock {
   public:
    using time_point = std::chrono::system_clock::time_point;

    Clock() = default;
    explicit Clock(std::optional<time_point> start)
        : offset_(start ? *start - std::chrono::system_clock::now()
                        : std::chrono::system_clock::duration::zero()) {}

    time_point now() const { return std::chrono::system_clock::now() + offset_; }

   private:
    std::chrono::system_clock::duration offset_{};
};

// Milliseconds since the Unix epoch: how storage keeps instants.
inline std::int64_t unix_ms(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

// "2026-11-29T17:22:17.123Z".
std::string format_rfc3339(Clock::time_point t);
// The same for milliseconds since the epoch, as storage keeps times (storage::Millis).
std::string format_rfc3339_ms(std::int64_t ms);
// Parses "YYYY-MM-DDTHH:MM:SS[.fff]Z" (also "YYYY-MM-DD", midnight). nullopt on anything else.
std::optional<Clock::time_point> parse_rfc3339(const std::string& text);

}  // namespace pinfall::server
