// The directory of live games (a cache over storage). Its mutex guards only the map (docs/style.md
// habit 4): lookups copy shared_ptrs out under the lock; game work then happens on each room's
// strand, outside it.
//
// Every game has a row
// in storage from its start (a practice game's is written in the background, see
// StorageWorker::write_lazy); a room is loaded again from its row when it is not in memory
// (after a restart, or after a failed write made the room drop itself). Game ids come from
// GameIds (blocks reserved durably, never reused), so a game has its id before its row is
// stored. At most max_games rooms are held: a start beyond that, with no finished room to
// evict, is refused (checked and inserted under one lock, so concurrent starts cannot pass it).
// A finished game stays cached while the next `finished_kept` games finish (the requests that
// follow a game_over find it in memory), then leaves: a busy server would otherwise hold every
// game finished since the last sweep, and its memory would grow and shrink by that much.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/app/core/io_pool.hpp"
#include "server/app/core/origin.hpp"
#include "server/app/games/game_ids.hpp"
#include "server/app/games/game_room.hpp"

namespace pinfall::server {

class Registry {
   public:
    using RoomCallback = std::function<void(std::shared_ptr<GameRoom>, const storage::Status&)>;

    static constexpr std::size_t kFinishedKept = 1024;

    // ids: the block GameIds::reserve_first reserved. pool: where rooms without a given strand
    // run (IoPool::next); it outlives the registry.
    Registry(IoPool& pool, RoomContext& ctx, std::size_t max_games, GameIds::Range ids,
             std::size_t finished_kept = kFinishedKept);

    // Opens the room of a new practice game and stores its row in the background. `done` runs
    // inline with the room, or nullptr and why (server_busy is reported as a conflict status);
    // if storing the row fails later, the room is marked broken. `strand`: the room's, when
    // given (the starting connection's: its actions then run inline, with no hop between
    // threads; a later connection of the same player on another io_context posts to it); the
    // pool's next otherwise.
    void create_game(Owner owner, std::string player_name, storage::GameRow row,
                     RoomCallback done, std::optional<Strand> strand = std::nullopt);
    // The player's daily attempt for `day`: resumed when it exists, created otherwise (two
    // parallel calls create one). `done` as for create_game.
    // origin: where it is played from, stored with a new attempt (core/origin.hpp).
    void daily_attempt(storage::PlayerId player, std::string player_name, std::string day,
                       const engine::Seed& seed, std::int64_t now_ms, const Origin& origin,
                       RoomCallback done);
    // A guest's daily attempt for `day` under its ranked identity (storage/guest_players.hpp:
    // made on first use, named by the first free of `names`), resumed or created as
    // daily_attempt does, in one write; done(room, status, identity) with the identity's
    // player row (room nullptr on failure; a conflict status when the guest's identity is an
    // account now, or no name is free). Implemented in registry_guest_daily.cpp.
    using GuestDailyCallback = std::function<void(std::shared_ptr<GameRoom>, const storage::Status&,
                                                  const storage::PlayerRow&)>;
    void guest_daily_attempt(GuestId guest, std::vector<std::string> names, std::string day,
                             const engine::Seed& seed, std::int64_t now_ms, const Origin& origin,
                             GuestDailyCallback done);
    // A ranked game found or created by `find_or_create` inside one write transaction (it
    // fills the row: an existing one with its actions, or a new one it inserted), then opened.
    void ranked_game(storage::PlayerId player, std::string player_name,
                     std::function<storage::Status(storage::Store&, storage::GameRow&)>
                         find_or_create,
                     RoomCallback done);
    // The room of game id from memory, else loaded from storage; nullptr with not_found when
    // there is no such game. `done` runs on the storage thread or inline.
    void find_game(protocol::GameId id, RoomCallback done);
    // Game `id` is stored finished (RoomContext::on_finished calls this): the finished game
    // cached longest before it leaves memory once more than finished_kept are. Any thread.
    void finished(protocol::GameId id);
    // Shutdown, with the io_context stopped: queues the actions of every unfinished practice
    // game in memory for storage (GameRoom::save_unfinished_practice).
    void save_unfinished_practice();
    // Drops finished games from memory and evicts unfinished practice games idle since before
    // `cutoff` (GameRoom::evict_if_idle); they are loaded again when next asked for.
    void evict_idle(std::chrono::steady_clock::time_point cutoff);
    // Takes every room of `player` (a guest's as a guest for a negative key: guest_key) out of memory (GameRoom::hand_over, on each room's strand),
    // then runs done() once their writes so far are committed (a storage job queued after
    // them has completed). For a hand-over to another node (cluster/ownership.hpp).
    void hand_over(storage::PlayerId player, std::function<void()> done);
    // The room when it is in memory.
    std::shared_ptr<GameRoom> cached(protocol::GameId id) const;
    // The unfinished games a guest plays as a guest, oldest first: those stored and those in
    // memory whose rows are not stored yet, less those finished in memory. `done` runs on the
    // storage thread.
    void open_games_of(GuestId guest, std::function<void(std::vector<protocol::GameId>)> done);
    // Unfinished daily rooms of days up to and including `day`, loading them from storage.
    void unfinished_daily(const std::string& up_to_day,
                          std::function<void(std::vector<std::shared_ptr<GameRoom>>)> done);


   private:
    // Puts a restored room in the cache unless one is there already; returns the cached one.
    std::shared_ptr<GameRoom> adopt(const storage::GameRow& row, Owner owner,
                                    std::string player_name);
    void evict_locked();
    // Opens the room of a new game whose row has id `id` (not stored yet), unless max_games
    // rooms are held; then done(nullptr, conflict "server_busy").
    void open_new(storage::GameRow row, Owner owner, std::string player_name, Strand strand,
                  RoomCallback done);

    IoPool& pool_;
    RoomContext& ctx_;
    const std::size_t max_games_;
    const std::size_t finished_kept_;
    mutable std::mutex mutex_;
    std::unordered_map<protocol::GameId, std::shared_ptr<GameRoom>> games_;
    std::deque<protocol::GameId> finished_order_;  // the cached finished games, oldest first
    // Rooms taken out by hand_over() whose GameRoom::hand_over has not run yet: a shutdown
    // that stops the io_context first must still save their unfinished practice games.
    std::vector<std::shared_ptr<GameRoom>> leaving_;
    GameIds ids_;
};

// 32 random bytes from the OS (OpenSSL RAND_bytes): a practice game's seed.
engine::Seed random_seed();

}  // namespace pinfall::server
