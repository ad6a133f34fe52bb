#include "server/app/arenas/arena_finish.hpp"

#include <vector>

#include "engine/arena.hpp"

namespace pinfall::server {

storage::Status store_arena_points(storage::Store& s, const storage::GameRow& row,
                                   const std::string& player_name, const std::string& node,
                                   ArenaResult* result) {
    if (!row.arena || !row.player || !row.par) {
        return storage::Status::error("an arena game finished without its arena or par");
    }
    std::vector<engine::ArenaGame> games;
    int index = -1;
    for (const auto& g : s.arenas().games_of(*row.arena, *row.player)) {
        const bool this_one = g.game == row.id;
        if (!this_one && (!g.finished_at || !g.par)) continue;
        if (this_one) index = static_cast<int>(games.size());
        games.push_back({this_one ? row.score : g.score, *(this_one ? row.par : g.par),
                         g.berserk, this_one ? row.finished_at.value_or(0) : *g.finished_at});
    }
    if (index < 0) return storage::Status::not_found("no such arena game");
    const auto points = engine::arena_points(games)[static_cast<std::size_t>(index)];
    if (auto st = s.arenas().set_points(row.id, *row.par, points.points); !st.is_ok()) return st;
    std::string name = player_name;
    if (name.empty()) {  // a guest's ranked identity: its name is the stored one
        if (const auto p = s.player(*row.player)) name = p->name;
    }
    *result = ArenaResult{*row.arena, *row.player, name, row.arena_n, row.id,
                          games[static_cast<std::size_t>(index)]};
    return ArenaHall::announce_result(s, node, *result);
}

}  // namespace pinfall::server
