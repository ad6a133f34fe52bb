// Helpers for the encoder tests: a game on the all-zero seed whose updates are numbered as the
// server numbers them, the reveal of a finished game, and checks that an encoder's output is
// JSON and shows no face-down card.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/record.hpp"
#include "engine/view.hpp"
#include "protocol/encode.hpp"

namespace pinfall::test {

inline constexpr protocol::GameRef kRef{42, "practice"};

// The reveal a finished practice game carries: its seed, record and deals 0..current.
inline std::unique_ptr<protocol::Reveal> reveal_of(const engine::Game& g) {
    if (!g.over()) return nullptr;
    auto r = std::make_unique<protocol::Reveal>();
    r->seed = g.seed();
    r->record = engine::record_text(engine::record_of(g));
    for (int k = 0; k <= g.deal_index(); ++k) {
        r->deals.push_back(engine::deal_from_seed(g.seed(), static_cast<std::uint32_t>(k)));
    }
    return r;
}

// A game as a game room holds it: version = events so far (the opening deal is version 1).
struct VersionedGame {
    std::uint64_t version = 0;  // declared first: opened() sets it while `game` is built
    engine::Game game;

    explicit VersionedGame(const engine::Seed& seed = engine::Seed{})
        : game(opened(seed, version)) {}

    static engine::Game opened(const engine::Seed& seed, std::uint64_t& version) {
        engine::Events opening;
        engine::Game g(engine::Ruleset::kSackson, seed, &opening);
        version = opening.size();
        return g;
    }

    // Applies an action that must be legal and returns the update answering request `re`.
    std::string act(const engine::Action& a, protocol::Re re) {
        engine::Events events;
        const auto err = game.apply(a, &events);
        REQUIRE_FALSE(err.has_value());
        const auto reveal = reveal_of(game);
        const auto text = protocol::encode_update(re, kRef, version + 1, events,
                                                  engine::view_of(game), reveal.get());
        version += events.size();
        return text;
    }
    std::string play(int pile, std::vector<int> pins, protocol::Re re) {
        return act(engine::Action::play(pile - 1, pins), re);
    }
    std::string snapshot(protocol::Re re) const {
        const auto reveal = reveal_of(game);
        return protocol::encode_snapshot(re, kRef, version, engine::view_of(game), reveal.get());
    }
};

// Names of the face-down ball cards of the rack in play.
inline std::vector<std::string> face_down_cards(const engine::Game& g) {
    const engine::View v = engine::view_of(g);
    const engine::Deal d = engine::deal_from_seed(g.seed(), static_cast<std::uint32_t>(v.deal));
    std::vector<std::string> out;
    for (int p = 0; p < engine::kPileCount; ++p) {
        const int end = engine::kPileOffset[p] + engine::kPileSize[p];
        for (int i = end - v.piles[p].face_down; i < end; ++i) {
            out.push_back(engine::card_name(d.balls[i]));
        }
    }
    return out;
}

// Every space-separated word of every string in a JSON document (card names, deal texts).
inline void collect_words(const nlohmann::json& j, std::set<std::string>& out) {
    if (j.is_string()) {
        std::istringstream in(j.get<std::string>());
        for (std::string w; in >> w;) out.insert(w);
    } else if (j.is_structured()) {
        for (const auto& child : j) collect_words(child, out);
    }
}

// REQUIREs that text is one JSON object, and returns the words of all its strings.
inline std::set<std::string> words_of_message(const std::string& text) {
    INFO(text);
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(text));
    REQUIRE(j.is_object());
    std::set<std::string> words;
    collect_words(j, words);
    return words;
}

// REQUIREs that a snapshot is JSON and names none of the rack's face-down cards.
inline void check_hides_face_down(const std::string& text, const engine::Game& g) {
    const auto words = words_of_message(text);
    for (const auto& card : face_down_cards(g)) {
        INFO(text << "\nshows face-down card " << card);
        CHECK(words.count(card) == 0);
        CHECK(text.find('"' + card + '"') == std::string::npos);
    }
}

// The same for an update. A card is face down only on its own deal: events before the last
// `deal` event of the update belong to the previous deal, where the card may have been turned
// up, so only the events from that deal event on are checked (all of them if none).
inline void check_update_hides_face_down(const std::string& text, const engine::Game& g) {
    INFO(text);
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(text));
    REQUIRE(j["type"] == "update");
    const auto& events = j["events"];
    std::size_t from = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (events[i]["e"] == "deal") from = i;
    }
    j["events"] = nlohmann::json(events.begin() + static_cast<std::ptrdiff_t>(from), events.end());
    std::set<std::string> words;
    collect_words(j, words);
    for (const auto& card : face_down_cards(g)) {
        INFO("shows face-down card " << card);
        CHECK(words.count(card) == 0);
    }
}

}  // namespace pinfall::test
