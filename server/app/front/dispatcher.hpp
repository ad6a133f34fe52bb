// The front door's request dispatcher: decodes a connection's text, answers hello and ping
// itself, refuses everything else until hello and whenever the session is no longer current
// (SignIn), then hands the request to the first feature whose RequestHandler takes it. One per
// server; every connection's requests go through it.
//
// It is also the end of every connection (ConnectionEnd): what a closed connection held (its
// guest, its player's and guest's holds) is given back here.
//
// Thread-safety: on_* REQUIRE the connection's strand; ended() runs wherever the connection's
// last reference goes (GuestBook and Ownership are thread-safe).
#pragma once

#include <chrono>
#include <memory>
#include <string_view>
#include <vector>

#include "server/app/core/connection.hpp"
#include "server/app/core/request_handler.hpp"

namespace pinfall::server {

class GuestBook;
class Hello;
class SignIn;

class Dispatcher final : public ConnectionEnd {
   public:
    using Received = RequestHandler::Received;

    // handlers: asked in this order (the game actions first: they are most messages). Every
    // reference outlives this object and every connection.
    Dispatcher(Metrics& metrics, AddressBudgets& budgets, GuestBook& guests, Hello& hello,
               SignIn& sign_in, std::vector<RequestHandler*> handlers, int max_json_depth)
        : ground_{metrics, budgets, *this},
          guests_(guests),
          hello_(hello),
          sign_in_(sign_in),
          handlers_(std::move(handlers)),
          max_json_depth_(max_json_depth) {}

    // A new connection's context (its strand: where every call for it runs; address: the peer's
    // address as text, the key of its budgets).
    std::shared_ptr<Connection> connect(Strand strand, const std::string& address) {
        return std::make_shared<Connection>(ground_, std::move(strand), address);
    }

    // One text message from the peer; `self` is the connection's outbox (replies go there).
    void on_text(Connection& c, std::string_view text, const std::shared_ptr<Outbox>& self,
                 Received received);
    // A binary message: refused with an error, the connection stays usable.
    void on_binary(Connection& c, const std::shared_ptr<Outbox>& self);
    // A message dropped by the connection's rate limit.
    void on_rate_limited(Connection& c, const std::shared_ptr<Outbox>& self);

    void ended(Connection& c) override;

   private:
    void handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received);

    ConnectionGround ground_;
    GuestBook& guests_;
    Hello& hello_;
    SignIn& sign_in_;
    const std::vector<RequestHandler*> handlers_;
    const int max_json_depth_;
};

}  // namespace pinfall::server
