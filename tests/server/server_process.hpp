// Starts the real pinfall-server binary on a free loopback port for black-box tests, and stops
// it (SIGTERM, then SIGKILL after a timeout) when destroyed. Its database is a SQLite file in
// the scratch directory, or, when PINFALL_TEST_PG names a test cluster (tests/pg/cluster.sh),
// a fresh PostgreSQL database there, dropped with the directory (docs/storage.md, "Tests").
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace pinfall::test {

// A server's scratch directory under /tmp (its secret "test-secret", logs, database), removed
// with its database when this goes: the database is dir/db (SQLite), or a fresh PostgreSQL
// database when PINFALL_TEST_PG names a test cluster (its location in dir/db-location).
class ScratchDir {
   public:
    explicit ScratchDir(const std::string& name = "test");
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::string& path() const { return path_; }

   private:
    std::string path_;
    std::string pg_cluster_;   // the cluster folder, when on PostgreSQL
    std::string pg_database_;
};

// The --db value for a scratch directory: dir/db, or the PostgreSQL location recorded there.
std::string database_of(const std::string& dir);

class ServerProcess {
   public:
    // Starts PINFALL_SERVER_BIN with --port 0 (unless `extra` names a --port) on a fresh
    // ScratchDir and `extra` flags, and waits
    // for its "listening on port N" line. Throws std::runtime_error if it does not start.
    explicit ServerProcess(std::vector<std::string> extra = {});
    // Starts on an existing scratch directory (its secret and database), e.g. to restart a
    // server after killing it. The directory (and database) is left in place.
    ServerProcess(std::vector<std::string> extra, const std::string& dir);
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::string& dir() const { return dir_; }  // scratch directory (secret, logs)

    // Sends sig and waits up to timeout for exit. Returns the exit status (0-255), 128+signal
    // when killed by a signal, or -1 if still running after the timeout.
    int signal_and_wait(int sig, std::chrono::milliseconds timeout);
    // The server's stderr so far (its log), for failure messages.
    std::string log() const;

   private:
    void launch(std::vector<std::string> extra);
    pid_t pid_ = -1;
    std::unique_ptr<ScratchDir> own_;  // the directory this one made, if it made one
    unsigned short port_ = 0;
    std::string dir_;
};

}  // namespace pinfall::test
