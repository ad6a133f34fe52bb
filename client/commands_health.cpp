// `pinfall health [--timeout MS]`: one plain-HTTP GET /healthz to the host and port of --server
// (the URL's path is ignored), for container health checks and scripts; needs no curl.
// Contract: exit 0 and "<url>: 200 <body>" on stdout when the server answers 200 within the
// timeout (default 3000 ms, for the whole exchange); exit 1 with the reason on stderr when it
// cannot be resolved or reached, times out, or answers anything else; exit 2 for a wrong
// command line (nothing sent). One attempt, no retries: the caller (Docker's HEALTHCHECK) retries.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <iostream>

#include "client/commands.hpp"

namespace pinfall::cli {

namespace po = boost::program_options;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr int kMaxTimeoutMs = 600'000;

// "host:port", an IPv6 host in brackets.
std::string authority(const ServerUrl& url) {
    const bool ipv6 = url.host.find(':') != std::string::npos;
    return (ipv6 ? "[" + url.host + "]" : url.host) + ":" + url.port;
}

// GET /healthz within one deadline. Returns the status line and body ("200 ok"); on failure
// returns nullopt with the reason in *why.
std::optional<std::string> get_healthz(const ServerUrl& url, std::chrono::milliseconds timeout,
                                       std::string* why) {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    beast::error_code ec;
    auto run = [&ioc] {
        ioc.restart();
        ioc.run();
    };
    auto failed = [&](const std::string& what) {
        *why =
            what + ": " + (ec == beast::error::timeout ? std::string("timed out") : ec.message());
        return std::nullopt;
    };
    const auto endpoints = tcp::resolver(ioc).resolve(url.host, url.port, ec);
    if (ec) return failed("cannot resolve " + url.host);

    stream.expires_after(timeout);  // one deadline for connect, request and reply together
    stream.async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) { ec = e; });
    run();
    if (ec) return failed("cannot connect");

    http::request<http::empty_body> req{http::verb::get, "/healthz", 11};
    req.set(http::field::host, authority(url));
    req.set(http::field::user_agent, "pinfall-cli/0.1.0");
    req.keep_alive(false);
    http::async_write(stream, req, [&](beast::error_code e, std::size_t) { ec = e; });
    run();
    if (ec) return failed("sending the request failed");

    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(4096);  // "ok\n" is expected; anything large is not a health answer
    http::async_read(stream, buffer, parser, [&](beast::error_code e, std::size_t) { ec = e; });
    run();
    if (ec) return failed("reading the reply failed");
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);

    const auto& res = parser.get();
    std::string body = res.body();
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.pop_back();
    const std::string answer = std::to_string(res.result_int()) + " " + body;
    if (res.result() != http::status::ok) {
        *why = "answered " + answer;
        return std::nullopt;
    }
    return answer;
}

}  // namespace

int run_health(const Globals& g, const Args& args) {
    po::options_description options;
    options.add_options()("timeout", po::value<int>()->default_value(3000));
    po::variables_map vm;
    if (!parse_command("health", args, options, {}, vm)) return kExitUsage;
    const int timeout_ms = vm["timeout"].as<int>();
    if (timeout_ms < 1 || timeout_ms > kMaxTimeoutMs) {
        std::cerr << "pinfall health: --timeout is 1 to " << kMaxTimeoutMs << " milliseconds\n";
        return kExitUsage;
    }
    const std::string where = "http://" + authority(g.server) + "/healthz";
    std::string why;
    const auto answer = get_healthz(g.server, std::chrono::milliseconds(timeout_ms), &why);
    if (!answer) {
        std::cerr << "pinfall health: " << where << ": " << why << "\n";
        return kExitFailure;
    }
    std::cout << where << ": " << *answer << "\n";
    return kExitOk;
}

}  // namespace pinfall::cli
