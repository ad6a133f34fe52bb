// Ends each daily challenge on time (docs/rules.md, "The daily challenge and accounts"): once a
// day's reveal time has passed, every attempt of that day still open ends where it stands (as if
// resigned), then the day is marked revealed in storage. Likewise closes league rounds whose time
// is over. Checks once a second on its own timer; at start it catches up on everything due while
// the server was down.
//
// Thread-safety: start() and stop() from any thread; the timer's work runs on its strand.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <memory>
#include <string>

#include "server/app/core/services.hpp"
#include "server/app/leagues/league_service.hpp"

namespace pinfall::server {

class DayKeeper : public std::enable_shared_from_this<DayKeeper> {
   public:
    DayKeeper(boost::asio::any_io_executor strand, Services& services);
    void start();
    void stop();

   private:
    void tick();
    void schedule();

    boost::asio::steady_timer timer_;
    Services& services_;
    Queries queries_;
    LeagueService leagues_;
    std::string processed_;  // the latest day already ended ("" before the first pass)
    bool busy_ = false;
    bool stopped_ = false;
};

}  // namespace pinfall::server
