#include "server/app/coach/analysis_pool.hpp"

#include <pthread.h>
#include <sched.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

namespace pinfall::server {

AnalysisPool::AnalysisPool(unsigned threads, std::size_t max_queued, Priority priority)
    : max_queued_(max_queued), priority_(priority) {
    threads = std::max(1u, threads);
    threads_.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

AnalysisPool::~AnalysisPool() { stop(); }

bool AnalysisPool::submit(Job job, bool bounded) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || (bounded && bounded_waiting_ >= max_queued_)) return false;
        jobs_.emplace_back(std::move(job), bounded);
        bounded_waiting_ += bounded ? 1 : 0;
    }
    wake_.notify_one();
    return true;
}

std::size_t AnalysisPool::queued() const {
    std::lock_guard lock(mutex_);
    return jobs_.size();
}

void AnalysisPool::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && threads_.empty()) return;
        stopping_ = true;
        jobs_.clear();
        bounded_waiting_ = 0;
    }
    wake_.notify_all();
    for (auto& t : threads_) {
        if (t.joinable()) t.join();
    }
    std::lock_guard lock(mutex_);
    threads_.clear();
}

void AnalysisPool::run() {
    if (priority_ == Priority::kIdle) {
        // Lowering a thread's own policy needs no privilege; should it fail anyway, the work
        // still runs, at normal priority.
        const sched_param none{};
        if (const int err = pthread_setschedparam(pthread_self(), SCHED_IDLE, &none)) {
            spdlog::warn("analysis pool: SCHED_IDLE refused ({}): background jobs run at normal priority", err);
        }
    }
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) return;
            job = std::move(jobs_.front().first);
            bounded_waiting_ -= jobs_.front().second ? 1 : 0;
            jobs_.pop_front();
        }
        try {
            job();
        } catch (const std::exception& e) {
            spdlog::error("analysis job failed: {}", e.what());
        }
    }
}

}  // namespace pinfall::server
