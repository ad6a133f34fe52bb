// Helpers of the cluster tests and measurements (proxy_test.cpp, cluster_measure_test.cpp):
// three nodes on one PostgreSQL database behind the real HAProxy, which node the proxy sends
// a routing key to, and a trivial player (the first legal play, else stop).
#pragma once

#include <string>

#include "haproxy_process.hpp"
#include "http_get.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

namespace pinfall::test {

inline constexpr const char* kClusterNoon = "2026-11-29T12:00:00Z";
inline constexpr const char* kClusterDay = "2026-11-29";

// Two nodes on the first one's scratch directory: one database, one secret.
struct TwoNodes {
    ServerProcess a{{"--clock-start", kClusterNoon, "--node-id", "node-a", "--msg-rate", "0"}};
    ServerProcess b{{"--clock-start", kClusterNoon, "--node-id", "node-b", "--msg-rate", "0"}, a.dir()};
};

// Three nodes (n1, n2, n3) on n1's scratch directory (one database, one secret) and the proxy.
struct Cluster {
    ServerProcess n1{{"--clock-start", kClusterNoon, "--node-id", "n1", "--msg-rate", "0"}};
    ServerProcess n2{{"--clock-start", kClusterNoon, "--node-id", "n2", "--msg-rate", "0"}, n1.dir()};
    ServerProcess n3{{"--clock-start", kClusterNoon, "--node-id", "n3", "--msg-rate", "0"}, n1.dir()};
    HaproxyProcess proxy{{n1.port(), n2.port(), n3.port()}};

    ServerProcess& node(const std::string& id) { return id == "n1" ? n1 : id == "n2" ? n2 : n3; }
};

// The node the proxy sends key to: its /healthz names it ("" while no node answers).
inline std::string node_of(unsigned short proxy, const std::string& key) {
    const auto r = http_get(proxy, "/healthz?key=" + key);
    const std::string prefix = "ok node=";
    if (r.status != 200 || r.body.rfind(prefix, 0) != 0) return "";
    return r.body.substr(prefix.size(), r.body.size() - prefix.size() - 1);
}

// The next action from the last reply's legal plays: the first play of the first pile that has
// one, else stop.
inline Json next_action(const Json& legal, long long game) {
    for (std::size_t p = 0; p < legal.size(); ++p) {
        if (!legal[p].empty()) {
            return {{"type", "play"}, {"game", game}, {"pile", p + 1}, {"pins", legal[p][0]}};
        }
    }
    return {{"type", "stop"}, {"game", game}};
}

inline bool is_over(const Json& reply) {
    if (reply.contains("state")) return reply["state"]["over"].get<bool>();
    for (const auto& e : reply.value("events", Json::array())) {
        if (e["e"] == "game_over") return true;
    }
    return false;
}

}  // namespace pinfall::test
