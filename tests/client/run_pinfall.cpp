#include "run_pinfall.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace pinfall::test {

namespace {

std::string quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string temp_file() {
    char name[] = "/tmp/pinfall-cli-XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) throw std::runtime_error("mkstemp failed");
    close(fd);
    return name;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs "<pipe_in> [PINFALL_HOME=home] PINFALL_BIN args <redirect> 2>errfile".
RunResult run_shell(const std::string& pipe_in, const std::vector<std::string>& args,
                    const std::string& home, const std::string& redirect) {
    const std::string err_path = temp_file();
    std::string cmd = pipe_in;
    if (!home.empty()) cmd += "PINFALL_HOME=" + quote(home) + " ";
    cmd += quote(PINFALL_BIN);
    for (const auto& a : args) cmd += " " + quote(a);
    cmd += " " + redirect + " 2>" + quote(err_path);
    RunResult r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("popen failed");
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int status = pclose(p);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = slurp(err_path);
    std::remove(err_path.c_str());
    return r;
}

}  // namespace

RunResult run_pinfall(const std::vector<std::string>& args, const std::string& input,
                      const std::string& home) {
    const std::string in_path = temp_file();
    std::ofstream(in_path) << input;
    RunResult r = run_shell("", args, home, "<" + quote(in_path));
    std::remove(in_path.c_str());
    return r;
}

RunResult run_pinfall_fed(const std::string& feeder, const std::vector<std::string>& args,
                          const std::string& home) {
    return run_shell("(" + feeder + ") | ", args, home, "");
}

TempHome::TempHome() {
    char tmpl[] = "/tmp/pinfall-home-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
}

TempHome::~TempHome() {
    const std::string cmd = "rm -rf " + quote(path_);
    [[maybe_unused]] const int rc = std::system(cmd.c_str());
}

std::string server_url(unsigned short port) {
    return "ws://127.0.0.1:" + std::to_string(port) + "/ws";
}

}  // namespace pinfall::test
