// Daily leaderboard queries at 1,000,000 results of one day (scores 60-220, bell-shaped): a
// player's rank (DailyBoard::find), the top-50 page and an "around me" page (both through
// Leaderboards::daily_now, as the server answers them), timed one call at a time for p99; the
// cost of loading the board; and, for comparison, a COUNT(*) rank over the same results in
// SQLite, with the shipped schema and with an index on (day, score).
#include <benchmark/benchmark.h>

#include <boost/asio/io_context.hpp>
#include <memory>

#include "bench_util.hpp"
#include "server/app/boards/leaderboards.hpp"
#include "storage/store.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using pinfall::bench::Latencies;
using pinfall::bench::Random;
using pinfall::bench::SteadyClock;

constexpr std::int64_t kResults = 1'000'000;
const std::string kDay = "2026-11-29";

// The day's results in finish order (about 86 ms apart over the day).
const std::vector<storage::DailyResult>& results() {
    static const auto rows = [] {
        std::vector<storage::DailyResult> out;
        out.reserve(kResults);
        Random rnd(29);
        for (std::int64_t i = 0; i < kResults; ++i) {
            const int score = rnd.score();
            out.push_back(storage::DailyResult{kResults + i, i + 1, "player" + std::to_string(i),
                                               kDay, score, score / 25, score / 20,
                                               1'795'910'400'000 + i * 86});
        }
        return out;
    }();
    return rows;
}

struct Boards {
    boost::asio::io_context io;
    DailyBoard board;
    Leaderboards boards{io.get_executor()};
    Boards() {
        for (const auto& r : results()) {
            board.add(
                BoardLine{r.game, r.player, r.name, r.score, r.strikes, r.spares, r.finished_at});
        }
        boards.load(results());
    }
};

Boards& boards() {
    static Boards b;
    return b;
}

void BM_BoardLoad(benchmark::State& state) {
    const auto& rows = results();
    for (auto _ : state) {
        DailyBoard board;
        for (const auto& r : rows) {
            board.add(
                BoardLine{r.game, r.player, r.name, r.score, r.strikes, r.spares, r.finished_at});
        }
        benchmark::DoNotOptimize(board.size());
        state.PauseTiming();
        { DailyBoard gone = std::move(board); }  // freeing is not loading
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * kResults);
}
BENCHMARK(BM_BoardLoad)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_BoardFind(benchmark::State& state) {
    const DailyBoard& board = boards().board;
    Random rnd(1);
    Latencies lat;
    lat.reserve(1 << 20);
    for (auto _ : state) {
        const std::int64_t player = 1 + static_cast<std::int64_t>(rnd.below(kResults));
        const auto t0 = SteadyClock::now();
        auto found = board.find(player);
        benchmark::DoNotOptimize(found);
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
BENCHMARK(BM_BoardFind);

void BM_BoardTop50(benchmark::State& state) {
    const Leaderboards& lb = boards().boards;
    BoardQuery q;
    q.day = kDay;
    q.limit = 50;
    Latencies lat;
    lat.reserve(1 << 20);
    for (auto _ : state) {
        const auto t0 = SteadyClock::now();
        auto answer = lb.daily_now(q);
        benchmark::DoNotOptimize(answer);
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
BENCHMARK(BM_BoardTop50);

void BM_BoardAroundMe(benchmark::State& state) {
    const Leaderboards& lb = boards().boards;
    Random rnd(2);
    BoardQuery q;
    q.day = kDay;
    q.limit = 50;
    q.around = true;
    Latencies lat;
    lat.reserve(1 << 20);
    for (auto _ : state) {
        q.me = 1 + static_cast<std::int64_t>(rnd.below(kResults));
        const auto t0 = SteadyClock::now();
        auto answer = lb.daily_now(q);
        benchmark::DoNotOptimize(answer);
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
BENCHMARK(BM_BoardAroundMe);

// The same results as rows of the games table (player_id left NULL: the rank needs none).
struct SqliteResults {
    bench::TempDir dir;
    std::unique_ptr<storage::Store> store;
    SqliteResults() {
        storage::Status st;
        store = storage::Store::open(dir.db(), &st);
        if (!store) throw std::runtime_error(st.message());
        storage::Statement ins = store->db().prepare(
            "INSERT INTO games (mode, ruleset, seed, day, started_at, finished_at, score, "
            "strikes, spares) VALUES ('daily', 'sackson', zeroblob(32), ?, ?, ?, ?, ?, ?)");
        store->begin();
        for (const auto& r : results()) {
            ins.bind(1, kDay).bind(2, r.finished_at - 600'000).bind(3, r.finished_at);
            ins.bind(4, r.score).bind(5, r.strikes).bind(6, r.spares);
            if (!ins.run().is_ok()) throw std::runtime_error("insert failed");
        }
        store->commit();
    }
};

void BM_SqliteCountRank(benchmark::State& state) {
    static SqliteResults db;
    storage::Database& sql = db.store->db();
    if (state.range(0) == 1) {
        sql.exec(
            "CREATE INDEX IF NOT EXISTS bench_day_score ON games(day, score) "
            "WHERE mode = 'daily' AND finished_at IS NOT NULL");
    } else {
        sql.exec("DROP INDEX IF EXISTS bench_day_score");
    }
    storage::Statement rank = sql.prepare(
        "SELECT count(*) + 1 FROM games WHERE mode = 'daily' AND day = ? "
        "AND finished_at IS NOT NULL AND score > ?");
    Random rnd(3);
    Latencies lat;
    for (auto _ : state) {
        rank.bind(1, kDay).bind(2, rnd.score());
        const auto t0 = SteadyClock::now();
        rank.step();
        benchmark::DoNotOptimize(rank.int64(0));
        lat.add(SteadyClock::now() - t0);
        rank.reset();
    }
    lat.report(state);
}
BENCHMARK(BM_SqliteCountRank)
    ->ArgName("day_score_index")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(40);

}  // namespace
