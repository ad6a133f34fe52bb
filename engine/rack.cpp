#include "engine/rack.hpp"

#include <cassert>

namespace pinfall::engine {

Rack::Rack(const Deal& deal) : deal_(deal), standing_(kAllPins), alive_(~GroupSet{0}) {
    for (int g = 0; g < kGroupCount; ++g) {
        int sum = 0;
        for (PinMask m = kGroups[g]; m; m &= m - 1) {
            sum += card_value(deal_.pins[std::countr_zero(static_cast<unsigned>(m))]);
        }
        by_value_[sum % 10] |= GroupSet{1} << g;
    }
}

std::optional<Error> Rack::check_play(int pile, std::span<const int> pins, Ruleset ruleset,
                                      PinMask* mask) const {
    if (pile < 0 || pile >= kPileCount) return make_error(ErrorCode::kBadPile);
    const Card ball = face_up(pile);
    if (ball == kNoCard) return make_error(ErrorCode::kEmptyPile);
    if (pins.empty()) return make_error(ErrorCode::kNoPins);
    if (pins.size() > 3) return make_error(ErrorCode::kTooManyPins);
    PinMask m = 0;
    for (const int p : pins) {
        if (p < 1 || p > kPinCount) return make_error(ErrorCode::kBadPin);
        if (m & pin_bit(p)) return make_error(ErrorCode::kDuplicatePin);
        m |= pin_bit(p);
    }
    if ((m & standing_) != m) return make_error(ErrorCode::kPinNotStanding);
    if (ruleset == Ruleset::kStrict) {
        if (!is_strict_group(m)) return make_error(ErrorCode::kNotAdjacent);
    } else if (!is_connected_group(m)) {
        return make_error(ErrorCode::kNotConnected);
    }
    int sum = 0;
    for (const int p : pins) sum += card_value(pin_card(p));
    if (sum % 10 != card_value(ball)) return make_error(ErrorCode::kSumMismatch);
    if (untouched()) {
        if (m & kBackRow) return make_error(ErrorCode::kBackRowOnFirstPlay);
        if (!is_first_play_shape(m)) return make_error(ErrorCode::kCentrePinOnFirstPlay);
    } else if (!(neighbours(m) & ~standing_ & kAllPins)) {
        return make_error(ErrorCode::kMustTouchCleared);
    }
    assert(legal(pile, ruleset) >> group_index(m) & 1);
    *mask = m;
    return std::nullopt;
}

void Rack::knock(PinMask pins) {
    for (PinMask m = pins; m; m &= m - 1) {
        const int p = std::countr_zero(static_cast<unsigned>(m));
        alive_ &= ~kGroupTables.with_pin[p];
        touch_ |= kGroupTables.touching[p];
    }
    standing_ &= ~pins;
}

void Rack::play(int pile, PinMask pins) {
    assert(face_up(pile) != kNoCard);
    assert(legal(pile, Ruleset::kSackson) >> group_index(pins) & 1);
    knock(pins);
    ++top_[pile];
}

void Rack::burn() {
    for (int pile = 0; pile < kPileCount; ++pile) {
        if (top_[pile] < kPileSize[pile]) ++top_[pile];
    }
}

}  // namespace pinfall::engine
