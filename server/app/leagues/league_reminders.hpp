// The league notices of the inbox (issue 29, docs/protocol.md "The inbox"): a round opened
// (round_opened), closes within 24 hours (round_closing), closed (round_closed, with the
// member's scores of the round). Each goes to the league's current members once per round:
// the inbox's key makes it once across nodes and restarts, and a set here spares asking
// storage again. Only events of the last 24 hours are told, so a server started after a long
// stop (or a league that opened long ago) sends no flood of stale news.
//
// Thread-safety: check() from the day keeper's strand (one caller at a time); its storage
// work runs on the storage worker and sends through the inbox.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/inbox/inbox.hpp"

namespace pinfall::server {

class LeagueReminders {
   public:
    static constexpr std::chrono::seconds kEvery{10};  // how often storage is asked
    static constexpr storage::Millis kRecentMs = 24 * 3'600'000;

    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        Inbox& inbox;
    };
    explicit LeagueReminders(Deps d) : d_(d) {}

    // Sends what is due; does nothing when the last look was less than kEvery ago or is
    // still under way.
    void check();

   private:
    Deps d_;
    std::optional<Clock::time_point> last_;
    std::shared_ptr<std::atomic<bool>> busy_ = std::make_shared<std::atomic<bool>>(false);
    std::mutex mutex_;  // guards the two sets below (written on the storage worker's thread)
    std::set<std::string> told_;  // keys sent from this node (league:round:kind)
    // Leagues seen running: looked at again after they end (their last round_closed), for
    // a day. A restart forgets them: an ended league's last notice is then not sent.
    std::set<std::int64_t> watched_;
};

}  // namespace pinfall::server
