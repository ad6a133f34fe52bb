// Arena replies and pushes (docs/protocol.md "Arenas"): the list, an arena's detail with a page
// of its standings, the coalesced standings push, a player's points after a game, and the
// start and end. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/replies.hpp"

namespace pinfall::protocol {

struct ArenaInfo {
    std::int64_t id = 0;
    std::string name;
    std::string ruleset;
    std::string starts_at;  // RFC 3339
    std::string ends_at;
    int duration_min = 0;
    std::optional<int> clock_s;
    std::string entry;
    std::optional<std::int64_t> league;
    std::optional<PlayerRef> created_by;  // null: the operator's schedule
    int players = 0;
    std::string status;  // "upcoming", "live", "finished"
};

struct ArenaLine {
    std::int64_t rank = 0;
    PlayerRef player;
    int points = 0;
    int games = 0;
    double pct = 0;  // average % of par, one decimal
    bool streak = false;
    std::optional<std::int64_t> playing;  // the game in play, to watch (arena_watch)
};

struct ArenaGameInfo {
    int n = 0;
    std::int64_t game = 0;
    std::string status;  // "playing", "finished"
    bool berserk = false;
    std::optional<int> score, par, points;
    bool doubled = false;
    bool berserk_bonus = false;
    std::optional<std::string> seed;  // hex, once the arena has ended
};

struct ArenaDetail {
    ArenaInfo arena;
    bool joined = false;
    std::uint64_t total = 0;        // players on the standings
    std::vector<ArenaLine> lines;   // the page asked for
    std::optional<ArenaLine> me;
    std::optional<int> next_offset;
    std::vector<ArenaGameInfo> games;  // the asking player's, by n
};

// {"type":"arena_list","re":..,"upcoming":[..],"live":[..],"finished":[..]}: phases without a
// value (nullopt) are left out.
std::string encode_arena_list(Re re, const std::optional<std::vector<ArenaInfo>>& upcoming,
                              const std::optional<std::vector<ArenaInfo>>& live,
                              const std::optional<std::vector<ArenaInfo>>& finished);
// {"type":"arena","re":..,"arena":{..},"joined":b,"total":n,"standings":[..],"me":..,
//  "next_offset":n|null,"games":[..]}
std::string encode_arena(Re re, const ArenaDetail& d);
// Push (re null): {"type":"arena_standings","arena":n,"at":"<server time>","total":n,
// "top":[..],"me":line|null}
std::string encode_arena_standings(std::int64_t arena, const std::string& at, std::uint64_t total,
                                   const std::vector<ArenaLine>& top,
                                   const std::optional<ArenaLine>& me);
// Push: {"type":"arena_points","arena":n,"game":{..},"me":line}
std::string encode_arena_points(std::int64_t arena, const ArenaGameInfo& game,
                                const ArenaLine& me);
// Push: {"type":"arena_started"|"arena_ended","arena":{..},"podium":[..]} (podium when ended)
std::string encode_arena_event(const char* type, const ArenaInfo& arena,
                               const std::vector<ArenaLine>& podium);

}  // namespace pinfall::protocol
