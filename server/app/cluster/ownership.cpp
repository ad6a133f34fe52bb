#include "server/app/cluster/ownership.hpp"

#include <spdlog/spdlog.h>

#include <charconv>

#include "server/app/cluster/cluster_link.hpp"

namespace pinfall::server {

namespace {
// How often a node asking for a player tries the lock again while the holder hands it over.
constexpr std::chrono::milliseconds kAskAgainEvery{20};
}  // namespace

Ownership::Ownership(ClusterLink& link, const std::string& node, std::chrono::milliseconds wait,
                     HandOver hand_over)
    : link_(link), node_(node), wait_(wait), hand_over_(std::move(hand_over)) {}

void Ownership::listen(ClusterLink& link, const std::function<Ownership*()>& ownership) {
    link.on(kHandoverChannel, [ownership](const std::string& payload) {
        if (Ownership* o = ownership()) o->on_notice(payload);
    });
}

void Ownership::acquire(std::int64_t player, const std::shared_ptr<Outbox>& connection,
                        std::function<void(Hold)> done) {
    // One node: nobody to share the player with; a hold that never moves, kept only so that
    // connections_of() knows the player's connections (a ban closes them).
    if (!link_.shared()) {
        Hold held;
        {
            std::lock_guard lock(mutex_);
            Entry& e = players_[player];
            if (!e.hold) e.hold = std::make_shared<std::atomic<bool>>(false);
            e.state = State::kHeld;
            ++e.holds;
            std::erase_if(e.connections, [](const auto& w) { return w.expired(); });
            e.connections.push_back(connection);
            held = e.hold;
        }
        return done(held);
    }
    Hold held;
    bool start = false;
    {
        std::lock_guard lock(mutex_);
        auto [it, fresh] = players_.try_emplace(player);
        Entry& e = it->second;
        if (e.state == State::kHeld) {
            ++e.holds;
            e.connections.push_back(connection);
            held = e.hold;
        } else {
            e.waiting.emplace_back(connection, std::move(done));
            start = fresh;
        }
    }
    if (held) return done(held);
    if (start) take(player, std::chrono::steady_clock::now() + wait_, false);
}

void Ownership::take(std::int64_t player, std::chrono::steady_clock::time_point deadline,
                     bool asked) {
    link_.post(
        [this, player, deadline, asked](storage::Coordinator& c) {
            bool got = false;
            const auto st = c.try_lock(player, &got);
            if (st.is_ok() && got) return taken(player, true);
            if (!st.is_ok() || std::chrono::steady_clock::now() >= deadline) {
                if (!st.is_ok()) spdlog::warn("cluster: locking player {}: {}", player, st.message());
                return taken(player, false);
            }
            // Held elsewhere: ask once, then try again until the holder lets go.
            if (!asked) c.notify(kHandoverChannel, std::to_string(player) + "\t" + node_);
            take(player, deadline, true);
        },
        asked ? kAskAgainEvery : std::chrono::milliseconds(0));
}

void Ownership::taken(std::int64_t player, bool ok) {
    std::vector<std::pair<std::weak_ptr<Outbox>, std::function<void(Hold)>>> waiting;
    Hold hold;
    {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(player);
        if (it == players_.end()) return;
        Entry& e = it->second;
        waiting.swap(e.waiting);
        if (ok) {
            e.state = State::kHeld;
            e.hold = hold = std::make_shared<std::atomic<bool>>(false);
            e.holds += static_cast<int>(waiting.size());
            for (const auto& [connection, done] : waiting) e.connections.push_back(connection);
        } else {
            players_.erase(it);
        }
    }
    if (!ok) spdlog::warn("cluster: player {} was not handed over in time", player);
    for (auto& [connection, done] : waiting) done(hold);
}

void Ownership::release(std::int64_t player, const Hold& hold) {
    if (!link_.shared()) {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(player);
        if (it != players_.end() && it->second.hold == hold && --it->second.holds <= 0) {
            players_.erase(it);
        }
        return;
    }
    {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(player);
        if (it == players_.end() || it->second.state != State::kHeld || it->second.hold != hold) {
            return;  // revoked by a hand-over: that hold is gone already
        }
        Entry& e = it->second;
        if (--e.holds > 0) return;
        e.state = State::kReleasing;
        e.connections.clear();
    }
    start_release(player);
}

void Ownership::start_release(std::int64_t player) {
    // The games leave memory and their writes are committed before the lock goes: the next
    // owner loads them as they are.
    hand_over_(player, [this, player] {
        link_.post([this, player](storage::Coordinator& c) {
            if (const auto st = c.unlock(player); !st.is_ok()) {
                spdlog::warn("cluster: unlocking player {}: {}", player, st.message());
            }
            released(player);
        });
    });
}

void Ownership::released(std::int64_t player) {
    {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(player);
        if (it == players_.end()) return;
        if (it->second.waiting.empty()) {
            players_.erase(it);
            return;
        }
        it->second.state = State::kAcquiring;  // a connection came meanwhile: take it again
    }
    take(player, std::chrono::steady_clock::now() + wait_, false);
}

void Ownership::on_notice(const std::string& payload) {
    const auto tab = payload.find('\t');
    std::int64_t player = 0;
    const auto [end, ec] = std::from_chars(payload.data(), payload.data() + tab, player);
    if (tab == std::string::npos || ec != std::errc() || payload.substr(tab + 1) == node_) return;
    std::vector<std::shared_ptr<Outbox>> moved;
    {
        std::lock_guard lock(mutex_);
        const auto it = players_.find(player);
        if (it == players_.end() || it->second.state != State::kHeld) return;
        Entry& e = it->second;
        // Revoked now rather than when the connections have closed (a peer may be slow to
        // answer a close): from here on they refuse requests, and the hand-over starts.
        e.hold->store(true);
        e.hold.reset();
        e.state = State::kReleasing;
        e.holds = 0;
        for (const auto& weak : e.connections) {
            if (auto c = weak.lock()) moved.push_back(std::move(c));
        }
        e.connections.clear();
    }
    spdlog::info("cluster: player {} moves to {}: closing {} connections", player,
                 payload.substr(tab + 1), moved.size());
    for (const auto& c : moved) c->close_moved();
    start_release(player);
}

std::vector<std::shared_ptr<Outbox>> Ownership::connections_of(std::int64_t player) {
    std::vector<std::shared_ptr<Outbox>> out;
    std::lock_guard lock(mutex_);
    const auto it = players_.find(player);
    if (it == players_.end()) return out;
    for (const auto& weak : it->second.connections) {
        if (auto c = weak.lock()) out.push_back(std::move(c));
    }
    return out;
}

}  // namespace pinfall::server
