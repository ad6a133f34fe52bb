#include "protocol/arenas.hpp"

#include "protocol/encode_parts.hpp"

namespace pinfall::protocol {

namespace {

void write_info(JsonWriter& w, const ArenaInfo& a) {
    w.begin_object().key("id").value(a.id).key("name").value(a.name);
    w.key("ruleset").value(a.ruleset).key("starts_at").value(a.starts_at);
    w.key("ends_at").value(a.ends_at).key("duration_min").value(a.duration_min);
    w.key("clock_s").value(a.clock_s).key("entry").value(a.entry).key("league").value(a.league);
    w.key("created_by");
    if (a.created_by) {
        write_player(w, *a.created_by);
    } else {
        w.null();
    }
    w.key("players").value(a.players).key("status").value(a.status).end_object();
}

void write_line(JsonWriter& w, const ArenaLine& l) {
    w.begin_object().key("rank").value(l.rank).key("player");
    write_player(w, l.player);
    w.key("points").value(l.points).key("games").value(l.games).key("pct");
    write_tenths(w, l.pct);
    w.key("streak").value(l.streak).key("playing").value(l.playing).end_object();
}

void write_lines(JsonWriter& w, const std::vector<ArenaLine>& lines) {
    w.begin_array();
    for (const auto& l : lines) write_line(w, l);
    w.end_array();
}

void write_optional_line(JsonWriter& w, const std::optional<ArenaLine>& l) {
    if (l) {
        write_line(w, *l);
    } else {
        w.null();
    }
}

void write_game(JsonWriter& w, const ArenaGameInfo& g) {
    w.begin_object().key("n").value(g.n).key("game").value(g.game).key("status").value(g.status);
    w.key("berserk").value(g.berserk).key("score").value(g.score).key("par").value(g.par);
    w.key("points").value(g.points).key("doubled").value(g.doubled);
    w.key("berserk_bonus").value(g.berserk_bonus).key("seed").value(g.seed).end_object();
}

void write_infos(JsonWriter& w, const char* key, const std::optional<std::vector<ArenaInfo>>& v) {
    if (!v) return;
    w.key(key).begin_array();
    for (const auto& a : *v) write_info(w, a);
    w.end_array();
}

}  // namespace

std::string encode_arena_list(Re re, const std::optional<std::vector<ArenaInfo>>& upcoming,
                              const std::optional<std::vector<ArenaInfo>>& live,
                              const std::optional<std::vector<ArenaInfo>>& finished) {
    JsonWriter w = start_message("arena_list", re, 1024);
    write_infos(w, "upcoming", upcoming);
    write_infos(w, "live", live);
    write_infos(w, "finished", finished);
    return w.end_object().take();
}

std::string encode_arena(Re re, const ArenaDetail& d) {
    JsonWriter w = start_message("arena", re, 512 + 96 * d.lines.size() + 128 * d.games.size());
    w.key("arena");
    write_info(w, d.arena);
    w.key("joined").value(d.joined).key("total").value(d.total).key("standings");
    write_lines(w, d.lines);
    w.key("me");
    write_optional_line(w, d.me);
    w.key("next_offset").value(d.next_offset).key("games").begin_array();
    for (const auto& g : d.games) write_game(w, g);
    w.end_array();
    return w.end_object().take();
}

std::string encode_arena_standings(std::int64_t arena, const std::string& at, std::uint64_t total,
                                   const std::vector<ArenaLine>& top,
                                   const std::optional<ArenaLine>& me) {
    JsonWriter w = start_message("arena_standings", std::nullopt, 256 + 96 * top.size());
    w.key("arena").value(arena).key("at").value(at).key("total").value(total).key("top");
    write_lines(w, top);
    w.key("me");
    write_optional_line(w, me);
    return w.end_object().take();
}

std::string encode_arena_points(std::int64_t arena, const ArenaGameInfo& game,
                                const ArenaLine& me) {
    JsonWriter w = start_message("arena_points", std::nullopt, 256);
    w.key("arena").value(arena).key("game");
    write_game(w, game);
    w.key("me");
    write_line(w, me);
    return w.end_object().take();
}

std::string encode_arena_event(const char* type, const ArenaInfo& arena,
                               const std::vector<ArenaLine>& podium) {
    JsonWriter w = start_message(type, std::nullopt, 512);
    w.key("arena");
    write_info(w, arena);
    w.key("podium");
    write_lines(w, podium);
    return w.end_object().take();
}

}  // namespace pinfall::protocol
