#include "engine/rack.hpp"

#include <cassert>

namespace pinfall::engine {
namespace {

// kGroupPins[g]: the pin indices (0-9) of group g, padded with 10, a slot whose value is 0.
// Dealing a rack is the hot path of a game (one per frame), so its 64 sums avoid bit loops.
constexpr std::array<std::array<std::uint8_t, 3>, kGroupCount> make_group_pins() {
    std::array<std::array<std::uint8_t, 3>, kGroupCount> out{};
    for (int g = 0; g < kGroupCount; ++g) {
        int n = 0;
        out[g] = {kPinCount, kPinCount, kPinCount};
        for (int p = 0; p < kPinCount; ++p) {
            if (kGroups[g] >> p & 1) out[g][n++] = static_cast<std::uint8_t>(p);
        }
    }
    return out;
}
constexpr auto kGroupPins = make_group_pins();

}  // namespace

Rack::Rack(const Deal& deal) : deal_(deal), standing_(kAllPins), alive_(~GroupSet{0}) {
    std::array<std::uint8_t, kPinCount + 1> value{};
    for (int p = 0; p < kPinCount; ++p) {
        value[p] = static_cast<std::uint8_t>(card_value(deal_.pins[p]));
    }
    for (int g = 0; g < kGroupCount; ++g) {
        const auto& pins = kGroupPins[g];
        const int sum = value[pins[0]] + value[pins[1]] + value[pins[2]];  // 0-27
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
