// Store: game id reservations and guests (schema version 6).
#include "storage/store_prepared.hpp"

namespace pinfall::storage {
namespace {

// Takes ?1 ids after every id reserved in `counter` or stored in `table`; returns the last.
std::string take_ids_sql(const std::string& counter, const std::string& table) {
    const std::string stored = "(SELECT coalesce(max(id), 0) FROM " + table + ")";
    return "INSERT INTO counters (name, value) VALUES ('" + counter + "', " + stored +
           " + ?1) ON CONFLICT (name) DO UPDATE SET value = ?1 + CASE WHEN counters.value >= " +
           stored + " THEN counters.value ELSE " + stored + " END RETURNING value";
}

Status take(Statement& s, std::int64_t count, std::int64_t* last) {
    s.bind(1, count);
    if (s.step()) *last = s.int64(0);
    while (s.step()) {
    }
    const Status st = s.status();
    s.reset();
    return st;
}

}  // namespace

Status Store::prepare_ids_and_guests() {
    Status s;
    auto prep = [&](Statement& into, const char* sql) {
        if (s.is_ok()) into = db_->prepare(sql, &s);
    };
    Prepared& q = *q_;
    prep(q.max_game_id, "SELECT coalesce(max(id), 0) FROM games");
    // Portable SQL: the aggregate max() skips NULLs on both backends (SQLite's two-argument
    // max() is PostgreSQL's greatest()).
    prep(q.reservation,
         "SELECT coalesce(max(v), 0) FROM (SELECT value AS v FROM counters "
         "WHERE name = 'game_ids' UNION ALL SELECT max(id) FROM games) AS known");
    prep(q.reserve,
         "INSERT INTO counters (name, value) VALUES ('game_ids', ?1) "
         "ON CONFLICT (name) DO UPDATE SET value = CASE WHEN excluded.value > counters.value "
         "THEN excluded.value ELSE counters.value END");
    // One statement each, so that it is atomic: the upsert's row lock orders concurrent takers.
    prep(q.take_ids, take_ids_sql("game_ids", "games").c_str());
    prep(q.take_guest_ids, take_ids_sql("guest_ids", "guests").c_str());
    prep(q.guest_by_token, "SELECT id FROM guests WHERE token_hash = ?");
    prep(q.create_guest, "INSERT INTO guests (id, token_hash, created_at) VALUES (?, ?, ?)");
    prep(q.guests, "SELECT id, token_hash FROM guests");
    prep(q.guest_games,
         "SELECT id FROM games WHERE guest_id = ? AND player_id IS NULL AND finished_at IS NULL "
         "ORDER BY id");
    prep(q.expire_guests,
         "DELETE FROM guests WHERE id = ? "
         "AND NOT EXISTS (SELECT 1 FROM games WHERE games.guest_id = guests.id) "
         "AND NOT EXISTS (SELECT 1 FROM lanes WHERE lanes.owner_guest = guests.id) "
         "AND NOT EXISTS (SELECT 1 FROM lane_members m WHERE m.guest_id = guests.id) "
         "RETURNING id");
    return s;
}

GameRowId Store::max_game_id() {
    Statement& s = q_->max_game_id;
    const GameRowId id = s.step() ? s.int64(0) : 0;
    s.reset();
    return id;
}

GameRowId Store::game_id_reservation() {
    Statement& s = q_->reservation;
    const GameRowId id = s.step() ? s.int64(0) : 0;
    s.reset();
    return id;
}

Status Store::reserve_game_ids(GameRowId up_to) { return q_->reserve.bind(1, up_to).run(); }

Status Store::take_game_ids(GameRowId count, GameRowId* last) {
    return take(q_->take_ids, count, last);
}

Status Store::take_guest_ids(std::int64_t count, std::int64_t* last) {
    return take(q_->take_guest_ids, count, last);
}

std::optional<std::int64_t> Store::guest_by_token(const std::string& token_hash) {
    Statement& s = q_->guest_by_token;
    s.bind_blob(1, token_hash.data(), token_hash.size());
    std::optional<std::int64_t> out;
    if (s.step()) out = s.int64(0);
    s.reset();
    return out;
}

Status Store::create_guest(std::int64_t id, const std::string& token_hash, Millis now) {
    Statement& s = q_->create_guest;
    s.bind(1, id).bind_blob(2, token_hash.data(), token_hash.size()).bind(3, now);
    return s.run();
}

std::vector<GuestRow> Store::guests() {
    Statement& s = q_->guests;
    std::vector<GuestRow> out;
    while (s.step()) out.push_back(GuestRow{s.int64(0), s.blob(1)});
    s.reset();
    return out;
}

Status Store::expire_guests(const std::vector<std::int64_t>& candidates,
                            std::vector<std::int64_t>* removed) {
    Statement& s = q_->expire_guests;
    for (const auto id : candidates) {
        s.bind(1, id);
        if (s.step()) removed->push_back(s.int64(0));
        while (s.step()) {
        }
        const Status st = s.status();
        s.reset();
        if (!st.is_ok()) return st;
    }
    return Status::ok();
}

std::vector<GameRowId> Store::unfinished_guest_games(std::int64_t guest) {
    Statement& s = q_->guest_games;
    s.bind(1, guest);
    std::vector<GameRowId> out;
    while (s.step()) out.push_back(s.int64(0));
    s.reset();
    return out;
}

}  // namespace pinfall::storage
