// Runs the real `pinfall` binary (PINFALL_BIN) through popen, for black-box tests of the
// client: arguments shell-quoted, stdin from a string (or a shell pipeline), stdout and stderr
// captured, the exit status returned. Not thread-safe (temporary files).
#pragma once

#include <string>
#include <vector>

namespace pinfall::test {

struct RunResult {
    int status = -1;  // the exit status, or -1 when the process did not exit normally
    std::string out;  // stdout
    std::string err;  // stderr
};

// Runs PINFALL_BIN args with `input` as stdin and PINFALL_HOME=home when home is not empty.
RunResult run_pinfall(const std::vector<std::string>& args, const std::string& input = "",
                      const std::string& home = "");

// As run_pinfall, but stdin is the output of `feeder`, a shell command (e.g. with sleeps).
RunResult run_pinfall_fed(const std::string& feeder, const std::vector<std::string>& args,
                          const std::string& home = "");

// A fresh empty directory under /tmp, for PINFALL_HOME. Removed by the destructor.
class TempHome {
 public:
    TempHome();
    ~TempHome();
    TempHome(const TempHome&) = delete;
    TempHome& operator=(const TempHome&) = delete;
    const std::string& path() const { return path_; }

 private:
    std::string path_;
};

// The all-zero seed, 64 hex digits (its deal 0 is the worked example of docs/rules.md).
inline const std::string kZero(64, '0');

// Whether `part` occurs in `text`: the tests read the client's output piece by piece.
inline bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// "ws://127.0.0.1:<port>/ws".
std::string server_url(unsigned short port);

}  // namespace pinfall::test
