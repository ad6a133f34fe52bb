// How the push sender reaches a push service: one HTTP POST, answered by its status. The
// application states what to send; server/net/push_client.* does it over TCP and TLS with
// Beast (docs/style.md habit 5: server/app knows no Beast), and tests may stand in for it.
//
// Thread-safety: post() from any thread; `done` runs once, on an I/O thread.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "server/app/push/push_url.hpp"

namespace pinfall::server::push {

struct PushHttpRequest {
    PushUrl url;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
};

struct PushHttpResult {
    int status = 0;     // the HTTP status; 0 when no answer came (error says why)
    std::string error;
};

class PushTransport {
   public:
    virtual ~PushTransport() = default;
    virtual void post(PushHttpRequest request, std::function<void(PushHttpResult)> done) = 0;
};

}  // namespace pinfall::server::push
