#include "server/net/push_client.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <openssl/err.h>

#include <memory>
#include <optional>

namespace pinfall::server::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// The answer's body is not needed; a push service's is small, this bounds a hostile one.
constexpr std::size_t kMaxAnswer = 64 * 1024;

// One request on one connection. Stream: beast::tcp_stream, or an ssl_stream over it.
template <class Stream>
class Call : public std::enable_shared_from_this<Call<Stream>> {
   public:
    Call(Stream stream, tcp::resolver resolver, push::PushHttpRequest request,
         std::function<void(push::PushHttpResult)> done, std::chrono::milliseconds timeout)
        : stream_(std::move(stream)),
          resolver_(std::move(resolver)),
          request_(std::move(request)),
          done_(std::move(done)),
          timeout_(timeout) {}

    void run() {
        lowest().expires_after(timeout_);
        resolver_.async_resolve(request_.url.host, request_.url.port,
                                [self = this->shared_from_this()](beast::error_code ec,
                                                                  tcp::resolver::results_type r) {
                                    if (ec) return self->fail("resolve", ec);
                                    self->connect(r);
                                });
    }

   private:
    beast::tcp_stream& lowest() { return beast::get_lowest_layer(stream_); }

    void connect(const tcp::resolver::results_type& results) {
        lowest().async_connect(results, [self = this->shared_from_this()](
                                            beast::error_code ec, const tcp::endpoint&) {
            if (ec) return self->fail("connect", ec);
            self->handshake();
        });
    }

    void handshake() {
        if constexpr (std::is_same_v<Stream, beast::tcp_stream>) {
            write();
        } else {
            // SNI (for a host name; RFC 6066 has none for an address) and the certificate's
            // name: the endpoint's host.
            beast::error_code not_address;
            asio::ip::make_address(request_.url.host, not_address);
            if (not_address &&
                !SSL_set_tlsext_host_name(stream_.native_handle(), request_.url.host.c_str())) {
                return fail("tls", beast::error_code(static_cast<int>(::ERR_get_error()),
                                                     asio::error::get_ssl_category()));
            }
            stream_.set_verify_callback(asio::ssl::host_name_verification(request_.url.host));
            stream_.async_handshake(asio::ssl::stream_base::client,
                                    [self = this->shared_from_this()](beast::error_code ec) {
                                        if (ec) return self->fail("tls", ec);
                                        self->write();
                                    });
        }
    }

    void write() {
        req_.method(http::verb::post);
        req_.target(request_.url.target);
        req_.version(11);
        req_.set(http::field::host, request_.url.host_header());
        req_.set(http::field::connection, "close");
        for (const auto& [name, value] : request_.headers) req_.set(name, value);
        req_.body() = std::move(request_.body);
        req_.prepare_payload();
        http::async_write(stream_, req_,
                          [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->fail("write", ec);
                              self->read();
                          });
    }

    void read() {
        parser_.emplace();
        parser_->body_limit(kMaxAnswer);
        http::async_read(stream_, buffer_, *parser_,
                         [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return self->fail("read", ec);
                             self->finish({static_cast<int>(self->parser_->get().result_int()), {}});
                         });
    }

    void fail(const char* step, const beast::error_code& ec) {
        finish({0, std::string(step) + ": " + ec.message()});
    }

    void finish(push::PushHttpResult result) {
        beast::error_code ignored;
        lowest().socket().shutdown(tcp::socket::shutdown_both, ignored);
        lowest().close();
        if (done_) {
            auto done = std::move(done_);
            done_ = nullptr;
            done(std::move(result));
        }
    }

    Stream stream_;
    tcp::resolver resolver_;
    push::PushHttpRequest request_;
    std::function<void(push::PushHttpResult)> done_;
    const std::chrono::milliseconds timeout_;
    http::request<http::string_body> req_;
    beast::flat_buffer buffer_;
    std::optional<http::response_parser<http::string_body>> parser_;
};

}  // namespace

PushClient::PushClient(asio::io_context& ioc, std::chrono::milliseconds timeout,
                       const std::string& ca_file)
    : ioc_(ioc), tls_(asio::ssl::context::tls_client), timeout_(timeout) {
    tls_.set_default_verify_paths();
    if (!ca_file.empty()) tls_.load_verify_file(ca_file);
    tls_.set_verify_mode(asio::ssl::verify_peer);
    tls_.set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                     asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                     asio::ssl::context::no_tlsv1_1);
}

void PushClient::post(push::PushHttpRequest request,
                      std::function<void(push::PushHttpResult)> done) {
    // The io_context has one thread (IoPool): each call's handlers run there, one at a time.
    const auto strand = ioc_.get_executor();
    tcp::resolver resolver(strand);
    if (request.url.https) {
        beast::ssl_stream<beast::tcp_stream> stream(beast::tcp_stream(strand), tls_);
        std::make_shared<Call<beast::ssl_stream<beast::tcp_stream>>>(
            std::move(stream), std::move(resolver), std::move(request), std::move(done), timeout_)
            ->run();
    } else {
        std::make_shared<Call<beast::tcp_stream>>(beast::tcp_stream(strand), std::move(resolver),
                                                  std::move(request), std::move(done), timeout_)
            ->run();
    }
}

}  // namespace pinfall::server::net
