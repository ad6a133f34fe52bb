// pinfall-loadgen: one client connection to the peer under test, over WebSocket (Beast, one
// JSON text message per WebSocket message) or raw TCP (one message per '\n'-terminated line,
// the same bytes without WebSocket framing).
//
// Contract: open() connects to `remote` (from `local`, port chosen by the kernel, when given)
// and, for WebSocket, completes the handshake on `path`; then it calls on_open exactly once
// with the outcome. After a successful open, every message received is passed to on_message
// (the view is valid only during the call) until the connection ends, and then on_closed is
// called exactly once with the reason. send() queues one message; messages are written in
// order, one write in flight. close() ends the connection (a WebSocket close handshake once the
// queued writes are done; for TCP, a shutdown), after which on_closed follows. Single-threaded:
// every call and callback happens on the one thread running the io_context. Handlers must stay
// valid while the link can still call them (the owner outlives the run).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/system/error_code.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pinfall::loadgen {

using boost::system::error_code;
using tcp = boost::asio::ip::tcp;

class Link {
   public:
    struct Handlers {
        std::function<void(error_code)> on_open;
        std::function<void(std::string_view)> on_message;
        std::function<void(error_code)> on_closed;
    };

    virtual ~Link() = default;
    virtual void open(const tcp::endpoint& remote,
                      const std::optional<boost::asio::ip::address>& local, Handlers handlers) = 0;
    virtual void send(std::string text) = 0;
    virtual void close() = 0;
    // Opened and not yet closed.
    virtual bool is_open() const = 0;
};

enum class Transport { kWebSocket, kRawTcp };

std::shared_ptr<Link> make_link(boost::asio::io_context& ioc, Transport transport,
                                std::string path);

}  // namespace pinfall::loadgen
