// The DOM-free fast path of the hot game actions (protocol/decode_fast.hpp). Its contract: a
// Request only for input the full decoder accepts with the same result, nullopt otherwise. So
// canonical messages go through it with their values; near misses either fall back or agree with
// the full decoder, and decode_request answers them exactly as the full decoder alone does; a
// seeded mutation run of 24,000 messages finds no input where the two paths disagree.
#include "protocol/decode_fast.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace {

using namespace pinfall::protocol;
using namespace std::string_literals;  // "..."s keeps embedded NUL bytes
using detail::decode_fast;
using detail::decode_request_full;

// One line that tells two outcomes apart: the error's code, id and message, or the request's id,
// alternative and values (in full for the four hot types, the alternative alone for others).
std::string describe(const Request& r) {
    std::string s =
        "request id=" + std::to_string(r.id) + " body#" + std::to_string(r.body.index());
    if (const auto* p = std::get_if<PlayRequest>(&r.body)) {
        s += " game=" + std::to_string(p->game) + " pile=" + std::to_string(p->pile) + " pins=";
        for (const int pin : p->pins) s += std::to_string(pin) + ",";
    } else if (const auto* st = std::get_if<StopRequest>(&r.body)) {
        s += " game=" + std::to_string(st->game);
    } else if (const auto* re = std::get_if<ResignRequest>(&r.body)) {
        s += " game=" + std::to_string(re->game);
    } else if (const auto* sn = std::get_if<SnapshotRequest>(&r.body)) {
        s += " game=" + std::to_string(sn->game);
    }
    return s;
}

std::string describe(const Decoded& d) {
    if (const auto* r = std::get_if<Request>(&d)) return describe(*r);
    const auto& e = std::get<DecodeError>(d);
    return std::string("error ") + e.code + " id=" + (e.id ? std::to_string(*e.id) : "none") + " " +
           e.message;
}

// The contract for one input: a fast result must be the full decoder's; decode_request must
// answer as the full decoder does. Returns whether the fast path took the input.
bool check_paths_agree(const std::string& text) {
    const Decoded full = decode_request_full(text, kDefaultMaxDepth);
    const auto fast = decode_fast(text, kDefaultMaxDepth);
    if (fast) {
        REQUIRE(std::holds_alternative<Request>(full));
        CHECK(describe(*fast) == describe(full));
    }
    CHECK(describe(decode_request(text)) == describe(full));
    return fast.has_value();
}

const std::string kPlay = R"({"type":"play","id":7,"game":3,"pile":2,"pins":[9,4,5]})";
const std::string kStop = R"({"type":"stop","id":8,"game":3})";

}  // namespace

TEST_CASE("fast path: canonical play, stop, resign and snapshot decode to their values",
          "[decode][fast]") {
    const auto play = decode_fast(kPlay, kDefaultMaxDepth);
    REQUIRE(play.has_value());
    CHECK(play->id == 7);
    REQUIRE(std::holds_alternative<PlayRequest>(play->body));
    CHECK(std::get<PlayRequest>(play->body).game == 3);
    CHECK(std::get<PlayRequest>(play->body).pile == 2);
    CHECK(std::get<PlayRequest>(play->body).pins == std::vector<int>{9, 4, 5});

    const auto stop = decode_fast(kStop, kDefaultMaxDepth);
    REQUIRE(stop.has_value());
    CHECK(stop->id == 8);
    REQUIRE(std::holds_alternative<StopRequest>(stop->body));
    CHECK(std::get<StopRequest>(stop->body).game == 3);

    const auto resign = decode_fast(R"({"type":"resign","id":0,"game":1})", kDefaultMaxDepth);
    REQUIRE(resign.has_value());
    CHECK(resign->id == 0);
    REQUIRE(std::holds_alternative<ResignRequest>(resign->body));
    CHECK(std::get<ResignRequest>(resign->body).game == 1);

    const auto snap = decode_fast(R"({"game":9007199254740991,"id":9007199254740991,)"
                                  R"("type":"snapshot"})",
                                  kDefaultMaxDepth);
    REQUIRE(snap.has_value());
    CHECK(snap->id == kMaxId);
    REQUIRE(std::holds_alternative<SnapshotRequest>(snap->body));
    CHECK(std::get<SnapshotRequest>(snap->body).game == static_cast<GameId>(kMaxId));

    // Any field order and JSON whitespace; the edges of the ranges; ten pins; no pins.
    const auto spaced = decode_fast(
        " \r\n\t{ \"pins\" : [ 1000 , 0 ,1,2,3,4,5,6,7,8 ] ,\"pile\":100,\n\"game\" :1,"
        "\"id\":0 , \"type\" : \"play\" }\t\n",
        kDefaultMaxDepth);
    REQUIRE(spaced.has_value());
    CHECK(spaced->id == 0);
    REQUIRE(std::holds_alternative<PlayRequest>(spaced->body));
    CHECK(std::get<PlayRequest>(spaced->body).game == 1);
    CHECK(std::get<PlayRequest>(spaced->body).pile == 100);
    CHECK(std::get<PlayRequest>(spaced->body).pins ==
          std::vector<int>{1000, 0, 1, 2, 3, 4, 5, 6, 7, 8});
    const auto empty =
        decode_fast(R"({"type":"play","id":1,"game":1,"pile":0,"pins":[ ]})", kDefaultMaxDepth);
    REQUIRE(empty.has_value());
    CHECK(std::get<PlayRequest>(empty->body).pile == 0);
    CHECK(std::get<PlayRequest>(empty->body).pins.empty());
}

TEST_CASE("fast path: below 2 levels of max_depth it leaves every message to the full decoder",
          "[decode][fast][depth]") {
    CHECK(decode_fast(kPlay, 2).has_value());
    CHECK_FALSE(decode_fast(kPlay, 1).has_value());
    CHECK_FALSE(decode_fast(kStop, 1).has_value());
    CHECK_FALSE(decode_fast(kStop, 0).has_value());
    // The full decoder refuses play's pins array at max_depth 1 and the object itself at 0.
    for (const int depth : {0, 1, 2}) {
        for (const auto& text : {kPlay, kStop}) {
            INFO(depth << " " << text);
            CHECK(describe(decode_request(text, depth)) ==
                  describe(decode_request_full(text, depth)));
        }
    }
    CHECK(describe(decode_request(kPlay, 1)) ==
          "error bad_request id=none nesting deeper than 1 levels");
}

TEST_CASE("fast path: near misses fall back, and decode_request answers as before",
          "[decode][fast]") {
    struct Case {
        const char* what;
        std::string text;
        bool fast;            // taken by the fast path
        const char* outcome;  // the full decoder's: "request" or the error code
    };
    const std::string g = R"({"type":"play","id":7,"game":3,)";
    const std::string p = g + R"("pile":2,)";
    const std::vector<Case> cases = {
        {"canonical play", kPlay, true, "request"},
        {"canonical stop", kStop, true, "request"},
        {"leading zero in id", R"({"type":"stop","id":07,"game":3})", false, "bad_json"},
        {"leading zero in a pin", p + R"("pins":[01]})", false, "bad_json"},
        {"id 0 is no leading zero", R"({"type":"stop","id":0,"game":3})", true, "request"},
        {"game 0", R"({"type":"stop","id":1,"game":0})", false, "bad_request"},
        {"negative id", R"({"type":"stop","id":-1,"game":3})", false, "bad_request"},
        {"minus zero id", R"({"type":"stop","id":-0,"game":3})", false, "request"},
        {"negative pile", g + R"("pile":-2,"pins":[1]})", false, "request"},
        {"negative pin", p + R"("pins":[-5]})", false, "request"},
        {"pile 101", g + R"("pile":101,"pins":[1]})", false, "bad_request"},
        {"pin 1001", p + R"("pins":[1001]})", false, "bad_request"},
        {"float game", R"({"type":"stop","id":1,"game":3.0})", false, "bad_request"},
        {"exponent game", R"({"type":"stop","id":1,"game":3e0})", false, "bad_request"},
        {"capital exponent id", R"({"type":"stop","id":1E2,"game":3})", false, "bad_request"},
        {"float pin", p + R"("pins":[1.5]})", false, "bad_request"},
        {"escape in a key", R"({"typ\u0065":"stop","id":1,"game":3})", false, "request"},
        {"escape in type", R"({"type":"st\u006fp","id":1,"game":3})", false, "request"},
        {"escaped slash in type", R"({"type":"stop\/","id":1,"game":3})", false, "unknown_type"},
        {"duplicate game", R"({"type":"stop","id":1,"game":3,"game":4})", false, "bad_request"},
        {"duplicate type", R"({"type":"stop","type":"stop","id":1,"game":3})", false,
         "bad_request"},
        {"duplicate pins", p + R"("pins":[1],"pins":[2]})", false, "bad_request"},
        {"unknown key", R"({"type":"stop","id":1,"game":3,"x":1})", false, "bad_request"},
        {"pile on stop", R"({"type":"stop","id":1,"game":3,"pile":1})", false, "bad_request"},
        {"pins on resign", R"({"type":"resign","id":1,"game":3,"pins":[]})", false, "bad_request"},
        {"missing id", R"({"type":"stop","game":3})", false, "bad_request"},
        {"missing game", R"({"type":"snapshot","id":1})", false, "bad_request"},
        {"missing type", R"({"id":1,"game":3})", false, "bad_request"},
        {"missing pins", R"({"type":"play","id":7,"game":3,"pile":2})", false, "bad_request"},
        {"missing pile", R"({"type":"play","id":7,"game":3,"pins":[1]})", false, "bad_request"},
        {"11 pins", p + R"("pins":[1,2,3,4,5,6,7,8,9,10,11]})", false, "too_many_pins"},
        {"trailing garbage", kStop + " x", false, "bad_json"},
        {"trailing comma", R"({"type":"stop","id":1,"game":3,})", false, "bad_json"},
        {"trailing comma in pins", p + R"("pins":[1,]})", false, "bad_json"},
        {"two objects", kStop + kStop, false, "bad_json"},
        {"nested object as game", R"({"type":"stop","id":1,"game":{"a":1}})", false, "bad_request"},
        {"nested array in pins", p + R"("pins":[[1]]})", false, "bad_request"},
        {"pins not an array", p + R"("pins":1})", false, "bad_request"},
        {"game as a string", R"({"type":"stop","id":1,"game":"3"})", false, "bad_request"},
        {"type as a number", R"({"type":1,"id":1,"game":3})", false, "bad_request"},
        {"other type", R"({"type":"ping","id":1})", false, "request"},
        {"type verify shares the fields", R"({"type":"verify","id":1,"game":3})", false, "request"},
        {"type in capitals", R"({"type":"STOP","id":1,"game":3})", false, "unknown_type"},
        {"whitespace variants", "\n{\r\"type\"\t:\"stop\" ,\"id\":\n1,\"game\":3\r}\n", true,
         "request"},
        {"form feed is no JSON whitespace", "{\"type\":\"stop\",\f\"id\":1,\"game\":3}", false,
         "bad_json"},
        {"vertical tab is no JSON whitespace", "{\"type\":\"stop\",\"id\":1,\"game\":3}\v", false,
         "bad_json"},
        {"id 2^53-1", R"({"type":"stop","id":9007199254740991,"game":3})", true, "request"},
        {"id 2^53", R"({"type":"stop","id":9007199254740992,"game":3})", false, "bad_request"},
        {"17-digit id", R"({"type":"stop","id":10000000000000000,"game":3})", false, "bad_request"},
        {"huge game", R"({"type":"stop","id":1,"game":)" + std::string(400, '9') + "}", false,
         "bad_request"},
        {"1e400", R"({"type":"stop","id":1,"game":1e400})", false, "bad_request"},
        {"empty object", "{}", false, "bad_request"},
        {"empty text", "", false, "bad_json"},
        {"top-level array", "[" + kStop + "]", false, "bad_request"},
        {"unclosed object", R"({"type":"stop","id":1,"game":3)", false, "bad_json"},
        {"unclosed string", R"({"type":"stop)", false, "bad_json"},
        {"NUL after the object", kStop + "\0"s, false, "bad_json"},
        {"NUL in type", "{\"type\":\"st\0p\",\"id\":1,\"game\":3}"s, false, "bad_json"},
        {"NUL before a number", "{\"type\":\"stop\",\"id\":\0001,\"game\":3}"s, false, "bad_json"},
        {"unicode key", "{\"type\":\"stop\",\"id\":1,\"game\":3,\"\xc3\xa9\":1}", false,
         "bad_request"},
        {"unicode type", "{\"type\":\"st\xc3\xb6p\",\"id\":1,\"game\":3}", false, "unknown_type"},
        {"invalid UTF-8 in type", "{\"type\":\"stop\xff\",\"id\":1,\"game\":3}", false, "bad_json"},
        {"control character in type", "{\"type\":\"stop\n\",\"id\":1,\"game\":3}", false,
         "bad_json"},
        {"byte order mark", "\xef\xbb\xbf" + kStop, false, "request"},
        {"single quotes", R"({'type':'stop','id':1,'game':3})", false, "bad_json"},
        {"true as game", R"({"type":"stop","id":1,"game":true})", false, "bad_request"},
        {"null id", R"({"type":"stop","id":null,"game":3})", false, "bad_request"},
        {"missing colon", R"({"type" "stop","id":1,"game":3})", false, "bad_json"},
        {"plus sign", R"({"type":"stop","id":+1,"game":3})", false, "bad_json"},
        {"number then letters", R"({"type":"stop","id":1x,"game":3})", false, "bad_json"},
        {"space inside a number", R"({"type":"stop","id":1 2,"game":3})", false, "bad_json"},
    };
    REQUIRE(cases.size() >= 40);
    for (const auto& c : cases) {
        INFO(c.what << ": " << c.text);
        CHECK(check_paths_agree(c.text) == c.fast);
        const Decoded full = decode_request_full(c.text, kDefaultMaxDepth);
        const std::string outcome =
            std::holds_alternative<Request>(full) ? "request" : std::get<DecodeError>(full).code;
        CHECK(outcome == c.outcome);
    }
}

TEST_CASE("fast path: 24000 mutated messages never disagree with the full decoder",
          "[decode][fast]") {
    // mt19937_64's sequence is fixed by the standard, and the picks below use only its raw
    // output, so every standard library makes the same messages.
    std::mt19937_64 rng(20240611);
    const auto pick = [&rng](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    const std::string alphabet = "0123456789-+.eE\"\\,:{}[] \t\n\rtypegamilns\0\xc3\xa9\xff"s;
    const std::string spaces = " \t\n\r";
    // A field's value: one in range seven times in eight, else one just outside.
    using Values = std::vector<std::string>;
    const auto value = [&pick](const Values& in_range, const Values& outside) {
        return pick(8) != 0 ? in_range[pick(in_range.size())] : outside[pick(outside.size())];
    };
    const Values types = {"play", "stop", "resign", "snapshot"}, other_types = {"ping", "verify"};
    const Values ids = {"0", "12", "9007199254740991"}, bad_ids = {"9007199254740992", "-1"};
    const Values games = {"1", "45", "9007199254740991"}, bad_games = {"0", "4.5", "-0"};
    const Values piles = {"0", "2", "100"}, bad_piles = {"101", "-3", "02"};
    const Values pins = {"[1,3,6]", "[]", "[ 0 , 1000 ]", "[1,2,3,4,5,6,7,8,9,10]"};
    const Values bad_pins = {"[1,2,3,4,5,6,7,8,9,10,11]", "[1001]", "[-1]", "[[1]]"};

    int fast = 0;
    for (int i = 0; i < 24000; ++i) {
        std::string text;
        if (i % 2 == 0) {
            text = i % 4 == 0 ? kPlay : kStop;
        } else {
            // The fields of a play or a stop-like message, shuffled, sometimes one dropped or
            // one added, with their values drawn from the lists above.
            const std::string type = value(types, other_types);
            std::vector<std::string> f = {R"("type":")" + type + "\"",
                                          R"("id":)" + value(ids, bad_ids),
                                          R"("game":)" + value(games, bad_games)};
            if (type == "play") {
                f.push_back(R"("pile":)" + value(piles, bad_piles));
                f.push_back(R"("pins":)" + value(pins, bad_pins));
            }
            if (pick(8) == 0) f.erase(f.begin() + static_cast<std::ptrdiff_t>(pick(f.size())));
            if (pick(8) == 0) f.push_back(pick(2) == 0 ? f[pick(f.size())] : R"("x":1)");
            for (std::size_t k = f.size(); k > 1; --k) std::swap(f[k - 1], f[pick(k)]);
            text.push_back('{');
            for (std::size_t k = 0; k < f.size(); ++k) {
                if (k > 0) text.push_back(',');
                text.append(f[k]);
            }
            text.push_back('}');
        }
        // Edits: change, insert or delete a byte, or insert whitespace, at a random place. The
        // canonical messages get one to three, a third of the shuffled ones one.
        const std::size_t edits = i % 2 == 0 ? 1 + pick(3) : pick(3) == 0;
        for (std::size_t e = 0; e < edits && !text.empty(); ++e) {
            const std::size_t at = pick(text.size());
            switch (pick(4)) {
                case 0:
                    text[at] = alphabet[pick(alphabet.size())];
                    break;
                case 1:
                    text.insert(at, 1, alphabet[pick(alphabet.size())]);
                    break;
                case 2:
                    text.erase(at, 1);
                    break;
                default:
                    text.insert(at, 1, spaces[pick(spaces.size())]);
                    break;
            }
        }
        INFO(i << ": " << text);
        if (check_paths_agree(text)) ++fast;
    }
    // Both outcomes occur often, so the comparison above was not vacuous either way.
    CHECK(fast > 3000);
    CHECK(fast < 20000);
}
