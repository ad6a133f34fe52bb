// The server's event loops: `threads` io_contexts, each run by exactly one thread (run()), which
// is what makes each one's executor a Strand (core/strand.hpp). New connections and rooms are
// spread over them by next(); what runs on main() (the listener, the signals, the shutdown
// timer) is placed there by main(). An io_context with nothing to do keeps running until
// release() or stop(): a later connection may be placed on it.
//
// Thread-safety: next(), release() and stop() from any thread; run() once, from one thread;
// destroy_pending() only after run() has returned. The pool outlives everything placed on it.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "server/app/core/strand.hpp"

namespace pinfall::server {

class IoPool {
   public:
    // REQUIRES: threads >= 1.
    explicit IoPool(unsigned threads);
    IoPool(const IoPool&) = delete;
    IoPool& operator=(const IoPool&) = delete;
    ~IoPool();

    // The first io_context: run by the thread that calls run().
    boost::asio::io_context& main() { return *contexts_.front(); }
    unsigned size() const { return static_cast<unsigned>(contexts_.size()); }
    // The executor of the next io_context, in turn: where a new connection or room goes.
    Strand next();

    // Runs the first io_context on the calling thread and each other on a thread of its own;
    // returns when all have returned (after stop(), or after release() once all work is done).
    void run();
    // Lets each io_context's run() return once it has no work left (the pool's own hold ends).
    void release();
    // Makes every io_context's run() return as soon as possible; queued handlers stay queued.
    void stop();
    // Destroys the handlers still queued, while what they refer to still lives (an idle
    // keep-alive HTTP read owns a session that refers to the application, say).
    void destroy_pending();

   private:
    // io_context::shutdown() is protected; destroy_pending() needs it before destruction.
    class Context : public boost::asio::io_context {
       public:
        Context() : boost::asio::io_context(1) {}  // concurrency hint: one thread
        void destroy_pending() { shutdown(); }
    };
    using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;

    std::vector<std::unique_ptr<Context>> contexts_;
    std::mutex guards_mutex_;
    std::vector<Guard> guards_;  // emptied by release()
    std::atomic<unsigned> turn_{0};
};

}  // namespace pinfall::server
