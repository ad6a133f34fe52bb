// Counts open connections, in total and per remote address, and refuses those over the limits.
// Serial: its state lives on one executor, the listener's (the main io_context's thread).
// try_acquire() REQUIRES running on executor(); a Ticket releases its slot from any thread by
// posting there.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/address.hpp>

#include <cstddef>
#include <map>
#include <memory>

namespace pinfall::server::net {

class ConnectionLimiter : public std::enable_shared_from_this<ConnectionLimiter> {
   public:
    // Holds one connection slot until destroyed. Move-only.
    class Ticket {
       public:
        Ticket() = default;
        Ticket(std::shared_ptr<ConnectionLimiter> owner, boost::asio::ip::address ip)
            : owner_(std::move(owner)), ip_(std::move(ip)) {}
        Ticket(Ticket&&) = default;
        Ticket& operator=(Ticket&& o) noexcept {
            if (this != &o) {
                Ticket released(std::move(*this));
                owner_ = std::move(o.owner_);
                ip_ = o.ip_;
            }
            return *this;
        }
        ~Ticket();

       private:
        std::shared_ptr<ConnectionLimiter> owner_;
        boost::asio::ip::address ip_;
    };

    ConnectionLimiter(boost::asio::any_io_executor strand, std::size_t max_total,
                      std::size_t max_per_ip)
        : strand_(std::move(strand)), max_total_(max_total), max_per_ip_(max_per_ip) {}

    const boost::asio::any_io_executor& executor() const { return strand_; }
    // A ticket for a new connection from ip, or an empty ticket (false) when over a limit.
    bool try_acquire(const boost::asio::ip::address& ip, Ticket* ticket);

   private:
    void release(const boost::asio::ip::address& ip);

    boost::asio::any_io_executor strand_;
    std::size_t max_total_;
    std::size_t max_per_ip_;
    std::size_t total_ = 0;
    std::map<boost::asio::ip::address, std::size_t> per_ip_;
};

}  // namespace pinfall::server::net
