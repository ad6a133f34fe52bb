#!/usr/bin/env bash
# User-space instructions a validated action: runs pinfall-server under valgrind's callgrind,
# drives it with pinfall-loadgen (closed loop of practice games, random legal plays), zeroes the
# counters after a warm-up, and divides the instructions of every thread of the server over the
# measured window by the actions it accepted then (its /metrics counter, read at both edges).
# Prints the "Instructions per action" section of docs/benchmarks.md on stdout (bench/run
# instructions stores it): the figure and the largest inclusive entries. Instruction counts do
# not depend on the machine's load, so a change's effect can be measured on a busy machine; the
# kernel's share (system time) is not in them. Progress goes to stderr.
#
# Usage: bench/instructions.sh [build dir] [seconds]   (defaults: build/release, 10)
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:-build/release}
secs=${2:-10}
. bench/loadgen/run_lib.sh  # require_tools, bench_scratch, start_pinfall, stop_peer, ...
require_tools instructions.sh valgrind callgrind_annotate callgrind_control curl
cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen >&2
bench_scratch
# start_peer's contract (run_lib.sh). Both cores: pinned to one, the idle-priority analysis
# pool would get no time beside the playing path and its figure would not be par of every game.
peer_cpu=0-1
boost=0  # no priority boost
log() { echo "instructions.sh: $*" >&2; }
start_pinfall valgrind --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$tmp/callgrind.out" "$build/server/pinfall-server"
port=$peer_port
lg=("$build/bench/loadgen/pinfall-loadgen" --port "$port" --mode closed -c 20 -k 1 --warmup 0)
"${lg[@]}" -d 3 > /dev/null 2>&1  # warm-up: the first games, SQLite's cache, the allocators
before=$(accepted_actions)
callgrind_control -z "$peer_pid" > /dev/null
"${lg[@]}" -d "$secs" > "$tmp/lg.out" 2> "$tmp/lg.err"
callgrind_control -d "$peer_pid" > /dev/null
after=$(accepted_actions)
stop_peer
errors=$(grep -o ' errors=[0-9]*' "$tmp/lg.out" | cut -d= -f2)
if [ "${errors:-1}" != 0 ]; then
    echo "instructions.sh: the load generator saw errors (errors=${errors:-?}):" >&2
    cat "$tmp/lg.out" "$tmp/lg.err" >&2
    exit 1
fi
actions=$((after - before))
[ "$actions" -gt 0 ] || { echo "instructions.sh: no action accepted" >&2; exit 1; }
# The dumps made by callgrind_control -d, one a thread (--separate-threads): callgrind.out.1-NN.
# A thread whose profile holds AnalysisPool::run is the analysis pool's (par of finished games,
# the integrity analysis: idle priority, off the playing path); the others (the I/O thread, the
# storage worker, the timers) are the playing path.
: > "$tmp/playing.txt"
: > "$tmp/pool.txt"
for dump in "$tmp"/callgrind.out.1-*; do
    callgrind_annotate --inclusive=yes "$dump" 2> /dev/null > "$tmp/annotated"
    if grep -q 'AnalysisPool::run' "$tmp/annotated"; then
        cat "$tmp/annotated" >> "$tmp/pool.txt"
    else
        cat "$tmp/annotated" >> "$tmp/playing.txt"
    fi
done
totals() { awk '/PROGRAM TOTALS/ { gsub(",", "", $1); t += $1 } END { printf "%.0f\n", t }' "$1"; }
playing=$(totals "$tmp/playing.txt")
pool=$(totals "$tmp/pool.txt")
[ -n "${KEEP_PROFILE:-}" ] && cp "$tmp/playing.txt" "$KEEP_PROFILE"
# KEEP_DUMPS=dir: the raw dumps too (callgrind_annotate, kcachegrind: self costs, call trees).
[ -n "${KEEP_DUMPS:-}" ] && mkdir -p "$KEEP_DUMPS" && cp "$tmp"/callgrind.out.1-* "$KEEP_DUMPS"/

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo | sed 's/ [0-9]*-Core Processor//')
cat <<HEAD
## Instructions per action

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs, $cpu; $(valgrind --version); source tree at \`$(git describe --always --dirty)\`.

Command: \`bench/instructions.sh $build $secs\` (\`bench/run instructions\`): pinfall-server (release,
\`--threads 1\`) under \`valgrind --tool=callgrind\`, 20 connections of \`pinfall-loadgen --mode closed\`
(practice games, random legal plays, one action in flight each) for $secs s after a 3 s warm-up.
User-space instructions of every thread of the server (the storage worker's SQLite included),
divided by the actions the server accepted in the window. The kernel's work is not counted.

| Figure | Value |
|---|---|
| Actions accepted in the window | $actions |
| Instructions of the playing path (the I/O thread, the storage worker) | $playing |
| **... a validated action** | **$((playing / actions))** |
| Instructions of the analysis pool (par of each finished game; idle priority) | $pool |
| ... a validated action | $((pool / actions)) |

Largest entries of the playing path, inclusive (with what they call), share of its instructions:

| Function | Share |
|---|---|
HEAD
awk -v total="$playing" '
    # The first (largest) line of each name in each thread'"'"'s listing: an overload calling
    # another, or a recursion, would count twice.
    /PROGRAM TOTALS/ { split("", in_file) }
    function row(name, pat) { if ($0 ~ pat && !(name in in_file)) { in_file[name] = 1; v = $1; gsub(",", "", v); sum[name] += v; if (!(name in seen)) { seen[name] = 1; order[++n] = name } } }
    END { for (i = 1; i <= n; i++) printf "| `%s` | %.1f%% |\n", order[i], 100 * sum[order[i]] / total }
    {
        row("pinfall::server::GameRoom::apply", "GameRoom::apply\\(");
        row("pinfall::protocol::encode_update", "protocol::encode_update");
        row("pinfall::engine::Game::apply", "engine::Game::apply\\(");
        row("pinfall::engine::deal_from_seed", "engine::deal_from_seed");
        row("pinfall::protocol::decode_request", "protocol::decode_request\\(");
        row("pinfall::server::net::WsSession::on_read", "WsSession::on_read");
        row("pinfall::server::net::WsSession::on_send", "WsSession::on_send");
        row("pinfall::server::StorageWorker::run_writes", "StorageWorker::run_writes");
        row("pinfall::storage::Store::create_game", "Store::create_game\\(");
        row("sqlite3_step", "\\?\\?\\?:sqlite3_step ");
        row("malloc", "malloc.c:malloc ");
        row("free", "malloc.c:free ");
    }' "$tmp/playing.txt"
