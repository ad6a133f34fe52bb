// Why a play is illegal, in terms a player can be shown (docs/protocol.md "Illegal plays"): the
// rule broken and the pins and cards involved, computed from what the player sees (the pins'
// cards, the pile's face-up card, the cleared positions), never from a face-down card.
// Pure functions on values; thread-safe.
#pragma once

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/action.hpp"
#include "engine/errors.hpp"
#include "engine/game.hpp"

namespace pinfall::engine {

// The rule families a refused play can break; their wire names (play_rule_name) are stable.
enum class PlayRule : std::uint8_t {
    kGameOver,      // the game has ended
    kPile,          // bad_pile, empty_pile
    kPinList,       // no_pins, too_many_pins, bad_pin, duplicate_pin
    kStanding,      // pin_not_standing
    kShape,         // not_connected (sackson), not_adjacent (strict)
    kSum,           // sum_mismatch
    kFirstPlay,     // back_row_on_first_play, centre_pin_on_first_play
    kTouchCleared,  // must_touch_cleared
};

// "game_over", "pile", "pin_list", "standing", "shape", "sum", "first_play", "touch_cleared".
std::string_view play_rule_name(PlayRule rule);

struct PlayDetail {
    ErrorCode code = ErrorCode::kGameOver;  // the error the play gets (Game::apply's)
    PlayRule rule = PlayRule::kGameOver;
    // 1-based as the player named it (may be above 3); nullopt for a pile below 1, which
    // Action::play keeps only as "out of range".
    std::optional<int> pile;
    Card card = kNoCard;      // the pile's face-up card; kNoCard for a bad or empty pile
    std::vector<int> pins;    // as the player listed them
    // kPinList: the numbers outside 1-10 (bad_pin) or named twice (duplicate_pin, once each).
    // kStanding: the named pins already down. kFirstPlay: the named back-row pins (7-10), or
    // {5} for centre_pin_on_first_play.
    std::vector<int> offending;
    std::vector<std::pair<int, int>> apart;  // kShape: named pairs that do not touch (a < b)
    std::vector<Card> pin_cards;             // kSum: the named pins' cards, in listed order
    int sum = 0;                             // kSum: the sum of their values (a 10 counts 0)
    int value = 0;                           // kSum: the ball card's value (0-9)
    // kTouchCleared: positions cleared on this rack, and the standing pins next to one of
    // them (a later play must name one of these).
    std::vector<int> cleared;
    std::vector<int> next_to_cleared;
};

// The detail of the error Game::apply would give `play` now; nullopt when play is not a play
// or would be accepted. The code always equals the error apply returns (both run the same
// checks: Rack::check_play). Never changes the game.
std::optional<PlayDetail> explain_play(const Game& game, const Action& play);

}  // namespace pinfall::engine
