// The client's copy of one game, built from a `game` snapshot and kept up to date by applying
// `update` messages event by event (docs/protocol.md, "update: events"). Holds only what the
// server sent: cards are kept as the protocol names them ("AH", "10S").
// Pure functions over values; thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace pinfall::cli {

using Json = nlohmann::json;
using PinList = std::vector<int>;

struct PileState {
    std::string up;  // the face-up card; "" when the pile is empty
    int down = 0;    // face-down cards under it
    bool operator==(const PileState&) const = default;
};

struct FrameState {
    std::string marks;         // "X", "7/", "X9/", "" before the frame is bowled
    std::optional<int> total;  // running total, once every roll it needs is known
    bool operator==(const FrameState&) const = default;
};

struct RevealState {
    std::string seed;
    std::string record;
    std::vector<std::string> deals;  // deal_text of deals 0..n-1
    bool operator==(const RevealState&) const = default;
};

struct Table {
    std::int64_t game = 0;
    std::string mode;  // "practice" or "daily"
    std::uint64_t version = 0;
    std::string ruleset;
    bool over = false;
    bool resigned = false;
    int frame = 0;  // ball in play; 0 once over
    int ball = 0;
    int deal = 0;
    bool second_ball = false;
    int pins_this_ball = 0;
    std::array<std::string, 10> pins;  // pin 1..10: its card, "" once down
    std::array<PileState, 3> piles;
    std::vector<int> rolls;
    std::array<FrameState, 10> frames;
    int score = 0;
    bool complete = false;
    std::array<std::vector<PinList>, 3> legal;  // by pile, as the server lists them
    std::optional<RevealState> reveal;
    bool operator==(const Table&) const = default;
};

// A legal play as numbered for the player: pile 1-3 and its pins, ascending.
struct NumberedPlay {
    int pile = 0;
    PinList pins;
    bool operator==(const NumberedPlay&) const = default;
};

// Every legal play, pile 1 first, each pile's lists in the server's order. The player's play
// number n is element n-1.
std::vector<NumberedPlay> numbered_plays(const Table& t);

// Reads a `game` message. Returns nullopt, with the reason in *why when given, when a member
// is missing or of the wrong type.
std::optional<Table> table_from_snapshot(const Json& msg, std::string* why = nullptr);

enum class UpdateResult {
    kApplied,    // the events were applied; t.version is the update's version
    kStale,      // already applied (version at or below t.version); t unchanged
    kGap,        // a version was missed: take a snapshot; t unchanged
    kMalformed,  // not a well-formed update of this game; t unchanged
};

// Applies an `update` message of t's game: its events in order, then its legal plays, sheet
// and reveal. Never throws.
UpdateResult apply_update(Table& t, const Json& msg);

}  // namespace pinfall::cli
