#include "storage/arenas.hpp"

#include <string>

#include "storage/store_prepared.hpp"

namespace pinfall::storage {
namespace {

// An arena row (arenas a) and its joined players (members not left).
constexpr const char* kArenaColumns =
    "a.id, a.name, a.ruleset, a.starts_at, a.ends_at, a.clock_ms, a.entry, a.league_id, "
    "a.created_by, a.schedule_slot, a.created_at, a.ended_at, "
    "(SELECT count(*) FROM arena_members m WHERE m.arena_id = a.id AND m.left_at IS NULL)";

std::string arena_query(const std::string& where_and_order) {
    return std::string("SELECT ") + kArenaColumns + " FROM arenas a WHERE " + where_and_order;
}

ArenaRow read_arena(const Statement& s) {
    ArenaRow r;
    r.id = s.int64(0);
    r.name = s.text(1);
    r.ruleset = s.text(2);
    r.starts_at = s.int64(3);
    r.ends_at = s.int64(4);
    if (!s.is_null(5)) r.clock_ms = s.int32(5);
    r.entry = s.text(6);
    if (!s.is_null(7)) r.league = s.int64(7);
    if (!s.is_null(8)) r.created_by = s.int64(8);
    if (!s.is_null(9)) r.schedule_slot = s.text(9);
    r.created_at = s.int64(10);
    if (!s.is_null(11)) r.ended_at = s.int64(11);
    r.players = s.int32(12);
    return r;
}

// An arena game (a games row of mode 'arena').
constexpr const char* kArenaGameColumns =
    "id, player_id, arena_n, arena_berserk, started_at, finished_at, score, par, arena_points, "
    "review, (SELECT p.banned_at FROM players p WHERE p.id = games.player_id)";

std::string arena_games_query(const char* where_and_order) {
    return std::string("SELECT ") + kArenaGameColumns +
           " FROM games WHERE mode = 'arena' AND arena_id = ? " + where_and_order;
}

ArenaGameRow read_arena_game(const Statement& s) {
    ArenaGameRow g;
    g.game = s.int64(0);
    g.player = s.int64(1);
    g.n = s.int32(2);
    g.berserk = s.int64(3) != 0;
    g.started_at = s.int64(4);
    if (!s.is_null(5)) g.finished_at = s.int64(5);
    g.score = s.int32(6);
    if (!s.is_null(7)) g.par = s.int32(7);
    if (!s.is_null(8)) g.points = s.int32(8);
    g.review = parse_review_state(s.text(9)).value_or(ReviewState::kClean);
    g.banned = !s.is_null(10);
    return g;
}

ArenaMemberRow read_member(const Statement& s) {
    ArenaMemberRow m;
    m.player = s.int64(0);
    m.name = s.text(1);
    m.joined_at = s.int64(2);
    if (!s.is_null(3)) m.left_at = s.int64(3);
    return m;
}

}  // namespace

struct ArenaStore::Prepared {
    Statement create, by_id, exists, upcoming, upcoming_after, live, finished, finished_before,
        created_since, end, due_to_end;
    Statement join, leave, member, members;
    Statement create_game, set_points, games, games_of, unfinished;
};

ArenaStore::ArenaStore(Database& db, Status* status)
    : db_(db), q_(std::make_unique<Prepared>()) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    Prepared& q = *q_;
    // A slot taken by another node is no row back: a conflict that leaves the transaction
    // usable (an ON CONFLICT, not a failed statement).
    prep(q.create,
         "INSERT INTO arenas (name, ruleset, starts_at, ends_at, clock_ms, entry, league_id, "
         "created_by, schedule_slot, created_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
         "ON CONFLICT (schedule_slot) DO NOTHING RETURNING id");
    prep(q.by_id, arena_query("a.id = ?"));
    prep(q.exists, "SELECT 1 FROM arenas WHERE id = ?");
    // Phases at now: upcoming (not started), live (started, not over), finished (over, or
    // marked ended); disjoint. A page goes on after the arena given, in the phase's order.
    const std::string upcoming = "a.starts_at > ? AND a.ended_at IS NULL";
    prep(q.upcoming, arena_query(upcoming + " ORDER BY a.starts_at, a.id LIMIT ?"));
    prep(q.upcoming_after,
         arena_query(upcoming +
                     " AND (a.starts_at, a.id) > (SELECT b.starts_at, b.id FROM arenas b "
                     "WHERE b.id = ?) ORDER BY a.starts_at, a.id LIMIT ?"));
    prep(q.live, arena_query("a.starts_at <= ?1 AND a.ends_at > ?1 AND a.ended_at IS NULL "
                             "ORDER BY a.starts_at DESC, a.id DESC LIMIT ?2"));
    const std::string finished = "(a.ended_at IS NOT NULL OR a.ends_at <= ?)";
    prep(q.finished, arena_query(finished + " ORDER BY a.ends_at DESC, a.id DESC LIMIT ?"));
    prep(q.finished_before,
         arena_query(finished +
                     " AND (a.ends_at, a.id) < (SELECT b.ends_at, b.id FROM arenas b "
                     "WHERE b.id = ?) ORDER BY a.ends_at DESC, a.id DESC LIMIT ?"));
    prep(q.created_since,
         "SELECT count(*) FROM arenas WHERE created_by = ? AND created_at >= ?");
    prep(q.end, "UPDATE arenas SET ended_at = ? WHERE id = ? AND ended_at IS NULL");
    prep(q.due_to_end,
         arena_query("a.ends_at <= ? AND a.ended_at IS NULL ORDER BY a.ends_at, a.id"));

    // Joining again (after leaving) keeps the first joined_at.
    prep(q.join,
         "INSERT INTO arena_members (arena_id, player_id, joined_at) VALUES (?, ?, ?) "
         "ON CONFLICT (arena_id, player_id) DO UPDATE SET left_at = NULL");
    prep(q.leave,
         "UPDATE arena_members SET left_at = ? WHERE arena_id = ? AND player_id = ? "
         "AND left_at IS NULL");
    const std::string member =
        "SELECT m.player_id, p.name, m.joined_at, m.left_at FROM arena_members m "
        "JOIN players p ON p.id = m.player_id WHERE m.arena_id = ?";
    prep(q.member, member + " AND m.player_id = ?");
    prep(q.members, member + " ORDER BY m.joined_at, m.player_id");

    // A game n taken is no row back (a conflict; the transaction stays usable).
    prep(q.create_game,
         insert_game_sql("ON CONFLICT (arena_id, player_id, arena_n) WHERE mode = 'arena' "
                         "DO NOTHING"));
    prep(q.set_points,
         "UPDATE games SET par = ?, arena_points = ? WHERE id = ? AND mode = 'arena'");
    prep(q.games, arena_games_query("ORDER BY player_id, arena_n"));
    prep(q.games_of, arena_games_query("AND player_id = ? ORDER BY arena_n"));
    prep(q.unfinished,
         arena_games_query("AND finished_at IS NULL ORDER BY player_id, arena_n"));
    *status = s;
}

ArenaStore::~ArenaStore() = default;

namespace {

std::vector<ArenaRow> arena_rows(Statement& s) {
    std::vector<ArenaRow> out;
    while (s.step()) out.push_back(read_arena(s));
    s.reset();
    return out;
}

std::vector<ArenaGameRow> arena_game_rows(Statement& s) {
    std::vector<ArenaGameRow> out;
    while (s.step()) out.push_back(read_arena_game(s));
    s.reset();
    return out;
}

}  // namespace

Status ArenaStore::create(ArenaRow& row) {
    Statement& s = q_->create;
    s.bind(1, row.name).bind(2, row.ruleset).bind(3, row.starts_at).bind(4, row.ends_at);
    s.bind(5, row.clock_ms).bind(6, row.entry).bind(7, row.league).bind(8, row.created_by);
    s.bind(9, row.schedule_slot).bind(10, row.created_at).bind(11, row.ended_at);
    return s.run_returning_id(&row.id);
}

std::optional<ArenaRow> ArenaStore::arena(std::int64_t id) {
    Statement& s = q_->by_id;
    s.bind(1, id);
    std::optional<ArenaRow> out;
    if (s.step()) out = read_arena(s);
    s.reset();
    return out;
}

std::vector<ArenaRow> ArenaStore::upcoming(Millis now, int limit, std::int64_t after_starts) {
    if (after_starts == 0) {
        Statement& s = q_->upcoming;
        s.bind(1, now).bind(2, limit);
        return arena_rows(s);
    }
    Statement& s = q_->upcoming_after;
    s.bind(1, now).bind(2, after_starts).bind(3, limit);
    return arena_rows(s);
}

std::vector<ArenaRow> ArenaStore::live(Millis now, int limit) {
    Statement& s = q_->live;
    s.bind(1, now).bind(2, limit);
    return arena_rows(s);
}

std::vector<ArenaRow> ArenaStore::finished(Millis now, int limit, std::int64_t before_id) {
    if (before_id == 0) {
        Statement& s = q_->finished;
        s.bind(1, now).bind(2, limit);
        return arena_rows(s);
    }
    Statement& s = q_->finished_before;
    s.bind(1, now).bind(2, before_id).bind(3, limit);
    return arena_rows(s);
}

int ArenaStore::created_since(PlayerId player, Millis since) {
    Statement& s = q_->created_since;
    s.bind(1, player).bind(2, since);
    const int n = s.step() ? s.int32(0) : 0;
    s.reset();
    return n;
}

Status ArenaStore::end(std::int64_t id, Millis at, bool* first) {
    *first = false;
    if (Status st = q_->end.bind(1, at).bind(2, id).run(); !st.is_ok()) return st;
    if (db_.changes() > 0) {
        *first = true;
        return Status::ok();
    }
    Statement& e = q_->exists;
    e.bind(1, id);
    const bool exists = e.step();
    Status read = e.status();
    e.reset();
    if (!read.is_ok()) return read;
    return exists ? Status::ok() : Status::not_found("no arena " + std::to_string(id));
}

std::vector<ArenaRow> ArenaStore::due_to_end(Millis now) {
    Statement& s = q_->due_to_end;
    s.bind(1, now);
    return arena_rows(s);
}

Status ArenaStore::join(std::int64_t arena, PlayerId player, Millis now) {
    // Checked first: a missing arena would fail the insert's foreign key, and on PostgreSQL a
    // failed statement spoils the whole transaction.
    Statement& e = q_->exists;
    e.bind(1, arena);
    const bool exists = e.step();
    Status read = e.status();
    e.reset();
    if (!read.is_ok()) return read;
    if (!exists) return Status::not_found("no arena " + std::to_string(arena));
    return q_->join.bind(1, arena).bind(2, player).bind(3, now).run();
}

Status ArenaStore::leave(std::int64_t arena, PlayerId player, Millis now) {
    Statement& s = q_->leave;
    if (Status st = s.bind(1, now).bind(2, arena).bind(3, player).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("not in arena " + std::to_string(arena));
    return Status::ok();
}

std::optional<ArenaMemberRow> ArenaStore::member(std::int64_t arena, PlayerId player) {
    Statement& s = q_->member;
    s.bind(1, arena).bind(2, player);
    std::optional<ArenaMemberRow> out;
    if (s.step()) out = read_member(s);
    s.reset();
    return out;
}

std::vector<ArenaMemberRow> ArenaStore::members(std::int64_t arena) {
    Statement& s = q_->members;
    s.bind(1, arena);
    std::vector<ArenaMemberRow> out;
    while (s.step()) out.push_back(read_member(s));
    s.reset();
    return out;
}

Status ArenaStore::create_game(GameRow& row, int n, bool berserk) {
    if (row.mode != GameMode::kArena || !row.arena || !row.player || n < 1) {
        return Status::error("an arena game needs mode arena, an arena, a player and n >= 1");
    }
    row.arena_n = n;
    row.arena_berserk = berserk;
    return insert_game(q_->create_game, row);
}

Status ArenaStore::set_points(GameRowId game, int par, int points) {
    Statement& s = q_->set_points;
    if (Status st = s.bind(1, par).bind(2, points).bind(3, game).run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("no arena game " + std::to_string(game));
    return Status::ok();
}

std::vector<ArenaGameRow> ArenaStore::games(std::int64_t arena) {
    Statement& s = q_->games;
    s.bind(1, arena);
    return arena_game_rows(s);
}

std::vector<ArenaGameRow> ArenaStore::games_of(std::int64_t arena, PlayerId player) {
    Statement& s = q_->games_of;
    s.bind(1, arena).bind(2, player);
    return arena_game_rows(s);
}

std::vector<ArenaGameRow> ArenaStore::unfinished(std::int64_t arena) {
    Statement& s = q_->unfinished;
    s.bind(1, arena);
    return arena_game_rows(s);
}

}  // namespace pinfall::storage
