#include "server/net/listener.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

namespace pinfall::server::net {

namespace asio = boost::asio;

Listener::Listener(IoPool& pool, const asio::ip::tcp::endpoint& endpoint, NetContext& ctx)
    : pool_(pool),
      strand_(pool.main().get_executor()),
      acceptor_(strand_),
      backoff_(strand_),
      limiter_(std::make_shared<ConnectionLimiter>(strand_, ctx.limits.max_connections,
                                                   ctx.limits.max_connections_per_ip)),
      ctx_(ctx) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Listener::run() {
    asio::post(strand_, [self = shared_from_this()] { self->do_accept(); });
}

void Listener::stop() {
    asio::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
        self->backoff_.cancel();
    });
}

void Listener::do_accept() {
    if (stopped_) return;
    // Each connection lives on one io_context, run by one thread: its handlers never run
    // concurrently.
    acceptor_.async_accept(pool_.next(),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, ConnSocket socket) {
    if (stopped_ || ec == asio::error::operation_aborted) return;
    if (ec) {
        // EMFILE/ENFILE/ENOBUFS/ENOMEM: the process is out of a resource that closing
        // connections will free. Wait, then accept again; never give up the loop.
        spdlog::warn("accept failed: {}; retrying in 100 ms", ec.message());
        backoff_.expires_after(std::chrono::milliseconds(100));
        backoff_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
            if (!wait_ec) self->do_accept();
        });
        return;
    }
    beast::error_code ep_ec;
    const auto remote = socket.remote_endpoint(ep_ec);
    ConnectionLimiter::Ticket ticket;
    if (ep_ec || !limiter_->try_acquire(remote.address(), &ticket)) {
        ctx_.front.metrics.connections_refused.fetch_add(1, std::memory_order_relaxed);
        spdlog::debug("connection from {} refused: over the connection limit",
                      ep_ec ? "?" : remote.address().to_string());
        beast::error_code ignored;
        socket.close(ignored);
        return do_accept();
    }
    const auto id = next_id_++;
    socket.set_option(asio::ip::tcp::no_delay(true), ep_ec);
    std::make_shared<HttpSession>(std::move(socket), std::move(ticket), id, ctx_)->run();
    do_accept();
}

}  // namespace pinfall::server::net
