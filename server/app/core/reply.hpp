// One encoded answer to a request, as the features hand it back to whoever asked (a WebSocket
// connection or the HTTP API).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "protocol/encode.hpp"
#include "protocol/replies.hpp"

namespace pinfall::server {

struct Reply {
    std::string text;        // the encoded message
    std::string error_code;  // empty on success
};
// Receives the answer; may run on any thread (the storage worker, a strand) and must only
// post onward.
using ReplyFn = std::function<void(Reply)>;

class Metrics;
// The error reply (code and message as docs/protocol.md lists them), counted in metrics.
Reply error_reply(Metrics& metrics, protocol::Re re, std::string_view code,
                  std::string_view message);

}  // namespace pinfall::server
