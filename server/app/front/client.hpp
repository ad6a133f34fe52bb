// The application side of one WebSocket connection, as the network layer holds it: the
// connection's context (identity, strand, budgets) and the server's dispatcher. Knows no Beast.
//
// Thread-safety: every call REQUIRES the connection's strand.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "server/app/front/dispatcher.hpp"

namespace pinfall::server {

class Client {
   public:
    using time_point = std::chrono::steady_clock::time_point;

    // strand: the connection's strand; address: the peer's address as text.
    Client(Dispatcher& dispatcher, Strand strand, const std::string& address)
        : dispatcher_(dispatcher), connection_(dispatcher.connect(std::move(strand), address)) {}

    void on_text(std::string_view text, const std::shared_ptr<Outbox>& self, time_point received) {
        dispatcher_.on_text(*connection_, text, self, received);
    }
    void on_binary(const std::shared_ptr<Outbox>& self) { dispatcher_.on_binary(*connection_, self); }
    void on_rate_limited(const std::shared_ptr<Outbox>& self) {
        dispatcher_.on_rate_limited(*connection_, self);
    }

   private:
    Dispatcher& dispatcher_;
    // Shared with the callbacks in flight: what the connection holds is given back when the
    // last of them is done (Dispatcher::ended).
    std::shared_ptr<Connection> connection_;
};

}  // namespace pinfall::server
