// One real lane and its serial owner (a strand): reports, undo and joins are applied in order,
// made durable (the storage worker's group commit) and only then sent, as a versioned
// lane_update, to every member and watcher.
//
// Several nodes may hold the same lane (docs/scaling.md): the stored version is the truth.
// One change is in flight at a time; its transaction first moves the stored version from the
// one this room holds (LaneStore::advance, which locks the row), so a change made meanwhile
// through another node makes it a conflict: the room then reloads the lane and checks the
// request again against what is stored (up to kRetries times). A committed change is announced
// (lane_news.hpp); the other nodes' rooms apply it (heard) and push it to their watchers.
//
// Who may do what: anyone with the code may watch; a member of the side whose turn it is, or
// the lane's owner (the scorekeeper), may report; only the owner may undo, until the game is
// complete.
//
// Thread-safety: code() and the immutable accessors are safe anywhere; every other member
// function REQUIRES running on executor().
#pragma once


#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/lane_game.hpp"
#include "protocol/lanes.hpp"
#include "server/app/core/strand.hpp"
#include "server/app/games/game_room.hpp"
#include "server/app/lanes/lane_news.hpp"

namespace pinfall::server {

class LaneRoom : public std::enable_shared_from_this<LaneRoom> {
   public:
    // Rebuilds the lane from its stored row; nullptr when its reports do not replay.
    // `node`: this node's id, named in the notices of its changes.
    static std::shared_ptr<LaneRoom> restore(Strand strand,
                                             const storage::LaneRow& row, RoomContext& ctx,
                                             std::string node);
    // How many times a request that met a change made through another node is checked again.
    static constexpr int kRetries = 3;

    const std::string& code() const { return code_; }
    const Strand& executor() const { return strand_; }
    bool broken() const { return broken_.load(std::memory_order_acquire); }
    // Left memory (LaneDirectory::evict_idle): whoever reaches this room must find the lane
    // again. REQUIRES running on executor().
    bool evicted() const { return evicted_; }
    // When the last request reached the room (steady clock). Thread-safe.
    std::chrono::steady_clock::time_point last_active() const {
        return std::chrono::steady_clock::time_point(
            std::chrono::steady_clock::duration(last_active_.load(std::memory_order_relaxed)));
    }
    // A lane nobody watches, idle since before `cutoff`, is marked evicted (every change is
    // already queued for storage, ahead of any later load). Returns whether it was.
    bool evict_if_idle(std::chrono::steady_clock::time_point cutoff);

    void snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who);
    void join(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who, int side,
              const std::string& name);
    void report(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who, int side,
                int pins, bool foul);
    void undo(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who);
    // A change committed through another node (LaneNotice): applied and pushed to the
    // watchers when it is the next version, the lane reloaded when versions were missed.
    void heard(const LaneNotice& n);
    // Reloads the lane from storage and pushes it whole to every watcher (a lane loaded while
    // a change was being committed elsewhere).
    void refresh();

    LaneRoom(Strand strand, const storage::LaneRow& row,
             engine::LaneGame game, RoomContext& ctx, std::string node);

   private:
    struct Watcher {
        std::weak_ptr<Outbox> outbox;
        Owner who;
    };
    bool is_owner(const Owner& who) const;
    std::optional<int> side_of(const Owner& who) const;
    protocol::LaneInfo info_for(const Owner& who) const;
    using Action = std::function<void()>;
    // Queues action behind the change in flight (snapshots too: they must not show a change
    // that may still be refused) and runs what can run.
    void run(Action action);
    void drain();
    void do_snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who);
    void do_join(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who, int side,
                 const std::string& name);
    void do_report(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who,
                   int side, int pins, bool foul);
    void do_undo(protocol::Re re, const std::shared_ptr<Outbox>& to, const Owner& who);
    void apply_heard(const LaneNotice& n);
    // Reads the stored lane, takes it as this room's state, pushes it to every watcher, then
    // runs `then` (on the strand). A lane that no longer replays marks the room broken.
    void resync(Action then);
    // Takes row as the state; false when its reports do not replay.
    bool load(const storage::LaneRow& row);
    void push(const std::optional<protocol::LaneChange>& change);
    void watch(const std::shared_ptr<Outbox>& to, const Owner& who);
    void fail(protocol::Re re, const std::shared_ptr<Outbox>& to, std::string_view code,
              std::string_view message);
    // A refusal that depends on the lane's state: sent once this room is known to hold the
    // lane as stored. The first refusal of an action reloads the lane; when it had changed
    // (through another node, its notice not yet here) the action is checked again instead.
    void refuse(protocol::Re re, const std::shared_ptr<Outbox>& to, std::string code,
                std::string message);
    // Runs work in the next group commit, after LaneStore::advance and before the notice;
    // on success sends change to every watcher (with re to the requester); on a conflict
    // reloads and runs the current action again; on an error marks the room broken.
    void commit(protocol::Re re, std::shared_ptr<Outbox> requester, protocol::LaneChange change,
                storage::LaneMemberRow member, StorageWorker::Work work);

    Strand strand_;
    const std::int64_t id_;
    const std::string code_;
    const bool teams_;
    const Owner owner_;
    std::vector<std::string> side_names_;
    std::vector<storage::LaneMemberRow> members_;
    engine::LaneGame game_;
    std::uint64_t version_ = 0;
    RoomContext& ctx_;
    const std::string node_;
    std::vector<Watcher> watchers_;
    std::deque<Action> queued_;
    Action current_;
    bool inflight_ = false;  // a change being committed, or the lane being reloaded
    int retries_ = 0;
    bool checked_ = false;  // the current action's refusal was checked against storage
    std::atomic<bool> broken_{false};
    bool evicted_ = false;
    std::atomic<std::chrono::steady_clock::rep> last_active_;
};

}  // namespace pinfall::server
