#include "server/app/games/own_games.hpp"

#include <boost/asio/post.hpp>

#include "server/app/core/error_codes.hpp"

namespace pinfall::server {

namespace asio = boost::asio;

void OwnGames::with_own_game(Connection& c, protocol::GameId id, protocol::Re re,
                             const std::shared_ptr<Outbox>& self, RoomFn fn) {
    // The player moved to another node while this request waited: it must not load the game
    // here again.
    if (c.moved()) {
        return c.fail(self, re, code::kMoved, "this player is served by another server now; reconnect");
    }
    // The room in memory (almost every action): straight on, without wrapping `fn` once more
    // in find_game's callback.
    if (auto room = registry_.cached(id); room && !room->broken()) {
        return in_own_game(c, std::move(room), c.acting_owner(), re, self, std::move(fn));
    }
    registry_.find_game(id, [this, conn = c.shared_from_this(), self, me = c.acting_owner(),
                             fn = std::move(fn), re](std::shared_ptr<GameRoom> room,
                                                     const storage::Status& st) mutable {
        if (!room) {
            if (st.is_not_found()) return conn->fail(self, re, code::kUnknownGame, "no game with that id");
            return conn->fail(self, re, code::kStorageError, "could not load the game");
        }
        in_own_game(*conn, std::move(room), me, re, self, std::move(fn));
    });
}

void OwnGames::in_own_game(Connection& c, std::shared_ptr<GameRoom> room, const Owner& me,
                           protocol::Re re, const std::shared_ptr<Outbox>& self, RoomFn fn) {
    const Owner& o = room->owner();
    const bool mine = o.player ? o.player == me.player : o.guest == me.guest;
    if (!mine) return c.fail(self, re, code::kNotYourGame, "that game belongs to another player");
    // A practice game runs on the io_context of the connection that started it
    // (Registry::create_game): its actions run here at once, without a hop through the
    // scheduler or a lambda holding copies; so do those of any room on this thread. A room on
    // another io_context is posted to.
    auto* executor = &room->executor();
    if (executor->running_in_this_thread() && !room->evicted()) return fn(room);
    asio::post(*executor, [this, conn = c.shared_from_this(), room = std::move(room), re, self,
                           fn = std::move(fn)]() mutable {
        // Evicted after we found it: look the game up again (it is loaded from storage, after
        // the eviction's write) on this connection's strand.
        if (!room->evicted()) return fn(room);
        asio::post(conn->strand(), [this, conn, id = room->id(), re, self, fn = std::move(fn)]() mutable {
            with_own_game(*conn, id, re, self, std::move(fn));
        });
    });
}

}  // namespace pinfall::server
