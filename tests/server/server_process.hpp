// Starts the real pinfall-server binary on a free loopback port for black-box tests, and stops
// it (SIGTERM, then SIGKILL after a timeout) when destroyed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace pinfall::test {

class ServerProcess {
   public:
    // Starts PINFALL_SERVER_BIN with --port 0, a fresh secret file and `extra` flags, and waits
    // for its "listening on port N" line. Throws std::runtime_error if it does not start.
    explicit ServerProcess(std::vector<std::string> extra = {});
    // Starts on an existing scratch directory (its secret and database), e.g. to restart a
    // server after killing it. The directory is left in place.
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
    bool owns_dir_ = true;
    unsigned short port_ = 0;
    std::string dir_;
};

}  // namespace pinfall::test
