// Pieces shared by the encoders of several message families (encode.cpp, replies.cpp,
// leagues.cpp, lanes.cpp, analysis.cpp, daily_loop.cpp, play_error.cpp). Internal to
// protocol/: no header outside it includes this one. Each function writes into a JsonWriter
// the caller owns; none throws but std::bad_alloc. Pure, so thread-safe on distinct writers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/card.hpp"
#include "protocol/json_writer.hpp"

namespace pinfall::protocol {

// The id of the request answered, if any: the same alias as encode.hpp's (C++ allows the
// repeat), so that this header, which the encoders of every family include, includes none.
using Re = std::optional<std::uint64_t>;

// A reply's or push's head: {"type":type, then "re" when it answers a request with an id (a
// push has none). The object is left open; `reserve` bytes are reserved for the whole text.
JsonWriter start_message(std::string_view type, Re re, std::size_t reserve = 256);

// An error's head: {"type":"error","re":..,"code":..,"message":.. with "re" always present,
// null when the request had no id (docs/protocol.md "Errors"). The object is left open.
JsonWriter start_error(Re re, std::string_view code, std::string_view message,
                       std::size_t reserve);

// A card's name ("10H"), or null for engine::kNoCard (a face-down or missing card).
void write_card(JsonWriter& w, engine::Card c);

// {"id":..,"name":..} of a PlayerRef (replies.hpp; a template so as not to include it).
template <class Player>
void write_player(JsonWriter& w, const Player& p) {
    w.begin_object().key("id").value(p.id).key("name").value(p.name).end_object();
}

// v with one decimal, rounded half away from zero; -0.0 is written as 0.0.
void write_tenths(JsonWriter& w, double v);

}  // namespace pinfall::protocol
