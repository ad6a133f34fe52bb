// One dealt rack: ten pins with their cards, three ball piles, and the legal plays on it.
// A value type; not thread-safe for concurrent mutation (like any value).
//
// Legal plays are sets of the 64 connected pin groups (pins.hpp). The rack keeps, per ball value,
// the groups whose cards sum to it, plus the groups still fully standing and the groups touching
// a cleared position, so listing every legal play of a pile is four AND operations.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "engine/deal.hpp"
#include "engine/errors.hpp"
#include "engine/pins.hpp"
#include "engine/ruleset.hpp"

namespace pinfall::engine {

class Rack {
   public:
    Rack() = default;
    explicit Rack(const Deal& deal);

    const Deal& deal() const { return deal_; }
    PinMask standing() const { return standing_; }
    // True until the first play knocks pins: the first-play restrictions apply.
    bool untouched() const { return standing_ == kAllPins; }
    // Card on pin p (1-10), whether standing or not.
    Card pin_card(int pin) const { return deal_.pins[pin - 1]; }

    // Face-up card of pile (0-2), or kNoCard when the pile is empty.
    Card face_up(int pile) const {
        return top_[pile] < kPileSize[pile] ? deal_.balls[kPileOffset[pile] + top_[pile]] : kNoCard;
    }
    // Face-down cards remaining under the face-up card of pile (0-2).
    int face_down(int pile) const {
        return top_[pile] < kPileSize[pile] ? kPileSize[pile] - top_[pile] - 1 : 0;
    }
    // Index within the pile of its face-up card (== pile size when empty).
    int top_index(int pile) const { return top_[pile]; }

    // Groups pile (0-2) may knock down now under ruleset. Empty when the pile is empty.
    GroupSet legal(int pile, Ruleset ruleset) const {
        const Card c = face_up(pile);
        if (c == kNoCard) return 0;
        GroupSet s = by_value_[card_value(c)] & alive_;
        if (ruleset == Ruleset::kStrict) s &= kGroupTables.strict;
        return s & (untouched() ? kGroupTables.first_play : touch_);
    }
    bool any_legal(Ruleset ruleset) const {
        return (legal(0, ruleset) | legal(1, ruleset) | legal(2, ruleset)) != 0;
    }

    // Checks a play of pile (0-based; any int) on the listed pins (numbers as given, unchecked).
    // Returns the error of the first rule broken, in the order documented in docs/rules.md, or
    // nullopt with *mask set to the pins when the play is legal. Never changes the rack.
    std::optional<Error> check_play(int pile, std::span<const int> pins, Ruleset ruleset,
                                    PinMask* mask) const;

    // Knocks down `pins` with the face-up card of pile and turns up that pile's next card.
    // REQUIRES: the play is legal (check_play accepted it).
    void play(int pile, PinMask pins);
    // Ball 2: burns the face-up card of every non-empty pile, turning up the next one.
    void burn();

    bool operator==(const Rack&) const = default;

   private:
    void knock(PinMask pins);

    Deal deal_{};
    PinMask standing_ = 0;
    std::array<std::uint8_t, kPileCount> top_{};
    std::array<GroupSet, 10> by_value_{};  // groups whose cards' sum ends in value v
    GroupSet alive_ = 0;                   // groups whose pins all stand
    GroupSet touch_ = 0;                   // groups with a pin adjacent to a cleared position
};

}  // namespace pinfall::engine
