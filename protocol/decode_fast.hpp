// Internal to protocol/: a decoder for the hot game actions (play, stop, resign, snapshot) that
// reads the text in one pass without building a JSON DOM. decode_request tries it first and
// falls back to the full decoder, which alone produces every DecodeError.
#pragma once

#include <optional>
#include <string_view>

#include "protocol/messages.hpp"

namespace pinfall::protocol::detail {

// Returns the Request only for input the full decoder accepts with the same result; nullopt
// otherwise, never an error. Accepts exactly: one JSON object (JSON whitespace around tokens),
// keys among type, id, game, pile, pins, each once and without escapes; type "play" with id,
// game, pile and pins, or "stop", "resign", "snapshot" with id and game; integers as plain
// digits (no sign, fraction, exponent or leading zero, at most 16 digits) within the full
// decoder's ranges; pins an array of at most 10 such integers; max_depth at least 2. Anything
// else (negative numbers, escapes, a BOM, other types) is left to the full decoder.
// Thread safety: a pure function.
std::optional<Request> decode_fast(std::string_view text, int max_depth);

// decode_request without the fast path (decode.cpp): the one decoder that judges every input.
// Exposed so that tests can compare the two paths.
Decoded decode_request_full(std::string_view text, int max_depth);

}  // namespace pinfall::protocol::detail
