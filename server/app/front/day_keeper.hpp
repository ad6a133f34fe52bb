// Ends each daily challenge on time (docs/rules.md, "The daily challenge and accounts"): once a
// day's reveal time has passed, every attempt of that day still open ends where it stands (as if
// resigned), then the day is marked revealed in storage. Likewise closes league rounds whose time
// is over, and tells league members of their rounds (LeagueReminders). Checks once a second on its own timer; at start it catches up on everything due while
// the server was down.
//
// Thread-safety: start() and stop() from any thread; the timer's work runs on its strand.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <memory>
#include <string>

#include "server/app/coach/par_keeper.hpp"
#include "server/app/core/clock.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/registry.hpp"
#include "server/app/leagues/league_reminders.hpp"
#include "server/app/leagues/league_service.hpp"

namespace pinfall::server {

class DayKeeper : public std::enable_shared_from_this<DayKeeper> {
   public:
    // What it uses: every member outlives this object.
    struct Deps {
        const Clock& clock;
        StorageWorker& storage;
        Registry& registry;
        ParKeeper& par;
        LeagueService& leagues;
        LeagueReminders& reminders;  // the inbox's league notices
        const std::string& secret;  // the server secret (a revealed day's seed, for its par)
    };
    DayKeeper(boost::asio::any_io_executor strand, Deps deps)
        : timer_(std::move(strand)), services_(deps) {}
    void start();
    void stop();

   private:
    void tick();
    void schedule();

    boost::asio::steady_timer timer_;
    Deps services_;
    std::string processed_;  // the latest day already ended ("" before the first pass)
    bool busy_ = false;
    bool stopped_ = false;
};

}  // namespace pinfall::server
