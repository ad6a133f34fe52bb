// When a device's daily reminder goes and what it says (docs/rules.md "Reminders"). Pure;
// thread-safe.
//
// A reminder may go on a local day of the player's time zone from their chosen hour until
// 22:00; never in the night hours 22:00-07:00, so a chosen hour of 22-6 means 07:00. At most
// one a device a local day. Which one: "streak at risk" when chosen, today's daily (UTC) is
// not played and the player's streak would break at the day's end; otherwise "new daily" when
// chosen and today's daily is not played; otherwise none.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/app/push/time_zone.hpp"

namespace pinfall::server::push {

inline constexpr int kNightStart = 22;  // local hour the night starts
inline constexpr int kNightEnd = 7;     // local hour it ends

// The local hour the day's reminder may go from: `chosen`, or 07:00 for a night hour.
int send_hour(int chosen);

// The local day (YYYY-MM-DD) a reminder may go on at `now` (seconds since the epoch), or
// nullopt outside [send_hour, 22:00) local.
std::optional<std::string> sendable_day(const TimeZone& zone, std::int64_t now, int hour);

// The first instant (seconds) at or after now when a reminder may go on a local day other than
// last_sent_day: now itself when inside today's window, today's start when before it, else
// tomorrow's start.
std::int64_t next_due(const TimeZone& zone, std::int64_t now, int hour,
                      const std::optional<std::string>& last_sent_day);

enum class ReminderKind { kNone, kNewDaily, kStreakAtRisk };
// streak: the player's current run of days with a daily played, up to yesterday.
ReminderKind reminder_for(bool new_daily, bool streak_at_risk, bool played_today, int streak);

struct ReminderText {
    std::string title, body, url;
};
// The words of a reminder: `day_ends` is the local "HH:MM" of the end of today's daily.
ReminderText reminder_text(ReminderKind kind, int streak, const std::string& day_ends);

}  // namespace pinfall::server::push
