// Black-box: HTTP endpoints on the same port, and clean shutdown on SIGTERM.
#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "http_get.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace pinfall::test;

TEST_CASE("node id: --node-id names the node in /healthz and /metrics, a bad one is refused") {
    ServerProcess server({"--node-id", "eu-1.node_a:9"});
    const auto health = http_get(server.port(), "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok node=eu-1.node_a:9\n");
    const auto m = http_get(server.port(), "/metrics");
    CHECK(m.body.find("pinfall_node_info{node=\"eu-1.node_a:9\",server=\"pinfall/") !=
          std::string::npos);
    CHECK_THROWS(ServerProcess({"--node-id", "a\"b"}));
    CHECK_THROWS(ServerProcess({"--node-id", std::string(65, 'n')}));
}

TEST_CASE("healthz, metrics, static files and 404s") {
    ServerProcess server;
    const auto health = http_get(server.port(), "/healthz");
    CHECK(health.status == 200);
    // The default node id: host name and the port.
    CHECK(health.body.rfind("ok node=", 0) == 0);
    CHECK(health.body.find(":" + std::to_string(server.port()) + "\n") != std::string::npos);

    {
        WsClient c(server.port());
        c.hello();
        const Json snap = c.request({{"type", "practice_start"}});
        c.request({{"type", "stop"}, {"game", snap["game"]}});
        c.request({{"type", "play"}, {"game", snap["game"]}, {"pile", 9}, {"pins", {1}}});
        const auto m = http_get(server.port(), "/metrics");
        CHECK(m.status == 200);
        CHECK(m.content_type.find("text/plain") == 0);
        CHECK(m.body.find("pinfall_connections 1\n") != std::string::npos);
        CHECK(m.body.find("pinfall_games_active 1\n") != std::string::npos);
        CHECK(m.body.find("pinfall_actions_accepted_total 1\n") != std::string::npos);
        CHECK(m.body.find("pinfall_requests_rejected_total{code=\"bad_pile\"} 1\n") !=
              std::string::npos);
        CHECK(m.body.find("pinfall_action_latency_seconds_count 1\n") != std::string::npos);
    }

    const auto index = http_get(server.port(), "/");
    CHECK(index.status == 200);
    CHECK(index.content_type == "text/html; charset=utf-8");
    CHECK(index.body.find("<html") != std::string::npos);
    CHECK(http_get(server.port(), "/../CMakeLists.txt").status == 404);
    CHECK(http_get(server.port(), "/%2e%2e/secret").status == 404);
    CHECK(http_get(server.port(), "/no-such-file.js").status == 404);
}

TEST_CASE("SIGTERM closes sessions with going away and exits 0") {
    ServerProcess server;
    WsClient c(server.port());
    c.hello();
    const auto start = std::chrono::steady_clock::now();
    REQUIRE(kill(server.pid(), SIGTERM) == 0);
    CHECK(c.wait_closed(5s));
    CHECK(c.close_code() == 1001);
    const int status = server.signal_and_wait(0, std::chrono::seconds(5));
    CHECK(status == 0);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("SIGTERM with an idle keep-alive HTTP connection still exits 0") {
    ServerProcess server;
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket s(ioc);
    s.connect({boost::asio::ip::make_address("127.0.0.1"), server.port()});
    const std::string req = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";
    boost::asio::write(s, boost::asio::buffer(req));
    char buf[256];
    const std::size_t n = s.read_some(boost::asio::buffer(buf));
    CHECK(std::string(buf, n).find("200 OK") != std::string::npos);
    WsClient c(server.port());
    c.hello();
    // The HTTP connection stays open, its next read pending in the server.
    CHECK(server.signal_and_wait(SIGTERM, std::chrono::seconds(8)) == 0);
}
