// Accepts TCP connections on the pool's main io_context and starts an HttpSession for each on
// the pool's next io_context (IoPool::next: the connections are spread over the threads, and
// each stays on its own). Connections over the total or per-address limit are closed at once.
// Running out of file descriptors (or buffers) does not stop the loop: it backs off and retries.
//
// Thread-safety: handlers run on the main io_context's thread; stop() is safe from any thread.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <memory>

#include "server/app/core/io_pool.hpp"
#include "server/net/connection_limiter.hpp"
#include "server/net/http_session.hpp"
#include "server/net/stream_types.hpp"

namespace pinfall::server::net {

class Listener : public std::enable_shared_from_this<Listener> {
   public:
    // Binds and listens; throws boost::system::system_error when the address is unavailable.
    Listener(IoPool& pool, const boost::asio::ip::tcp::endpoint& endpoint,
             NetContext& ctx);

    void run();
    void stop();
    // The bound port (useful with port 0 in tests).
    unsigned short port() const { return acceptor_.local_endpoint().port(); }

   private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, ConnSocket socket);

    IoPool& pool_;
    boost::asio::any_io_executor strand_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer backoff_;
    std::shared_ptr<ConnectionLimiter> limiter_;
    NetContext& ctx_;
    std::uint64_t next_id_ = 1;
    bool stopped_ = false;
};

}  // namespace pinfall::server::net
