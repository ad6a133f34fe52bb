// Black-box: a refused play's error carries `detail` (docs/protocol.md "Illegal plays"): the
// rule, the pile's card, the pins and the rule's own members, and the game is unchanged; in a
// practice game on the zero seed, whose deal 0 is
//   6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H
// and in a daily attempt (ranked: the detail names only face-up cards there too).
#include <catch2/catch.hpp>

#include "checked_game.hpp"
#include "server_process.hpp"

using namespace pinfall;
using namespace pinfall::test;

namespace {

Json refused(WsClient& c, long long game, int pile, const std::vector<int>& pins,
             const std::string& code) {
    return expect_error(c, {{"type", "play"}, {"game", game}, {"pile", pile}, {"pins", pins}},
                        code)["detail"];
}

}  // namespace

TEST_CASE("play detail: each refused play of a practice game says which rule and which cards") {
    ServerProcess server({"--msg-rate", "0"});
    WsClient c(server.port());
    c.hello();
    const Json snap = c.request({{"type", "practice_start"}, {"seed", std::string(64, '0')}});
    REQUIRE(snap["type"] == "game");
    const long long g = snap["game"];

    CHECK(refused(c, g, 1, {2, 1}, "sum_mismatch") ==
          Json::parse(R"({"rule":"sum","pile":1,"card":"5S","pins":[2,1],)"
                      R"("cards":["7S","6S"],"sum":13,"digit":3,"value":5})"));
    CHECK(refused(c, g, 2, {9, 10}, "back_row_on_first_play") ==
          Json::parse(R"({"rule":"first_play","pile":2,"card":"6H","pins":[9,10],)"
                      R"("refused":[9,10]})"));
    CHECK(refused(c, g, 3, {10, 1}, "not_connected") ==
          Json::parse(R"({"rule":"shape","pile":3,"card":"3H","pins":[10,1],"apart":[[1,10]]})"));
    CHECK(refused(c, g, 4, {1}, "bad_pile") ==
          Json::parse(R"({"rule":"pile","pile":4,"card":null,"pins":[1]})"));
    CHECK(refused(c, g, 0, {1}, "bad_pile")["pile"].is_null());
    CHECK(refused(c, g, 1, {1, 11, 0}, "bad_pin")["refused"] == Json::array({11, 0}));
    CHECK(refused(c, g, 1, {3, 3}, "duplicate_pin")["refused"] == Json::array({3}));
    CHECK(refused(c, g, 1, {}, "no_pins")["rule"] == "pin_list");

    // Nothing changed: the same version, then the legal play is accepted.
    CHECK(c.request({{"type", "snapshot"}, {"game", g}})["version"] == snap["version"]);
    CHECK(c.request({{"type", "play"}, {"game", g}, {"pile", 1}, {"pins", {1, 3, 6}}})["type"] ==
          "update");
    CHECK(refused(c, g, 2, {1}, "pin_not_standing") ==
          Json::parse(R"({"rule":"standing","pile":2,"card":"6H","pins":[1],"down":[1]})"));

    // A stop or resign that is refused (game over) has no detail; a play then says game_over.
    CHECK(c.request({{"type", "resign"}, {"game", g}})["type"] == "update");
    CHECK_FALSE(expect_error(c, {{"type", "stop"}, {"game", g}}, "game_over").contains("detail"));
    CHECK(refused(c, g, 1, {2}, "game_over") ==
          Json::parse(R"({"rule":"game_over","pile":1,"card":null,"pins":[2]})"));
}

TEST_CASE("play detail: a refused play in a daily attempt names the face-up card", "[storage]") {
    ServerProcess server({"--clock-start", "2026-11-29T12:00:00Z", "--msg-rate", "0"});
    WsClient c(server.port());
    registered(c, "Detailed");
    const Json snap = c.request({{"type", "daily_start"}});
    REQUIRE(snap["type"] == "game");
    const engine::Game mirror(engine::Ruleset::kSackson,
                              engine::daily_seed("test-secret", "2026-11-29"));
    const Json d = refused(c, snap["game"], 1, {1, 10}, "not_connected");
    CHECK(d["rule"] == "shape");
    CHECK(d["card"] == engine::card_name(mirror.rack().face_up(0)));
    CHECK(d["card"] == snap["state"]["piles"][0]["up"]);
    CHECK(d["apart"] == Json::parse("[[1,10]]"));
    CHECK(c.request({{"type", "snapshot"}, {"game", snap["game"]}})["version"] == snap["version"]);
}
