// The PostgreSQL side of the storage tests (docs/storage.md, "Tests"): which backend a test
// run uses, the throwaway cluster it runs on, and a fresh database per test.
//
// PostgreSQL is the backend under test when PINFALL_TEST_PG names a cluster folder (ctest
// registers every storage test twice, once per backend, and starts that cluster with
// tests/pg/cluster.sh as a fixture) or when PINFALL_TEST_BACKEND=postgres: then the first test
// that needs one starts a private cluster for this process and stops it at exit, so a test
// binary also runs on its own.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "storage/postgres/pg_database.hpp"

namespace pinfall::test {

inline bool testing_postgres() {
    const char* b = std::getenv("PINFALL_TEST_BACKEND");
    const char* d = std::getenv("PINFALL_TEST_PG");
    return (b && std::string(b) == "postgres") || (d && *d);
}

// Runs tests/pg/cluster.sh with cmd on dir; throws when it fails.
inline void pg_cluster(const std::string& cmd, const std::string& dir) {
    // Appended piece by piece: g++ 12 warns falsely (-Warray-bounds) on one long + chain.
    std::string line = "bash ";
    line += PINFALL_PG_CLUSTER_SCRIPT;
    line += ' ';
    line += cmd;
    line += ' ';
    line += dir;
    if (std::system(line.c_str()) != 0) throw std::runtime_error("failed: " + line);
}

// The folder of the cluster's socket.
inline const std::string& pg_cluster_dir() {
    static const std::string dir = [] {
        if (const char* d = std::getenv("PINFALL_TEST_PG"); d && *d) return std::string(d);
        char pattern[] = "/tmp/pinfall-pg-XXXXXX";
        std::string made = ::mkdtemp(pattern);
        pg_cluster("start", made);
        static const std::string stop_dir = made;
        std::atexit([] { pg_cluster("stop", stop_dir); });
        return made;
    }();
    return dir;
}

inline std::string pg_location(const std::string& database) {
    return "postgresql:///" + database + "?host=" + pg_cluster_dir() + "&user=postgres";
}

// Runs one statement on the cluster's maintenance database (CREATE / DROP DATABASE).
inline storage::Status pg_admin(const std::string& sql) {
    storage::Status st;
    auto db = storage::PgDatabase::open(pg_location("postgres"), &st);
    return db ? db->exec(sql) : st;
}

// A new, empty database on the cluster, dropped (with its connections) when this goes.
class PgTempDatabase {
   public:
    PgTempDatabase() {
        static std::atomic<int> counter{0};
        name_ = "pinfall_t" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
        const storage::Status st = pg_admin("CREATE DATABASE " + name_);
        if (!st.is_ok()) throw std::runtime_error("CREATE DATABASE: " + st.message());
    }
    ~PgTempDatabase() { pg_admin("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)"); }
    PgTempDatabase(const PgTempDatabase&) = delete;
    PgTempDatabase& operator=(const PgTempDatabase&) = delete;

    const std::string& name() const { return name_; }
    std::string location() const { return pg_location(name_); }

   private:
    std::string name_;
};

}  // namespace pinfall::test
