// pinfall-seed-board: fills a Pinfall database with one day's finished daily results, so that
// the real server can be measured answering leaderboard requests over a full board
// (bench/board.sh).
//
// Usage: pinfall-seed-board <db file> <YYYY-MM-DD> <results> <tokens file> <tokens>
// Creates <results> players ("Bench 0000001", ...) with one finished daily game each on the
// day, scores 60-220 bell-shaped around 140 (bench_util.hpp's Random, fixed seed; strikes and
// spares are made up from the score, the board only displays them), finish
// times spread over the day's first 12 hours. Player i's login token is
// "pinfall-bench-token-<i, 8 digits>"; the first <tokens> of them are written to the tokens
// file, one a line, for pinfall-loadgen --tokens. The database must not exist yet (the schema
// is created by storage::Store, as the server does). Exit status 0, or 1 with a message.
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "bench_util.hpp"
#include "engine/seed.hpp"
#include "server/app/core/calendar.hpp"
#include "storage/store.hpp"

namespace {

using namespace pinfall;

std::string token_of(long i) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "pinfall-bench-token-%08ld", i);
    return buf;
}

int fail(const std::string& why) {
    std::cerr << "pinfall-seed-board: " << why << "\n";
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 6) {
        return fail("usage: pinfall-seed-board <db> <YYYY-MM-DD> <results> <tokens file> <tokens>");
    }
    const std::string path = argv[1], day = argv[2];
    const long results = std::stol(argv[3]), tokens = std::stol(argv[5]);
    const auto start = server::day_start(day);
    if (!start) return fail("bad date " + day);
    const std::int64_t day_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(start->time_since_epoch()).count();
    if (results < 1 || tokens < 0 || tokens > results) return fail("bad counts");
    if (std::filesystem::exists(path)) return fail(path + " exists already");

    storage::Status st;
    auto store = storage::Store::open(path, &st);
    if (!store) return fail(st.message());
    auto& db = store->db();
    auto player = db.prepare(
        "INSERT INTO players (id, name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?, ?)");
    auto game = db.prepare(
        "INSERT INTO games (player_id, mode, ruleset, seed, day, started_at, finished_at, score, "
        "strikes, spares) VALUES (?, 'daily', 'sackson', zeroblob(32), ?, ?, ?, ?, ?, ?)");
    bench::Random rnd(2026);
    std::ofstream out(argv[4]);
    if (!out) return fail(std::string("cannot write ") + argv[4]);
    const auto t0 = std::chrono::steady_clock::now();
    if (!store->begin().is_ok()) return fail("BEGIN failed");
    const std::int64_t span = 12LL * 3600 * 1000;  // finishes over the day's first 12 hours
    for (long i = 1; i <= results; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "Bench %07ld", i);
        std::string key = name;
        for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const std::string token = token_of(i);
        const auto hash = engine::sha256(token);
        player.bind(1, static_cast<std::int64_t>(i)).bind(2, std::string_view(name)).bind(3, key);
        player.bind_blob(4, hash.data(), hash.size()).bind(5, day_ms);
        if (!player.run().is_ok()) return fail("player insert failed");
        const std::int64_t finished = day_ms + (span * i) / results;
        const int score = rnd.score();
        game.bind(1, static_cast<std::int64_t>(i)).bind(2, day).bind(3, finished - 600'000);
        game.bind(4, finished).bind(5, score).bind(6, score / 30).bind(7, score / 25);
        if (!game.run().is_ok()) return fail("game insert failed");
        if (i <= tokens) out << token << "\n";
    }
    if (!store->commit().is_ok()) return fail("COMMIT failed");
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cerr << "pinfall-seed-board: " << results << " results of " << day << " in " << s
              << " s\n";
    return out.good() ? 0 : fail("writing the tokens failed");
}
