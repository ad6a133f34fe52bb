// AnalysisPool (server/app/coach/analysis_pool.hpp): the bound refuses requests beyond max_queued
// waiting ones, and the server's own unbounded jobs (par) neither are refused nor take a
// request's place in the queue.
#include "server/app/coach/analysis_pool.hpp"

#include <sched.h>

#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

using pinfall::server::AnalysisPool;

TEST_CASE("analysis pool: the bound counts only bounded jobs, every accepted job runs") {
    AnalysisPool pool(1, 1);
    std::promise<void> release;
    std::shared_future<void> gate = release.get_future().share();
    std::atomic<int> ran{0};
    std::promise<void> started;
    // Occupies the one thread until released.
    REQUIRE(pool.submit([&, gate] {
        started.set_value();
        gate.wait();
        ++ran;
    }));
    started.get_future().wait();
    // Par-like jobs: never refused, and they leave the queue's one place to a request.
    for (int i = 0; i < 3; ++i) CHECK(pool.submit([&] { ++ran; }, false));
    CHECK(pool.submit([&] { ++ran; }));        // the one bounded place
    CHECK_FALSE(pool.submit([&] { ++ran; }));  // full
    CHECK(pool.queued() == 4);
    release.set_value();
    for (int i = 0; i < 500 && ran < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    CHECK(ran == 5);
    CHECK(pool.queued() == 0);
    CHECK(pool.submit([&] { ++ran; }));  // the place is free again
    pool.stop();
    CHECK_FALSE(pool.submit([&] { ++ran; }, false));  // stopped: refused
}

TEST_CASE("analysis pool: a pool of idle priority runs its jobs under SCHED_IDLE, a normal one not") {
    // The policy each pool's thread runs its jobs under, read from inside a job.
    auto policy_in = [](AnalysisPool& pool) {
        std::promise<int> seen;
        auto result = seen.get_future();
        REQUIRE(pool.submit([&seen] { seen.set_value(sched_getscheduler(0)); }));
        REQUIRE(result.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
        return result.get();
    };
    AnalysisPool background(1, 4, AnalysisPool::Priority::kIdle);
    AnalysisPool normal(1, 4);
    CHECK(policy_in(background) == SCHED_IDLE);
    CHECK(policy_in(normal) == SCHED_OTHER);
}
