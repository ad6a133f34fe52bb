#include "games_harness.hpp"

namespace pinfall::test {

namespace {

// Opens the store and takes its first block of game ids, as main() does before the storage
// worker owns the store.
std::unique_ptr<storage::Store> open_reserving(const std::string& db,
                                               server::GameIds::Range* ids) {
    auto store = open_store(db);
    storage::Status st;
    *ids = server::GameIds::reserve_first(*store, &st);
    INFO(st.message());
    REQUIRE(st.is_ok());
    return store;
}

// Waits for a Registry callback's room.
Opened wait_opened(std::future<Opened> f) {
    REQUIRE(f.wait_for(kGamesWait) == std::future_status::ready);
    return f.get();
}

}  // namespace

GamesHarness::GamesHarness(std::size_t max_games, std::string now, std::size_t finished_kept)
    : clock(server::parse_rfc3339(now)),
      worker(open_reserving(dir.db(), &ids)),
      ctx{metrics, worker, clock, [this](const server::FinishedGame& g) { finished_game(g); }, {}},
      max_games_(max_games),
      finished_kept_(finished_kept),
      registry_(std::make_unique<server::Registry>(pool, ctx, max_games, ids, finished_kept)),
      runner_([this] { pool.run(); }) {}

GamesHarness::~GamesHarness() {
    if (gate_held_) release_worker();  // a test that failed while holding it
    worker.stop();
    pool.release();  // its run() returns once the queued handlers have run
    runner_.join();
}

void GamesHarness::restart() {
    server::GameIds::Range next;
    storage::Status taken;
    REQUIRE(worker
                .run_sync([&](storage::Store& s) {
                    next = server::GameIds::reserve_first(s, &taken);
                    return taken;
                })
                .is_ok());
    registry_ = std::make_unique<server::Registry>(pool, ctx, max_games_, next, finished_kept_);
}

Opened GamesHarness::create_practice(server::GuestId guest) {
    // A game row names its guest's row (a foreign key): the server's GuestBook stores the
    // guest before it plays; here the first game of each guest does.
    if (guests_.insert(guest).second) {
        const auto st = worker.run_sync([&](storage::Store& s) {
            return s.create_guest(static_cast<std::int64_t>(guest),
                                  "hash-of-guest-" + std::to_string(guest), 1000);
        });
        INFO(st.message());
        REQUIRE(st.is_ok());
    }
    auto p = std::make_shared<std::promise<Opened>>();
    registry_->create_game(server::Owner{guest, std::nullopt}, "",
                           zero_seed_practice(server::unix_ms(clock.now())),
                           [p](std::shared_ptr<server::GameRoom> room, const storage::Status& st) {
                               p->set_value({std::move(room), st});
                           });
    return wait_opened(p->get_future());
}

Opened GamesHarness::daily(storage::PlayerId player, const std::string& name,
                           const std::string& day) {
    auto p = std::make_shared<std::promise<Opened>>();
    registry_->daily_attempt(player, name, day, engine::Seed{}, server::unix_ms(clock.now()), {},
                             [p](std::shared_ptr<server::GameRoom> room,
                                 const storage::Status& st) { p->set_value({std::move(room), st}); });
    return wait_opened(p->get_future());
}

Opened GamesHarness::find(protocol::GameId id) {
    auto p = std::make_shared<std::promise<Opened>>();
    registry_->find_game(id, [p](std::shared_ptr<server::GameRoom> room,
                                 const storage::Status& st) { p->set_value({std::move(room), st}); });
    return wait_opened(p->get_future());
}

storage::PlayerId GamesHarness::add_player(const std::string& name) {
    storage::PlayerId id = 0;
    // No REQUIRE on the worker's thread: the status comes back to this one.
    const auto st = worker.run_sync([&](storage::Store& s) {
        return s.create_player(name, name, "hash-of-" + name, 1000, &id);
    });
    INFO(st.message());
    REQUIRE(st.is_ok());
    return id;
}

std::optional<storage::GameRow> GamesHarness::stored(protocol::GameId id) {
    std::optional<storage::GameRow> row;
    worker.run_sync([&](storage::Store& s) {
        row = s.game(id);
        return storage::Status::ok();
    });
    return row;
}

void GamesHarness::act(const std::shared_ptr<server::GameRoom>& room, const engine::Action& a,
                       protocol::Re re, const std::shared_ptr<RecordingOutbox>& to) {
    boost::asio::post(room->executor(), [room, a, re, to] {
        room->act(a, re, to, std::chrono::steady_clock::now());
    });
}

void GamesHarness::snapshot(const std::shared_ptr<server::GameRoom>& room, protocol::Re re,
                            const std::shared_ptr<RecordingOutbox>& to) {
    boost::asio::post(room->executor(), [room, re, to] { room->snapshot(re, to); });
}

void GamesHarness::committed() {
    // Writes commit in queue order, and their completions run on this worker thread in
    // order: once this one's has run, every earlier write's has.
    std::promise<void> done;
    worker.write([](storage::Store&) { return storage::Status::ok(); },
                 [&done](const storage::Status&) { done.set_value(); });
    REQUIRE(done.get_future().wait_for(kGamesWait) == std::future_status::ready);
}

void GamesHarness::finished_game(const server::FinishedGame& g) {
    registry_->finished(g.row.id);
    if (on_finished_hook) on_finished_hook(g);
    {
        std::lock_guard lock(mutex_);
        finished_.push_back(g);
    }
    finished_cv_.notify_all();
}

std::vector<server::FinishedGame> GamesHarness::finished() const {
    std::lock_guard lock(mutex_);
    return finished_;
}

void GamesHarness::wait_finished(std::size_t n) const {
    std::unique_lock lock(mutex_);
    const bool came = finished_cv_.wait_for(lock, kGamesWait, [&] { return finished_.size() >= n; });
    INFO("waiting for finished game " << n);
    REQUIRE(came);
}

void GamesHarness::hold_worker() {
    gate_ = std::promise<void>();
    gate_held_ = true;
    // Returns once the worker is inside the read, so that what follows is queued behind it.
    auto inside = std::make_shared<std::promise<void>>();
    std::future<void> entered = inside->get_future();
    worker.read(
        [opened = gate_.get_future().share(), inside](storage::Store&) {
            inside->set_value();
            opened.wait();
            return storage::Status::ok();
        },
        nullptr);
    entered.wait();
}

void GamesHarness::release_worker() {
    gate_held_ = false;
    gate_.set_value();
}

storage::GameRow zero_seed_practice(std::int64_t started_at) {
    storage::GameRow row;
    row.mode = storage::GameMode::kPractice;
    row.ruleset = engine::Ruleset::kSackson;
    row.seed = engine::Seed{};
    row.started_at = started_at;
    return row;
}

}  // namespace pinfall::test
