// ReadySocket (server/net/ready_socket.hpp) under Beast's websocket::stream, on a real loopback
// TCP connection: messages of every size arrive whole; data that came while no read was in
// flight is read by the next read (the readiness event it raised is not lost); a read's handler
// never runs inside async_read_some; a peer that goes away ends the read; destroying the socket
// with its wait outstanding is safe; and an echo served by two threads never stalls.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <sys/socket.h>
#include <thread>

#include "server/net/ready_socket.hpp"

namespace {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;
using pinfall::server::net::ConnSocket;
using pinfall::server::net::ReadySocket;
using tcp = asio::ip::tcp;

// A connected pair: the server end as the server builds it, the client a plain Beast stream used
// synchronously (reads give up after 5 s rather than hang a broken test).
struct ReadyPair {
    asio::io_context ioc;
    asio::io_context client_ioc;
    std::unique_ptr<websocket::stream<ReadySocket>> server;
    websocket::stream<tcp::socket> client{client_ioc};

    ReadyPair() {
        tcp::acceptor acceptor(ioc, {asio::ip::make_address("127.0.0.1"), 0});
        client.next_layer().connect(acceptor.local_endpoint());
        ConnSocket accepted(asio::make_strand(ioc));
        acceptor.accept(accepted);
        server = std::make_unique<websocket::stream<ReadySocket>>(std::move(accepted));
        timeval limit{5, 0};
        setsockopt(client.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit,
                   sizeof limit);
        bool accepted_ws = false;
        server->async_accept([&](boost::system::error_code ec) {
            REQUIRE_FALSE(ec);
            accepted_ws = true;
        });
        std::thread handshake([this] { client.handshake("127.0.0.1", "/"); });
        run_until(accepted_ws);
        handshake.join();
    }

    // Runs the server's handlers until done is set; false after 5 s without it.
    bool run_until(const bool& done) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (!done && std::chrono::steady_clock::now() < deadline) {
            ioc.run_one_for(std::chrono::milliseconds(10));
        }
        ioc.restart();
        return done;
    }

    // One whole message read by the server; "" with *ec set when the read failed.
    std::string server_read(boost::system::error_code* ec = nullptr) {
        boost::beast::flat_buffer buffer;
        bool done = false;
        boost::system::error_code result;
        server->async_read(buffer, [&](boost::system::error_code e, std::size_t) {
            result = e;
            done = true;
        });
        REQUIRE(run_until(done));
        if (ec) *ec = result;
        return boost::beast::buffers_to_string(buffer.data());
    }

    void settle() {  // lets the server's io_context take any readiness event there is
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
        while (std::chrono::steady_clock::now() < until) {
            ioc.run_one_for(std::chrono::milliseconds(5));
        }
        ioc.restart();
    }
};

std::string ready_filler(std::size_t n, char seed) {
    std::string s(n, ' ');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (seed + i * 7) % 26);
    return s;
}

}  // namespace

TEST_CASE("ReadySocket: messages of every size arrive whole, in order", "[ready_socket]") {
    ReadyPair p;
    for (std::size_t size : {1u, 64u, 1535u, 1536u, 1537u, 70000u, 300000u, 5u}) {
        const std::string sent = ready_filler(size, static_cast<char>(size % 26));
        p.client.write(asio::buffer(sent));
        CHECK(p.server_read() == sent);
    }
    // Several at once: one readiness event, three messages.
    for (const char* m : {"one", "two", "three"}) p.client.write(asio::buffer(std::string(m)));
    CHECK(p.server_read() == "one");
    CHECK(p.server_read() == "two");
    CHECK(p.server_read() == "three");
}

TEST_CASE("ReadySocket: data that came while no read was in flight is read next",
          "[ready_socket]") {
    ReadyPair p;
    p.client.write(asio::buffer(std::string("first")));
    REQUIRE(p.server_read() == "first");  // the socket is empty now; the wait is queued
    p.client.write(asio::buffer(std::string("second")));
    p.settle();  // the readiness event comes and goes with no read in flight
    CHECK(p.server_read() == "second");
    p.settle();  // nothing came: the next read waits, then gets what comes
    p.client.write(asio::buffer(std::string("third")));
    CHECK(p.server_read() == "third");
}

TEST_CASE("ReadySocket: a read's handler never runs inside async_read_some", "[ready_socket]") {
    ReadyPair p;
    p.client.write(asio::buffer(std::string("there already")));
    p.settle();
    boost::beast::flat_buffer buffer;
    bool inside = true;
    bool ran_inside = false;
    bool done = false;
    p.server->async_read(buffer, [&](boost::system::error_code ec, std::size_t) {
        CHECK_FALSE(ec);
        ran_inside = inside;
        done = true;
    });
    inside = false;
    REQUIRE(p.run_until(done));
    CHECK_FALSE(ran_inside);
    CHECK(boost::beast::buffers_to_string(buffer.data()) == "there already");
}

TEST_CASE("ReadySocket: a peer that goes away ends the read with an error", "[ready_socket]") {
    ReadyPair p;
    p.client.write(asio::buffer(std::string("last words")));
    REQUIRE(p.server_read() == "last words");
    p.client.next_layer().close();
    boost::system::error_code ec;
    CHECK(p.server_read(&ec).empty());
    CHECK(ec);
}

TEST_CASE("ReadySocket: closing ends a waiting read; destroying it with a wait queued is safe",
          "[ready_socket]") {
    ReadyPair p;
    boost::beast::flat_buffer buffer;
    bool done = false;
    boost::system::error_code result;
    p.server->async_read(buffer, [&](boost::system::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    p.settle();
    REQUIRE_FALSE(done);
    boost::system::error_code ignored;
    p.server->next_layer().close(ignored);
    REQUIRE(p.run_until(done));
    CHECK(result == asio::error::operation_aborted);

    ReadyPair q;
    q.client.write(asio::buffer(std::string("then gone")));
    REQUIRE(q.server_read() == "then gone");  // leaves the readiness wait queued
    q.server.reset();
    q.settle();  // the aborted wait completes after its socket is gone (ASan checks the rest)
    boost::system::error_code read_ec;
    q.client.write(asio::buffer(std::string("to no one")), read_ec);
    boost::beast::flat_buffer reply;
    q.client.read(reply, read_ec);
    CHECK(read_ec);  // the server's end is closed
}

TEST_CASE("ReadySocket: an echo served by two threads answers every message",
          "[ready_socket]") {
    ReadyPair p;
    boost::beast::flat_buffer buffer;
    std::function<void()> serve = [&] {
        p.server->async_read(buffer, [&](boost::system::error_code ec, std::size_t) {
            if (ec) return;
            p.server->text(true);
            p.server->async_write(buffer.data(), [&](boost::system::error_code wec, std::size_t) {
                if (wec) return;
                buffer.consume(buffer.size());
                serve();
            });
        });
    };
    asio::dispatch(p.server->get_executor(), serve);
    auto guard = asio::make_work_guard(p.ioc);
    std::thread a([&] { p.ioc.run(); });
    std::thread b([&] { p.ioc.run(); });
    int answered = 0;
    for (int i = 0; i < 3000; ++i) {
        const std::string sent = ready_filler(static_cast<std::size_t>(1 + i % 700), static_cast<char>(i));
        p.client.write(asio::buffer(sent));
        boost::beast::flat_buffer reply;
        boost::system::error_code ec;
        p.client.read(reply, ec);
        if (ec || boost::beast::buffers_to_string(reply.data()) != sent) break;
        ++answered;
    }
    CHECK(answered == 3000);
    asio::post(p.server->get_executor(), [&] {
        boost::system::error_code ignored;
        p.server->next_layer().close(ignored);
    });
    guard.reset();
    a.join();
    b.join();
}
