#!/usr/bin/env bash
# Closed-loop validated actions/s (practice games: play and stop, each checked by the engine
# and stored) through HAProxy with 1, 2 and 3 nodes on one PostgreSQL, and one node without
# HAProxy, with pinfall-loadgen (100 connections x 1 in flight). Prints the rows of a markdown
# table on stdout (bench/cluster.sh adds them to the "Cluster" section); progress on stderr.
#
# Usage: bench/cluster_tput.sh <build dir> <PostgreSQL dir of tests/pg/cluster.sh>
# Environment: PINFALL_BENCH_SECONDS  measured seconds per run (default 10)
# Without a key on the URL, HAProxy's `balance url_param key` spreads connections round robin,
# so each node gets a third (or half) of them. Nodes run with --threads 1 and no per-address
# budget (all connections come from 127.0.0.1); nothing is pinned:
# the nodes, PostgreSQL, HAProxy and the load generator share this machine's cores.
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:?usage: bench/cluster_tput.sh <build dir> <pg dir>}
pg=${2:?usage: bench/cluster_tput.sh <build dir> <pg dir>}
server="$build/server/pinfall-server"
lg="$build/bench/loadgen/pinfall-loadgen"
secs=${PINFALL_BENCH_SECONDS:-10}
tmp=$(mktemp -d /tmp/pinfall-tput-XXXXXX)
pids=()
stop_all() {
    for p in "${pids[@]}"; do kill -TERM "$p" 2> /dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2> /dev/null || true; done
    pids=()
}
trap 'stop_all; rm -rf "$tmp"' EXIT
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start_node <db> <i>: a node on a free port; sets node_port.
start_node() {
    local out="$tmp/node$2.out"
    "$server" --port 0 --bind 127.0.0.1 --threads 1 --msg-rate 0 --node-id "n$2" \
        --max-connections 20000 --max-connections-per-ip 20000 --guests-per-ip 0 --games-per-ip 0 \
        --secret-file "$tmp/secret" --db "$1" --log-level warn > "$out" 2> "$tmp/node$2.err" &
    pids+=($!)
    node_port=
    for _ in $(seq 1 300); do
        node_port=$(awk '/^listening on port/ { print $4; exit }' "$out")
        [ -n "$node_port" ] && return 0
        sleep 0.1
    done
    cat "$tmp/node$2.err" >&2
    echo "cluster_tput.sh: node $2 did not start" >&2
    exit 1
}

# measure <name> <nodes> <proxy: 1 or 0>: prints actions/s of one loadgen run.
measure() {
    local name=$1 count=$2 proxy=$3 db ports=() i target
    db="pinfall_tput_$name"
    bash tests/pg/cluster.sh createdb "$pg" "$db" >&2
    for i in $(seq 1 "$count"); do
        start_node "postgresql:///$db?host=$pg&user=postgres" "$i"
        ports+=("$node_port")
    done
    target=${ports[0]}
    if [ "$proxy" = 1 ]; then
        while [ "${#ports[@]}" -lt 3 ]; do ports+=("$(free_port)"); done  # nothing listens there
        target=$(free_port)
        PINFALL_PROXY_BIND="127.0.0.1:$target" PINFALL_NODE1="127.0.0.1:${ports[0]}" \
            PINFALL_NODE2="127.0.0.1:${ports[1]}" PINFALL_NODE3="127.0.0.1:${ports[2]}" \
            /usr/sbin/haproxy -db -W -f docker/haproxy.cfg > "$tmp/haproxy.log" 2>&1 &
        pids+=($!)
        sleep 3  # two failed checks 500 ms apart take the missing nodes out
    fi
    echo "cluster_tput.sh: $name: $count node(s), proxy $proxy" >&2
    "$lg" --mode closed -c 100 -k 1 --warmup 2 -d "$secs" --port "$target" --label "$name" \
        > "$tmp/$name.out" 2> "$tmp/$name.log" || { cat "$tmp/$name.log" >&2; exit 1; }
    grep '^RESULT' "$tmp/$name.out" >&2
    stop_all
    # "<actions/s> <errors>"
    awk '/^RESULT/ { for (i = 2; i <= NF; i++) { split($i, kv, "=");
         if (kv[1] == "actions_per_s") a = kv[2]; if (kv[1] == "errors") e = kv[2] }
         print a, e; exit }' "$tmp/$name.out"
}

read -r direct errors < <(measure direct 1 0)
echo "| one node, no HAProxy (the baseline) | $direct | $errors | 1.00 |"
for n in 1 2 3; do
    read -r v errors < <(measure "proxy$n" "$n" 1)
    echo "| through HAProxy, $n node(s) | $v | $errors | $(awk -v a="$v" -v b="$direct" 'BEGIN { printf "%.2f", a / b }') |"
done
