// One real lane and its serial owner (a strand): reports, undo and joins are applied in order,
// made durable (the storage worker's group commit) and only then sent, as a versioned
// lane_update, to every member and watcher.
//
// Who may do what: anyone with the code may watch; a member of the side whose turn it is, or
// the lane's owner (the scorekeeper), may report; only the owner may undo, until the game is
// complete.
//
// Thread-safety: code() and the immutable accessors are safe anywhere; every other member
// function REQUIRES running on executor().
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/lane_game.hpp"
#include "protocol/lanes.hpp"
#include "server/app/games/game_room.hpp"

namespace pinfall::server {

class LaneRoom : public std::enable_shared_from_this<LaneRoom> {
   public:
    // Rebuilds the lane from its stored row; nullptr when its reports do not replay.
    static std::shared_ptr<LaneRoom> restore(boost::asio::any_io_executor strand,
                                             const storage::LaneRow& row, RoomContext& ctx);

    const std::string& code() const { return code_; }
    const boost::asio::any_io_executor& executor() const { return strand_; }
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

    LaneRoom(boost::asio::any_io_executor strand, const storage::LaneRow& row,
             engine::LaneGame game, RoomContext& ctx);

   private:
    struct Watcher {
        std::weak_ptr<Outbox> outbox;
        Owner who;
    };
    bool is_owner(const Owner& who) const;
    std::optional<int> side_of(const Owner& who) const;
    protocol::LaneInfo info_for(const Owner& who) const;
    void watch(const std::shared_ptr<Outbox>& to, const Owner& who);
    void fail(protocol::Re re, const std::shared_ptr<Outbox>& to, std::string_view code,
              std::string_view message);
    // Runs work in the next group commit; on success bumps the version and sends change to
    // every watcher (with re to the requester), on failure marks the room broken.
    void commit(protocol::Re re, std::shared_ptr<Outbox> requester, protocol::LaneChange change,
                StorageWorker::Work work);

    boost::asio::any_io_executor strand_;
    const std::int64_t id_;
    const std::string code_;
    const bool teams_;
    const Owner owner_;
    std::vector<std::string> side_names_;
    std::vector<storage::LaneMemberRow> members_;
    engine::LaneGame game_;
    std::uint64_t version_ = 0;
    RoomContext& ctx_;
    std::vector<Watcher> watchers_;
    std::atomic<bool> broken_{false};
    bool evicted_ = false;
    std::atomic<std::chrono::steady_clock::rep> last_active_;
};

}  // namespace pinfall::server
