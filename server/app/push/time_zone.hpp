// Time zones of the system's zoneinfo (IANA names: "Europe/Paris", "UTC"), read from its TZif
// files (RFC 8536: versions 1-4, the transitions and the footer's POSIX TZ rule for the
// instants after the last one). The server's players choose one (docs/protocol.md "Reminders
// and settings"); the reminders go by its local hours. libstdc++ 12 has no std::chrono::tzdb,
// and setting TZ for localtime_r would change the whole process, so the files are read here.
//
// Thread-safety: a TimeZone is immutable once loaded (safe from any thread); TimeZones is
// thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace pinfall::server::push {

inline constexpr const char* kZoneInfoDir = "/usr/share/zoneinfo";

// Whether name has the shape of a zone name: 1-64 characters, components of letters, digits,
// '_', '+' and '-' separated by single '/', not starting with "posix/" or "right/" (the
// same zones again, the second counting leap seconds).
bool zone_name_shape(std::string_view name);

// A local date and time.
struct LocalTime {
    int year = 1970, month = 1, day = 1;  // month 1-12, day 1-31
    int hour = 0, minute = 0, second = 0;
    std::string date() const;  // "YYYY-MM-DD"
};

class TimeZone {
   public:
    // The zone `name` from the TZif file dir/name; nullptr when the name has not the shape
    // of one, the file is missing, or it is not a TZif file this reader understands.
    static std::shared_ptr<const TimeZone> load(const std::string& name,
                                                const std::string& dir = kZoneInfoDir);
    // The same from a TZif file's bytes (tests).
    static std::shared_ptr<const TimeZone> parse(const std::string& name, std::string_view tzif);

    // UTC itself, for a zone the zoneinfo no longer has.
    static std::shared_ptr<const TimeZone> utc();

    const std::string& name() const { return name_; }
    // Seconds to add to UTC for local time at the instant (seconds since the epoch).
    int offset_at(std::int64_t unix_seconds) const;
    LocalTime local(std::int64_t unix_seconds) const;
    // The instant (seconds since the epoch) of local date year-month-day at hour:00: the
    // earlier one when the local time happens twice, and for a local time a change of offset
    // skips, the instant as many seconds after the change as the time is into the gap.
    std::int64_t instant_of(int year, int month, int day, int hour) const;

    // A POSIX TZ rule ("CET-1CEST,M3.5.0,M10.5.0/3"), as in a TZif footer.
    struct Rule {
        bool valid = false;
        int std_offset = 0;  // seconds east of UTC
        bool has_dst = false;
        int dst_offset = 0;
        struct When {
            char kind = 'M';  // 'J' (1-365, no Feb 29), 'D' (0-365), 'M' (month.week.day)
            int a = 0, b = 0, c = 0;
            int time = 7200;  // seconds after local midnight, may be negative or above 24 h
        } start, end;
        int offset_at(std::int64_t unix_seconds) const;
    };
    static Rule parse_rule(std::string_view text);

   private:
    std::string name_;
    std::vector<std::int64_t> transitions_;  // ascending
    std::vector<int> offsets_;               // offsets_[i] from transitions_[i] on
    int initial_offset_ = 0;                 // before the first transition
    Rule footer_;
};

// Loaded zones by name, each read once (a name the zoneinfo lacks is looked up again).
class TimeZones {
   public:
    explicit TimeZones(std::string dir = kZoneInfoDir) : dir_(std::move(dir)) {}
    std::shared_ptr<const TimeZone> get(const std::string& name);

   private:
    const std::string dir_;
    std::mutex mutex_;
    std::map<std::string, std::shared_ptr<const TimeZone>> zones_;
};

// Days since 1970-01-01 of a civil date, and back.
std::int64_t days_from_civil(int year, int month, int day);
void civil_from_days(std::int64_t days, int* year, int* month, int* day);

}  // namespace pinfall::server::push
