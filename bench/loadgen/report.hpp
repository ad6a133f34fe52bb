// pinfall-loadgen: reading another process's resource use, and the result line.
//
// Contract: read_proc() samples /proc/<pid>/stat (user + system CPU time, in seconds) and
// /proc/<pid>/status (VmRSS, in KiB); `ok` is false when the process cannot be read. Result
// collects key=value pairs in insertion order and print() writes them as one line
// "RESULT k1=v1 k2=v2 ..." on stdout (values never contain spaces), the line bench/server.sh
// parses; numbers are printed as measured, never rounded to a goal.
//
// Keys of the RESULT line (main.cpp): every mode has mode, target, label, conns, conns_ready,
// connect_failures, setup_s, req_bytes_mean, reply_bytes_mean, errors, disconnects.
// closed/open/games add inflight, rate, warmup_s, duration_s, requests, actions, actions_per_s,
// games, games_per_s, lat_{samples,p50_us,p90_us,p99_us,p999_us,max_us,mean_us} (open: from the
// scheduled time, and svc_* from the actual send), lost, server_{cpu,user,sys}_s,
// server_cpu_s_per_M, server_background_s (the server's SCHED_IDLE threads), server_fg_cpu_s_per_M
// (server CPU less those, per million actions), loadgen_cpu_s and other_cpu_s (-1 when not
// measured). idle adds
// open_at_end, hold_s, rss_before_kib, rss_open_kib, rss_end_kib and bytes_per_conn.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "histogram.hpp"

namespace pinfall::loadgen {

struct ProcSample {
    bool ok = false;
    double cpu_s = 0;          // utime + stime
    double user_s = 0, sys_s = 0;
    // Of cpu_s, what the process's SCHED_IDLE threads used (the server's background par):
    // work that runs only when a core has nothing else to do, apart from the playing path.
    double background_s = 0;
    std::uint64_t rss_kib = 0; // VmRSS
};

ProcSample read_proc(int pid);
// CPU time the whole machine spent busy (every CPU: user, nice, system, irq, softirq, steal),
// in seconds, from /proc/stat; -1 when unreadable.
double machine_busy_s();

class Result {
   public:
    void add(const std::string& key, const std::string& value);
    void add(const std::string& key, double value, int decimals = 3);
    void add_count(const std::string& key, std::uint64_t value);
    // p50/p90/p99/p99.9/max/mean of h (nanoseconds) in microseconds, keys prefix_p50_us etc.
    void add_latency(const std::string& prefix, const Histogram& h);
    void print() const;
    // The same pairs, one per line, for people (stderr).
    void print_table() const;

   private:
    std::vector<std::pair<std::string, std::string>> pairs_;
};

// Checks the histogram and the reply scanner on known inputs; prints "N passed, M failed".
int self_test();

}  // namespace pinfall::loadgen
