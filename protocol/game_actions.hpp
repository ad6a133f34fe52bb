// The engine's side of the game requests: the one place where a decoded play, stop, resign or
// undo becomes an engine::Action. The protocol counts piles from 1 (docs/protocol.md), the
// engine from 0; a pile out of range stays out of range, so the engine answers bad_pile.
// Pure; thread-safe.
#pragma once

#include <optional>

#include "engine/action.hpp"
#include "protocol/messages.hpp"

namespace pinfall::protocol {

struct GameAction {
    GameId game = 0;
    engine::Action action;
};

// The action a request body asks of a game, or nullopt when the body is no game action.
inline std::optional<GameAction> game_action(const RequestBody& body) {
    if (const auto* p = std::get_if<PlayRequest>(&body)) {
        return GameAction{p->game, engine::Action::play(p->pile - 1, p->pins)};
    }
    if (const auto* s = std::get_if<StopRequest>(&body)) return GameAction{s->game, engine::Action::stop()};
    if (const auto* u = std::get_if<UndoRequest>(&body)) return GameAction{u->game, engine::Action::undo()};
    if (const auto* r = std::get_if<ResignRequest>(&body)) {
        return GameAction{r->game, engine::Action::resign()};
    }
    return std::nullopt;
}

}  // namespace pinfall::protocol
