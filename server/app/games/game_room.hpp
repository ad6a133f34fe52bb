// One game and its serial owner: a strand on which every action, snapshot and subscription of the
// game runs (docs/style.md habit 4). Stamps every engine event with a version raised by one, and
// sends each update to every connection watching the game.
//
// Durability: a ranked game (daily) sends no acknowledgement before its action is committed
// (the storage worker's group commit); a practice game is saved when it finishes. When a write
// fails, the room refuses everything from then on (storage_error) and the registry drops it,
// so the next access reloads the game as storage has it: acknowledged actions are never lost.
//
// Thread-safety: the const accessors of immutable fields and finished()/broken() are safe
// anywhere; every other member function REQUIRES running on executor().
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "protocol/encode.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/identity.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/core/strand.hpp"
#include "storage/records.hpp"

namespace pinfall::server {

struct FinishedGame {
    storage::GameRow row;  // as stored (actions included)
    std::string player_name;
};

struct RoomContext {
    Metrics& metrics;
    StorageWorker& storage;
    const Clock& clock;
    // Called on the room's strand once a finished game is durable, before the update that
    // tells its player (so a board asked for on game_over already holds it).
    std::function<void(const FinishedGame&)> on_finished;
    // Called on the storage thread inside the transaction that stores a finished game (row,
    // player name): what it writes commits with the game, or not at all (result_news.hpp
    // announces daily results to the other nodes). An error fails that transaction.
    std::function<storage::Status(storage::Store&, const storage::GameRow&, const std::string&)>
        in_finish_transaction;
};

class GameRoom : public std::enable_shared_from_this<GameRoom> {
   public:
    // A room for a stored game row (row.id set); replays row.actions to rebuild the state.
    // Returns nullptr when the stored record does not replay (a corrupted row).
    static std::shared_ptr<GameRoom> restore(Strand strand,
                                             const storage::GameRow& row, Owner owner,
                                             std::string player_name, RoomContext& ctx);

    protocol::GameId id() const { return id_; }
    const Owner& owner() const { return owner_; }
    storage::GameMode mode() const { return mode_; }
    const std::string& day() const { return day_; }
    const Strand& executor() const { return strand_; }
    bool finished() const { return finished_.load(std::memory_order_acquire); }
    bool broken() const { return broken_.load(std::memory_order_acquire); }
    // Left memory (Registry::evict_idle): whoever reaches this room must find the game again.
    // REQUIRES running on executor() (set there, so a post that arrives later sees it).
    // Another node serves the player now (cluster/ownership.hpp): the room leaves memory
    // whatever its state (an unfinished practice game is saved first); a request that finds
    // it afterwards loads the game again. REQUIRES: on the room's strand.
    void hand_over();
    bool evicted() const { return evicted_; }
    // When the last snapshot or action reached the room (steady clock). Thread-safe.
    std::chrono::steady_clock::time_point last_active() const {
        return std::chrono::steady_clock::time_point(
            std::chrono::steady_clock::duration(last_active_.load(std::memory_order_relaxed)));
    }
    // A write of this game failed outside act() (its row, stored in the background): every
    // later action is refused with storage_error. Thread-safe.
    void mark_broken() { broken_.store(true, std::memory_order_release); }

    // Applies the action; replies to `requester` (update with re, or error) and sends the
    // update to every other subscriber, after the action is durable for ranked games.
    void act(const engine::Action& action, protocol::Re re,
             const std::shared_ptr<Outbox>& requester,
             std::chrono::steady_clock::time_point received);
    // The game as it stands (for the coach's hints). REQUIRES running on executor().
    const engine::Game& game() const { return game_; }
    // Sends a full snapshot to `to` and subscribes it to later updates.
    void snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to);
    // A daily attempt still open at its day's reveal ends where it stands (as if resigned).
    void end_at_reveal();
    // An arena game out of time (its clock, or the arena's end and grace) ends where it stands.
    void end_where_it_stands(const char* why);
    // Shutdown, once no strand runs: queues the write of an unfinished practice game's actions
    // (practice games store them only at the end otherwise), so a clean restart resumes it
    // where it stood. Does nothing for other games. REQUIRES running on executor(), or the
    // io_context stopped.
    void save_unfinished_practice();
    // An unfinished practice game idle since before `cutoff` leaves memory: its actions are
    // queued for storage (ahead of any later load of the game) and the room is marked
    // evicted. Returns whether it was; false for any other game, or one active since.
    bool evict_if_idle(std::chrono::steady_clock::time_point cutoff);

    GameRoom(Strand strand, const storage::GameRow& row, Owner owner,
             std::string player_name, engine::Game game, std::uint64_t version, RoomContext& ctx);

   private:
    bool ranked() const { return mode_ != storage::GameMode::kPractice; }
    protocol::GameRef ref() const;
    std::unique_ptr<protocol::Reveal> reveal() const;
    void subscribe(const std::shared_ptr<Outbox>& o);
    void apply(const engine::Action& action, protocol::Re re,
               const std::shared_ptr<Outbox>& requester,
               std::chrono::steady_clock::time_point received);
    // Sends an accepted action's reply (with_re, to requester when there is one) and its
    // update to the other watchers, and counts it.
    void deliver(Outbox* requester, Message with_re,
                 const std::vector<std::shared_ptr<Outbox>>& others, const Message& plain,
                 std::chrono::steady_clock::time_point received);
    storage::GameRow finished_row() const;
    // Runs on the storage worker thread inside the group commit.
    storage::Status persist(storage::Store& s, int index, const engine::Action& a,
                            const std::optional<storage::GameRow>& final_row) const;

    Strand strand_;
    const protocol::GameId id_;
    const Owner owner_;
    const std::string player_name_;
    const storage::GameMode mode_;
    const std::string day_;
    const storage::Millis started_at_;
    engine::Game game_;
    const std::optional<protocol::LeagueGameRef> league_;  // league games only
    const std::optional<protocol::ArenaGameRef> arena_;    // arena games only
    const std::optional<int> par_;  // arena games: known from the start, told at the end
    std::uint64_t version_;  // events emitted so far
    RoomContext& ctx_;
    std::vector<std::weak_ptr<Outbox>> subscribers_;
    engine::Events events_;  // scratch, reused between actions
    std::atomic<bool> finished_{false};
    std::atomic<bool> broken_{false};
    bool evicted_ = false;
    std::atomic<std::chrono::steady_clock::rep> last_active_;
};

}  // namespace pinfall::server
