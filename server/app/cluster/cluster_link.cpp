#include "server/app/cluster/cluster_link.hpp"

#include <spdlog/spdlog.h>

#include <vector>

namespace pinfall::server {

namespace {
// How long the thread waits for a notice before it looks at its job queue again: the latency
// of a lock request, at a cost of 100 wake-ups a second.
constexpr std::chrono::milliseconds kPollEvery{10};
constexpr std::chrono::milliseconds kRetryEvery{1000};
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

void ClusterLink::post(Job job) {
    std::lock_guard lock(mutex_);
    if (!stopping_.load()) jobs_.push_back(std::move(job));
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
            std::this_thread::sleep_for(kRetryEvery);
            if (auto st = coordinator_->reconnect(); !st.is_ok()) {
                spdlog::warn("cluster: reconnecting failed: {}", st.message());
                continue;
            }
            spdlog::info("cluster: connected again");
            if (reconnected_) reconnected_();
        }
        std::deque<Job> jobs;
        {
            std::lock_guard lock(mutex_);
            jobs.swap(jobs_);
        }
        for (auto& job : jobs) job(*coordinator_);
        notices.clear();
        if (auto st = coordinator_->wait(jobs.empty() ? kPollEvery : std::chrono::milliseconds(0),
                                         &notices);
            !st.is_ok()) {
            spdlog::warn("cluster: {}", st.message());
        }
        for (const auto& n : notices) dispatch(n);
    }
}

}  // namespace pinfall::server
