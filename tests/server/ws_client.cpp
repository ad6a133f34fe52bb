#include "ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <functional>
#include <stdexcept>

namespace pinfall::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

struct WsClient::Io {
    asio::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::flat_buffer buffer;
};

WsClient::WsClient(unsigned short port, bool reading, const std::string& path,
                   const std::string& from)
    : io_(std::make_unique<Io>()) {
    asio::ip::tcp::endpoint ep(asio::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(io_->ws).expires_after(5s);
    if (!from.empty()) {
        // Another loopback source address (127.0.0.0/8 is all local on Linux): another peer.
        auto& socket = beast::get_lowest_layer(io_->ws).socket();
        socket.open(asio::ip::tcp::v4());
        socket.bind(asio::ip::tcp::endpoint(asio::ip::make_address(from), 0));
    }
    beast::get_lowest_layer(io_->ws).connect(ep);
    io_->ws.handshake("127.0.0.1:" + std::to_string(port), path);
    beast::get_lowest_layer(io_->ws).expires_never();
    io_->ws.read_message_max(64 * 1024 * 1024);
    if (reading) start_reading();
}

WsClient::~WsClient() {
    beast::error_code ec;
    beast::get_lowest_layer(io_->ws).socket().close(ec);
    io_->ioc.restart();
    io_->ioc.run_for(200ms);
}

void WsClient::start_reading() {
    if (reading_) return;
    reading_ = true;
    do_read();
}

void WsClient::do_read() {
    io_->ws.async_read(io_->buffer, [this](beast::error_code ec, std::size_t) {
        if (ec) {
            closed_ = true;
            close_error_ = ec.message();
            // The peer's close frame may have arrived even when the teardown after it failed
            // (the server resets a socket it stopped reading): keep its code either way.
            close_code_ = io_->ws.reason().code;
            close_reason_.assign(io_->ws.reason().reason.data(), io_->ws.reason().reason.size());
            return;
        }
        inbox_.push_back(beast::buffers_to_string(io_->buffer.data()));
        io_->buffer.consume(io_->buffer.size());
        do_read();
    });
}

bool WsClient::run_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        io_->ioc.restart();
        io_->ioc.run_one_for(deadline - now);
    }
    return true;
}

void WsClient::send_text(const std::string& text) {
    bool done = false;
    beast::error_code result;
    io_->ws.text(true);
    io_->ws.async_write(asio::buffer(text), [&](beast::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    if (!run_until([&] { return done; }, 5s) || result) {
        throw std::runtime_error("write failed: " + result.message());
    }
}

void WsClient::send_fragmented(const std::vector<std::string>& parts) {
    io_->ws.text(true);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        bool done = false;
        beast::error_code result;
        io_->ws.async_write_some(i + 1 == parts.size(), asio::buffer(parts[i]),
                             [&](beast::error_code ec, std::size_t) {
                                 result = ec;
                                 done = true;
                             });
        if (!run_until([&] { return done; }, 5s) || result) {
            throw std::runtime_error("fragment write failed: " + result.message());
        }
    }
}

void WsClient::send_binary(const std::string& bytes) {
    bool done = false;
    io_->ws.binary(true);
    io_->ws.async_write(asio::buffer(bytes), [&](beast::error_code, std::size_t) { done = true; });
    run_until([&] { return done; }, 5s);
    io_->ws.text(true);
}

std::optional<std::string> WsClient::recv(std::chrono::milliseconds timeout) {
    run_until([this] { return !inbox_.empty() || closed_; }, timeout);
    if (inbox_.empty()) return std::nullopt;
    std::string s = std::move(inbox_.front());
    inbox_.pop_front();
    return s;
}

Json WsClient::recv_json(std::chrono::milliseconds timeout) {
    auto text = recv(timeout);
    if (!text) throw std::runtime_error("no message received");
    return Json::parse(*text);
}

Json WsClient::request(Json msg, std::chrono::milliseconds timeout) {
    return await_reply(send_request(std::move(msg)), timeout);
}

std::uint64_t WsClient::send_request(Json msg) {
    const auto id = next_id_++;
    msg["id"] = id;
    send_text(msg.dump());
    return id;
}

Json WsClient::await_reply(std::uint64_t id, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) throw std::runtime_error("no reply to request " + std::to_string(id));
        Json reply = recv_json(left);
        if (reply.contains("re") && reply["re"] == id) return reply;
        others.push_back(std::move(reply));
    }
}

Json WsClient::hello(const std::optional<std::string>& guest) {
    Json msg = {{"type", "hello"}, {"version", 1}};
    if (guest) msg["guest"] = *guest;
    Json reply = request(msg);
    if (reply["type"] != "welcome") throw std::runtime_error("hello refused: " + reply.dump());
    return reply;
}

bool WsClient::wait_closed(std::chrono::milliseconds timeout) {
    start_reading();
    return run_until([this] { return closed_; }, timeout);
}

void WsClient::close() {
    bool done = false;
    io_->ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
    run_until([&] { return done; }, 2s);
}

}  // namespace pinfall::test
