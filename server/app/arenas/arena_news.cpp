#include "server/app/arenas/arena_news.hpp"

#include "server/app/cluster/notice_fields.hpp"
#include "storage/store.hpp"

namespace pinfall::server {
using notice::fields;
using notice::joined;
using notice::number;

std::string encode_arena_notice(const ArenaNotice& n) {
    if (const auto* c = std::get_if<ArenaChangeNotice>(&n)) {
        return joined({"change", c->node, std::to_string(c->arena)});
    }
    const auto& r = std::get<ArenaResultNotice>(n);
    const auto& g = r.result.game_result;
    return joined({"result", r.node, std::to_string(r.result.arena), std::to_string(r.result.player),
                   std::to_string(r.result.n), std::to_string(r.result.game),
                   std::to_string(g.score), std::to_string(g.par), g.berserk ? "1" : "0",
                   std::to_string(g.finished_at), r.result.name});
}

std::optional<ArenaNotice> decode_arena_notice(std::string_view payload) {
    const auto f = fields(payload);
    if (f.size() == 3 && f[0] == "change") {
        ArenaChangeNotice c{std::string(f[1]), 0};
        if (!number(f[2], &c.arena) || c.arena <= 0) return std::nullopt;
        return c;
    }
    if (f.size() != 11 || f[0] != "result" || f[10].empty()) return std::nullopt;
    ArenaResultNotice r{std::string(f[1]), {}};
    auto& a = r.result;
    int berserk = 0;
    if (!number(f[2], &a.arena) || !number(f[3], &a.player) || !number(f[4], &a.n) ||
        !number(f[5], &a.game) || !number(f[6], &a.game_result.score) ||
        !number(f[7], &a.game_result.par) || !number(f[8], &berserk) || berserk < 0 ||
        berserk > 1 || !number(f[9], &a.game_result.finished_at)) {
        return std::nullopt;
    }
    a.game_result.berserk = berserk == 1;
    a.name = std::string(f[10]);
    return r;
}

storage::Status ArenaHall::announce_result(storage::Store& s, const std::string& node,
                                           const ArenaResult& r) {
    return s.announce(kArenaChannel, encode_arena_notice(ArenaResultNotice{node, r}));
}

storage::Status ArenaHall::announce_change(storage::Store& s, const std::string& node,
                                           std::int64_t arena) {
    return s.announce(kArenaChannel, encode_arena_notice(ArenaChangeNotice{node, arena}));
}

void ArenaHall::on_notice(const std::string& payload) {
    const auto n = decode_arena_notice(payload);
    if (!n) return;
    if (const auto* c = std::get_if<ArenaChangeNotice>(&*n)) {
        if (c->node != d_.node) arena_changed(c->arena);
        return;
    }
    const auto& r = std::get<ArenaResultNotice>(*n);
    if (r.node != d_.node) result(r.result);
}

}  // namespace pinfall::server
