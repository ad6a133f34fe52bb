// The daily reminders' scheduler (docs/rules.md "Reminders"): every `every`, the devices due
// (PushStore::due, by the instant each was last set to) are looked at in one storage job: a
// device whose player's local time is inside the day's window and who has something to be
// reminded of is claimed for that local day (the claim row decides which node sends: one
// reminder, not one per node), marked sent and given tomorrow's instant; the others are given
// their next instant. After the commit the claimed reminders go to the PushSender; a device
// the push service reports gone (404/410) is marked gone, other failures are logged (the next
// day's reminder is tried as usual). A full batch is followed at once by the next.
//
// Thread-safety: start() and stop() from any thread; the rest runs on the timer's strand.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "server/app/core/clock.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/push/push_sender.hpp"
#include "server/app/push/time_zone.hpp"

namespace pinfall::server::push {

// The server's VAPID key pair: the one stored in the database, or a new one stored now when
// there is none (the first node to start makes it). nullopt when storage fails or the stored
// key is not a P-256 scalar. Runs on the storage thread (StorageWorker::run_sync at start).
std::optional<P256KeyPair> vapid_key_of(storage::Store& store, storage::Millis now);

class Reminders : public std::enable_shared_from_this<Reminders> {
   public:
    static constexpr int kBatch = 256;  // devices looked at in one storage job
    struct Deps {
        StorageWorker& storage;
        const Clock& clock;
        TimeZones& zones;
        PushSender& sender;
        Metrics& metrics;
        const std::string& node_id;  // set before start()
        std::chrono::milliseconds every{60000};
    };
    Reminders(boost::asio::any_io_executor strand, Deps d)
        : timer_(std::move(strand)), d_(d) {}
    void start();
    void stop();

   private:
    void schedule(std::chrono::milliseconds after);
    void check();
    void expire();

    boost::asio::steady_timer timer_;
    Deps d_;
    bool stopped_ = false;
    std::chrono::steady_clock::time_point next_expiry_{};
};

}  // namespace pinfall::server::push
