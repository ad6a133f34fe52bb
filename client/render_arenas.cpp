// Text for `pinfall arena` (see render_arenas.hpp).
#include "client/render_arenas.hpp"

#include <cstdio>
#include <ctime>

#include "client/text.hpp"

namespace pinfall::cli {

namespace {

std::string text_of(const Json& j, const char* key, const char* fallback = "?") {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

long long int_of(const Json& j, const char* key, long long fallback = 0) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<long long>() : fallback;
}

std::string plural_of(long long n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// "12:00 UTC" of an RFC 3339 time, with its date when it is not the day of now_ms.
std::string when(const std::string& iso, std::int64_t now_ms) {
    if (iso.size() < 16) return iso;
    const std::time_t now = static_cast<std::time_t>(now_ms / 1000);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char today[16];
    std::strftime(today, sizeof today, "%Y-%m-%d", &tm);
    const std::string day = iso.substr(0, 10);
    return (day == today ? "" : day + " ") + iso.substr(11, 5) + " UTC";
}

std::string entry_text(const Json& a) {
    const std::string entry = text_of(a, "entry", "open");
    if (entry == "registered") return "registered players only";
    if (entry == "league") return "members of league " + std::to_string(int_of(a, "league"));
    return "open";
}

std::string settings(const Json& a) {
    std::string s = text_of(a, "ruleset") + ", " + plural_of(int_of(a, "duration_min"), "minute") + ", ";
    const auto clock = a.find("clock_s");
    s += clock != a.end() && clock->is_number() ? "clock " + std::to_string(clock->get<long long>()) + " s a game"
                                                : "no clock";
    return s + ", " + entry_text(a);
}

// "ends 12:10 UTC (in 9:54)", "starts ...", "ended ...".
std::string timing(const Json& a, std::int64_t now_ms) {
    const std::string status = text_of(a, "status");
    const std::string starts = text_of(a, "starts_at", "");
    const std::string ends = text_of(a, "ends_at", "");
    const auto in = [now_ms](const std::string& iso) {
        const auto at = parse_utc_ms(iso);
        return at && *at > now_ms ? " (in " + countdown_text(*at - now_ms) + ")" : std::string();
    };
    if (status == "upcoming") return "starts " + when(starts, now_ms) + in(starts);
    if (status == "live") return "ends " + when(ends, now_ms) + in(ends);
    return "ended " + when(ends, now_ms);
}

std::string line_row(const Json& l, bool mine) {
    std::string row = pad_left(std::to_string(int_of(l, "rank")), 4);
    row += mine ? " * " : "   ";
    row += pad_right(l.contains("player") ? text_of(l["player"], "name") : "?", 24);
    row += pad_left(std::to_string(int_of(l, "points")), 7);
    row += pad_left(std::to_string(int_of(l, "games")), 7);
    const auto pct = l.find("pct");
    const bool played = int_of(l, "games") > 0 && pct != l.end() && pct->is_number();
    row += pad_left(played ? one_decimal(pct->get<double>()) : "-", 10);
    return row + "\n";
}

}  // namespace

std::optional<std::int64_t> parse_utc_ms(std::string_view t) {
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    char tail[16] = {};
    const std::string text(t);
    if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%15s", &y, &mo, &d, &h, &mi, &s, tail) != 7) {
        return std::nullopt;
    }
    std::string rest = tail;
    int ms = 0;
    if (!rest.empty() && rest[0] == '.') {
        std::size_t i = 1;
        int digits = 0;
        for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9'; ++i, ++digits) {
            if (digits < 3) ms = ms * 10 + (rest[i] - '0');
        }
        for (; digits < 3; ++digits) ms *= 10;
        rest = rest.substr(i);
    }
    if (rest != "Z") return std::nullopt;
    std::tm tm{};
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms;
}

std::string countdown_text(std::int64_t ms) {
    const std::int64_t total = ms <= 0 ? 0 : (ms + 999) / 1000;
    const std::int64_t days = total / 86400;
    const std::int64_t h = total % 86400 / 3600;
    const std::int64_t m = total % 3600 / 60;
    const std::int64_t sec = total % 60;
    char buf[48];
    if (days > 0 || h > 0) {
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(h),
                      static_cast<long long>(m), static_cast<long long>(sec));
    } else {
        std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(m), static_cast<long long>(sec));
    }
    return days > 0 ? plural_of(days, "day") + " " + buf : std::string(buf);
}

std::string render_arena_list(const Json& list, std::int64_t now_ms) {
    std::string out;
    const auto section = [&](const char* key, const char* title, const char* none) {
        out += std::string(title) + ":\n";
        const Json arenas = list.value(key, Json::array());
        if (arenas.empty()) out += std::string("  ") + none + "\n";
        for (const Json& a : arenas) {
            std::string row = pad_left("#" + std::to_string(int_of(a, "id")), 5) + "  ";
            row += pad_right(text_of(a, "name"), 28);
            row += pad_left(plural_of(int_of(a, "players"), "player"), 11) + "  " + timing(a, now_ms);
            out += row + "\n" + std::string(9, ' ') + settings(a) + "\n";
        }
    };
    section("live", "Live now", "none");
    section("upcoming", "Coming up", "none");
    section("finished", "Recently finished", "none");
    return out + "`pinfall arena ID` joins one and plays in it.\n";
}

std::string render_arena_head(const Json& d, std::int64_t now_ms) {
    const Json a = d.value("arena", Json::object());
    std::string out = "Arena " + std::to_string(int_of(a, "id")) + ": " + text_of(a, "name") + " (" +
                      text_of(a, "status") + ", " + plural_of(int_of(a, "players"), "player") + ")\n";
    out += "  " + settings(a) + "\n";
    out += "  " + when(text_of(a, "starts_at", ""), now_ms) + " to " + when(text_of(a, "ends_at", ""), now_ms) + "; " +
           timing(a, now_ms) + "\n";
    if (d.value("joined", false)) out += "  You are in.\n";
    return out;
}

std::string render_arena_points(const Json& g) {
    const long long score = int_of(g, "score");
    const auto par_it = g.find("par");
    const bool has_par = par_it != g.end() && par_it->is_number();
    const long long par = has_par ? par_it->get<long long>() : 0;
    std::string out = "Game " + std::to_string(int_of(g, "n")) + ": " + std::to_string(score);
    if (has_par) {
        out += " against par " + std::to_string(par) + " (" +
               one_decimal(par > 0 ? 100.0 * static_cast<double>(score) / static_cast<double>(par) : 100.0) +
               "% of par)";
    }
    out += ": " + plural_of(int_of(g, "points"), "point");
    if (g.value("doubled", false)) out += " (doubled: on fire)";
    if (g.value("berserk_bonus", false)) out += " (+1 berserk)";
    else if (g.value("berserk", false)) out += " (berserk)";
    return out + "\n";
}

std::string render_arena_standings(const Json& d) {
    const Json lines = d.value("standings", Json::array());
    const long long total = int_of(d, "total");
    const Json me = d.value("me", Json(nullptr));
    const long long mine = me.is_object() && me.contains("player") ? int_of(me["player"], "id", -1) : -1;
    const bool finished = d.contains("arena") && text_of(d["arena"], "status") == "finished";
    std::string out = std::string(finished ? "Final standings" : "Standings") + " (" + plural_of(total, "player") + "):\n";
    if (lines.empty()) return out + "  nobody has joined yet\n";
    out += "Rank   " + pad_right("Name", 24) + " Points  Games  % of par\n";
    bool shown = false;
    for (const Json& l : lines) {
        const bool is_me = l.contains("player") && int_of(l["player"], "id", -2) == mine;
        shown = shown || is_me;
        out += line_row(l, is_me);
    }
    if (total > static_cast<long long>(lines.size())) {
        out += "  ... " + std::to_string(total - static_cast<long long>(lines.size())) + " more\n";
    }
    if (me.is_object() && !shown) out += line_row(me, true);
    return out;
}

std::string render_arena_end(const Json& d) {
    std::string out = "The arena has ended.\nPodium:\n";
    static const char* kPlaces[] = {"1st", "2nd", "3rd"};
    const Json lines = d.value("standings", Json::array());
    for (std::size_t i = 0; i < lines.size() && i < 3; ++i) {
        const Json& l = lines[i];
        out += "  " + std::string(kPlaces[i]) + "  " + pad_right(l.contains("player") ? text_of(l["player"], "name") : "?", 24) +
               " " + plural_of(int_of(l, "points"), "point") + "\n";
    }
    if (lines.empty()) out += "  nobody played\n";
    const Json games = d.value("games", Json::array());
    if (!games.empty()) out += "Your games, revealed:\n";
    for (const Json& g : games) {
        out += "  game " + std::to_string(int_of(g, "n")) + " (game " + std::to_string(int_of(g, "game")) + "): seed " +
               text_of(g, "seed", "(not revealed)") + "\n    `pinfall verify " + std::to_string(int_of(g, "game")) +
               "` replays it\n";
    }
    return out;
}

}  // namespace pinfall::cli
