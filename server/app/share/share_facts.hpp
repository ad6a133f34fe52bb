// What a share card of a finished daily attempt shows (docs/protocol.md "Share cards"), and
// the text of it: the facts are gathered by ShareCards (share_cards.hpp) from storage and the
// day's in-memory board; everything below turns them into words and a layout, as pure
// functions, so a test can read every string a card or a share page will carry.
//
// Before the day's reveal the facts hold nothing of the deals: the score, the marks of the
// frames (X, /, -, digits: what the web's share line shows), the standing and the streak, never
// a card, a play or the record; % of par only once the day is revealed (docs/rules.md, "Par
// and the coach": par says something of the deals).
//
// Pure functions; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/score_sheet.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

inline constexpr int kShareWidth = 1200;
inline constexpr int kShareHeight = 630;

struct ShareFacts {
    std::int64_t game = 0;
    std::string day;          // "YYYY-MM-DD"
    std::string player;       // the name on the board
    int score = 0;
    bool ended_early = false;  // resigned, or ended where it stood at the reveal
    // Per frame: its marks ("X", "7/", "9-", "X9/"; empty when never bowled) and its total
    // (rolls not bowled counting 0, as the score of a game ended early; none for a frame
    // never bowled).
    std::array<std::string, engine::kFrames> marks;
    std::array<std::optional<int>, engine::kFrames> totals;
    std::int64_t rank = 0;      // on the day's board at render time (ties share a rank)
    std::uint64_t total = 0;    // finished attempts on that board
    double percentile = 0;      // 100 x attempts scoring no more / total (docs/protocol.md)
    int streak = 0;             // consecutive days with a finished daily, ending on `day`
    int best_streak = 0;        // the longest such run up to `day`
    bool revealed = false;      // the day is revealed: rank final, par may be shown
    std::optional<int> par;     // the day's par; only when revealed
    bool operator==(const ShareFacts&) const = default;
};

// The day's standing of the attempt, from the in-memory board.
struct ShareStanding {
    std::int64_t rank = 0;
    std::uint64_t total = 0;
    std::uint64_t at_or_below = 0;  // attempts scoring no more than this one, it included
};

// The facts of a finished daily attempt g (REQUIRES: g.mode daily, finished): its frames from
// replaying its actions, its standing, the streak of the player's daily days (any order, may
// repeat; those after g.day are not counted). `par` is dropped unless `revealed`.
ShareFacts share_facts(const storage::GameRow& g, const std::string& player,
                       const ShareStanding& standing, const std::vector<std::string>& daily_days,
                       bool revealed, std::optional<int> par);

// The words of a card, share page and unfurl.
struct ShareText {
    std::string title;        // "Ann Lee: 143 in the Pinfall daily of Sun 29 Nov 2026"
    std::string date;         // "Sun 29 Nov 2026"
    std::string score;        // "143"
    std::string score_note;   // "pins" or "pins, ended early"
    std::string rank;         // "Rank 3 of 17"
    std::string rank_note;    // "so far today" / "final"
    std::string percentile;   // "Percentile 83.3"
    std::string streak;       // "Streak 5 days, best 9" / "Streak 1 day"
    std::string par;          // "112.6% of par (127)"; empty until revealed with a par
    std::string footer;       // before the reveal: when the deals become public
    std::string grid;         // the web's share line: "X 7/ 9- ... = 143"
    std::string description;  // og:description: standing, streak and the grid
};
ShareText share_text(const ShareFacts& f);

// One thing drawn on the card, in pixels of the 1200x630 image.
struct Rgb {
    double r = 0, g = 0, b = 0;  // 0-1
    bool operator==(const Rgb&) const = default;
};
enum class Align { kLeft, kCenter, kRight };
struct CardText {
    std::string text;
    double x = 0, y = 0;  // the baseline's start, centre or end (align)
    double size = 0;      // font size in pixels
    bool bold = false;
    Align align = Align::kLeft;
    Rgb color;
    double max_width = 0;  // > 0: the text shrinks to fit this width
};
struct CardBox {
    double x = 0, y = 0, w = 0, h = 0, radius = 0;
    Rgb fill;
};
struct CardLayout {
    Rgb top, bottom;  // the background's vertical gradient
    std::vector<CardBox> boxes;  // drawn first, in order
    std::vector<CardText> texts;  // then these
};
// Where every string and box of the card goes: the only strings the renderer draws.
CardLayout card_layout(const ShareFacts& f);

// A key for everything the card shows: equal keys, equal images (the cache's key).
std::string share_key(const ShareFacts& f);
// A short version of share_key (16 hex digits) for the image's URL, so a new standing or the
// reveal makes a new URL that chat apps fetch again.
std::string share_version(const ShareFacts& f);

}  // namespace pinfall::server
