#include "server/net/ready_socket.hpp"

#include <boost/asio/error.hpp>

#include <cassert>

namespace pinfall::server::net {

ReadySocket::ReadySocket(ConnSocket&& socket)
    : socket_(std::move(socket)), waiter_(std::make_shared<Waiter>(Waiter{this})) {
    boost::system::error_code ignored;
    socket_.non_blocking(true, ignored);
}

ReadySocket::~ReadySocket() {
    waiter_->owner = nullptr;
    boost::system::error_code ignored;
    socket_.close(ignored);
}

void ReadySocket::start_read(std::unique_ptr<Pending> read) {
    assert(!pending_);
    pending_ = std::move(read);
    if (pending_->size() == 0) {
        finish({}, 0, true);
        return;
    }
    if (signaled_) try_receive(true);
    // Else the socket was empty at the last recv and the wait, queued before it, is outstanding.
}

void ReadySocket::arm() {
    if (armed_) return;
    armed_ = true;
    socket_.async_wait(ConnSocket::wait_read,
                       [waiter = waiter_](boost::system::error_code ec) {
                           if (waiter->owner) waiter->owner->on_ready(ec);
                       });
}

void ReadySocket::on_ready(boost::system::error_code ec) {
    armed_ = false;
    if (ec) {
        // Closed or cancelled: a read in flight ends with the wait's error.
        if (pending_) finish(ec, 0, false);
        return;
    }
    signaled_ = true;
    // With no read in flight, the next async_read_some receives (and queues a wait first).
    if (pending_) try_receive(false);
}

bool ReadySocket::try_receive(bool post) {
    arm();  // before the recv: an event after it must find the wait queued
    boost::system::error_code ec;
    const std::size_t n = pending_->receive(socket_, ec);
    if (ec == boost::asio::error::would_block || ec == boost::asio::error::try_again) {
        signaled_ = false;
        return false;
    }
    // A full read may have left more behind; a short one emptied the socket.
    signaled_ = !ec && n == pending_->size();
    finish(ec, n, post);
    return true;
}

void ReadySocket::finish(boost::system::error_code ec, std::size_t n, bool post) {
    Pending* read = pending_.get();
    read->finish(std::move(pending_), ec, n, post, socket_.get_executor());
}

void teardown(boost::beast::role_type role, ReadySocket& socket,
              boost::system::error_code& ec) {
    boost::beast::websocket::teardown(role, socket.next_layer(), ec);
}

}  // namespace pinfall::server::net
