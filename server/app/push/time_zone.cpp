#include "server/app/push/time_zone.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace pinfall::server::push {

namespace {

constexpr std::int64_t kDay = 86400;

std::uint32_t be32(std::string_view s, std::size_t at) {
    return (std::uint32_t(std::uint8_t(s[at])) << 24) | (std::uint32_t(std::uint8_t(s[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(s[at + 2])) << 8) | std::uint8_t(s[at + 3]);
}

std::int64_t be64(std::string_view s, std::size_t at) {
    return static_cast<std::int64_t>((std::uint64_t(be32(s, at)) << 32) | be32(s, at + 4));
}

struct Counts {
    std::size_t isut, isstd, leap, time, type, chars;
};

std::optional<Counts> header(std::string_view s, std::size_t at) {
    if (s.size() < at + 44 || s.substr(at, 4) != "TZif") return std::nullopt;
    Counts c{be32(s, at + 20), be32(s, at + 24), be32(s, at + 28),
             be32(s, at + 32), be32(s, at + 36), be32(s, at + 40)};
    if (c.type == 0 || c.type > 256 || c.time > 100000 || c.chars > 100000 || c.leap > 100000) {
        return std::nullopt;
    }
    return c;
}

std::size_t data_size(const Counts& c, std::size_t time_bytes) {
    return c.time * time_bytes + c.time + c.type * 6 + c.chars + c.leap * (time_bytes + 4) +
           c.isstd + c.isut;
}

int days_in_month(int year, int month) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

// Parsing of POSIX TZ text, one piece at a time; `ok` false once anything is off.
struct RuleText {
    std::string_view s;
    std::size_t at = 0;
    bool ok = true;

    bool done() const { return at >= s.size(); }
    char peek() const { return done() ? '\0' : s[at]; }
    bool eat(char ch) {
        if (peek() != ch) return false;
        ++at;
        return true;
    }
    void name() {
        if (eat('<')) {
            const auto end = s.find('>', at);
            if (end == std::string_view::npos) {
                ok = false;
                return;
            }
            at = end + 1;
            return;
        }
        const std::size_t from = at;
        while (!done() && ((peek() >= 'A' && peek() <= 'Z') || (peek() >= 'a' && peek() <= 'z'))) ++at;
        if (at - from < 3) ok = false;
    }
    int number() {
        if (peek() < '0' || peek() > '9') {
            ok = false;
            return 0;
        }
        int v = 0;
        while (peek() >= '0' && peek() <= '9' && v < 100000) v = v * 10 + (s[at++] - '0');
        return v;
    }
    // [+-]hh[:mm[:ss]] in seconds.
    int hms() {
        int sign = 1;
        if (eat('-')) sign = -1;
        else eat('+');
        int v = number() * 3600;
        if (eat(':')) {
            v += number() * 60;
            if (eat(':')) v += number();
        }
        return sign * v;
    }
    TimeZone::Rule::When when() {
        TimeZone::Rule::When w;
        if (eat('J')) {
            w.kind = 'J';
            w.a = number();
            if (w.a < 1 || w.a > 365) ok = false;
        } else if (eat('M')) {
            w.kind = 'M';
            w.a = number();
            if (!eat('.')) ok = false;
            w.b = number();
            if (!eat('.')) ok = false;
            w.c = number();
            if (w.a < 1 || w.a > 12 || w.b < 1 || w.b > 5 || w.c > 6) ok = false;
        } else {
            w.kind = 'D';
            w.a = number();
            if (w.a > 365) ok = false;
        }
        if (eat('/')) w.time = hms();
        return w;
    }
};

// The local midnight (as days since the epoch) of a rule's date in `year`.
std::int64_t rule_day(const TimeZone::Rule::When& w, int year) {
    if (w.kind == 'J') {
        // 1-365, February 29 never counted.
        int day = w.a;
        int month = 1;
        while (day > days_in_month(2001, month)) day -= days_in_month(2001, month++);
        return days_from_civil(year, month, day);
    }
    if (w.kind == 'D') return days_from_civil(year, 1, 1) + w.a;
    const std::int64_t first = days_from_civil(year, w.a, 1);
    const int first_wday = static_cast<int>(((first % 7) + 11) % 7);  // 1970-01-01: Thursday
    int day = 1 + (w.c - first_wday + 7) % 7 + 7 * (w.b - 1);
    while (day > days_in_month(year, w.a)) day -= 7;
    return days_from_civil(year, w.a, day);
}

}  // namespace

std::int64_t days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * static_cast<unsigned>(m + (m > 2 ? -3 : 9)) + 2) / 5 + static_cast<unsigned>(d) - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, int* year, int* month, int* day) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    *year = static_cast<int>(static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2));
    *month = static_cast<int>(m);
    *day = static_cast<int>(d);
}

std::string LocalTime::date() const {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month, day);
    return buf;
}

bool zone_name_shape(std::string_view name) {
    if (name.empty() || name.size() > 64) return false;
    if (name.substr(0, 6) == "posix/" || name.substr(0, 6) == "right/") return false;
    bool component_start = true;
    for (const char ch : name) {
        if (ch == '/') {
            if (component_start) return false;
            component_start = true;
            continue;
        }
        const bool fits = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                          (ch >= '0' && ch <= '9') || ch == '_' || ch == '+' || ch == '-';
        if (!fits) return false;
        component_start = false;
    }
    return !component_start;
}

TimeZone::Rule TimeZone::parse_rule(std::string_view text) {
    Rule r;
    RuleText t{text};
    t.name();
    r.std_offset = -t.hms();
    if (t.ok && !t.done()) {
        t.name();
        r.has_dst = true;
        r.dst_offset = r.std_offset + 3600;
        if (t.ok && t.peek() != ',' && !t.done()) r.dst_offset = -t.hms();
        // Without a rule POSIX leaves the dates to the implementation: the US rules are the
        // usual choice, and no zone's footer omits them.
        if (t.eat(',')) {
            r.start = t.when();
            if (!t.eat(',')) t.ok = false;
            r.end = t.when();
        } else {
            r.start = {'M', 3, 2, 0, 7200};
            r.end = {'M', 11, 1, 0, 7200};
        }
    }
    r.valid = t.ok && t.done();
    return r;
}

int TimeZone::Rule::offset_at(std::int64_t t) const {
    if (!has_dst) return std_offset;
    int year, month, day;
    civil_from_days((t + std_offset) / kDay - ((t + std_offset) % kDay < 0), &year, &month, &day);
    // The change to summer time happens at its local time in standard time, the change back at
    // its local time in summer time.
    const std::int64_t start = rule_day(this->start, year) * kDay + this->start.time - std_offset;
    const std::int64_t end = rule_day(this->end, year) * kDay + this->end.time - dst_offset;
    const bool dst = start < end ? (t >= start && t < end) : (t < end || t >= start);
    return dst ? dst_offset : std_offset;
}

std::shared_ptr<const TimeZone> TimeZone::parse(const std::string& name, std::string_view s) {
    auto c1 = header(s, 0);
    if (!c1) return nullptr;
    const char version = s[4];
    std::size_t at = 44;
    std::size_t time_bytes = 4;
    Counts c = *c1;
    if (version >= '2') {
        // Skip the 32-bit block: the 64-bit one follows with its own header.
        at += data_size(*c1, 4);
        auto c2 = header(s, at);
        if (!c2) return nullptr;
        c = *c2;
        at += 44;
        time_bytes = 8;
    }
    if (s.size() < at + data_size(c, time_bytes)) return nullptr;
    auto zone = std::make_shared<TimeZone>();
    zone->name_ = name;
    std::vector<int> type_offsets(c.type);
    const std::size_t idx_at = at + c.time * time_bytes;
    const std::size_t types_at = idx_at + c.time;
    for (std::size_t i = 0; i < c.type; ++i) {
        type_offsets[i] = static_cast<std::int32_t>(be32(s, types_at + i * 6));
    }
    for (std::size_t i = 0; i < c.time; ++i) {
        const std::int64_t when = time_bytes == 8
                                      ? be64(s, at + i * 8)
                                      : static_cast<std::int32_t>(be32(s, at + i * 4));
        const std::size_t type = std::uint8_t(s[idx_at + i]);
        if (type >= c.type) return nullptr;
        if (!zone->transitions_.empty() && when <= zone->transitions_.back()) return nullptr;
        zone->transitions_.push_back(when);
        zone->offsets_.push_back(type_offsets[type]);
    }
    zone->initial_offset_ = type_offsets[0];
    if (version >= '2') {
        const std::size_t footer = at + data_size(c, 8);
        if (footer < s.size() && s[footer] == '\n') {
            const auto end = s.find('\n', footer + 1);
            if (end != std::string_view::npos && end > footer + 1) {
                zone->footer_ = parse_rule(s.substr(footer + 1, end - footer - 1));
            }
        }
    }
    return zone;
}

std::shared_ptr<const TimeZone> TimeZone::load(const std::string& name, const std::string& dir) {
    if (!zone_name_shape(name)) return nullptr;
    // POSIX reads: a folder ("Europe") is no zone, and no exception may leave here.
    const int fd = ::open((dir + "/" + name).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat st {};
    std::string bytes;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size <= (1 << 20)) {
        bytes.resize(static_cast<std::size_t>(st.st_size));
        std::size_t got = 0;
        while (got < bytes.size()) {
            const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
            if (n <= 0) break;
            got += static_cast<std::size_t>(n);
        }
        bytes.resize(got);
    }
    ::close(fd);
    if (bytes.empty()) return nullptr;
    return parse(name, bytes);
}

std::shared_ptr<const TimeZone> TimeZone::utc() {
    static const std::shared_ptr<const TimeZone> zone = [] {
        auto z = std::make_shared<TimeZone>();
        z->name_ = "UTC";
        return z;
    }();
    return zone;
}

int TimeZone::offset_at(std::int64_t t) const {
    if (transitions_.empty()) return footer_.valid ? footer_.offset_at(t) : initial_offset_;
    if (t < transitions_.front()) return initial_offset_;
    if (t >= transitions_.back() && footer_.valid) return footer_.offset_at(t);
    const auto it = std::upper_bound(transitions_.begin(), transitions_.end(), t);
    return offsets_[static_cast<std::size_t>(it - transitions_.begin()) - 1];
}

LocalTime TimeZone::local(std::int64_t t) const {
    const std::int64_t l = t + offset_at(t);
    std::int64_t days = l / kDay;
    std::int64_t secs = l % kDay;
    if (secs < 0) {
        secs += kDay;
        --days;
    }
    LocalTime out;
    civil_from_days(days, &out.year, &out.month, &out.day);
    out.hour = static_cast<int>(secs / 3600);
    out.minute = static_cast<int>(secs / 60 % 60);
    out.second = static_cast<int>(secs % 60);
    return out;
}

std::int64_t TimeZone::instant_of(int year, int month, int day, int hour) const {
    const std::int64_t l = days_from_civil(year, month, day) * kDay + hour * 3600;
    const int before = offset_at(l - kDay);
    const int after = offset_at(l + kDay);
    std::optional<std::int64_t> best;
    for (const int o : {before, after}) {
        const std::int64_t t = l - o;
        if (t + offset_at(t) == l && (!best || t < *best)) best = t;
    }
    return best ? *best : l - before;
}

std::shared_ptr<const TimeZone> TimeZones::get(const std::string& name) {
    {
        std::lock_guard lock(mutex_);
        if (auto it = zones_.find(name); it != zones_.end()) return it->second;
    }
    // Read outside the lock; two readers of a new name both read it, and one copy stays.
    auto zone = TimeZone::load(name, dir_);
    if (!zone) return nullptr;
    std::lock_guard lock(mutex_);
    return zones_.emplace(name, std::move(zone)).first->second;
}

}  // namespace pinfall::server::push
