#include "storage/push.hpp"

namespace pinfall::storage {
namespace {

constexpr const char* kSubscriptionColumns =
    "SELECT id, endpoint, p256dh, auth, player, created_at, due_at, last_sent_day, gone_at "
    "FROM push_subscriptions";

PushSubscriptionRow read_subscription(const Statement& s) {
    PushSubscriptionRow r;
    r.id = s.int64(0);
    r.endpoint = s.text(1);
    r.p256dh = s.text(2);
    r.auth = s.text(3);
    r.player = s.int64(4);
    r.created_at = s.int64(5);
    r.due_at = s.int64(6);
    if (!s.is_null(7)) r.last_sent_day = s.text(7);
    if (!s.is_null(8)) r.gone_at = s.int64(8);
    return r;
}

std::vector<PushSubscriptionRow> read_subscriptions(Statement& q) {
    std::vector<PushSubscriptionRow> out;
    while (q.step()) out.push_back(read_subscription(q));
    q.reset();
    return out;
}

int read_count(Statement& q) {
    const int n = q.step() ? q.int32(0) : 0;
    q.reset();
    return n;
}

}  // namespace

PushStore::PushStore(Database& db, Status* status) : db_(db) {
    Status s;
    auto prep = [&](Statement& into, const std::string& sql) {
        if (s.is_ok()) into = db_.prepare(sql, &s);
    };
    prep(vapid_insert_,
         "INSERT INTO vapid_keys (id, private_key, public_key, created_at) VALUES (1, ?, ?, ?) "
         "ON CONFLICT (id) DO NOTHING");
    prep(vapid_read_, "SELECT private_key, public_key, created_at FROM vapid_keys WHERE id = 1");
    prep(settings_,
         "SELECT time_zone, new_daily, streak_at_risk, reminder_hour FROM player_settings "
         "WHERE player = ?");
    prep(set_settings_,
         "INSERT INTO player_settings (player, time_zone, new_daily, streak_at_risk, "
         "reminder_hour) VALUES (?, ?, ?, ?, ?) ON CONFLICT (player) DO UPDATE SET "
         "time_zone = excluded.time_zone, new_daily = excluded.new_daily, "
         "streak_at_risk = excluded.streak_at_risk, reminder_hour = excluded.reminder_hour");
    // A browser keeps one subscription per site: the endpoint moves to whoever subscribed it
    // last, with its id, so that a claim already made for it today still holds.
    prep(subscribe_,
         "INSERT INTO push_subscriptions (endpoint, p256dh, auth, player, created_at, due_at) "
         "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET "
         "p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at, "
         "due_at = excluded.due_at, gone_at = NULL, last_sent_day = CASE WHEN "
         "push_subscriptions.player = excluded.player THEN push_subscriptions.last_sent_day "
         "END, player = excluded.player RETURNING id");
    prep(trim_,
         "DELETE FROM push_subscriptions WHERE player = ?1 AND gone_at IS NULL AND id NOT IN "
         "(SELECT id FROM push_subscriptions WHERE player = ?1 AND gone_at IS NULL "
         "ORDER BY created_at DESC, id DESC LIMIT ?2)");
    prep(unsubscribe_, "DELETE FROM push_subscriptions WHERE player = ? AND endpoint = ?");
    prep(unsubscribe_all_, "DELETE FROM push_subscriptions WHERE player = ?");
    prep(live_count_,
         "SELECT count(*) FROM push_subscriptions WHERE player = ? AND gone_at IS NULL");
    prep(subscribed_,
         "SELECT 1 FROM push_subscriptions WHERE player = ? AND endpoint = ? AND gone_at IS NULL");
    prep(of_player_, std::string(kSubscriptionColumns) +
                         " WHERE player = ? AND gone_at IS NULL ORDER BY id");
    prep(due_, std::string(kSubscriptionColumns) +
                   " WHERE gone_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?");
    prep(set_due_, "UPDATE push_subscriptions SET due_at = ? WHERE id = ?");
    // A claim made already (by this node or another) is no row back: a conflict that leaves
    // the caller's transaction usable, where a failed INSERT would spoil it on PostgreSQL.
    prep(claim_,
         "INSERT INTO push_claims (subscription, day, node, claimed_at) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (subscription, day) DO NOTHING RETURNING subscription");
    prep(mark_sent_, "UPDATE push_subscriptions SET last_sent_day = ?, due_at = ? WHERE id = ?");
    prep(mark_gone_, "UPDATE push_subscriptions SET gone_at = ? WHERE id = ? AND gone_at IS NULL");
    prep(expire_claims_, "DELETE FROM push_claims WHERE claimed_at < ?");
    prep(expire_gone_, "DELETE FROM push_subscriptions WHERE gone_at < ?");
    *status = s;
}

Status PushStore::vapid_key(const VapidKeyRow& candidate, VapidKeyRow* out) {
    vapid_read_.reset();
    if (vapid_read_.step()) {
        *out = {vapid_read_.text(0), vapid_read_.text(1), vapid_read_.int64(2)};
        vapid_read_.reset();
        return Status::ok();
    }
    if (Status st = vapid_read_.status(); !st.is_ok()) {
        vapid_read_.reset();
        return st;
    }
    vapid_read_.reset();
    if (Status st = vapid_insert_.bind(1, candidate.private_key)
                        .bind(2, candidate.public_key)
                        .bind(3, candidate.created_at)
                        .run();
        !st.is_ok()) {
        return st;
    }
    // Another node's pair when it won the race: read what is stored, not what was offered.
    if (!vapid_read_.step()) {
        Status st = vapid_read_.status();
        vapid_read_.reset();
        return st.is_ok() ? Status::error("no VAPID key after storing one") : st;
    }
    *out = {vapid_read_.text(0), vapid_read_.text(1), vapid_read_.int64(2)};
    vapid_read_.reset();
    return Status::ok();
}

PlayerSettingsRow PushStore::settings(PlayerId player) {
    PlayerSettingsRow r;
    settings_.bind(1, player);
    if (settings_.step()) {
        r.time_zone = settings_.text(0);
        r.new_daily = settings_.int64(1) != 0;
        r.streak_at_risk = settings_.int64(2) != 0;
        r.hour = settings_.int32(3);
    }
    settings_.reset();
    return r;
}

Status PushStore::set_settings(PlayerId player, const PlayerSettingsRow& s) {
    return set_settings_.bind(1, player)
        .bind(2, s.time_zone)
        .bind(3, s.new_daily ? 1 : 0)
        .bind(4, s.streak_at_risk ? 1 : 0)
        .bind(5, s.hour)
        .run();
}

Status PushStore::subscribe(const PushSubscriptionRow& row, std::int64_t* id) {
    subscribe_.bind(1, row.endpoint)
        .bind(2, row.p256dh)
        .bind(3, row.auth)
        .bind(4, row.player)
        .bind(5, row.created_at)
        .bind(6, row.due_at);
    if (Status st = subscribe_.run_returning_id(id); !st.is_ok()) return st;
    return trim_.bind(1, row.player).bind(2, kMaxDevices).run();
}

Status PushStore::unsubscribe(PlayerId player, const std::string& endpoint, bool* removed) {
    *removed = false;
    if (Status st = unsubscribe_.bind(1, player).bind(2, endpoint).run(); !st.is_ok()) return st;
    *removed = db_.changes() > 0;
    return Status::ok();
}

Status PushStore::unsubscribe_all(PlayerId player, int* count) {
    live_count_.bind(1, player);
    const int live = read_count(live_count_);
    *count = 0;
    if (Status st = unsubscribe_all_.bind(1, player).run(); !st.is_ok()) return st;
    *count = live;
    return Status::ok();
}

bool PushStore::subscribed(PlayerId player, const std::string& endpoint) {
    subscribed_.bind(1, player).bind(2, endpoint);
    const bool yes = subscribed_.step();
    subscribed_.reset();
    return yes;
}

int PushStore::devices(PlayerId player) {
    live_count_.bind(1, player);
    return read_count(live_count_);
}

std::vector<PushSubscriptionRow> PushStore::subscriptions_of(PlayerId player) {
    of_player_.bind(1, player);
    return read_subscriptions(of_player_);
}

std::vector<PushSubscriptionRow> PushStore::due(Millis now, int limit) {
    due_.bind(1, now).bind(2, limit);
    return read_subscriptions(due_);
}

Status PushStore::set_due(std::int64_t subscription, Millis due_at) {
    return set_due_.bind(1, due_at).bind(2, subscription).run();
}

Status PushStore::claim(std::int64_t subscription, const std::string& day,
                        const std::string& node, Millis now) {
    std::int64_t ignored = 0;
    return claim_.bind(1, subscription).bind(2, day).bind(3, node).bind(4, now)
        .run_returning_id(&ignored);
}

Status PushStore::mark_sent(std::int64_t subscription, const std::string& day, Millis next_due) {
    return mark_sent_.bind(1, day).bind(2, next_due).bind(3, subscription).run();
}

Status PushStore::mark_gone(std::int64_t subscription, Millis now) {
    return mark_gone_.bind(1, now).bind(2, subscription).run();
}

Status PushStore::expire(Millis before, int* count) {
    *count = 0;
    if (Status st = expire_claims_.bind(1, before).run(); !st.is_ok()) return st;
    *count = static_cast<int>(db_.changes());
    if (Status st = expire_gone_.bind(1, before).run(); !st.is_ok()) return st;
    *count += static_cast<int>(db_.changes());
    return Status::ok();
}

}  // namespace pinfall::storage
