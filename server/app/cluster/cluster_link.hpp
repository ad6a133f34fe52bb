// The node's link to the other nodes (docs/scaling.md): one thread of its own owns the
// storage::Coordinator (a database session apart from the storage worker's), hands every
// notice to the handler of its channel, and runs the jobs queued for the Coordinator (advisory
// locks). When the session is lost it connects again every second, listens again and calls the
// reconnect handler: notices sent meanwhile were missed and locks were released.
//
// Thread-safety: on(), on_reconnect() before start(); post(), stop() from any thread. Handlers
// and jobs run on the link's thread, one at a time: they must not block (post work elsewhere).
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "storage/coordinator.hpp"

namespace pinfall::server {

class ClusterLink {
   public:
    using Handler = std::function<void(const std::string& payload)>;
    using Job = std::function<void(storage::Coordinator&)>;

    explicit ClusterLink(std::unique_ptr<storage::Coordinator> coordinator);
    ~ClusterLink();  // stop()
    ClusterLink(const ClusterLink&) = delete;
    ClusterLink& operator=(const ClusterLink&) = delete;

    // True when other nodes may share the database (PostgreSQL).
    bool shared() const { return shared_; }
    void on(const std::string& channel, Handler handler);
    void on_reconnect(std::function<void()> handler);
    // LISTENs on every channel given to on() (an error when that fails), then starts the thread.
    storage::Status start();
    void stop();
    // Queues job for the link's thread, to run no sooner than `after` from now (dropped after
    // stop()).
    void post(Job job, std::chrono::milliseconds after = std::chrono::milliseconds(0));

   private:
    void run();
    void dispatch(const storage::Notice& n);

    std::unique_ptr<storage::Coordinator> coordinator_;
    const bool shared_;
    std::map<std::string, Handler> handlers_;
    std::function<void()> reconnected_;
    std::mutex mutex_;
    std::deque<std::pair<std::chrono::steady_clock::time_point, Job>> jobs_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace pinfall::server
