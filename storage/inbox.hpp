// The inbox: stored notifications per player (issue 29, docs/protocol.md "The inbox"). A notice
// is written once: its key (e.g. "arena_starting:12:7") is unique per player, so every node
// may try to write the same notice and only the first succeeds. Kept beside Store, on the same
// Database and thread; every write runs in the caller's transaction.
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

struct NoticeRow {
    std::int64_t id = 0;       // set by the database, increasing
    PlayerId player = 0;       // whose inbox
    std::string kind;          // "friend_passed", "round_opened", ...
    std::string key;           // unique per player: the same notice is written once
    std::string body;          // the kind's fields, a JSON object's text (the server's)
    Millis created_at = 0;
    std::optional<Millis> read_at;
};

class InboxStore {
   public:
    // Prepares its statements on db (schema version 13 or later). Sets *status on failure.
    InboxStore(Database& db, Status* status);

    // Writes the notice (id and read_at ignored) and returns its id in *id.
    // conflict when the player has a notice with this key already (nothing written).
    Status add(const NoticeRow& n, std::int64_t* id);
    // At most `limit` notices of the player, newest first, with ids below `before`
    // (0: from the newest).
    std::vector<NoticeRow> page(PlayerId player, std::int64_t before, int limit);
    int unread(PlayerId player);
    // Marks one notice read at `now`. not_found when the player has no notice with that id
    // (a read one stays read, ok).
    Status mark_read(PlayerId player, std::int64_t id, Millis now);
    // Marks every unread notice of the player read; returns how many in *count.
    Status mark_all_read(PlayerId player, Millis now, int* count);
    // Deletes notices created before `before`; returns how many in *count.
    Status expire(Millis before, int* count);

   private:
    Database& db_;
    Statement add_, page_, page_before_, unread_, mark_read_, mark_all_, expire_, exists_;
};

}  // namespace pinfall::storage
