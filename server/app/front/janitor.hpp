// Gives back what nobody uses, so that memory follows the players who are here: every `every`
// it expires guests that own nothing and were not seen for guest_ttl (GuestBook::expire), and
// evicts unfinished practice games and lanes idle for idle_evict from memory (both are stored;
// the next request loads them again), and finished games, and deletes notices past their
// lifetime (Inbox::expire).
//
// Thread-safety: start() and stop() from any thread; the sweeps run on the timer's strand.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <memory>

#include "server/app/games/registry.hpp"
#include "server/app/inbox/inbox.hpp"
#include "server/app/lanes/lane_directory.hpp"
#include "server/app/players/guest_book.hpp"

namespace pinfall::server {

class Janitor : public std::enable_shared_from_this<Janitor> {
   public:
    struct Periods {
        std::chrono::milliseconds every{60000};
        std::chrono::milliseconds guest_ttl{86400000};
        std::chrono::milliseconds idle_evict{1800000};
    };
    // What it sweeps: every member outlives this object.
    struct Swept {
        GuestBook& guests;
        Registry& registry;
        LaneDirectory& lanes;
        Inbox& inbox;
    };
    Janitor(boost::asio::any_io_executor strand, Swept swept, Periods periods)
        : timer_(std::move(strand)), services_(swept), periods_(periods) {}
    void start();
    void stop();

   private:
    void schedule();
    void sweep();

    boost::asio::steady_timer timer_;
    Swept services_;
    const Periods periods_;
    bool stopped_ = false;
};

}  // namespace pinfall::server
