#include "protocol/encode_parts.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace pinfall::protocol {

JsonWriter start_message(std::string_view type, Re re, std::size_t reserve) {
    JsonWriter w(reserve);
    w.begin_object().key("type").word(type);
    if (re) w.key("re").value(*re);
    return w;
}

JsonWriter start_error(Re re, std::string_view code, std::string_view message,
                       std::size_t reserve) {
    JsonWriter w(reserve + message.size());
    w.begin_object().key("type").value("error");
    w.key("re").value(re);
    w.key("code").value(code);
    w.key("message").value(message);
    return w;
}

namespace {

// Each card's name as a JSON string, quoted once: every update names a few cards.
const std::array<std::string, engine::kDeckSize> kCardJson = [] {
    std::array<std::string, engine::kDeckSize> t;
    for (int c = 0; c < engine::kDeckSize; ++c) {
        t[c] = '"' + engine::card_name(static_cast<engine::Card>(c)) + '"';
    }
    return t;
}();

}  // namespace

void write_card(JsonWriter& w, engine::Card c) {
    if (c < engine::kDeckSize) {
        w.raw_value(kCardJson[c]);
    } else if (c == engine::kNoCard) {
        w.null();
    } else {
        w.value(engine::card_name(c));
    }
}

void write_tenths(JsonWriter& w, double v) {
    double r = std::round(v * 10) / 10;
    if (r == 0) r = 0;  // -0.0 == 0: prints "0.0", not "-0.0"
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", r);
    w.raw_value(buf);
}

}  // namespace pinfall::protocol
