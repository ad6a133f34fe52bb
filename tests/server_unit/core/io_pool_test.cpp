// IoPool: each io_context's handlers run on one thread of its own, never two at once, in the
// order they were posted (the strand guarantee the server's Strand relies on); next() deals the
// io_contexts in turn; an idle io_context keeps running until release(), so a connection placed
// on it later is served; stop() returns at once and destroy_pending() frees what was queued.
#include "server/app/core/io_pool.hpp"

#include <boost/asio/post.hpp>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

using pinfall::server::IoPool;
using pinfall::server::Strand;
constexpr auto kWait = std::chrono::seconds(20);

const void* context_of(const Strand& ex) { return &ex.context(); }

}  // namespace

TEST_CASE("IoPool deals its io_contexts in turn", "[io_pool]") {
    IoPool pool(3);
    REQUIRE(pool.size() == 3);
    std::vector<const void*> dealt;
    for (int i = 0; i < 7; ++i) dealt.push_back(context_of(pool.next()));
    CHECK(dealt[0] == &pool.main());
    CHECK(std::set<const void*>(dealt.begin(), dealt.begin() + 3).size() == 3);
    CHECK(dealt[3] == dealt[0]);
    CHECK(dealt[4] == dealt[1]);
    CHECK(dealt[5] == dealt[2]);
    CHECK(dealt[6] == dealt[0]);
}

TEST_CASE("IoPool runs each io_context's handlers on one thread, one at a time, in order",
          "[io_pool]") {
    IoPool pool(3);
    const std::vector<Strand> executors{pool.next(), pool.next(), pool.next()};
    struct Seen {
        std::atomic<int> inside{0};
        std::atomic<bool> overlapped{false};
        std::mutex mutex;
        std::set<std::thread::id> threads;
        std::map<int, std::vector<int>> order;  // poster -> its sequence numbers, as run
    };
    std::vector<Seen> seen(executors.size());
    constexpr int kPosters = 2, kEach = 3000;
    std::thread runner([&] { pool.run(); });
    std::vector<std::thread> posters;
    for (int p = 0; p < kPosters; ++p) {
        posters.emplace_back([&, p] {
            for (int n = 0; n < kEach; ++n) {
                const std::size_t k = static_cast<std::size_t>(n) % executors.size();
                boost::asio::post(executors[k], [&s = seen[k], p, n] {
                    if (s.inside.fetch_add(1) != 0) s.overlapped = true;
                    {
                        std::lock_guard lock(s.mutex);
                        s.threads.insert(std::this_thread::get_id());
                        s.order[p].push_back(n);
                    }
                    s.inside.fetch_sub(1);
                });
            }
        });
    }
    for (auto& t : posters) t.join();
    pool.release();  // run() returns once every handler has run
    auto done = std::async(std::launch::async, [&] { runner.join(); });
    REQUIRE(done.wait_for(kWait) == std::future_status::ready);

    std::set<std::thread::id> all;
    for (std::size_t k = 0; k < seen.size(); ++k) {
        INFO("io_context " << k);
        CHECK_FALSE(seen[k].overlapped);
        REQUIRE(seen[k].threads.size() == 1);
        all.insert(*seen[k].threads.begin());
        for (int p = 0; p < kPosters; ++p) {
            const auto& run = seen[k].order[p];
            CHECK(run.size() == kEach / executors.size());
            CHECK(std::is_sorted(run.begin(), run.end()));
        }
    }
    CHECK(all.size() == 3);  // a thread each
}

TEST_CASE("An idle io_context of the pool keeps running until release()", "[io_pool]") {
    IoPool pool(2);
    pool.next();
    const Strand second = pool.next();
    std::thread runner([&] { pool.run(); });
    // Nothing to do for a while: a plain io_context's run() would have returned by now.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::promise<std::thread::id> ran;
    boost::asio::post(second, [&] { ran.set_value(std::this_thread::get_id()); });
    auto on = ran.get_future();
    REQUIRE(on.wait_for(kWait) == std::future_status::ready);
    CHECK(on.get() != std::this_thread::get_id());
    pool.release();
    auto done = std::async(std::launch::async, [&] { runner.join(); });
    REQUIRE(done.wait_for(kWait) == std::future_status::ready);
}

TEST_CASE("IoPool::stop returns with handlers queued, and destroy_pending frees them unrun",
          "[io_pool]") {
    IoPool pool(2);
    auto held = std::make_shared<int>(7);
    std::atomic<bool> ran{false};
    pool.stop();
    boost::asio::post(pool.next(), [held, &ran] { ran = true; });
    boost::asio::post(pool.next(), [held, &ran] { ran = true; });
    auto done = std::async(std::launch::async, [&] { pool.run(); });
    REQUIRE(done.wait_for(kWait) == std::future_status::ready);
    CHECK_FALSE(ran);
    CHECK(held.use_count() == 3);
    pool.destroy_pending();
    CHECK(held.use_count() == 1);
    CHECK_FALSE(ran);
}
