// The analysis of every finished ranked game (issue 27, docs/integrity.md): the clairvoyance
// statistic of engine/integrity.hpp, computed off the request path on a pool of idle priority
// (a thread that runs only when a core has nothing else to do), one game at a time. Waiting
// games are taken newest day first and, within a day, best score first: a day's top results
// are judged before the rest, whatever the backlog.
//
// For each game, in one transaction: its evidence is stored; when the game alone passes its
// thresholds its result goes under review (case reason "statistic"); when the player's last
// seven analysed games of the ruleset pass the week's thresholds, every clean result among
// them goes under review (reason "week"). A result under review leaves the boards on every
// node (ReviewNews). A game with evidence already (another node analysed it) is skipped.
//
// Thread-safety: every member is safe from any thread. Its collaborators outlive it; stop the
// pool and the storage worker's users in App's order (the pool first).
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <queue>
#include <string>
#include <vector>

#include "server/app/coach/analysis_pool.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/inbox/inbox.hpp"
#include "server/app/integrity/review_news.hpp"
#include "storage/integrity.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

// Where a waiting game stands in the queue.
struct AnalysisKey {
    std::string day;  // the UTC day it belongs to (a league or arena game's: its finish's)
    bool daily = false;  // a daily attempt: the day's board comes first
    int score = 0;
    storage::Millis finished_at = 0;
};
// True when a is analysed before b: newest day first, then the day's daily attempts before its
// league and arena games (an arena finishes games far faster than one thread analyses them),
// then best score, then earlier finish.
bool analysed_first(const AnalysisKey& a, const AnalysisKey& b);

class IntegrityKeeper {
   public:
    struct Deps {
        AnalysisPool& pool;  // of idle priority
        StorageWorker& storage;
        ReviewNews& news;
        const Clock& clock;
        Metrics& metrics;
        Inbox& inbox;  // tells a player their result went under review
    };
    explicit IntegrityKeeper(Deps d) : d_(d) {}

    // A ranked game (daily or league) finished: queues its analysis.
    void game_finished(const storage::GameRow& row);
    // Queues the finished ranked games without evidence (IntegrityStore::unanalysed, read at
    // start: games a restart interrupted, or another node's).
    void queue_backlog(const std::vector<storage::PendingGame>& games);
    // Games waiting or in analysis.
    std::size_t pending() const;

   private:
    struct Item {
        storage::GameRowId game = 0;
        AnalysisKey key;
        std::chrono::steady_clock::time_point queued_at;
    };
    // priority_queue's "less": a waits behind b.
    struct Later {
        bool operator()(const Item& a, const Item& b) const {
            return analysed_first(b.key, a.key);
        }
    };
    void push(Item item);
    void next();  // starts the next analysis unless one runs
    void analyse(const Item& item);
    void done(const Item& item, bool analysed);

    Deps d_;
    mutable std::mutex mutex_;
    std::priority_queue<Item, std::vector<Item>, Later> queue_;
    bool running_ = false;
    bool stopped_ = false;  // the pool refused a job: it is stopping, the queue stays as it is
};

}  // namespace pinfall::server
