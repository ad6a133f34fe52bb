#include "server/net/connection_limiter.hpp"

#include <boost/asio/post.hpp>

namespace pinfall::server::net {

ConnectionLimiter::Ticket::~Ticket() {
    if (!owner_) return;
    boost::asio::post(owner_->strand_, [owner = owner_, ip = ip_] { owner->release(ip); });
}

bool ConnectionLimiter::try_acquire(const boost::asio::ip::address& ip, Ticket* ticket) {
    if (total_ >= max_total_) return false;
    auto& n = per_ip_[ip];
    if (n >= max_per_ip_) return false;
    ++n;
    ++total_;
    *ticket = Ticket(shared_from_this(), ip);
    return true;
}

void ConnectionLimiter::release(const boost::asio::ip::address& ip) {
    --total_;
    const auto it = per_ip_.find(ip);
    if (it != per_ip_.end() && --it->second == 0) per_ip_.erase(it);
}

}  // namespace pinfall::server::net
