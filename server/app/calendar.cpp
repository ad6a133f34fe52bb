#include "server/app/calendar.hpp"

#include <cstdio>

namespace pinfall::server {

using namespace std::chrono;

std::string utc_date(SysTime t) {
    const year_month_day ymd{floor<days>(t)};
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return buf;
}

std::optional<SysTime> day_start(const std::string& date) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') return std::nullopt;
    for (const int i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (date[i] < '0' || date[i] > '9') return std::nullopt;
    }
    const int y = std::stoi(date.substr(0, 4));
    const unsigned m = static_cast<unsigned>(std::stoi(date.substr(5, 2)));
    const unsigned d = static_cast<unsigned>(std::stoi(date.substr(8, 2)));
    const year_month_day ymd{year{y}, month{m}, day{d}};
    if (!ymd.ok()) return std::nullopt;
    return sys_days{ymd};
}

std::string latest_revealed_day(SysTime t) { return utc_date(t - hours(24) - kRevealDelay); }

std::string previous_day(const std::string& date) {
    return utc_date(*day_start(date) - hours(24));
}

}  // namespace pinfall::server
