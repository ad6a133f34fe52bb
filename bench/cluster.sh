#!/usr/bin/env bash
# Measures several nodes on one PostgreSQL (docs/scaling.md) and prints the "Cluster" section of
# docs/benchmarks.md on stdout. Progress goes to stderr.
#
# Usage: bench/cluster.sh <build dir>   (bench/run passes build/release)
# It starts a throwaway PostgreSQL 15 (tests/pg/cluster.sh) and runs server_tests' hidden
# [cluster-measure] cases (tests/server/cluster_measure_test.cpp), which start real nodes and the
# real HAProxy with docker/haproxy.cfg: a daily result finished on node A until node B's board
# has it (200 results), a lane report on node A until a watcher on node B has it (200), and fail-over (SIGKILL of the node holding most of 30 players in their
# dailies, until each of its players has an action accepted again through HAProxy). Every
# figure printed comes from this run's RESULT lines. Then bench/cluster_tput.sh: closed-loop
# actions/s through HAProxy with 1, 2 and 3 nodes and one node without it.
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:?usage: bench/cluster.sh <build dir>}
cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen server_tests >&2
tests="$build/tests/server/server_tests"
pg=$(mktemp -d /tmp/pinfall-pg-bench-XXXXXX)
out=$(mktemp)
trap 'bash tests/pg/cluster.sh stop "$pg" >&2 || true; rm -rf "$out"' EXIT
bash tests/pg/cluster.sh start "$pg" >&2
load=$(cut -d' ' -f1 /proc/loadavg)
echo "cluster.sh: measuring (about a minute)" >&2
PINFALL_TEST_PG="$pg" "$tests" "[cluster-measure]" | tee "$out" >&2

field() {  # field NAME KEY: KEY's value on the RESULT line of NAME
    awk -v name="$1" -v key="$2" '$1 == "RESULT" && $2 == name {
        for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) print kv[2] } }' "$out"
}
met() { awk -v v="$1" -v goal="$2" 'BEGIN { print (v <= goal ? "met" : "not met") }'; }

echo "## Cluster"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
     "$(lscpu | grep 'Model name' | sed 's/^Model name: *//')," \
     "with \`bench/run cluster\` (bench/cluster.sh): real nodes (release build) on one throwaway" \
     "PostgreSQL 15, the real HAProxy 2.6 with docker/haproxy.cfg, all on loopback on this one" \
     "machine (the nodes, PostgreSQL, HAProxy and the clients share its cores); load average" \
     "$load before the run; source tree at \`$(git describe --always --dirty)\`."
echo
echo "| figure | samples | p50 | p99 | max | goal |"
echo "|---|---|---|---|---|---|"
b99=$(field board_a_to_b p99_ms)
echo "| daily result committed on node A until node B's board has it (NOTIFY; B polled, one board round trip included) | $(field board_a_to_b n) | $(field board_a_to_b p50_ms) ms | $b99 ms | $(field board_a_to_b max_ms) ms | p99 <= 100 ms: $(met "$b99" 100) |"
l99=$(field lane_a_to_b p99_ms)
echo "| lane report sent to node A until a watcher on node B has the update (A's commit, NOTIFY, one push) | $(field lane_a_to_b n) | $(field lane_a_to_b p50_ms) ms | $l99 ms | $(field lane_a_to_b max_ms) ms | p99 <= 100 ms: $(met "$l99" 100) |"
f99=$(field failover p99_ms)
echo "| fail-over: SIGKILL of a node until each of its players (of 30) has an action accepted again through HAProxy | $(field failover n) | $(field failover p50_ms) ms | $f99 ms | $(field failover max_ms) ms | p99 <= 2000 ms: $(met "$f99" 2000) |"
echo
echo "Closed-loop validated actions/s (practice games, pinfall-loadgen, 100 connections x 1 in" \
     "flight, ${PINFALL_BENCH_SECONDS:-10} s measured after 2 s; bench/cluster_tput.sh), nodes with" \
     "\`--threads 1\` on one PostgreSQL:"
echo
echo "| run | actions/s | error replies | ratio to one node without HAProxy |"
echo "|---|---|---|---|"
bash bench/cluster_tput.sh "$build" "$pg"
