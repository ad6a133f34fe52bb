#!/usr/bin/env bash
# Measures the daily leaderboard end to end over WebSocket with 1,000,000 stored results and
# prints the "Leaderboard over WebSocket" section of docs/benchmarks.md on stdout (bench/run
# stores it). Progress and the load generator's logs go to stderr.
#
# Usage: bench/board.sh <release build dir>   (bench/run passes build/release)
# Environment: PINFALL_BENCH_SECONDS     measured seconds per run (default 10)
#              PINFALL_BENCH_RESULTS     stored results of the day (default 1000000)
#              PINFALL_BENCH_QUIET_WAIT  seconds to wait for the machine to go idle (default 120)
#              PINFALL_BENCH_BOOST       1: server and generator at autogroup nice -20 (default 1)
# pinfall-seed-board writes the day's results into a new database (one player each, the first
# 100 with login tokens); pinfall-server (release, --threads 1, pinned to CPU 1) loads it at
# start as it would any database; pinfall-loadgen (pinned to CPU 0) logs each connection in as
# one of those players and asks for the player's rank (limit 1, read `me`), the top-50 page or
# the around-me page. Latency runs from the send (closed loop) or from the scheduled send time
# (open loop) to the complete reply. Every figure comes from this run's RESULT lines.
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:?usage: bench/board.sh <build dir>}
cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen pinfall-seed-board >&2
server="$build/server/pinfall-server"
lg="$build/bench/loadgen/pinfall-loadgen"
seeder="$build/bench/storage/pinfall-seed-board"
secs=${PINFALL_BENCH_SECONDS:-10}
results=${PINFALL_BENCH_RESULTS:-1000000}
quiet_wait=${PINFALL_BENCH_QUIET_WAIT:-120}
boost=${PINFALL_BENCH_BOOST:-1}
peer_cpu=1
lg_cpu=0
log() { echo "board.sh: $*" >&2; }
. bench/loadgen/run_lib.sh  # bench_scratch, start_peer, stop_peer, run_lg, get, fmt, met, ...
bench_scratch

# A fixed day and a server clock at its noon: the board is today's, the live one.
day=2026-11-29
log "seeding $results results of $day"
seed_start=$SECONDS
"$seeder" "$tmp/board.db" "$day" "$results" "$tmp/tokens" 100 >&2
seed_s=$((SECONDS - seed_start))
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"
server_cmd=("$server" --port 0 --bind 127.0.0.1 --threads 1 --msg-rate 0
            --guests-per-ip 0 --games-per-ip 0  # every connection comes from 127.0.0.x
            --secret-file "$tmp/secret" --db "$tmp/board.db" --log-level warn
            --clock-start "${day}T12:00:00Z")

wait_quiet
load=$(cut -d' ' -f1-3 /proc/loadavg)
start_peer "${server_cmd[@]}"
rss_kib=$(awk '/^VmRSS:/ { print $2 }' "/proc/$peer_pid/status")
kinds=(rank top around)
for k in "${kinds[@]}"; do
    board=(--workload "board-$k" --board-date "$day" --tokens "$tmp/tokens")
    run_lg "$k-single" --mode closed -c 1 -k 1 --warmup 2 -d "$secs" "${board[@]}"
    run_lg "$k-open" --mode open --rate 2000 -c 100 --warmup 2 -d "$secs" "${board[@]}"
    run_lg "$k-closed" --mode closed -c 100 -k 1 --warmup 2 -d "$secs" "${board[@]}"
done
stop_peer

# A goal is met only by a run without errors or lost requests.
met_clean() {
    if [ "$(get "$1" errors)" != 0 ] || [ "$(get "$1" lost)" != 0 ]; then echo "**no**"; return; fi
    met "$(get "$1" lat_p99_us)" lt 1000
}
us() { fmt '%.0f' "$(get "$1" "$2")"; }

cat <<EOF
## Leaderboard over WebSocket

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo | sed 's/ [0-9]*-Core Processor//'), load average $load before the runs ($quiet_busy% busy after a wait of $quiet_waited s).
Build: Release (\`-O3 -DNDEBUG\`), $(c++ --version | head -1), Boost $(dpkg-query -W -f '${Version}' libboost-dev 2>/dev/null || echo '?'), SQLite $(dpkg-query -W -f '${Version}' libsqlite3-0 2>/dev/null || echo '?'); source tree at \`$(git describe --always --dirty)\`.

The database holds $(echo "$results" | thousands) finished daily results of $day (one player each, scores 60-220 bell-shaped around 140; \`pinfall-seed-board\` wrote it in $seed_s s). pinfall-server loads the day's board at start (RSS $(echo "$rss_kib" | thousands) KiB once loaded) and runs with its clock at the day's noon, so the board is the live one. Each loadgen connection logs in as one of the players and asks
- **rank**: \`{"type":"leaderboard","date":"$day","limit":1}\`, whose \`me\` is the player's rank and line;
- **top 50**: the same with \`"limit":50\`;
- **around me**: \`"limit":50,"around":true\`, the page centred on the player (and \`me\`).

A reply counts when it is a \`leaderboard\` answering the request's id (for rank and around me, with \`me\` filled in). Latency runs from the send (closed loop) or from the scheduled send time (open loop) to the whole reply read by the client, so it holds both processes' WebSocket work and the loopback TCP round trip.

| Query | 1 connection, closed loop: p50 / p99 / p99.9 (us) | 2,000/s over 100 connections, open loop: p50 / p99 / p99.9 (us) | 100 connections, closed loop: replies/s | Reply bytes | Goal: p99 < 1 ms | Met (1 conn / open) |
|---|---|---|---|---|---|---|
EOF
for k in "${kinds[@]}"; do
    case $k in rank) label="rank" ;; top) label="top 50" ;; around) label="around me" ;; esac
    printf '| %s | %s / %s / %s | %s / %s / %s | %s | %s | < 1,000 us | %s / %s |\n' "$label" \
        "$(us "$k-single" lat_p50_us)" "$(us "$k-single" lat_p99_us)" "$(us "$k-single" lat_p999_us)" \
        "$(us "$k-open" lat_p50_us)" "$(us "$k-open" lat_p99_us)" "$(us "$k-open" lat_p999_us)" \
        "$(get "$k-closed" actions_per_s | thousands)" "$(get "$k-single" reply_bytes_mean)" \
        "$(met_clean "$k-single")" "$(met_clean "$k-open")"
done
cat <<EOF

Errors and lost requests over all runs: $(for k in "${kinds[@]}"; do for r in single open closed; do get "$k-$r" errors; get "$k-$r" lost; done; done | awk '{ s += $1 } END { print s + 0 }'). The figures inside the server (the board alone, without the network) are in the Storage section.

Commands (<port> and <pid> are the server's, <tmp> a scratch directory):

\`\`\`
$seeder <tmp>/board.db $day $results <tmp>/tokens 100
$(sed "s|$tmp|<tmp>|g" "$tmp/commands" | awk '!seen[$0]++')
\`\`\`
EOF
