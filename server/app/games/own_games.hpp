// Reaching a game a connection may act on: found in memory (almost every action) or loaded from
// storage, checked against the connection's identity, then handed to the room's strand. Used by
// the game requests and the coach's hints.
//
// Thread-safety: with_own_game REQUIRES the connection's strand; `fn` runs on the room's strand.
#pragma once

#include <functional>
#include <memory>

#include "server/app/core/connection.hpp"
#include "server/app/games/registry.hpp"

namespace pinfall::server {

class OwnGames {
   public:
    using RoomFn = std::function<void(const std::shared_ptr<GameRoom>&)>;

    explicit OwnGames(Registry& registry) : registry_(registry) {}

    // Finds game `id` (in memory, else loaded) and, when c may act on it, runs fn(room) on the
    // room's strand; otherwise answers re with moved, unknown_game, not_your_game or
    // storage_error. A room evicted meanwhile is looked up again.
    void with_own_game(Connection& c, protocol::GameId id, protocol::Re re,
                       const std::shared_ptr<Outbox>& self, RoomFn fn);

   private:
    // The second half, once the room is found: the owner check and the post.
    void in_own_game(Connection& c, std::shared_ptr<GameRoom> room, const Owner& me,
                     protocol::Re re, const std::shared_ptr<Outbox>& self, RoomFn fn);

    Registry& registry_;
};

}  // namespace pinfall::server
