#include "client/game_state.hpp"

namespace pinfall::cli {

namespace {

// A card member: a card name, or null for "none" (an empty pile, a downed pin).
std::string card_or_empty(const Json& j) {
    return j.is_null() ? std::string() : j.get<std::string>();
}

void read_sheet(Table& t, const Json& sheet) {
    t.rolls = sheet.at("rolls").get<std::vector<int>>();
    const Json& frames = sheet.at("frames");
    if (frames.size() != t.frames.size()) throw std::out_of_range("a sheet has 10 frames");
    for (std::size_t f = 0; f < t.frames.size(); ++f) {
        t.frames[f].marks = frames[f].at("marks").get<std::string>();
        const Json& total = frames[f].at("total");
        t.frames[f].total = total.is_null() ? std::nullopt : std::optional(total.get<int>());
    }
    t.score = sheet.at("score").get<int>();
    t.complete = sheet.at("complete").get<bool>();
}

void read_legal(Table& t, const Json& legal) {
    if (legal.size() != t.legal.size()) throw std::out_of_range("legal has 3 piles");
    for (std::size_t p = 0; p < t.legal.size(); ++p) {
        t.legal[p] = legal[p].get<std::vector<PinList>>();
    }
}

void read_reveal(Table& t, const Json& msg) {
    const auto it = msg.find("reveal");
    if (it == msg.end() || it->is_null()) return;
    RevealState r;
    r.seed = it->at("seed").get<std::string>();
    r.record = it->at("record").get<std::string>();
    r.deals = it->at("deals").get<std::vector<std::string>>();
    t.reveal = std::move(r);
}

std::size_t pile_index(const Json& e) {
    const int pile = e.at("pile").get<int>();
    if (pile < 1 || pile > 3) throw std::out_of_range("pile 1-3");
    return static_cast<std::size_t>(pile - 1);
}

// Applies one event (docs/protocol.md, the events table). Throws on a malformed event.
void apply_event(Table& t, const Json& e) {
    const std::string kind = e.at("e").get<std::string>();
    if (kind == "play") {
        PileState& pile = t.piles[pile_index(e)];
        for (int pin : e.at("pins").get<PinList>()) {
            if (pin < 1 || pin > 10) throw std::out_of_range("pin 1-10");
            t.pins[static_cast<std::size_t>(pin - 1)].clear();
            ++t.pins_this_ball;
        }
        pile.up = card_or_empty(e.at("turned"));
        if (!pile.up.empty() && pile.down > 0) --pile.down;
    } else if (kind == "ball_end") {
        t.frame = e.at("frame").get<int>();
        t.ball = e.at("ball").get<int>() + 1;
        t.pins_this_ball = 0;
    } else if (kind == "burn") {
        const Json& turned = e.at("turned");
        for (std::size_t p = 0; p < t.piles.size(); ++p) {
            t.piles[p].up = card_or_empty(turned.at(p));
            if (!t.piles[p].up.empty() && t.piles[p].down > 0) --t.piles[p].down;
        }
        t.second_ball = true;
    } else if (kind == "deal") {
        t.deal = e.at("deal").get<int>();
        const Json& pins = e.at("pins");
        for (std::size_t i = 0; i < t.pins.size(); ++i) t.pins[i] = card_or_empty(pins.at(i));
        const Json& up = e.at("up");
        constexpr std::array<int, 3> kDown = {4, 2, 1};  // piles of 5, 3 and 2 cards
        for (std::size_t p = 0; p < t.piles.size(); ++p) {
            t.piles[p] = PileState{card_or_empty(up.at(p)), kDown[p]};
        }
        t.second_ball = false;
        t.pins_this_ball = 0;
    } else if (kind == "frame_end") {
        t.frame = e.at("frame").get<int>() + 1;
        t.ball = 1;
    } else if (kind == "game_over") {
        t.over = true;
        t.resigned = e.at("resigned").get<bool>();
        t.score = e.at("score").get<int>();
        t.frame = 0;
        t.ball = 0;
    } else {
        throw std::out_of_range("unknown event " + kind);
    }
}

}  // namespace

std::vector<NumberedPlay> numbered_plays(const Table& t) {
    std::vector<NumberedPlay> out;
    for (std::size_t p = 0; p < t.legal.size(); ++p) {
        for (const PinList& pins : t.legal[p]) out.push_back({static_cast<int>(p) + 1, pins});
    }
    return out;
}

std::optional<Table> table_from_snapshot(const Json& msg, std::string* why) {
    try {
        if (msg.at("type").get<std::string>() != "game") throw std::out_of_range("not a game");
        Table t;
        t.game = msg.at("game").get<std::int64_t>();
        t.mode = msg.at("mode").get<std::string>();
        t.version = msg.at("version").get<std::uint64_t>();
        const Json& s = msg.at("state");
        t.ruleset = s.at("ruleset").get<std::string>();
        t.over = s.at("over").get<bool>();
        t.resigned = s.at("resigned").get<bool>();
        t.frame = s.at("frame").get<int>();
        t.ball = s.at("ball").get<int>();
        t.deal = s.at("deal").get<int>();
        t.second_ball = s.at("second_ball").get<bool>();
        t.pins_this_ball = s.at("pins_this_ball").get<int>();
        const Json& pins = s.at("pins");
        if (pins.size() != t.pins.size()) throw std::out_of_range("10 pins");
        for (std::size_t i = 0; i < t.pins.size(); ++i) t.pins[i] = card_or_empty(pins[i]);
        const Json& piles = s.at("piles");
        if (piles.size() != t.piles.size()) throw std::out_of_range("3 piles");
        for (std::size_t p = 0; p < t.piles.size(); ++p) {
            t.piles[p] =
                PileState{card_or_empty(piles[p].at("up")), piles[p].at("down").get<int>()};
        }
        read_sheet(t, msg.at("sheet"));
        read_legal(t, msg.at("legal"));
        read_reveal(t, msg);
        return t;
    } catch (const std::exception& e) {
        if (why) *why = std::string("not a game snapshot: ") + e.what();
        return std::nullopt;
    }
}

UpdateResult apply_update(Table& t, const Json& msg) {
    try {
        if (msg.at("type").get<std::string>() != "update" ||
            msg.at("game").get<std::int64_t>() != t.game) {
            return UpdateResult::kMalformed;
        }
        const Json& events = msg.at("events");
        if (!events.is_array() || events.empty()) return UpdateResult::kMalformed;
        const auto version = msg.at("version").get<std::uint64_t>();
        if (version <= t.version) return UpdateResult::kStale;
        if (events.front().at("v").get<std::uint64_t>() != t.version + 1) return UpdateResult::kGap;
        Table next = t;
        for (const Json& e : events) apply_event(next, e);
        if (const auto sheet = msg.find("sheet"); sheet != msg.end()) read_sheet(next, *sheet);
        read_legal(next, msg.at("legal"));
        read_reveal(next, msg);
        next.version = version;
        t = std::move(next);
        return UpdateResult::kApplied;
    } catch (const std::exception&) {
        return UpdateResult::kMalformed;
    }
}

}  // namespace pinfall::cli
