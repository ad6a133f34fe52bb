// The push sender's transport (server/app/push/push_transport.hpp) over the network: one
// connection per request, resolved, connected and (for https) TLS-verified against the system's
// trust store with the host's name (SNI and certificate), the POST written and the answer's
// status read, all within `timeout`. Plain http is used only for http endpoints, which the
// server takes only with --push-insecure-endpoints (tests).
//
// Thread-safety: post() from any thread; each request runs on the io_context's one thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>

#include <chrono>

#include "server/app/push/push_transport.hpp"

namespace pinfall::server::net {

class PushClient final : public push::PushTransport {
   public:
    // ca_file: PEM certificates trusted besides the system's ("" for none); throws
    // boost::system::system_error when it cannot be read.
    PushClient(boost::asio::io_context& ioc, std::chrono::milliseconds timeout,
               const std::string& ca_file = "");
    void post(push::PushHttpRequest request,
              std::function<void(push::PushHttpResult)> done) override;

   private:
    boost::asio::io_context& ioc_;
    boost::asio::ssl::context tls_;
    const std::chrono::milliseconds timeout_;
};

}  // namespace pinfall::server::net
