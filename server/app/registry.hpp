// The shared directory of live games and guest identities: the only place in the server with a
// mutex (STYLE.md habit 4). Lookups copy shared_ptrs out under the lock; all game work then
// happens on each room's strand, outside the lock.
//
// Guests are anonymous players: a random token (32 bytes, base64url) names one; only its
// SHA-256 is kept. Games belong to the guest who started them.
#pragma once

#include <boost/asio/io_context.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/game.hpp"
#include "server/app/game_room.hpp"
#include "server/app/metrics.hpp"

namespace pinfall::server {

class Registry {
   public:
    Registry(boost::asio::io_context& ioc, Metrics& metrics, std::size_t max_games);

    // A new guest and the token that names it from now on.
    std::pair<GuestId, std::string> new_guest();
    // The guest a token names, or nullopt for an unknown token.
    std::optional<GuestId> find_guest(const std::string& token) const;

    // Creates a practice game owned by `owner` on its own strand. Returns nullptr when the
    // server holds max_games games in progress (the caller answers server_busy).
    std::shared_ptr<GameRoom> create_game(GuestId owner, engine::Ruleset ruleset,
                                          const engine::Seed& seed);
    // The game with this id, or nullptr.
    std::shared_ptr<GameRoom> find_game(protocol::GameId id) const;
    // Ids of the owner's games, oldest first.
    std::vector<protocol::GameId> games_of(GuestId owner) const;

   private:
    void evict_finished_locked();

    boost::asio::io_context& ioc_;
    Metrics& metrics_;
    const std::size_t max_games_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, GuestId> guests_;  // SHA-256 hex of token -> guest
    GuestId next_guest_ = 1;
    protocol::GameId next_game_ = 1;
    std::unordered_map<protocol::GameId, std::shared_ptr<GameRoom>> games_;
    std::unordered_map<GuestId, std::vector<protocol::GameId>> by_owner_;
};

// 32 random bytes from the OS (OpenSSL RAND_bytes) as base64url without padding.
std::string random_token();
// A random seed from the OS.
engine::Seed random_seed();

}  // namespace pinfall::server
