// JsonWriter: the text it writes parses as JSON and says what was written, past the reserved
// room (the buffer grows), with every escape of a string, numbers at their limits, nested
// commas, and take() leaving an empty writer.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/json_writer.hpp"

using pinfall::protocol::JsonWriter;

TEST_CASE("JsonWriter escapes strings as JSON and grows past its reserve") {
    std::string nasty = "plain \"quoted\" back\\slash\nnew\rret\ttab";
    nasty += '\x01';
    nasty += "\x1f end é";
    std::string long_text(5000, 'x');
    long_text[2500] = '"';
    JsonWriter w(64);  // far less than the text: grows several times
    w.begin_object().key("a").value(nasty).key("long").value(long_text);
    w.key("list").begin_array().value(1).value(std::int64_t{-7}).begin_object().end_object();
    w.begin_array().end_array().null().value(true).value(false).end_array();
    w.key("max").value(std::numeric_limits<std::uint64_t>::max());
    w.key("min").value(std::numeric_limits<std::int64_t>::min());
    w.key("raw").raw_value("2.5").end_object();
    const std::string text = w.take();
    const auto j = nlohmann::json::parse(text);
    CHECK(j["a"] == nasty);
    CHECK(j["long"] == long_text);
    CHECK(j["list"] == nlohmann::json::parse(R"([1,-7,{},[],null,true,false])"));
    CHECK(j["max"].get<std::uint64_t>() == std::numeric_limits<std::uint64_t>::max());
    CHECK(j["min"].get<std::int64_t>() == std::numeric_limits<std::int64_t>::min());
    CHECK(j["raw"] == 2.5);
    CHECK(text.find("\\u0001") != std::string::npos);
    CHECK(text.find("\\u001f") != std::string::npos);
    CHECK(w.view().empty());
}

TEST_CASE("JsonWriter writes exactly the text, byte for byte") {
    JsonWriter w(8);
    w.begin_object().key("type").value("x").key("n").value(0).key("e").begin_array().end_array();
    w.key("s").value("").end_object();
    CHECK(w.view() == R"({"type":"x","n":0,"e":[],"s":""})");
    CHECK(w.take() == R"({"type":"x","n":0,"e":[],"s":""})");
}
