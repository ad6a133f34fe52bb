// The encoders of protocol/encode.hpp for error, pong, welcome and game snapshots, byte for
// byte (docs/protocol.md quotes these strings), plus: the output is JSON, and a snapshot names
// none of the face-down ball cards of the rack in play.
#include <catch2/catch.hpp>

#include "encode_fixture.hpp"
#include "engine/errors.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::protocol;
using pinfall::test::VersionedGame;

}  // namespace

TEST_CASE("encode_error: re echoed or null, code and message escaped", "[encode]") {
    CHECK(encode_error(5, "unknown_type", "unknown message type \"fly\"") ==
          R"({"type":"error","re":5,"code":"unknown_type",)"
          R"("message":"unknown message type \"fly\""})");
    CHECK(encode_error(std::nullopt, "bad_json", "not valid JSON") ==
          R"({"type":"error","re":null,"code":"bad_json","message":"not valid JSON"})");
    // What the server sends for a binary message (server/app/front/dispatcher.cpp).
    const std::string binary = "binary frames are not accepted; send JSON text";
    CHECK(encode_error(std::nullopt, "bad_request", binary) ==
          R"({"type":"error","re":null,"code":"bad_request",)"
          R"("message":"binary frames are not accepted; send JSON text"})");
    CHECK(encode_error(kMaxId, "rate_limited", "a\001b\tc\\d\n") ==
          R"({"type":"error","re":9007199254740991,"code":"rate_limited",)"
          R"("message":"a\u0001b\tc\\d\n"})");
    const auto e = engine::make_error(engine::ErrorCode::kSumMismatch);
    CHECK(encode_error(12, engine::error_code_name(e.code), e.message) ==
          R"({"type":"error","re":12,"code":"sum_mismatch",)"
          R"("message":"The ball card must match the pin, or the last digit of the pins' sum."})");
    // A NUL that came in as \u0000 goes out escaped, never raw.
    using namespace std::string_literals;
    CHECK(encode_error(1, "unknown_type", "x\0y"s) ==
          R"({"type":"error","re":1,"code":"unknown_type","message":"x\u0000y"})");
}

TEST_CASE("encode_pong: with and without re", "[encode]") {
    CHECK(encode_pong(16) == R"({"type":"pong","re":16})");
    CHECK(encode_pong(std::nullopt) == R"({"type":"pong"})");
}

TEST_CASE("encode_welcome: version, server, time, guest token, unfinished games", "[encode]") {
    Welcome w;
    w.server = "pinfall/0.1.0";
    w.time = "2026-11-29T12:00:00.000Z";
    w.guest = "q3Vx8Jm0bZ2yT7kLwN4cR1sA9eF6gH5iU-_pO0dKf2M";
    w.games = {3, 17};
    CHECK(encode_welcome(1, w) ==
          R"({"type":"welcome","re":1,"version":1,"server":"pinfall/0.1.0",)"
          R"("time":"2026-11-29T12:00:00.000Z",)"
          R"("guest":"q3Vx8Jm0bZ2yT7kLwN4cR1sA9eF6gH5iU-_pO0dKf2M","games":[3,17]})");
    w.games.clear();
    w.guest = "g";
    CHECK(encode_welcome(std::nullopt, w) ==
          R"({"type":"welcome","version":1,"server":"pinfall/0.1.0",)"
          R"("time":"2026-11-29T12:00:00.000Z","guest":"g","games":[]})");
}

TEST_CASE("encode_snapshot: a fresh game on the all-zero seed", "[encode][snapshot]") {
    // Deal 0: 6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H
    const VersionedGame g;
    REQUIRE(g.version == 1);
    const std::string text = g.snapshot(7);
    CHECK(text ==
          R"({"type":"game","re":7,"game":42,"mode":"practice","version":1,)"
          R"("state":{"ruleset":"sackson","over":false,"resigned":false,"frame":1,"ball":1,)"
          R"("deal":0,"second_ball":false,"pins_this_ball":0,"pins":["6S","7S","10H","AS","4S",)"
          R"("9H","8H","10S","AH","5H"],"piles":[{"up":"5S","down":4},{"up":"6H","down":2},)"
          R"({"up":"3H","down":1}]},"sheet":{"rolls":[],"frames":[{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null},)"
          R"({"marks":"","total":null},{"marks":"","total":null},{"marks":"","total":null}],)"
          R"("score":0,"complete":false},"legal":[[[1,3,6],[3,4,5]],[[1],[1,3],[2,3,6]],[[1,2],[1,)"
          R"(2,3],[3,5,6]]]})");
    pinfall::test::check_hides_face_down(text, g.game);
    for (const char* hidden : {"7H", "2S", "8S", "9S", "3S", "4H", "2H"}) {
        CHECK(text.find(hidden) == std::string::npos);
    }
}

TEST_CASE("encode_snapshot: ball 2 after a play and a stop", "[encode][snapshot]") {
    VersionedGame g;
    g.play(1, {1, 3, 6}, 8);
    g.act(engine::Action::stop(), 9);
    const std::string text = g.snapshot(3);
    CHECK(text ==
          R"({"type":"game","re":3,"game":42,"mode":"practice","version":4,)"
          R"("state":{"ruleset":"sackson","over":false,"resigned":false,"frame":1,"ball":2,)"
          R"("deal":0,"second_ball":true,"pins_this_ball":0,"pins":[null,"7S",null,"AS","4S",null,)"
          R"("8H","10S","AH","5H"],"piles":[{"up":"2S","down":2},{"up":"3S","down":1},{"up":"2H",)"
          R"("down":0}]},"sheet":{"rolls":[3],"frames":[{"marks":"3","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null},{"marks":"",)"
          R"("total":null},{"marks":"","total":null},{"marks":"","total":null}],"score":3,)"
          R"("complete":false},"legal":[[[2,4,5],[2,5,9],[4,8,9],[5,7,8]],[[4,5,7]],[[2,4,5],[2,5,)"
          R"(9],[4,8,9],[5,7,8]]]})");
    pinfall::test::check_hides_face_down(text, g.game);
    for (const char* hidden : {"8S", "9S", "4H"}) CHECK(text.find(hidden) == std::string::npos);
}

TEST_CASE("encode_snapshot: a finished game carries its reveal", "[encode][snapshot]") {
    VersionedGame g;
    g.act(engine::Action::resign(), 1);
    const auto j = nlohmann::json::parse(g.snapshot(std::nullopt));
    CHECK_FALSE(j.contains("re"));
    CHECK(j["state"]["over"] == true);
    CHECK(j["state"]["resigned"] == true);
    CHECK(j["legal"] == nlohmann::json::parse("[[],[],[]]"));
    CHECK(j["reveal"]["seed"] == std::string(64, '0'));
    CHECK(j["reveal"]["record"] == "pinfall/1 sackson " + std::string(64, '0') + " r");
    CHECK(j["reveal"]["deals"] ==
          nlohmann::json::array(
              {"6S 7S 10H AS 4S 9H 8H 10S AH 5H | 5S 7H 2S 8S 9S / 6H 3S 4H / 3H 2H"}));
}

TEST_CASE("encode_error, encode_pong and encode_welcome output parses as JSON", "[encode]") {
    using nlohmann::json;
    using namespace std::string_literals;
    const auto err = json::parse(encode_error(std::nullopt, "bad_request", "\x1f\"\\\0\x7f"s));
    CHECK(err["re"].is_null());
    CHECK(err["message"] == "\x1f\"\\\0\x7f"s);
    CHECK(json::parse(encode_pong(kMaxId))["re"] == kMaxId);
    Welcome w;
    w.server = "pinfall/0.1.0";
    w.time = "t";
    w.guest = "\xc3\xa9";  // UTF-8 passes through unchanged
    w.games = {static_cast<GameId>(kMaxId)};
    const auto welcome = json::parse(encode_welcome(2, w));
    CHECK(welcome["guest"] == "\xc3\xa9");
    CHECK(welcome["games"][0] == kMaxId);
}
