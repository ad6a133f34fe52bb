// The directory of lanes by code: a cache over storage, like Registry for games (its mutex
// guards only the map; lane work runs on each LaneRoom's strand).
//
// Codes are 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), random from
// the OS; a clash with a stored code is retried. Lanes opened with 6-character codes (before
// version 6 of the schema) are still found by them.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/app/core/io_pool.hpp"
#include "server/app/lanes/lane_room.hpp"

namespace pinfall::server {

class LaneDirectory {
   public:
    using Callback = std::function<void(std::shared_ptr<LaneRoom>, const storage::Status&)>;

    // pool: where lanes loaded into memory run (IoPool::next); it outlives the directory.
    LaneDirectory(IoPool& pool, RoomContext& ctx) : pool_(pool), ctx_(ctx) {}

    // Stores a new lane (row without code, id, members or reports) under a fresh code, with
    // `opener` as its first member when given. `done` runs on the storage thread.
    void open(storage::LaneRow row, std::optional<storage::LaneMemberRow> opener, Callback done);
    // The lane with that code from memory, else from storage; not_found when there is none.
    void find(const std::string& code, Callback done);
    // A change committed through another node (lane_news.hpp): handed to the lane's room when
    // it is in memory. Notices of this node are ignored.
    void heard(LaneNotice n);
    // This node's id, named in the notices of its changes. Call before serving.
    void set_node_id(std::string id) { node_ = std::move(id); }
    // Drops from memory the lanes nobody watches that are idle since before `cutoff`
    // (LaneRoom::evict_if_idle); they are loaded again when next asked for.
    void evict_idle(std::chrono::steady_clock::time_point cutoff);

   private:
    std::shared_ptr<LaneRoom> adopt(const storage::LaneRow& row);

    IoPool& pool_;
    RoomContext& ctx_;
    std::string node_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<LaneRoom>> lanes_;
    // The newest version heard of lanes not in memory: a lane loaded while a change was being
    // committed elsewhere may have missed it (its notice came before the room). Bounded:
    // cleared when it grows past kRecentMax.
    std::unordered_map<std::string, std::uint64_t> recent_;
    static constexpr std::size_t kRecentMax = 4096;
};

// A random lane code. Thread-safe.
std::string random_lane_code();
// True for text that could be a lane code (8, or 6 for old lanes, characters of the code
// alphabet, any case).
bool looks_like_lane_code(const std::string& code);

}  // namespace pinfall::server
