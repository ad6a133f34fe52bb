// pinfall-loadgen: /proc sampling, the RESULT line and the self-test (see report.hpp).
#include "report.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "protocol.hpp"

namespace pinfall::loadgen {

namespace {

struct StatTimes {
    bool ok = false;
    unsigned long long utime = 0, stime = 0;
    int policy = 0;  // SCHED_* of a thread (field 41)
};

// One /proc/.../stat file: fields after the command (which may hold spaces): state is field 3,
// utime 14, stime 15, policy 41.
StatTimes read_stat(const std::string& path) {
    StatTimes t;
    std::ifstream stat(path);
    std::string line;
    if (!std::getline(stat, line)) return t;
    const auto close = line.rfind(')');
    if (close == std::string::npos) return t;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    for (int n = 3; n <= 41 && rest >> field; ++n) {
        if (n == 14) t.utime = std::stoull(field);
        if (n == 15) t.stime = std::stoull(field);
        if (n == 41) t.policy = std::stoi(field);
    }
    t.ok = true;
    return t;
}

}  // namespace

ProcSample read_proc(int pid) {
    ProcSample s;
    const std::string dir = "/proc/" + std::to_string(pid);
    const StatTimes whole = read_stat(dir + "/stat");
    if (!whole.ok) return s;
    const auto utime = whole.utime, stime = whole.stime;
    const auto tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    constexpr int kSchedIdle = 5;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator(dir + "/task", ec)) {
        const StatTimes t = read_stat(task.path().string() + "/stat");
        if (t.ok && t.policy == kSchedIdle) {
            s.background_s += static_cast<double>(t.utime + t.stime) / tick;
        }
    }
    s.user_s = static_cast<double>(utime) / tick;
    s.sys_s = static_cast<double>(stime) / tick;
    s.cpu_s = s.user_s + s.sys_s;
    std::ifstream status(dir + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) {
            s.rss_kib = std::stoull(line.substr(6));
            s.ok = true;
        }
    }
    return s;
}

double machine_busy_s() {
    std::ifstream stat("/proc/stat");
    std::string cpu;
    unsigned long long user, nice, system, idle, iowait, irq, softirq, steal;
    if (!(stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) ||
        cpu != "cpu") {
        return -1;
    }
    return static_cast<double>(user + nice + system + irq + softirq + steal) /
           static_cast<double>(sysconf(_SC_CLK_TCK));
}

void Result::add(const std::string& key, const std::string& value) {
    pairs_.emplace_back(key, value.empty() ? "-" : value);
}

void Result::add(const std::string& key, double value, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    add(key, std::string(buf));
}

void Result::add_count(const std::string& key, std::uint64_t value) {
    add(key, std::to_string(value));
}

void Result::add_latency(const std::string& prefix, const Histogram& h) {
    const auto us = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000.0; };
    add_count(prefix + "_samples", h.count());
    add(prefix + "_p50_us", us(h.percentile(50)), 1);
    add(prefix + "_p90_us", us(h.percentile(90)), 1);
    add(prefix + "_p99_us", us(h.percentile(99)), 1);
    add(prefix + "_p999_us", us(h.percentile(99.9)), 1);
    add(prefix + "_max_us", us(h.max()), 1);
    add(prefix + "_mean_us", h.mean() / 1000.0, 1);
}

void Result::print() const {
    std::string line = "RESULT";
    for (const auto& [k, v] : pairs_) line += " " + k + "=" + v;
    std::cout << line << std::endl;
}

void Result::print_table() const {
    for (const auto& [k, v] : pairs_) std::cerr << "  " << k << " = " << v << "\n";
}

int self_test() {
    int passed = 0, failed = 0;
    auto check = [&](bool ok, const char* what) {
        ok ? ++passed : ++failed;
        if (!ok) std::cerr << "self-test FAILED: " << what << "\n";
    };
    for (std::uint64_t v : {0ull, 1ull, 127ull, 128ull, 255ull, 256ull, 1000ull, 123456789ull,
                            ~0ull}) {
        const auto i = Histogram::index_of(v);
        check(i < Histogram::kBuckets && Histogram::lowest_in(i) <= v &&
                  v <= Histogram::highest_in(i),
              "histogram bucket holds its value");
        check(Histogram::highest_in(i) - Histogram::lowest_in(i) <= v / 128, "bucket width");
    }
    Histogram h;
    for (std::uint64_t v = 1; v <= 100000; ++v) h.record(v * 1000);
    const auto p99 = static_cast<double>(h.percentile(99));
    check(p99 >= 99e6 && p99 <= 99e6 * 1.008, "p99 of 1..100000 us");
    check(h.percentile(100) == 100000000 && h.max() == 100000000, "p100 is the max");
    check(h.percentile(0) >= 1000 && h.percentile(0) <= 1008, "p0 is about the min");

    Reply r;
    const std::string update =
        R"({"type":"update","re":8,"game":42,"mode":"practice","version":2,"events":[{"v":2,)"
        R"("e":"play","pile":1,"pins":[1,3,6],"ball":"5S","turned":"7H"}],)"
        R"("legal":[[[2]],[[2,4,7],[4,5,9],[8,9,10],[9,10]],[[4,5,7]]]})";
    check(scan_reply(update, r) && r.kind == ReplyKind::kUpdate && r.has_re && r.re == 8 &&
              r.game == 42 && !r.over && r.legal.size() == 6,
          "scan an update");
    check(r.legal.size() == 6 && r.legal[3].pile == 2 && r.legal[3].count == 3 &&
              r.legal[3].pins[2] == 10,
          "legal plays of an update");
    const std::string over =
        R"({"type":"update","re":13,"game":42,"mode":"practice","version":11,"events":[{"v":11,)"
        R"("e":"game_over","score":8,"resigned":true}],"legal":[[],[],[]],"reveal":{"seed":"00"}})";
    check(scan_reply(over, r) && r.over && r.legal.empty(), "scan a game over");
    check(scan_reply(R"({"type":"error","re":null,"code":"bad_json","message":"x"})", r) &&
              r.kind == ReplyKind::kError && !r.has_re && r.code == "bad_json",
          "scan an error");
    const std::string board =
        R"({"type":"leaderboard","re":9,"board":"daily","date":"2026-11-29","total":2,)"
        R"("entries":[],"next_cursor":null,"me":{"rank":2,"player":{"id":7,"name":"A"}}})";
    check(scan_reply(board, r) && r.kind == ReplyKind::kLeaderboard && r.re == 9 && r.has_me,
          "scan a leaderboard with me");
    check(scan_reply(R"({"type":"leaderboard","re":9,"entries":[{"rank":1}],"me":null})", r) &&
              r.kind == ReplyKind::kLeaderboard && !r.has_me,
          "scan a leaderboard without me");
    check(make_leaderboard(3, "2026-11-29", true, 50) ==
              R"({"type":"leaderboard","id":3,"date":"2026-11-29","limit":50,"around":true})",
          "leaderboard request");
    const std::string welcome =
        R"({"type":"welcome","re":0,"version":1,"server":"pinfall/0.1.0",)"
        R"("time":"2026-11-29T12:00:00.000Z","guest":"q3Vx8Jm0-_","games":[3,17]})";
    check(scan_reply(welcome, r) && r.kind == ReplyKind::kWelcome && r.guest == "q3Vx8Jm0-_",
          "scan a welcome's guest token");
    check(make_hello(0) == R"({"type":"hello","id":0,"version":1})", "hello as a new guest");
    check(make_hello(0, "q3V") == R"({"type":"hello","id":0,"version":1,"guest":"q3V"})",
          "hello as a known guest");
    check(make_peer_request(7, 300).size() == 300, "peer request padding");
    check(seed_hex(1, 2, 3).size() == 64, "seed length");
    std::cout << "self-test: " << passed << " passed, " << failed << " failed" << std::endl;
    return failed == 0 ? 0 : 1;
}

}  // namespace pinfall::loadgen
