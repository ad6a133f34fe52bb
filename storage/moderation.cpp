#include "storage/moderation.hpp"

namespace pinfall::storage {

ModerationStore::ModerationStore(Database& db, Status* status) : db_(db) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    prep(grant_,
         "INSERT INTO moderators (player_id, granted_at) VALUES (?, ?) "
         "ON CONFLICT (player_id) DO NOTHING");
    prep(revoke_, "DELETE FROM moderators WHERE player_id = ?");
    prep(is_moderator_, "SELECT 1 FROM moderators WHERE player_id = ?");
    prep(moderators_, "SELECT player_id FROM moderators ORDER BY player_id");
    prep(append_,
         "INSERT INTO audit_log (at, moderator_id, action, target, note) VALUES (?, ?, ?, ?, ?)");
    constexpr const char* kColumns = "SELECT id, at, moderator_id, action, target, note FROM audit_log";
    prep(log_, std::string(kColumns) + " ORDER BY id DESC LIMIT ?");
    prep(log_before_, std::string(kColumns) + " WHERE id < ? ORDER BY id DESC LIMIT ?");
    *status = s;
}

Status ModerationStore::grant(PlayerId player, Millis now, const std::string& note) {
    grant_.bind(1, player).bind(2, now);
    if (Status st = grant_.run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::conflict("already a moderator");
    return append(AuditEntry{0, now, std::nullopt, "grant_moderator",
                             "player:" + std::to_string(player), note});
}

Status ModerationStore::revoke(PlayerId player, Millis now, const std::string& note) {
    revoke_.bind(1, player);
    if (Status st = revoke_.run(); !st.is_ok()) return st;
    if (db_.changes() == 0) return Status::not_found("not a moderator");
    return append(AuditEntry{0, now, std::nullopt, "revoke_moderator",
                             "player:" + std::to_string(player), note});
}

bool ModerationStore::is_moderator(PlayerId player) {
    is_moderator_.bind(1, player);
    const bool found = is_moderator_.step();
    is_moderator_.reset();
    return found;
}

std::vector<PlayerId> ModerationStore::moderators() {
    std::vector<PlayerId> out;
    while (moderators_.step()) out.push_back(moderators_.int64(0));
    moderators_.reset();
    return out;
}

Status ModerationStore::append(const AuditEntry& e) {
    append_.bind(1, e.at).bind(2, e.moderator).bind(3, e.action).bind(4, e.target).bind(5, e.note);
    return append_.run();
}

std::vector<AuditEntry> ModerationStore::log(std::int64_t before, int limit) {
    Statement& q = before > 0 ? log_before_ : log_;
    if (before > 0) {
        q.bind(1, before).bind(2, limit);
    } else {
        q.bind(1, limit);
    }
    std::vector<AuditEntry> out;
    while (q.step()) {
        AuditEntry e;
        e.id = q.int64(0);
        e.at = q.int64(1);
        if (!q.is_null(2)) e.moderator = q.int64(2);
        e.action = q.text(3);
        e.target = q.text(4);
        e.note = q.text(5);
        out.push_back(std::move(e));
    }
    q.reset();
    return out;
}

}  // namespace pinfall::storage
