// One HTTP connection: reads requests (with the handshake timeout and a small body limit),
// answers GET /healthz, /metrics and the browser client's static files, and hands a WebSocket
// upgrade on /ws to a WsSession together with its connection slot.
//
// Thread-safety: every handler runs on the connection's strand.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>
#include <string>

#include "server/app/front/front_door.hpp"
#include "server/net/connection_limiter.hpp"
#include "server/net/limits.hpp"
#include "server/net/session_set.hpp"
#include "server/net/stream_types.hpp"

namespace pinfall::server::net {

namespace beast = boost::beast;
namespace http = beast::http;

// What every HTTP and WebSocket session shares. Owned by main(); outlives all sessions.
struct NetContext {
    Limits limits;
    FrontDoor& front;
    SessionSet& sessions;
    std::string static_dir;
    std::string links_json;  // GET /api/links (public_links.hpp); set before listening
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
   public:
    HttpSession(ConnSocket&& socket, ConnectionLimiter::Ticket ticket,
                std::uint64_t id, NetContext& ctx);
    ~HttpSession();
    void run();

   private:
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    http::response<http::string_body> respond(const http::request<http::string_body>& req);
    void write(http::response<http::string_body> res);
    void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);

    HttpStream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<http::response<http::string_body>> response_;
    ConnectionLimiter::Ticket ticket_;
    const std::uint64_t id_;
    NetContext& ctx_;
    bool upgraded_ = false;
};

}  // namespace pinfall::server::net
