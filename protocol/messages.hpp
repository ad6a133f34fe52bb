// Typed client requests of the Pinfall protocol (docs/protocol.md). The decoder turns any text
// into one Request or one DecodeError; nothing else crosses into the server.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/ruleset.hpp"
#include "engine/seed.hpp"

namespace pinfall::protocol {

inline constexpr int kProtocolVersion = 1;
// Request ids and game ids are JSON integers a JavaScript client can hold exactly.
inline constexpr std::uint64_t kMaxId = (std::uint64_t{1} << 53) - 1;

using GameId = std::int64_t;

struct Hello {
    int version = kProtocolVersion;
    std::optional<std::string> guest;  // a guest token from an earlier welcome
};
struct PracticeStart {
    engine::Ruleset ruleset = engine::Ruleset::kSackson;
    std::optional<engine::Seed> seed;  // random from the OS when absent
};
struct PlayRequest {
    GameId game = 0;
    int pile = 0;           // as sent: 1-3 is legal, others are the engine's bad_pile
    std::vector<int> pins;  // as sent, at most 10 entries; the engine checks the rest
};
struct StopRequest {
    GameId game = 0;
};
struct ResignRequest {
    GameId game = 0;
};
struct SnapshotRequest {
    GameId game = 0;
};
struct Ping {};

using RequestBody = std::variant<Hello, PracticeStart, PlayRequest, StopRequest, ResignRequest,
                                 SnapshotRequest, Ping>;

struct Request {
    std::uint64_t id = 0;
    RequestBody body;
};

// Error codes of the protocol layer (the closed set is listed in docs/protocol.md, together
// with the engine's rule codes and the server's).
namespace code {
inline constexpr const char* kBadJson = "bad_json";        // not JSON text
inline constexpr const char* kBadRequest = "bad_request";  // JSON, but not a valid request
inline constexpr const char* kUnknownType = "unknown_type";
inline constexpr const char* kTooManyPins = "too_many_pins";
}  // namespace code

struct DecodeError {
    std::optional<std::uint64_t> id;  // the request id, when it could be read
    const char* code;
    std::string message;
};

using Decoded = std::variant<Request, DecodeError>;

inline constexpr int kDefaultMaxDepth = 16;

// Decodes one text message. Never throws. Refuses (DecodeError): malformed JSON, nesting deeper
// than max_depth, a duplicate key anywhere, a non-object top level, a missing or mistyped
// field, an integer out of the field's range, a float where an integer is expected, an unknown
// type, unknown fields in a known request.
Decoded decode_request(std::string_view text, int max_depth = kDefaultMaxDepth);

}  // namespace pinfall::protocol
