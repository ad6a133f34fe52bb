#include "engine/view.hpp"

namespace pinfall::engine {

View view_of(const Game& game) {
    View v;
    const Rack& rack = game.rack();
    v.ruleset = game.ruleset();
    v.over = game.over();
    v.resigned = game.resigned();
    v.frame = game.over() ? 0 : game.frame();
    v.ball = game.over() ? 0 : game.ball();
    v.deal = game.deal_index();
    v.second_ball_on_rack = game.second_ball_on_rack();
    v.pins_this_ball = game.pins_this_ball();
    for (int p = 1; p <= kPinCount; ++p) {
        v.pins[p - 1] = (rack.standing() & pin_bit(p)) ? rack.pin_card(p) : kNoCard;
    }
    for (int p = 0; p < kPileCount; ++p) {
        v.piles[p] = PileView{rack.face_up(p), static_cast<std::uint8_t>(rack.face_down(p))};
    }
    v.sheet = game.sheet();
    v.legal = game.legal();
    return v;
}

std::vector<Play> list_plays(const std::array<GroupSet, kPileCount>& legal) {
    std::vector<Play> out;
    for (int p = 0; p < kPileCount; ++p) {
        for (GroupSet s = legal[p]; s; s &= s - 1) {
            out.push_back(Play{static_cast<std::uint8_t>(p), kGroups[std::countr_zero(s)]});
        }
    }
    return out;
}

std::string play_text(const Play& play) {
    std::string out = std::to_string(play.pile + 1) + ":";
    bool first = true;
    for (int p = 1; p <= kPinCount; ++p) {
        if (!(play.pins & pin_bit(p))) continue;
        if (!first) out += ',';
        out += std::to_string(p);
        first = false;
    }
    return out;
}

}  // namespace pinfall::engine
