#include "server/app/push/reminder_rules.hpp"

#include <algorithm>

namespace pinfall::server::push {

namespace {

struct Window {
    std::int64_t start, end;
};

Window window_of(const TimeZone& z, int y, int m, int d, int hour) {
    return {z.instant_of(y, m, d, send_hour(hour)), z.instant_of(y, m, d, kNightStart)};
}

}  // namespace

int send_hour(int chosen) { return chosen >= kNightEnd && chosen < kNightStart ? chosen : kNightEnd; }

std::optional<std::string> sendable_day(const TimeZone& zone, std::int64_t now, int hour) {
    const LocalTime l = zone.local(now);
    const Window w = window_of(zone, l.year, l.month, l.day, hour);
    if (now < w.start || now >= w.end) return std::nullopt;
    return l.date();
}

std::int64_t next_due(const TimeZone& zone, std::int64_t now, int hour,
                      const std::optional<std::string>& last_sent_day) {
    const LocalTime l = zone.local(now);
    const Window today = window_of(zone, l.year, l.month, l.day, hour);
    if (last_sent_day != l.date() && now < today.end) return std::max(now, today.start);
    int y, m, d;
    civil_from_days(days_from_civil(l.year, l.month, l.day) + 1, &y, &m, &d);
    return window_of(zone, y, m, d, hour).start;
}

ReminderKind reminder_for(bool new_daily, bool streak_at_risk, bool played_today, int streak) {
    if (played_today) return ReminderKind::kNone;
    if (streak_at_risk && streak > 0) return ReminderKind::kStreakAtRisk;
    if (new_daily) return ReminderKind::kNewDaily;
    return ReminderKind::kNone;
}

ReminderText reminder_text(ReminderKind kind, int streak, const std::string& day_ends) {
    if (kind == ReminderKind::kStreakAtRisk) {
        return {"Your " + std::to_string(streak) + "-day streak is at risk",
                "Play today's daily before " + day_ends + " your time to keep it.", "/#/daily"};
    }
    return {"Today's Pinfall daily is out", "A new deal is waiting for you.", "/#/daily"};
}

}  // namespace pinfall::server::push
