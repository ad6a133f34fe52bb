// Who watches which league, and the `league` pushes that tell them of a change (a member
// joined, a secretary action, a league game started or finished, a round closed on time), as
// lanes push lane_update to their watchers (docs/protocol.md "Leagues", "Live league pages").
//
// A connection watches at most one league: the last one whose detail it was sent. Watchers
// are weak: a closed connection drops out at the next watch() or announce() of its league.
// Each push is the whole detail as that watcher's player sees it (the invite code only for
// the secretary and members), so a client needs no version: the newest push wins.
//
// Across nodes (docs/scaling.md "Leagues"): announce() also sends NOTIFY pinfall_league
// "node<TAB>league<TAB>change" once the node is shared (set_node); every other node pushes the
// league to its own watchers (heard).
//
// Thread-safety: every member function is safe from any thread (set_node before serving). The mutex guards only the
// watcher lists; messages are sent outside it (Outbox::send posts to the connection's strand).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/app/core/clock.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/storage_worker.hpp"

namespace pinfall::server {

inline constexpr const char* kLeagueChannel = "pinfall_league";

class LeagueNews {
   public:
    // `secret`: the server secret, for the seed commitments in the detail. The references
    // must outlive this object.
    LeagueNews(StorageWorker& storage, const Clock& clock, std::string secret)
        : storage_(storage), clock_(clock), secret_(std::move(secret)) {}

    // Subscribes `to`, acting as `player` (nullopt: not logged in), to league `id`, replacing
    // the league it watched before. REQUIRES `to` not null.
    void watch(std::int64_t id, const std::shared_ptr<Outbox>& to,
               std::optional<std::int64_t> player);
    // Queues a storage read (so it sees every write queued before it) that loads league `id`
    // and sends {"type":"league","change":change,...} to each of its watchers but `except`
    // (the requester, who has the reply). Does nothing when nobody watches.
    void announce(std::int64_t id, std::string change, const Outbox* except = nullptr);
    // This node's id, and whether other nodes share the database (ClusterLink::shared()).
    // Call before serving.
    void set_node(std::string id, bool shared) {
        node_ = std::move(id);
        shared_ = shared;
    }
    // A notice of pinfall_league: another node's change, pushed to this node's watchers.
    // Malformed payloads and this node's own notices are ignored.
    void heard(const std::string& payload);
    // How many live connections watch league `id` (tests, metrics).
    std::size_t watchers(std::int64_t id);

    const std::string& secret() const { return secret_; }

   private:
    // The local half of announce().
    void push(std::int64_t id, std::string change, const Outbox* except);

    struct Watcher {
        std::weak_ptr<Outbox> outbox;
        const Outbox* key = nullptr;  // identity only, never dereferenced
        std::optional<std::int64_t> player;
    };
    // REQUIRES mutex_ held. Drops closed connections from league `id`'s list.
    void prune(std::int64_t id);

    StorageWorker& storage_;
    const Clock& clock_;
    const std::string secret_;
    std::string node_;
    bool shared_ = false;
    std::mutex mutex_;
    std::unordered_map<std::int64_t, std::vector<Watcher>> by_league_;
    std::unordered_map<const Outbox*, std::int64_t> league_of_;
    std::size_t watches_since_sweep_ = 0;
};

class ClusterLink;
// Hands every league notice to the LeagueNews `news()` returns (null until the node serves).
// Call before link.start().
void listen_for_leagues(ClusterLink& link, std::function<LeagueNews*()> news);

}  // namespace pinfall::server
