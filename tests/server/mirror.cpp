#include "mirror.hpp"

#include <regex>

namespace pinfall::test {

using namespace pinfall::engine;

std::multiset<std::string> card_tokens(const std::string& text) {
    std::string scan = text;
    const auto reveal = scan.find("\"reveal\":");
    if (reveal != std::string::npos) scan = scan.substr(0, reveal);
    static const std::regex kCard("\"(10|[2-9]|A)([HS])\"");
    std::multiset<std::string> out;
    for (auto it = std::sregex_iterator(scan.begin(), scan.end(), kCard);
         it != std::sregex_iterator(); ++it) {
        out.insert((*it)[1].str() + (*it)[2].str());
    }
    return out;
}

std::multiset<std::string> visible_cards(const View& v) {
    std::multiset<std::string> out;
    for (const Card c : v.pins) {
        if (c != kNoCard) out.insert(card_name(c));
    }
    for (const auto& p : v.piles) {
        if (p.face_up != kNoCard) out.insert(card_name(p.face_up));
    }
    return out;
}

std::multiset<std::string> event_cards(const Events& events) {
    std::multiset<std::string> out;
    auto add = [&out](Card c) {
        if (c != kNoCard) out.insert(card_name(c));
    };
    for (const auto& e : events) {
        if (const auto* p = std::get_if<PlayEvent>(&e)) {
            add(p->ball);
            add(p->turned);
        } else if (const auto* b = std::get_if<BurnEvent>(&e)) {
            for (const Card c : b->burned) add(c);
            for (const Card c : b->turned) add(c);
        } else if (const auto* d = std::get_if<DealEvent>(&e)) {
            for (const Card c : d->pins) add(c);
            for (const Card c : d->face_up) add(c);
        }
    }
    return out;
}

std::vector<Play> legal_from_json(const Json& legal) {
    std::vector<Play> out;
    for (std::size_t pile = 0; pile < legal.size(); ++pile) {
        for (const auto& pins : legal[pile]) {
            PinMask m = 0;
            for (const auto& p : pins) m |= pin_bit(p.get<int>());
            out.push_back(Play{static_cast<std::uint8_t>(pile), m});
        }
    }
    return out;
}

Json play_json(long long game, const Play& p) {
    Json pins = Json::array();
    for (int pin = 1; pin <= kPinCount; ++pin) {
        if (p.pins & pin_bit(pin)) pins.push_back(pin);
    }
    return Json{{"type", "play"}, {"game", game}, {"pile", p.pile + 1}, {"pins", pins}};
}

Action play_action(const Play& p) {
    std::vector<int> pins;
    for (int pin = 1; pin <= kPinCount; ++pin) {
        if (p.pins & pin_bit(pin)) pins.push_back(pin);
    }
    return Action::play(p.pile, pins);
}

}  // namespace pinfall::test
