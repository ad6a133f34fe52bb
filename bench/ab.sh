#!/usr/bin/env bash
# Before and after on a noisy machine: runs two pinfall-server binaries in turn, ROUNDS times
# each, interleaved (A B A B ...), so that a slow minute of the machine falls on both. Each turn
# starts a fresh server (release flags of bench/server.sh, --threads 1, pinned to CPU 1) and
# runs one load (pinfall-loadgen on CPU 0):
#   closed: 100 connections x 1 in flight for 9 s; over 6 s of it, the actions the server
#           accepted (its /metrics counter) and its user and system CPU time (/proc/PID/stat,
#           every thread), per action;
#   open:   10,000 actions/s over 1,000 connections for 10 s; latency percentiles from the
#           scheduled send time.
# Prints one line a turn and the mean of each binary's lines (closed) or its median p50/p99
# (open). Not a docs/benchmarks.md section: a tool for deciding whether a change helps.
#
# Usage: bench/ab.sh closed|open ROUNDS BINARY_A BINARY_B
#   e.g. git stash; cmake --build --preset release --target pinfall-server;
#        cp build/release/server/pinfall-server /tmp/before; git stash pop; (build again);
#        bench/ab.sh closed 4 /tmp/before build/release/server/pinfall-server
set -euo pipefail

cd "$(dirname "$0")/.."
mode=${1:?closed or open}
rounds=${2:?rounds}
a=${3:?binary A}
b=${4:?binary B}
lg=build/release/bench/loadgen/pinfall-loadgen
[ -x "$lg" ] || cmake --build --preset release -j2 --target pinfall-loadgen >&2
. bench/loadgen/run_lib.sh  # bench_scratch, start_pinfall, stop_peer, accepted_actions
bench_scratch
peer_cpu=1
boost=0
log() { echo "ab.sh: $*" >&2; }
tick=$(getconf CLK_TCK)

cpu() { awk '{ print $14, $15 }' "/proc/$peer_pid/stat"; }

closed_turn() {  # prints: rate user_us sys_us total_us
    taskset -c 0 "$lg" --port "$peer_port" --mode closed -c 100 -k 1 --warmup 0 -d 9 > "$tmp/lg" 2>&1 &
    local lg_pid=$! n0 n1 c0 c1
    sleep 2.5
    n0=$(accepted_actions); c0=$(cpu)
    sleep 6
    n1=$(accepted_actions); c1=$(cpu)
    wait "$lg_pid"
    awk -v n=$((n1 - n0)) -v c0="$c0" -v c1="$c1" -v tk="$tick" 'BEGIN {
        split(c0, x, " "); split(c1, y, " ");
        u = (y[1] - x[1]) / tk * 1e6 / n; s = (y[2] - x[2]) / tk * 1e6 / n;
        printf "%.0f %.2f %.2f %.2f\n", n / 6, u, s, u + s }'
}

open_turn() {  # prints: p50_us p99_us p999_us
    taskset -c 0 "$lg" --port "$peer_port" --mode open --rate 10000 -c 1000 --warmup 3 -d 10 > "$tmp/lg" 2>&1
    for k in lat_p50_us lat_p99_us lat_p999_us; do
        grep -o " $k=[0-9.]*" "$tmp/lg" | cut -d= -f2
    done | paste -sd' '
}

: > "$tmp/results"
for r in $(seq 1 "$rounds"); do
    for side in A B; do
        bin=$a
        [ "$side" = B ] && bin=$b
        start_pinfall "$bin"
        line=$("${mode}_turn")
        stop_peer
        echo "$side $line" >> "$tmp/results"
        if [ "$mode" = closed ]; then
            echo "$side round $r: $(echo "$line" | awk '{ printf "%s actions/s, user %s + system %s = %s us an action", $1, $2, $3, $4 }')"
        else
            echo "$side round $r: $(echo "$line" | awk '{ printf "p50 %s us, p99 %s us, p99.9 %s us", $1, $2, $3 }')"
        fi
    done
done
for side in A B; do
    bin=$a
    [ "$side" = B ] && bin=$b
    if [ "$mode" = closed ]; then
        awk -v s="$side" -v bin="$bin" '$1 == s { n++; r += $2; u += $3; y += $4; t += $5 }
            END { printf "%s (%s), mean of %d: %.0f actions/s, user %.2f + system %.2f = %.2f us an action\n",
                  s, bin, n, r / n, u / n, y / n, t / n }' "$tmp/results"
    else
        for col in 2 3; do
            awk -v s="$side" -v c="$col" '$1 == s { print $c }' "$tmp/results" | sort -g |
                awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
        done | paste -sd' ' | awk -v s="$side" -v bin="$bin" \
            '{ printf "%s (%s), median: p50 %s us, p99 %s us\n", s, bin, $1, $2 }'
    fi
done
