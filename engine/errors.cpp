#include "engine/errors.hpp"

namespace pinfall::engine {

std::string_view error_code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::kWrongPhase: return "wrong_phase";
        case ErrorCode::kGameOver: return "game_over";
        case ErrorCode::kBadPile: return "bad_pile";
        case ErrorCode::kEmptyPile: return "empty_pile";
        case ErrorCode::kNoPins: return "no_pins";
        case ErrorCode::kTooManyPins: return "too_many_pins";
        case ErrorCode::kBadPin: return "bad_pin";
        case ErrorCode::kDuplicatePin: return "duplicate_pin";
        case ErrorCode::kPinNotStanding: return "pin_not_standing";
        case ErrorCode::kNotConnected: return "not_connected";
        case ErrorCode::kNotAdjacent: return "not_adjacent";
        case ErrorCode::kSumMismatch: return "sum_mismatch";
        case ErrorCode::kBackRowOnFirstPlay: return "back_row_on_first_play";
        case ErrorCode::kCentrePinOnFirstPlay: return "centre_pin_on_first_play";
        case ErrorCode::kMustTouchCleared: return "must_touch_cleared";
        case ErrorCode::kNegativeRoll: return "negative_roll";
        case ErrorCode::kTooManyPinsForRack: return "too_many_pins_for_rack";
        case ErrorCode::kGameComplete: return "game_complete";
        case ErrorCode::kGameNotComplete: return "game_not_complete";
        case ErrorCode::kOutOfTurn: return "out_of_turn";
        case ErrorCode::kBadSide: return "bad_side";
        case ErrorCode::kRollOffDone: return "roll_off_done";
        case ErrorCode::kNothingToUndo: return "nothing_to_undo";
    }
    return "unknown";
}

namespace {

std::string_view message_of(ErrorCode code) {
    switch (code) {
        case ErrorCode::kWrongPhase: return "That action is not possible at this point.";
        case ErrorCode::kGameOver: return "The game is over.";
        case ErrorCode::kBadPile: return "Choose ball pile 1, 2 or 3.";
        case ErrorCode::kEmptyPile: return "That ball pile has no face-up card.";
        case ErrorCode::kNoPins: return "Choose at least one pin.";
        case ErrorCode::kTooManyPins: return "A ball card knocks down at most three pins.";
        case ErrorCode::kBadPin: return "Pins are numbered 1 to 10.";
        case ErrorCode::kDuplicatePin: return "The same pin is named twice.";
        case ErrorCode::kPinNotStanding: return "That pin is already down.";
        case ErrorCode::kNotConnected: return "The pins must form a connected group.";
        case ErrorCode::kNotAdjacent:
            return "Under the strict rules every two pins of the group must be adjacent.";
        case ErrorCode::kSumMismatch:
            return "The ball card must match the pin, or the last digit of the pins' sum.";
        case ErrorCode::kBackRowOnFirstPlay:
            return "The first play of a rack may not take a back-row pin (7-10).";
        case ErrorCode::kCentrePinOnFirstPlay:
            return "On the first play the centre pin 5 falls only together with pin 2 or 3.";
        case ErrorCode::kMustTouchCleared:
            return "Every later play must take a pin next to a position already cleared.";
        case ErrorCode::kNegativeRoll: return "A roll knocks down 0 pins or more.";
        case ErrorCode::kTooManyPinsForRack:
            return "A roll cannot knock down more pins than are standing.";
        case ErrorCode::kGameComplete: return "The game is complete; no more rolls.";
        case ErrorCode::kGameNotComplete: return "The game is not complete yet.";
        case ErrorCode::kOutOfTurn: return "It is another side's turn to roll.";
        case ErrorCode::kBadSide: return "There is no side with that number.";
        case ErrorCode::kRollOffDone: return "The roll-off is over; the order of play is set.";
        case ErrorCode::kNothingToUndo: return "There is no action to take back.";
    }
    return "Unknown error.";
}

}  // namespace

Error make_error(ErrorCode code) { return Error{code, message_of(code)}; }

}  // namespace pinfall::engine
