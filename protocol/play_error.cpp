// encode_play_error: the error of a refused play with its detail (docs/protocol.md "Illegal
// plays"). Built from engine::PlayDetail, which holds only what the player sees.
#include "engine/card.hpp"
#include "protocol/encode.hpp"
#include "protocol/json_writer.hpp"

namespace pinfall::protocol {

namespace {

void int_list(JsonWriter& w, std::string_view name, const std::vector<int>& list) {
    w.key(name).begin_array();
    for (const int v : list) w.value(v);
    w.end_array();
}

void card_value(JsonWriter& w, engine::Card c) {
    if (c == engine::kNoCard) {
        w.null();
    } else {
        w.value(engine::card_name(c));
    }
}

}  // namespace

std::string encode_play_error(Re re, const engine::PlayDetail& d, std::string_view message) {
    JsonWriter w(256 + message.size());
    w.begin_object().key("type").value("error");
    w.key("re");
    if (re) {
        w.value(*re);
    } else {
        w.null();
    }
    w.key("code").value(engine::error_code_name(d.code));
    w.key("message").value(message);
    w.key("detail").begin_object();
    w.key("rule").value(engine::play_rule_name(d.rule));
    w.key("pile").value(d.pile);
    w.key("card");
    card_value(w, d.card);
    int_list(w, "pins", d.pins);
    switch (d.rule) {
        case engine::PlayRule::kPinList:
        case engine::PlayRule::kFirstPlay: int_list(w, "refused", d.offending); break;
        case engine::PlayRule::kStanding: int_list(w, "down", d.offending); break;
        case engine::PlayRule::kShape:
            w.key("apart").begin_array();
            for (const auto& [a, b] : d.apart) w.begin_array().value(a).value(b).end_array();
            w.end_array();
            break;
        case engine::PlayRule::kSum:
            w.key("cards").begin_array();
            for (const engine::Card c : d.pin_cards) card_value(w, c);
            w.end_array();
            w.key("sum").value(d.sum);
            w.key("digit").value(d.sum % 10);
            w.key("value").value(d.value);
            break;
        case engine::PlayRule::kTouchCleared:
            int_list(w, "cleared", d.cleared);
            int_list(w, "next_to_cleared", d.next_to_cleared);
            break;
        case engine::PlayRule::kGameOver:
        case engine::PlayRule::kPile: break;
    }
    w.end_object();
    return w.end_object().take();
}

}  // namespace pinfall::protocol
