#include "client/connection.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket.hpp>

namespace pinfall::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Connection::Io {
    asio::io_context ioc;
    std::optional<websocket::stream<beast::tcp_stream>> ws;
    beast::flat_buffer buffer;
};

std::optional<ServerUrl> parse_server_url(std::string_view url, std::string* why) {
    auto refuse = [why](std::string reason) -> std::optional<ServerUrl> {
        if (why) *why = std::move(reason);
        return std::nullopt;
    };
    constexpr std::string_view kScheme = "ws://";
    if (url.rfind("wss://", 0) == 0) return refuse("wss:// is not supported; use ws://");
    if (url.rfind(kScheme, 0) != 0) return refuse("the server URL must start with ws://");
    std::string_view rest = url.substr(kScheme.size());
    ServerUrl out;
    const auto slash = rest.find('/');
    out.path = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
    std::string_view authority = rest.substr(0, slash);
    std::string_view port;
    if (!authority.empty() && authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return refuse("unclosed '[' in the server URL");
        out.host = std::string(authority.substr(1, close - 1));
        std::string_view after = authority.substr(close + 1);
        if (!after.empty()) {
            if (after.front() != ':') return refuse("junk after the host in the server URL");
            port = after.substr(1);
        }
    } else {
        const auto colon = authority.rfind(':');
        out.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    if (out.host.empty()) return refuse("the server URL names no host");
    if (port.empty()) {
        out.port = "80";
    } else {
        if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos ||
            std::stoi(std::string(port)) > 65535) {
            return refuse("bad port in the server URL");
        }
        out.port = std::string(port);
    }
    return out;
}

Connection::Connection(ServerUrl url, std::chrono::milliseconds timeout)
    : url_(std::move(url)), timeout_(timeout), io_(std::make_unique<Io>()) {}

Connection::~Connection() { close(); }

void Connection::run() {
    io_->ioc.restart();
    io_->ioc.run();
}

void Connection::fail(const char* what, const boost::system::error_code& ec) {
    open_ = false;
    std::string text = std::string(what) + ": ";
    if (ec == beast::error::timeout) {
        text += "timed out";
    } else if (ec == websocket::error::closed && io_->ws) {
        const auto& reason = io_->ws->reason();
        text += "the server closed the connection (code " + std::to_string(reason.code);
        if (!reason.reason.empty()) text += ", " + std::string(reason.reason.c_str());
        text += ")";
    } else {
        text += ec.message();
    }
    if (io_->ws) {
        beast::error_code ignored;
        beast::get_lowest_layer(*io_->ws).socket().close(ignored);
    }
    throw ConnectionError(text);
}

void Connection::open() {
    close();
    io_->ws.emplace(io_->ioc);
    io_->buffer.clear();
    beast::error_code ec;
    tcp::resolver resolver(io_->ioc);
    const auto endpoints = resolver.resolve(url_.host, url_.port, ec);
    if (ec) fail(("cannot resolve " + url_.host).c_str(), ec);

    auto& stream = beast::get_lowest_layer(*io_->ws);
    stream.expires_after(timeout_);
    stream.async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) { ec = e; });
    run();
    if (ec) fail(("cannot connect to " + url_.host + ":" + url_.port).c_str(), ec);

    io_->ws->set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
        req.set(beast::http::field::user_agent, "pinfall-cli/0.1.0");
    }));
    stream.expires_after(timeout_);
    io_->ws->async_handshake(url_.host + ":" + url_.port, url_.path,
                         [&](beast::error_code e) { ec = e; });
    run();
    if (ec) fail("WebSocket handshake failed", ec);
    io_->ws->text(true);
    open_ = true;
}

void Connection::write_text(const std::string& text) {
    beast::error_code ec;
    beast::get_lowest_layer(*io_->ws).expires_after(timeout_);
    io_->ws->async_write(asio::buffer(text), [&](beast::error_code e, std::size_t) { ec = e; });
    run();
    if (ec) fail("sending to the server failed", ec);
}

std::string Connection::read_text() {
    beast::error_code ec;
    io_->buffer.clear();
    beast::get_lowest_layer(*io_->ws).expires_after(timeout_);
    io_->ws->async_read(io_->buffer, [&](beast::error_code e, std::size_t) { ec = e; });
    run();
    if (ec) fail("reading from the server failed", ec);
    return beast::buffers_to_string(io_->buffer.data());
}

Json Connection::request(Json msg) {
    if (!open_) throw ConnectionError("not connected to the server");
    const std::uint64_t id = next_id_++;
    msg["id"] = id;
    write_text(msg.dump());
    while (true) {
        Json reply = Json::parse(read_text(), nullptr, false);
        if (reply.is_discarded() || !reply.is_object()) {
            open_ = false;
            throw ConnectionError("the server sent a message that is not a JSON object");
        }
        const auto re = reply.find("re");
        if (re != reply.end() && re->is_number_unsigned() && re->get<std::uint64_t>() == id) {
            return reply;
        }
        if (re != reply.end() && re->is_null() && reply.value("type", "") == "error") {
            return reply;
        }
    }
}

void Connection::close() {
    if (!io_->ws) return;
    if (open_) {
        beast::error_code ec;
        // A short deadline: closing politely must not hold the user up.
        beast::get_lowest_layer(*io_->ws).expires_after(std::chrono::seconds(2));
        io_->ws->async_close(websocket::close_code::normal, [&](beast::error_code e) { ec = e; });
        run();
    }
    open_ = false;
    beast::error_code ignored;
    beast::get_lowest_layer(*io_->ws).socket().close(ignored);
    io_->ws.reset();
}

}  // namespace pinfall::cli
