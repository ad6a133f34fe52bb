// encode_play_error: the error of a refused play with its detail (docs/protocol.md "Illegal
// plays"). Built from engine::PlayDetail, which holds only what the player sees.
#include "engine/card.hpp"
#include "protocol/encode.hpp"
#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

namespace {

void int_list(JsonWriter& w, std::string_view name, const std::vector<int>& list) {
    w.key(name).begin_array();
    for (const int v : list) w.value(v);
    w.end_array();
}

}  // namespace

std::string encode_play_error(Re re, const engine::PlayDetail& d, std::string_view message) {
    JsonWriter w = start_error(re, engine::error_code_name(d.code), message, 256);
    w.key("detail").begin_object();
    w.key("rule").value(engine::play_rule_name(d.rule));
    w.key("pile").value(d.pile);
    w.key("card");
    write_card(w, d.card);
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
            for (const engine::Card c : d.pin_cards) write_card(w, c);
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
