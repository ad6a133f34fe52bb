#include "server/net/ws_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/version.hpp"

namespace pinfall::server::net {

namespace {

// The budget key of a peer: its IPv4 address, or the /64 of an IPv6 one (one host usually
// holds a whole /64, so a budget per address there would be no budget).
std::string peer_key(const ConnSocket& socket) {
    boost::system::error_code ec;
    const auto address = socket.remote_endpoint(ec).address();
    if (ec) return "unknown";
    if (address.is_v4()) return address.to_string();
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace

WsSession::WsSession(ConnSocket&& socket, ConnectionLimiter::Ticket ticket,
                     std::uint64_t id, const Limits& limits, FrontDoor& front,
                     SessionSet& sessions)
    : ws_(std::move(socket)),
      ticket_(std::move(ticket)),
      id_(id),
      limits_(limits),
      metrics_(front.metrics),
      sessions_(sessions),
      client_(front.dispatcher, ws_.get_executor(), peer_key(ws_.next_layer())) {}

WsSession::~WsSession() {
    if (counted_) metrics_.connections.fetch_sub(1, std::memory_order_relaxed);
    sessions_.remove(id_);
}

void WsSession::fail(beast::error_code ec, const char* what) {
    // The normal ways a connection ends are not worth a warning.
    if (ec == websocket::error::closed || ec == boost::asio::error::operation_aborted ||
        ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset ||
        ec == beast::error::timeout) {
        spdlog::debug("[c{}] {}: {}", id_, what, ec.message());
        return;
    }
    spdlog::info("[c{}] {}: {}", id_, what, ec.message());
}

void WsSession::run(http::request<http::string_body> req) {
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = limits_.handshake_timeout;
    timeouts.idle_timeout = websocket::stream_base::none();  // IdleSweep's (check_idle)
    timeouts.keep_alive_pings = false;
    ws_.set_option(timeouts);
    // A pong (or a ping, or a close) is a sign of life too. Called within this session's read,
    // on its strand, while the session is alive.
    ws_.control_callback([this](websocket::frame_type, beast::string_view) {
        last_received_ = std::chrono::steady_clock::now();
    });
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, kServerName); }));
    ws_.read_message_max(limits_.max_message_bytes);
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
    if (ec) return fail(ec, "accept");
    open_ = true;
    last_received_ = std::chrono::steady_clock::now();
    counted_ = true;
    metrics_.connections.fetch_add(1, std::memory_order_relaxed);
    sessions_.add(id_, weak_from_this());
    spdlog::debug("[c{}] websocket open", id_);
    do_read();
}

void WsSession::do_read() {
    ws_.async_read_some(buffer_, kReadPiece,
                        beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

bool WsSession::admit_message() {
    if (limits_.msg_rate == 0) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now - window_start_ >= limits_.msg_window) {
        window_start_ = now;
        window_count_ = 0;
    }
    return ++window_count_ <= limits_.msg_rate;
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        open_ = false;
        return fail(ec, "read");
    }
    last_received_ = std::chrono::steady_clock::now();
    if (!ws_.is_message_done()) return do_read();  // the rest of the message is on its way
    on_message(last_received_);
    // The next read starts later, after the handlers already queued and the next epoll_wait: a
    // client that waits for each reply has usually sent its next request by then, and the read
    // finds it at once instead of first failing with EAGAIN (docs/architecture.md, "Reads").
    // With a write in flight (almost always this message's reply), that write's completion
    // comes then anyway and starts the read; otherwise a post does.
    if (writing_) {
        read_after_write_ = true;
    } else {
        boost::asio::post(ws_.get_executor(), [self = shared_from_this()] { self->do_read(); });
    }
}

// received: when the read that completed the message ended (one clock read for both the idle
// sweep and the action's latency).
void WsSession::on_message(std::chrono::steady_clock::time_point received) {
    metrics_.messages_in.fetch_add(1, std::memory_order_relaxed);
    const auto self = shared_from_this();
    if (!admit_message()) {
        // One error per window, then silence: replying to every excess message would let a
        // flooding client amplify its own traffic.
        if (window_count_ == limits_.msg_rate + 1) client_.on_rate_limited(self);
    } else if (!ws_.got_text()) {
        client_.on_binary(self);
    } else {
        const auto data = buffer_.cdata();
        client_.on_text(std::string_view(static_cast<const char*>(data.data()), data.size()),
                        self, received);
    }
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > kKeepBuffer) buffer_.shrink_to_fit();  // after a large message
}

void WsSession::send(Message text) {
    // dispatch: a reply made on this session's strand (a practice game's room shares it) is
    // queued and its write started at once; from any other strand this is a post.
    boost::asio::dispatch(ws_.get_executor(),
                          [self = shared_from_this(), text = std::move(text)]() mutable {
                              self->on_send(std::move(text));
                          });
}

void WsSession::on_send(Message text) {
    if (!open_) return;
    if (queue_.size() >= limits_.write_queue_max) {
        // A consumer this far behind will not catch up; cut it off rather than buffer more.
        spdlog::info("[c{}] write queue full ({} messages): closing slow consumer", id_,
                     queue_.size());
        metrics_.slow_consumers_closed.fetch_add(1, std::memory_order_relaxed);
        open_ = false;
        beast::error_code ignored;
        ws_.next_layer().close(ignored);
        return;
    }
    queue_.push_back(std::move(text));
    if (!writing_) do_write();
}

void WsSession::do_write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(*queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return fail(ec, "write");
    queue_.erase(queue_.begin());
    if (read_after_write_) {
        read_after_write_ = false;
        do_read();
    }
    if (!queue_.empty()) return do_write();
    if (closing_) start_close();
}

void WsSession::check_idle() {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
        if (!self->open_) return;
        const auto silent = std::chrono::steady_clock::now() - self->last_received_;
        if (silent >= self->limits_.idle_timeout) {
            // As Beast's own timeout did: the socket is closed, the pending read ends.
            spdlog::debug("[c{}] idle timeout: nothing received for {} ms", self->id_,
                          std::chrono::duration_cast<std::chrono::milliseconds>(silent).count());
            self->open_ = false;
            beast::error_code ignored;
            self->ws_.next_layer().close(ignored);
            return;
        }
        if (silent < self->limits_.idle_timeout / 2 || self->pinging_ || self->closing_) return;
        self->pinging_ = true;
        self->ws_.async_ping({}, [self](beast::error_code ec) {
            self->pinging_ = false;
            if (ec) self->fail(ec, "ping");
        });
    });
}

void WsSession::close_going_away() { close_with(websocket::close_code::going_away); }

void WsSession::close_moved() { close_with(kCloseMoved); }

void WsSession::close_banned() { close_with(kCloseBanned); }

void WsSession::close_with(std::uint16_t code) {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this(), code] {
        if (!self->open_ || self->closing_) return;
        self->closing_ = true;
        self->close_code_ = code;
        if (!self->writing_) self->start_close();
    });
}

void WsSession::start_close() {
    // The reason's text follows from the code (docs/protocol.md): a session keeps only the code,
    // as a close_reason holds 123 bytes of text room.
    websocket::close_reason reason(static_cast<websocket::close_code>(close_code_));
    if (close_code_ == kCloseMoved) reason.reason = "moved";
    if (close_code_ == kCloseBanned) reason.reason = "banned";
    ws_.async_close(reason, [self = shared_from_this()](beast::error_code ec) {
        if (ec) self->fail(ec, "close");
    });
}

}  // namespace pinfall::server::net
