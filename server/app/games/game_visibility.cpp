#include "server/app/games/game_visibility.hpp"

namespace pinfall::server {

bool league_round_closed(storage::Store& st, const storage::GameRow& g) {
    if (g.mode == storage::GameMode::kArena && g.arena) {
        // An arena game's deal is public once its arena has ended (its seed is revealed).
        const auto a = st.arenas().arena(*g.arena);
        return a && a->ended_at.has_value();
    }
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
        // Public once its arena has ended (docs/rules.md "Arenas"): round_closed says so.
        case storage::GameMode::kArena: return round_closed;
    }
    return false;
}

}  // namespace pinfall::server
