// Settings and Web Push reminders (issue 30, docs/protocol.md "Reminders and settings"): each
// player's time zone and reminder choices, the devices (push subscriptions) that get the
// reminders, the node-shared VAPID key pair, and the claims that make one node, not every
// node, send a device's reminder of a day. Kept beside Store, on the same Database and thread;
// every write runs in the caller's transaction.
//
// Thread-safety: none (the storage thread's, as Store).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

// A player's settings; a player who never set any has these defaults.
struct PlayerSettingsRow {
    std::string time_zone = "UTC";  // an IANA name (checked by the server)
    bool new_daily = true;
    bool streak_at_risk = true;
    int hour = 9;  // 0-23, local
};

// One device: a browser's push subscription (RFC 8030), owned by the player who subscribed it
// last.
struct PushSubscriptionRow {
    std::int64_t id = 0;  // set by the database, never used again
    std::string endpoint;  // unique
    std::string p256dh;    // the browser's public key, base64url as it sent it
    std::string auth;      // the auth secret, base64url
    PlayerId player = 0;
    Millis created_at = 0;
    Millis due_at = 0;  // not looked at by the scheduler before this instant
    std::optional<std::string> last_sent_day;  // the player's local "YYYY-MM-DD"
    std::optional<Millis> gone_at;  // the push service said 404/410: never sent to again
};

// The server's VAPID key pair (RFC 8292): base64url of the P-256 private scalar (32 bytes) and
// of the uncompressed public point (65 bytes).
struct VapidKeyRow {
    std::string private_key;
    std::string public_key;
    Millis created_at = 0;
};

class PushStore {
   public:
    static constexpr int kMaxDevices = 10;  // a player's live subscriptions

    // Prepares its statements on db (schema version 14 or later). Sets *status on failure.
    PushStore(Database& db, Status* status);

    // The stored key pair in *out; when there is none yet, `candidate` is stored first (the
    // first node to ask makes it; every later caller, on any node, gets that one).
    Status vapid_key(const VapidKeyRow& candidate, VapidKeyRow* out);

    // The player's settings, or the defaults when none were stored.
    PlayerSettingsRow settings(PlayerId player);
    Status set_settings(PlayerId player, const PlayerSettingsRow& s);

    // Stores the subscription for row.player (id, last_sent_day and gone_at ignored): a new
    // endpoint is a new row; a known one (gone or not, any player's) is given the new keys,
    // player, created_at and due_at and is live again, keeping its id (and its last_sent_day
    // when the player is the same). Then the player's live devices beyond kMaxDevices are
    // deleted, the ones subscribed longest ago first. *id gets the row's id.
    Status subscribe(const PushSubscriptionRow& row, std::int64_t* id);
    // Deletes the player's device with this endpoint; *removed says whether there was one.
    Status unsubscribe(PlayerId player, const std::string& endpoint, bool* removed);
    // Deletes every device of the player (gone ones too); *count says how many were live.
    Status unsubscribe_all(PlayerId player, int* count);
    // Whether the endpoint is a live device of the player.
    bool subscribed(PlayerId player, const std::string& endpoint);
    int devices(PlayerId player);  // live ones
    std::vector<PushSubscriptionRow> subscriptions_of(PlayerId player);  // live, by id
    // Live devices due at or before `now`, the longest due first, at most `limit`.
    std::vector<PushSubscriptionRow> due(Millis now, int limit);
    Status set_due(std::int64_t subscription, Millis due_at);

    // The claim to send the device's reminder of `day` (the player's local date): ok for the
    // first claim of that pair, on any node; conflict (nothing written, the transaction still
    // usable) for every later one.
    Status claim(std::int64_t subscription, const std::string& day, const std::string& node,
                 Millis now);
    // The reminder of `day` went out: remembered, and not looked at again before next_due.
    Status mark_sent(std::int64_t subscription, const std::string& day, Millis next_due);
    // The push service said the device is gone (404/410): never sent to again.
    Status mark_gone(std::int64_t subscription, Millis now);
    // Deletes claims made before `before`, and devices gone before it; *count: rows deleted.
    Status expire(Millis before, int* count);

   private:
    Database& db_;
    Statement vapid_insert_, vapid_read_, settings_, set_settings_, subscribe_, trim_,
        unsubscribe_, unsubscribe_all_, live_count_, subscribed_, of_player_, due_, set_due_,
        claim_, mark_sent_, mark_gone_, expire_claims_, expire_gone_;
};

}  // namespace pinfall::storage
