// The daily loop's part of the `daily` reply (docs/protocol.md "The daily loop"): streaks,
// attempts played, today's standing and score distribution once the attempt is finished, and
// the recap of the last revealed day. Sent only to a connection with a ranked identity (an
// account, or a guest that played the daily). Pure; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace pinfall::protocol {

class JsonWriter;

// A player's place among one day's finished attempts.
struct DayStanding {
    std::int64_t rank = 0;    // 1 + attempts with a higher score (ties share it)
    std::uint64_t total = 0;  // finished attempts of the day
    double percentile = 0;    // 100 x attempts scoring no more than this one / total
};

struct DailyToday {
    DayStanding standing;
    int bin_width = 10;
    std::vector<std::uint64_t> counts;  // attempts per bin: 0-9, 10-19, ..., the last to 300
};

struct DailyRecap {
    std::string date;  // the revealed day
    GameId game = 0;
    int score = 0;
    DayStanding standing;          // final: the day is revealed, no attempt can still finish
    std::optional<int> par;        // the day's par, once computed at the reveal
    std::optional<double> par_pct;  // score / par x 100
    std::string seed;              // the day's seed, 64 hex
    std::string record;            // the attempt's record (engine notation)
    std::string verify;            // "/api/games/<id>/verify"
};

struct DailyLoop {
    int streak = 0;       // consecutive days with a finished attempt, to today or yesterday
    int best_streak = 0;  // the longest such run
    int played = 0;       // finished daily attempts, all days
    std::optional<DailyToday> today;  // only once today's attempt is finished
    std::optional<DailyRecap> recap;  // only when the player finished the revealed day's
};

// Writes the members "streak", "played", "today" and "recap" into the open `daily` object.
void write_daily_loop(JsonWriter& w, const DailyLoop& loop);

}  // namespace pinfall::protocol
