// Where the application layer sends text to one connection. The network layer implements it;
// the application layer knows nothing of Beast (docs/style.md habit 5).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace pinfall::server {

using Message = std::shared_ptr<const std::string>;

class Outbox {
   public:
    virtual ~Outbox() = default;
    // Queues text for the connection. Thread-safe: may be called from any thread; the
    // implementation dispatches onto its connection's Strand (inline when called on that
    // io_context's thread, so messages sent in turn from one thread keep their order). A closed
    // connection drops it.
    virtual void send(Message text) = 0;
    // A number unique to this connection, for logs.
    virtual std::uint64_t connection_id() const = 0;
    // Closes the connection once its queued messages are sent, with close code 4001 "moved":
    // its player is served by another node now (docs/protocol.md, docs/scaling.md); the client
    // reconnects. Thread-safe.
    virtual void close_moved() {}
    // Closes the connection once its queued messages are sent, with close code 4003 "banned":
    // a moderator banned its player (docs/protocol.md "Moderation"). Thread-safe.
    virtual void close_banned() {}
};

inline Message make_message(std::string text) {
    return std::make_shared<const std::string>(std::move(text));
}

}  // namespace pinfall::server
