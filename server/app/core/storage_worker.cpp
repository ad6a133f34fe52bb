#include "server/app/core/storage_worker.hpp"

#include <spdlog/spdlog.h>

#include <future>
#include <utility>

namespace pinfall::server {

StorageWorker::StorageWorker(std::unique_ptr<storage::Store> store,
                             std::chrono::milliseconds lazy_delay)
    : store_(std::move(store)),
      lazy_delay_(lazy_delay),
      thread_([this] { loop(); }) {}

StorageWorker::~StorageWorker() { stop(); }

void StorageWorker::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void StorageWorker::push(Job job, bool lazy) {
    bool wake;
    {
        std::lock_guard lock(mutex_);
        // A lazy job only needs to wake a worker that sleeps on an empty queue (it then waits
        // out the delay); an urgent one ends that wait.
        wake = !lazy || queue_.empty();
        if (queue_.empty()) first_lazy_ = std::chrono::steady_clock::now();
        if (!lazy) ++urgent_;
        queue_.push_back(std::move(job));
    }
    if (wake) wake_.notify_one();
}

void StorageWorker::write(Work work, Done done) {
    push(Job{true, std::move(work), std::move(done)}, false);
}

void StorageWorker::write_lazy(Work work, Done done) {
    push(Job{true, std::move(work), std::move(done), true}, true);
}

void StorageWorker::read(Work work, Done done) {
    push(Job{false, std::move(work), std::move(done)}, false);
}

storage::Status StorageWorker::run_sync(const Work& fn) {
    std::promise<storage::Status> result;
    read([&fn](storage::Store& s) { return fn(s); },
         [&result](const storage::Status& st) { result.set_value(st); });
    return result.get_future().get();
}

bool StorageWorker::available(std::string* reason) const {
    std::lock_guard lock(mutex_);
    if (reason) *reason = unavailable_reason_;
    return available_;
}

std::uint64_t StorageWorker::commits() const {
    std::lock_guard lock(mutex_);
    return commits_;
}

std::uint64_t StorageWorker::writes() const {
    std::lock_guard lock(mutex_);
    return writes_;
}

// Each job runs in a savepoint of the batch's transaction, so that a job failing alone (a
// conflict) takes back its own earlier writes instead of committing half of itself, while the
// rest of the batch commits; an error fails the whole batch. On PostgreSQL the batch sends
// ahead (Store::begin_batch): the savepoints and the writes whose answer nobody reads go
// without waiting, and a failure among them comes back as an error of a later statement or of
// the COMMIT, which fails the batch like any error. A job that returns a conflict has seen it
// in an answer it waited for, so its rollback_to_savepoint() still undoes only its own writes.
void StorageWorker::run_writes(std::deque<Job>& jobs) {
    std::vector<storage::Status> results;
    results.reserve(jobs.size());
    storage::Status batch = store_->begin_batch();
    if (batch.is_ok()) batch = store_->savepoint();
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!batch.is_ok()) {
            results.push_back(batch);
            continue;
        }
        results.push_back(jobs[i].work(*store_));
        const storage::Status& st = results.back();
        if (st.code() == storage::Status::Code::kError) {
            batch = st;
            continue;
        }
        if (!st.is_ok()) {
            if (storage::Status undone = store_->rollback_to_savepoint(); !undone.is_ok()) {
                batch = results.back() = storage::Status::error(undone.message());
                continue;
            }
        }
        // This job's savepoint closes and the next one's opens (sent ahead on PostgreSQL).
        const storage::Status next =
            i + 1 < jobs.size() ? store_->next_savepoint() : store_->release_savepoint();
        if (!next.is_ok()) batch = results.back() = storage::Status::error(next.message());
    }
    if (batch.is_ok()) batch = store_->commit();
    if (!batch.is_ok()) {
        store_->rollback();
        for (auto& r : results) r = batch;
        if (lost(batch)) {
            // Nothing of the batch is kept; lazy writes wait for the database to come back.
            for (auto& job : jobs) {
                if (job.lazy) {
                    held_.push_back(std::move(job));
                } else if (job.done) {
                    job.done(batch);
                }
            }
            return;
        }
    }
    {
        std::lock_guard lock(mutex_);
        ++commits_;
        writes_ += jobs.size();
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (jobs[i].done) jobs[i].done(results[i]);
    }
}

void StorageWorker::run_read(Job& job) {
    storage::Status st = job.work(*store_);
    // A read that met a lost connection may have read nothing without saying so (queries
    // that return optional rows): it failed, whatever it returned.
    if (!store_->db().connected() && st.code() != storage::Status::Code::kError) {
        st = storage::Status::error("database connection lost");
    }
    lost(st);
    if (job.done) job.done(st);
}

bool StorageWorker::lost(const storage::Status& st) {
    // Conflicts and not-founds are answers of a working database. An error may be the first
    // sign of a lost one (PostgreSQL's last words arrive as the error of the next statement,
    // the connection still counted as up): a round trip tells.
    if (st.code() != storage::Status::Code::kError) return false;
    if (store_->db().connected() && store_->db().ping().is_ok()) return false;
    std::lock_guard lock(mutex_);
    if (available_) spdlog::error("storage: database unavailable: {}", st.message());
    available_ = false;
    unavailable_reason_ = st.message();
    retry_ = kRetryMin;
    next_retry_ = std::chrono::steady_clock::now() + retry_;
    return true;
}

void StorageWorker::requeue_front(std::deque<Job>& jobs) {
    std::lock_guard lock(mutex_);
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it) {
        if (!it->lazy) ++urgent_;
        queue_.push_front(std::move(*it));
    }
    jobs.clear();
}

bool StorageWorker::recover() {
    std::unique_lock lock(mutex_);
    auto fail_queued = [&] {
        std::deque<Job> jobs;
        jobs.swap(queue_);
        urgent_ = 0;
        const storage::Status error =
            storage::Status::error("database unavailable: " + unavailable_reason_);
        lock.unlock();
        for (auto& job : jobs) {
            if (job.lazy) {
                held_.push_back(std::move(job));
            } else if (job.done) {
                job.done(error);
            }
        }
        lock.lock();
    };
    fail_queued();
    if (!stopping_) {
        wake_.wait_until(lock, next_retry_, [this] { return stopping_ || !queue_.empty(); });
        if (!stopping_ && std::chrono::steady_clock::now() < next_retry_) return true;
    }
    lock.unlock();
    const storage::Status back = store_->db().reconnect();
    lock.lock();
    if (back.is_ok()) {
        spdlog::info("storage: database reachable again; {} held writes follow", held_.size());
        available_ = true;
        unavailable_reason_.clear();
        lock.unlock();
        requeue_front(held_);
        return true;
    }
    retry_ = std::min(retry_ * 2, kRetryMax);
    next_retry_ = std::chrono::steady_clock::now() + retry_;
    if (!stopping_) return true;
    fail_queued();
    spdlog::error("storage: stopping with the database unavailable: {} lazy writes lost",
                  held_.size());
    const storage::Status error = storage::Status::error("database unavailable at shutdown");
    lock.unlock();
    for (auto& job : held_) {
        if (job.done) job.done(error);
    }
    held_.clear();
    return false;
}

void StorageWorker::loop() {
    while (true) {
        if (!available()) {
            if (!recover()) return;
            continue;
        }
        std::deque<Job> batch;
        {
            std::unique_lock lock(mutex_);
            const bool woke = wake_.wait_for(lock, kProbeEvery,
                                             [this] { return stopping_ || !queue_.empty(); });
            if (!woke) {
                // Idle: make sure the database is still there.
                lock.unlock();
                lost(store_->db().ping());
                continue;
            }
            if (queue_.empty()) return;  // stopping, and nothing left
            if (urgent_ == 0) {
                // Only lazy writes: let more gather, unless something urgent comes first.
                wake_.wait_until(lock, first_lazy_ + lazy_delay_,
                                 [this] { return stopping_ || urgent_ > 0; });
            }
            batch.swap(queue_);
            urgent_ = 0;
        }
        // Keep queue order: consecutive writes share a transaction; a read runs between them.
        std::deque<Job> writes;
        while (!batch.empty() && available()) {
            Job job = std::move(batch.front());
            batch.pop_front();
            if (job.write) {
                writes.push_back(std::move(job));
                continue;
            }
            if (!writes.empty()) {
                run_writes(writes);
                writes.clear();
                if (!available()) {
                    batch.push_front(std::move(job));
                    break;
                }
            }
            run_read(job);
        }
        if (!writes.empty() && available()) {
            run_writes(writes);
            writes.clear();
        }
        // The database went away mid-batch: what is left goes back to the queue, to be
        // failed (or held, lazy writes) while it is gone.
        for (auto it = writes.rbegin(); it != writes.rend(); ++it) batch.push_front(std::move(*it));
        if (!batch.empty()) requeue_front(batch);
    }
}

}  // namespace pinfall::server
