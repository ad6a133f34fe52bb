#include "engine/play_detail.hpp"

#include <algorithm>

namespace pinfall::engine {

std::string_view play_rule_name(PlayRule rule) {
    switch (rule) {
        case PlayRule::kGameOver: return "game_over";
        case PlayRule::kPile: return "pile";
        case PlayRule::kPinList: return "pin_list";
        case PlayRule::kStanding: return "standing";
        case PlayRule::kShape: return "shape";
        case PlayRule::kSum: return "sum";
        case PlayRule::kFirstPlay: return "first_play";
        case PlayRule::kTouchCleared: return "touch_cleared";
    }
    return "unknown";
}

namespace {

PlayRule rule_of(ErrorCode code) {
    switch (code) {
        case ErrorCode::kBadPile:
        case ErrorCode::kEmptyPile: return PlayRule::kPile;
        case ErrorCode::kNoPins:
        case ErrorCode::kTooManyPins:
        case ErrorCode::kBadPin:
        case ErrorCode::kDuplicatePin: return PlayRule::kPinList;
        case ErrorCode::kPinNotStanding: return PlayRule::kStanding;
        case ErrorCode::kNotConnected:
        case ErrorCode::kNotAdjacent: return PlayRule::kShape;
        case ErrorCode::kSumMismatch: return PlayRule::kSum;
        case ErrorCode::kBackRowOnFirstPlay:
        case ErrorCode::kCentrePinOnFirstPlay: return PlayRule::kFirstPlay;
        case ErrorCode::kMustTouchCleared: return PlayRule::kTouchCleared;
        default: return PlayRule::kGameOver;
    }
}

bool valid_pin(int p) { return p >= 1 && p <= kPinCount; }

std::vector<int> pins_of(PinMask m) {
    std::vector<int> out;
    for (int p = 1; p <= kPinCount; ++p) {
        if (m & pin_bit(p)) out.push_back(p);
    }
    return out;
}

// Fills the members of d that belong to its rule; the earlier checks passed, so from kStanding
// on every listed pin is a distinct number 1-10 and the pile has a face-up card.
void fill(PlayDetail& d, const Rack& rack) {
    switch (d.rule) {
        case PlayRule::kPinList:
            for (std::size_t i = 0; i < d.pins.size(); ++i) {
                const int p = d.pins[i];
                const bool bad = d.code == ErrorCode::kBadPin && !valid_pin(p);
                const bool twice = d.code == ErrorCode::kDuplicatePin &&
                                   std::count(d.pins.begin(), d.pins.begin() + i, p) == 1;
                if (bad || twice) d.offending.push_back(p);
            }
            break;
        case PlayRule::kStanding:
            for (const int p : d.pins) {
                if (!(rack.standing() & pin_bit(p))) d.offending.push_back(p);
            }
            break;
        case PlayRule::kShape: {
            std::vector<int> sorted = d.pins;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t i = 0; i < sorted.size(); ++i) {
                for (std::size_t j = i + 1; j < sorted.size(); ++j) {
                    if (!(kAdjacent[sorted[i] - 1] & pin_bit(sorted[j]))) {
                        d.apart.emplace_back(sorted[i], sorted[j]);
                    }
                }
            }
            break;
        }
        case PlayRule::kSum:
            for (const int p : d.pins) {
                d.pin_cards.push_back(rack.pin_card(p));
                d.sum += card_value(rack.pin_card(p));
            }
            d.value = card_value(d.card);
            break;
        case PlayRule::kFirstPlay:
            if (d.code == ErrorCode::kCentrePinOnFirstPlay) {
                d.offending.push_back(5);
            } else {
                for (const int p : d.pins) {
                    if (pin_bit(p) & kBackRow) d.offending.push_back(p);
                }
                std::sort(d.offending.begin(), d.offending.end());
            }
            break;
        case PlayRule::kTouchCleared: {
            const PinMask cleared = static_cast<PinMask>(~rack.standing() & kAllPins);
            d.cleared = pins_of(cleared);
            d.next_to_cleared = pins_of(neighbours(cleared) & rack.standing());
            break;
        }
        case PlayRule::kGameOver:
        case PlayRule::kPile: break;
    }
}

}  // namespace

std::optional<PlayDetail> explain_play(const Game& game, const Action& play) {
    if (play.kind != Action::Kind::kPlay) return std::nullopt;
    PlayDetail d;
    // Action::play keeps an out-of-range pile out of range (255), never a valid one.
    if (play.pile != 255) d.pile = play.pile + 1;
    const auto listed = play.listed_pins();
    d.pins.assign(listed.begin(), listed.end());
    if (game.over()) {
        d.code = ErrorCode::kGameOver;
        d.rule = PlayRule::kGameOver;
        return d;
    }
    const Rack& rack = game.rack();
    PinMask mask = 0;
    const auto err = rack.check_play(play.pile, listed, game.ruleset(), &mask);
    if (!err) return std::nullopt;
    d.code = err->code;
    d.rule = rule_of(err->code);
    if (play.pile < kPileCount) d.card = rack.face_up(play.pile);
    fill(d, rack);
    return d;
}

}  // namespace pinfall::engine
