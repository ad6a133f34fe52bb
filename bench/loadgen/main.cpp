// pinfall-loadgen: load generator for pinfall-server and the comparison peers of bench/peers.
//
// Contract: runs one measurement (--mode closed | open | idle | games, see session.hpp) on one
// io_context thread, prints progress on stderr and exactly one "RESULT ..." line on stdout
// (report.hpp), and exits 0 when the run happened (the figures say how it went; errors and lost
// requests are counted in the line) or 2 for bad options, 1 when no connection could be set up.
// Phases: open every connection (at most --connect-concurrency at once; Pinfall: hello), then
// begin the load at `start`, measure from start + warmup for --duration seconds; the server's
// CPU time (--server-pid) is sampled at the window's edges. Open loop then waits up to 2 s for
// replies to ticks inside the window; the ticks still unanswered are reported as `lost`.
// Idle: sample the server's RSS, open the connections, sample after 1 s and after --hold.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "options.hpp"
#include "report.hpp"
#include "session.hpp"

namespace asio = boost::asio;
using namespace pinfall::loadgen;

namespace {

void raise_fd_limit() {
    rlimit rl{};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

Clock::duration from_seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

}  // namespace

int main(int argc, char** argv) {
    auto parsed = parse_options(argc, argv);
    if (auto* exit = std::get_if<ExitRequest>(&parsed)) {
        (exit->status == 0 ? std::cout : std::cerr) << exit->text;
        return exit->status;
    }
    const Options& opt = std::get<Options>(parsed);
    if (opt.self_test) return self_test();
    raise_fd_limit();

    asio::io_context ioc(1);
    Run run(opt, ioc, tcp::endpoint(asio::ip::make_address(opt.host), opt.port));
    for (unsigned i = 0; i < opt.source_ips; ++i) {
        run.locals.push_back(asio::ip::address_v4(0x7F000002u + i));
    }
    std::vector<std::unique_ptr<Session>> sessions;
    for (unsigned i = 0; i < opt.connections; ++i) {
        sessions.push_back(std::make_unique<Session>(run, i));
    }
    const auto pid = opt.server_pid.value_or(-1);
    const ProcSample before = opt.server_pid ? read_proc(pid) : ProcSample{};
    ProcSample at_open, at_start, at_end, self_start, self_end;
    double busy_start = -1, busy_end = -1;
    Clock::time_point setup_begin = Clock::now(), setup_end{}, opened_at{};
    asio::steady_timer setup_timer(ioc), phase(ioc);
    bool started = false;
    auto stop = [&] {
        run.stopping = true;
        ioc.stop();
    };

    auto start_load = [&] {
        if (started) return;
        started = true;
        setup_timer.cancel();
        setup_end = Clock::now();
        std::cerr << "loadgen: " << run.ready << " connections ready, " << run.failed
                  << " failed, in " << seconds(setup_end - setup_begin) << " s\n";
        if (run.ready == 0) return stop();
        run.start = Clock::now();
        if (opt.mode == Mode::kIdle) {
            opened_at = run.start;
            phase.expires_at(run.start + std::chrono::seconds(1));
            phase.async_wait([&](error_code) {
                at_open = read_proc(pid);
                phase.expires_at(Clock::now() + from_seconds(opt.hold_s));
                phase.async_wait([&](error_code) {
                    at_end = read_proc(pid);
                    stop();
                });
            });
            return;
        }
        run.window_start = run.start + from_seconds(opt.warmup_s);
        run.window_end = run.window_start + from_seconds(opt.duration_s);
        for (auto& s : sessions) s->begin();
        phase.expires_at(run.window_start);
        phase.async_wait([&](error_code) {
            at_start = read_proc(pid);
            self_start = read_proc(getpid());
            busy_start = machine_busy_s();
            phase.expires_at(run.window_end);
            phase.async_wait([&](error_code) {
                at_end = read_proc(pid);
                self_end = read_proc(getpid());
                busy_end = machine_busy_s();
                if (opt.mode != Mode::kOpen) return stop();
                phase.expires_after(std::chrono::seconds(2));  // late replies to the window
                phase.async_wait([&](error_code) { stop(); });
            });
        });
    };
    run.on_all_ready = [&] { asio::post(ioc, start_load); };
    setup_timer.expires_after(from_seconds(opt.setup_timeout_s));
    setup_timer.async_wait([&](error_code ec) {
        if (ec) return;
        std::cerr << "loadgen: setup timeout: going on with the connections opened\n";
        start_load();
    });
    std::cerr << "loadgen: " << to_string(opt.mode) << " against " << to_string(opt.target)
              << " at " << opt.host << ":" << opt.port << ", " << opt.connections
              << " connections\n";
    for (auto& s : sessions) s->connect();
    ioc.run();

    for (const auto& s : sessions) run.stats.lost += s->unanswered();
    const auto& st = run.stats;
    Result r;
    r.add("mode", to_string(opt.mode));
    r.add("target", to_string(opt.target));
    r.add("label", opt.label);
    r.add("workload", to_string(opt.workload));
    r.add_count("conns", opt.connections);
    r.add_count("conns_ready", run.ready);
    r.add_count("connect_failures", run.failed);
    r.add("setup_s", seconds(setup_end - setup_begin));
    if (opt.mode == Mode::kIdle) {
        std::uint64_t open = 0;
        for (const auto& s : sessions) open += s->is_open() ? 1 : 0;
        r.add_count("open_at_end", open);
        r.add("hold_s", seconds(Clock::now() - opened_at));
        r.add_count("rss_before_kib", before.rss_kib);
        r.add_count("rss_open_kib", at_open.rss_kib);
        r.add_count("rss_end_kib", at_end.rss_kib);
        const auto peak = std::max(at_open.rss_kib, at_end.rss_kib);
        const bool ok = before.ok && at_open.ok && at_end.ok && run.ready > 0;
        r.add("bytes_per_conn", ok ? (static_cast<double>(peak) - before.rss_kib) * 1024.0 /
                                         run.ready
                                   : -1.0,
              0);
    } else {
        r.add_count("inflight", opt.inflight);
        r.add("rate", opt.rate, 0);
        r.add("warmup_s", opt.warmup_s);
        r.add("duration_s", opt.duration_s);
        r.add_count("requests", st.requests);
        r.add_count("actions", st.actions);
        r.add("actions_per_s", st.actions / opt.duration_s, 0);
        r.add_count("games", st.games);
        r.add("games_per_s", st.games / opt.duration_s, 1);
        r.add_latency("lat", st.latency);
        if (opt.mode == Mode::kOpen) r.add_latency("svc", st.service);
        r.add_count("lost", st.lost);
        const bool cpu = at_start.ok && at_end.ok && st.actions > 0;
        r.add("server_cpu_s", cpu ? at_end.cpu_s - at_start.cpu_s : -1.0, 2);
        r.add("server_user_s", cpu ? at_end.user_s - at_start.user_s : -1.0, 2);
        r.add("server_sys_s", cpu ? at_end.sys_s - at_start.sys_s : -1.0, 2);
        r.add("server_cpu_s_per_M",
              cpu ? (at_end.cpu_s - at_start.cpu_s) * 1e6 / static_cast<double>(st.actions)
                  : -1.0,
              2);
        // The playing path alone: less the server's idle-priority threads (par of finished
        // games), which run only on a core that has nothing else to do.
        const double background = at_end.background_s - at_start.background_s;
        r.add("server_background_s", cpu ? background : -1.0, 2);
        r.add("server_fg_cpu_s_per_M",
              cpu ? (at_end.cpu_s - at_start.cpu_s - background) * 1e6 /
                        static_cast<double>(st.actions)
                  : -1.0,
              2);
        // Who else used the machine during the window: a busy neighbour skews every figure.
        const double self = self_end.cpu_s - self_start.cpu_s;
        const double busy = busy_end - busy_start;
        r.add("loadgen_cpu_s", self_end.ok ? self : -1.0, 2);
        const double server = at_end.cpu_s - at_start.cpu_s;
        r.add("other_cpu_s", cpu && busy >= 0 ? busy - self - server : -1.0, 2);
    }
    r.add("req_bytes_mean", st.requests ? double(st.req_bytes) / double(st.requests) : 0, 0);
    r.add("reply_bytes_mean", st.replies ? double(st.reply_bytes) / double(st.replies) : 0, 0);
    r.add_count("errors", st.errors);
    r.add_count("disconnects", st.disconnects);
    if (!st.first_error.empty()) std::cerr << "loadgen: first error: " << st.first_error << "\n";
    r.print_table();
    r.print();
    return run.ready == 0 ? 1 : 0;
}
