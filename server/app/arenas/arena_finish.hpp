// A finished arena game's points (docs/rules.md "Arenas"), in the transaction that stores its
// finish: the player's finished games of the arena in order (their pars stored when each was
// created), the streak through them (engine/arena.hpp), this game's points stored with it, and
// the result announced to the other nodes.
//
// Thread-safety: REQUIRES the storage thread, inside the finish's transaction.
#pragma once

#include <string>

#include "server/app/arenas/arena_hall.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

// row: the finished game (mode arena, arena set, par set). *result: what the standings add.
storage::Status store_arena_points(storage::Store& s, const storage::GameRow& row,
                                   const std::string& player_name, const std::string& node,
                                   ArenaResult* result);

}  // namespace pinfall::server
