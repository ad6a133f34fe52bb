// Black-box: every limit of the server, with short configured values and generous margins.
#include <catch2/catch.hpp>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <sys/socket.h>

#include <thread>

#include "http_get.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;
namespace asio = boost::asio;

TEST_CASE("a message over the size limit is closed with 1009") {
    ServerProcess server({"--max-message", "1024"});
    WsClient c(server.port());
    c.hello();
    c.send_text(R"({"type":"ping","id":1,"pad":")" + std::string(900, 'x') + "\"}");
    CHECK(c.recv_json()["code"] == "bad_request");  // under the limit: an ordinary error
    c.send_text(R"({"type":"ping","id":2,"pad":")" + std::string(2000, 'x') + "\"}");
    REQUIRE(c.wait_closed(5s));
    INFO("read ended with: " << c.close_error());
    CHECK(c.close_code() == 1009);
}

// The server reads a message in pieces of a few hundred bytes: messages of every size up to the
// limit, one after another on one connection, must each be read whole and answered.
TEST_CASE("messages of any size up to the limit are read whole, one after another") {
    ServerProcess server;  // the default limit, 8 KiB
    WsClient c(server.port());
    c.hello();
    for (const std::size_t spaces : {0, 100, 127, 128, 129, 255, 256, 1000, 5000, 8000}) {
        // JSON whitespace before the closing brace pads a valid ping to the size wanted.
        const std::string id = std::to_string(1000 + spaces);
        c.send_text(R"({"type":"ping","id":)" + id + std::string(spaces, ' ') + "}");
        const Json r = c.recv_json();
        INFO("padding " << spaces);
        CHECK(r["type"] == "pong");
        CHECK(r["re"] == 1000 + spaces);
    }
    // A play answered as usual after the large ones: the buffer went back to its small size
    // with nothing left over from the earlier messages.
    const Json game = c.request({{"type", "practice_start"}, {"seed", std::string(64, '0')}});
    REQUIRE(game["type"] == "game");
    CHECK(c.request({{"type", "stop"}, {"game", game["game"]}})["type"] == "update");
}

// The next read starts when the reply's write ends (docs/architecture.md, "Reads"): requests
// sent back to back, before any reply is read, are each read and answered, in order.
TEST_CASE("requests sent back to back are all answered, in order") {
    ServerProcess server({"--msg-rate", "0"});  // no rate limit: 300 at once
    WsClient c(server.port());
    c.hello();
    const Json game = c.request({{"type", "practice_start"}, {"seed", std::string(64, '0')}});
    REQUIRE(game["type"] == "game");
    for (int i = 0; i < 300; ++i) {
        c.send_text(R"({"type":"ping","id":)" + std::to_string(5000 + i) + "}");
    }
    c.send_text(R"({"type":"stop","id":6000,"game":)" + game["game"].dump() + "}");
    for (int i = 0; i < 300; ++i) {
        const Json r = c.recv_json();
        INFO("reply " << i);
        REQUIRE(r["type"] == "pong");
        CHECK(r["re"] == 5000 + i);
    }
    const Json stop = c.recv_json();
    CHECK(stop["type"] == "update");
    CHECK(stop["re"] == 6000);
}

// docs/protocol.md: a client that sends without ever reading its replies stops being read once
// the buffers between fill (a snapshot is answered at once, so the next request waits for its
// write), and the idle timeout closes it; its write queue never fills; others are served.
TEST_CASE("a client that sends but never reads is closed by the idle timeout, others go on") {
    ServerProcess server({"--idle-timeout-ms", "600", "--msg-rate", "0"});
    asio::io_context ioc;
    boost::beast::websocket::stream<asio::ip::tcp::socket> flood(ioc);
    flood.next_layer().open(asio::ip::tcp::v4());
    // A small receive window, and writes that give up after 10 s rather than hang the test.
    flood.next_layer().set_option(asio::socket_base::receive_buffer_size(4096));
    const timeval limit{10, 0};
    setsockopt(flood.next_layer().native_handle(), SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    flood.next_layer().connect({asio::ip::make_address("127.0.0.1"), server.port()});
    flood.handshake("127.0.0.1", "/ws");
    flood.text(true);
    const auto next = [&flood] {
        boost::beast::flat_buffer b;
        flood.read(b);
        return Json::parse(boost::beast::buffers_to_string(b.data()));
    };
    flood.write(asio::buffer(std::string(R"({"type":"hello","id":1,"version":1})")));
    REQUIRE(next()["type"] == "welcome");
    flood.write(asio::buffer(std::string(R"({"type":"practice_start","id":2})")));
    const Json game = next();
    REQUIRE(game["type"] == "game");
    // From here on nothing is read: each snapshot answered is a kilobyte.
    const auto start = std::chrono::steady_clock::now();
    boost::system::error_code ec;
    int sent = 0;
    while (!ec && sent < 1000000) {
        const std::string msg = R"({"type":"snapshot","id":)" + std::to_string(3 + sent) +
                                R"(,"game":)" + game["game"].dump() + "}";
        flood.write(asio::buffer(msg), ec);
        if (!ec) ++sent;
    }
    const auto waited = std::chrono::steady_clock::now() - start;
    INFO("sent " << sent << " in "
                 << std::chrono::duration_cast<std::chrono::milliseconds>(waited).count()
                 << " ms, then: " << ec.message());
    CHECK(ec);
    CHECK(ec != asio::error::would_block);  // closed by the server, not our 10 s give-up
    CHECK(ec != asio::error::timed_out);
    CHECK(waited >= 300ms);  // at least half the idle timeout: stalled, then dropped
    CHECK(waited < 9s);
    const std::string metrics = http_get(server.port(), "/metrics").body;
    CHECK(metrics.find("pinfall_slow_consumers_closed_total 0\n") != std::string::npos);
    WsClient other(server.port());
    other.hello();
    CHECK(other.request({{"type", "ping"}})["type"] == "pong");
}

TEST_CASE("a message sent in several frames is read as one") {
    ServerProcess server({"--max-message", "1024"});
    WsClient c(server.port());
    c.hello();
    c.send_fragmented({R"({"type":"pi)", R"(ng","id":)", "77" + std::string(300, ' '), "}"});
    const Json r = c.recv_json();
    CHECK(r["type"] == "pong");
    CHECK(r["re"] == 77);
    // The limit counts the whole message, not each frame.
    c.send_fragmented({R"({"type":"ping","id":78)", std::string(600, ' '), std::string(600, ' '),
                       "}"});
    REQUIRE(c.wait_closed(5s));
    CHECK(c.close_code() == 1009);
}

TEST_CASE("messages over the rate limit are refused with rate_limited") {
    ServerProcess server({"--msg-rate", "5", "--msg-window-ms", "60000"});
    WsClient c(server.port());
    c.hello();  // message 1
    for (int i = 0; i < 4; ++i) CHECK(c.request({{"type", "ping"}})["type"] == "pong");
    c.send_text(R"({"type":"ping","id":100})");
    const Json r = c.recv_json();
    CHECK(r["type"] == "error");
    CHECK(r["code"] == "rate_limited");
    c.send_text(R"({"type":"ping","id":101})");  // dropped silently within the same window
    CHECK_FALSE(c.recv(300ms));
    CHECK_FALSE(c.closed());
}

TEST_CASE("a peer that stops answering pings is closed after the idle timeout") {
    ServerProcess server({"--idle-timeout-ms", "400"});
    WsClient silent(server.port(), /*reading=*/false);
    WsClient alive(server.port());
    alive.hello();
    // Let 1.5 s pass while `alive` keeps reading (and so answers pings); `silent` never reads.
    CHECK_FALSE(alive.recv(1500ms));
    CHECK(silent.wait_closed(3s));
    // alive answers the keep-alive pings (its read is pending) and is still usable.
    CHECK(alive.request({{"type", "ping"}})["type"] == "pong");
    CHECK_FALSE(alive.closed());
}

TEST_CASE("a connection that never completes its request is closed after the handshake timeout") {
    ServerProcess server({"--handshake-timeout-ms", "300"});
    asio::io_context ioc;
    asio::ip::tcp::socket s(ioc);
    s.connect({asio::ip::make_address("127.0.0.1"), server.port()});
    const auto start = std::chrono::steady_clock::now();
    char buf[16];
    boost::system::error_code ec;
    asio::read(s, asio::buffer(buf), ec);  // blocks until the server closes
    const auto waited = std::chrono::steady_clock::now() - start;
    CHECK(ec == asio::error::eof);
    CHECK(waited >= 200ms);
    CHECK(waited < 5s);
}

TEST_CASE("connections over the per-address limit are refused") {
    ServerProcess server({"--max-connections-per-ip", "2"});
    WsClient a(server.port());
    WsClient b(server.port());
    CHECK_THROWS(WsClient(server.port()));
    a.hello();
    CHECK(a.request({{"type", "ping"}})["type"] == "pong");
    b.close();
    std::this_thread::sleep_for(300ms);  // the slot is released asynchronously
    WsClient d(server.port());
    CHECK(d.hello()["type"] == "welcome");
}
