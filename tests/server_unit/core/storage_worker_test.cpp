// StorageWorker: writes from many threads are grouped into few transactions and all committed;
// a write job that fails with an error rolls back its whole batch and every job of the batch
// gets that error; a job that fails alone (a conflict) leaves no write of its own behind while
// the rest of the batch commits; reads see committed writes; the destructor drains the queue.
// Lazy writes wait for company up to their delay, end up in the next ordinary job's COMMIT when
// one comes first, and are never lost on a clean shutdown.
// The same holds for appended actions, which PostgreSQL's batches send ahead without waiting
// (Store::begin_batch): a conflicting job in the middle is undone alone, an error fails all,
// and an append refused only once its answer is read fails its whole batch with an error.
#include "server/app/core/storage_worker.hpp"

#include <atomic>
#include <chrono>
#include <catch2/catch.hpp>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "temp_db.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using pinfall::test::TempDir;
using storage::Status;
using storage::Store;

std::string count_players(StorageWorker& worker) {
    std::string n;
    REQUIRE(worker
                .run_sync([&](Store& s) {
                    n = test::query_text(s.db(), "SELECT count(*) FROM players");
                    return Status::ok();
                })
                .is_ok());
    return n;
}

// Holds the worker inside a read until release(), so the writes queued meanwhile form one batch.
// hold() returns only once the worker is inside the read: a write queued before the worker took
// the read would be taken with it and run as a batch of its own after the release.
struct Gate {
    std::promise<void> open;
    std::shared_future<void> opened = open.get_future().share();
    void hold(StorageWorker& w) {
        auto inside = std::make_shared<std::promise<void>>();
        std::future<void> entered = inside->get_future();
        w.read(
            [f = opened, inside](Store&) {
                inside->set_value();
                f.wait();
                return Status::ok();
            },
            nullptr);
        entered.wait();
    }
    void release() { open.set_value(); }
};

StorageWorker::Work add(const std::string& name) {
    return [name](Store& s) {
        storage::PlayerId id = 0;
        return s.create_player(name, name, "hash-" + name, 1, &id);
    };
}

TEST_CASE("1000 writes from 4 threads are all committed in fewer transactions", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    constexpr int kThreads = 4, kEach = 250;
    std::atomic<int> ok{0}, failed{0};
    std::promise<void> all_done;
    std::atomic<int> left{kThreads * kEach};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kEach; ++i) {
                worker.write(add("p" + std::to_string(t) + "-" + std::to_string(i)),
                             [&](const Status& st) {
                                 (st.is_ok() ? ok : failed).fetch_add(1);
                                 if (left.fetch_sub(1) == 1) all_done.set_value();
                             });
            }
        });
    }
    for (auto& t : threads) t.join();
    all_done.get_future().wait();
    CHECK(ok == kThreads * kEach);
    CHECK(failed == 0);
    CHECK(worker.writes() == kThreads * kEach);
    CHECK(worker.commits() < worker.writes());
    CHECK(worker.commits() >= 1);
    CHECK(count_players(worker) == "1000");
}

TEST_CASE("a write that fails with an error rolls back its batch, every job gets the error", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    Gate gate;
    gate.hold(worker);
    std::vector<std::promise<Status>> results(3);
    worker.write(add("ann"), [&](const Status& st) { results[0].set_value(st); });
    worker.write([](Store&) { return Status::error("disk on fire"); },
                 [&](const Status& st) { results[1].set_value(st); });
    worker.write(add("bob"), [&](const Status& st) { results[2].set_value(st); });
    gate.release();
    for (auto& r : results) {
        const Status st = r.get_future().get();
        CHECK(st.code() == Status::Code::kError);
        CHECK(st.message() == "disk on fire");
    }
    CHECK(count_players(worker) == "0");
    // The worker goes on: the next batch commits.
    std::promise<Status> later;
    worker.write(add("cy"), [&](const Status& st) { later.set_value(st); });
    CHECK(later.get_future().get().is_ok());
    CHECK(count_players(worker) == "1");
}

TEST_CASE("a job that fails alone keeps none of its writes, the rest of its batch commits", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    Gate gate;
    gate.hold(worker);
    std::vector<std::promise<Status>> results(3);
    worker.write(add("ann"), [&](const Status& st) { results[0].set_value(st); });
    // Two writes in one job: the second is refused, so the first must not stay either.
    worker.write(
        [](Store& s) {
            storage::PlayerId id = 0;
            if (Status st = s.create_player("zed", "zed", "hash-zed", 1, &id); !st.is_ok()) {
                return st;
            }
            return s.create_player("Ann", "ann", "hash-other", 1, &id);
        },
        [&](const Status& st) { results[1].set_value(st); });
    worker.write(add("bob"), [&](const Status& st) { results[2].set_value(st); });
    gate.release();
    CHECK(results[0].get_future().get().is_ok());
    CHECK(results[1].get_future().get().is_conflict());
    CHECK(results[2].get_future().get().is_ok());
    CHECK(count_players(worker) == "2");
    bool zed = true;
    worker.run_sync([&](Store& s) {
        zed = s.player_by_token("hash-zed").has_value();
        return Status::ok();
    });
    CHECK_FALSE(zed);
}

// A player and an open daily game of theirs, made through the worker; returns the game's id.
storage::GameRowId open_game(StorageWorker& worker) {
    storage::GameRowId game = 0;
    REQUIRE(worker
                .run_sync([&](Store& s) {
                    storage::PlayerId ann = 0;
                    if (Status st = s.create_player("ann", "ann", "hash-ann", 1, &ann);
                        !st.is_ok()) {
                        return st;
                    }
                    storage::GameRow row = test::game_row(ann, storage::GameMode::kDaily,
                                                          "2026-11-29");
                    const Status st = s.create_game(row);
                    game = row.id;
                    return st;
                })
                .is_ok());
    return game;
}

StorageWorker::Work append(storage::GameRowId game, int index) {
    return [game, index](Store& s) { return s.append_action(game, index, "s"); };
}

std::string stored_indexes(StorageWorker& worker, storage::GameRowId game) {
    std::string out;
    REQUIRE(worker
                .run_sync([&](Store& s) {
                    storage::Statement q = s.db().prepare(
                        "SELECT idx FROM actions WHERE game_id = ? ORDER BY idx");
                    q.bind(1, game);
                    while (q.step()) out += (out.empty() ? "" : " ") + q.text(0);
                    return q.status();
                })
                .is_ok());
    return out;
}

TEST_CASE("appended actions commit around a conflicting job, whose own append is undone",
          "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    const storage::GameRowId game = open_game(worker);
    Gate gate;
    gate.hold(worker);
    std::vector<std::promise<Status>> results(5);
    auto done = [&results](int i) {
        return [&results, i](const Status& st) { results[static_cast<std::size_t>(i)].set_value(st); };
    };
    worker.write(append(game, 0), done(0));
    worker.write(append(game, 1), done(1));
    // Its append goes ahead; then a refused name (an answer it waits for) makes it a conflict.
    worker.write(
        [game](Store& s) {
            if (Status st = s.append_action(game, 2, "r"); !st.is_ok()) return st;
            storage::PlayerId id = 0;
            return s.create_player("Ann", "ann", "hash-other", 1, &id);
        },
        done(2));
    worker.write(append(game, 3), done(3));
    worker.write(append(game, 4), done(4));
    gate.release();
    for (int i = 0; i < 5; ++i) {
        const Status st = results[static_cast<std::size_t>(i)].get_future().get();
        INFO("job " << i << ": " << st.message());
        CHECK((i == 2 ? st.is_conflict() : st.is_ok()));
    }
    CHECK(stored_indexes(worker, game) == "0 1 3 4");
    CHECK(count_players(worker) == "1");
}

TEST_CASE("an error in a batch of appended actions fails every job and keeps no action",
          "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    const storage::GameRowId game = open_game(worker);
    Gate gate;
    gate.hold(worker);
    std::vector<std::promise<Status>> results(3);
    worker.write(append(game, 0), [&](const Status& st) { results[0].set_value(st); });
    worker.write(
        [game](Store& s) {
            if (Status st = s.append_action(game, 1, "s"); !st.is_ok()) return st;
            return Status::error("disk on fire");
        },
        [&](const Status& st) { results[1].set_value(st); });
    worker.write(append(game, 2), [&](const Status& st) { results[2].set_value(st); });
    gate.release();
    for (auto& r : results) {
        const Status st = r.get_future().get();
        CHECK(st.code() == Status::Code::kError);
        CHECK(st.message() == "disk on fire");
    }
    CHECK(stored_indexes(worker, game).empty());
    std::promise<Status> later;
    worker.write(append(game, 0), [&](const Status& st) { later.set_value(st); });
    CHECK(later.get_future().get().is_ok());
    CHECK(stored_indexes(worker, game) == "0");
}

TEST_CASE("an append refused after it was sent ahead fails its batch, never acknowledged",
          "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    const storage::GameRowId game = open_game(worker);
    bool postgres = false;
    worker.run_sync([&](Store& s) {
        postgres = s.db().dialect() == storage::Dialect::kPostgres;
        return Status::ok();
    });
    Gate gate;
    gate.hold(worker);
    std::vector<std::promise<Status>> results(3);
    worker.write(append(game, 0), [&](const Status& st) { results[0].set_value(st); });
    worker.write(append(game, 0), [&](const Status& st) { results[1].set_value(st); });  // twice
    worker.write(append(game, 1), [&](const Status& st) { results[2].set_value(st); });
    gate.release();
    std::vector<Status> got;
    for (auto& r : results) got.push_back(r.get_future().get());
    if (postgres) {
        // Its refusal is read at the COMMIT, after the next job's append was sent: the batch
        // fails whole (docs/storage.md "Group commit"), and nothing of it is kept.
        for (const auto& st : got) CHECK(st.code() == Status::Code::kError);
        CHECK(stored_indexes(worker, game).empty());
    } else {
        // SQLite answers at once: the job's own conflict, the rest of the batch commits.
        CHECK(got[0].is_ok());
        CHECK(got[1].is_conflict());
        CHECK(got[2].is_ok());
        CHECK(stored_indexes(worker, game) == "0 1");
    }
    // The worker goes on.
    std::promise<Status> later;
    worker.write(append(game, 5), [&](const Status& st) { later.set_value(st); });
    CHECK(later.get_future().get().is_ok());
    CHECK(worker.available());
}

TEST_CASE("reads see the writes committed before them", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()));
    std::promise<std::optional<storage::PlayerRow>> seen;
    std::promise<storage::PlayerId> id;
    worker.write(
        [&](Store& s) {
            storage::PlayerId pid = 0;
            Status st = s.create_player("ann", "ann", "hash-ann", 42, &pid);
            id.set_value(pid);
            return st;
        },
        nullptr);
    auto row = std::make_shared<std::optional<storage::PlayerRow>>();
    worker.read(
        [row](Store& s) {
            *row = s.player_by_token("hash-ann");
            return Status::ok();
        },
        [&, row](const Status&) { seen.set_value(*row); });
    const auto found = seen.get_future().get();
    REQUIRE(found);
    CHECK(found->id == id.get_future().get());
    CHECK(found->created_at == 42);

    // From another connection too: the write is in the file, not only in the worker's.
    Status st;
    auto other = storage::Store::open(dir.db(), &st);
    REQUIRE(other);
    CHECK(other->player_by_token("hash-ann"));
}

TEST_CASE("the destructor runs every queued job before it returns", "[worker]") {
    TempDir dir;
    std::atomic<int> done{0};
    {
        StorageWorker worker(test::open_store(dir.db()));
        for (int i = 0; i < 50; ++i) {
            worker.write(add("p" + std::to_string(i)), [&](const Status& st) {
                if (st.is_ok()) done.fetch_add(1);
            });
        }
    }
    CHECK(done == 50);
    auto store = test::open_store(dir.db());
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM players") == "50");
}

using Clock = std::chrono::steady_clock;

TEST_CASE("a lazy write alone commits after the lazy delay, not before", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()), std::chrono::milliseconds(300));
    std::promise<Clock::time_point> committed;
    const auto t0 = Clock::now();
    worker.write_lazy(add("ann"), [&](const Status& st) {
        CHECK(st.is_ok());
        committed.set_value(Clock::now());
    });
    const auto waited = committed.get_future().get() - t0;
    // At least the delay (less 50 ms for clock granularity); the upper bound is generous.
    CHECK(waited >= std::chrono::milliseconds(250));
    CHECK(waited < std::chrono::seconds(20));
    CHECK(worker.commits() == 1);
    CHECK(count_players(worker) == "1");
}

TEST_CASE("lazy writes share the COMMIT of the next ordinary write, without waiting", "[worker]") {
    TempDir dir;
    // A delay no test run reaches: only the ordinary write can make the batch commit.
    StorageWorker worker(test::open_store(dir.db()), std::chrono::hours(1));
    std::atomic<int> lazy_ok{0};
    for (int i = 0; i < 20; ++i) {
        worker.write_lazy(add("lazy" + std::to_string(i)), [&](const Status& st) {
            if (st.is_ok()) lazy_ok.fetch_add(1);
        });
    }
    std::promise<Status> urgent;
    worker.write(add("bob"), [&](const Status& st) { urgent.set_value(st); });
    auto done = urgent.get_future();
    REQUIRE(done.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    CHECK(done.get().is_ok());
    CHECK(lazy_ok == 20);  // their completions ran before the later job's
    CHECK(worker.writes() == 21);
    CHECK(worker.commits() <= 2);  // one, unless the worker woke between the first two
    CHECK(count_players(worker) == "21");
}

TEST_CASE("a read right after a lazy write sees it, without waiting for the delay", "[worker]") {
    TempDir dir;
    StorageWorker worker(test::open_store(dir.db()), std::chrono::hours(1));
    worker.write_lazy(add("ann"), nullptr);
    const auto t0 = Clock::now();
    CHECK(count_players(worker) == "1");
    CHECK(Clock::now() - t0 < std::chrono::seconds(20));
}

TEST_CASE("the destructor commits lazy writes still waiting", "[worker]") {
    TempDir dir;
    std::atomic<int> done{0};
    {
        StorageWorker worker(test::open_store(dir.db()), std::chrono::hours(1));
        for (int i = 0; i < 10; ++i) {
            worker.write_lazy(add("p" + std::to_string(i)), [&](const Status& st) {
                if (st.is_ok()) done.fetch_add(1);
            });
        }
    }
    CHECK(done == 10);
    auto store = test::open_store(dir.db());
    CHECK(test::query_text(store->db(), "SELECT count(*) FROM players") == "10");
}

}  // namespace
