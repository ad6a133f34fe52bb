#!/usr/bin/env bash
# Runs the server benchmarks and prints the "Server" section of docs/benchmarks.md, in markdown,
# on stdout (bench/run stores it). Progress and the load generator's logs go to stderr.
#
# Usage: bench/server.sh [build dir]   (bench/run passes build/release; run alone, this script
#                                       configures and builds the release preset itself)
# Environment: PINFALL_BENCH_SECONDS     measured seconds per run (default 10)
#              PINFALL_BENCH_REPS        closed-loop repetitions, figures are medians (default 3)
#              PINFALL_BENCH_IDLE_CONNS  idle-hold connections (default 19000)
#              PINFALL_BENCH_PROFILE     1: profile the server with callgrind and the same-work
#                                        peers with node --cpu-prof (default 1)
#              PINFALL_BENCH_QUIET_WAIT  seconds to wait for the machine to go idle (default 120)
#              PINFALL_BENCH_BOOST       1: peers and generator at autogroup nice -20 (default 1)
# Every peer listens on 127.0.0.1 only and is pinned to CPU 1 (pinfall-server with --threads 1,
# the Node `ws` peer, the C echo peer, the Colyseus and boardgame.io same-work peers);
# bench/loadgen (pinfall-loadgen) and the peers' Node generator are pinned to CPU 0.
# Every figure printed comes from this run's RESULT lines; goals are compared, never assumed.
set -euo pipefail

cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
    build=$1
else
    cmake --preset release >&2
    build=build/release
fi
cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen >&2
server="$build/server/pinfall-server"
lg="$build/bench/loadgen/pinfall-loadgen"
secs=${PINFALL_BENCH_SECONDS:-10}
reps=${PINFALL_BENCH_REPS:-3}
idle_conns=${PINFALL_BENCH_IDLE_CONNS:-19000}
profile=${PINFALL_BENCH_PROFILE:-1}
quiet_wait=${PINFALL_BENCH_QUIET_WAIT:-120}
boost=${PINFALL_BENCH_BOOST:-1}
peer_cpu=1
lg_cpu=0
log() { echo "server.sh: $*" >&2; }
. bench/loadgen/run_lib.sh     # bench_scratch, start_peer, stop_peer, run_lg, get, median, ...
. bench/loadgen/report_lib.sh  # print_section
bench_scratch

# Peers: the C echo server is compiled here; the Node peers' pinned packages (`ws`, Colyseus,
# boardgame.io: bench/peers/package-lock.json) come from npm ci when node_modules lacks one of
# them at its pinned version. Node 20 or later (the peers import web/js's ES modules).
cc -O2 -Wall -o "$tmp/echo_server" bench/peers/echo_server.c
node_ok=0
peers_installed() {
    node -e 'const p = require("./bench/peers/package.json");
             for (const [n, v] of Object.entries(p.dependencies)) {
                 let got = null;
                 try { got = require(`./bench/peers/node_modules/${n}/package.json`).version; }
                 catch (e) {}
                 if (got !== v) process.exit(1);
             }'
}
if command -v node > /dev/null && command -v npm > /dev/null &&
   [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ]; then
    if ! peers_installed; then
        (cd bench/peers && npm ci --no-audit --no-fund --loglevel=error) >&2
    fi
    node_ok=1
else
    log "node 20 or later and npm are needed for the Node peers: their rows are not measured"
fi
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"
# No per-address budget: every guest and game of the load generator comes from 127.0.0.x (with
# the defaults, 60 new guests and 600 games per address per 10 minutes, nearly every request
# would be over_budget).
server_cmd=("$server" --port 0 --bind 127.0.0.1 --threads 1 --msg-rate 0
            --max-connections 20000 --max-connections-per-ip 20000
            --guests-per-ip 0 --games-per-ip 0
            --secret-file "$tmp/secret" --db "$tmp/pinfall.db" --log-level warn)

# The idle hold needs a descriptor per connection in the server and in the load generator.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
fd_limit=$(ulimit -n)
if [ "$fd_limit" != unlimited ] && [ "$fd_limit" -lt $((idle_conns + 100)) ]; then
    log "ulimit -n is $fd_limit: idle hold reduced from $idle_conns connections"
    idle_conns=$((fd_limit - 100))
fi

# 0. The same-work peers must play as the engine does before they are measured: check.mjs plays
#    the docs/protocol.md example game, the first plays of tests/vectors/first-plays.txt and 50
#    whole games on the seeds of tests/vectors/deals.txt on pinfall-server, the Colyseus room and
#    the boardgame.io server, each through its client library; any difference stops the script.
if [ "$node_ok" = 1 ]; then
    start_peer "${server_cmd[@]}"
    log "node bench/peers/check.mjs --pinfall-port $peer_port"
    if ! node bench/peers/check.mjs --pinfall-port "$peer_port" > "$tmp/check.out"; then
        log "the same-work peers do not play as pinfall-server does (above): nothing is measured"
        exit 1
    fi
    stop_peer
    cat "$tmp/check.out" >&2
fi

wait_quiet
load=$(cut -d' ' -f1-3 /proc/loadavg)

# 1. Closed loop, 100 connections x 1 in flight: Pinfall, then the Node peer and the raw echo
#    peer with Pinfall's mean request and reply sizes from the first Pinfall run, then the
#    same-work peers (Colyseus, boardgame.io) playing the same games.
closed=(--mode closed -c 100 -k 1 --warmup 2 -d "$secs")
for rep in $(seq 1 "$reps"); do
    start_peer "${server_cmd[@]}"
    run_lg "pinfall-$rep" "${closed[@]}"
    stop_peer
    if [ "$rep" = 1 ]; then
        req_bytes=$(get pinfall-1 req_bytes_mean)
        reply_bytes=$(get pinfall-1 reply_bytes_mean)
    fi
    if [ "$node_ok" = 1 ]; then
        start_peer node bench/peers/ws_peer.js 0 "$reply_bytes"
        run_lg "node-$rep" "${closed[@]}" --target wspeer --req-bytes "$req_bytes"
        stop_peer
    fi
    start_peer "$tmp/echo_server" 0 "$reply_bytes"
    run_lg "raw-$rep" "${closed[@]}" --target raw --req-bytes "$req_bytes"
    stop_peer
    # The same-work peers: the same closed loop of practice games with random legal plays, from
    # the Node generator through each peer's own client library.
    if [ "$node_ok" = 1 ]; then
        start_peer node bench/peers/colyseus/server.mjs 0
        run_node_lg "colyseus-$rep" --target colyseus -c 100 --warmup 2 -d "$secs"
        stop_peer
        start_peer node bench/peers/bgio/server.mjs 0
        run_node_lg "bgio-$rep" --target bgio -c 100 --warmup 2 -d "$secs"
        stop_peer
    fi
done

# The floor under the same-work peers' figures: the browser's engine alone, on the peers' core,
# with Node's SHA-256 (as the peers run it) and with WebCrypto's (as the browser code is).
if [ "$node_ok" = 1 ]; then
    boost_prefix
    for variant in engine_cost engine_cost_webcrypto; do
        digest=node
        [ "$variant" = engine_cost_webcrypto ] && digest=webcrypto
        log "PEER_DIGEST=$digest taskset -c $peer_cpu node bench/peers/engine_cost.mjs"
        PEER_DIGEST=$digest "${boost_cmd[@]}" taskset -c "$peer_cpu" \
            node bench/peers/engine_cost.mjs > "$tmp/$variant.out"
        grep '^RESULT ' "$tmp/$variant.out" > "$tmp/$variant.result" ||
            { log "engine_cost.mjs: no RESULT line"; exit 1; }
        log "$(cat "$tmp/$variant.result")"
    done
    echo "PEER_DIGEST=node|webcrypto taskset -c $peer_cpu node bench/peers/engine_cost.mjs" \
        >> "$tmp/commands"
fi

# 2. Open loop: 10,000 actions/s over 1,000 connections, latency from the scheduled send time.
#    The same schedule against the echo peer shows the floor set by the generator and kernel.
start_peer "${server_cmd[@]}"
run_lg open --mode open --rate 10000 -c 1000 --warmup 3 -d "$secs"
stop_peer
start_peer "$tmp/echo_server" 0 "$reply_bytes"
run_lg open-raw --mode open --rate 10000 -c 1000 --warmup 3 -d "$secs" --target raw \
    --req-bytes "$req_bytes"
stop_peer

# 3. Whole games, one WebSocket session each (connect, hello, practice_start, plays, close).
start_peer "${server_cmd[@]}"
run_lg games --mode games -c 100 --warmup 2 -d "$secs" --source-ips 4
stop_peer

# 4. Idle hold: memory per connection from the server's RSS.
start_peer "${server_cmd[@]}"
run_lg idle --mode idle -c "$idle_conns" --source-ips 8 --hold 5
stop_peer

# 5. Where the server's instructions go (user space), on a short closed-loop run.
profiled=0
if [ "$profile" = 1 ] && command -v valgrind > /dev/null; then
    start_peer valgrind --tool=callgrind --callgrind-out-file="$tmp/callgrind.out" \
        "${server_cmd[@]}"
    run_lg profile --mode closed -c 20 -k 1 --warmup 1 -d 10
    stop_peer
    [ -s "$tmp/callgrind.out" ] && profiled=1
fi

# 6. Where the same-work peers' main threads go: a V8 CPU profile (node --cpu-prof) of each on a
#    short closed-loop run (the profiler slows them: these runs' figures are not reported).
peer_profiled=0
if [ "$profile" = 1 ] && [ "$node_ok" = 1 ]; then
    for peer in colyseus bgio; do
        start_peer node --cpu-prof --cpu-prof-dir="$tmp/prof-$peer" "bench/peers/$peer/server.mjs" 0
        run_node_lg "prof-$peer" --target "$peer" -c 100 --warmup 2 -d 5
        stop_peer
    done
    # The largest profile of each directory is the main thread's (bgio's deal worker has its own).
    if node bench/peers/profile_summary.mjs \
           "Colyseus room=$(ls -S "$tmp"/prof-colyseus/*.cpuprofile | head -1)" \
           "boardgame.io=$(ls -S "$tmp"/prof-bgio/*.cpuprofile | head -1)" \
           > "$tmp/peer_profile.md"; then
        peer_profiled=1
    fi
fi

print_section
