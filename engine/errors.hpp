// Client mistakes as values (docs/style.md habit 2): a stable code and a fixed human message.
// Engine functions return std::optional<Error>; an error always means "state unchanged".
#pragma once

#include <cstdint>
#include <string_view>

namespace pinfall::engine {

enum class ErrorCode : std::uint8_t {
    kWrongPhase,            // the action does not fit the game's phase
    kGameOver,              // the game has ended
    kBadPile,               // pile is not 1, 2 or 3
    kEmptyPile,             // the pile has no face-up card
    kNoPins,                // a play names no pin
    kTooManyPins,           // more than three pins
    kBadPin,                // a pin number outside 1-10
    kDuplicatePin,          // the same pin twice
    kPinNotStanding,        // the pin was already knocked down
    kNotConnected,          // sackson: the pins do not form a connected group
    kNotAdjacent,           // strict: some pair of pins is not adjacent
    kSumMismatch,           // rank / last digit of the sum differs from the ball card's value
    kBackRowOnFirstPlay,    // first play of a rack touches pins 7-10
    kCentrePinOnFirstPlay,  // first play takes pin 5 alone or without pin 2 or 3
    kMustTouchCleared,      // a later play touches no cleared position of this rack
    // Score sheets for real lanes and the roll-off (engine/lane_sheet.hpp, engine/rolloff.hpp).
    kNegativeRoll,        // a roll reports fewer than 0 pins
    kTooManyPinsForRack,  // a roll reports more pins than are standing
    kGameComplete,        // a roll reported after the sheet is complete
    kGameNotComplete,     // the final score asked for before the sheet is complete
    kOutOfTurn,           // roll-off: a side reports while another must roll
    kBadSide,             // roll-off: a side number outside 0..sides-1
    kRollOffDone,         // roll-off: a report after the order is settled
    kNothingToUndo,       // an undo with no action in effect to take back
};

struct Error {
    ErrorCode code;
    std::string_view message;  // static storage
    bool operator==(const Error&) const = default;
};

// The stable wire name, e.g. "pin_not_standing".
std::string_view error_code_name(ErrorCode code);
// The error with its standard message.
Error make_error(ErrorCode code);

}  // namespace pinfall::engine
