#include "server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace pinfall::test {

ScratchDir::ScratchDir(const std::string& name) {
    std::string tmpl = "/tmp/pinfall-" + name + "-XXXXXX";
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
    std::ofstream(path_ + "/secret") << "test-secret\n";
    if (const char* pg = std::getenv("PINFALL_TEST_PG"); pg && *pg) {
        pg_cluster_ = pg;
        pg_database_ = "pinfall_" + path_.substr(path_.rfind('-') + 1);
        for (auto& c : pg_database_) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::string cmd = "bash ";
        cmd += PINFALL_PG_CLUSTER_SCRIPT;
        cmd += " createdb " + pg_cluster_ + " " + pg_database_;
        if (std::system(cmd.c_str()) != 0) throw std::runtime_error("failed: " + cmd);
        std::ofstream(path_ + "/db-location")
            << "postgresql:///" << pg_database_ << "?host=" << pg_cluster_ << "&user=postgres";
    }
}

ScratchDir::~ScratchDir() {
    [[maybe_unused]] int rc = std::system(("rm -rf '" + path_ + "'").c_str());
    if (!pg_database_.empty()) {
        std::string cmd = "bash ";
        cmd += PINFALL_PG_CLUSTER_SCRIPT;
        cmd += " dropdb " + pg_cluster_ + " " + pg_database_;
        rc = std::system(cmd.c_str());
    }
}

std::string database_of(const std::string& dir) {
    std::ifstream in(dir + "/db-location");
    std::string location;
    return std::getline(in, location) && !location.empty() ? location : dir + "/db";
}

ServerProcess::ServerProcess(std::vector<std::string> extra)
    : own_(std::make_unique<ScratchDir>()), dir_(own_->path()) {
    launch(std::move(extra));
}

ServerProcess::ServerProcess(std::vector<std::string> extra, const std::string& dir) : dir_(dir) {
    launch(std::move(extra));
}

void ServerProcess::launch(std::vector<std::string> extra) {
    // PINFALL_TEST_SERVER_BIN runs the tests against another build (an older one, to see a
    // test fail before its fix).
    const char* bin = std::getenv("PINFALL_TEST_SERVER_BIN");
    std::vector<std::string> args = {bin && *bin ? bin : PINFALL_SERVER_BIN, "--bind", "127.0.0.1",
                                     "--secret-file", dir_ + "/secret", "--db", database_of(dir_),
                                     "--static-dir", PINFALL_WEB_DIR, "--log-level", "debug"};
    // A port of the caller's (a node restarted where a proxy expects it), else any free one.
    if (std::find(extra.begin(), extra.end(), "--port") == extra.end()) {
        args.insert(args.end(), {"--port", "0"});
    }
    args.insert(args.end(), extra.begin(), extra.end());

    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        dup2(out[1], STDOUT_FILENO);
        const int err = open((dir_ + "/stderr.log").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        dup2(err, STDERR_FILENO);
        close(out[0]);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(out[1]);
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (line.find('\n') == std::string::npos) {
        pollfd p{out[0], POLLIN, 0};
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
        char buf[256];
        const ssize_t n = read(out[0], buf, sizeof buf);
        if (n <= 0) break;
        line.append(buf, static_cast<std::size_t>(n));
    }
    close(out[0]);
    const std::string prefix = "listening on port ";
    const auto at = line.find(prefix);
    if (at == std::string::npos) {
        signal_and_wait(SIGKILL, std::chrono::seconds(2));
        throw std::runtime_error("server did not start: " + line + "\n" + log());
    }
    port_ = static_cast<unsigned short>(std::stoi(line.substr(at + prefix.size())));
}

ServerProcess::~ServerProcess() {
    if (pid_ > 0 && signal_and_wait(SIGTERM, std::chrono::seconds(5)) < 0) {
        signal_and_wait(SIGKILL, std::chrono::seconds(5));
    }
}

int ServerProcess::signal_and_wait(int sig, std::chrono::milliseconds timeout) {
    if (pid_ <= 0) return -1;
    kill(pid_, sig);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            if (WIFEXITED(status)) return WEXITSTATUS(status);
            return 128 + WTERMSIG(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
}

std::string ServerProcess::log() const {
    std::ifstream in(dir_ + "/stderr.log");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace pinfall::test
