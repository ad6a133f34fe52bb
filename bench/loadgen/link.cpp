// pinfall-loadgen: WebSocket and raw TCP links (see link.hpp for the contract).
#include "link.hpp"

#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <netinet/in.h>

namespace pinfall::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif
// Binding a source address without reserving a port until connect(): many connections share
// each local address, up to the ephemeral range per destination.
using BindNoPort = asio::detail::socket_option::boolean<IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT>;

// Opens `socket`, binds it to `local` if given, connects; calls done(ec).
template <class Done>
void connect_from(tcp::socket& socket, const tcp::endpoint& remote,
                  const std::optional<asio::ip::address>& local, Done done) {
    error_code ec;
    socket.open(remote.protocol(), ec);
    if (!ec && local) {
        socket.set_option(BindNoPort(true), ec);
        if (!ec) socket.bind(tcp::endpoint(*local, 0), ec);
    }
    if (ec) return asio::post(socket.get_executor(), [done, ec] { done(ec); });
    socket.async_connect(remote, std::move(done));
}

class WsLink final : public Link, public std::enable_shared_from_this<WsLink> {
   public:
    WsLink(asio::io_context& ioc, std::string path) : ws_(ioc), path_(std::move(path)) {}

    void open(const tcp::endpoint& remote, const std::optional<asio::ip::address>& local,
              Handlers handlers) override {
        h_ = std::move(handlers);
        host_ = remote.address().to_string() + ":" + std::to_string(remote.port());
        connect_from(ws_.next_layer(), remote, local, [self = shared_from_this()](error_code ec) {
            if (ec) return self->h_.on_open(ec);
            self->ws_.next_layer().set_option(tcp::no_delay(true), ec);
            self->ws_.secure_prng(false);  // masking keys need no CSPRNG in a load generator
            self->ws_.async_handshake(self->host_, self->path_, [self](error_code hec) {
                if (hec) return self->h_.on_open(hec);
                self->open_ = true;
                self->h_.on_open({});
                self->do_read();
            });
        });
    }

    void send(std::string text) override {
        if (!open_) return;
        queue_.push_back(std::move(text));
        if (!writing_) do_write();
    }

    void close() override {
        if (!open_ || closing_) return;
        closing_ = true;
        if (!writing_) start_close();
    }

    bool is_open() const override { return open_; }

   private:
    void do_read() {
        ws_.async_read(buffer_, [self = shared_from_this()](error_code ec, std::size_t) {
            if (ec) return self->finish(ec);
            const auto data = self->buffer_.cdata();
            self->h_.on_message(
                std::string_view(static_cast<const char*>(data.data()), data.size()));
            self->buffer_.consume(self->buffer_.size());
            if (self->open_) self->do_read();
        });
    }

    void do_write() {
        writing_ = true;
        ws_.async_write(asio::buffer(queue_.front()),
                        [self = shared_from_this()](error_code ec, std::size_t) {
                            self->writing_ = false;
                            if (ec) return self->finish(ec);
                            self->queue_.pop_front();
                            if (!self->queue_.empty()) return self->do_write();
                            if (self->closing_) self->start_close();
                        });
    }

    void start_close() {
        ws_.async_close(websocket::close_code::normal,
                        [self = shared_from_this()](error_code ec) {
                            if (ec) self->finish(ec);  // else the pending read ends with closed
                        });
    }

    void finish(error_code ec) {
        if (!open_) return;
        open_ = false;
        h_.on_closed(ec);
    }

    websocket::stream<tcp::socket> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    std::string path_, host_;
    Handlers h_;
    bool open_ = false, writing_ = false, closing_ = false;
};

class TcpLink final : public Link, public std::enable_shared_from_this<TcpLink> {
   public:
    explicit TcpLink(asio::io_context& ioc) : socket_(ioc) {}

    void open(const tcp::endpoint& remote, const std::optional<asio::ip::address>& local,
              Handlers handlers) override {
        h_ = std::move(handlers);
        connect_from(socket_, remote, local, [self = shared_from_this()](error_code ec) {
            if (ec) return self->h_.on_open(ec);
            self->socket_.set_option(tcp::no_delay(true), ec);
            self->open_ = true;
            self->h_.on_open({});
            self->do_read();
        });
    }

    void send(std::string text) override {
        if (!open_) return;
        text += '\n';
        queue_.push_back(std::move(text));
        if (!writing_) do_write();
    }

    void close() override {
        if (!open_) return;
        error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_both, ignored);
    }

    bool is_open() const override { return open_; }

   private:
    void do_read() {
        socket_.async_read_some(
            asio::buffer(chunk_), [self = shared_from_this()](error_code ec, std::size_t n) {
                if (ec) return self->finish(ec);
                self->split(std::string_view(self->chunk_, n));
                if (self->open_) self->do_read();
            });
    }

    // Passes every complete line on; keeps a partial line for the next read.
    void split(std::string_view data) {
        while (!data.empty() && open_) {
            const auto nl = data.find('\n');
            if (nl == std::string_view::npos) {
                partial_.append(data);
                return;
            }
            if (partial_.empty()) {
                h_.on_message(data.substr(0, nl));
            } else {
                partial_.append(data.substr(0, nl));
                h_.on_message(partial_);
                partial_.clear();
            }
            data.remove_prefix(nl + 1);
        }
    }

    void do_write() {
        writing_ = true;
        asio::async_write(socket_, asio::buffer(queue_.front()),
                          [self = shared_from_this()](error_code ec, std::size_t) {
                              self->writing_ = false;
                              if (ec) return self->finish(ec);
                              self->queue_.pop_front();
                              if (!self->queue_.empty()) self->do_write();
                          });
    }

    void finish(error_code ec) {
        if (!open_) return;
        open_ = false;
        h_.on_closed(ec);
    }

    tcp::socket socket_;
    char chunk_[16384];
    std::string partial_;
    std::deque<std::string> queue_;
    Handlers h_;
    bool open_ = false, writing_ = false;
};

}  // namespace

std::shared_ptr<Link> make_link(asio::io_context& ioc, Transport transport, std::string path) {
    if (transport == Transport::kRawTcp) return std::make_shared<TcpLink>(ioc);
    return std::make_shared<WsLink>(ioc, std::move(path));
}

}  // namespace pinfall::loadgen
