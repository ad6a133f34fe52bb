#!/usr/bin/env bash
# The two-node run of bench/arena.sh: starts two pinfall-server nodes on one database, runs the
# generator against both, stops the nodes.
#
# Usage: bench/arena/two_nodes.sh <scratch dir> <pinfall-server> <database> <postmaster pid>
#        <server flags...> -- <generator command...>
# The generator gets --ports A,B --server-pids A,B --pg-pid PID appended; its stdout and stderr
# are this script's, and so is its exit status.
set -euo pipefail
tmp=$1 server=$2 db=$3 pg_pid=$4
shift 4
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
shift
gen=("$@")
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2> /dev/null || true; done
      for p in "${pids[@]}"; do wait "$p" 2> /dev/null || true; done' EXIT
ports=()
for n in a b; do
    "$server" --port 0 --db "$db" --node-id "$n" "${flags[@]}" \
        > "$tmp/node-$n.out" 2> "$tmp/node-$n.err" &
    pids+=($!)
    port=
    for _ in $(seq 1 300); do
        port=$(awk '/^listening on port/ { print $4; exit }' "$tmp/node-$n.out")
        [ -n "$port" ] && break
        kill -0 "${pids[-1]}" 2> /dev/null || break
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$tmp/node-$n.err" >&2; echo "two_nodes.sh: node $n did not start" >&2; exit 1; }
    ports+=("$port")
done
"${gen[@]}" --ports "${ports[0]},${ports[1]}" --server-pids "${pids[0]},${pids[1]}" --pg-pid "$pg_pid"
