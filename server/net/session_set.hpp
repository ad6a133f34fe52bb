// The open WebSocket sessions, so that shutdown can close each with "going away" and the idle
// sweep can visit each. Thread-safe: a mutex guards the map; for_each() copies weak_ptrs under
// it and acts outside
// (as Beast's chat-multi example does).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace pinfall::server::net {

class WsSession;

class SessionSet {
   public:
    void add(std::uint64_t id, const std::weak_ptr<WsSession>& s);
    void remove(std::uint64_t id);
    // Asks every open session to finish its queued writes and close with 1001 (going away).
    void close_all();
    // Calls fn with each open session, outside the lock (fn may post, not block).
    void for_each(const std::function<void(WsSession&)>& fn);
    std::size_t size() const;

   private:
    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, std::weak_ptr<WsSession>> sessions_;
};

}  // namespace pinfall::server::net
