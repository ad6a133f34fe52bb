#include "server/net/idle_sweep.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "server/net/ws_session.hpp"

namespace pinfall::server::net {

IdleSweep::IdleSweep(boost::asio::io_context& ioc, SessionSet& sessions,
                     std::chrono::milliseconds idle_timeout)
    : timer_(ioc),
      sessions_(sessions),
      // A quarter of the timeout: late by at most that much. At least 10 ms, so that a tiny
      // test value cannot spin the loop.
      period_(std::max(std::chrono::milliseconds(10), idle_timeout / 4)) {}

void IdleSweep::start() {
    boost::asio::post(timer_.get_executor(), [this] { arm(); });
}

void IdleSweep::stop() {
    boost::asio::post(timer_.get_executor(), [this] {
        stopped_ = true;
        timer_.cancel();
    });
}

void IdleSweep::arm() {
    timer_.expires_after(period_);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || stopped_) return;
        sessions_.for_each([](WsSession& s) { s.check_idle(); });
        arm();
    });
}

}  // namespace pinfall::server::net
