// What the games tests share: an Outbox that records what a room sends it, and a harness that
// wires a Registry as server/main.cpp does (a SQLite file behind a real StorageWorker, a
// RoomContext, an IoPool of one io_context run by one thread of its own). Every wait is on a
// condition or a future with a generous limit, never a sleep: the machine is shared with other
// builds.
// Catch2's macros run on the test's thread only; the other threads hand values back to it.
#pragma once

#include <boost/asio/post.hpp>

#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/app/core/clock.hpp"
#include "server/app/core/identity.hpp"
#include "server/app/core/io_pool.hpp"
#include "server/app/core/metrics.hpp"
#include "server/app/core/outbox.hpp"
#include "server/app/core/storage_worker.hpp"
#include "server/app/games/game_room.hpp"
#include "server/app/games/registry.hpp"
#include "temp_db.hpp"

namespace pinfall::test {

inline constexpr std::chrono::seconds kGamesWait{30};

// A connection as the rooms see it: keeps every message, in order, for the test to read.
class RecordingOutbox final : public server::Outbox {
   public:
    explicit RecordingOutbox(std::uint64_t id = 1) : id_(id) {}
    void send(server::Message text) override {
        {
            std::lock_guard lock(mutex_);
            texts_.push_back(*text);
        }
        arrived_.notify_all();
    }
    std::uint64_t connection_id() const override { return id_; }

    std::size_t count() const {
        std::lock_guard lock(mutex_);
        return texts_.size();
    }
    // The n-th message (from 1) once it has come, parsed; the test fails if it never does.
    nlohmann::json message(std::size_t n) const {
        std::unique_lock lock(mutex_);
        const bool came =
            arrived_.wait_for(lock, kGamesWait, [&] { return texts_.size() >= n; });
        INFO("waiting for message " << n << " of connection " << id_);
        REQUIRE(came);
        return nlohmann::json::parse(texts_[n - 1]);
    }

   private:
    const std::uint64_t id_;
    mutable std::mutex mutex_;
    mutable std::condition_variable arrived_;
    std::vector<std::string> texts_;
};

// Runs fn on `ex` (a room's strand) and returns its result: the room's state is read where
// its strand owns it, and everything posted to the strand before has run.
template <class F>
auto on_strand(const server::Strand& ex, F fn) -> decltype(fn()) {
    using R = decltype(fn());
    auto task = std::make_shared<std::packaged_task<R()>>(std::move(fn));
    auto result = task->get_future();
    boost::asio::post(ex, [task] { (*task)(); });
    REQUIRE(result.wait_for(kGamesWait) == std::future_status::ready);
    return result.get();
}

// A room or why there is none, as a Registry callback gives it.
struct Opened {
    std::shared_ptr<server::GameRoom> room;
    storage::Status status;
};

// A SQLite file, its storage worker and a Registry on an io_context run by one thread.
class GamesHarness {
   public:
    // `now`: where the server clock starts (it runs on from there); max_games as --max-games;
    // finished_kept as the Registry's (App's on_finished tells the registry, and so does this
    // harness's).
    explicit GamesHarness(std::size_t max_games = 100,
                          std::string now = "2026-11-29T12:00:00Z",
                          std::size_t finished_kept = server::Registry::kFinishedKept);
    // Stops the worker first (its completions post to the rooms' strands), then lets the
    // io_context run out of work, so nothing runs once members start to go.
    ~GamesHarness();

    // A new Registry on the same storage with a new block of ids, as after a restart.
    void restart();
    server::Registry& registry() { return *registry_; }

    Opened create_practice(server::GuestId guest);
    Opened daily(storage::PlayerId player, const std::string& name, const std::string& day);
    Opened find(protocol::GameId id);
    storage::PlayerId add_player(const std::string& name);
    std::optional<storage::GameRow> stored(protocol::GameId id);

    // room->act / room->snapshot on the room's strand (returns at once).
    static void act(const std::shared_ptr<server::GameRoom>& room, const engine::Action& a,
                    protocol::Re re, const std::shared_ptr<RecordingOutbox>& to);
    static void snapshot(const std::shared_ptr<server::GameRoom>& room, protocol::Re re,
                         const std::shared_ptr<RecordingOutbox>& to);
    // Returns once every write queued so far is committed and its completion has run.
    void committed();

    // The finished games RoomContext::on_finished was called with, in order.
    std::vector<server::FinishedGame> finished() const;
    // Waits until on_finished has been called n times in all.
    void wait_finished(std::size_t n) const;
    // Also called by on_finished, on the room's strand (set before any game finishes).
    std::function<void(const server::FinishedGame&)> on_finished_hook;

    // Holds the worker inside a read until release_worker(): writes queued meanwhile wait.
    void hold_worker();
    void release_worker();

    TempDir dir;
    server::Metrics metrics;
    server::Clock clock;
    server::GameIds::Range ids;  // the first block, reserved before the worker owns the store
    server::StorageWorker worker;
    server::RoomContext ctx;
    server::IoPool pool{1};

   private:
    void finished_game(const server::FinishedGame& g);

    const std::size_t max_games_;
    const std::size_t finished_kept_;
    std::set<server::GuestId> guests_;  // stored so far
    mutable std::mutex mutex_;
    mutable std::condition_variable finished_cv_;
    std::vector<server::FinishedGame> finished_;
    std::promise<void> gate_;
    bool gate_held_ = false;
    std::unique_ptr<server::Registry> registry_;
    std::thread runner_;
};

// A practice row on the zero seed (docs/protocol.md's example game), sackson rules.
storage::GameRow zero_seed_practice(std::int64_t started_at);

}  // namespace pinfall::test
