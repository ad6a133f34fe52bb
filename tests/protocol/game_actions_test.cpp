// protocol/game_actions.hpp: the one place a decoded game request becomes an engine action.
#include <catch2/catch.hpp>

#include "protocol/messages.hpp"
#include "protocol/game_actions.hpp"

using namespace pinfall;

namespace {

// The body of a request as the server decodes it (every request has an id).
protocol::RequestBody body_of(std::string text) {
    text.insert(1, R"("id":1,)");
    auto decoded = protocol::decode_request(text, protocol::kDefaultMaxDepth);
    if (const auto* e = std::get_if<protocol::DecodeError>(&decoded)) FAIL(text << ": " << e->message);
    REQUIRE(std::holds_alternative<protocol::Request>(decoded));
    return std::get<protocol::Request>(decoded).body;
}

}  // namespace

TEST_CASE("game_action: piles counted from 1 on the wire are counted from 0 in the engine") {
    const auto a = protocol::game_action(body_of(R"({"type":"play","game":7,"pile":3,"pins":[2,5]})"));
    REQUIRE(a);
    CHECK(a->game == 7);
    CHECK(a->action.kind == engine::Action::Kind::kPlay);
    CHECK(a->action.pile == 2);
    const auto pins = a->action.listed_pins();
    CHECK(std::vector<int>(pins.begin(), pins.end()) == std::vector<int>{2, 5});
}

TEST_CASE("game_action: a pile out of range stays out of range for the engine to refuse") {
    for (const char* pile : {"0", "-4"}) {
        const auto a = protocol::game_action(
            body_of(std::string(R"({"type":"play","game":1,"pins":[1],"pile":)") + pile + "}"));
        INFO(pile);
        REQUIRE(a);
        CHECK(a->action.pile == 255);
    }
    // Past the three piles: still past them (the engine's bad_pile), never wrapped to a real one.
    for (const auto& [pile, engine_pile] : {std::pair{4, 3}, std::pair{100, 99}}) {
        const auto a = protocol::game_action(body_of(R"({"type":"play","game":1,"pins":[1],"pile":)" +
                                                     std::to_string(pile) + "}"));
        INFO(pile);
        REQUIRE(a);
        CHECK(a->action.pile == engine_pile);
    }
}

TEST_CASE("game_action: stop, undo and resign, other requests are no game action") {
    using Kind = engine::Action::Kind;
    const std::pair<const char*, Kind> cases[] = {{"stop", Kind::kStop}, {"undo", Kind::kUndo},
                                                  {"resign", Kind::kResign}};
    for (const auto& [type, kind] : cases) {
        const auto a = protocol::game_action(
            body_of(std::string(R"({"type":")") + type + R"(","game":42})"));
        INFO(type);
        REQUIRE(a);
        CHECK(a->game == 42);
        CHECK(a->action.kind == kind);
    }
    CHECK_FALSE(protocol::game_action(body_of(R"({"type":"snapshot","game":42})")));
    CHECK_FALSE(protocol::game_action(body_of(R"({"type":"ping"})")));
}
