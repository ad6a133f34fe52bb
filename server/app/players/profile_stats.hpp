// A player's statistics from their finished games (ranked and practice alike): games,
// truncated average, high game, strike and spare rates per frame, daily streaks and a score
// histogram, every game's score by kind and the last kTrendGames for a chart. Pure; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "protocol/replies.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

inline constexpr int kHistogramBin = 30;  // 0-29, 30-59, ..., 270-300
inline constexpr std::size_t kRecentGames = 10;
inline constexpr std::size_t kTrendGames = 100;  // the scores-over-time chart

// today: "YYYY-MM-DD" (UTC) for the current streak. games: oldest first; those held for review
// (or disqualified) are listed in `recent`, marked, and count in no figure.
protocol::Profile compute_profile(const protocol::PlayerRef& player,
                                  const std::vector<storage::PlayedGame>& games,
                                  const std::string& today);

// Consecutive days with a finished daily attempt. current: the run ending today, or yesterday
// when today's attempt is not finished yet. days: any order, may repeat.
void daily_streaks(std::vector<std::string> days, const std::string& today, int* current,
                   int* longest);

}  // namespace pinfall::server
