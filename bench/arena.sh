#!/usr/bin/env bash
# Measures one arena with many players (issue 28, "Measure") and prints the "Arena" section of
# docs/benchmarks.md, in markdown, on stdout (bench/run stores it). Progress and the load
# generator's logs go to stderr.
#
# Usage: bench/arena.sh [build dir]   (bench/run passes build/release; run alone, this script
#                                      configures the release preset and builds pinfall-server)
# Environment: PINFALL_BENCH_ARENA_PLAYERS  scripted players (default 1000)
#              PINFALL_BENCH_SECONDS        measured window in seconds (default 60)
#              PINFALL_BENCH_ARENA_WARMUP   seconds of play before the window (default 10)
#              PINFALL_BENCH_ARENA_SETUP    seconds allowed to register and join every player
#                                           (default 30; the arena ends after it, the warmup,
#                                           the window and 15 s more)
#              PINFALL_BENCH_ARENA_PG       1: also the two-node run on PostgreSQL (default 1)
#              PINFALL_BENCH_QUIET_WAIT     seconds to wait for the machine to go idle (default 120)
#              PINFALL_BENCH_BOOST          1: the one-node run's server and generator at autogroup
#                                           nice -20 (default 1)
#
# The arena: pinfall-server runs with --arena-schedule "every 10m sackson 10m" and its clock
# (--clock-start) set so that the slot's arena is live at once and ends when the run is over,
# with no per-address budget (every player comes from 127.0.0.1). bench/arena/load.mjs (Node,
# `ws` pinned by bench/arena/package-lock.json) registers the players, joins them to that arena
# and plays games back to back until it ends; it measures the window, counts errors, and any
# error fails this script (no figure is written).
# 1. One node (SQLite): pinfall-server --threads 1 pinned to CPU 1, the generator to CPU 0.
# 2. Two nodes on one throwaway PostgreSQL (tests/pg/cluster.sh; one database and one secret, as
#    bench/cluster.sh's nodes), players split between them (player i on node i mod 2); nothing
#    pinned and nothing boosted, as in bench/cluster.sh: both nodes, PostgreSQL and the generator
#    share the machine's cores with its other work. (At autogroup nice -20, each node's group
#    lends its SCHED_IDLE threads, the integrity analysis, the group's weight against every other
#    group, PostgreSQL's included: they took over a core and the games per second fell by half.)
set -euo pipefail

cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
    build=$1
else
    cmake --preset release >&2
    build=build/release
fi
cmake --build "$build" -j1 --target pinfall-server >&2
server="$build/server/pinfall-server"
players=${PINFALL_BENCH_ARENA_PLAYERS:-1000}
secs=${PINFALL_BENCH_SECONDS:-60}
warmup=${PINFALL_BENCH_ARENA_WARMUP:-10}
setup=${PINFALL_BENCH_ARENA_SETUP:-30}
with_pg=${PINFALL_BENCH_ARENA_PG:-1}
quiet_wait=${PINFALL_BENCH_QUIET_WAIT:-120}
boost=${PINFALL_BENCH_BOOST:-1}
peer_cpu=1
lg_cpu=0
log() { echo "arena.sh: $*" >&2; }
. bench/loadgen/run_lib.sh  # bench_scratch, boost_prefix, wait_quiet, start_peer, stop_peer, fmt, met
bench_scratch
pg=
trap 'if [ -n "$peer_pid" ]; then kill "$peer_pid" 2> /dev/null || true; fi
      if [ -n "$pg" ]; then bash tests/pg/cluster.sh stop "$pg" >&2 || true; fi; rm -rf "$tmp"' EXIT

# The generator's one package (`ws`), from npm ci when missing or not at its pinned version.
command -v node > /dev/null && command -v npm > /dev/null &&
    [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] ||
    { log "node 20 or later and npm are needed (bench/arena/load.mjs)"; exit 1; }
if ! node -e 'const want = require("./bench/arena/package.json").dependencies.ws;
              process.exit(require("./bench/arena/node_modules/ws/package.json").version === want ? 0 : 1)' \
        2> /dev/null; then
    (cd bench/arena && npm ci --no-audit --no-fund --loglevel=error) >&2
fi

# A descriptor per player in the server and in the generator.
ulimit -n "$(ulimit -Hn)" 2> /dev/null || true
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((players + 200)) ]; then
    log "ulimit -n is $(ulimit -n): too few descriptors for $players players"
    exit 1
fi

# The server's clock: the 10-minute slot of 12:00 UTC on a fixed day, entered so that its arena
# ends `span` seconds after the server starts (setup, warmup, window, 15 s to finish).
span=$((setup + warmup + secs + 15))
[ "$span" -le 600 ] || { log "setup + warmup + window + 15 s must fit in the 10-minute arena"; exit 1; }
clock_start=$(date -u -d "@$(( $(date -u -d 2026-11-29T12:10:00Z +%s) - span ))" +%Y-%m-%dT%H:%M:%SZ)
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"
server_flags=(--bind 127.0.0.1 --threads 1 --msg-rate 0 --max-connections 20000
              --max-connections-per-ip 20000 --guests-per-ip 0 --games-per-ip 0
              --secret-file "$tmp/secret" --log-level warn
              --clock-start "$clock_start" --arena-schedule "every 10m sackson 10m")
gen=(node bench/arena/load.mjs -n "$players" --warmup "$warmup" -d "$secs"
     --setup-timeout "$setup")

# run_gen <name> <command...>: the generator; its RESULT line in $tmp/<name>.result. Any error
# it counted (it exits 1) stops the script.
run_gen() {
    local name=$1
    shift
    log "$*"
    if ! "$@" > "$tmp/$name.out" 2> "$tmp/$name.log"; then
        cat "$tmp/$name.log" >&2
        log "$name: the generator failed or counted errors (above): no figure is written"
        exit 1
    fi
    grep '^RESULT ' "$tmp/$name.out" > "$tmp/$name.result" || { log "$name: no RESULT line"; exit 1; }
    log "$(cat "$tmp/$name.result")"
    [ "$(get "$name" errors)" = 0 ] || { log "$name: errors: no figure is written"; exit 1; }
}

wait_quiet
load=$(cut -d' ' -f1-3 /proc/loadavg)

# 1. One node, SQLite.
start_peer "$server" --port 0 --db "$tmp/arena.db" "${server_flags[@]}"
one_server_cmd=$peer_cmd
boost_prefix
one_gen_cmd="taskset -c $lg_cpu ${gen[*]} --label one-node --ports <port> --server-pids <pid>"
run_gen one "${boost_cmd[@]}" taskset -c "$lg_cpu" "${gen[@]}" --label one-node \
    --ports "$peer_port" --server-pids "$peer_pid"
stop_peer

# 2. Two nodes on one PostgreSQL.
if [ "$with_pg" = 1 ]; then
    pg=$(mktemp -d /tmp/pinfall-pg-arena-XXXXXX)
    bash tests/pg/cluster.sh start "$pg" >&2
    bash tests/pg/cluster.sh createdb "$pg" pinfall_arena >&2
    pg_pid=$(head -1 "$pg/data/postmaster.pid")
    db="postgresql:///pinfall_arena?host=$pg&user=postgres"
    two_server_cmd="$server --port 0 --db postgresql:///pinfall_arena?host=<pg>&user=postgres --node-id a|b ${server_flags[*]}"
    two_gen_cmd="${gen[*]} --label two-nodes --ports <port a>,<port b> --server-pids <pid a>,<pid b> --pg-pid <postmaster>"
    run_gen two bash bench/arena/two_nodes.sh "$tmp" "$server" "$db" "$pg_pid" \
        "${server_flags[@]}" -- "${gen[@]}" --label two-nodes
    bash tests/pg/cluster.sh stop "$pg" >&2
    pg=
fi

# ---------------------------------------------------------------------------------------------
# The section.
runs=(one)
[ "$with_pg" = 1 ] && runs+=(two)
cpu_model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/^model name[[:space:]]*: //')
n1() { fmt '%.1f' "$(get "$1" "$2")"; }
n0() { fmt '%.0f' "$(get "$1" "$2")" | thousands; }
mib() { fmt '%.1f' "$(get "$1" "$2")" "$(awk 'BEGIN { print 1 / 1024 }')"; }
# row <label> <function printing a run's cell, given the run's name>
row() {
    local cells="" r
    for r in one two; do
        if [[ " ${runs[*]} " == *" $r "* ]]; then cells+=" $("$2" "$r") |"; else cells+=" - |"; fi
    done
    echo "| $1 |$cells"
}
two_nodes() { [ "$(get "$1" nodes)" != 1 ]; }
c_setup() { echo "$(n1 "$1" setup_s) s ($(n1 "$1" register_s) s registering)"; }
c_games() { n1 "$1" games_per_s; }
c_actions() { echo "$(n0 "$1" actions_per_s) ($(n1 "$1" actions_per_game) a game)"; }
c_act() { echo "$(get "$1" act_p50_ms) / $(get "$1" act_p99_ms) ms"; }
c_cpu() { echo "**$(n0 "$1" server_cpu_us_per_game) us**"; }
c_idle() { echo "$(n0 "$1" server_idle_us_per_game) us"; }
c_pg() { if two_nodes "$1"; then echo "$(n0 "$1" pg_cpu_us_per_game) us"; else echo "- (SQLite: in the server's)"; fi; }
c_pushes() { echo "$(n0 "$1" pushes_per_s) ($(n0 "$1" push_bytes_mean) bytes each)"; }
c_gap() { echo "$(get "$1" push_gap_min_ms) / $(get "$1" push_gap_p50_ms) / $(get "$1" push_gap_max_ms) ms"; }
c_exact() {
    echo "**$(get "$1" exact_p50_ms) / $(get "$1" exact_p99_ms) ms** / $(get "$1" exact_max_ms) ms ($(get "$1" exact_pairs | thousands) pairs, $(get "$1" exact_finishes) finishes)"
}
c_split() {
    if two_nodes "$1"; then
        echo "$(get "$1" exact_same_p50_ms) / $(get "$1" exact_same_p99_ms) ms; $(get "$1" exact_cross_p50_ms) / $(get "$1" exact_cross_p99_ms) ms"
    else
        echo "-"
    fi
}
c_goal() { met "$(get "$1" exact_p99_ms)" le 1500; }
c_first() { echo "$(get "$1" first_p50_ms) / $(get "$1" first_p99_ms) / $(get "$1" first_max_ms) ms ($(get "$1" first_pairs | thousands) pairs)"; }
c_rss() { echo "**$(n0 "$1" rss_per_player_bytes) bytes** ($(mib "$1" rss0_kib) -> $(mib "$1" rss1_kib) MiB)"; }
c_integrity() {
    echo "$(n1 "$1" integrity_analysed_per_s) a second, $(fmt '%.0f' "$(get "$1" integrity_us_per_analysed)" 0.001 | thousands) ms of CPU each; $(get "$1" integrity_pending_end | thousands) pending at the window's end"
}
c_share() {
    local idle_pct
    idle_pct=$(fmt '%.0f' "$(get "$1" server_idle_cpu_s)" "$(awk -v w="$(get "$1" window_s)" 'BEGIN { print 100 / w }')")
    if two_nodes "$1"; then
        echo "nodes $(get "$1" server_cpu_pct) (a $(get "$1" server0_cpu_pct), b $(get "$1" server1_cpu_pct); $idle_pct of it SCHED_IDLE), PostgreSQL $(get "$1" pg_cpu_pct), generator $(get "$1" gen_cpu_pct), other processes $(get "$1" other_cpu_pct): the machine $(get "$1" machine_busy_pct) of $(($(nproc) * 100))"
    else
        echo "server $(get "$1" server_cpu_pct) ($idle_pct of it SCHED_IDLE), generator $(get "$1" gen_cpu_pct), other processes $(get "$1" other_cpu_pct): the machine $(get "$1" machine_busy_pct) of $(($(nproc) * 100))"
    fi
}
c_threads() {
    if two_nodes "$1"; then
        echo "a: $(get "$1" server0_threads); b: $(get "$1" server1_threads)"
    else
        get "$1" server0_threads
    fi
}
# Which side ran out of CPU in the window (the SCHED_IDLE threads only take what is left).
c_saturated() {
    local s g m i
    s=$(get "$1" server_cpu_pct)
    g=$(get "$1" gen_cpu_pct)
    m=$(get "$1" machine_busy_pct)
    i=$(fmt '%.0f' "$(get "$1" server_idle_cpu_s)" "$(awk -v w="$(get "$1" window_s)" 'BEGIN { print 100 / w }')")
    if two_nodes "$1"; then
        awk -v m="$m" -v i="$i" -v n="$(nproc)" -v g="$g" -v s="$s" -v p="$(get "$1" pg_cpu_pct)" \
            -v o="$(get "$1" other_cpu_pct)" 'BEGIN {
            fg = m - i; ours = s - i + p + g
            if (fg >= 90 * n) print "the machine: its " n " cores busy without the SCHED_IDLE threads (" fg "%: nodes, PostgreSQL and generator " ours "%, other processes " o "%)" (g >= 90 ? "; the generator a whole core" : "")
            else if (g >= 90) print "the generator (a whole core)"
            else print "no CPU: " fg "% of " n * 100 "% busy without the SCHED_IDLE threads" }'
    else
        awk -v s="$s" -v i="$i" -v g="$g" 'BEGIN {
            fg = s - i
            if (fg >= 90 && g >= 90) print "both, the server and the generator (each its core)"
            else if (fg >= 90) print "the server (its core; the generator " g "% of its)"
            else if (g >= 90) print "the generator (its core; the server " fg "% of its in the foreground)"
            else print "neither: server " fg "% in the foreground, generator " g "%" }'
    fi
}
c_errors() {
    local by=""
    two_nodes "$1" && by=" (a $(get "$1" ended_by_node | cut -d, -f1), b $(get "$1" ended_by_node | cut -d, -f2))"
    echo "$(get "$1" errors); $(get "$1" ended) of $(get "$1" players)$by; $(get "$1" late_refusals)"
}

cat <<EOF
## Arena

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs ($cpu_model), load average $load before the runs ($quiet_busy% busy after a wait of $quiet_waited s); other engineers' work shares this machine.
Build: Release (\`-O3 -DNDEBUG\`), $(c++ --version | head -1), Boost $(dpkg-query -W -f '${Version}' libboost-dev 2>/dev/null || echo '?'), SQLite $(dpkg-query -W -f '${Version}' libsqlite3-0 2>/dev/null || echo '?'), PostgreSQL $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 | awk -F/ '{ print $5 }'), Node $(node --version) with ws $(node -p 'require("./bench/arena/node_modules/ws/package.json").version'); source tree at \`$(git describe --always --dirty)\`.

Command: \`bench/run arena\` (bench/arena.sh, bench/arena/load.mjs). $(echo "$players" | thousands) scripted players over loopback in one arena: the schedule's 10-minute arena (\`--arena-schedule "every 10m sackson 10m" --clock-start $clock_start\`), live at once and ending $span s after the server starts. Each player registers, joins, then plays whole sackson games back to back with random legal plays, one request in flight, until the arena ends. Measured over a ${secs} s window after ${warmup} s of play: the server's CPU (user + system of every thread, /proc/PID/stat) per game finished in the window; the time from a game's finish (the reply to its last action, received) to each other participant's standings push reflecting it; the server's RSS growth from before the players connected to after all had joined, per participant. Any error (an error reply, a closed connection, a request unanswered for 30 s, a participant without pushes in the window) fails the run; the participants that got \`arena_ended\` are counted.
- **One node**: pinfall-server on SQLite, \`--threads 1\`, pinned to CPU 1; the generator pinned to CPU 0; both at autogroup nice -20.
EOF
if [ "$with_pg" = 1 ]; then
    echo "- **Two nodes**: two pinfall-servers (\`--threads 1\` each) on one throwaway PostgreSQL (tests/pg/cluster.sh: unix socket, \`fsync=off\`), player i on node i mod 2; nothing pinned, nothing boosted (as in the Cluster section): both nodes, PostgreSQL and the generator share the $(nproc) cores with the machine's other work."
fi
cat <<EOF

| figure | one node (SQLite) | two nodes (PostgreSQL) |
|---|---|---|
EOF
row "players registered and joined in" c_setup
row "games finished per second" c_games
row "actions per second" c_actions
row "action round trip p50 / p99" c_act
row "**server CPU per finished game** (both nodes together)" c_cpu
row "of which the server's SCHED_IDLE threads (the integrity analysis)" c_idle
row "PostgreSQL CPU per finished game" c_pg
row "standings pushes received per second (all participants)" c_pushes
row "gap between a participant's pushes as received (the server waits a second after each round): min / p50 / max" c_gap
row "**finish to another participant's push reflecting it: p50 / p99** / max" c_exact
row "the same, participants on the finisher's node; on the other node (p50 / p99)" c_split
row "goal: p99 <= 1,500 ms" c_goal
row "finish to the participant's first push after it: p50 / p99 / max" c_first
row "**server RSS per participant** (RSS before connecting -> all joined)" c_rss
row "integrity analysis of the finished games (SCHED_IDLE threads)" c_integrity
row "CPU in the window, % of a core" c_share
row "server threads using 1% or more, % of a core (i: SCHED_IDLE)" c_threads
row "saturated" c_saturated
row "errors; participants that got \`arena_ended\`; \`arena_play\` refused at the end (not errors)" c_errors
cat <<EOF

The push latency is exact: for each game finished in the window by player F (its n-th game, at the arrival of its last reply) and each other participant p, the first standings push p received whose top 10 shows F with n games or more while p's push before it showed F with fewer. Only finishes by top-10 players are sampled so, but every participant's push of each counts, on F's node and on the other node alike; the pairs of one finish share most of their latency (the wait for the next round of pushes), so the number of finishes is what the exact figure rests on. The row "first push after it" takes every (finish, participant) pair and the first push p received after the finish: it reads low by up to a second for a pair whose push was built just before the finish reached the standings. Pushes are coalesced to one a second per arena: about half a second of the latency is the wait for the next push.
EOF
for r in "${runs[@]}"; do
    [ "$(get "$r" ended)" = "$(get "$r" players)" ] && continue
    echo
    if [ "$r" = two ]; then
        echo "**Not every participant got \`arena_ended\`** ($(get "$r" ended) of $(get "$r" players), two nodes): a node that hears the other node's end (its NOTIFY, then \`ArenaHall::arena_changed\` and \`adopt\`) before its own tick reaches the end takes the stored \`ended_at\` for an end already pushed, and never pushes it to its watchers. Counted, not an error: the figures above do not depend on it."
    else
        echo "**Not every participant got \`arena_ended\`** ($(get "$r" ended) of $(get "$r" players), one node) within 15 s of the end. Counted, not an error: the figures above do not depend on it."
    fi
done
cat <<EOF

Commands (<port> and <pid> are the servers', <tmp> a scratch directory, <pg> the PostgreSQL directory):

\`\`\`
${one_server_cmd//$tmp/<tmp>}
$one_gen_cmd
EOF
if [ "$with_pg" = 1 ]; then
    echo "bash tests/pg/cluster.sh start <pg>; bash tests/pg/cluster.sh createdb <pg> pinfall_arena"
    echo "${two_server_cmd//$tmp/<tmp>}"
    echo "$two_gen_cmd"
fi
echo '```'
