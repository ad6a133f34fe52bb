#include "server/net/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "server/app/front/http_api.hpp"
#include "server/app/front/share_routes.hpp"
#include "server/net/static_files.hpp"
#include "server/net/ws_session.hpp"
#include "server/version.hpp"

namespace pinfall::server::net {

namespace {

http::response<http::string_body> make_response(const http::request<http::string_body>& req,
                                                http::status status, std::string body,
                                                std::string_view content_type) {
    http::response<http::string_body> res{status, req.version()};
    res.set(http::field::server, kServerName);
    res.set(http::field::content_type, beast::string_view(content_type.data(), content_type.size()));
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

}  // namespace

HttpSession::HttpSession(ConnSocket&& socket, ConnectionLimiter::Ticket ticket,
                         std::uint64_t id, NetContext& ctx)
    : stream_(std::move(socket)), ticket_(std::move(ticket)), id_(id), ctx_(ctx) {
    ctx_.front.metrics.http_connections.fetch_add(1, std::memory_order_relaxed);
}

HttpSession::~HttpSession() {
    ctx_.front.metrics.http_connections.fetch_sub(1, std::memory_order_relaxed);
}

void HttpSession::run() {
    boost::asio::dispatch(stream_.get_executor(),
                          beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->body_limit(ctx_.limits.max_message_bytes);
    parser_->header_limit(8192);
    stream_.expires_after(ctx_.limits.handshake_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        if (ec != http::error::end_of_stream && ec != beast::error::timeout) {
            spdlog::debug("[c{}] http read: {}", id_, ec.message());
        }
        beast::error_code ignored;
        stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
        return;
    }
    auto req = parser_->release();
    if (beast::websocket::is_upgrade(req)) {
        // The query (?key=..., the proxy's routing key, docs/scaling.md) is the proxy's business.
        const auto target = req.target();
        if (target.substr(0, target.find('?')) == "/ws") {
            auto ws = std::make_shared<WsSession>(stream_.release_socket(), std::move(ticket_), id_,
                                                  ctx_.limits, ctx_.front, ctx_.sessions);
            ws->run(std::move(req));
            return;
        }
    }
    if (req.method() == http::verb::get) {
        auto shared_req = std::make_shared<http::request<http::string_body>>(std::move(req));
        const std::string target(shared_req->target());
        if (target == "/api/links") {
            write(make_response(*shared_req, http::status::ok, ctx_.links_json,
                                "application/json"));
            return;
        }
        auto answer = [self = shared_from_this(), shared_req](ApiResponse r) {
            // Answers come from the storage thread: write on this connection's strand.
            boost::asio::post(self->stream_.get_executor(), [self, shared_req, r = std::move(r)] {
                auto res = make_response(*shared_req, static_cast<http::status>(r.status),
                                         r.body, r.content_type);
                res.set(http::field::cache_control, r.cache_control);
                self->write(std::move(res));
            });
        };
        // The share page's URLs name the host it was asked for (docs/protocol.md "Share cards").
        const ShareOrigin origin{std::string(shared_req->base()[http::field::host]),
                                 shared_req->base()["X-Forwarded-Proto"] == "https", {}};
        if (handle_share(ctx_.front.share, target, origin, answer) ||
            handle_api(ctx_.front.queries, ctx_.front.leagues, target, answer)) {
            return;
        }
        req = std::move(*shared_req);
    }
    write(respond(req));
}

void HttpSession::write(http::response<http::string_body> res) {
    response_ = std::make_shared<http::response<http::string_body>>(std::move(res));
    const bool keep_alive = response_->keep_alive();
    http::async_write(stream_, *response_,
                      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(),
                                                keep_alive));
}

http::response<http::string_body> HttpSession::respond(
    const http::request<http::string_body>& req) {
    const std::string_view target(req.target().data(), req.target().size());
    const bool head = req.method() == http::verb::head;
    if (req.method() != http::verb::get && !head) {
        auto res = make_response(req, http::status::method_not_allowed, "method not allowed\n",
                                 "text/plain; charset=utf-8");
        res.set(http::field::allow, "GET, HEAD");
        return res;
    }
    const std::string_view path = target.substr(0, target.find('?'));
    if (path == "/healthz") {
        // Unhealthy while the database is out of reach: a proxy then sends players elsewhere
        // (docs/protocol.md, "Health").
        std::string reason;
        if (!ctx_.front.storage.available(&reason)) {
            return make_response(req, http::status::service_unavailable,
                                 "unavailable: database: " + reason + " node=" +
                                     ctx_.front.node_id + "\n",
                                 "text/plain; charset=utf-8");
        }
        return make_response(req, http::status::ok, "ok node=" + ctx_.front.node_id + "\n",
                             "text/plain; charset=utf-8");
    }
    if (path == "/metrics") {
        return make_response(req, http::status::ok, ctx_.front.metrics.render(ctx_.front.node_id),
                             "text/plain; version=0.0.4; charset=utf-8");
    }
    if (auto file = load_static(ctx_.static_dir, target)) {
        auto res = make_response(req, http::status::ok, std::move(file->body), file->content_type);
        if (head) {
            const auto length = res.body().size();
            res.body().clear();
            res.content_length(length);
        }
        return res;
    }
    return make_response(req, http::status::not_found, "not found\n", "text/plain; charset=utf-8");
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    response_.reset();
    if (ec) {
        spdlog::debug("[c{}] http write: {}", id_, ec.message());
        return;
    }
    if (!keep_alive) {
        beast::error_code ignored;
        stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
        return;
    }
    do_read();
}

}  // namespace pinfall::server::net
