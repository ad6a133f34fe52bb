# Shell functions of bench/server.sh (sourced by it, not run): start and stop a peer, run
# pinfall-loadgen against it, read its RESULT lines. The markdown report is in report_lib.sh.
#
# Contract: the caller sets tmp (a scratch directory), lg (the loadgen binary), lg_cpu and
# peer_cpu (cores to pin to), quiet_wait (seconds), boost (1: raise priority) and a function
# log. start_peer sets peer_pid, peer_port and peer_cmd; run_lg <name> (and run_node_lg, the
# Node generator of the same-work peers, run from the repository's root) leaves
# $tmp/<name>.result (one RESULT line) and appends the exact commands to $tmp/commands. Every
# function exits the script on failure rather than report a figure it did not measure.

# bench_scratch: forgets every PINFALL_* variable (pinfall-server reads PINFALL_<OPTION> and
# refuses unknown ones, so it runs with only the flags given), makes the scratch directory $tmp,
# and on exit stops the running peer ($peer_pid) and removes $tmp. Call it once, after reading
# the script's own PINFALL_BENCH_* settings.
bench_scratch() {
    local var
    for var in $(compgen -e | grep '^PINFALL_' || true); do unset "$var"; done
    tmp=$(mktemp -d)
    peer_pid=
    trap 'if [ -n "$peer_pid" ]; then kill "$peer_pid" 2> /dev/null || true; fi; rm -rf "$tmp"' EXIT
}

# The prefix that runs peers and the generator in a session of their own whose autogroup has
# nice -20: Linux autogroup scheduling shares the CPUs between sessions, so that other work on a
# shared machine (compilers, tests) takes little of the measured processes' cores. Without the
# privilege to raise priority it changes nothing. PINFALL_BENCH_BOOST=0 turns it off.
boost_prefix() {
    if [ "$boost" = 1 ]; then
        boost_cmd=(setsid -w sh -c 'echo -20 > /proc/self/autogroup 2> /dev/null; exec "$@"' sh)
    else
        boost_cmd=()
    fi
}

# Jiffies every CPU has spent busy since boot (user, nice, system, irq, softirq, steal).
busy_jiffies() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat; }

# Waits until the machine is under 10% busy over 2 s, at most $quiet_wait seconds (then goes on
# and says so). Sets quiet_busy (percent busy in the last 2 s) and quiet_waited (seconds).
wait_quiet() {
    local start=$SECONDS b0 b1 hz n
    hz=$(getconf CLK_TCK)
    n=$(nproc)
    while :; do
        b0=$(busy_jiffies)
        sleep 2
        b1=$(busy_jiffies)
        quiet_busy=$(awk -v a="$b0" -v b="$b1" -v hz="$hz" -v n="$n" \
                         'BEGIN { printf "%.0f", (b - a) / hz / 2 / n * 100 }')
        [ "$quiet_busy" -le 10 ] && break
        if [ $((SECONDS - start)) -ge "$quiet_wait" ]; then
            log "the machine is still ${quiet_busy}% busy after ${quiet_wait} s: measuring anyway"
            break
        fi
        log "the machine is ${quiet_busy}% busy with other processes: waiting"
    done
    quiet_waited=$((SECONDS - start))
}

# start_peer <command...>: runs it pinned to peer_cpu, waits for "listening on port N".
start_peer() {
    rm -f "$tmp/peer.out" "$tmp/peer.err"
    : > "$tmp/peer.out"
    boost_prefix
    "${boost_cmd[@]}" taskset -c "$peer_cpu" "$@" > "$tmp/peer.out" 2> "$tmp/peer.err" &
    peer_pid=$!
    peer_cmd="taskset -c $peer_cpu $*"
    peer_cmd=${peer_cmd//$tmp/<tmp>}
    local _
    for _ in $(seq 1 600); do
        peer_port=$(awk '/^listening on port/ { print $4; exit }' "$tmp/peer.out")
        [ -n "$peer_port" ] && return 0
        kill -0 "$peer_pid" 2> /dev/null || break
        sleep 0.1
    done
    log "peer did not start: $peer_cmd"
    cat "$tmp/peer.err" >&2
    exit 1
}

# require_tools <script name> <tool...>: exits, naming the first tool not on the PATH.
require_tools() {
    local name=$1 tool
    shift
    for tool in "$@"; do
        command -v "$tool" > /dev/null || { echo "$name: $tool is needed" >&2; exit 1; }
    done
}

# closed_loop_setup <script name> <build dir> <tool...>: what the closed-loop tools
# (cpu_profile.sh, send_times.sh, syscalls.sh) do first: check their tools, build
# pinfall-server and pinfall-loadgen in the build dir, set lg to the generator, make $tmp
# (bench_scratch), and have start_peer pin the peer to CPU 1 with no priority boost.
closed_loop_setup() {
    local name=$1 dir=$2
    shift 2
    require_tools "$name" "$@"
    cmake --build "$dir" -j2 --target pinfall-server pinfall-loadgen >&2
    lg="$dir/bench/loadgen/pinfall-loadgen"
    bench_scratch
    peer_cpu=1
    boost=0
}

# start_pinfall <command...>: start_peer for pinfall-server as the closed-loop tools run it
# (bench/ab.sh, cpu_profile.sh, instructions.sh, syscalls.sh): one I/O thread, no rate limit,
# no per-address budgets, room for 20,000 connections, a fresh secret and database in $tmp. The
# command is the server's binary, or a wrapper (valgrind ...) followed by it.
start_pinfall() {
    rm -f "$tmp/pinfall.db" "$tmp/pinfall.db-wal" "$tmp/pinfall.db-shm"
    head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"
    start_peer "$@" --port 0 --bind 127.0.0.1 --threads 1 --msg-rate 0 --guests-per-ip 0 \
        --games-per-ip 0 --max-connections 20000 --max-connections-per-ip 20000 \
        --secret-file "$tmp/secret" --db "$tmp/pinfall.db" --log-level warn
}

# Stops the running peer with SIGTERM and waits for it (a profiled server writes its profile).
stop_peer() {
    kill -TERM "$peer_pid" 2> /dev/null || true
    wait "$peer_pid" 2> /dev/null || true
    peer_pid=
}

# accepted_actions: the validated actions the running pinfall-server has accepted so far (its
# /metrics counter): read at a window's two edges, it counts the actions in the window.
accepted_actions() {
    curl -sf "http://127.0.0.1:$peer_port/metrics" |
        awk '/^pinfall_actions_accepted_total/ { print $2 }'
}

# run_lg <name> <loadgen options...>: one pinfall-loadgen run against the running peer.
run_lg() { run_generator "$1" "$lg" "${@:2}"; }

# run_node_lg <name> <options...>: one run of the same-work peers' Node load generator
# (bench/peers/loadgen.mjs: the same closed loop through the peer's own client library, the same
# RESULT keys), pinned and checked the same way.
run_node_lg() { run_generator "$1" node bench/peers/loadgen.mjs "${@:2}"; }

# run_generator <name> <generator command> <options...>: the run of run_lg and run_node_lg.
run_generator() {
    local name=$1 gen=()
    shift
    case $1 in node) gen=("$1" "$2"); shift 2 ;; *) gen=("$1"); shift ;; esac
    local cmd=(taskset -c "$lg_cpu" "${gen[@]}" --port "$peer_port" --server-pid "$peer_pid"
               --label "$name" "$@")
    log "${cmd[*]}"
    boost_prefix
    if ! "${boost_cmd[@]}" "${cmd[@]}" > "$tmp/$name.out" 2> "$tmp/$name.log"; then
        cat "$tmp/$name.log" >&2
        log "$name: ${gen[*]} failed"
        exit 1
    fi
    grep -E '^loadgen(\.mjs)?: (first error|setup timeout)' "$tmp/$name.log" >&2 || true
    if ! grep '^RESULT ' "$tmp/$name.out" > "$tmp/$name.result"; then
        log "$name: no RESULT line"
        exit 1
    fi
    log "$(cat "$tmp/$name.result")"
    # A run with errors, refused connections or (idle hold) fewer connections open than asked
    # measured something else than it says: stop here rather than write its figures.
    local errors failures ready conns
    errors=$(get "$name" errors)
    failures=$(get "$name" connect_failures)
    ready=$(get "$name" conns_ready)
    conns=$(get "$name" conns)
    if [ "$errors" != 0 ] || [ "$failures" != 0 ] || [ "$ready" != "$conns" ]; then
        grep -E '^loadgen(\.mjs)?: first error' "$tmp/$name.log" >&2 || true
        log "$name: $errors errors, $failures refused connections, $ready of $conns ready:" \
            "the run is not counted (a budget or limit of the server's?); no figure is written"
        exit 1
    fi
    case $name in *-[2-9]) return 0 ;; esac  # repetitions: same commands as the first
    local shown="${cmd[*]}"
    shown=${shown/--port $peer_port/--port <port>}
    shown=${shown/--server-pid $peer_pid/--server-pid <pid>}
    printf '%s\n%s\n' "$peer_cmd" "$shown" >> "$tmp/commands"
}

# get <name> <key>: a value of a run's RESULT line, or "?" when absent.
get() {
    awk -v k="$2" '{ for (i = 2; i <= NF; i++) { n = index($i, "=");
                     if (substr($i, 1, n - 1) == k) { print substr($i, n + 1); f = 1; exit } } }
                   END { if (!f) print "?" }' "$tmp/$1.result"
}

# median <prefix> <key>: the median of <key> over runs <prefix>-1 .. <prefix>-$reps.
median() {
    local r
    for r in $(seq 1 "$reps"); do get "$1-$r" "$2"; done | sort -g |
        awk '{ v[NR] = $1 }
             END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# sum_of <prefix> <key>: the sum of <key> over the repetitions (errors, lost requests).
sum_of() {
    local r
    for r in $(seq 1 "$reps"); do get "$1-$r" "$2"; done | awk '{ s += $1 } END { print s + 0 }'
}

# fmt <printf format> <number> [scale]; met <number> <le|ge|lt> <goal>: "yes" or "**no**".
fmt() { awk -v f="$1" -v x="$2" -v s="${3:-1}" 'BEGIN { printf f, x * s }'; }
met() {
    awk -v x="$1" -v op="$2" -v g="$3" \
        'BEGIN { ok = op == "le" ? x <= g : op == "lt" ? x < g : x >= g
                 print ok ? "yes" : "**no**" }'
}
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
