// Coordinator::open, and the one-node stand-in used with SQLite.
#include "storage/coordinator.hpp"

#include <algorithm>
#include <set>
#include <thread>

#include "storage/postgres/pg_coordinator.hpp"

namespace pinfall::storage {
namespace {

// One process is the only node: its locks are all there is, and its notices come back to it.
class LocalCoordinator final : public Coordinator {
   public:
    explicit LocalCoordinator(std::string name) : name_(std::move(name)) {}
    bool shared() const override { return false; }
    Status set_name(const std::string& name) override {
        name_ = name;
        return Status::ok();
    }
    Status listen(const std::string& channel) override {
        channels_.insert(channel);
        return Status::ok();
    }
    Status notify(const std::string& channel, const std::string& payload) override {
        if (channels_.count(channel)) pending_.push_back(Notice{channel, payload});
        return Status::ok();
    }
    Status try_lock(std::int64_t key, bool* taken) override {
        *taken = locks_.insert(key).second;
        return Status::ok();
    }
    Status unlock(std::int64_t key) override {
        locks_.erase(key);
        return Status::ok();
    }
    Status lock_holders(std::vector<std::pair<std::int64_t, std::string>>* out) override {
        for (const auto key : locks_) out->emplace_back(key, name_);
        return Status::ok();
    }
    Status wait(std::chrono::milliseconds timeout, std::vector<Notice>* out) override {
        // Nobody else can send one: sleep the timeout out unless some are pending.
        if (pending_.empty()) std::this_thread::sleep_for(timeout);
        std::move(pending_.begin(), pending_.end(), std::back_inserter(*out));
        pending_.clear();
        return Status::ok();
    }
    bool connected() const override { return true; }
    Status reconnect() override { return Status::ok(); }

   private:
    std::string name_;
    std::set<std::string> channels_;
    std::set<std::int64_t> locks_;
    std::vector<Notice> pending_;
};

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

std::unique_ptr<Coordinator> Coordinator::open(const std::string& location,
                                               const std::string& name, Status* status) {
    if (starts_with(location, "postgresql://") || starts_with(location, "postgres://")) {
        return open_pg_coordinator(location, name, status);
    }
    *status = Status::ok();
    return std::make_unique<LocalCoordinator>(name);
}

}  // namespace pinfall::storage
