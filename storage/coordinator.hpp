// Coordination of several server nodes through their shared database (docs/scaling.md):
// session-level advisory locks (a player belongs to the node whose session holds the lock;
// PostgreSQL releases it when that session dies) and LISTEN/NOTIFY (news of something committed
// on one node reaches every other).
//
// PostgreSQL: one connection of its own, apart from the Store's, so that a long transaction
// never delays a notice and a lock lives exactly as long as this session. SQLite is one node:
// the stand-in grants every lock that this process does not hold already and has no other
// node to hear from (notify() reaches this process's own listeners, as PostgreSQL does).
//
// Thread-safety: one thread at a time (the server's ClusterLink thread owns it).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/status.hpp"

namespace pinfall::storage {

struct Notice {
    std::string channel;
    std::string payload;
};

class Coordinator {
   public:
    // location as for Store::open; name: this node's name, the session's application_name on
    // PostgreSQL. Returns nullptr and sets *status when PostgreSQL cannot be reached (the
    // message never shows a password).
    static std::unique_ptr<Coordinator> open(const std::string& location, const std::string& name,
                                             Status* status);
    virtual ~Coordinator() = default;

    // True on PostgreSQL: other nodes may share the database.
    virtual bool shared() const = 0;
    // Renames the session (application_name), e.g. once the node's port is known.
    virtual Status set_name(const std::string& name) = 0;
    // From now on, notices sent on channel (lower-case letters and '_') reach wait().
    virtual Status listen(const std::string& channel) = 0;
    // Sends a notice (at most 7,999 bytes) to every listener of channel, this session's too.
    virtual Status notify(const std::string& channel, const std::string& payload) = 0;
    // Takes the advisory lock `key` unless another session holds it; *taken says which. A key
    // this session holds already must not be asked for again (PostgreSQL would stack it).
    virtual Status try_lock(std::int64_t key, bool* taken) = 0;
    virtual Status unlock(std::int64_t key) = 0;
    // The keys whose locks any session of the database holds now, with each holder's
    // application name (docs/scaling.md: the checks that there are never two owners).
    virtual Status lock_holders(std::vector<std::pair<std::int64_t, std::string>>* out) = 0;
    // Appends the notices that arrived, waiting up to `timeout` for the first one.
    virtual Status wait(std::chrono::milliseconds timeout, std::vector<Notice>* out) = 0;
    virtual bool connected() const = 0;
    // Connects again and listens to the same channels. Locks held before are gone (PostgreSQL
    // released them with the old session); the caller takes them again.
    virtual Status reconnect() = 0;
};

}  // namespace pinfall::storage
