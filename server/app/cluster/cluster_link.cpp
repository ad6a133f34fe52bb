#include "server/app/cluster/cluster_link.hpp"

#include <spdlog/spdlog.h>

#include <vector>

namespace pinfall::server {

namespace {
// How long the thread waits for a notice before it looks at its job queue again: the latency
// of a lock request, at a cost of 100 wake-ups a second.
constexpr std::chrono::milliseconds kPollEvery{10};
constexpr std::chrono::milliseconds kReconnectEvery{1000};
}  // namespace

ClusterLink::ClusterLink(std::unique_ptr<storage::Coordinator> coordinator)
    : coordinator_(std::move(coordinator)), shared_(coordinator_->shared()) {}

ClusterLink::~ClusterLink() { stop(); }

void ClusterLink::on(const std::string& channel, Handler handler) {
    handlers_[channel] = std::move(handler);
}

void ClusterLink::on_reconnect(std::function<void()> handler) { reconnected_ = std::move(handler); }

storage::Status ClusterLink::start() {
    for (const auto& [channel, handler] : handlers_) {
        if (auto st = coordinator_->listen(channel); !st.is_ok()) return st;
    }
    thread_ = std::thread([this] { run(); });
    return storage::Status::ok();
}

void ClusterLink::stop() {
    stopping_.store(true);
    if (thread_.joinable()) thread_.join();
}

void ClusterLink::post(Job job, std::chrono::milliseconds after) {
    std::lock_guard lock(mutex_);
    if (!stopping_.load()) jobs_.emplace_back(std::chrono::steady_clock::now() + after, std::move(job));
}

void ClusterLink::dispatch(const storage::Notice& n) {
    const auto it = handlers_.find(n.channel);
    if (it == handlers_.end()) return;
    try {
        it->second(n.payload);
    } catch (const std::exception& e) {
        // A malformed notice (another version's, say) must not stop the node hearing the rest.
        spdlog::warn("cluster: notice on {} ignored: {}", n.channel, e.what());
    }
}

void ClusterLink::run() {
    std::vector<storage::Notice> notices;
    while (!stopping_.load()) {
        if (!coordinator_->connected()) {
            std::this_thread::sleep_for(kReconnectEvery);
            if (auto st = coordinator_->reconnect(); !st.is_ok()) {
                spdlog::warn("cluster: reconnecting failed: {}", st.message());
                continue;
            }
            spdlog::info("cluster: connected again");
            if (reconnected_) reconnected_();
        }
        // The jobs that are due, in order; later ones wait (a retry some milliseconds on).
        std::vector<Job> due;
        bool more_due = false;
        {
            std::lock_guard lock(mutex_);
            const auto now = std::chrono::steady_clock::now();
            for (auto it = jobs_.begin(); it != jobs_.end();) {
                if (it->first <= now) {
                    due.push_back(std::move(it->second));
                    it = jobs_.erase(it);
                } else {
                    ++it;
                }
            }
        }
        for (auto& job : due) job(*coordinator_);
        {
            std::lock_guard lock(mutex_);
            const auto now = std::chrono::steady_clock::now();
            for (const auto& [at, job] : jobs_) more_due = more_due || at <= now;
        }
        notices.clear();
        if (auto st = coordinator_->wait(more_due ? std::chrono::milliseconds(0) : kPollEvery,
                                         &notices);
            !st.is_ok()) {
            spdlog::warn("cluster: {}", st.message());
        }
        for (const auto& n : notices) dispatch(n);
    }
}

}  // namespace pinfall::server
