// decode_request on valid requests: every request type decoded to its typed values, the id
// range, field order and whitespace, values the decoder passes on for the engine to judge, and
// the nesting limit (16 levels accepted, 17 refused; a caller-chosen max_depth).
#include <catch2/catch.hpp>
#include <string>

#include "protocol/messages.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::protocol;

// Decodes text that must be a valid request; fails the test with the decoder's reason if not.
Request decoded(const std::string& text) {
    INFO(text);
    Decoded d = decode_request(text);
    if (const auto* err = std::get_if<DecodeError>(&d)) {
        FAIL("refused: " << err->code << ": " << err->message);
    }
    return std::get<Request>(d);
}

template <class T>
T body_of(const Request& r) {
    REQUIRE(std::holds_alternative<T>(r.body));
    return std::get<T>(r.body);
}

// A request object nested `levels` deep: the object is level 1, then levels-1 arrays under "x".
std::string nested(int levels) {
    return R"({"type":"ping","id":1,"x":)" + std::string(levels - 1, '[') +
           std::string(levels - 1, ']') + "}";
}

}  // namespace

TEST_CASE("hello decodes its version and optional guest token", "[decode]") {
    const auto a = decoded(R"({"type":"hello","id":1,"version":1})");
    CHECK(a.id == 1);
    CHECK(body_of<Hello>(a).version == 1);
    CHECK_FALSE(body_of<Hello>(a).guest.has_value());

    const auto b = decoded(R"({"type":"hello","id":2,"version":1,"guest":"g-7f3a"})");
    CHECK(b.id == 2);
    CHECK(body_of<Hello>(b).guest == std::optional<std::string>("g-7f3a"));

    // Another version is still a well-formed hello; the server answers unsupported_version.
    CHECK(body_of<Hello>(decoded(R"({"type":"hello","id":3,"version":2})")).version == 2);
    // JSON escapes are decoded.
    const auto c = decoded(R"({"type":"hello","id":4,"version":1,"guest":"\u00e9\n"})");
    CHECK(body_of<Hello>(c).guest == std::optional<std::string>("\xc3\xa9\n"));
}

TEST_CASE("practice_start decodes ruleset and seed, both optional", "[decode]") {
    const auto plain = body_of<PracticeStart>(decoded(R"({"type":"practice_start","id":5})"));
    CHECK(plain.ruleset == engine::Ruleset::kSackson);
    CHECK_FALSE(plain.seed.has_value());

    const auto strict =
        body_of<PracticeStart>(decoded(R"({"type":"practice_start","id":6,"ruleset":"strict"})"));
    CHECK(strict.ruleset == engine::Ruleset::kStrict);
    CHECK_FALSE(strict.seed.has_value());

    const std::string hex = "000102030405060708090A0B0C0D0E0F101112131415161718191a1b1c1d1e1f";
    const auto seeded = body_of<PracticeStart>(
        decoded(R"({"type":"practice_start","id":7,"ruleset":"sackson","seed":")" + hex + "\"}"));
    CHECK(seeded.ruleset == engine::Ruleset::kSackson);
    REQUIRE(seeded.seed.has_value());
    for (int i = 0; i < 32; ++i) CHECK((*seeded.seed)[i] == i);

    const auto zero = body_of<PracticeStart>(
        decoded(R"({"seed":")" + std::string(64, '0') + R"(","type":"practice_start","id":8})"));
    CHECK(zero.ruleset == engine::Ruleset::kSackson);
    CHECK(zero.seed == std::optional<engine::Seed>(engine::Seed{}));
}

TEST_CASE("play decodes game, pile and the pins as listed", "[decode]") {
    const auto r = decoded(R"({"type":"play","id":9,"game":3,"pile":2,"pins":[9,4,5]})");
    CHECK(r.id == 9);
    const auto p = body_of<PlayRequest>(r);
    CHECK(p.game == 3);
    CHECK(p.pile == 2);
    CHECK(p.pins == std::vector<int>{9, 4, 5});

    // Values a well-formed request may carry and the engine refuses (bad_pile, no_pins,
    // bad_pin, duplicate_pin, too_many_pins): the decoder passes them on unchanged.
    const auto odd =
        body_of<PlayRequest>(decoded(R"({"type":"play","id":10,"game":1,"pile":0,"pins":[]})"));
    CHECK(odd.pile == 0);
    CHECK(odd.pins.empty());
    const auto many = body_of<PlayRequest>(decoded(
        R"({"type":"play","id":11,"game":1,"pile":-100,"pins":[1,1,0,11,-5,1000,7,8,9,10]})"));
    CHECK(many.pile == -100);
    CHECK(many.pins == std::vector<int>{1, 1, 0, 11, -5, 1000, 7, 8, 9, 10});
    CHECK(body_of<PlayRequest>(
              decoded(R"({"type":"play","id":12,"game":1,"pile":100,"pins":[-1000]})"))
              .pile == 100);
}

TEST_CASE("stop, resign and snapshot decode their game id", "[decode]") {
    const auto s = decoded(R"({"type":"stop","id":13,"game":1})");
    CHECK(s.id == 13);
    CHECK(body_of<StopRequest>(s).game == 1);
    CHECK(body_of<ResignRequest>(decoded(R"({"type":"resign","id":14,"game":77})")).game == 77);
    const auto snap = decoded(R"({"type":"snapshot","id":15,"game":9007199254740991})");
    CHECK(body_of<SnapshotRequest>(snap).game == static_cast<GameId>(kMaxId));
}

TEST_CASE("ping, ids from 0 to 2^53-1, any field order and whitespace", "[decode]") {
    CHECK(decoded(R"({"type":"ping","id":0})").id == 0);
    const auto top = decoded(R"({"type":"ping","id":9007199254740991})");
    CHECK(top.id == kMaxId);
    CHECK(std::holds_alternative<Ping>(top.body));
    const auto spaced = decoded(" \r\n\t{ \"id\" : 3 ,\n\"type\" : \"ping\" } \n");
    CHECK(spaced.id == 3);
    CHECK(std::holds_alternative<Ping>(spaced.body));
    // "-0" is the integer 0 in JSON.
    CHECK(decoded(R"({"type":"ping","id":-0})").id == 0);
}

TEST_CASE("nesting: 16 levels pass the parser, 17 are refused", "[decode][depth]") {
    // At 16 levels the request is parsed and refused for its unknown field, with its id.
    const auto at_limit = decode_request(nested(16));
    REQUIRE(std::holds_alternative<DecodeError>(at_limit));
    CHECK(std::string(std::get<DecodeError>(at_limit).code) == code::kBadRequest);
    CHECK(std::get<DecodeError>(at_limit).message == "unknown field x");
    CHECK(std::get<DecodeError>(at_limit).id == std::optional<std::uint64_t>(1));

    // At 17 the parser stops before the id is read.
    const auto over = decode_request(nested(17));
    REQUIRE(std::holds_alternative<DecodeError>(over));
    CHECK(std::string(std::get<DecodeError>(over).code) == code::kBadRequest);
    CHECK(std::get<DecodeError>(over).message == "nesting deeper than 16 levels");
    CHECK_FALSE(std::get<DecodeError>(over).id.has_value());
}

TEST_CASE("max_depth is the caller's: a play needs 2 levels", "[decode][depth]") {
    const std::string play = R"({"type":"play","id":1,"game":1,"pile":1,"pins":[1]})";
    CHECK(std::holds_alternative<Request>(decode_request(play, 2)));
    const auto refused = decode_request(play, 1);
    REQUIRE(std::holds_alternative<DecodeError>(refused));
    CHECK_THAT(std::get<DecodeError>(refused).message, Catch::Contains("nesting deeper"));
    CHECK(std::holds_alternative<Request>(decode_request(R"({"type":"ping","id":1})", 1)));
}

TEST_CASE("accounts: register with an optional password, login by token or name and password",
          "[decode]") {
    const auto plain = body_of<Register>(decoded(R"({"type":"register","id":1,"name":"Ann"})"));
    CHECK(plain.name == "Ann");
    CHECK_FALSE(plain.password.has_value());
    const auto with = body_of<Register>(
        decoded(R"({"type":"register","id":1,"name":"Ann","password":"pass word"})"));
    CHECK(with.password == std::optional<std::string>("pass word"));

    const auto by_token = body_of<Login>(decoded(R"({"type":"login","id":2,"token":"t0k3n"})"));
    CHECK(by_token.token == std::optional<std::string>("t0k3n"));
    CHECK_FALSE(by_token.name.has_value());
    const auto by_name = body_of<Login>(
        decoded(R"({"type":"login","id":2,"password":"secret 12","name":"Ann"})"));
    CHECK_FALSE(by_name.token.has_value());
    CHECK(by_name.name == std::optional<std::string>("Ann"));
    CHECK(by_name.password == std::optional<std::string>("secret 12"));

    const auto change = body_of<ChangePassword>(
        decoded(R"({"type":"change_password","id":3,"password":"new one!"})"));
    CHECK(change.password == "new one!");
    CHECK_FALSE(change.current.has_value());
    CHECK(body_of<ChangePassword>(decoded(R"({"type":"change_password","id":3,"password":"a","current":"b"})"))
              .current == std::optional<std::string>("b"));
    body_of<LogoutOthers>(decoded(R"({"type":"logout_others","id":4})"));
}

TEST_CASE("daily_start decodes an optional guest flag, and a non-boolean is refused", "[decode]") {
    CHECK_FALSE(body_of<DailyStart>(decoded(R"({"type":"daily_start","id":1})")).guest);
    CHECK(body_of<DailyStart>(decoded(R"({"type":"daily_start","id":2,"guest":true})")).guest);
    CHECK_FALSE(
        body_of<DailyStart>(decoded(R"({"type":"daily_start","id":3,"guest":false})")).guest);
    for (const char* bad : {R"({"type":"daily_start","id":4,"guest":1})",
                            R"({"type":"daily_start","id":5,"guest":"yes"})",
                            R"({"type":"daily_start","id":6,"as":true})"}) {
        INFO(bad);
        const Decoded d = decode_request(bad);
        REQUIRE(std::holds_alternative<DecodeError>(d));
        CHECK(std::get<DecodeError>(d).code == std::string("bad_request"));
    }
}

TEST_CASE("undo decodes its game id, and other fields are refused", "[decode]") {
    CHECK(body_of<UndoRequest>(decoded(R"({"type":"undo","id":1,"game":3})")).game == 3);
    for (const char* bad : {R"({"type":"undo","id":2})", R"({"type":"undo","id":3,"game":0})",
                            R"({"type":"undo","id":4,"game":3,"pile":1})"}) {
        INFO(bad);
        const Decoded d = decode_request(bad);
        REQUIRE(std::holds_alternative<DecodeError>(d));
        CHECK(std::get<DecodeError>(d).code == std::string("bad_request"));
    }
}
