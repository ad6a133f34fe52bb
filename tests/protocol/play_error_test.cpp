// encode_play_error byte for byte (docs/protocol.md "Illegal plays" quotes these strings): the
// error's four members, then `detail` with the members of its rule.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "engine/errors.hpp"
#include "protocol/encode.hpp"

using namespace pinfall;
using namespace pinfall::protocol;

namespace {

engine::PlayDetail detail_of(engine::ErrorCode code, engine::PlayRule rule,
                             std::optional<int> pile, const char* card, std::vector<int> pins) {
    engine::PlayDetail d;
    d.code = code;
    d.rule = rule;
    d.pile = pile;
    d.card = card ? *engine::parse_card(card) : engine::kNoCard;
    d.pins = std::move(pins);
    return d;
}

std::string message_of(engine::ErrorCode code) {
    return std::string(engine::make_error(code).message);
}

}  // namespace

TEST_CASE("encode_play_error: sum, shape, touch_cleared, pile and pin list details", "[encode]") {
    using E = engine::ErrorCode;
    using R = engine::PlayRule;
    auto sum = detail_of(E::kSumMismatch, R::kSum, 1, "5S", {1, 2});
    sum.pin_cards = {*engine::parse_card("6S"), *engine::parse_card("7S")};
    sum.sum = 13;
    sum.value = 5;
    CHECK(encode_play_error(8, sum, message_of(E::kSumMismatch)) ==
          R"({"type":"error","re":8,"code":"sum_mismatch","message":"The ball card must match )"
          R"(the pin, or the last digit of the pins' sum.","detail":{"rule":"sum","pile":1,)"
          R"("card":"5S","pins":[1,2],"cards":["6S","7S"],"sum":13,"digit":3,"value":5}})");

    auto shape = detail_of(E::kNotConnected, R::kShape, 2, "6H", {10, 1});
    shape.apart = {{1, 10}};
    CHECK(encode_play_error(9, shape, "m") ==
          R"({"type":"error","re":9,"code":"not_connected","message":"m","detail":{)"
          R"("rule":"shape","pile":2,"card":"6H","pins":[10,1],"apart":[[1,10]]}})");

    auto touch = detail_of(E::kMustTouchCleared, R::kTouchCleared, 3, "10H", {9});
    touch.cleared = {1, 3};
    touch.next_to_cleared = {2, 5, 6};
    CHECK(encode_play_error(10, touch, "m") ==
          R"({"type":"error","re":10,"code":"must_touch_cleared","message":"m","detail":{)"
          R"("rule":"touch_cleared","pile":3,"card":"10H","pins":[9],"cleared":[1,3],)"
          R"("next_to_cleared":[2,5,6]}})");

    CHECK(encode_play_error(std::nullopt,
                            detail_of(E::kBadPile, R::kPile, std::nullopt, nullptr, {1}),
                            "m") ==
          R"({"type":"error","re":null,"code":"bad_pile","message":"m","detail":{)"
          R"("rule":"pile","pile":null,"card":null,"pins":[1]}})");

    auto bad_pin = detail_of(E::kBadPin, R::kPinList, 1, "5S", {0, 2, 11});
    bad_pin.offending = {0, 11};
    CHECK(encode_play_error(11, bad_pin, "m") ==
          R"({"type":"error","re":11,"code":"bad_pin","message":"m","detail":{)"
          R"("rule":"pin_list","pile":1,"card":"5S","pins":[0,2,11],"refused":[0,11]}})");

    auto down = detail_of(E::kPinNotStanding, R::kStanding, 1, "5S", {1, 2});
    down.offending = {1};
    CHECK(encode_play_error(12, down, "m") ==
          R"({"type":"error","re":12,"code":"pin_not_standing","message":"m","detail":{)"
          R"("rule":"standing","pile":1,"card":"5S","pins":[1,2],"down":[1]}})");

    auto first = detail_of(E::kBackRowOnFirstPlay, R::kFirstPlay, 2, "6H", {9, 10});
    first.offending = {9, 10};
    CHECK(encode_play_error(13, first, "m") ==
          R"({"type":"error","re":13,"code":"back_row_on_first_play","message":"m","detail":{)"
          R"("rule":"first_play","pile":2,"card":"6H","pins":[9,10],"refused":[9,10]}})");

    const auto over = encode_play_error(14, detail_of(E::kGameOver, R::kGameOver, 1, nullptr, {}),
                                        message_of(E::kGameOver));
    CHECK(over == R"({"type":"error","re":14,"code":"game_over","message":"The game is over.",)"
                  R"("detail":{"rule":"game_over","pile":1,"card":null,"pins":[]}})");
    CHECK(nlohmann::json::parse(over)["detail"]["rule"] == "game_over");
}
