// The inbox (issue 29, docs/protocol.md "The inbox"): stored notices per player, pushed at once
// to the player's open connections on every node. send() writes a notice through the storage
// worker; a notice's key makes it once (a second send of the same key, from this node or
// another, a restart, changes nothing and pushes nothing). Once committed, the push goes to
// this node's connections of the player (and of the guest whose ranked identity it is), and a
// NOTIFY on kNoticeChannel, sent in the same transaction, carries the same text to the others.
//
// Thread-safety: every member from any thread. Delivery runs on the storage worker's or the
// cluster link's thread and only queues text on connections (Outbox::send posts).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/app/cluster/ownership.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

inline constexpr const char* kNoticeChannel = "pinfall_notice";
// Notices are kept this long (the janitor deletes older ones).
inline constexpr std::chrono::hours kNoticeLifetime{24 * 30};

struct NoticeDraft {
    std::int64_t player = 0;  // whose inbox
    std::string kind;         // "followed", "friend_passed", ...
    std::string key;          // what makes it once, per player: "<kind>:<what it is about>"
    std::string fields;       // protocol::notice_*()'s text
};

class Inbox {
   public:
    struct Deps {
        StorageWorker& storage;
        Ownership& ownership;
        const Clock& clock;
        const std::string& node;  // this node's id, set before the first send
    };
    explicit Inbox(Deps d) : d_(d) {}

    // Writes the notices (one transaction) and pushes each new one. done (optional) runs after
    // the commit with how many were new.
    void send(std::vector<NoticeDraft> drafts, std::function<void(int)> done = {});
    void send(NoticeDraft draft) { send(std::vector<NoticeDraft>{std::move(draft)}); }

    // A notice made in a producer's own transaction (its event and the notice commit together),
    // to push once that transaction has committed.
    struct Made {
        std::int64_t player = 0;
        std::int64_t guest = 0;  // 0: none
        std::string text;        // the `notice` push
    };
    // Writes the notice in the caller's transaction (REQUIRES: the storage thread, inside a
    // write job) and announces it to other nodes there. *made is set when it is new (nullopt:
    // made before). The caller calls deliver(*made) after the commit.
    storage::Status write(storage::Store& s, const NoticeDraft& d, storage::Millis now,
                          std::optional<Made>* made) const;
    // Pushes a committed notice to this node's connections of its player.
    void deliver(const Made& m) const;

    // Another node's notice (kNoticeChannel): pushed to this node's connections of its player.
    void on_notice(const std::string& payload);

    // Deletes notices older than kNoticeLifetime (the janitor's sweep).
    void expire();

   private:

    Deps d_;
};

}  // namespace pinfall::server
