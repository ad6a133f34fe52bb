// One arena's standings in memory (docs/rules.md "Arenas"): every joined player, their finished
// games, points with the streak running through them (engine/arena.hpp), ranked by points,
// average % of par, when they reached their points, then id. A result is added once, by
// (player, n), whichever node it came from and however often it is heard.
//
// Thread-safety: none; the ArenaHall's strand owns every ArenaStandings.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/arena.hpp"
#include "protocol/arenas.hpp"
#include "storage/arenas.hpp"

namespace pinfall::server {

// The standings page a detail shows.
struct ArenaPage {
    std::uint64_t total = 0;
    std::vector<protocol::ArenaLine> lines;
    std::optional<protocol::ArenaLine> me;
    std::optional<int> next_offset;
};

class ArenaStandings {
   public:
    // The standings of an arena's stored members and games: the results that count (not held,
    // not a banned player's) and, on each line, the game in play.
    static ArenaStandings from_storage(const std::vector<storage::ArenaMemberRow>& members,
                                       const std::vector<storage::ArenaGameRow>& games);
    // A player on the standings (0 points until a game finishes); renames when known.
    void join(std::int64_t player, const std::string& name);
    // The player's game in play (nullopt: none), shown on their line for watching.
    void set_playing(std::int64_t player, std::optional<std::int64_t> game);
    // Game n of the player finished. False (nothing changes) when it was added already.
    bool add(std::int64_t player, const std::string& name, int n, const engine::ArenaGame& game);

    std::uint64_t size() const { return players_.size(); }
    // The standings, best first (ranks shared by nobody: ties are broken to the player id).
    const std::vector<protocol::ArenaLine>& ranked();
    std::optional<protocol::ArenaLine> line_of(std::int64_t player);
    // What game n of the player earned; nullopt when it has not finished.
    std::optional<engine::GamePoints> points_of(std::int64_t player, int n) const;
    // Lines offset .. offset + limit, the asking player's line, and where the next page starts.
    ArenaPage page(std::optional<std::int64_t> me, int offset, int limit);
    // The finished games of the player, by n.
    std::map<int, engine::ArenaGame> games_of(std::int64_t player) const;

   private:
    struct Player {
        std::string name;
        std::map<int, engine::ArenaGame> games;  // by n
        std::vector<engine::GamePoints> points;  // in n order
        engine::ArenaTotals totals;
        std::optional<std::int64_t> playing;
    };
    std::unordered_map<std::int64_t, Player> players_;
    std::vector<protocol::ArenaLine> ranked_;
    std::unordered_map<std::int64_t, std::size_t> place_;  // player -> index in ranked_
    bool stale_ = true;
};

}  // namespace pinfall::server
