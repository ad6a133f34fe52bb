#include "server/app/core/clock.hpp"

#include <cstdio>
#include <ctime>

namespace pinfall::server {

std::string format_rfc3339(Clock::time_point t) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch());
    const std::time_t secs = static_cast<std::time_t>(ms.count() / 1000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                  static_cast<int>(ms.count() % 1000));
    return buf;
}

std::string format_rfc3339_ms(std::int64_t ms) {
    return format_rfc3339(Clock::time_point(std::chrono::milliseconds(ms)));
}

std::optional<Clock::time_point> parse_rfc3339(const std::string& text) {
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    char tail[8] = {};
    if (text.size() == 10) {
        if (std::sscanf(text.c_str(), "%4d-%2d-%2d", &y, &mo, &d) != 3) return std::nullopt;
    } else if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3d%1s", &y, &mo, &d, &h, &mi,
                           &s, &ms, tail) == 8) {
    } else if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%1s", &y, &mo, &d, &h, &mi, &s,
                           tail) == 7) {
    } else {
        return std::nullopt;
    }
    if (text.size() != 10 && std::string(tail) != "Z") return std::nullopt;
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return std::nullopt;
    const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{
                                              static_cast<unsigned>(mo)},
                                          std::chrono::day{static_cast<unsigned>(d)}};
    if (!ymd.ok()) return std::nullopt;
    return std::chrono::sys_days{ymd} + std::chrono::hours{h} + std::chrono::minutes{mi} +
           std::chrono::seconds{s} + std::chrono::milliseconds{ms};
}

}  // namespace pinfall::server
