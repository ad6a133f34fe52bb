#include "server/app/share/share_facts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "engine/record.hpp"
#include "server/app/core/calendar.hpp"
#include "server/app/players/profile_stats.hpp"

namespace pinfall::server {
namespace {

// One decimal, as the protocol writes percentiles and % of par.
std::string share_one_decimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", std::round(v * 10) / 10);
    return buf;
}

// "Sun 29 Nov 2026" for "2026-11-29"; the date itself when it is not one.
std::string share_long_date(const std::string& day) {
    static constexpr const char* kWeekdays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                              "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const auto start = day_start(day);
    if (!start) return day;
    const auto days = std::chrono::floor<std::chrono::days>(*start);
    const std::chrono::year_month_day ymd{days};
    const std::chrono::weekday wd{days};
    return std::string(kWeekdays[wd.c_encoding()]) + " " +
           std::to_string(static_cast<unsigned>(ymd.day())) + " " +
           kMonths[static_cast<unsigned>(ymd.month()) - 1] + " " +
           std::to_string(static_cast<int>(ymd.year()));
}

constexpr Rgb kShareWhite{1, 1, 1};
constexpr Rgb kShareInk{29 / 255.0, 36 / 255.0, 51 / 255.0};
constexpr Rgb kShareAccent{36 / 255.0, 81 / 255.0, 183 / 255.0};
constexpr Rgb kShareSoft{220 / 255.0, 230 / 255.0, 255 / 255.0};
constexpr Rgb kShareMuted{91 / 255.0, 100 / 255.0, 119 / 255.0};
constexpr Rgb kShareHint{242 / 255.0, 183 / 255.0, 5 / 255.0};

// The marks of a frame spread over its boxes, as the web's sheet does (web/js/sheet_view.js
// frameBoxes): a strike of frames 1-9 sits in the right box, the tenth has three.
std::vector<std::string> share_frame_boxes(const std::string& marks, bool tenth) {
    std::vector<std::string> boxes(tenth ? 3 : 2);
    if (!tenth && marks == "X") {
        boxes[1] = "X";
        return boxes;
    }
    for (std::size_t i = 0; i < boxes.size() && i < marks.size(); ++i) {
        boxes[i] = std::string(1, marks[i]);
    }
    return boxes;
}

}  // namespace

ShareFacts share_facts(const storage::GameRow& g, const std::string& player,
                       const ShareStanding& standing, const std::vector<std::string>& daily_days,
                       bool revealed, std::optional<int> par) {
    ShareFacts f;
    f.game = g.id;
    f.day = g.day;
    f.player = player;
    const auto replayed = engine::replay(engine::Record{g.ruleset, g.seed, g.actions});
    const engine::ScoreSheet& sheet = replayed.game.sheet();
    f.score = g.score;  // as the board shows it (the replay's, for any game stored whole)
    f.ended_early = g.resigned || !sheet.complete();
    // The totals of a game that ended early count the rolls never bowled as 0: the sheet
    // padded with zero rolls gives them (the last bowled frame's total is then the score).
    engine::ScoreSheet padded = sheet;
    while (!padded.complete()) padded.add(0);
    for (int frame = 1; frame <= engine::kFrames; ++frame) {
        f.marks[frame - 1] = sheet.marks(frame);
        if (!f.marks[frame - 1].empty()) f.totals[frame - 1] = padded.frame_total(frame);
    }
    f.rank = standing.rank;
    f.total = standing.total;
    f.percentile = standing.total ? 100.0 * static_cast<double>(standing.at_or_below) /
                                        static_cast<double>(standing.total)
                                  : 0.0;
    std::vector<std::string> days;
    for (const auto& d : daily_days) {
        if (d <= g.day) days.push_back(d);
    }
    days.push_back(g.day);
    daily_streaks(std::move(days), g.day, &f.streak, &f.best_streak);
    f.revealed = revealed;
    if (revealed && par && *par > 0) f.par = par;
    return f;
}

ShareText share_text(const ShareFacts& f) {
    ShareText t;
    t.date = share_long_date(f.day);
    t.score = std::to_string(f.score);
    t.score_note = f.ended_early ? "pins, ended early" : "pins";
    t.title = f.player + ": " + t.score + " in the Pinfall daily, " + t.date;
    t.rank = "Rank " + std::to_string(f.rank) + " of " + std::to_string(f.total);
    t.rank_note = f.revealed ? "final" : "so far today";
    t.percentile = "Percentile " + share_one_decimal(f.percentile);
    t.streak = "Streak " + std::to_string(f.streak) + (f.streak == 1 ? " day" : " days");
    if (f.best_streak > f.streak) t.streak += ", best " + std::to_string(f.best_streak);
    if (f.revealed && f.par) {
        t.par = share_one_decimal(100.0 * f.score / *f.par) + "% of par (" +
                std::to_string(*f.par) + ")";
    }
    if (f.revealed) {
        t.footer = "Final standing. The day's deals are public now: replay them on Pinfall.";
    } else {
        const auto start = day_start(f.day);
        const std::string reveal_day = start ? share_long_date(utc_date(day_end(*start))) : "";
        t.footer = "Everyone plays the same deals. They stay secret until 01:00 UTC, " +
                   reveal_day + ".";
    }
    std::string grid;
    for (const auto& m : f.marks) {
        if (m.empty()) continue;
        if (!grid.empty()) grid += ' ';
        grid += m;
    }
    if (f.ended_early) grid += grid.empty() ? "(resigned)" : " (resigned)";
    t.grid = grid + " = " + t.score;
    t.description = t.rank + " " + t.rank_note + " · " + t.percentile + " · " + t.streak +
                    (t.par.empty() ? "" : " · " + t.par) + ". Pinfall daily " + f.day + ": " +
                    t.grid;
    return t;
}

CardLayout card_layout(const ShareFacts& f) {
    const ShareText t = share_text(f);
    CardLayout l;
    l.top = kShareAccent;
    l.bottom = kShareInk;
    auto text = [&l](std::string s, double x, double y, double size, bool bold, Align align,
                     Rgb color, double max_width = 0) {
        if (s.empty()) return;
        l.texts.push_back(CardText{std::move(s), x, y, size, bold, align, color, max_width});
    };
    text("PINFALL", 60, 92, 40, true, Align::kLeft, kShareWhite);
    text("Daily challenge · " + t.date, 60, 136, 28, false, Align::kLeft, kShareSoft, 560);
    text(f.player, 1140, 92, 34, true, Align::kRight, kShareWhite, 520);
    text(t.score, 60, 336, 200, true, Align::kLeft, kShareWhite, 500);
    text(t.score_note, 66, 384, 30, false, Align::kLeft, kShareSoft);
    text(t.rank, 620, 228, 58, true, Align::kLeft, kShareWhite, 520);
    text(t.rank_note, 622, 266, 26, false, Align::kLeft, kShareSoft);
    text(t.percentile, 620, 322, 36, false, Align::kLeft, kShareWhite, 520);
    text(t.streak, 620, 372, 36, false, Align::kLeft, kShareWhite, 520);
    text(t.par, 620, 420, 36, true, Align::kLeft, kShareHint, 520);

    // The mini score sheet: ten cells on a white strip, frame numbers, marks and totals.
    constexpr double kSheetX = 40, kSheetY = 446, kSheetH = 124, kCell = 112;
    l.boxes.push_back(CardBox{kSheetX, kSheetY, kCell * engine::kFrames, kSheetH, 14, kShareWhite});
    for (int i = 0; i < engine::kFrames; ++i) {
        const double x = kSheetX + kCell * i;
        if (i > 0) l.boxes.push_back(CardBox{x - 1, kSheetY + 10, 2, kSheetH - 20, 0, kShareSoft});
        text(std::to_string(i + 1), x + kCell / 2, kSheetY + 26, 18, false, Align::kCenter,
             kShareMuted);
        const auto boxes = share_frame_boxes(f.marks[i], i == engine::kFrames - 1);
        for (std::size_t b = 0; b < boxes.size(); ++b) {
            const double at = boxes.size() == 3 ? 0.2 + 0.3 * b : 0.32 + 0.38 * b;
            const bool mark = boxes[b] == "X" || boxes[b] == "/";
            text(boxes[b], x + kCell * at, kSheetY + 70, 32, true, Align::kCenter,
                 mark ? kShareAccent : kShareInk);
        }
        if (f.totals[i]) {
            text(std::to_string(*f.totals[i]), x + kCell / 2, kSheetY + 108, 24, false,
                 Align::kCenter, kShareInk);
        }
    }
    text(t.footer, 60, 606, 22, false, Align::kLeft, kShareSoft, 1080);
    return l;
}

std::string share_key(const ShareFacts& f) {
    // The layout's version first: a new design makes new keys, so no old image is served.
    std::string k = "card/1|" + std::to_string(f.game) + '|' + f.day + '|' + f.player + '|' +
                    std::to_string(f.score) + '|' + (f.ended_early ? "e" : "-") + '|';
    for (int i = 0; i < engine::kFrames; ++i) {
        k += f.marks[i] + ':' + (f.totals[i] ? std::to_string(*f.totals[i]) : "") + ',';
    }
    k += '|' + std::to_string(f.rank) + '|' + std::to_string(f.total) + '|' +
         share_one_decimal(f.percentile) + '|' + std::to_string(f.streak) + '|' +
         std::to_string(f.best_streak) + '|' + (f.revealed ? "r" : "-") + '|' +
         (f.par ? std::to_string(*f.par) : "");
    return k;
}

std::string share_version(const ShareFacts& f) {
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a, 64 bits
    for (const unsigned char c : share_key(f)) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace pinfall::server
