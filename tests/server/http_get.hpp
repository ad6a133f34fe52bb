// Test helper: one blocking HTTP/1.1 request to 127.0.0.1 (Beast).
#pragma once

#include <string>

namespace pinfall::test {

struct HttpReply {
    int status = 0;
    std::string body;
    std::string content_type;
    std::string cache_control;
};

// host: the Host header sent.
HttpReply http_get(unsigned short port, const std::string& target,
                   const std::string& host = "127.0.0.1");

// The value of a counter or gauge in the server's /metrics (Prometheus text), -1 when absent.
long long metric(unsigned short port, const std::string& name);

}  // namespace pinfall::test
