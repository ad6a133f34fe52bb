// Time zones from the system's zoneinfo and the reminders' rules (server/app/push/time_zone.hpp,
// reminder_rules.hpp): zone names' shape; offsets across daylight saving changes in both
// hemispheres, before, between and after the files' transitions (the POSIX footer rules);
// local instants of times skipped and repeated; each day's window [chosen hour or 07:00,
// 22:00); the next due instant; which reminder and its words.
#include <catch2/catch.hpp>

#include "server/app/push/reminder_rules.hpp"
#include "server/app/push/time_zone.hpp"

namespace reminder_rules_test {

using namespace pinfall::server::push;

std::int64_t at(int y, int mo, int d, int h, int mi = 0) {
    return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60;
}

std::shared_ptr<const TimeZone> zone(const std::string& name) {
    auto z = TimeZone::load(name);
    INFO(name);
    REQUIRE(z);
    return z;
}

TEST_CASE("time zones: names of the zoneinfo load, other names and files do not") {
    CHECK(zone_name_shape("Europe/Paris"));
    CHECK(zone_name_shape("America/Argentina/Buenos_Aires"));
    CHECK(zone_name_shape("Etc/GMT+5"));
    CHECK(zone_name_shape("UTC"));
    CHECK_FALSE(zone_name_shape(""));
    CHECK_FALSE(zone_name_shape("/etc/passwd"));
    CHECK_FALSE(zone_name_shape("Europe/../../etc/passwd"));
    CHECK_FALSE(zone_name_shape("Europe//Paris"));
    CHECK_FALSE(zone_name_shape("Europe/"));
    CHECK_FALSE(zone_name_shape("posix/Europe/Paris"));
    CHECK_FALSE(zone_name_shape("right/UTC"));
    CHECK_FALSE(zone_name_shape("zone.tab"));
    CHECK_FALSE(zone_name_shape(std::string(65, 'A')));
    CHECK(TimeZone::load("Europe/Paris"));
    CHECK(TimeZone::load("UTC"));
    CHECK_FALSE(TimeZone::load("Mars/Olympus"));
    CHECK_FALSE(TimeZone::load("Europe"));       // a folder
    CHECK_FALSE(TimeZone::load("leapseconds"));  // not a TZif file
    TimeZones zones;
    CHECK(zones.get("Asia/Tokyo") == zones.get("Asia/Tokyo"));
    CHECK_FALSE(zones.get("Nowhere/Town"));
}

TEST_CASE("time zones: offsets across daylight saving, both hemispheres, past the transitions") {
    const auto paris = zone("Europe/Paris");
    CHECK(paris->offset_at(at(2026, 1, 15, 12)) == 3600);
    CHECK(paris->offset_at(at(2026, 7, 15, 12)) == 7200);
    // 2026-03-29 01:00 UTC: 02:00 CET becomes 03:00 CEST.
    CHECK(paris->offset_at(at(2026, 3, 29, 0, 59)) == 3600);
    CHECK(paris->offset_at(at(2026, 3, 29, 1, 0)) == 7200);
    // 2026-10-25 01:00 UTC: back to CET.
    CHECK(paris->offset_at(at(2026, 10, 25, 0, 59)) == 7200);
    CHECK(paris->offset_at(at(2026, 10, 25, 1, 0)) == 3600);
    // Far beyond any file's table: the footer's rule (last Sunday of March, of October).
    CHECK(paris->offset_at(at(2150, 3, 26, 0, 59)) == 3600);  // 2150-03-29 is a Sunday
    CHECK(paris->offset_at(at(2150, 3, 29, 1, 0)) == 7200);
    CHECK(paris->offset_at(at(2150, 12, 1, 0)) == 3600);
    const auto ny = zone("America/New_York");
    CHECK(ny->offset_at(at(2026, 11, 29, 14)) == -5 * 3600);
    CHECK(ny->offset_at(at(2026, 3, 8, 6, 59)) == -5 * 3600);  // second Sunday of March, 02:00
    CHECK(ny->offset_at(at(2026, 3, 8, 7, 0)) == -4 * 3600);
    CHECK(ny->offset_at(at(2199, 7, 1, 0)) == -4 * 3600);
    const auto sydney = zone("Australia/Sydney");
    CHECK(sydney->offset_at(at(2026, 1, 1, 0)) == 11 * 3600);  // summer in January
    CHECK(sydney->offset_at(at(2026, 7, 1, 0)) == 10 * 3600);
    CHECK(sydney->offset_at(at(2190, 1, 1, 0)) == 11 * 3600);
    CHECK(sydney->offset_at(at(2190, 7, 1, 0)) == 10 * 3600);
    CHECK(zone("Asia/Kolkata")->offset_at(at(2026, 6, 1, 0)) == 5 * 3600 + 1800);
    CHECK(zone("Asia/Tokyo")->offset_at(at(2026, 11, 29, 14)) == 9 * 3600);
    CHECK(zone("UTC")->offset_at(at(2026, 6, 1, 0)) == 0);
    CHECK(TimeZone::utc()->offset_at(at(2026, 6, 1, 0)) == 0);

    const LocalTime l = ny->local(at(2026, 11, 29, 14, 30));
    CHECK(l.date() == "2026-11-29");
    CHECK(l.hour == 9);
    CHECK(l.minute == 30);
    CHECK(zone("Asia/Tokyo")->local(at(2026, 11, 29, 15)).date() == "2026-11-30");
}

TEST_CASE("time zones: a POSIX rule parsed, and the local instants of skipped and repeated times") {
    const auto r = TimeZone::parse_rule("CET-1CEST,M3.5.0,M10.5.0/3");
    CHECK(r.valid);
    CHECK(r.std_offset == 3600);
    CHECK(r.dst_offset == 7200);
    CHECK(TimeZone::parse_rule("<+0330>-3:30").std_offset == 3 * 3600 + 1800);
    CHECK(TimeZone::parse_rule("EST5EDT,M3.2.0,M11.1.0").offset_at(at(2030, 7, 1, 0)) == -4 * 3600);
    CHECK(TimeZone::parse_rule("<-03>3").offset_at(at(2030, 7, 1, 0)) == -3 * 3600);
    CHECK_FALSE(TimeZone::parse_rule("CET-1CEST,M13.5.0,M10.5.0").valid);
    CHECK_FALSE(TimeZone::parse_rule("X1").valid);

    const auto paris = zone("Europe/Paris");
    CHECK(paris->instant_of(2026, 7, 1, 9) == at(2026, 7, 1, 7));
    // 02:30 does not happen on 2026-03-29: it is taken as 03:30 CEST (01:30 UTC).
    CHECK(paris->instant_of(2026, 3, 29, 2) == at(2026, 3, 29, 1));
    // 02:00 happens twice on 2026-10-25: the first (CEST, 00:00 UTC).
    CHECK(paris->instant_of(2026, 10, 25, 2) == at(2026, 10, 25, 0));
}

TEST_CASE("reminders: the window from the chosen hour (07:00 for a night hour) to 22:00, next due") {
    CHECK(send_hour(9) == 9);
    CHECK(send_hour(21) == 21);
    CHECK(send_hour(22) == 7);
    CHECK(send_hour(0) == 7);
    CHECK(send_hour(6) == 7);
    const auto ny = zone("America/New_York");
    CHECK_FALSE(sendable_day(*ny, at(2026, 11, 29, 13, 59), 9));
    CHECK(sendable_day(*ny, at(2026, 11, 29, 14, 0), 9) == std::optional<std::string>("2026-11-29"));
    CHECK(sendable_day(*ny, at(2026, 11, 30, 2, 59), 9) == std::optional<std::string>("2026-11-29"));
    CHECK_FALSE(sendable_day(*ny, at(2026, 11, 30, 3, 0), 9));  // 22:00 in New York
    CHECK(sendable_day(*ny, at(2026, 11, 29, 12, 0), 23) == std::optional<std::string>("2026-11-29"));
    CHECK_FALSE(sendable_day(*ny, at(2026, 11, 29, 11, 59), 23));  // 06:59: night
    const auto tokyo = zone("Asia/Tokyo");
    CHECK_FALSE(sendable_day(*tokyo, at(2026, 11, 29, 14), 9));  // 23:00 in Tokyo

    // Before today's window: its start; inside: now; sent today or past 22:00: tomorrow's.
    CHECK(next_due(*ny, at(2026, 11, 29, 10), 9, std::nullopt) == at(2026, 11, 29, 14));
    CHECK(next_due(*ny, at(2026, 11, 29, 15), 9, std::nullopt) == at(2026, 11, 29, 15));
    CHECK(next_due(*ny, at(2026, 11, 29, 15), 9, "2026-11-29") == at(2026, 11, 30, 14));
    CHECK(next_due(*ny, at(2026, 11, 29, 15), 9, "2026-11-28") == at(2026, 11, 29, 15));
    CHECK(next_due(*ny, at(2026, 11, 30, 3, 30), 9, std::nullopt) == at(2026, 11, 30, 14));
    CHECK(next_due(*tokyo, at(2026, 11, 29, 14), 9, std::nullopt) == at(2026, 11, 30, 0));
    // Across the change to summer time (2026-03-08 in New York): 09:00 EDT is 13:00 UTC.
    CHECK(next_due(*ny, at(2026, 3, 7, 15), 9, "2026-03-07") == at(2026, 3, 8, 13));
}

TEST_CASE("reminders: which reminder, and its words") {
    using K = ReminderKind;
    CHECK(reminder_for(true, true, false, 3) == K::kStreakAtRisk);
    CHECK(reminder_for(true, true, false, 0) == K::kNewDaily);
    CHECK(reminder_for(true, false, false, 3) == K::kNewDaily);
    CHECK(reminder_for(false, true, false, 0) == K::kNone);
    CHECK(reminder_for(false, true, false, 2) == K::kStreakAtRisk);
    CHECK(reminder_for(false, false, false, 2) == K::kNone);
    CHECK(reminder_for(true, true, true, 5) == K::kNone);
    const auto s = reminder_text(K::kStreakAtRisk, 5, "01:00");
    CHECK(s.title == "Your 5-day streak is at risk");
    CHECK(s.body == "Play today's daily before 01:00 your time to keep it.");
    CHECK(s.url == "/#/daily");
    const auto n = reminder_text(K::kNewDaily, 0, "01:00");
    CHECK(n.title == "Today's Pinfall daily is out");
    CHECK(n.body == "A new deal is waiting for you.");
}

}  // namespace reminder_rules_test
