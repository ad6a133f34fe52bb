// Network-layer settings shared by every session (a copy of the relevant Config fields).
#pragma once

#include <chrono>
#include <cstddef>

namespace pinfall::server::net {

struct Limits {
    std::size_t max_message_bytes = 8192;
    unsigned msg_rate = 100;  // 0: unlimited
    std::chrono::milliseconds msg_window{1000};
    std::size_t max_connections = 10000;
    std::size_t max_connections_per_ip = 256;
    std::chrono::milliseconds handshake_timeout{10000};
    std::chrono::milliseconds idle_timeout{60000};
    std::size_t write_queue_max = 256;
};

}  // namespace pinfall::server::net
