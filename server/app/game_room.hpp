// One game and its serial owner: a strand on which every action, snapshot and subscription of
// the game runs (STYLE.md habit 4). Stamps every engine event with a version raised by one, and
// sends each update to every connection watching the game.
//
// Thread-safety: id(), owner(), mode() and executor() are immutable and safe anywhere; every
// other member function REQUIRES running on executor() (post to it).
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/game.hpp"
#include "protocol/encode.hpp"
#include "server/app/metrics.hpp"
#include "server/app/outbox.hpp"

namespace pinfall::server {

using GuestId = std::uint64_t;

class GameRoom : public std::enable_shared_from_this<GameRoom> {
   public:
    // Takes ownership of a freshly created game whose opening produced `opening_events` events.
    GameRoom(boost::asio::any_io_executor strand, protocol::GameId id, GuestId owner,
             engine::Game game, std::uint64_t opening_events, Metrics& metrics);

    protocol::GameId id() const { return id_; }
    GuestId owner() const { return owner_; }
    const boost::asio::any_io_executor& executor() const { return strand_; }

    // Applies the action; replies to `requester` (update with re, or error) and sends the
    // update to every other subscriber. `received` is when the request arrived, for metrics.
    void act(const engine::Action& action, protocol::Re re,
             const std::shared_ptr<Outbox>& requester,
             std::chrono::steady_clock::time_point received);
    // Sends a full snapshot to `to` and subscribes it to later updates.
    void snapshot(protocol::Re re, const std::shared_ptr<Outbox>& to);
    bool over() const { return game_.over(); }
    // Safe anywhere: true once the game is over (set on the strand).
    bool finished() const { return finished_.load(std::memory_order_acquire); }

   private:
    protocol::GameRef ref() const { return protocol::GameRef{id_, "practice"}; }
    std::unique_ptr<protocol::Reveal> reveal() const;
    void subscribe(const std::shared_ptr<Outbox>& o);

    boost::asio::any_io_executor strand_;
    const protocol::GameId id_;
    const GuestId owner_;
    engine::Game game_;
    std::uint64_t version_;  // events emitted so far
    Metrics& metrics_;
    std::vector<std::weak_ptr<Outbox>> subscribers_;
    engine::Events events_;  // scratch, reused between actions
    std::atomic<bool> finished_{false};
};

}  // namespace pinfall::server
