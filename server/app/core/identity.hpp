// Who a connection is and who may act on a game or a lane: the identity types every feature
// shares. Plain values; thread-safe as values are.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "storage/records.hpp"

namespace pinfall::server {

using GuestId = std::uint64_t;

// Who may act on a game: its player when it has one, otherwise the guest who started it.
struct Owner {
    GuestId guest = 0;
    std::optional<storage::PlayerId> player;
};

// A connection's share of a player's (or guest's) hold on this node (cluster/ownership.hpp):
// true once the player moved to another node.
using Hold = std::shared_ptr<std::atomic<bool>>;

}  // namespace pinfall::server
