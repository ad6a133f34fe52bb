// The arena requests of a connection (docs/protocol.md "Arenas"): arena_list, arena_create
// (registered players, 3 a day), arena_join, arena_leave, arena (detail and a standings page;
// the connection then gets the arena's pushes) and arena_play (the next game). Validation and
// storage here; the live standings and pushes are ArenaHall's.
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include <string>

#include "server/app/arenas/arena_hall.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"

namespace pinfall::server {

// What an arena's detail reads from storage (arena_play_requests.cpp).
struct DetailRead {
    std::optional<storage::ArenaRow> row;
    std::string creator;
    std::optional<storage::ArenaMemberRow> me;
    std::vector<storage::ArenaGameRow> games;      // the asking player's, by n
    std::vector<storage::ArenaMemberRow> members;  // when the hall does not hold the arena
    std::vector<storage::ArenaGameRow> all_games;  // likewise
};

class ArenaRequests final : public RequestHandler {
   public:
    static constexpr int kCreatesPerDay = 3;

    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Registry& registry;
        ArenaHall& hall;
        const std::string& node;
        const std::string& secret;
    };
    explicit ArenaRequests(Deps d) : d_(d) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    void list(Connection& c, const protocol::Request& r, const protocol::ArenaList& m,
              const std::shared_ptr<Outbox>& self);
    void create(Connection& c, const protocol::Request& r, const protocol::ArenaCreate& m,
                const std::shared_ptr<Outbox>& self);
    void join_or_leave(Connection& c, const protocol::Request& r, const protocol::ArenaRequest& m,
                       const std::shared_ptr<Outbox>& self);
    // Answers re with the arena's detail (and watches it for the connection).
    void detail(Connection& c, protocol::Re re, std::int64_t arena, int offset, int limit,
                const std::shared_ptr<Outbox>& self);
    void play(Connection& c, const protocol::Request& r, const protocol::ArenaPlay& m,
              const std::shared_ptr<Outbox>& self);
    // Anyone may watch an arena game in play: its snapshot (the player's view) and its updates.
    void watch(Connection& c, const protocol::Request& r, const protocol::ArenaWatch& m,
               const std::shared_ptr<Outbox>& self);
    // An arena no longer in the hall's memory: its standings ranked from storage.
    void standings_from_storage(Connection& c, protocol::Re re, std::shared_ptr<DetailRead> read,
                                std::int64_t arena, int offset, int limit,
                                std::optional<std::int64_t> me, const std::shared_ptr<Outbox>& self);
    void send_detail(protocol::Re re, const DetailRead& read, ArenaPage page,
                     const std::shared_ptr<Outbox>& self);

    Deps d_;
};

}  // namespace pinfall::server
