// `pinfall health` run as a process: exit 0 and the answer against the real server (with
// --server before or after the command), exit 1 with the reason when nothing listens, when a
// listener never answers (the --timeout deadline), and when the answer is not 200; exit 2 for
// a wrong command line. The fake listeners are plain loopback sockets in this process.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <stdexcept>
#include <string>
#include <thread>

#include "run_pinfall.hpp"
#include "server_process.hpp"

using namespace pinfall::test;

namespace {

// A loopback TCP socket listening on a free port; the kernel completes connections into its
// backlog whether or not anyone accepts them. Closed by the destructor.
class Listener {
 public:
    Listener() {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), len) != 0 ||
            ::listen(fd_, 8) != 0 ||
            ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
            throw std::runtime_error("cannot listen on loopback");
        }
        port_ = ntohs(addr.sin_port);
    }
    ~Listener() { ::close(fd_); }
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    int fd() const { return fd_; }
    unsigned short port() const { return port_; }

 private:
    int fd_ = -1;
    unsigned short port_ = 0;
};

}  // namespace

TEST_CASE("health: the real server answers 200 ok, --server before or after the command") {
    ServerProcess server({"--node-id", "n1"});
    const std::string url = server_url(server.port());
    const std::string expected =
        "http://127.0.0.1:" + std::to_string(server.port()) + "/healthz: 200 ok node=n1\n";
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--server", url, "health"}, {"health", "--server", url, "--timeout", "2000"}}) {
        const RunResult r = run_pinfall(args);
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out == expected);
        CHECK(r.err.empty());
    }
}

TEST_CASE("health: nothing listening on the port exits 1 and says so") {
    unsigned short port = 0;
    {
        ServerProcess server;
        port = server.port();
        // Exited, by its handler or (signalled before installing it) by SIGTERM itself.
        REQUIRE(server.signal_and_wait(SIGTERM, std::chrono::seconds(10)) >= 0);
    }
    const RunResult r = run_pinfall({"--server", server_url(port), "health"});
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(has(r.err, "pinfall health: http://127.0.0.1:" + std::to_string(port) +
                         "/healthz: cannot connect: "));
}

TEST_CASE("health: a listener that never answers times out after --timeout") {
    Listener silent;
    const auto start = std::chrono::steady_clock::now();
    const RunResult r =
        run_pinfall({"--server", server_url(silent.port()), "health", "--timeout", "300"});
    const auto took = std::chrono::steady_clock::now() - start;
    CHECK(r.status == 1);
    CHECK(has(r.err, "/healthz: reading the reply failed: timed out"));
    CHECK(took >= std::chrono::milliseconds(300));
    CHECK(took < std::chrono::seconds(5));
}

TEST_CASE("health: an answer other than 200 exits 1 with the status") {
    Listener fake;
    std::thread answer([&fake] {
        const int c = ::accept(fake.fd(), nullptr, nullptr);
        if (c < 0) return;
        char request[1024];
        [[maybe_unused]] const auto n = ::read(c, request, sizeof request);
        const std::string reply =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 9\r\nConnection: close\r\n\r\n"
            "draining\n";
        [[maybe_unused]] const auto w = ::write(c, reply.data(), reply.size());
        ::close(c);
    });
    const RunResult r = run_pinfall({"--server", server_url(fake.port()), "health"});
    answer.join();
    CHECK(r.status == 1);
    CHECK(has(r.err, "/healthz: answered 503 draining\n"));
}

TEST_CASE("health: a wrong command line exits 2 and sends nothing") {
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"health", "extra"},
                                               {"health", "--timeout", "0"},
                                               {"health", "--timeout", "x"},
                                               {"--server", "http://127.0.0.1:1/", "health"}}) {
        const RunResult r = run_pinfall(args);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
    }
}
