// The daily challenge's calendar (docs/rules.md, "The daily challenge and accounts"): the UTC day,
// when its attempts stop starting (the day's end) and when it is revealed (one hour after). Pure;
// thread-safe.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>

namespace pinfall::server {

using SysTime = std::chrono::system_clock::time_point;

inline constexpr std::chrono::hours kRevealDelay{1};

// The days the server knows: 1970-01-01 to 2199-12-31. SysTime counts nanoseconds in 64 bits,
// which ends in 2262; the range keeps every day, its end and its reveal far inside it.
inline constexpr const char* kFirstDay = "1970-01-01";
inline constexpr const char* kLastDay = "2199-12-31";

// "YYYY-MM-DD" of the UTC day holding t.
std::string utc_date(SysTime t);
enum class DateCheck { kOk, kMalformed, kOutOfRange };
// Whether date is a real "YYYY-MM-DD" day between kFirstDay and kLastDay.
DateCheck check_date(const std::string& date);
// The error a refused date gets (docs/protocol.md): bad_date for a malformed date, bad_request
// for a real one outside the supported range. REQUIRES: check != kOk.
std::pair<const char*, std::string> date_refusal(DateCheck check);
// Midnight UTC starting the day, or nullopt unless check_date(date) is kOk.
std::optional<SysTime> day_start(const std::string& date);
inline SysTime day_end(SysTime start) { return start + std::chrono::hours(24); }
inline SysTime reveal_time(SysTime start) { return day_end(start) + kRevealDelay; }
// True once the day's seed and records are public (its reveal time is at or before now); false
// for a date check_date refuses.
bool is_revealed(const std::string& date, SysTime now);
// The latest day whose reveal time is at or before t.
std::string latest_revealed_day(SysTime t);
// The day before/after date. REQUIRES: date valid.
std::string previous_day(const std::string& date);

}  // namespace pinfall::server
