#include "storage/inbox.hpp"

namespace pinfall::storage {
namespace {

constexpr const char* kNoticeColumns =
    "SELECT id, player, kind, key, body, created_at, read_at FROM notices";

NoticeRow read_notice(const Statement& s) {
    NoticeRow n;
    n.id = s.int64(0);
    n.player = s.int64(1);
    n.kind = s.text(2);
    n.key = s.text(3);
    n.body = s.text(4);
    n.created_at = s.int64(5);
    if (!s.is_null(6)) n.read_at = s.int64(6);
    return n;
}

}  // namespace

InboxStore::InboxStore(Database& db, Status* status) : db_(db) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    // A key written already (by this node or another) is no row back: a conflict that leaves
    // the caller's transaction usable, where a failed INSERT would spoil it on PostgreSQL.
    prep(add_,
         "INSERT INTO notices (player, kind, key, body, created_at) VALUES (?, ?, ?, ?, ?) "
         "ON CONFLICT (player, key) DO NOTHING RETURNING id");
    prep(page_, std::string(kNoticeColumns) + " WHERE player = ? ORDER BY id DESC LIMIT ?");
    prep(page_before_,
         std::string(kNoticeColumns) + " WHERE player = ? AND id < ? ORDER BY id DESC LIMIT ?");
    prep(unread_, "SELECT count(*) FROM notices WHERE player = ? AND read_at IS NULL");
    prep(mark_read_,
         "UPDATE notices SET read_at = ? WHERE id = ? AND player = ? AND read_at IS NULL");
    prep(mark_all_, "UPDATE notices SET read_at = ? WHERE player = ? AND read_at IS NULL");
    prep(expire_, "DELETE FROM notices WHERE created_at < ?");
    prep(exists_, "SELECT 1 FROM notices WHERE id = ? AND player = ?");
    *status = s;
}

Status InboxStore::add(const NoticeRow& n, std::int64_t* id) {
    add_.bind(1, n.player).bind(2, n.kind).bind(3, n.key).bind(4, n.body).bind(5, n.created_at);
    return add_.run_returning_id(id);
}

std::vector<NoticeRow> InboxStore::page(PlayerId player, std::int64_t before, int limit) {
    Statement& q = before > 0 ? page_before_ : page_;
    if (before > 0) {
        q.bind(1, player).bind(2, before).bind(3, limit);
    } else {
        q.bind(1, player).bind(2, limit);
    }
    std::vector<NoticeRow> out;
    while (q.step()) out.push_back(read_notice(q));
    q.reset();
    return out;
}

int InboxStore::unread(PlayerId player) {
    unread_.bind(1, player);
    const int n = unread_.step() ? unread_.int32(0) : 0;
    unread_.reset();
    return n;
}

Status InboxStore::mark_read(PlayerId player, std::int64_t id, Millis now) {
    if (Status st = mark_read_.bind(1, now).bind(2, id).bind(3, player).run(); !st.is_ok()) {
        return st;
    }
    if (db_.changes() > 0) return Status::ok();
    // Nothing changed: read already (ok), or not the player's notice.
    exists_.bind(1, id).bind(2, player);
    const bool exists = exists_.step();
    const Status read = exists_.status();
    exists_.reset();
    if (!read.is_ok()) return read;
    return exists ? Status::ok() : Status::not_found("no notice " + std::to_string(id));
}

Status InboxStore::mark_all_read(PlayerId player, Millis now, int* count) {
    *count = 0;
    if (Status st = mark_all_.bind(1, now).bind(2, player).run(); !st.is_ok()) return st;
    *count = static_cast<int>(db_.changes());
    return Status::ok();
}

Status InboxStore::expire(Millis before, int* count) {
    *count = 0;
    if (Status st = expire_.bind(1, before).run(); !st.is_ok()) return st;
    *count = static_cast<int>(db_.changes());
    return Status::ok();
}

}  // namespace pinfall::storage
