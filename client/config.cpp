#include "client/config.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace pinfall::cli {

namespace fs = std::filesystem;

std::optional<fs::path> config_dir() {
    if (const char* home = std::getenv("PINFALL_HOME"); home && *home) return fs::path(home);
    if (const char* home = std::getenv("HOME"); home && *home) {
        return fs::path(home) / ".config" / "pinfall";
    }
    return std::nullopt;
}

std::optional<std::string> read_value(const std::string& name) {
    const auto dir = config_dir();
    if (!dir) return std::nullopt;
    std::ifstream in(*dir / name);
    std::string line;
    if (!in || !std::getline(in, line)) return std::nullopt;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) return std::nullopt;
    const auto last = line.find_last_not_of(" \t\r");
    return line.substr(first, last - first + 1);
}

std::optional<fs::path> write_value(const std::string& name, const std::string& value,
                                    std::string* why) {
    auto refuse = [why](std::string reason) -> std::optional<fs::path> {
        if (why) *why = std::move(reason);
        return std::nullopt;
    };
    const auto dir = config_dir();
    if (!dir) return refuse("neither PINFALL_HOME nor HOME is set");
    std::error_code ec;
    if (!fs::exists(*dir, ec)) {
        fs::create_directories(*dir, ec);
        if (ec) return refuse("cannot create " + dir->string() + ": " + ec.message());
        ::chmod(dir->c_str(), 0700);
    }
    const fs::path target = *dir / name;
    const fs::path temp = *dir / ("." + name + ".tmp");
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return refuse("cannot write " + temp.string() + ": " + std::strerror(errno));
    // open() leaves the mode of an existing file alone: make sure it is 0600.
    ::fchmod(fd, 0600);
    const std::string text = value + "\n";
    const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!written || !synced) {
        ::unlink(temp.c_str());
        return refuse("cannot write " + temp.string());
    }
    fs::rename(temp, target, ec);
    if (ec) return refuse("cannot rename to " + target.string() + ": " + ec.message());
    return target;
}

}  // namespace pinfall::cli
