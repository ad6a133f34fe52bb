// Black-box: full practice games over WebSocket against the real binary, checked move by move
// against a local engine mirror; every outbound message is checked for hidden cards.
#include <catch2/catch.hpp>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

engine::Seed test_seed(int i) { return engine::sha256("server-game-test-" + std::to_string(i)); }

}  // namespace

TEST_CASE("a practice game plays to game over exactly as the engine does") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    const Json welcome = c.hello();
    CHECK(welcome["version"] == 1);
    CHECK(welcome["guest"].get<std::string>().size() == 43);
    CheckedGame game(c, test_seed(0), engine::Ruleset::kSackson, 1);
    const int score = game.play();
    CHECK(score == game.mirror().score());
    CHECK(game.mirror().over());
}

TEST_CASE("hidden cards never appear in any message over many games") {
    ServerProcess server({"--msg-rate", "0"});  // far more than a person sends per second
    WsClient c(server.port());
    const Json welcome = c.hello();
    CHECK(welcome.dump().find("\"H\"") == std::string::npos);
    for (int i = 0; i < 24; ++i) {
        const auto ruleset = i % 2 ? engine::Ruleset::kStrict : engine::Ruleset::kSackson;
        CheckedGame game(c, test_seed(100 + i), ruleset, static_cast<unsigned>(i % 5));
        game.play();
    }
    CHECK(c.others.empty());  // no message arrived that was not a reply
}

TEST_CASE("two clients play separate games with requests in flight at once") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient a(server.port());
    WsClient b(server.port());
    a.hello();
    b.hello();
    CheckedGame ga(a, test_seed(200), engine::Ruleset::kSackson, 3);
    CheckedGame gb(b, test_seed(201), engine::Ruleset::kStrict, 2);
    ga.start();
    gb.start();
    CHECK(ga.id() != gb.id());
    while (!ga.over() || !gb.over()) {
        const bool step_a = !ga.over();
        const bool step_b = !gb.over();
        if (step_a) ga.send_next();
        if (step_b) gb.send_next();
        if (step_a) ga.await();
        if (step_b) gb.await();
    }
    CHECK(ga.finish() == ga.mirror().score());
    CHECK(gb.finish() == gb.mirror().score());
}
