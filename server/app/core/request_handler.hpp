// What each feature folder exports to the front door: the requests it answers. The dispatcher
// (front/dispatcher.hpp) asks each handler in turn; a new feature adds a handler and one line
// there, never a member function of a shared class.
#pragma once

#include <chrono>
#include <memory>

#include "protocol/messages.hpp"
#include "server/app/core/connection.hpp"
#include "server/app/core/outbox.hpp"

namespace pinfall::server {

class RequestHandler {
   public:
    using Received = std::chrono::steady_clock::time_point;

    virtual ~RequestHandler() = default;
    // Returns false, having done nothing, when r is not one of this feature's requests.
    // Otherwise answers r exactly once, now or later (a reply with `re`, or an error), through
    // `self`, and returns true. `received`: when the message was read (latency metrics).
    // REQUIRES: on c's strand, after hello, with c's session current (the dispatcher checks).
    virtual bool handle(Connection& c, const protocol::Request& r,
                        const std::shared_ptr<Outbox>& self, Received received) = 0;
};

}  // namespace pinfall::server
