// The daily loop's figures for the `daily` reply (docs/protocol.md "The daily loop"): streaks
// and attempts played from the player's stored games, today's standing and distribution and
// the revealed day's recap from the in-memory boards (Leaderboards::summary).
//
// Thread-safety: read_daily_loop runs on the storage worker (it uses the Store);
// fill_daily_loop may be called from any thread and calls `done` on the leaderboards strand.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/replies.hpp"
#include "server/app/boards/leaderboards.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

struct DailyLoopRows {
    std::vector<storage::PlayedGame> games;      // the player's finished games
    std::optional<storage::GameRow> revealed;    // their attempt of the revealed day, if any
};

DailyLoopRows read_daily_loop(storage::Store& st, storage::PlayerId me,
                              const std::string& revealed_day);

// Sets status->loop for player `me` from rows and the boards of status->date (today's
// standing, once status->status is "finished") and status->revealed_date (the recap, when
// the revealed attempt is finished), then runs done. status's other members must be set.
void fill_daily_loop(Leaderboards& boards, std::shared_ptr<DailyLoopRows> rows,
                     storage::PlayerId me, std::shared_ptr<protocol::DailyStatus> status,
                     std::function<void()> done);

}  // namespace pinfall::server
