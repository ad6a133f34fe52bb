// encode_update byte for byte on the all-zero seed: a play, a stop (ball_end + burn), the end
// of a frame (ball_end, frame_end, deal) and a resignation (ball_end, game_over, reveal); then
// whole games under simple policies, checking that every update and snapshot is JSON, that
// versions run on without a gap, and that no face-down card of the rack in play is ever named.
#include <catch2/catch.hpp>
#include <functional>

#include "encode_fixture.hpp"

namespace {

using namespace pinfall;
using nlohmann::json;
using pinfall::test::VersionedGame;

}  // namespace

TEST_CASE("encode_update: a play, a stop, a frame's end, a resignation", "[encode][update]") {
    // Deal 0: 6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H
    VersionedGame g;
    std::string text = g.play(1, {1, 3, 6}, 8);
    CHECK(text ==
          R"({"type":"update","re":8,"game":42,"mode":"practice","version":2,"events":[{"v":2,)"
          R"("e":"play","pile":1,"pins":[1,3,6],"ball":"5S","turned":"7H"}],"legal":[[[2]],[[2,4,)"
          R"(7],[4,5,9],[8,9,10],[9,10]],[[4,5,7]]]})");
    pinfall::test::check_update_hides_face_down(text, g.game);

    text = g.act(engine::Action::stop(), 9);
    CHECK(text ==
          R"({"type":"update","re":9,"game":42,"mode":"practice","version":4,"events":[{"v":3,)"
          R"("e":"ball_end","frame":1,"ball":1,"roll":3,"reason":"stopped","mark":null},{"v":4,)"
          R"("e":"burn","burned":["7H","6H","3H"],"turned":["2S","3S","2H"]}],)"
          R"("sheet":{"rolls":[3],"frames":[{"marks":"3","total":null},{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null}],"score":3,"complete":false},)"
          R"("legal":[[[2,4,5],[2,5,9],[4,8,9],[5,7,8]],[[4,5,7]],[[2,4,5],[2,5,9],[4,8,9],[5,7,)"
          R"(8]]]})");
    pinfall::test::check_update_hides_face_down(text, g.game);

    text = g.play(1, {2, 4, 5}, 10);
    CHECK(text ==
          R"({"type":"update","re":10,"game":42,"mode":"practice","version":5,"events":[{"v":5,)"
          R"("e":"play","pile":1,"pins":[2,4,5],"ball":"2S","turned":"8S"}],"legal":[[[7],[7,8]],)"
          R"([],[]]})");
    // Deal 1: 4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS
    text = g.act(engine::Action::stop(), 11);
    CHECK(text ==
          R"({"type":"update","re":11,"game":42,"mode":"practice","version":8,"events":[{"v":6,)"
          R"("e":"ball_end","frame":1,"ball":2,"roll":3,"reason":"stopped","mark":null},{"v":7,)"
          R"("e":"frame_end","frame":1},{"v":8,"e":"deal","deal":1,"pins":["4H","2S","3S","9H",)"
          R"("AH","5H","10S","2H","7S","6H"],"up":["3H","7H","5S"]}],"sheet":{"rolls":[3,3],)"
          R"("frames":[{"marks":"33","total":6},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null}],"score":6,"complete":false},"legal":[[[2,5],)"
          R"([3],[3,4,5]],[[1,2,5],[1,3]],[[1,2,4],[2,3],[6]]]})");
    pinfall::test::check_update_hides_face_down(text, g.game);

    text = g.play(1, {2, 5}, 12);
    CHECK(text ==
          R"({"type":"update","re":12,"game":42,"mode":"practice","version":9,"events":[{"v":9,)"
          R"("e":"play","pile":1,"pins":[2,5],"ball":"3H","turned":"8H"}],"legal":[[[3,6],[4,8,9],)"
          R"([6,9,10]],[[1,3],[9]],[[3,6,9],[6],[8,9,10]]]})");
    // Resigning mid-ball counts the ball; the finished game reveals its seed, record and deals.
    text = g.act(engine::Action::resign(), 13);
    CHECK(text ==
          R"({"type":"update","re":13,"game":42,"mode":"practice","version":11,"events":[{"v":10,)"
          R"("e":"ball_end","frame":2,"ball":1,"roll":2,"reason":"resigned","mark":null},{"v":11,)"
          R"("e":"game_over","score":8,"resigned":true}],"sheet":{"rolls":[3,3,2],)"
          R"("frames":[{"marks":"33","total":6},{"marks":"2","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null}],"score":8,"complete":false},"legal":[[],[],)"
          R"([]],)"
          R"("reveal":{"seed":"0000000000000000000000000000000000000000000000000000000000000000",)"
          R"("record":"pinfall/1 sackson 000000000000000000000000000000000000000000000000000000000)"
          R"(0000000 1:1,3,6 s 1:2,4,5 s 1:2,5 r",)"
          R"("deals":["6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H",)"
          R"("4H 2S 3S 9H AH 5H 10S 2H 7S 6H | 3H 8H 6S 9S 10H / 7H 8S 4S / 5S AS"]}})");
    CHECK(g.version == 11);
}

namespace {

using Policy = std::function<engine::Action(const engine::Game&, int step)>;

engine::Action first_legal_play(const engine::Game& g) {
    const auto plays = engine::list_plays(g.legal());
    REQUIRE_FALSE(plays.empty());
    std::vector<int> pins;
    for (int p = 1; p <= engine::kPinCount; ++p) {
        if (plays.front().pins & engine::pin_bit(p)) pins.push_back(p);
    }
    return engine::Action::play(plays.front().pile, pins);
}

// Plays a whole game, checking every update and a snapshot after each action.
void play_through(const engine::Seed& seed, const Policy& policy) {
    VersionedGame g(seed);
    for (int step = 0; !g.game.over(); ++step) {
        REQUIRE(step < 200);
        const std::uint64_t before = g.version;
        const std::string text = g.act(policy(g.game, step), step);
        INFO(text);
        const json j = json::parse(text);
        CHECK(j["type"] == "update");
        CHECK(j["re"] == step);
        CHECK(j["version"] == g.version);
        bool ball_ended = false;
        for (std::size_t i = 0; i < j["events"].size(); ++i) {
            CHECK(j["events"][i]["v"] == before + 1 + i);
            ball_ended |= j["events"][i]["e"] == "ball_end";
        }
        CHECK(j.contains("sheet") == ball_ended);
        CHECK(j["legal"].size() == 3);
        if (!g.game.over()) {
            CHECK_FALSE(j.contains("reveal"));
            pinfall::test::check_update_hides_face_down(text, g.game);
            pinfall::test::check_hides_face_down(g.snapshot(std::nullopt), g.game);
            continue;
        }
        CHECK(j["events"].back()["e"] == "game_over");
        CHECK(j["events"].back()["score"] == g.game.score());
        CHECK(j["legal"] == json::parse("[[],[],[]]"));
        const auto& deals = j["reveal"]["deals"];
        REQUIRE(deals.size() == static_cast<std::size_t>(g.game.deal_index() + 1));
        for (std::size_t k = 0; k < deals.size(); ++k) {
            const auto d = engine::deal_from_seed(seed, static_cast<std::uint32_t>(k));
            CHECK(deals[k] == engine::deal_text(d));
        }
        CHECK(j["reveal"]["seed"] == engine::seed_hex(seed));
        CHECK(json::parse(g.snapshot(1))["reveal"] == j["reveal"]);
    }
}

engine::Seed counting_seed(std::uint8_t start) {
    engine::Seed s{};
    for (int i = 0; i < 32; ++i) s[i] = static_cast<std::uint8_t>(start + i);
    return s;
}

}  // namespace

TEST_CASE("whole games: updates are JSON, gapless and hide face-down cards", "[encode][update]") {
    const std::vector<std::pair<const char*, Policy>> policies = {
        {"first legal play", [](const engine::Game& g, int) { return first_legal_play(g); }},
        {"always stop", [](const engine::Game&, int) { return engine::Action::stop(); }},
        {"play then stop",
         [](const engine::Game& g, int step) {
             return step % 2 ? engine::Action::stop() : first_legal_play(g);
         }},
    };
    for (const std::uint8_t start : {0, 1, 7, 100, 200}) {
        for (const auto& [name, policy] : policies) {
            INFO("policy " << name << ", seed from " << int{start});
            play_through(start == 0 ? engine::Seed{} : counting_seed(start), policy);
        }
    }
}

TEST_CASE("a resigned game's sheet is incomplete even when its last ball ended frame 10",
          "[encode][update]") {
    // The review's case: all-zero seed, 19 stops (frame 10, ball 2), pile 1 on pins 1 and 2,
    // resign: the ball counts and happens to complete the engine's sheet.
    VersionedGame g;
    for (int i = 0; i < 19; ++i) g.act(engine::Action::stop(), 1);
    g.play(1, {1, 2}, 2);
    REQUIRE_FALSE(g.game.sheet().complete());
    const json update = json::parse(g.act(engine::Action::resign(), 3));
    REQUIRE(g.game.sheet().complete());  // the engine's sheet holds all ten frames
    CHECK(update["sheet"]["complete"] == false);
    CHECK(update["sheet"]["score"] == 2);
    const json snap = json::parse(g.snapshot(4));
    CHECK(snap["state"]["resigned"] == true);
    CHECK(snap["sheet"]["complete"] == false);
}
