// The directory of live games (a cache over storage) and guest identities: the only place in
// the application with a mutex (STYLE.md habit 4). Lookups copy shared_ptrs out under the
// lock; game work then happens on each room's strand, outside it.
//
// Guests are anonymous players: a random token (32 bytes, base64url) names one; only its
// SHA-256 is kept (in memory and in storage, so guests survive restarts). Every game has a row
// in storage from its start (a practice game's is written in the background, see
// StorageWorker::write_lazy); a room is loaded again from its row when it is not in memory
// (after a restart, or after a failed write made the room drop itself). Game ids are allocated
// here, in memory, from the largest stored id, so a game has its id before its row is stored.
#pragma once

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/app/game_room.hpp"

namespace pinfall::server {

class Registry {
   public:
    using RoomCallback = std::function<void(std::shared_ptr<GameRoom>, const storage::Status&)>;

    // guests: every stored guest (loaded at start-up, so hello needs no storage round trip);
    // max_game_id: the largest stored game id (Store::max_game_id).
    Registry(boost::asio::io_context& ioc, RoomContext& ctx, std::size_t max_games,
             const std::vector<storage::GuestRow>& guests, storage::GameRowId max_game_id);

    std::pair<GuestId, std::string> new_guest();
    std::optional<GuestId> find_guest(const std::string& token) const;

    // Opens the room of a new practice game and stores its row in the background. `done` runs
    // inline with the room, or nullptr and why (server_busy is reported as a conflict status);
    // if storing the row fails later, the room is marked broken.
    void create_game(Owner owner, std::string player_name, storage::GameRow row,
                     RoomCallback done);
    // The player's daily attempt for `day`: resumed when it exists, created otherwise (two
    // parallel calls create one). `done` as for create_game.
    void daily_attempt(storage::PlayerId player, std::string player_name, std::string day,
                       const engine::Seed& seed, std::int64_t now_ms, RoomCallback done);
    // A ranked game found or created by `find_or_create` inside one write transaction (it
    // fills the row: an existing one with its actions, or a new one it inserted), then opened.
    void ranked_game(storage::PlayerId player, std::string player_name,
                     std::function<storage::Status(storage::Store&, storage::GameRow&)>
                         find_or_create,
                     RoomCallback done);
    // The room of game id from memory, else loaded from storage; nullptr with not_found when
    // there is no such game. `done` runs on the storage thread or inline.
    void find_game(protocol::GameId id, RoomCallback done);
    // Shutdown, with the io_context stopped: queues the actions of every unfinished practice
    // game in memory for storage (GameRoom::save_unfinished_practice).
    void save_unfinished_practice();
    // A new game id, never handed out before (thread-safe).
    storage::GameRowId allocate_game_id();
    // The room when it is in memory.
    std::shared_ptr<GameRoom> cached(protocol::GameId id) const;
    // Unfinished games in memory that `owner` may act on, oldest first.
    std::vector<protocol::GameId> open_games_of(const Owner& owner) const;
    // Unfinished daily rooms of days up to and including `day`, loading them from storage.
    void unfinished_daily(const std::string& up_to_day,
                          std::function<void(std::vector<std::shared_ptr<GameRoom>>)> done);


   private:
    // Puts a restored room in the cache unless one is there already; returns the cached one.
    std::shared_ptr<GameRoom> adopt(const storage::GameRow& row, Owner owner,
                                    std::string player_name);
    void evict_locked();

    boost::asio::io_context& ioc_;
    RoomContext& ctx_;
    const std::size_t max_games_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, GuestId> guests_;  // SHA-256 of token (raw) -> guest
    GuestId next_guest_ = 1;
    std::unordered_map<protocol::GameId, std::shared_ptr<GameRoom>> games_;
    std::atomic<storage::GameRowId> next_game_id_;
};

// 32 random bytes from the OS (OpenSSL RAND_bytes) as base64url without padding (43 chars).
std::string random_token();
engine::Seed random_seed();

}  // namespace pinfall::server
