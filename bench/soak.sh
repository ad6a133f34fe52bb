#!/usr/bin/env bash
# Soak: runs pinfall-server for SOAK_SECONDS under a steady mixed load and prints the "Soak"
# section of docs/benchmarks.md on stdout (bench/run stores it). Progress and the load
# generators' logs go to stderr.
#
# Usage: bench/soak.sh <release build dir>   (bench/run soak; not in bench/run's default list,
#                                            since it takes SOAK_SECONDS + about a minute)
# Environment: SOAK_SECONDS         length of the load and of the sampling (default 600)
#              SOAK_IDLE            idle connections held the whole time (default 500)
#              SOAK_PLAYERS         connections playing whole games, one session each (default 100)
#              SOAK_BOARD_RATE      leaderboard requests per second, open loop (default 50)
#              SOAK_BOARD_RESULTS   results stored for the leaderboard's day (default 100000)
#              SOAK_COOLDOWN        seconds without load after it, before the last reading (75)
#              SOAK_NEW_GUESTS      1: every game session says hello as a new guest (default 0:
#                                   each playing connection is one guest who reconnects)
# The load, all at once against one server (default --threads, i.e. one per core, not pinned):
#  - idle: SOAK_IDLE connections say hello and stay open (answering the server's keep-alive
#    pings) for the whole soak;
#  - games: SOAK_PLAYERS connections each play whole practice games, one WebSocket session per
#    game (connect, hello, practice_start, plays, close): connect/disconnect churn. Each
#    connection is one returning guest (loadgen --keep-guest): a guest who owns a stored game
#    never expires, so a new guest per game would grow the server's guest table by design
#    (SOAK_NEW_GUESTS=1 measures that instead);
#  - board: daily leaderboard "around me" requests at SOAK_BOARD_RATE/s over 20 logged-in
#    connections (players written into the database beforehand by pinfall-seed-board);
#  - abandoned games: every 20 s, 20 connections start a game each and are cut off mid-game.
# A sampler reads the server's VmRSS (/proc/PID/status) and counts /proc/PID/fd every second
# into a CSV; awk fits least-squares slopes over the samples after the warm-up (the first 120 s,
# or the first 20% of a run shorter than 10 minutes). Every error the generators report is shown.
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:?usage: bench/soak.sh <build dir>}
nice -n 10 cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen pinfall-seed-board >&2
server="$build/server/pinfall-server"
lg="$build/bench/loadgen/pinfall-loadgen"
seeder="$build/bench/storage/pinfall-seed-board"
secs=${SOAK_SECONDS:-600}
idle_conns=${SOAK_IDLE:-500}
players=${SOAK_PLAYERS:-100}
board_rate=${SOAK_BOARD_RATE:-50}
board_results=${SOAK_BOARD_RESULTS:-100000}
board_conns=20
cooldown=${SOAK_COOLDOWN:-75}
new_guests=${SOAK_NEW_GUESTS:-0}
warmup=$((secs >= 600 ? 120 : secs / 5))
quiet_wait=0
boost=0       # a 10-minute run at nice -20 would starve the other users of a shared machine
peer_cpu=0-$(($(nproc) - 1))  # start_peer pins: here to every CPU, i.e. not pinned
lg_cpu=$peer_cpu
log() { echo "soak.sh: $*" >&2; }
. bench/loadgen/run_lib.sh  # bench_scratch, start_peer, stop_peer, get, fmt, met, thousands
bench_scratch
bg_pids=()
trap 'for p in "${bg_pids[@]}" $(cat "$tmp"/*.pid 2> /dev/null); do kill "$p" 2> /dev/null || true; done
      if [ -n "$peer_pid" ]; then kill "$peer_pid" 2> /dev/null || true; fi
      rm -rf "$tmp"' EXIT

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

# The leaderboard's day, and a server clock at its noon, so its board is the live one.
day=2026-11-29
log "seeding $board_results results of $day"
"$seeder" "$tmp/soak.db" "$day" "$board_results" "$tmp/tokens" "$board_conns" >&2
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"

# Limits relaxed for a load from one machine: no message rate limit (a generator plays as fast
# as replies come), connections from 127.0.0.x well over 256 per address. The budgets and
# lifetimes are set only when this server has them (--help lists them): no per-address budget
# (the generators' guests and games all come from 127.0.0.x), and the sweeps made
# short so that eviction and expiry run many times inside the soak rather than after it (the
# defaults, a 60 s sweep, 30 min idle eviction and 24 h guest lifetime, would leave every
# unfinished game and idle guest of a 10-minute run in memory): sweep every 10 s, unfinished
# games idle for 60 s leave memory, guests owning nothing expire 120 s after they were seen.
server_cmd=("$server" --port 0 --bind 127.0.0.1 --msg-rate 0
            --max-connections 20000 --max-connections-per-ip 20000
            --secret-file "$tmp/secret" --db "$tmp/soak.db" --log-level warn
            --clock-start "${day}T12:00:00Z")
server_help=$("$server" --help)
lifetimes=0
if grep -q -- '--guests-per-ip' <<< "$server_help"; then
    server_cmd+=(--guests-per-ip 0 --games-per-ip 0
                 --sweep-ms 10000 --idle-evict-ms 60000 --guest-ttl-ms 120000)
    lifetimes=1
fi

load_before=$(uptime | sed 's/.*load average: //')
start_peer "${server_cmd[@]}"
pid=$peer_pid
port=$peer_port

# lg_start <name> <loadgen options...>: one generator in the background; its output and log go
# to $tmp/<name>.out and .log, its pid to $tmp/<name>.pid (for the exit trap), its exit status
# to $tmp/<name>.rc; the command, as shown in the section, to $tmp/commands.
lg_start() {
    local name=$1
    shift
    local cmd=("$lg" --port "$port" --server-pid "$pid" --label "$name" "$@")
    log "${cmd[*]}"
    (
        "${cmd[@]}" > "$tmp/$name.out" 2> "$tmp/$name.log" &
        echo $! > "$tmp/$name.pid"
        rc=0
        wait $! || rc=$?
        echo "$rc" > "$tmp/$name.rc"
    ) &
    bg_pids+=($!)
    local shown="${cmd[*]}"
    shown=${shown/--port $port/--port <port>}
    shown=${shown/--server-pid $pid/--server-pid <pid>}
    echo "${shown//$tmp/<tmp>}" >> "$tmp/commands"
}

# 1. The idle connections, held until after the sampling ends.
lg_start idle --mode idle -c "$idle_conns" --source-ips 8 --hold $((secs + 15)) \
    --setup-timeout 60
for _ in $(seq 1 600); do
    grep -q 'connections ready' "$tmp/idle.log" 2> /dev/null && break
    [ -f "$tmp/idle.rc" ] && break
    sleep 0.1
done
grep -q 'connections ready' "$tmp/idle.log" || { cat "$tmp/idle.log" >&2; log "idle connections did not open"; exit 1; }

# 2. The sampler: one line a second, "seconds since the load began,VmRSS KiB,open fds".
sample() {
    local t0=$EPOCHREALTIME i=0 now rss fds
    echo "t_s,rss_kib,fds"
    while [ "$i" -le "$secs" ] && [ -d "/proc/$pid" ]; do
        now=$EPOCHREALTIME
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2> /dev/null) || break
        fds=(/proc/"$pid"/fd/*)
        awk -v a="$t0" -v b="$now" -v r="$rss" -v f="${#fds[@]}" \
            'BEGIN { printf "%.3f,%d,%d\n", b - a, r, f }'
        i=$((i + 1))
        # Sleep to the next whole second after t0, so the samples do not drift.
        sleep "$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v i="$i" \
                     'BEGIN { d = a + i - b; if (d < 0) d = 0; printf "%.3f", d }')"
    done
}
sample > "$tmp/samples.csv" &
sampler_pid=$!
bg_pids+=("$sampler_pid")

# 3. Games with connect/disconnect churn and the leaderboard requests, for the whole soak.
guest_opt=(--keep-guest)
[ "$new_guests" = 1 ] && guest_opt=()
lg_start games --mode games -c "$players" --source-ips 4 --warmup 0 -d "$secs" --seeds random \
    "${guest_opt[@]}"
lg_start board --mode open --rate "$board_rate" -c "$board_conns" --warmup 0 -d "$secs" \
    --workload board-around --board-date "$day" --tokens "$tmp/tokens"

# 3b. Abandoned games: every 20 s, a generator run of 20 connections that ends 10 ms after they
#     started their games, like players who close the page during a game. Their games stay in
#     memory unfinished and idle, so the sweeps must evict them (60 s later) for memory to stay
#     flat. Each run's guests own a stored game and so never expire: 20 more guests a run.
abandon_conns=20
abandon_every=20
abandon() {
    local k=0 end=$((SECONDS + secs - 5)) rc
    while [ "$SECONDS" -lt "$end" ] && [ -d "/proc/$pid" ]; do
        k=$((k + 1))
        rc=0
        "$lg" --port "$port" --server-pid "$pid" --label "abandon-$k" --mode games \
            -c "$abandon_conns" --source-ips 4 --warmup 0 -d 0.01 --seeds random \
            > "$tmp/abandon-$k.out" 2> "$tmp/abandon-$k.log" || rc=$?
        echo "$rc" > "$tmp/abandon-$k.rc"
        sleep "$abandon_every"
    done
}
abandon &
bg_pids+=($!)
echo "every $abandon_every s: $lg --port <port> --server-pid <pid> --label abandon-<k> --mode games -c $abandon_conns --source-ips 4 --warmup 0 -d 0.01 --seeds random" >> "$tmp/commands"

wait "$sampler_pid" || true
log "sampling done; waiting for the generators"
for p in "${bg_pids[@]}"; do wait "$p" 2> /dev/null || true; done
# 4. The cool-down: no load for one idle-eviction period plus a sweep, so the games the
#    generators left unfinished leave memory; then the server's RSS, fds and counters once more.
log "cooling down for $cooldown s"
sleep "$cooldown"
rss_cool=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2> /dev/null || echo 0)
fds=(/proc/"$pid"/fd/*)
fd_cool=${#fds[@]}
metrics=$(curl -s --max-time 10 "http://127.0.0.1:$port/metrics" || true)
alive=yes
kill -0 "$pid" 2> /dev/null || alive=no
stop_peer
load_after=$(uptime | sed 's/.*load average: //')

# Each generator's RESULT line (absent: "?" for every figure) and exit status.
abandon_runs=$(find "$tmp" -maxdepth 1 -name 'abandon-*.rc' | wc -l)
abandon_names=()
for k in $(seq 1 "$abandon_runs"); do abandon_names+=("abandon-$k"); done
for name in idle games board "${abandon_names[@]}"; do
    grep '^RESULT ' "$tmp/$name.out" > "$tmp/$name.result" 2> /dev/null || : > "$tmp/$name.result"
    log "$name: exit $(cat "$tmp/$name.rc" 2> /dev/null || echo '?'): $(cat "$tmp/$name.result")"
    grep -E '^loadgen: (first error|setup timeout)' "$tmp/$name.log" >&2 || true
done

# The figures of the samples: after the warm-up, the first and last RSS, least-squares slopes.
read -r n_all n rss_first rss_start rss_end rss_max rss_min_w slope_rss slope_rss_half \
    fd_min fd_max fd_slope fd_first fd_end < <(awk -F, -v w="$warmup" -v s="$secs" '
    function slope(sx, sy, sxx, sxy, k) { return k > 1 && k * sxx - sx * sx > 0 ? (k * sxy - sx * sy) / (k * sxx - sx * sx) : 0 }
    NR == 1 { next }
    { n_all++; if (n_all == 1) { first = $2; fd_first = $3 }; if ($2 > max) max = $2 }
    $1 >= w {
        n++; if (n == 1) { start = $2; fdmin = $3; fdmax = $3; rmin = $2 }
        end = $2; fdend = $3
        if ($2 < rmin) rmin = $2
        if ($3 < fdmin) fdmin = $3; if ($3 > fdmax) fdmax = $3
        x += $1; y += $2; xx += $1 * $1; xy += $1 * $2; f += $3; xf += $1 * $3
    }
    $1 >= w + (s - w) / 2 { m++; hx += $1; hy += $2; hxx += $1 * $1; hxy += $1 * $2 }
    END {
        # KiB/s to MB (10^6 bytes) a minute; fds a second to fds a minute.
        k = 1024 * 60 / 1e6
        printf "%d %d %d %d %d %d %d %.3f %.3f %d %d %.3f %d %d\n", n_all, n, first, start, end,
               max, rmin, slope(x, y, xx, xy, n) * k, slope(hx, hy, hxx, hxy, m) * k,
               fdmin, fdmax, slope(x, f, xx, xf, n) * 60, fd_first, fdend
    }' "$tmp/samples.csv")

num() { [ "$1" = "?" ] && echo 0 || echo "$1"; }
total_errors=0
abandon_failed=0 abandon_errors=0 abandon_ready=0
for name in "${abandon_names[@]}"; do
    [ "$(cat "$tmp/$name.rc")" = 0 ] && [ -s "$tmp/$name.result" ] || abandon_failed=$((abandon_failed + 1))
    abandon_errors=$((abandon_errors + $(num "$(get "$name" errors)") + $(num "$(get "$name" connect_failures)")))
    abandon_ready=$((abandon_ready + $(num "$(get "$name" conns_ready)")))
done
total_errors=$((abandon_failed + abandon_errors))
for name in idle games board; do
    rc=$(cat "$tmp/$name.rc" 2> /dev/null || echo 1)
    [ -s "$tmp/$name.result" ] || rc=1
    e=$(( $(num "$(get "$name" errors)") + $(num "$(get "$name" lost)") + $(num "$(get "$name" connect_failures)") ))
    [ "$rc" = 0 ] || e=$((e + 1))
    total_errors=$((total_errors + e))
done
idle_open=$(get idle open_at_end)
[ "$idle_open" = "$idle_conns" ] || total_errors=$((total_errors + 1))
[ "$alive" = yes ] || total_errors=$((total_errors + 1))

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
metric() { awk -v m="$1" '$1 == m { print $2; f = 1 } END { if (!f) print "absent" }' <<< "$metrics"; }
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo | sed 's/ [0-9]*-Core Processor//')

cat <<EOF
## Soak

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs, $cpu; load average (\`uptime\`) $load_before before the soak and $load_after after it. The machine is shared: other engineers' builds, tests and fuzzers ran beside the soak, so the server got a varying share of the CPUs; the load figures above say how busy it was.
Build: Release (\`-O3 -DNDEBUG\`), $(c++ --version | head -1); source tree at \`$(git describe --always --dirty)\`.

$secs s of steady mixed load on one pinfall-server (default \`--threads\`, one I/O thread per core, not pinned; generators not pinned either), all at once:
- **idle**: $idle_conns WebSocket connections say \`hello\` and stay open for the whole soak (each answers the server's keep-alive pings);
- **games**: $players connections each play whole practice games as fast as the replies come (server-chosen seeds), one WebSocket session per game (connect, \`hello\`, \`practice_start\`, plays, close): connect/disconnect churn. $(if [ "$new_guests" = 1 ]; then
    echo "Every session says \`hello\` as a **new guest** (\`SOAK_NEW_GUESTS=1\`), and a guest who owns a stored game never expires, so the server's guest table grows by one guest a game by design: this run measures that growth."
else
    echo "Each connection is one guest coming back: its first \`hello\` makes a new guest, every later one carries that guest's token (\`--keep-guest\`), as a browser does. (A new guest every game would grow the guest table by design, since a guest who owns a stored game never expires; \`SOAK_NEW_GUESTS=1\` measures that.)"
fi)
- **board**: daily leaderboard "around me" pages (\`{"type":"leaderboard","date":"$day","limit":50,"around":true}\`) at $board_rate/s, open loop, over $board_conns connections logged in as players that \`pinfall-seed-board\` stored beforehand with $(echo "$board_results" | thousands) results of $day (the server's clock starts at that day's noon);
- **abandoned games**: every $abandon_every s, $abandon_conns more connections (new guests) start a practice game each and are cut off 10 ms later, like players closing the page mid-game ($abandon_runs runs): their games stay in memory unfinished and idle until the sweeps evict them;
- **hint**: not part of the soak; the coach's hint latency is measured on its own by `bench/run par` (section "Par": hint p99).

$(if [ "$lifetimes" = 1 ]; then
    echo "Budgets and lifetimes: no per-address budget (\`--guests-per-ip 0 --games-per-ip 0\`: all the generators' guests and games come from 127.0.0.x), and the sweeps shortened so that they run many times inside the soak instead of after it: \`--sweep-ms 10000 --idle-evict-ms 60000 --guest-ttl-ms 120000\` (with the defaults, a 60 s sweep, 30 min idle eviction and a 24 h guest lifetime, nothing but finished games would leave memory during a 10-minute run). Finished games leave memory at every sweep."
else
    echo "This server has no budget or lifetime flags (\`--guests-per-ip\`, \`--sweep-ms\`, ...): it ran with its built-in behaviour."
fi)

After the load the server ran $cooldown s without any (one idle-eviction period, a sweep and a margin), so that the last abandoned games (and those the games generator left unfinished when it stopped) could leave memory, before its RSS, fds and \`/metrics\` were read once more.

A sampler read the server's \`VmRSS\` from \`/proc/<pid>/status\` and counted the entries of \`/proc/<pid>/fd\` once a second from the start of the games and board load ($n_all samples). Slopes are least-squares fits over the $n samples after the warm-up (the first $warmup s); MB is 10^6 bytes.

| Figure | Value | Goal | Met |
|---|---|---|---|
| RSS slope after the warm-up | $slope_rss MB/min | < 1 MB/min | $(met "$slope_rss" lt 1) |
| RSS slope over the second half of that | $slope_rss_half MB/min | - | - |
| RSS at the first sample / after the warm-up / at the end | $(mib "$rss_first") / $(mib "$rss_start") / $(mib "$rss_end") MiB | - | - |
| RSS lowest after the warm-up / highest of the run | $(mib "$rss_min_w") / $(mib "$rss_max") MiB | - | - |
| open fds at the first sample / at the end | $fd_first / $fd_end | - | - |
| open fds after the warm-up: lowest / highest | $fd_min / $fd_max | - | - |
| fd slope after the warm-up | $fd_slope fds/min | about 0 | - |
| RSS / open fds after the load and $cooldown s without it | $(mib "$rss_cool") MiB / $fd_cool | - | - |
| errors, lost requests, failed connections, generator failures | $total_errors | 0 | $([ "$total_errors" = 0 ] && echo yes || echo "**no**") |

| Generator | Exit | Connections ready | Work done | Errors | Lost | Disconnects by the server |
|---|---|---|---|---|---|---|
| idle | $(cat "$tmp/idle.rc" 2> /dev/null || echo '?') | $(get idle conns_ready) of $idle_conns ($(get idle open_at_end) still open at the end) | held $(get idle hold_s) s | $(get idle errors) | - | $(get idle disconnects) |
| games | $(cat "$tmp/games.rc" 2> /dev/null || echo '?') | $(get games conns_ready) of $players | $(get games games | thousands) games, $(get games actions | thousands) actions ($(get games actions_per_s) actions/s, p99 $(get games lat_p99_us) us) | $(get games errors) | - | $(get games disconnects) |
| board | $(cat "$tmp/board.rc" 2> /dev/null || echo '?') | $(get board conns_ready) of $board_conns | $(get board actions | thousands) pages (p99 $(get board lat_p99_us) us from the scheduled time) | $(get board errors) | $(get board lost) | $(get board disconnects) |
| abandoned games | $abandon_failed of $abandon_runs runs failed | $abandon_ready of $((abandon_runs * abandon_conns)) | a game started on each, then cut off | $abandon_errors (errors and failed connections) | - | - |

The server was $([ "$alive" = yes ] && echo "still running at the end" || echo "**gone** before the end"). Its \`/metrics\` after the cool-down: \`pinfall_games_evicted_total\` $(metric pinfall_games_evicted_total), \`pinfall_lanes_evicted_total\` $(metric pinfall_lanes_evicted_total), \`pinfall_guests_expired_total\` $(metric pinfall_guests_expired_total), \`pinfall_games_active\` $(metric pinfall_games_active), \`pinfall_connections\` $(metric pinfall_connections).
$(for name in idle games board "${abandon_names[@]}"; do
    first=$(sed -n 's/^loadgen: first error: //p' "$tmp/$name.log" | head -1)
    if [ -n "$first" ]; then printf '\nFirst error of %s: `%s`\n' "$name" "$first"; fi
done)

Commands (<port> and <pid> are the server's, <tmp> a scratch directory; \`bench/run soak\` runs them, \`SOAK_SECONDS=60 bench/run soak\` a short trial):

\`\`\`
$seeder <tmp>/soak.db $day $board_results <tmp>/tokens $board_conns
$peer_cmd
$(cat "$tmp/commands")
sampler, once a second: awk '/^VmRSS:/ { print \$2 }' /proc/<pid>/status; ls /proc/<pid>/fd | wc -l
\`\`\`
EOF
