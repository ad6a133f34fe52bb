#include "server/app/arenas/arena_standings.hpp"

#include <algorithm>

namespace pinfall::server {

ArenaStandings ArenaStandings::from_storage(const std::vector<storage::ArenaMemberRow>& members,
                                            const std::vector<storage::ArenaGameRow>& games) {
    ArenaStandings s;
    std::map<std::int64_t, std::string> names;
    for (const auto& m : members) {
        names[m.player] = m.name;
        s.join(m.player, m.name);
    }
    for (const auto& g : games) {
        if (!g.finished_at) s.set_playing(g.player, g.game);
        if (!g.finished_at || !g.par || !g.counts()) continue;
        s.add(g.player, names[g.player], g.n, {g.score, *g.par, g.berserk, *g.finished_at});
    }
    return s;
}

ArenaPage ArenaStandings::page(std::optional<std::int64_t> me, int offset, int limit) {
    ArenaPage p;
    const auto& all = ranked();
    p.total = all.size();
    for (std::size_t i = static_cast<std::size_t>(offset);
         i < all.size() && p.lines.size() < static_cast<std::size_t>(limit); ++i) {
        p.lines.push_back(all[i]);
    }
    if (offset + p.lines.size() < all.size()) p.next_offset = offset + static_cast<int>(p.lines.size());
    if (me) p.me = line_of(*me);
    return p;
}

void ArenaStandings::join(std::int64_t player, const std::string& name) {
    auto [it, fresh] = players_.try_emplace(player);
    it->second.name = name;
    if (fresh) it->second.totals.player = player;
    stale_ = true;
}

void ArenaStandings::set_playing(std::int64_t player, std::optional<std::int64_t> game) {
    const auto it = players_.find(player);
    if (it == players_.end() || it->second.playing == game) return;
    it->second.playing = game;
    stale_ = true;
}

bool ArenaStandings::add(std::int64_t player, const std::string& name, int n,
                         const engine::ArenaGame& game) {
    auto& p = players_[player];
    if (!name.empty()) p.name = name;
    if (!p.games.emplace(n, game).second) return false;
    p.playing.reset();
    std::vector<engine::ArenaGame> in_order;
    for (const auto& [k, g] : p.games) in_order.push_back(g);
    p.points = engine::arena_points(in_order);
    p.totals = engine::arena_totals(player, in_order);
    stale_ = true;
    return true;
}

const std::vector<protocol::ArenaLine>& ArenaStandings::ranked() {
    if (!stale_) return ranked_;
    std::vector<const Player*> order;
    order.reserve(players_.size());
    for (auto& [id, p] : players_) {
        p.totals.player = id;
        order.push_back(&p);
    }
    std::sort(order.begin(), order.end(), [](const Player* a, const Player* b) {
        return engine::ranks_before(a->totals, b->totals);
    });
    ranked_.clear();
    place_.clear();
    for (std::size_t i = 0; i < order.size(); ++i) {
        const auto& t = order[i]->totals;
        ranked_.push_back({static_cast<std::int64_t>(i) + 1,
                           {t.player, order[i]->name},
                           t.points,
                           t.games,
                           t.games ? t.pct_sum / t.games : 0,
                           t.on_streak,
                           order[i]->playing});
        place_[t.player] = i;
    }
    stale_ = false;
    return ranked_;
}

std::optional<protocol::ArenaLine> ArenaStandings::line_of(std::int64_t player) {
    ranked();
    const auto it = place_.find(player);
    if (it == place_.end()) return std::nullopt;
    return ranked_[it->second];
}

std::optional<engine::GamePoints> ArenaStandings::points_of(std::int64_t player, int n) const {
    const auto it = players_.find(player);
    if (it == players_.end()) return std::nullopt;
    const auto& games = it->second.games;
    const auto g = games.find(n);
    if (g == games.end()) return std::nullopt;
    return it->second.points[static_cast<std::size_t>(std::distance(games.begin(), g))];
}

std::map<int, engine::ArenaGame> ArenaStandings::games_of(std::int64_t player) const {
    const auto it = players_.find(player);
    return it == players_.end() ? std::map<int, engine::ArenaGame>{} : it->second.games;
}

}  // namespace pinfall::server
