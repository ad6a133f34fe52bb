// Black-box, PostgreSQL only: the database stops under a playing client. The next ranked action
// is answered storage_error (never acknowledged, never left hanging), /healthz turns 503 with
// the reason, and when PostgreSQL is back the server reconnects by itself (/healthz 200) and
// the player resumes the daily with every acknowledged action in it. The cluster is a private
// one, since the test stops it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <thread>

#include "checked_game.hpp"
#include "engine/seed.hpp"
#include "http_get.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

void cluster(const std::string& cmd, const std::string& dir, const std::string& extra = "") {
    const std::string line =
        std::string("bash ") + PINFALL_PG_CLUSTER_SCRIPT + " " + cmd + " " + dir + " " + extra;
    REQUIRE(std::system(line.c_str()) == 0);
}

template <class F>
bool eventually(F f, std::chrono::seconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (f()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return f();
}

}  // namespace

TEST_CASE("the database stops under a ranked game and comes back", "[storage][postgres]") {
    char pg_tmpl[] = "/tmp/pinfall-pg-server-XXXXXX";
    const std::string pg = ::mkdtemp(pg_tmpl);
    cluster("start", pg);
    cluster("createdb", pg, "pinfall");
    char tmpl[] = "/tmp/pinfall-test-XXXXXX";
    const std::string dir = ::mkdtemp(tmpl);
    std::ofstream(dir + "/secret") << "test-secret\n";
    std::ofstream(dir + "/db-location") << "postgresql:///pinfall?host=" << pg << "&user=postgres";
    {
        ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"}, dir);
        const engine::Seed seed = engine::daily_seed("test-secret", "2026-11-29");
        WsClient a(server.port());
        a.hello();
        const Json reg = a.request({{"type", "register"}, {"name", "Ann"}});
        REQUIRE(reg["type"] == "registered");
        CheckedGame game(a, seed, engine::Ruleset::kSackson, 3);
        game.start_with({{"type", "daily_start"}}, "daily");
        for (int i = 0; i < 6 && !game.over(); ++i) {
            game.send_next();
            game.await();
        }
        const auto acknowledged = game.version();
        CHECK(http_get(server.port(), "/healthz").status == 200);

        cluster("kill", pg);
        const Json refused = a.request({{"type", "stop"}, {"game", game.id()}});
        CHECK(refused["type"] == "error");
        CHECK(refused["code"] == "storage_error");
        CHECK(eventually([&] { return http_get(server.port(), "/healthz").status == 503; },
                         std::chrono::seconds(10)));
        const auto down = http_get(server.port(), "/healthz");
        CHECK_THAT(down.body, Catch::StartsWith("unavailable: database"));

        cluster("restart", pg);
        CHECK(eventually([&] { return http_get(server.port(), "/healthz").status == 200; },
                         std::chrono::seconds(20)));
        WsClient b(server.port());
        b.hello();
        REQUIRE(b.request({{"type", "login"}, {"token", reg["token"]}})["type"] == "logged_in");
        const Json resumed = b.request({{"type", "daily_start"}});
        INFO(resumed.dump());
        REQUIRE(resumed["type"] == "game");
        CHECK(resumed["game"] == game.id());
        CHECK(resumed["version"] == acknowledged);
        INFO(server.log());
    }
    cluster("stop", pg);
    std::system(("rm -rf '" + dir + "'").c_str());
}
