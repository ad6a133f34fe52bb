// decode_request on malformed and hostile text: each input must come back as a DecodeError with
// the code a client expects (bad_json, bad_request, unknown_type, too_many_pins) and the request
// id when it could be read, never an exception or a crash (docs/rules.md, "Protocol conventions").
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace {

using namespace pinfall::protocol;
using namespace std::string_literals;  // "..."s keeps embedded NUL bytes

constexpr std::optional<std::uint64_t> kNoId;

struct Refused {
    const char* what;
    std::string text;
    const char* code;
    std::optional<std::uint64_t> id;
};

void check_refused(const std::vector<Refused>& cases) {
    for (const auto& c : cases) {
        INFO(c.what);
        Decoded d;
        REQUIRE_NOTHROW(d = decode_request(c.text));
        REQUIRE(std::holds_alternative<DecodeError>(d));
        const auto& err = std::get<DecodeError>(d);
        CHECK(std::string(err.code) == c.code);
        CHECK(err.id == c.id);
        CHECK_FALSE(err.message.empty());
    }
}

std::string play_with(const std::string& field, const std::string& value) {
    std::string pile = R"("pile":1)", pins = R"("pins":[1])", game = R"("game":1)";
    const std::string set = "\"" + field + "\":" + value;
    if (field == "pile") pile = set;
    if (field == "pins") pins = set;
    if (field == "game") game = set;
    return R"({"type":"play","id":7,)" + game + "," + pile + "," + pins + "}";
}

}  // namespace

TEST_CASE("text that is not JSON is bad_json", "[decode][refuse]") {
    check_refused({
        {"empty string", "", code::kBadJson, kNoId},
        {"only whitespace", " \n\t ", code::kBadJson, kNoId},
        {"truncated object", R"({"type":"ping","id":1)", code::kBadJson, kNoId},
        {"trailing garbage", R"({"type":"ping","id":1} x)", code::kBadJson, kNoId},
        {"two objects", R"({"type":"ping","id":1}{"type":"ping","id":2})", code::kBadJson, kNoId},
        {"single quotes", R"({'type':'ping','id':1})", code::kBadJson, kNoId},
        {"comment", R"({"type":"ping",/* c */"id":1})", code::kBadJson, kNoId},
        {"NaN", R"({"type":"ping","id":NaN})", code::kBadJson, kNoId},
        {"bad escape", R"({"type":"p\xing","id":1})", code::kBadJson, kNoId},
        {"lone surrogate", R"({"type":"\ud800","id":1})", code::kBadJson, kNoId},
        {"NUL byte after the object", "{\"type\":\"ping\",\"id\":1}\0"s, code::kBadJson, kNoId},
        {"NUL byte then garbage", "{\"type\":\"ping\",\"id\":1}\0{]"s, code::kBadJson, kNoId},
        {"NUL byte first", "\0{\"type\":\"ping\",\"id\":1}"s, code::kBadJson, kNoId},
        {"raw NUL in a string", "{\"type\":\"pi\0ng\",\"id\":1}"s, code::kBadJson, kNoId},
        {"invalid UTF-8 byte", "{\"type\":\"ping\",\"id\":1,\"x\":\"\xff\"}", code::kBadJson,
         kNoId},
        {"overlong UTF-8", "{\"type\":\"\xc0\xaf\",\"id\":1}", code::kBadJson, kNoId},
        {"unbalanced 5000 [", std::string(5000, '['), code::kBadRequest, kNoId},
    });
}

TEST_CASE("JSON that is not a request object is bad_request", "[decode][refuse]") {
    check_refused({
        {"top-level array", "[]", code::kBadRequest, kNoId},
        {"array holding a request", R"([{"type":"ping","id":1}])", code::kBadRequest, kNoId},
        {"top-level number", "42", code::kBadRequest, kNoId},
        {"top-level string", R"("ping")", code::kBadRequest, kNoId},
        {"top-level null", "null", code::kBadRequest, kNoId},
        {"top-level true", "true", code::kBadRequest, kNoId},
        {"missing type", R"({"id":4})", code::kBadRequest, 4},
        {"type not a string", R"({"type":5,"id":4})", code::kBadRequest, 4},
        {"missing id", R"({"type":"ping"})", code::kBadRequest, kNoId},
    });
}

TEST_CASE("deep nesting and duplicate keys are refused while parsing", "[decode][refuse]") {
    const std::string deep_objects = [] {
        std::string s;
        for (int i = 0; i < 5000; ++i) s += R"({"a":)";
        return s + "1" + std::string(5000, '}');
    }();
    check_refused({
        {"17 levels",
         R"({"type":"ping","id":1,"x":)" + std::string(16, '[') + std::string(16, ']') + "}",
         code::kBadRequest, kNoId},
        {"5000 balanced arrays", std::string(5000, '[') + std::string(5000, ']'), code::kBadRequest,
         kNoId},
        {"5000 nested objects", deep_objects, code::kBadRequest, kNoId},
        {"duplicate id", R"({"type":"ping","id":1,"id":2})", code::kBadRequest, kNoId},
        {"duplicate type", R"({"type":"stop","type":"ping","id":1,"game":1})", code::kBadRequest,
         kNoId},
        {"duplicate nested key", R"({"type":"ping","id":1,"x":{"a":1,"a":2}})", code::kBadRequest,
         kNoId},
        {"duplicate key in an array's object", R"({"type":"ping","id":1,"x":[{"b":1,"b":1}]})",
         code::kBadRequest, kNoId},
    });
    // The same key in sibling objects is no duplicate: refused for the unknown field instead.
    const auto d = decode_request(R"({"type":"ping","id":1,"x":[{"a":1},{"a":2}]})");
    REQUIRE(std::holds_alternative<DecodeError>(d));
    CHECK(std::get<DecodeError>(d).message == "unknown field x");
}

TEST_CASE("ids outside 0..2^53-1 or not integers are refused without an id", "[decode][refuse]") {
    const auto ping = [](const std::string& id) { return R"({"type":"ping","id":)" + id + "}"; };
    check_refused({
        {"id negative", ping("-1"), code::kBadRequest, kNoId},
        {"id 1.0", ping("1.0"), code::kBadRequest, kNoId},
        {"id 1.5", ping("1.5"), code::kBadRequest, kNoId},
        {"id 1e2", ping("1e2"), code::kBadRequest, kNoId},
        {"id 2^53", ping("9007199254740992"), code::kBadRequest, kNoId},
        {"id 2^64-1", ping("18446744073709551615"), code::kBadRequest, kNoId},
        {"id beyond 64 bits", ping("99999999999999999999999"), code::kBadRequest, kNoId},
        {"id 1e400", ping("1e400"), code::kBadRequest, kNoId},
        {"id -1e400", ping("-1e400"), code::kBadRequest, kNoId},
        {"id a string", ping(R"("1")"), code::kBadRequest, kNoId},
        {"id null", ping("null"), code::kBadRequest, kNoId},
        {"id true", ping("true"), code::kBadRequest, kNoId},
        {"id an array", ping("[1]"), code::kBadRequest, kNoId},
    });
}

TEST_CASE("play fields of the wrong type or range", "[decode][refuse]") {
    check_refused({
        {"pile a string", play_with("pile", R"("1")"), code::kBadRequest, 7},
        {"pile 1.0", play_with("pile", "1.0"), code::kBadRequest, 7},
        {"pile a bool", play_with("pile", "true"), code::kBadRequest, 7},
        {"pile null", play_with("pile", "null"), code::kBadRequest, 7},
        {"pile 101", play_with("pile", "101"), code::kBadRequest, 7},
        {"pile 257 (would wrap to pile 1)", play_with("pile", "257"), code::kBadRequest, 7},
        {"pile -255 (would wrap to pile 1)", play_with("pile", "-255"), code::kBadRequest, 7},
        {"pile huge", play_with("pile", "99999999999999999999999"), code::kBadRequest, 7},
        {"pile 1e400 (no id: the parser stops)", play_with("pile", "1e400"), code::kBadRequest,
         kNoId},
        {"pins a string", play_with("pins", R"("1,2")"), code::kBadRequest, 7},
        {"pins an object", play_with("pins", R"({"1":1})"), code::kBadRequest, 7},
        {"pins a number", play_with("pins", "1"), code::kBadRequest, 7},
        {"pins with 11 entries", play_with("pins", "[1,2,3,4,5,6,7,8,9,10,1]"), code::kTooManyPins,
         7},
        {"pins with 11 junk entries", play_with("pins", R"([[],{},"",null,1,1,1,1,1,1,1])"),
         code::kTooManyPins, 7},
        {"pins with a float", play_with("pins", "[1,2.0]"), code::kBadRequest, 7},
        {"pins with a string", play_with("pins", R"([1,"2"])"), code::kBadRequest, 7},
        {"pins with null", play_with("pins", "[null]"), code::kBadRequest, 7},
        {"pins with a nested array", play_with("pins", "[[1]]"), code::kBadRequest, 7},
        {"pin 1001", play_with("pins", "[1001]"), code::kBadRequest, 7},
        {"missing pins", R"({"type":"play","id":7,"game":1,"pile":1})", code::kBadRequest, 7},
        {"missing pile", R"({"type":"play","id":7,"game":1,"pins":[1]})", code::kBadRequest, 7},
    });
}

TEST_CASE("game ids outside 1..2^53-1 are refused with the request id", "[decode][refuse]") {
    check_refused({
        {"game 0", play_with("game", "0"), code::kBadRequest, 7},
        {"game negative", play_with("game", "-3"), code::kBadRequest, 7},
        {"game 2^53", play_with("game", "9007199254740992"), code::kBadRequest, 7},
        {"game a string", play_with("game", R"("1")"), code::kBadRequest, 7},
        {"game 1.0", R"({"type":"snapshot","id":7,"game":1.0})", code::kBadRequest, 7},
        {"game missing", R"({"type":"stop","id":7})", code::kBadRequest, 7},
        {"game null", R"({"type":"resign","id":7,"game":null})", code::kBadRequest, 7},
    });
}

TEST_CASE("unknown types, unknown fields, bad hello and practice fields", "[decode][refuse]") {
    const std::string big(8192, 'a');
    check_refused({
        {"unknown type", R"({"type":"fly","id":2})", code::kUnknownType, 2},
        {"unknown type with odd fields", R"({"type":"logout","id":2,"token":[1]})",
         code::kUnknownType, 2},
        {"empty type", R"({"type":"","id":2})", code::kUnknownType, 2},
        {"type in capitals", R"({"type":"PING","id":2})", code::kUnknownType, 2},
        {"type with an escaped NUL", R"({"type":"ping\u0000","id":2})", code::kUnknownType, 2},
        {"8 KiB type", R"({"type":")" + big + R"(","id":2})", code::kUnknownType, 2},
        {"login with a token that is not a string", R"({"type":"login","id":2,"token":[1]})",
         code::kBadRequest, 2},
        {"login with nothing", R"({"type":"login","id":2})", code::kBadRequest, 2},
        {"login with a name only", R"({"type":"login","id":2,"name":"Ann"})", code::kBadRequest, 2},
        {"login with a password only", R"({"type":"login","id":2,"password":"secret 12"})",
         code::kBadRequest, 2},
        {"login with a token and a password",
         R"({"type":"login","id":2,"token":"t","password":"secret 12"})", code::kBadRequest, 2},
        {"login with a token and a name", R"({"type":"login","id":2,"token":"t","name":"Ann"})",
         code::kBadRequest, 2},
        {"register password a number", R"({"type":"register","id":2,"name":"Ann","password":12345678})",
         code::kBadRequest, 2},
        {"change_password without password", R"({"type":"change_password","id":2,"current":"x"})",
         code::kBadRequest, 2},
        {"logout_others with a field", R"({"type":"logout_others","id":2,"token":"t"})",
         code::kBadRequest, 2},
        {"unknown field in ping", R"({"type":"ping","id":2,"x":1})", code::kBadRequest, 2},
        {"unknown field in play",
         R"({"type":"play","id":2,"game":1,"pile":1,"pins":[1],"ball":"5S"})", code::kBadRequest,
         2},
        {"re in a request", R"({"type":"ping","id":2,"re":1})", code::kBadRequest, 2},
        {"8 KiB field name", R"({"type":"ping","id":2,")" + big + R"(":1})", code::kBadRequest, 2},
        {"hello version a string", R"({"type":"hello","id":2,"version":"1"})", code::kBadRequest,
         2},
        {"hello version missing", R"({"type":"hello","id":2})", code::kBadRequest, 2},
        {"hello version negative", R"({"type":"hello","id":2,"version":-1})", code::kBadRequest, 2},
        {"hello guest a number", R"({"type":"hello","id":2,"version":1,"guest":5})",
         code::kBadRequest, 2},
        {"ruleset unknown", R"({"type":"practice_start","id":2,"ruleset":"classic"})",
         code::kBadRequest, 2},
        {"ruleset in capitals", R"({"type":"practice_start","id":2,"ruleset":"Strict"})",
         code::kBadRequest, 2},
        {"seed of 63 hex",
         R"({"type":"practice_start","id":2,"seed":")" + std::string(63, '0') + "\"}",
         code::kBadRequest, 2},
        {"seed of 65 hex",
         R"({"type":"practice_start","id":2,"seed":")" + std::string(65, '0') + "\"}",
         code::kBadRequest, 2},
        {"seed not hex",
         R"({"type":"practice_start","id":2,"seed":")" + std::string(64, 'g') + "\"}",
         code::kBadRequest, 2},
        {"seed a number", R"({"type":"practice_start","id":2,"seed":0})", code::kBadRequest, 2},
        {"8 KiB seed", R"({"type":"practice_start","id":2,"seed":")" + big + "\"}",
         code::kBadRequest, 2},
    });
}
