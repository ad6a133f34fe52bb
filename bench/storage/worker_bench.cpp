// Durable writes through the StorageWorker, with group commit and synchronous=FULL on a file
// under /tmp: finished games saved whole (save_finished_game, 60 actions each) by many writers,
// and ranked actions appended one by one (append_action) by 100 submitters. Every submitter
// waits for the acknowledgement of its write (the COMMIT that holds it) before the next, as a
// game room does, and the time from submit to acknowledgement is recorded for its p99.
#include <benchmark/benchmark.h>

#include <atomic>
#include <future>
#include <memory>
#include <thread>

#include "bench_util.hpp"
#include "engine/record.hpp"
#include "server/app/core/storage_worker.hpp"

namespace {

using namespace pinfall;
using pinfall::bench::Latencies;
using pinfall::bench::Random;
using pinfall::bench::SteadyClock;
using storage::Status;
using storage::Store;

constexpr int kActionsPerGame = 60;
constexpr int kGames = 20'000;

std::unique_ptr<Store> open_full(const bench::TempDir& dir, benchmark::State& state) {
    Status st;
    auto store = Store::open(dir.db(), &st);
    if (!store) {
        state.SkipWithError(st.message().c_str());
        return nullptr;
    }
    // Durable settings only: SQLite synchronous=FULL; PostgreSQL fsync and synchronous_commit on.
    auto one = [&store](const char* sql) {
        storage::Statement s = store->db().prepare(sql);
        return s.step() ? s.text(0) : std::string("?");
    };
    const bool durable = store->db().dialect() == storage::Dialect::kSqlite
                             ? one("PRAGMA synchronous") == "2"
                             : one("SHOW fsync") == "on" && one("SHOW synchronous_commit") == "on";
    state.counters["durable"] = durable ? 1 : 0;
    if (!durable) state.SkipWithError("the database is not set up durably");
    return durable ? std::move(store) : nullptr;
}

engine::Action random_action(Random& rnd, int i) {
    if (i % 5 == 4) return engine::Action::stop();
    const int n = 1 + static_cast<int>(rnd.below(3));
    int pins[3];
    for (int k = 0; k < n; ++k) pins[k] = 1 + static_cast<int>(rnd.below(10));
    return engine::Action::play(static_cast<int>(rnd.below(3)), std::span<const int>(pins, n));
}

// Finished practice games of kActionsPerGame actions each, to be saved whole.
std::vector<storage::GameRow> finished_games(int n) {
    std::vector<storage::GameRow> rows(static_cast<std::size_t>(n));
    Random rnd(4);
    for (auto& row : rows) {
        row.mode = storage::GameMode::kPractice;
        for (auto& b : row.seed) b = static_cast<std::uint8_t>(rnd.next());
        row.started_at = 1'795'910'400'000;
        row.finished_at = row.started_at + 300'000;
        row.score = rnd.score();
        for (int i = 0; i < kActionsPerGame; ++i) row.actions.push_back(random_action(rnd, i));
    }
    return rows;
}

// Runs `writers` threads; writer w submits make(w, 0), ..., make(w, each - 1) in order, each
// after the acknowledgement of the one before. Returns the acknowledgement latencies.
template <class Make>
Latencies submit_and_wait(server::StorageWorker& worker, int writers, int each, Make make) {
    std::atomic<int> failed{0};
    std::vector<Latencies> per_thread(static_cast<std::size_t>(writers));
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w) {
        threads.emplace_back([&, w] {
            Latencies& lat = per_thread[static_cast<std::size_t>(w)];
            for (int i = 0; i < each; ++i) {
                std::promise<Status> ack;
                const auto t0 = SteadyClock::now();
                worker.write(make(w, i), [&ack](const Status& st) { ack.set_value(st); });
                if (!ack.get_future().get().is_ok()) ++failed;
                lat.add(SteadyClock::now() - t0);
            }
        });
    }
    for (auto& t : threads) t.join();
    if (failed) throw std::runtime_error(std::to_string(failed.load()) + " writes failed");
    Latencies all;
    for (const auto& l : per_thread) all.merge(l);
    return all;
}

void report(benchmark::State& state, const server::StorageWorker& worker, Latencies& lat) {
    state.counters["commits"] = static_cast<double>(worker.commits());
    state.counters["writes_per_commit"] =
        static_cast<double>(worker.writes()) / static_cast<double>(worker.commits());
    lat.report(state);
}

void BM_RecordFinishedGames(benchmark::State& state) {
    const int writers = static_cast<int>(state.range(0));
    bench::TempDir dir;
    auto store = open_full(dir, state);
    if (!store) return;
    std::vector<storage::GameRow> rows = finished_games(kGames);
    server::StorageWorker worker(std::move(store));
    Latencies lat;
    for (auto _ : state) {
        const int each = kGames / writers;
        lat = submit_and_wait(worker, writers, each, [&rows, each](int w, int i) {
            return [row = &rows[static_cast<std::size_t>(w * each + i)]](Store& s) {
                return s.save_finished_game(*row);
            };
        });
    }
    state.SetItemsProcessed(kGames);
    report(state, worker, lat);
}
BENCHMARK(BM_RecordFinishedGames)
    ->ArgName("writers")
    ->Arg(100)
    ->Arg(400)
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_RankedActions(benchmark::State& state) {
    const int submitters = static_cast<int>(state.range(0));
    constexpr int kEach = 300;
    bench::TempDir dir;
    auto store = open_full(dir, state);
    if (!store) return;
    // One open daily attempt per submitter.
    std::vector<storage::GameRowId> games;
    store->begin();
    for (int p = 0; p < submitters; ++p) {
        storage::PlayerId id = 0;
        const std::string name = "player" + std::to_string(p);
        store->create_player(name, name, "hash-" + name, 1, &id);
        storage::GameRow row;
        row.player = id;
        row.mode = storage::GameMode::kDaily;
        row.day = "2026-11-29";
        store->create_game(row);
        games.push_back(row.id);
    }
    store->commit();
    Random rnd(5);
    std::vector<std::string> texts;
    for (int i = 0; i < kEach; ++i) texts.push_back(engine::action_text(random_action(rnd, i)));

    server::StorageWorker worker(std::move(store));
    Latencies lat;
    for (auto _ : state) {
        // Submitter w owns game w and appends its actions in order.
        lat = submit_and_wait(worker, submitters, kEach, [&games, &texts](int w, int i) {
            return [game = games[static_cast<std::size_t>(w)], i, &texts](Store& s) {
                return s.append_action(game, i, texts[static_cast<std::size_t>(i)]);
            };
        });
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(submitters) * kEach);
    report(state, worker, lat);
}
BENCHMARK(BM_RankedActions)
    ->ArgName("submitters")
    ->Arg(100)
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// For reading the figures above: the same games saved by one thread straight into the Store,
// 200 to a transaction (no worker, no queue), and the time of one COMMIT holding one write.
void BM_SaveFinishedGamesDirect(benchmark::State& state) {
    bench::TempDir dir;
    auto store = open_full(dir, state);
    if (!store) return;
    std::vector<storage::GameRow> rows = finished_games(kGames);
    for (auto _ : state) {
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (i % 200 == 0) store->begin();
            if (!store->save_finished_game(rows[i]).is_ok()) state.SkipWithError("save failed");
            if (i % 200 == 199 || i + 1 == rows.size()) store->commit();
        }
    }
    state.SetItemsProcessed(kGames);
}
BENCHMARK(BM_SaveFinishedGamesDirect)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_CommitOneWrite(benchmark::State& state) {
    bench::TempDir dir;
    auto store = open_full(dir, state);
    if (!store) return;
    Latencies lat;
    int day = 0;
    for (auto _ : state) {
        const auto t0 = SteadyClock::now();
        store->begin();
        store->mark_revealed("day-" + std::to_string(day++), 1);
        if (!store->commit().is_ok()) state.SkipWithError("commit failed");
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
BENCHMARK(BM_CommitOneWrite)->Iterations(200)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
