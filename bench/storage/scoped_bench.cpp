// Scoped boards (issue 29, docs/protocol.md "Scoped boards") at 100,000 players of one day,
// each following 150 others (ids drawn at random): the friends page as the server computes it,
// in two parts timed one call at a time for p99. The follow set read from SQLite
// (SocialStore::followees: 150 rows of the follows index, with the shipped schema, 15,000,000
// follows), and the page from the in-memory board (Leaderboards::daily_now with the set:
// scoped_board.cpp), top 50 and around the player. bench/storage.sh runs it with the rest of
// storage_bench.
#include <benchmark/benchmark.h>

#include <boost/asio/io_context.hpp>
#include <algorithm>
#include <memory>

#include "bench_util.hpp"
#include "server/app/boards/leaderboards.hpp"
#include "storage/social.hpp"
#include "storage/store.hpp"

namespace {

using namespace pinfall;
using namespace pinfall::server;
using pinfall::bench::Latencies;
using pinfall::bench::Random;
using pinfall::bench::SteadyClock;

constexpr std::int64_t kPlayers = 100'000;
constexpr int kFollows = 150;
const std::string kDay = "2026-11-29";

// Player p's follows: kFollows distinct others, drawn from a generator seeded by p.
std::vector<std::int64_t> follows_of(std::int64_t p) {
    Random rnd(static_cast<std::uint64_t>(p) * 7919);
    std::vector<std::int64_t> out;
    while (static_cast<int>(out.size()) < kFollows) {
        const std::int64_t q = 1 + static_cast<std::int64_t>(rnd.below(kPlayers));
        if (q != p && std::find(out.begin(), out.end(), q) == out.end()) out.push_back(q);
    }
    return out;
}

struct World {
    boost::asio::io_context io;
    Leaderboards boards{io.get_executor()};
    bench::TempDir dir;
    std::unique_ptr<storage::Store> store;

    World() {
        std::vector<storage::DailyResult> rows;
        rows.reserve(kPlayers);
        Random rnd(29);
        for (std::int64_t i = 0; i < kPlayers; ++i) {
            const int score = rnd.score();
            rows.push_back(storage::DailyResult{kPlayers + i, i + 1, "player" + std::to_string(i),
                                                kDay, score, score / 25, score / 20,
                                                1'795'910'400'000 + i * 864});
        }
        boards.load(rows);
        storage::Status st;
        store = storage::Store::open(dir.db(), &st);
        if (!store) throw std::runtime_error(st.message());
        auto& db = store->db();
        store->begin();
        storage::Statement player = db.prepare(
            "INSERT INTO players (id, name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?, 0)");
        storage::Statement follow = db.prepare(
            "INSERT INTO follows (follower, followee, created_at) VALUES (?, ?, ?)");
        for (std::int64_t p = 1; p <= kPlayers; ++p) {
            const auto name = "player" + std::to_string(p);
            player.bind(1, p).bind(2, name).bind(3, name).bind(4, "t" + std::to_string(p));
            if (!player.run().is_ok()) throw std::runtime_error("player");
        }
        for (std::int64_t p = 1; p <= kPlayers; ++p) {
            for (const auto q : follows_of(p)) {
                follow.bind(1, p).bind(2, q).bind(3, p);
                if (!follow.run().is_ok()) throw std::runtime_error("follow");
            }
        }
        store->commit();
    }
};

World& world() {
    static World w;
    return w;
}

void BM_FollowSetRead(benchmark::State& state) {
    auto& social = world().store->social();
    Random rnd(3);
    Latencies lat;
    for (auto _ : state) {
        const std::int64_t me = 1 + static_cast<std::int64_t>(rnd.below(kPlayers));
        const auto t0 = SteadyClock::now();
        auto set = social.followees(me);
        benchmark::DoNotOptimize(set);
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
BENCHMARK(BM_FollowSetRead);

void scoped(benchmark::State& state, bool around) {
    const Leaderboards& lb = world().boards;
    Random rnd(4);
    Latencies lat;
    for (auto _ : state) {
        const std::int64_t me = 1 + static_cast<std::int64_t>(rnd.below(kPlayers));
        auto members = std::make_shared<std::vector<std::int64_t>>(follows_of(me));
        members->push_back(me);
        BoardQuery q{kDay, 0, 50, me, around, members};
        const auto t0 = SteadyClock::now();
        auto answer = lb.daily_now(q);
        benchmark::DoNotOptimize(answer);
        lat.add(SteadyClock::now() - t0);
    }
    lat.report(state);
}
void BM_FriendsPageTop50(benchmark::State& state) { scoped(state, false); }
void BM_FriendsPageAroundMe(benchmark::State& state) { scoped(state, true); }
BENCHMARK(BM_FriendsPageTop50);
BENCHMARK(BM_FriendsPageAroundMe);

}  // namespace
