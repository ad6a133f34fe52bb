// Measurements for bench/integrity_lag.sh (docs/benchmarks.md "Integrity"), hidden from
// `make test` ([.]): the queue of integrity analysis (issue 27) on the real server, at its
// default idle priority. Prints RESULT lines; the checks only guard that the figures mean
// something.
//  - paced: daily games finished at 2 a second (players registering and playing random legal
//    lines through the protocol), then the server's lag histogram (GET /metrics: from a game
//    queued at its finish until its evidence is stored), as p50 / p99 bucket bounds;
//  - burst: games finished as fast as one client plays them, then the time until the queue is
//    empty: the games a second one analysis thread keeps up with.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>
#include <thread>

#include "checked_game.hpp"
#include "http_get.hpp"
#include "integrity_util.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;
using Clock = std::chrono::steady_clock;

namespace {

// One /metrics value (the first line starting with `name` followed by a space).
double metric_value(unsigned short port, const std::string& name) {
    const auto r = http_get(port, "/metrics");
    std::istringstream in(r.body);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
    }
    return -1;
}

// The smallest lag bucket bound holding fraction q of the analysed games.
std::string lag_quantile(unsigned short port, double q) {
    const auto r = http_get(port, "/metrics");
    std::istringstream in(r.body);
    std::string line;
    std::vector<std::pair<std::string, double>> buckets;
    const std::string prefix = "pinfall_integrity_lag_seconds_bucket{le=\"";
    while (std::getline(in, line)) {
        if (line.rfind(prefix, 0) != 0) continue;
        const auto end = line.find('"', prefix.size());
        buckets.emplace_back(line.substr(prefix.size(), end - prefix.size()),
                             std::stod(line.substr(line.find(' ') + 1)));
    }
    REQUIRE_FALSE(buckets.empty());
    const double total = buckets.back().second;
    for (const auto& [le, n] : buckets) {
        if (n >= q * total) return le;
    }
    return "+Inf";
}

void wait_empty(unsigned short port, std::chrono::seconds timeout) {
    const auto until = Clock::now() + timeout;
    while (metric_value(port, "pinfall_integrity_pending") != 0 && Clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(metric_value(port, "pinfall_integrity_pending") == 0);
}

// Registers a player and plays today's daily with a random legal line.
void one_daily(unsigned short port, const std::string& name, const std::string& day, unsigned policy) {
    WsClient c(port);
    registered(c, name);
    CheckedGame g(c, engine::daily_seed("test-secret", day), engine::Ruleset::kSackson, policy);
    g.start_with({{"type", "daily_start"}}, "daily");
    play_out(g);
}

}  // namespace

TEST_CASE("measure: integrity analysis lag at 2 games a second, and its most games a second",
          "[.][integrity-measure]") {
    const std::string day = "2026-11-29";
    ServerProcess server({"--clock-start", day + "T12:00:00Z", "--msg-rate", "0",
                          "--guests-per-ip", "0", "--games-per-ip", "0"});
    const int paced = 120;
    const auto t0 = Clock::now();
    for (int i = 0; i < paced; ++i) {
        one_daily(server.port(), "paced " + std::to_string(i), day, 1 + i % 5);
        std::this_thread::sleep_until(t0 + std::chrono::milliseconds(500) * (i + 1));
    }
    wait_empty(server.port(), std::chrono::seconds(300));
    const double analysed = metric_value(server.port(), "pinfall_integrity_lag_seconds_count");
    CHECK(analysed == paced);
    std::printf("RESULT integrity_paced games=%d rate_per_s=2 lag_p50_s_le=%s lag_p99_s_le=%s "
                "lag_mean_s=%.3f\n",
                paced, lag_quantile(server.port(), 0.5).c_str(),
                lag_quantile(server.port(), 0.99).c_str(),
                metric_value(server.port(), "pinfall_integrity_lag_seconds_sum") / analysed);

    // The analysis runs while the burst is played (a game takes the client a few ms, its
    // analysis far more): the games a second is the burst over the time from its start until
    // the queue is empty.
    const int burst = 100;
    const auto b0 = Clock::now();
    for (int i = 0; i < burst; ++i) {
        one_daily(server.port(), "burst " + std::to_string(i), day, 1 + i % 5);
    }
    const double played_s = std::chrono::duration<double>(Clock::now() - b0).count();
    wait_empty(server.port(), std::chrono::seconds(600));
    const double total_s = std::chrono::duration<double>(Clock::now() - b0).count();
    CHECK(metric_value(server.port(), "pinfall_integrity_lag_seconds_count") == paced + burst);
    std::printf("RESULT integrity_burst games=%d played_s=%.1f drained_s=%.1f games_per_s=%.2f\n",
                burst, played_s, total_s, burst / total_s);
    std::fflush(stdout);
}
