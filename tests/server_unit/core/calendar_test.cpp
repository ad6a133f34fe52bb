// The daily calendar (docs/rules.md, "The daily challenge and accounts"): UTC dates, day starts of
// valid dates only, the reveal one hour after the day ends (checked to the second), and the
// previous day across month, leap-day and year boundaries.
#include "server/app/core/calendar.hpp"

#include <catch2/catch.hpp>

#include "server/app/core/clock.hpp"

namespace {

using namespace pinfall::server;
using namespace std::chrono;

SysTime at(const std::string& rfc3339) {
    const auto t = parse_rfc3339(rfc3339);
    INFO(rfc3339);
    REQUIRE(t);
    return *t;
}

TEST_CASE("utc_date is the UTC day holding the instant") {
    struct Case {
        const char* instant;
        const char* date;
    };
    const Case cases[] = {
        {"2026-11-29T00:00:00Z", "2026-11-29"}, {"2026-11-29T23:59:59.999Z", "2026-11-29"},
        {"2026-11-30T00:00:00Z", "2026-11-30"}, {"2024-02-29T12:00:00Z", "2024-02-29"},
        {"1970-01-01T00:00:00Z", "1970-01-01"}, {"2099-12-31T23:59:59Z", "2099-12-31"},
    };
    for (const auto& c : cases) {
        INFO(c.instant);
        CHECK(utc_date(at(c.instant)) == c.date);
    }
    CHECK(utc_date(at("1970-01-01T00:00:00Z") - hours(1)) == "1969-12-31");
}

TEST_CASE("day_start: midnight UTC of a valid YYYY-MM-DD, nothing otherwise") {
    CHECK(day_start("2026-11-29") == at("2026-11-29T00:00:00Z"));
    CHECK(day_start("2024-02-29") == at("2024-02-29T00:00:00Z"));
    CHECK(day_start("2000-02-29") == at("2000-02-29T00:00:00Z"));
    const char* refused[] = {
        "2026-02-30",  "2026-02-29",  "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
        "2026-01-00",  "2026-1-01",   "2026-01-1",  "26-01-01",   "2026/01/01", "2026-01-01T",
        " 2026-01-01", "2026-01-01 ", "+026-01-01", "2026-0a-01", "",           "----------",
    };
    for (const char* date : refused) {
        INFO("'" << date << "'");
        CHECK_FALSE(day_start(date));
    }
}

TEST_CASE("a day ends at the next midnight and is revealed one hour later") {
    const SysTime start = *day_start("2026-11-29");
    CHECK(day_end(start) == at("2026-11-30T00:00:00Z"));
    CHECK(reveal_time(start) == at("2026-11-30T01:00:00Z"));
}

TEST_CASE("latest_revealed_day changes exactly at the reveal") {
    struct Case {
        const char* instant;
        const char* day;
    };
    const Case cases[] = {
        {"2026-11-30T00:59:59Z", "2026-11-28"}, {"2026-11-30T00:59:59.999Z", "2026-11-28"},
        {"2026-11-30T01:00:00Z", "2026-11-29"}, {"2026-11-30T01:00:00.001Z", "2026-11-29"},
        {"2026-11-30T23:59:59Z", "2026-11-29"}, {"2026-12-01T00:30:00Z", "2026-11-29"},
        {"2026-12-01T01:00:00Z", "2026-11-30"}, {"2027-01-01T01:00:00Z", "2026-12-31"},
        {"2027-01-01T00:59:59Z", "2026-12-30"},
    };
    for (const auto& c : cases) {
        INFO(c.instant);
        CHECK(latest_revealed_day(at(c.instant)) == c.day);
        // The definition, spelt out: the latest day whose reveal time is at or before t.
        const SysTime reveal = reveal_time(*day_start(c.day));
        CHECK(reveal <= at(c.instant));
        CHECK(reveal + hours(24) > at(c.instant));
    }
}

TEST_CASE("previous_day steps back across months, leap days and years") {
    struct Case {
        const char* date;
        const char* previous;
    };
    const Case cases[] = {
        {"2026-11-29", "2026-11-28"}, {"2026-12-01", "2026-11-30"}, {"2026-03-01", "2026-02-28"},
        {"2024-03-01", "2024-02-29"}, {"2027-01-01", "2026-12-31"}, {"2026-05-01", "2026-04-30"},
        {"1970-01-01", "1969-12-31"},
    };
    for (const auto& c : cases) {
        INFO(c.date);
        CHECK(previous_day(c.date) == c.previous);
    }
}

}  // namespace

TEST_CASE("dates outside 1970-01-01..2199-12-31 are refused, never converted") {
    using pinfall::server::check_date;
    using pinfall::server::DateCheck;
    CHECK(check_date("1970-01-01") == DateCheck::kOk);
    CHECK(check_date("2199-12-31") == DateCheck::kOk);
    CHECK(check_date("2200-01-01") == DateCheck::kOutOfRange);
    CHECK(check_date("2262-04-12") == DateCheck::kOutOfRange);  // past the nanosecond clock
    CHECK(check_date("9999-12-31") == DateCheck::kOutOfRange);
    CHECK(check_date("1969-12-31") == DateCheck::kOutOfRange);
    CHECK(check_date("0000-01-01") == DateCheck::kOutOfRange);
    CHECK(check_date("2026-02-29") == DateCheck::kMalformed);
    CHECK(check_date("2026-1-01") == DateCheck::kMalformed);
    CHECK_FALSE(pinfall::server::day_start("2262-04-12"));
    CHECK(pinfall::server::date_refusal(DateCheck::kOutOfRange).first == std::string("bad_request"));
    CHECK(pinfall::server::date_refusal(DateCheck::kMalformed).first == std::string("bad_date"));
}
