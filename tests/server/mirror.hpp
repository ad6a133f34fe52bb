// Test helpers that mirror a server game with a local engine Game (same seed, same actions)
// and count the cards a message names, to check every message against what a player may see.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/view.hpp"
#include "ws_client.hpp"

namespace pinfall::test {

// Every card name ("10H", "AS", ...) in text, in order; the "reveal" object is left out.
std::multiset<std::string> card_tokens(const std::string& text);

// What a snapshot of this view may name: standing pins and face-up cards.
std::multiset<std::string> visible_cards(const engine::View& v);

// What these events may name: played and turned cards, burned and turned cards, a new deal's
// pins and face-up cards. (Each is face up once its event has happened.)
std::multiset<std::string> event_cards(const engine::Events& events);

// The legal plays of a server message ("legal": per pile, a list of pin lists).
std::vector<engine::Play> legal_from_json(const Json& legal);

// {"type":"play","game":g,"pile":1-3,"pins":[...ascending]}.
Json play_json(long long game, const engine::Play& p);
// The engine action for the same play.
engine::Action play_action(const engine::Play& p);

}  // namespace pinfall::test
