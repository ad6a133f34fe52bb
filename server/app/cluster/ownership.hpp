// A player belongs to one node at a time (docs/scaling.md; SCALE-OUT rule 2), a guest too. The
// node serving a player holds a PostgreSQL session-level advisory lock on the player's id (a
// guest's: guest_key(), minus its id; "player" below means either), taken on the
// ClusterLink's session, so PostgreSQL itself releases it when that node dies. A node that
// needs a player held elsewhere asks the holder by NOTIFY pinfall_handover; the holder closes
// that player's connections ("moved", close code 4001), takes their games out of memory
// (Registry::hand_over, after which their writes are committed) and releases the lock; the
// asking node keeps trying to take it for `wait`. Never two owners: the lock is exclusive.
// Connections of one player on the node share one hold, released with the last of them, or
// at once when another node asks: the hold's flag turns true then, and a connection that sees
// it refuses further requests (its close is under way).
// On SQLite (one node) nothing is locked: acquire() succeeds at once (the connections are
// still listed, for connections_of()).
//
// Thread-safety: every member from any thread (one mutex, never held while calling out).
// Callbacks run on the ClusterLink's thread or the caller's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/app/core/identity.hpp"
#include "server/app/core/outbox.hpp"

namespace pinfall::server {

class ClusterLink;

inline constexpr const char* kHandoverChannel = "pinfall_handover";

// The ownership key of a guest: minus its id (players' ids are positive, so the two never meet
// in PostgreSQL's advisory lock space).
inline std::int64_t guest_key(std::uint64_t guest) { return -static_cast<std::int64_t>(guest); }

class Ownership {
   public:
    // hand_over(player, done): takes the player's games out of this node's memory, then done().
    using HandOver = std::function<void(std::int64_t player, std::function<void()> done)>;
    // A connection's share of a hold: true once the player moved to another node.
    using Hold = server::Hold;

    // node: this node's id, by reference: the composition root names the node once its port is
    // known, before it publishes this object to the link (listen) or serves a connection; it
    // outlives this object.
    Ownership(ClusterLink& link, const std::string& node, std::chrono::milliseconds wait,
              HandOver hand_over);

    // Listens for hand-over requests. REQUIRES: before link.start().
    static void listen(ClusterLink& link, const std::function<Ownership*()>& ownership);
    void on_notice(const std::string& payload);

    // Holds `player` for the connection `connection` (closed "moved" when another node takes
    // the player): done(hold) once this node owns the player, done(nullptr) when the holder
    // did not hand it over within `wait`.
    void acquire(std::int64_t player, const std::shared_ptr<Outbox>& connection,
                 std::function<void(Hold)> done);
    // A connection that acquire()d the player closed (or logged out); a hold revoked by a
    // hand-over meanwhile counts for nothing.
    void release(std::int64_t player, const Hold& hold);
    // The open connections that hold `player` (a player's id or guest_key()) on this node.
    std::vector<std::shared_ptr<Outbox>> connections_of(std::int64_t player);

   private:
    enum class State { kAcquiring, kHeld, kReleasing };
    struct Entry {
        State state = State::kAcquiring;
        int holds = 0;  // connections holding the player (kHeld)
        Hold hold;      // this holding period's flag (kHeld)
        std::vector<std::weak_ptr<Outbox>> connections;
        std::vector<std::pair<std::weak_ptr<Outbox>, std::function<void(Hold)>>> waiting;
    };
    void take(std::int64_t player, std::chrono::steady_clock::time_point deadline, bool asked);
    void taken(std::int64_t player, bool ok);
    void start_release(std::int64_t player);
    void released(std::int64_t player);

    ClusterLink& link_;
    const std::string& node_;
    const std::chrono::milliseconds wait_;
    HandOver hand_over_;
    std::mutex mutex_;
    std::unordered_map<std::int64_t, Entry> players_;
};

}  // namespace pinfall::server
