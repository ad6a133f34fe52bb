// Keep-alive for every WebSocket session with one timer: every quarter of the idle timeout it
// asks each open session to check itself (WsSession::check_idle: a ping after half the idle
// timeout without anything received, the connection dropped after the whole of it). A
// connection is dropped between one and one and a quarter idle timeouts after it fell silent.
//
// Beast's per-stream idle timeout did this with a timer per connection, re-armed on every read:
// a pending wait (about 170 bytes) on every idle connection, and a cancel, a new wait and a
// completion on every message (docs/benchmarks.md, "Instructions per action").
//
// Ownership: the caller owns the sweep and the SessionSet; both must outlive the io_context's
// run. Thread-safety: start() and stop() from any thread (they post to the io_context's one
// thread).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>

#include "server/net/session_set.hpp"

namespace pinfall::server::net {

class IdleSweep {
   public:
    IdleSweep(boost::asio::io_context& ioc, SessionSet& sessions,
              std::chrono::milliseconds idle_timeout);

    void start();
    // Cancels the timer: no sweep after this (shutdown).
    void stop();

   private:
    void arm();

    boost::asio::steady_timer timer_;  // on the io_context (run by one thread: IoPool)
    SessionSet& sessions_;
    const std::chrono::milliseconds period_;
    bool stopped_ = false;
};

}  // namespace pinfall::server::net
