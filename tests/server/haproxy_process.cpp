#include "haproxy_process.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace pinfall::test {
namespace {

bool accepts(unsigned short port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

}  // namespace

unsigned short free_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        close(fd);
        throw std::runtime_error("no free port");
    }
    close(fd);
    return ntohs(a.sin_port);
}

HaproxyProcess::HaproxyProcess(const std::vector<unsigned short>& nodes) {
    if (nodes.size() > 3) throw std::runtime_error("docker/haproxy.cfg names three nodes");
    port_ = free_port();
    char pattern[] = "/tmp/pinfall-haproxy-XXXXXX";
    if (!mkdtemp(pattern)) throw std::runtime_error("mkdtemp failed");
    log_ = std::string(pattern) + "/haproxy.log";
    std::vector<std::string> env = {"PINFALL_PROXY_BIND=127.0.0.1:" + std::to_string(port_)};
    for (std::size_t i = 0; i < 3; ++i) {
        // A node not given: a port nothing listens on (the check keeps it down).
        const unsigned short p = i < nodes.size() ? nodes[i] : 1;
        env.push_back("PINFALL_NODE" + std::to_string(i + 1) + "=127.0.0.1:" + std::to_string(p));
    }
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        const int out = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(out, STDOUT_FILENO);
        dup2(out, STDERR_FILENO);
        for (auto& e : env) putenv(e.data());
        const std::string cfg = std::string(PINFALL_SOURCE_DIR) + "/docker/haproxy.cfg";
        // -db: stay in the foreground; -W: master-worker, so SIGTERM stops every process.
        execl("/usr/sbin/haproxy", "haproxy", "-db", "-W", "-f", cfg.c_str(), nullptr);
        _exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!accepts(port_)) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_ ||
            std::chrono::steady_clock::now() > deadline) {
            std::ifstream in(log_);
            std::ostringstream text;
            text << in.rdbuf();
            throw std::runtime_error("haproxy did not start: " + text.str());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

HaproxyProcess::~HaproxyProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGTERM);
        bool gone = false;
        for (int i = 0; i < 200 && !gone; ++i) {
            gone = waitpid(pid_, nullptr, WNOHANG) == pid_;
            if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (!gone) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(log_).parent_path(), ec);
}

}  // namespace pinfall::test
