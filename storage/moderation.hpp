// Moderators and the audit log (issue 27, docs/integrity.md). A moderator is a player with the
// role, granted and revoked by the operator from the command line (`pinfall-server moderator`).
// Every grant, revoke and moderator action is an audit entry; the log is append-only in the
// database itself (triggers refuse UPDATE and DELETE, and TRUNCATE on PostgreSQL). Kept in a
// class of its own beside Store, on the same Database and thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.hpp"
#include "storage/records.hpp"
#include "storage/status.hpp"

namespace pinfall::storage {

struct AuditEntry {
    std::int64_t id = 0;                 // set by the database, increasing
    Millis at = 0;
    std::optional<PlayerId> moderator;   // none: the operator, on the command line
    std::string action;                  // "grant_moderator", "revoke_moderator", ...
    std::string target;                  // what it acted on, e.g. "player:12"
    std::string note;
};

class ModerationStore {
   public:
    // Prepares its statements on db (schema version 10 or later). Sets *status on failure.
    ModerationStore(Database& db, Status* status);

    // Gives the role to the player and logs it (by the operator, at `now`), in the caller's
    // transaction. conflict when the player is a moderator already (nothing written).
    Status grant(PlayerId player, Millis now, const std::string& note);
    // Takes the role back and logs it. not_found when the player is no moderator.
    Status revoke(PlayerId player, Millis now, const std::string& note);
    bool is_moderator(PlayerId player);
    std::vector<PlayerId> moderators();
    // Appends one entry (its id is the database's).
    Status append(const AuditEntry& e);
    // At most `limit` entries, newest first, with ids below `before` (0: from the newest).
    std::vector<AuditEntry> log(std::int64_t before, int limit);

   private:
    Database& db_;
    Statement grant_, revoke_, is_moderator_, moderators_, append_, log_, log_before_;
};

}  // namespace pinfall::storage
