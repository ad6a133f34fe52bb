#include "server/app/core/calendar.hpp"

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

namespace {

std::optional<year_month_day> parse_ymd(const std::string& date) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') return std::nullopt;
    for (const int i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (date[i] < '0' || date[i] > '9') return std::nullopt;
    }
    const int y = std::stoi(date.substr(0, 4));
    const unsigned m = static_cast<unsigned>(std::stoi(date.substr(5, 2)));
    const unsigned d = static_cast<unsigned>(std::stoi(date.substr(8, 2)));
    const year_month_day ymd{year{y}, month{m}, day{d}};
    if (!ymd.ok()) return std::nullopt;
    return ymd;
}

}  // namespace

DateCheck check_date(const std::string& date) {
    if (!parse_ymd(date)) return DateCheck::kMalformed;
    // Fixed-width dates compare as text in calendar order.
    if (date < kFirstDay || date > kLastDay) return DateCheck::kOutOfRange;
    return DateCheck::kOk;
}

std::pair<const char*, std::string> date_refusal(DateCheck check) {
    if (check == DateCheck::kMalformed) return {"bad_date", "dates are written YYYY-MM-DD"};
    // Appended piece by piece: g++ 12 warns falsely (-Warray-bounds) on a + chain here.
    std::string message = "dates run from ";
    message += kFirstDay;
    message += " to ";
    message += kLastDay;
    return {"bad_request", message};
}

std::optional<SysTime> day_start(const std::string& date) {
    if (check_date(date) != DateCheck::kOk) return std::nullopt;
    return sys_days{*parse_ymd(date)};
}

std::string latest_revealed_day(SysTime t) { return utc_date(t - hours(24) - kRevealDelay); }

std::string previous_day(const std::string& date) {
    return utc_date(*day_start(date) - hours(24));
}

bool is_revealed(const std::string& date, SysTime now) {
    const auto start = day_start(date);
    return start && now >= reveal_time(*start);
}

}  // namespace pinfall::server
