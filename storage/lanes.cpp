#include "storage/lanes.hpp"

namespace pinfall::storage {

LaneStore::LaneStore(Database& db, Status* status) : db_(db) {
    // Join order: SQLite's rowid, PostgreSQL's identity column.
    const bool sqlite = db.dialect() == Dialect::kSqlite;
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    prep(create_,
         "INSERT INTO lanes (code, ruleset, teams, owner_guest, owner_player, created_at) "
         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING RETURNING id");
    prep(add_side_, "INSERT INTO lane_sides (lane_id, idx, name) VALUES (?, ?, ?)");
    prep(add_member_,
         "INSERT INTO lane_members (lane_id, side, guest_id, player_id, name) "
         "VALUES (?, ?, ?, ?, ?)");
    prep(append_,
         "INSERT INTO lane_reports (lane_id, idx, side, pins, foul) VALUES (?, ?, ?, ?, ?)");
    prep(last_index_, "SELECT max(idx) FROM lane_reports WHERE lane_id = ?");
    prep(remove_, "DELETE FROM lane_reports WHERE lane_id = ? AND idx = ?");
    prep(finish_, "UPDATE lanes SET finished_at = ? WHERE id = ?");
    prep(side_score_, "UPDATE lane_sides SET score = ? WHERE lane_id = ? AND idx = ?");
    prep(set_version_, "UPDATE lanes SET version = ? WHERE id = ?");
    prep(advance_, "UPDATE lanes SET version = ? WHERE id = ? AND version = ? RETURNING id");
    prep(by_code_,
         std::string("SELECT id, code, ruleset, teams, owner_guest, owner_player, created_at, "
                     "finished_at, version FROM lanes WHERE code = ?") +
             (sqlite ? "" : " FOR SHARE"));
    prep(sides_, "SELECT name, score FROM lane_sides WHERE lane_id = ? ORDER BY idx");
    prep(members_, std::string("SELECT side, guest_id, player_id, name FROM lane_members "
                               "WHERE lane_id = ? ORDER BY ") + (sqlite ? "rowid" : "id"));
    prep(reports_,
         "SELECT side, pins, foul FROM lane_reports WHERE lane_id = ? ORDER BY idx");
    prep(lanes_of_,
         "SELECT l.code, l.ruleset, s.name, s.score, l.finished_at FROM lane_members m "
         "JOIN lanes l ON l.id = m.lane_id "
         "JOIN lane_sides s ON s.lane_id = m.lane_id AND s.idx = m.side "
         "WHERE m.player_id = ? AND l.finished_at IS NOT NULL ORDER BY l.finished_at");
    *status = s;
}

Status LaneStore::create(LaneRow& row) {
    create_.bind(1, row.code).bind(2, row.ruleset).bind(3, row.teams ? 1 : 0);
    create_.bind(4, row.owner_guest).bind(5, row.owner_player).bind(6, row.created_at);
    Status st = create_.run_returning_id(&row.id);
    if (!st.is_ok()) return st;
    for (std::size_t i = 0; i < row.sides.size() && st.is_ok(); ++i) {
        st = add_side_.bind(1, row.id).bind(2, static_cast<int>(i)).bind(3, row.sides[i]).run();
    }
    return st;
}

Status LaneStore::add_member(std::int64_t lane, const LaneMemberRow& m) {
    add_member_.bind(1, lane).bind(2, m.side).bind(3, m.guest).bind(4, m.player).bind(5, m.name);
    return add_member_.run();
}

Status LaneStore::append_report(std::int64_t lane, int index, const LaneReportRow& r) {
    append_.bind(1, lane).bind(2, index).bind(3, r.side).bind(4, r.pins).bind(5, r.foul ? 1 : 0);
    return append_.run();
}

Status LaneStore::remove_report(std::int64_t lane, int index) {
    last_index_.bind(1, lane);
    const bool has = last_index_.step() && !last_index_.is_null(0);
    const int last = has ? last_index_.int32(0) : -1;
    last_index_.reset();
    if (last != index) return Status::not_found("report " + std::to_string(index) + " is not the last");
    return remove_.bind(1, lane).bind(2, index).run();
}

Status LaneStore::finish(std::int64_t lane, const std::vector<int>& scores, Millis at) {
    Status st = finish_.bind(1, at).bind(2, lane).run();
    for (std::size_t i = 0; i < scores.size() && st.is_ok(); ++i) {
        st = side_score_.bind(1, scores[i]).bind(2, lane).bind(3, static_cast<int>(i)).run();
    }
    return st;
}

Status LaneStore::set_version(std::int64_t lane, std::uint64_t version) {
    return set_version_.bind(1, static_cast<std::int64_t>(version)).bind(2, lane).run();
}

Status LaneStore::advance(std::int64_t lane, std::uint64_t from) {
    advance_.bind(1, static_cast<std::int64_t>(from + 1)).bind(2, lane)
        .bind(3, static_cast<std::int64_t>(from));
    const bool moved = advance_.step();
    Status st = advance_.status();
    advance_.reset();
    if (!st.is_ok()) return st;
    if (!moved) return Status::conflict("lane " + std::to_string(lane) + " is past version " + std::to_string(from));
    return Status::ok();
}

std::optional<LaneRow> LaneStore::by_code(const std::string& code) {
    by_code_.bind(1, code);
    std::optional<LaneRow> out;
    if (by_code_.step()) {
        LaneRow r;
        r.id = by_code_.int64(0);
        r.code = by_code_.text(1);
        r.ruleset = by_code_.text(2);
        r.teams = by_code_.int32(3) != 0;
        if (!by_code_.is_null(4)) r.owner_guest = by_code_.int64(4);
        if (!by_code_.is_null(5)) r.owner_player = by_code_.int64(5);
        r.created_at = by_code_.int64(6);
        if (!by_code_.is_null(7)) r.finished_at = by_code_.int64(7);
        r.version = static_cast<std::uint64_t>(by_code_.int64(8));
        out = std::move(r);
    }
    by_code_.reset();
    if (!out) return out;
    sides_.bind(1, out->id);
    while (sides_.step()) {
        out->sides.push_back(sides_.text(0));
        out->scores.push_back(sides_.is_null(1) ? std::nullopt : std::optional(sides_.int32(1)));
    }
    sides_.reset();
    members_.bind(1, out->id);
    while (members_.step()) {
        LaneMemberRow m;
        m.side = members_.int32(0);
        if (!members_.is_null(1)) m.guest = members_.int64(1);
        if (!members_.is_null(2)) m.player = members_.int64(2);
        m.name = members_.text(3);
        out->members.push_back(std::move(m));
    }
    members_.reset();
    reports_.bind(1, out->id);
    while (reports_.step()) {
        out->reports.push_back(
            LaneReportRow{reports_.int32(0), reports_.int32(1), reports_.int32(2) != 0});
    }
    reports_.reset();
    return out;
}

std::vector<PlayedLane> LaneStore::lanes_of(PlayerId player) {
    lanes_of_.bind(1, player);
    std::vector<PlayedLane> out;
    while (lanes_of_.step()) {
        out.push_back(PlayedLane{lanes_of_.text(0), lanes_of_.text(1), lanes_of_.text(2),
                                 lanes_of_.int32(3), lanes_of_.int64(4)});
    }
    lanes_of_.reset();
    return out;
}

}  // namespace pinfall::storage
