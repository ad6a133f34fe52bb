// One WebSocket connection: reads text messages and hands them to the application Client,
// keeps exactly one write in flight with a bounded queue (a slow consumer is disconnected,
// never buffered without bound), applies the per-connection rate limit, and keeps idle
// connections alive or drops them when IdleSweep asks (check_idle). Messages over the size
// limit are closed with 1009.
//
// Keep-alive: Beast's own idle timeout is off. It re-armed a timer on every read (a cancel, a
// new wait and the cancelled wait's completion each message) and kept a wait pending for every
// connection; one sweep over all sessions does the same job (docs/protocol.md, --idle-timeout-ms).
//
// Memory: a message is read in pieces of at most kReadPiece bytes into a buffer that gives back
// anything over kKeepBuffer once the message is handled, so an idle connection holds a small
// read buffer rather than Beast's 1536-byte read size (most requests fit in one piece).
//
// Reads: once a whole message is handled, the next read starts when the write it started ends
// (or, when it started none, from a post to the strand) rather than at once, so that under load
// it finds the next request already there instead of first failing with EAGAIN
// (docs/architecture.md, "Reads"). A client that sends while it does not read its replies is
// thus read no faster than it reads: it stalls, and the idle timeout ends it.
//
// Thread-safety: every handler runs on the connection's strand; send() and close_going_away()
// are safe from any thread (they post to the strand).
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "server/app/front/client.hpp"
#include "server/app/front/front_door.hpp"
#include "server/app/core/outbox.hpp"
#include "server/net/connection_limiter.hpp"
#include "server/net/limits.hpp"
#include "server/net/session_set.hpp"
#include "server/net/stream_types.hpp"

namespace pinfall::server::net {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

// The close code of a connection whose player another node serves now (docs/protocol.md).
inline constexpr std::uint16_t kCloseMoved = 4001;
// The close code of a banned player's connections (docs/protocol.md "Moderation").
inline constexpr std::uint16_t kCloseBanned = 4003;

class WsSession : public Outbox, public std::enable_shared_from_this<WsSession> {
   public:
    static constexpr std::size_t kReadPiece = 128;
    static constexpr std::size_t kKeepBuffer = 512;

    WsSession(ConnSocket&& socket, ConnectionLimiter::Ticket ticket, std::uint64_t id,
              const Limits& limits, FrontDoor& front, SessionSet& sessions);
    ~WsSession() override;

    // Completes the handshake for an upgrade request already read by the HTTP session.
    void run(http::request<http::string_body> req);

    void send(Message text) override;
    std::uint64_t connection_id() const override { return id_; }
    void close_going_away();
    void close_moved() override;
    void close_banned() override;
    // From any thread (IdleSweep): on the strand, a connection that has received nothing for
    // half the idle timeout gets a ping; one silent for the whole idle timeout is dropped.
    void check_idle();

   private:
    void on_accept(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void on_message(std::chrono::steady_clock::time_point received);
    bool admit_message();  // the rate limit
    void on_send(Message text);
    void do_write();
    void on_write(beast::error_code ec, std::size_t bytes);
    void start_close();
    void close_with(std::uint16_t code);
    void fail(beast::error_code ec, const char* what);

    websocket::stream<ConnSocket> ws_;
    beast::flat_buffer buffer_;
    std::vector<Message> queue_;  // front is in flight while writing_
    bool writing_ = false;
    bool read_after_write_ = false;  // the next read starts when the write in flight ends
    bool closing_ = false;  // shutdown or "moved": close once the queue drains
    std::uint16_t close_code_ = websocket::close_code::going_away;  // start_close's reason
    bool open_ = false;     // handshake done, not yet failed or closed
    bool counted_ = false;  // included in the connections gauge
    ConnectionLimiter::Ticket ticket_;
    const std::uint64_t id_;
    const Limits& limits_;
    Metrics& metrics_;
    SessionSet& sessions_;
    Client client_;
    std::chrono::steady_clock::time_point last_received_{};  // data or a control frame
    bool pinging_ = false;                                   // a keep-alive ping in flight
    std::chrono::steady_clock::time_point window_start_{};
    unsigned window_count_ = 0;
};

}  // namespace pinfall::server::net
