// Process-wide counters for GET /metrics (Prometheus text format 0.0.4).
// Thread-safe: every member is an atomic updated with relaxed ordering; a scrape may see
// counters from slightly different instants, which Prometheus tolerates.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pinfall::server {

class Metrics {
   public:
    // Upper bounds of the action latency histogram, in microseconds.
    static constexpr std::array<std::uint64_t, 12> kLatencyBucketsUs = {
        25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 100000, 1000000};

    std::atomic<std::int64_t> connections{0};       // open WebSocket sessions
    std::atomic<std::int64_t> http_connections{0};  // open sockets before/without upgrade
    std::atomic<std::int64_t> games_active{0};      // games in memory, not over
    std::atomic<std::uint64_t> connections_refused{0};
    std::atomic<std::uint64_t> messages_in{0};
    std::atomic<std::uint64_t> actions_accepted{0};
    std::atomic<std::uint64_t> slow_consumers_closed{0};
    std::atomic<std::uint64_t> games_evicted{0};  // idle unfinished practice games sent to storage
    std::atomic<std::uint64_t> lanes_evicted{0};  // idle lanes dropped from memory
    // Lane changes that met a change made through another node, and lanes brought up to date
    // by a notice from another node (docs/scaling.md "Lanes").
    std::atomic<std::uint64_t> lane_conflicts{0};
    std::atomic<std::uint64_t> lane_changes_heard{0};
    std::atomic<std::uint64_t> guests_expired{0};
    // The board's integrity (integrity/integrity_keeper.hpp): ranked games waiting for (or in)
    // analysis, games analysed, games flagged by their own statistic.
    std::atomic<std::int64_t> integrity_pending{0};
    std::atomic<std::uint64_t> integrity_analysed{0};
    std::atomic<std::uint64_t> integrity_flagged{0};
    // Daily reminders by Web Push (push/reminders.hpp): accepted by the push service (2xx),
    // devices it reported gone (404/410), and the other failures.
    std::atomic<std::uint64_t> reminders_sent{0};
    std::atomic<std::uint64_t> reminders_gone{0};
    std::atomic<std::uint64_t> reminders_failed{0};
    // Upper bounds of the integrity lag histogram (queued to analysed and stored), seconds.
    static constexpr std::array<double, 16> kIntegrityLagBucketsS = {
        0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 60, 300, 3600};

    // Counts a rejected request by its error code (engine, protocol or server code).
    void reject(std::string_view code);
    // Records the time from receiving an action to queueing its reply.
    void observe_action(std::chrono::steady_clock::duration d);
    // Records the time a ranked game waited for its analysis and took in it.
    void observe_integrity_lag(std::chrono::steady_clock::duration d);

    // node: this node's id (--node-id), rendered as pinfall_node_info{node="...",server="pinfall/x.y.z"} 1
    // so that a scraper can join it to every series of the target.
    std::string render(std::string_view node = {}) const;

   private:
    mutable std::mutex rejected_mutex_;
    std::unordered_map<std::string, std::uint64_t> rejected_;
    std::array<std::atomic<std::uint64_t>, kLatencyBucketsUs.size() + 1> latency_buckets_{};
    std::atomic<std::uint64_t> latency_sum_us_{0};
    std::atomic<std::uint64_t> latency_count_{0};
    std::array<std::atomic<std::uint64_t>, kIntegrityLagBucketsS.size() + 1> lag_buckets_{};
    std::atomic<std::uint64_t> lag_sum_ms_{0};
};

}  // namespace pinfall::server
