// Stores par with finished games (docs/rules.md "Par and the coach"), off the hot path: the
// solver runs on a pool and the result is written by the storage worker.
// - practice games and closed league rounds' games: when they finish (game_finished), on the
//   background pool, whose thread runs only when a core is idle: par then costs the playing
//   path nothing (docs/benchmarks.md "Server"). While the server is busy the jobs wait; past
//   the background pool's queue they are dropped, and the game gets its par from fill() when
//   its record is shown (a profile's par_pct counts the games whose par is stored);
// - daily games: at their day's reveal (day_revealed, from the DayKeeper), never before, so no
//   message can carry a ranked game's par while its day runs; the day's par and best line are
//   kept with the revealed day;
// - any public game still without one (a league game, a write that failed, a practice game
//   asked for before its job ran) when stored_game shows it (fill).
//
// Thread-safety: every member is safe from any thread. Jobs refer to the pool and the storage
// worker, which outlive it (main.cpp stops the pool first).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "engine/ruleset.hpp"
#include "engine/seed.hpp"
#include "server/app/coach/analysis_pool.hpp"
#include "server/app/core/storage_worker.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

class ParKeeper {
   public:
    // pool: the analysis pool of hints and reviews (day_revealed, fill: someone waits for
    // them); background: a pool of idle priority (game_finished). All outlive this object.
    ParKeeper(AnalysisPool& pool, AnalysisPool& background, StorageWorker& storage)
        : pool_(pool), background_(background), storage_(storage) {}

    // Queues par of a finished game; the row gets it once a core is idle.
    void game_finished(storage::GameRowId game, engine::Ruleset ruleset, const engine::Seed& seed);
    // Queues par of a revealed day (ruleset sackson, the day's seed); done (may be empty) runs
    // with the write's status on the storage worker.
    void day_revealed(const std::string& day, const engine::Seed& seed, storage::Millis now,
                      std::function<void(const storage::Status&)> done = {});
    // Par of a game found without one, computed on the pool and queued for storage; `then`
    // runs on the pool with it, or at once with nullopt when the pool is stopped.
    void fill(storage::GameRowId game, engine::Ruleset ruleset, const engine::Seed& seed,
              std::function<void(std::optional<int>)> then);

   private:
    AnalysisPool& pool_;
    AnalysisPool& background_;
    StorageWorker& storage_;
};

}  // namespace pinfall::server
