#!/usr/bin/env bash
# Why pinfall-server links jemalloc: runs bench/server.sh's idle hold (19,000 connections, hello
# only, server RSS per connection) and a closed loop (20 connections x 1 in flight, 8 s) under
# each allocator, three times each, and prints a markdown table on stdout (docs/benchmarks.md,
# "Allocator"). Progress goes to stderr.
#
# glibc's malloc needs a server built without jemalloc: the script configures and builds
# build/release-glibc (the release preset with -DPINFALL_JEMALLOC=OFF, pinfall-server only) the
# first time. The other allocators are put in front of it with LD_PRELOAD (Debian's
# libjemalloc2, libtcmalloc-minimal4, libmimalloc2.0; a missing one is skipped), jemalloc also
# with the dirty_decay_ms of server/malloc_conf.cpp (through MALLOC_CONF), which is what the
# release build runs.
#
# Usage: bench/allocators.sh   (PINFALL_BENCH_REPS, default 3; PINFALL_BENCH_IDLE_CONNS, 19000)
set -euo pipefail

cd "$(dirname "$0")/.."
reps=${PINFALL_BENCH_REPS:-3}
idle_conns=${PINFALL_BENCH_IDLE_CONNS:-19000}
quiet_wait=120
boost=${PINFALL_BENCH_BOOST:-1}
peer_cpu=1
lg_cpu=0
log() { echo "allocators.sh: $*" >&2; }

cmake --preset release > /dev/null
cmake --build build/release -j2 --target pinfall-loadgen >&2
[ -f build/release-glibc/CMakeCache.txt ] ||
    cmake --preset release -B build/release-glibc -DPINFALL_JEMALLOC=OFF -DBUILD_TESTING=OFF \
        -DPINFALL_BUILD_BENCH=OFF > /dev/null
cmake --build build/release-glibc -j2 --target pinfall-server >&2
server=build/release-glibc/server/pinfall-server
lg=build/release/bench/loadgen/pinfall-loadgen
if ldd "$server" | grep -q jemalloc; then
    log "$server links jemalloc: it cannot show glibc's malloc"
    exit 1
fi
. bench/loadgen/run_lib.sh  # bench_scratch, start_peer, stop_peer, run_lg, get, median
bench_scratch
ulimit -n "$(ulimit -Hn)" 2> /dev/null || true
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"

lib=/usr/lib/x86_64-linux-gnu
# name|LD_PRELOAD|MALLOC_CONF
allocators=(
    "glibc $(ldd --version | awk 'NR == 1 { print $NF }')||"
    "jemalloc|$lib/libjemalloc.so.2|"
    "jemalloc, dirty_decay_ms:1000 (pinfall-server's)|$lib/libjemalloc.so.2|dirty_decay_ms:1000"
    "tcmalloc (gperftools)|$lib/libtcmalloc_minimal.so.4|"
    "mimalloc|$lib/libmimalloc.so.2|"
)

# One server per run, on its own database: the peers of bench/server.sh's command line.
start_server() {
    rm -f "$tmp"/pinfall.db*
    start_peer env LD_PRELOAD="$1" MALLOC_CONF="$2" "$server" --port 0 --bind 127.0.0.1 \
        --threads 1 --msg-rate 0 --max-connections 20000 --max-connections-per-ip 20000 \
        --guests-per-ip 0 --games-per-ip 0 --secret-file "$tmp/secret" --db "$tmp/pinfall.db" \
        --log-level warn
}

# spread <prefix> <key>: "median (lowest-highest)" of <key> over runs <prefix>-1 .. -$reps;
# user_us_per_action is derived from each run's server_user_s and actions.
spread() {
    local r
    for r in $(seq 1 "$reps"); do
        if [ "$2" = user_us_per_action ]; then
            awk -v u="$(get "$1-$r" server_user_s)" -v a="$(get "$1-$r" actions)" \
                'BEGIN { printf "%.2f\n", u / a * 1e6 }'
        else
            get "$1-$r" "$2"
        fi
    done | sort -g | awk '{ v[NR] = $1 }
        END { printf "%s (%s-%s)", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

wait_quiet
echo "| allocator | bytes an idle connection (RSS, $idle_conns connections) | closed loop actions/s (20 connections) | server user time an action (us) |"
echo "|---|---|---|---|"
n=0
for entry in "${allocators[@]}"; do
    IFS='|' read -r name preload conf <<< "$entry"
    if [ -n "$preload" ] && [ ! -e "$preload" ]; then
        log "$preload is not installed: $name skipped"
        continue
    fi
    n=$((n + 1))
    for r in $(seq 1 "$reps"); do
        start_server "$preload" "$conf"
        run_lg "a$n-idle-$r" --mode idle -c "$idle_conns" --source-ips 8 --hold 5
        stop_peer
        start_server "$preload" "$conf"
        run_lg "a$n-closed-$r" --mode closed -c 20 -k 1 --warmup 2 -d 8
        stop_peer
    done
    bytes=$(spread "a$n-idle" bytes_per_conn)
    rate=$(spread "a$n-closed" actions_per_s)
    user=$(spread "a$n-closed" user_us_per_action)
    echo "| $name | $bytes | $rate | $user |"
done
echo
echo "Medians of $reps runs (lowest-highest), on $(nproc) CPUs, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); server pinned to CPU $peer_cpu, pinfall-loadgen to CPU $lg_cpu; source tree at \`$(git describe --always --dirty)\`; \`bench/allocators.sh\`, $(date -u '+%Y-%m-%d %H:%M') UTC."
