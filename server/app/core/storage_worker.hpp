// The one thread that owns the Store (docs/style.md habit 6: database work never runs on a network
// thread or blocks a strand). Jobs queue up; the worker takes every job waiting, runs the
// writes in one transaction (group commit: one fsync for the batch under synchronous=FULL),
// and only after COMMIT calls each job's completion with its status. Reads run outside
// transactions, in queue order with the writes.
//
// Lazy writes are for data nobody waits on (practice games, guests): the worker lets them
// gather for up to `lazy_delay` (or until an ordinary job arrives) before it commits, so a busy
// server pays one fsync for many of them instead of one for every few. A crash may lose the
// lazy writes of the last lazy_delay; a clean shutdown (the destructor) loses none.
//
// A lost database (a PostgreSQL server stopped or out of reach) makes the worker unavailable:
// the batch in flight fails, and until the connection is back (the worker retries by itself,
// backing off from kRetryMin to kRetryMax) every write and read fails at once with an error,
// never an acknowledgement, while lazy writes are held and committed once it is back (a clean
// shutdown while it is still gone loses them, and says so in the log).
//
// Thread-safety: write(), write_lazy(), read() and available() are safe from any thread.
// Completions run on the worker thread and must only post elsewhere (never block).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "storage/store.hpp"

namespace pinfall::server {

class StorageWorker {
   public:
    using Work = std::function<storage::Status(storage::Store&)>;
    using Done = std::function<void(const storage::Status&)>;

    static constexpr std::chrono::milliseconds kLazyDelay{20};
    static constexpr std::chrono::milliseconds kRetryMin{50};
    static constexpr std::chrono::milliseconds kRetryMax{2000};
    // An idle worker checks the connection this often (a database server gone while nobody
    // writes shows on /healthz all the same).
    static constexpr std::chrono::milliseconds kProbeEvery{1000};

    explicit StorageWorker(std::unique_ptr<storage::Store> store,
                           std::chrono::milliseconds lazy_delay = kLazyDelay);
    ~StorageWorker();  // stop()
    // Finishes every queued job (running its completion), then joins the thread; later jobs
    // are not run. Call it while the objects that completions refer to are still alive.
    void stop();

    // A write joins the next transaction; `done` runs once it is committed (or failed: then
    // the whole batch was rolled back and every job in it gets the error). Each job runs in a
    // savepoint: one that returns a non-error failure (conflict, not found) has its own writes
    // undone while the rest of the batch commits. On PostgreSQL the batch sends some writes
    // ahead without waiting (Store::begin_batch: append_action); one of those refused once
    // sent fails the whole batch with an error instead (docs/storage.md "Group commit").
    void write(Work work, Done done);
    // A write as above that may wait up to lazy_delay for company before its COMMIT.
    void write_lazy(Work work, Done done);
    // A read runs on its own; `done` gets its status.
    void read(Work work, Done done);
    // Runs fn on the worker thread and waits for it (start-up and tests only).
    storage::Status run_sync(const Work& fn);

    // False while the database is out of reach; *reason then says why (for /healthz).
    bool available(std::string* reason = nullptr) const;

    // Number of COMMITs so far and writes they carried (for metrics and benchmarks).
    std::uint64_t commits() const;
    std::uint64_t writes() const;

   private:
    struct Job {
        bool write;
        Work work;
        Done done;
        bool lazy = false;
    };
    void push(Job job, bool lazy);
    void loop();
    void run_writes(std::deque<Job>& jobs);
    void run_read(Job& job);
    // After a failure: true (and the worker unavailable) when the connection is gone.
    bool lost(const storage::Status& st);
    // While unavailable: fails the queued jobs but lazy writes (held), tries to reconnect
    // after the backoff, and requeues the held writes once back.
    // Returns false when the worker should end (stopping, and the database still gone).
    bool recover();
    // Puts jobs back at the front of the queue, in order.
    void requeue_front(std::deque<Job>& jobs);

    std::unique_ptr<storage::Store> store_;
    const std::chrono::milliseconds lazy_delay_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    std::size_t urgent_ = 0;  // jobs in queue_ that are not lazy writes
    std::chrono::steady_clock::time_point first_lazy_{};  // when the oldest queued one came
    bool stopping_ = false;
    bool available_ = true;
    std::string unavailable_reason_;
    std::deque<Job> held_;  // lazy writes kept while the database is out of reach
    std::chrono::milliseconds retry_ = kRetryMin;
    std::chrono::steady_clock::time_point next_retry_{};
    std::uint64_t commits_ = 0;
    std::uint64_t writes_ = 0;
    std::thread thread_;
};

}  // namespace pinfall::server
