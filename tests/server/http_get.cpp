#include "http_get.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace pinfall::test {

namespace beast = boost::beast;
namespace http = beast::http;

HttpReply http_get(unsigned short port, const std::string& target, const std::string& host) {
    boost::asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(5));
    stream.connect({boost::asio::ip::make_address("127.0.0.1"), port});
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, host);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    beast::error_code ec;
    stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    return HttpReply{static_cast<int>(res.result_int()), res.body(),
                     std::string(res[http::field::content_type]),
                     std::string(res[http::field::cache_control])};
}

long long metric(unsigned short port, const std::string& name) {
    const std::string body = http_get(port, "/metrics").body;
    const auto at = body.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stoll(body.substr(at + name.size() + 2));
}

}  // namespace pinfall::test
