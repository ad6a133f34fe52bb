#include "server/app/games/game_visibility.hpp"

namespace pinfall::server {

bool league_round_closed(storage::Store& st, const storage::GameRow& g) {
    if (g.mode != storage::GameMode::kLeague || !g.league) return false;
    for (const auto& r : st.leagues().closed_rounds(*g.league)) {
        if (r.round == g.league_round) return true;
    }
    return false;
}

bool is_public(const storage::GameRow& g, bool round_closed, SysTime now) {
    switch (g.mode) {
        case storage::GameMode::kPractice: return g.finished_at.has_value();
        case storage::GameMode::kDaily: return is_revealed(g.day, now);
        case storage::GameMode::kLeague: return round_closed;
        // Public once its arena has ended (docs/rules.md "Arenas"), which this cannot tell
        // from the row: hidden until the arenas' server side says so.
        case storage::GameMode::kArena: return false;
    }
    return false;
}

}  // namespace pinfall::server
