// When a stored game's seed and record may be shown to anyone (docs/rules.md): a practice game
// once finished, a daily attempt once its day is revealed, a league game once its round is
// closed, an arena game once its arena has ended. Used by the queries (verify, record), the coach's review and the leagues.
// Pure functions; league_round_closed reads the store it is given.
#pragma once

#include "server/app/core/calendar.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

// True for a league game whose round is closed, and for an arena game whose arena has ended
// (the "closed" is_public takes). Runs on the storage worker.
bool league_round_closed(storage::Store& st, const storage::GameRow& g);

// Whether g's seed and record are public at `now` (round_closed: league_round_closed(g)).
bool is_public(const storage::GameRow& g, bool round_closed, SysTime now);

}  // namespace pinfall::server
