// The lane requests of a connection (docs/protocol.md "Lanes"): lane_open, lane_join,
// lane_watch, lane_report and lane_undo. Each reaches its lane's room by code (LaneDirectory)
// and runs on the room's strand, where the lane checks turn order, pin counts and sides.
// Guessing codes is budgeted per address (kLaneMiss).
//
// Thread-safety: handle() REQUIRES the connection's strand (RequestHandler).
#pragma once

#include <functional>
#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/core/request_handler.hpp"
#include "server/app/lanes/lane_directory.hpp"
#include "server/app/players/guest_book.hpp"

namespace pinfall::server {

class LaneRequests final : public RequestHandler {
   public:
    // Every member outlives this object.
    struct Deps {
        LaneDirectory& lanes;
        GuestBook& guests;
        const Clock& clock;
    };
    explicit LaneRequests(Deps deps) : d_(deps) {}

    bool handle(Connection& c, const protocol::Request& r, const std::shared_ptr<Outbox>& self,
                Received received) override;

   private:
    using LaneFn = std::function<void(const std::shared_ptr<LaneRoom>&)>;

    void lane_open(Connection& c, const protocol::Request& r, const protocol::LaneOpen& m,
                   const std::shared_ptr<Outbox>& self);
    // Finds the lane, then runs fn(room) on the lane's strand; otherwise replies unknown_lane
    // (and spends one of the address's lane misses), over_budget or storage_error.
    void with_lane(Connection& c, const std::string& code, protocol::Re re,
                   const std::shared_ptr<Outbox>& self, LaneFn fn);

    Deps d_;
};

}  // namespace pinfall::server
