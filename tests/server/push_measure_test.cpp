// Measurement for bench/push.sh (docs/benchmarks.md "Reminders"), hidden from `make test` ([.]):
// reminders sent per second by one node against the mock push service (push_mock.hpp, on this
// machine: it verifies every JWT and decrypts every payload). PINFALL_PUSH_DEVICES players
// (default 2000) each subscribe one device for 09:00 in New York before it comes; at 09:00 they
// are all due at once, and the rate is the devices over the time from the first push's arrival
// to the last's. Prints RESULT lines.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "checked_game.hpp"
#include "push_mock.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace push_measure_test {

TEST_CASE("push measure: reminders a second from one node to the mock push service", "[.][push-measure]") {
    const char* env = std::getenv("PINFALL_PUSH_DEVICES");
    const int devices = env ? std::atoi(env) : 2000;
    const char* conc = std::getenv("PINFALL_PUSH_CONCURRENCY");
    const std::string concurrency = conc ? conc : "16";
    PushMock mock;
    // 09:00 in New York comes 90 s after the start: time to subscribe every device first.
    ServerProcess server({"--clock-start", "2026-11-29T13:58:30Z", "--msg-rate", "0",
                          "--guests-per-ip", "0", "--reminder-check-ms", "100",
                          "--push-insecure-endpoints", "1", "--push-concurrency", concurrency});
    const auto setup = std::chrono::steady_clock::now();
    {
        WsClient c(server.port());
        c.hello();
        mock.expect_key(c.request({{"type", "push_key"}})["key"]);
    }
    for (int i = 0; i < devices; ++i) {
        WsClient c(server.port());
        registered(c, "Player " + std::to_string(i));
        const MockDevice d = mock.add_device();
        const Json r = c.request(
            {{"type", "push_subscribe"},
             {"subscription", {{"endpoint", d.endpoint}, {"keys", {{"p256dh", d.p256dh}, {"auth", d.auth}}}}},
             {"time_zone", "America/New_York"},
             {"reminders", {{"hour", 9}}}});
        REQUIRE(r["type"] == "settings");
    }
    const double setup_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - setup).count();
    REQUIRE(setup_s < 85);  // every device subscribed before 09:00
    REQUIRE(mock.count() == 0);
    REQUIRE(mock.wait_count(1, std::chrono::seconds(120)));
    const auto first = std::chrono::steady_clock::now();
    REQUIRE(mock.wait_count(static_cast<std::size_t>(devices), std::chrono::seconds(600)));
    const double span = std::chrono::duration<double>(std::chrono::steady_clock::now() - first).count();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    CHECK(mock.count() == static_cast<std::size_t>(devices));
    int bad = 0;
    for (const auto& p : mock.pushes()) bad += !(p.jwt_ok && p.decrypted);
    CHECK(bad == 0);
    std::printf("RESULT devices %d\n", devices);
    std::printf("RESULT push_concurrency %s\n", concurrency.c_str());
    std::printf("RESULT first_to_last_s %.2f\n", span);
    std::printf("RESULT reminders_per_s %.0f\n", (devices - 1) / span);
    std::printf("RESULT verified_and_decrypted %d of %d\n", devices - bad, devices);
}

}  // namespace push_measure_test
