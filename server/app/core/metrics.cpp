#include "server/app/core/metrics.hpp"

#include <map>

#include "server/version.hpp"

namespace pinfall::server {

void Metrics::reject(std::string_view code) {
    std::lock_guard lock(rejected_mutex_);
    ++rejected_[std::string(code)];
}

void Metrics::observe_action(std::chrono::steady_clock::duration d) {
    const auto us = static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(d).count());
    std::size_t i = 0;
    while (i < kLatencyBucketsUs.size() && us > kLatencyBucketsUs[i]) ++i;
    latency_buckets_[i].fetch_add(1, std::memory_order_relaxed);
    latency_sum_us_.fetch_add(us, std::memory_order_relaxed);
    latency_count_.fetch_add(1, std::memory_order_relaxed);
}

void Metrics::observe_integrity_lag(std::chrono::steady_clock::duration d) {
    const double s = std::chrono::duration<double>(d).count();
    std::size_t i = 0;
    while (i < kIntegrityLagBucketsS.size() && s > kIntegrityLagBucketsS[i]) ++i;
    lag_buckets_[i].fetch_add(1, std::memory_order_relaxed);
    lag_sum_ms_.fetch_add(static_cast<std::uint64_t>(s * 1000), std::memory_order_relaxed);
}

std::string Metrics::render(std::string_view node) const {
    std::string out;
    if (!node.empty()) {
        out += "# HELP pinfall_node_info This node's id (--node-id) and name/version.\n";
        out += "# TYPE pinfall_node_info gauge\n";
        out += "pinfall_node_info{node=\"";
        out += node;  // --node-id allows no quote or backslash
        out += "\",server=\"";
        out += kServerName;
        out += "\"} 1\n";
    }
    auto line = [&out](std::string_view name, auto value) {
        out += name;
        out += ' ';
        out += std::to_string(value);
        out += '\n';
    };
    out += "# HELP pinfall_connections Open WebSocket connections.\n";
    out += "# TYPE pinfall_connections gauge\n";
    line("pinfall_connections", connections.load());
    out += "# HELP pinfall_http_connections Open HTTP connections not upgraded.\n";
    out += "# TYPE pinfall_http_connections gauge\n";
    line("pinfall_http_connections", http_connections.load());
    out += "# HELP pinfall_connections_refused_total Connections refused by a limit.\n";
    out += "# TYPE pinfall_connections_refused_total counter\n";
    line("pinfall_connections_refused_total", connections_refused.load());
    out += "# HELP pinfall_games_active Games in progress.\n";
    out += "# TYPE pinfall_games_active gauge\n";
    line("pinfall_games_active", games_active.load());
    out += "# HELP pinfall_messages_total WebSocket messages received.\n";
    out += "# TYPE pinfall_messages_total counter\n";
    line("pinfall_messages_total", messages_in.load());
    out += "# HELP pinfall_slow_consumers_closed_total Connections closed for a full write queue.\n";
    out += "# TYPE pinfall_slow_consumers_closed_total counter\n";
    line("pinfall_slow_consumers_closed_total", slow_consumers_closed.load());
    out += "# HELP pinfall_games_evicted_total Idle unfinished practice games moved to storage.\n";
    out += "# TYPE pinfall_games_evicted_total counter\n";
    line("pinfall_games_evicted_total", games_evicted.load());
    out += "# HELP pinfall_lanes_evicted_total Idle lanes dropped from memory (stored).\n";
    out += "# TYPE pinfall_lanes_evicted_total counter\n";
    line("pinfall_lanes_evicted_total", lanes_evicted.load());
    out += "# HELP pinfall_lane_conflicts_total Lane changes checked again: the lane changed through another node.\n";
    out += "# TYPE pinfall_lane_conflicts_total counter\n";
    line("pinfall_lane_conflicts_total", lane_conflicts.load());
    out += "# HELP pinfall_lane_changes_heard_total Lane changes made on other nodes applied here (in order, or by reloading the lane).\n";
    out += "# TYPE pinfall_lane_changes_heard_total counter\n";
    line("pinfall_lane_changes_heard_total", lane_changes_heard.load());
    out += "# HELP pinfall_guests_expired_total Guests owning nothing deleted after their TTL.\n";
    out += "# TYPE pinfall_guests_expired_total counter\n";
    line("pinfall_guests_expired_total", guests_expired.load());
    out += "# HELP pinfall_integrity_pending Ranked games waiting for or in integrity analysis.\n";
    out += "# TYPE pinfall_integrity_pending gauge\n";
    out += "pinfall_integrity_pending " + std::to_string(integrity_pending.load()) + "\n";
    out += "# HELP pinfall_integrity_flagged_total Ranked games whose own statistic passed its thresholds.\n";
    out += "# TYPE pinfall_integrity_flagged_total counter\n";
    line("pinfall_integrity_flagged_total", integrity_flagged.load());
    out += "# HELP pinfall_reminders_sent_total Daily reminders a push service accepted.\n";
    out += "# TYPE pinfall_reminders_sent_total counter\n";
    line("pinfall_reminders_sent_total", reminders_sent.load());
    out += "# HELP pinfall_reminders_gone_total Push devices dropped as gone (404/410).\n";
    out += "# TYPE pinfall_reminders_gone_total counter\n";
    line("pinfall_reminders_gone_total", reminders_gone.load());
    out += "# HELP pinfall_reminders_failed_total Reminders not delivered (no answer, another status).\n";
    out += "# TYPE pinfall_reminders_failed_total counter\n";
    line("pinfall_reminders_failed_total", reminders_failed.load());
    out += "# HELP pinfall_integrity_lag_seconds From a ranked game queued for analysis to its evidence stored.\n";
    out += "# TYPE pinfall_integrity_lag_seconds histogram\n";
    {
        std::uint64_t below = 0;
        for (std::size_t i = 0; i < kIntegrityLagBucketsS.size(); ++i) {
            below += lag_buckets_[i].load();
            char le[32];
            std::snprintf(le, sizeof le, "%g", kIntegrityLagBucketsS[i]);
            line(std::string("pinfall_integrity_lag_seconds_bucket{le=\"") + le + "\"}", below);
        }
        below += lag_buckets_.back().load();
        line("pinfall_integrity_lag_seconds_bucket{le=\"+Inf\"}", below);
        char lag_sum[32];
        std::snprintf(lag_sum, sizeof lag_sum, "%.3f", static_cast<double>(lag_sum_ms_.load()) / 1e3);
        out += std::string("pinfall_integrity_lag_seconds_sum ") + lag_sum + "\n";
        line("pinfall_integrity_lag_seconds_count", integrity_analysed.load());
    }
    out += "# HELP pinfall_actions_accepted_total Game actions accepted.\n";
    out += "# TYPE pinfall_actions_accepted_total counter\n";
    line("pinfall_actions_accepted_total", actions_accepted.load());
    out += "# HELP pinfall_requests_rejected_total Requests refused, by error code.\n";
    out += "# TYPE pinfall_requests_rejected_total counter\n";
    {
        std::lock_guard lock(rejected_mutex_);
        const std::map<std::string, std::uint64_t> sorted(rejected_.begin(), rejected_.end());
        for (const auto& [code, n] : sorted) {
            line("pinfall_requests_rejected_total{code=\"" + code + "\"}", n);
        }
    }
    out += "# HELP pinfall_action_latency_seconds Time from receiving an action to its reply.\n";
    out += "# TYPE pinfall_action_latency_seconds histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kLatencyBucketsUs.size(); ++i) {
        cumulative += latency_buckets_[i].load();
        char le[32];
        std::snprintf(le, sizeof le, "%g", static_cast<double>(kLatencyBucketsUs[i]) / 1e6);
        line(std::string("pinfall_action_latency_seconds_bucket{le=\"") + le + "\"}", cumulative);
    }
    cumulative += latency_buckets_.back().load();
    line("pinfall_action_latency_seconds_bucket{le=\"+Inf\"}", cumulative);
    char sum[32];
    std::snprintf(sum, sizeof sum, "%.6f", static_cast<double>(latency_sum_us_.load()) / 1e6);
    out += "pinfall_action_latency_seconds_sum ";
    out += sum;
    out += '\n';
    line("pinfall_action_latency_seconds_count", latency_count_.load());
    return out;
}

}  // namespace pinfall::server
