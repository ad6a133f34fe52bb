// Arena notices between nodes (NOTIFY pinfall_arena; docs/scaling.md): a finished arena game,
// and an arena that changed (created, joined, left, ended), tab-separated:
//   result: "result", node, arena, player, n, game, score, par, berserk (0/1), finished_at, name
//   change: "change", node, arena
// Pure encoding; ArenaHall sends them (announce_*) and applies them (on_notice).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "server/app/arenas/arena_hall.hpp"

namespace pinfall::server {

struct ArenaChangeNotice {
    std::string node;
    std::int64_t arena = 0;
};
struct ArenaResultNotice {
    std::string node;
    ArenaResult result;
};
using ArenaNotice = std::variant<ArenaResultNotice, ArenaChangeNotice>;

std::string encode_arena_notice(const ArenaNotice& n);
// nullopt for a payload that is not one.
std::optional<ArenaNotice> decode_arena_notice(std::string_view payload);

}  // namespace pinfall::server
