// Black-box: kill -9 the real server at random moments while a ranked game's actions are in
// flight; after each restart every acknowledged action must be there and the game resumes
// exactly where storage has it.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

#include "mirror.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

// The whole game planned ahead with a fixed policy: each action and the version after it.
struct Plan {
    std::vector<engine::Action> actions;
    std::vector<std::uint64_t> version_after;  // [0]: after the opening; [k]: after k actions
};

Plan plan_game(const engine::Seed& seed) {
    Plan plan;
    engine::Events events;
    engine::Game g(engine::Ruleset::kSackson, seed, &events);
    plan.version_after.push_back(events.size());
    for (unsigned step = 0; !g.over(); ++step) {
        const auto plays = engine::list_plays(g.legal());
        const engine::Action a = (step % 9 == 8 || plays.empty())
                                     ? engine::Action::stop()
                                     : play_action(plays[step % plays.size()]);
        events.clear();
        REQUIRE_FALSE(g.apply(a, &events));
        plan.actions.push_back(a);
        plan.version_after.push_back(plan.version_after.back() + events.size());
    }
    return plan;
}

Json request_for(long long game, const engine::Action& a) {
    if (a.kind == engine::Action::Kind::kStop) return {{"type", "stop"}, {"game", game}};
    Json pins = Json::array();
    for (int i = 0; i < a.pin_count; ++i) pins.push_back(a.pins[i]);
    return {{"type", "play"}, {"game", game}, {"pile", a.pile + 1}, {"pins", pins}};
}

}  // namespace

TEST_CASE("kill -9 at random moments loses no acknowledged action", "[storage]") {
    const ScratchDir scratch("kill");
    const std::string& dir = scratch.path();
    const std::vector<std::string> flags = {"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate",
                                            "0"};
    const Plan plan = plan_game(engine::daily_seed("test-secret", "2026-11-29"));
    std::mt19937 rng(20261129);
    std::string token;
    long long game = 0;
    std::size_t acked = 0;  // actions the server acknowledged so far
    int rounds = 0;
    while (true) {
        ServerProcess server(flags, dir);
        WsClient c(server.port());
        c.hello();
        Json snap;
        if (token.empty()) {
            token = c.request({{"type", "register"}, {"name", "Durable"}})["token"];
            snap = c.request({{"type", "daily_start"}});
            game = snap["game"];
        } else {
            REQUIRE(c.request({{"type", "login"}, {"token", token}})["type"] == "logged_in");
            snap = c.request({{"type", "snapshot"}, {"game", game}});
        }
        REQUIRE(snap["type"] == "game");
        // The stored game is the plan's prefix of some length k >= acked.
        const std::uint64_t version = snap["version"];
        const auto at = std::find(plan.version_after.begin(), plan.version_after.end(), version);
        REQUIRE(at != plan.version_after.end());
        const auto k = static_cast<std::size_t>(at - plan.version_after.begin());
        INFO("round " << rounds << ": acknowledged " << acked << ", stored " << k);
        REQUIRE(k >= acked);
        acked = k;
        if (k == plan.actions.size()) {
            CHECK(snap["state"]["over"] == true);
            break;
        }
        // A burst of pipelined actions, then SIGKILL after a random short wait.
        const std::size_t burst = std::min<std::size_t>(1 + rng() % 12, plan.actions.size() - k);
        for (std::size_t i = 0; i < burst; ++i) c.send_request(request_for(game, plan.actions[k + i]));
        std::this_thread::sleep_for(std::chrono::microseconds(rng() % 6000));
        REQUIRE(server.signal_and_wait(SIGKILL, std::chrono::seconds(5)) == 128 + SIGKILL);
        // Replies already delivered are acknowledgements; they arrive in order.
        while (auto text = c.recv(300ms)) {
            const Json reply = Json::parse(*text);
            if (reply["type"] == "update") ++acked;
        }
        ++rounds;
        REQUIRE(rounds < 200);
    }
    CHECK(rounds >= 3);
}
