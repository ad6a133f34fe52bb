#include "server/app/core/reply.hpp"

#include "protocol/encode.hpp"
#include "server/app/core/metrics.hpp"

namespace pinfall::server {

Reply error_reply(Metrics& metrics, protocol::Re re, std::string_view code,
                  std::string_view message) {
    metrics.reject(code);
    return Reply{protocol::encode_error(re, code, message), std::string(code)};
}

}  // namespace pinfall::server
