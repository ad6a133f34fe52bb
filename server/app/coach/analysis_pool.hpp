// The analysis pool (issue 16): a few threads of their own that run the coach's hints and
// post-game reviews, and par, off the game strands and the io_context, so a flood of analysis
// requests never slows a game. The queue is bounded: a job that does not fit is refused at once
// (the caller answers analysis_busy) instead of waiting. Each request also pays a per-player
// token from AnalysisLimit (analysis_limit.hpp), so one player cannot fill the queue.
//
// Thread-safety: submit(), queued() and stop() are safe from any thread. Jobs run on the pool's
// threads, each job on one thread; a job must not block on the pool itself.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <utility>
#include <thread>
#include <vector>

namespace pinfall::server {

class AnalysisPool {
   public:
    using Job = std::function<void()>;
    // kIdle: the threads run under SCHED_IDLE, only when a core has nothing else to do, so
    // background work (par of finished games) never takes CPU from the I/O threads or the
    // hints; it waits in the queue while the server is busy.
    enum class Priority { kNormal, kIdle };

    // threads: worker threads (at least 1); max_queued: jobs waiting beyond those running.
    AnalysisPool(unsigned threads, std::size_t max_queued, Priority priority = Priority::kNormal);
    // Stops and joins (stop()).
    ~AnalysisPool();
    AnalysisPool(const AnalysisPool&) = delete;
    AnalysisPool& operator=(const AnalysisPool&) = delete;

    // Queues job. Returns false, and drops it, when max_queued bounded jobs already wait (unless
    // `bounded` is false: the server's own work, par of a finished game, one per game, which
    // must not be lost to a flood of hints, and which never counts against the bound: a
    // player's review is not refused because games just finished) or the pool is stopped. A job that throws is a bug;
    // the exception is logged and the thread goes on.
    bool submit(Job job, bool bounded = true);
    // Jobs waiting (not running).
    std::size_t queued() const;
    // Refuses new jobs, lets the running ones finish, drops the waiting ones, joins the
    // threads. Idempotent.
    void stop();

   private:
    void run();

    const std::size_t max_queued_;
    const Priority priority_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::pair<Job, bool>> jobs_;  // with `bounded`
    std::size_t bounded_waiting_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace pinfall::server
