#!/usr/bin/env bash
# How long the server's writes take, wall clock, against the raw TCP echo peer's: runs
# pinfall-server (release, --threads 1, pinned to CPU 1) and bench/peers/echo_server.c in turn
# under the closed loop of bench/server.sh (pinfall-loadgen on CPU 0: 100 connections, one
# request in flight each, 8 s), each with bench/send_times/shim.c preloaded, which times every
# send() and sendmsg() of the process. Prints a markdown table on stdout: a row a run with the
# rate, the mean, median and 99th percentile of a write, the share of writes of 15 us or more
# with the time they took over all writes, and how fast the guest kernel handed free memory back
# to the hypervisor meanwhile (free page reporting, where the kernel has it; the whole
# machine's). Progress goes to stderr. Not a docs/benchmarks.md section: a tool for finding what
# holds the writing thread up (a page fault, a preemption, a wake-up of the reader's CPU), which
# its CPU time alone does not show.
#
# Experiments (pinfall's runs only):
# --move-thread N: once pinfall-server has started, its Nth thread (by thread id: 1 is the I/O
#   thread; `bench/cpu_profile.sh` lists them with their CPU) is moved to CPU 0, beside the
#   generator, so the run shows what that thread costs the I/O thread on its core.
# --spin-cpu0: a busy loop at nice 19 shares CPU 0 with the generator, so that CPU never goes
#   idle: the server's writes then never have to wake it.
#
# Usage: bench/send_times.sh [--move-thread N] [--spin-cpu0] [rounds]   (default 3 rounds of
#        pinfall and echo)
set -euo pipefail

cd "$(dirname "$0")/.."
build=build/release
move=
spin=
while [ $# -gt 0 ]; do
    case $1 in
        --move-thread) move=${2:?--move-thread needs a thread number}; shift 2 ;;
        --spin-cpu0) spin=1; shift ;;
        *) break ;;
    esac
done
rounds=${1:-3}
. bench/loadgen/run_lib.sh  # closed_loop_setup, start_pinfall, start_peer, stop_peer, ...
closed_loop_setup send_times.sh "$build" cc curl taskset
log() { echo "send_times.sh: $*" >&2; }
cc -O2 -shared -fPIC -o "$tmp/shim.so" bench/send_times/shim.c -ldl
cc -O2 -o "$tmp/echo_server" bench/peers/echo_server.c

# Free memory the guest kernel has handed back to the hypervisor so far (KiB), where the kernel
# says (free page reporting: a page freed in a block of the reporting order goes back to the host,
# and its next use costs a fault there); "-" elsewhere.
reported=/sys/module/page_reporting/parameters/reported_kib
reported_kib() { if [ -r "$reported" ]; then cat "$reported"; else echo -; fi; }

# run <label> <loadgen options...>: 8 s of closed loop against the running peer, then stops it
# (the shim writes its summary as the peer exits) and prints the table's row.
run() {
    local label=$1 kib0 kib1 kib_s=-
    shift
    kib0=$(reported_kib)
    taskset -c 0 "$lg" --port "$peer_port" --mode closed -c 100 -k 1 --warmup 0 -d 8 "$@" \
        > "$tmp/lg" 2>&1 || { cat "$tmp/lg" >&2; log "$label: pinfall-loadgen failed"; exit 1; }
    kib1=$(reported_kib)
    [ "$kib0" = - ] || kib_s=$(((kib1 - kib0) / 8))
    stop_peer
    local rate
    rate=$(grep -o 'actions_per_s=[0-9]*' "$tmp/lg" | cut -d= -f2)
    [ -s "$tmp/times" ] || { log "$label: the shim wrote nothing"; exit 1; }
    # shellcheck disable=SC2046  # the shim's key=value words
    local $(cat "$tmp/times")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$rate" "$calls" "$mean_ns" \
        "$p50_ns" "$p99_ns" "$over15_pct" "$over15_ns_a_call" "$kib_s"
    rm -f "$tmp/times"
}

echo "| run | requests/s | writes | mean ns | p50 ns | p99 ns | writes >= 15 us, % | their ns a write | KiB/s freed to the host |"
echo "|---|---|---|---|---|---|---|---|---|"
for r in $(seq 1 "$rounds"); do
    start_pinfall env LD_PRELOAD="$tmp/shim.so" SEND_TIMES_OUT="$tmp/times" \
        "$build/server/pinfall-server"
    if [ -n "$move" ]; then
        tid=$(ls "/proc/$peer_pid/task" | sort -n | sed -n "${move}p")
        [ -n "$tid" ] || { log "pinfall-server has no thread $move"; exit 1; }
        taskset -p -c 0 "$tid" > /dev/null
        log "moved thread $move ($tid) of pinfall-server to CPU 0"
    fi
    spinner=
    if [ -n "$spin" ]; then
        # Bounded, so that a run that fails cannot leave it spinning.
        timeout 60 taskset -c 0 nice -n 19 sh -c 'while :; do :; done' &
        spinner=$!
    fi
    run "pinfall-$r${move:+ (thread $move on CPU 0)}${spin:+ (CPU 0 kept busy)}"
    [ -z "$spinner" ] || kill "$spinner"
    start_peer env LD_PRELOAD="$tmp/shim.so" SEND_TIMES_OUT="$tmp/times" "$tmp/echo_server" 0 450
    run "echo-$r" --target raw --req-bytes 64
done
