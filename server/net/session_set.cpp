#include "server/net/session_set.hpp"

#include <vector>

#include "server/net/ws_session.hpp"

namespace pinfall::server::net {

void SessionSet::add(std::uint64_t id, const std::weak_ptr<WsSession>& s) {
    std::lock_guard lock(mutex_);
    sessions_.emplace(id, s);
}

void SessionSet::remove(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    sessions_.erase(id);
}

std::size_t SessionSet::size() const {
    std::lock_guard lock(mutex_);
    return sessions_.size();
}

void SessionSet::close_all() {
    for_each([](WsSession& s) { s.close_going_away(); });
}

void SessionSet::for_each(const std::function<void(WsSession&)>& fn) {
    std::vector<std::weak_ptr<WsSession>> copy;
    {
        std::lock_guard lock(mutex_);
        copy.reserve(sessions_.size());
        for (const auto& [id, w] : sessions_) copy.push_back(w);
    }
    for (const auto& w : copy) {
        if (auto s = w.lock()) fn(*s);
    }
}

}  // namespace pinfall::server::net
