#!/usr/bin/env bash
# System calls a validated action: pinfall-server (release, --threads 1, pinned to CPU 1) under
# the closed loop of bench/server.sh (pinfall-loadgen on CPU 0: 100 connections of practice
# games, random legal plays, one action in flight each); `perf stat` counts the server's calls
# (every thread) by kind over 5 s of the run, divided by the actions it accepted in those 5 s
# (its /metrics counter, read at both edges). The raw TCP echo peer (bench/peers/echo_server.c)
# is counted the same way, per answered line. Prints the "System calls per action" section of
# docs/benchmarks.md on stdout (`bench/run syscalls`); progress goes to stderr.
#
# Needs perf with the syscalls tracepoints (Debian: linux-perf; as root, or with
# kernel.perf_event_paranoid <= -1): fails, and writes nothing, without them. Counts do not
# depend much on the machine's speed, but the share of reads that find nothing does depend on
# how fast the generator answers, so compare runs on the same machine.
#
# Usage: bench/syscalls.sh [build dir]   (default build/release)
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:-build/release}
. bench/loadgen/run_lib.sh  # closed_loop_setup, start_pinfall, start_peer, stop_peer, ...
closed_loop_setup syscalls.sh "$build" perf curl cc taskset
log() { echo "syscalls.sh: $*" >&2; }
kinds=(recvmsg sendmsg recvfrom sendto read write epoll_wait epoll_ctl futex pwrite64 fdatasync)
events=raw_syscalls:sys_enter
for k in "${kinds[@]}"; do events+=",syscalls:sys_enter_$k"; done
perf stat -e "$events" -- true > /dev/null 2>&1 ||
    { log "perf cannot count system calls here (tracepoints, perf_event_paranoid)"; exit 1; }

# per_unit <label>: $tmp/<label>.counts ("kind calls-a-unit" lines) from perf's counts and
# $tmp/<label>.units.
per_unit() {
    awk -F, -v n="$(cat "$tmp/$1.units")" '
        $3 ~ /sys_enter/ { k = $3; sub(/.*sys_enter_?/, "", k); if (k == "") k = "all";
                           printf "%s %.3f\n", k, $1 / n }' "$tmp/$1.stat" > "$tmp/$1.counts"
}

# count <label> <loadgen options...>: perf stat on the running peer for 5 s of a 9 s closed
# loop (from 2.5 s in); leaves $tmp/<label>.stat and the generator's output $tmp/<label>.lg.
# For pinfall, $tmp/<label>.units is the server's actions in the 5 s (0 for other peers).
count() {
    local label=$1 before=0 after=0
    shift
    taskset -c 0 "$lg" --port "$peer_port" --mode closed -c 100 -k 1 --warmup 0 -d 9 "$@" \
        > "$tmp/$label.lg" 2>&1 &
    local lg_pid=$!
    sleep 2.5
    [ "$label" = pinfall ] && before=$(accepted_actions)
    perf stat -x, -e "$events" -p "$peer_pid" -o "$tmp/$label.stat" -- sleep 5 2> /dev/null
    [ "$label" = pinfall ] && after=$(accepted_actions)
    wait "$lg_pid" || { cat "$tmp/$label.lg" >&2; log "$label: pinfall-loadgen failed"; exit 1; }
    local errors
    errors=$(grep -o ' errors=[0-9]*' "$tmp/$label.lg" | cut -d= -f2)
    [ "${errors:-1}" = 0 ] || { cat "$tmp/$label.lg" >&2; log "$label: errors=${errors:-?}"; exit 1; }
    echo $((after - before)) > "$tmp/$label.units"
}

start_pinfall "$build/server/pinfall-server"
log "pinfall-server: counting"
count pinfall
stop_peer
[ "$(cat "$tmp/pinfall.units")" -gt 0 ] || { log "no action accepted"; exit 1; }
per_unit pinfall

# The echo peer keeps no counter: its lines in the 5 s are estimated from the generator's rate.
cc -O2 -Wall -o "$tmp/echo_server" bench/peers/echo_server.c
start_peer "$tmp/echo_server" 0 450
log "raw echo: counting"
count echo --target raw --req-bytes 64
stop_peer
echo_rate=$(grep -o 'actions_per_s=[0-9.]*' "$tmp/echo.lg" | cut -d= -f2)
awk -v r="${echo_rate:-0}" 'BEGIN { printf "%d\n", r * 5 }' > "$tmp/echo.units"
[ "$(cat "$tmp/echo.units")" -gt 0 ] || { log "the echo peer answered nothing"; exit 1; }
per_unit echo

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo | sed 's/ [0-9]*-Core Processor//')
cat <<HEAD
## System calls per action

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs, $cpu; $(uname -r); source tree at \`$(git describe --always --dirty)\`.

Command: \`bench/syscalls.sh build/release\` (\`bench/run syscalls\`): \`perf stat\` counts the
system calls of pinfall-server (every thread) during 5 s of a closed loop of practice games (100
connections of pinfall-loadgen, one action in flight each; server on CPU 1, generator on CPU 0),
divided by the actions it accepted in those 5 s ($(cat "$tmp/pinfall.units")). The raw TCP echo
peer, under the same generator with 64-byte requests, per line answered (about
$(cat "$tmp/echo.units") in the 5 s, from the generator's rate).

| Call | pinfall-server, per validated action | raw TCP echo, per line |
|---|---|---|
HEAD
for k in all "${kinds[@]}"; do
    p=$(awk -v k="$k" '$1 == k { print $2 }' "$tmp/pinfall.counts")
    e=$(awk -v k="$k" '$1 == k { print $2 }' "$tmp/echo.counts")
    [ "$k" = all ] && k="every call"
    [ "${p:-0}" = 0.000 ] && [ "${e:-0}" = 0.000 ] && continue
    echo "| $k | ${p:-0} | ${e:-0} |"
done
