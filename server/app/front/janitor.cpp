#include "server/app/front/janitor.hpp"

#include <boost/asio/post.hpp>

namespace pinfall::server {

void Janitor::start() {
    boost::asio::post(timer_.get_executor(), [self = shared_from_this()] { self->schedule(); });
}

void Janitor::stop() {
    boost::asio::post(timer_.get_executor(), [self = shared_from_this()] {
        self->stopped_ = true;
        self->timer_.cancel();
    });
}

void Janitor::schedule() {
    if (stopped_) return;
    timer_.expires_after(periods_.every);
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        self->sweep();
        self->schedule();
    });
}

void Janitor::sweep() {
    const auto now = std::chrono::steady_clock::now();
    services_.guests.expire(now - periods_.guest_ttl);
    services_.registry.evict_idle(now - periods_.idle_evict);
    services_.lanes.evict_idle(now - periods_.idle_evict);
    services_.inbox.expire();
}

}  // namespace pinfall::server
