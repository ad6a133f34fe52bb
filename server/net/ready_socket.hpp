// A connection's TCP socket as the WebSocket stream's next layer, reading only after the kernel
// said data came. Asio 1.74 starts every read with a speculative recvmsg: for a client that
// waits for each reply before it sends again, that first attempt finds nothing (EAGAIN) and
// costs a system call a message (a third of the playing path's calls; docs/benchmarks.md).
// ReadySocket keeps a readiness wait (async_wait(wait_read)) outstanding instead, and reads when
// that wait completes, or at once when it cannot know the socket is empty.
//
// Why no edge is lost: Asio registers the socket with epoll edge-triggered, and a readiness
// event that finds no wait queued is dropped. So the wait is queued before every recv, and the
// socket is only left to the wait after a recv came back short (fewer bytes than asked for,
// hence nothing left then) or with EAGAIN: any byte that arrives after that recv raises a new
// event, which finds the wait queued. Data that arrived before the recv is read by it.
//
// Contract: the AsyncReadStream / AsyncWriteStream concepts, with at most one read in flight
// (Beast's websocket::stream serializes its reads). A read's handler runs on the socket's
// executor (the connection's strand), never inside async_read_some. Writes go straight to the
// socket. Thread-safety: as the socket's: every call on the connection's strand.
// Ownership: the socket is a member; the outstanding wait holds only the shared Waiter, so a
// ReadySocket may be destroyed (it closes the socket) with a wait outstanding.
#pragma once

#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/websocket/teardown.hpp>

#include <cstddef>
#include <memory>
#include <utility>

#include "server/net/stream_types.hpp"

namespace pinfall::server::net {

class ReadySocket {
   public:
    using executor_type = ConnStrand;
    using next_layer_type = ConnSocket;
    using lowest_layer_type = ConnSocket::lowest_layer_type;

    // Takes an open, connected socket (sets it non-blocking: reads never wait in the kernel).
    explicit ReadySocket(ConnSocket&& socket);
    ~ReadySocket();  // closes the socket: the outstanding wait completes, aborted
    ReadySocket(const ReadySocket&) = delete;
    ReadySocket& operator=(const ReadySocket&) = delete;

    executor_type get_executor() noexcept { return socket_.get_executor(); }
    ConnSocket& next_layer() noexcept { return socket_; }
    const ConnSocket& next_layer() const noexcept { return socket_; }
    lowest_layer_type& lowest_layer() noexcept { return socket_.lowest_layer(); }
    // Closes the socket; a read in flight completes with operation_aborted.
    void close(boost::system::error_code& ec) { socket_.close(ec); }

    template <class MutableBuffers, class ReadHandler>
    auto async_read_some(const MutableBuffers& buffers, ReadHandler&& handler) {
        return boost::asio::async_initiate<ReadHandler,
                                           void(boost::system::error_code, std::size_t)>(
            [this](auto&& h, const MutableBuffers& b) {
                start_read(std::make_unique<PendingImpl<MutableBuffers, std::decay_t<decltype(h)>>>(
                    b, std::forward<decltype(h)>(h)));
            },
            handler, buffers);
    }

    template <class ConstBuffers, class WriteHandler>
    auto async_write_some(const ConstBuffers& buffers, WriteHandler&& handler) {
        return socket_.async_write_some(buffers, std::forward<WriteHandler>(handler));
    }

   private:
    // A read waiting for data: its buffers and its handler, behind one virtual interface.
    struct Pending {
        virtual ~Pending() = default;
        // recvmsg into the buffers; n bytes, or an error (would_block: nothing there).
        virtual std::size_t receive(ConnSocket& s, boost::system::error_code& ec) = 0;
        virtual std::size_t size() const = 0;
        // Frees this read, then runs its handler: directly (from a completion on the strand),
        // or posted to the socket's executor (from async_read_some itself).
        virtual void finish(std::unique_ptr<Pending> self, boost::system::error_code ec,
                            std::size_t n, bool post, const executor_type& ex) = 0;
    };

    template <class Buffers, class Handler>
    struct PendingImpl final : Pending {
        PendingImpl(const Buffers& b, Handler&& h) : buffers(b), handler(std::move(h)) {}
        std::size_t receive(ConnSocket& s, boost::system::error_code& ec) override {
            return s.receive(buffers, 0, ec);
        }
        std::size_t size() const override { return boost::asio::buffer_size(buffers); }
        void finish(std::unique_ptr<Pending> self, boost::system::error_code ec, std::size_t n,
                    bool post, const executor_type& ex) override {
            Handler h = std::move(handler);
            self.reset();  // the memory goes back before the handler may start another read
            if (post) {
                boost::asio::post(ex, boost::beast::bind_front_handler(std::move(h), ec, n));
            } else {
                std::move(h)(ec, n);
            }
        }
        Buffers buffers;
        Handler handler;
    };

    // What the outstanding wait needs after the ReadySocket is gone: whom to tell, if anyone.
    struct Waiter {
        ReadySocket* owner;
    };

    void start_read(std::unique_ptr<Pending> read);
    void arm();                                  // queues the readiness wait if none is
    void on_ready(boost::system::error_code ec);  // the wait completed
    // Receives into the pending read: false when nothing was there (it stays pending).
    bool try_receive(bool post);
    // Ends the pending read with (ec, n).
    void finish(boost::system::error_code ec, std::size_t n, bool post);

    ConnSocket socket_;
    std::shared_ptr<Waiter> waiter_;
    std::unique_ptr<Pending> pending_;
    bool armed_ = false;     // a readiness wait is outstanding
    bool signaled_ = true;   // data may be there: a wait completed or the last recv filled up
};

// Beast's close handshake ends by tearing the TCP connection down; it does that on the socket.
void teardown(boost::beast::role_type role, ReadySocket& socket, boost::system::error_code& ec);

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, ReadySocket& socket,
                    TeardownHandler&& handler) {
    boost::beast::websocket::async_teardown(role, socket.next_layer(),
                                            std::forward<TeardownHandler>(handler));
}

}  // namespace pinfall::server::net
