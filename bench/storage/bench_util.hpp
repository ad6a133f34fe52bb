// Helpers of storage_bench: a temporary folder under /tmp (removed afterwards), a latency
// recorder giving percentiles measured with std::chrono, and a fixed pseudo-random source so
// every run builds the same data.
#pragma once

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "storage/postgres/pg_database.hpp"

namespace pinfall::bench {

using SteadyClock = std::chrono::steady_clock;

// A folder for a SQLite file, or, when PINFALL_BENCH_PG names a PostgreSQL cluster folder
// (bench/storage.sh starts one with tests/pg/cluster.sh), a new database in that cluster;
// both removed at the end.
class TempDir {
 public:
    TempDir() {
        char pattern[] = "/tmp/pinfall-storage-bench-XXXXXX";
        if (!::mkdtemp(pattern)) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
        if (const char* pg = std::getenv("PINFALL_BENCH_PG"); pg && *pg) {
            static int counter = 0;
            cluster_ = pg;
            database_ = "bench_" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
            if (!admin("CREATE DATABASE " + database_).is_ok()) {
                throw std::runtime_error("cannot create database " + database_);
            }
        }
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
        if (!database_.empty()) admin("DROP DATABASE IF EXISTS " + database_ + " WITH (FORCE)");
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string db() const {
        return database_.empty() ? path_ + "/bench.db" : location(database_);
    }

 private:
    std::string location(const std::string& db) const {
        return "postgresql:///" + db + "?host=" + cluster_ + "&user=postgres";
    }
    storage::Status admin(const std::string& sql) const {
        storage::Status st;
        auto conn = storage::PgDatabase::open(location("postgres"), &st);
        return conn ? conn->exec(sql) : st;
    }
    std::string path_;
    std::string cluster_;
    std::string database_;
};

// splitmix64: a fixed sequence, the same on every standard library.
class Random {
 public:
    explicit Random(std::uint64_t seed) : x_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (x_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    std::uint64_t below(std::uint64_t n) { return next() % n; }
    // A daily score: 60-220, bell-shaped around 140 (the sum of four uniform draws).
    int score() {
        const double s = (unit() + unit() + unit() + unit()) / 4.0;
        return 60 + static_cast<int>(s * 160.0 + 0.5);
    }

 private:
    std::uint64_t x_;
};

// Latencies of single operations, in nanoseconds; percentiles by sorting (nearest rank).
class Latencies {
 public:
    void reserve(std::size_t n) { ns_.reserve(n); }
    void add(SteadyClock::duration d) {
        ns_.push_back(std::chrono::duration<double, std::nano>(d).count());
    }
    void merge(const Latencies& o) { ns_.insert(ns_.end(), o.ns_.begin(), o.ns_.end()); }
    double percentile_us(double p) {
        if (ns_.empty()) return 0;
        std::sort(ns_.begin(), ns_.end());
        const auto rank = static_cast<std::size_t>(p / 100.0 * static_cast<double>(ns_.size()));
        return ns_[std::min(rank, ns_.size() - 1)] / 1000.0;
    }
    // Puts p50_us, p99_us and max_us on the benchmark's report, plus the sample count.
    void report(benchmark::State& state) {
        state.counters["p50_us"] = percentile_us(50);
        state.counters["p99_us"] = percentile_us(99);
        state.counters["max_us"] = percentile_us(100);
        state.counters["samples"] = static_cast<double>(ns_.size());
    }

 private:
    std::vector<double> ns_;
};

}  // namespace pinfall::bench
