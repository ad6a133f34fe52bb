#!/usr/bin/env bash
# Where the server's CPU goes, natively (not under valgrind): pinfall-server (release,
# --threads 1, pinned to CPU 1) under the closed loop of bench/server.sh (pinfall-loadgen on CPU
# 0: 100 connections of practice games, random legal plays, one action in flight each). Over 5 s
# of the run it reads each thread's user and system time (/proc/PID/task/*/stat) and samples the
# process with `perf record -e cpu-clock` (the kernel's functions included, which callgrind does
# not see), and prints both per validated action: microseconds of each thread, and of the
# largest functions (share of samples x the CPU time an action). With `echo`, the raw TCP echo
# peer (bench/peers/echo_server.c) is sampled the same way, per answered line, to compare the
# kernel's work. Not a docs/benchmarks.md section: a tool for finding what to change (cpu-clock
# sampling in a virtual machine lands late after code that blocks interrupts). Each thread's row
# also counts its minor page faults and context switches per 1,000 units.
#
# Usage: bench/cpu_profile.sh [echo]   (needs perf; as root or kernel.perf_event_paranoid <= -1)
set -euo pipefail

cd "$(dirname "$0")/.."
build=build/release
. bench/loadgen/run_lib.sh  # closed_loop_setup, start_pinfall, start_peer, stop_peer, ...
closed_loop_setup cpu_profile.sh "$build" perf curl cc taskset
log() { echo "cpu_profile.sh: $*" >&2; }
hz=$(getconf CLK_TCK)

# Each thread's "tid name utime stime minflt voluntary involuntary" of the running peer (clock
# ticks; minor page faults; context switches).
threads() {
    local t
    for t in /proc/"$peer_pid"/task/*; do
        echo "$(basename "$t") $(tr -d ' ' < "$t/comm") $(awk '{ print $14, $15, $10 }' "$t/stat")" \
            "$(awk '/^voluntary_ctxt/ { v = $2 } /^nonvoluntary_ctxt/ { n = $2 } END { print v, n }' \
                "$t/status")"
    done | sort
}

# profile <label> <units: actions|lines> <loadgen options...>: 5 s of samples, 2.5 s into a 9 s
# closed loop; prints the threads and the 20 largest functions per unit.
profile() {
    local label=$1 units=$2 before=0 after=0
    shift 2
    taskset -c 0 "$lg" --port "$peer_port" --mode closed -c 100 -k 1 --warmup 0 -d 9 "$@" \
        > "$tmp/$label.lg" 2>&1 &
    local lg_pid=$!
    sleep 2.5
    [ "$units" = actions ] && before=$(accepted_actions)
    threads > "$tmp/$label.t0"
    perf record -q -e cpu-clock -F 4999 -p "$peer_pid" -o "$tmp/$label.data" -- sleep 5 \
        > /dev/null 2>&1
    threads > "$tmp/$label.t1"
    [ "$units" = actions ] && after=$(accepted_actions)
    wait "$lg_pid" || { cat "$tmp/$label.lg" >&2; log "$label: pinfall-loadgen failed"; exit 1; }
    local n=$((after - before))
    # The echo's lines: its rate over the run times the 5 s sampled.
    [ "$units" = lines ] && n=$(grep -o 'actions_per_s=[0-9]*' "$tmp/$label.lg" | cut -d= -f2) &&
        n=$((n * 5))
    [ "$n" -gt 0 ] || { log "$label: nothing counted"; exit 1; }
    local cpu_us
    cpu_us=$(join "$tmp/$label.t0" "$tmp/$label.t1" | awk -v hz="$hz" -v n="$n" '
        { t += ($9 - $3) + ($10 - $4) } END { printf "%.3f", t / hz * 1e6 / n }')
    echo "## $label: $n $units in 5 s, $cpu_us us of CPU a unit"
    echo
    echo "| thread | user us | system us | minor faults a 1,000 | switches a 1,000 (voluntary, involuntary) |"
    echo "|---|---|---|---|---|"
    # join's fields: tid, then name utime stime minflt vol invol of t0 ($2-$7) and t1 ($8-$13).
    join "$tmp/$label.t0" "$tmp/$label.t1" | awk -v hz="$hz" -v n="$n" '
        { u = ($9 - $3) / hz * 1e6 / n; s = ($10 - $4) / hz * 1e6 / n
          if (u + s > 0.005)
              printf "| %s %s | %.3f | %.3f | %.2f | %.2f, %.2f |\n", $1, $2, u, s,
                     ($11 - $5) * 1000 / n, ($12 - $6) * 1000 / n, ($13 - $7) * 1000 / n }'
    echo
    echo "| function | share of samples | us a unit |"
    echo "|---|---|---|"
    perf report -i "$tmp/$label.data" --no-children --sort dso,symbol --stdio 2> /dev/null |
        awk -v c="$cpu_us" '/^ *[0-9.]+%/ && n < 20 {
            s = $1; sub("%", "", s); $1 = ""; sub(/^ +/, ""); sub(/( +-)+ *$/, ""); n++
            printf "| %s | %.2f%% | %.3f |\n", substr($0, 1, 90), s, s / 100 * c }'
    echo
}

start_pinfall "$build/server/pinfall-server"
profile pinfall-server actions
stop_peer
if [ "${1:-}" = echo ]; then
    cc -O2 -o "$tmp/echo_server" bench/peers/echo_server.c
    start_peer "$tmp/echo_server" 0 450
    profile echo lines --target raw --req-bytes 64
    stop_peer
fi
