#include "server/app/arenas/arena_schedule.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace pinfall::server {

namespace {

// "60m" -> 60 with unit 'm'; nullopt when it is not digits and the unit.
std::optional<int> amount(const std::string& word, char unit) {
    if (word.size() < 2 || word.back() != unit) return std::nullopt;
    int v = 0;
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size() - 1, v);
    if (ec != std::errc() || end != word.data() + word.size() - 1 || v <= 0) return std::nullopt;
    return v;
}

}  // namespace

std::vector<std::int64_t> ArenaSchedule::slots_around(std::int64_t now_ms) const {
    const std::int64_t period = std::int64_t{period_min} * 60'000;
    const std::int64_t duration = std::int64_t{duration_min} * 60'000;
    std::vector<std::int64_t> out;
    const std::int64_t current = now_ms / period * period;
    if (current + duration > now_ms) out.push_back(current);
    out.push_back(current + period);
    return out;
}

std::string ArenaSchedule::slot_key(std::int64_t start_ms) const {
    return "every" + std::to_string(period_min) + "m/" + ruleset + "/" +
           std::to_string(duration_min) + "m" +
           (clock_s ? "/clock" + std::to_string(*clock_s) + "s" : "") + "/" +
           std::to_string(start_ms);
}

std::string ArenaSchedule::name(std::int64_t start_ms) const {
    const std::int64_t minutes = start_ms / 60'000;
    char hhmm[16];
    std::snprintf(hhmm, sizeof hhmm, "%02d:%02d", static_cast<int>(minutes / 60 % 24),
                  static_cast<int>(minutes % 60));
    const char* every = period_min == 60 ? "Hourly" : period_min == 1440 ? "Daily" : "Arena";
    return std::string(every) + " " + ruleset + " " + hhmm + " UTC";
}

std::optional<ArenaSchedule> parse_arena_schedule(std::string_view text, std::string* error) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> w;
    for (std::string word; in >> word;) w.push_back(word);
    ArenaSchedule s;
    const bool shape = (w.size() == 4 || w.size() == 6) && w[0] == "every" &&
                       (w.size() == 4 || w[4] == "clock");
    const auto period = shape ? amount(w[1], 'm') : std::nullopt;
    const auto duration = shape ? amount(w[3], 'm') : std::nullopt;
    const auto clock = shape && w.size() == 6 ? amount(w[5], 's') : std::nullopt;
    if (!period || !duration || (w.size() == 6 && !clock)) {
        *error = "expected \"every <P>m <ruleset> <D>m [clock <S>s]\", e.g. \"every 60m sackson 30m\"";
        return std::nullopt;
    }
    if (w[2] != "sackson" && w[2] != "strict") {
        *error = "the ruleset is sackson or strict";
        return std::nullopt;
    }
    if (*duration < 10 || *duration > 180 || *period < *duration || *period > 7 * 1440 ||
        (clock && (*clock < 60 || *clock > 900))) {
        *error = "duration 10-180 minutes, no longer than the period (at most 7 days); clock 60-900 s";
        return std::nullopt;
    }
    s.period_min = *period;
    s.ruleset = w[2];
    s.duration_min = *duration;
    s.clock_s = clock;
    return s;
}

}  // namespace pinfall::server
