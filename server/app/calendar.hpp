// The daily challenge's calendar (DECISIONS.md section 4): the UTC day, when its attempts stop
// starting (the day's end) and when it is revealed (one hour after). Pure; thread-safe.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace pinfall::server {

using SysTime = std::chrono::system_clock::time_point;

inline constexpr std::chrono::hours kRevealDelay{1};

// "YYYY-MM-DD" of the UTC day holding t.
std::string utc_date(SysTime t);
// Midnight UTC starting the day, or nullopt when date is not a valid "YYYY-MM-DD".
std::optional<SysTime> day_start(const std::string& date);
inline SysTime day_end(SysTime start) { return start + std::chrono::hours(24); }
inline SysTime reveal_time(SysTime start) { return day_end(start) + kRevealDelay; }
// The latest day whose reveal time is at or before t.
std::string latest_revealed_day(SysTime t);
// The day before/after date. REQUIRES: date valid.
std::string previous_day(const std::string& date);

}  // namespace pinfall::server
