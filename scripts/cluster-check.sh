#!/usr/bin/env bash
# Brings up docker/compose.yaml's cluster profile (PostgreSQL, the one-shot secret, three
# Pinfall nodes, HAProxy) and proves it serves (docs/scaling.md; not part of `make test`):
# every node healthy on the one database, the proxy answering /healthz through each of the
# three nodes by routing key, then one node stopped and its keys answered by the others.
# Prints each step's time; exits 1 at the first failed check (logs printed), 0 when all pass;
# takes the cluster down (volumes too) at the end unless --keep.
#
# Usage: scripts/cluster-check.sh [--vm-workarounds] [--keep]
#   --vm-workarounds  (or PINFALL_CONTAINER_WORKAROUNDS=1) for machines like the project's VMs,
#                     never needed with a working Docker: no registry, so postgres:15 and
#                     haproxy:2.6 are stand-ins built from Debian's packages
#                     (docker/standin/*.Containerfile) on the local debian:bookworm-slim that
#                     scripts/container-check.sh --vm-workarounds makes; podman runs with runc
#                     and cgroupfs, and builds with host networking (for apt-get).
#   --keep            leave the cluster running.
# Environment: PINFALL_PROXY_PORT (8081). Engine: `docker compose` when Docker answers, else
# podman-compose (Debian's 1.0.3 has no profiles: the cluster's services are named instead,
# which is what the profile selects).
set -euo pipefail
cd "$(dirname "$0")/.."

workarounds=${PINFALL_CONTAINER_WORKAROUNDS:-0}
keep=0
for arg in "$@"; do
    case "$arg" in
        --vm-workarounds) workarounds=1 ;;
        --keep) keep=1 ;;
        *) echo "usage: $0 [--vm-workarounds] [--keep]" >&2; exit 2 ;;
    esac
done
port=${PINFALL_PROXY_PORT:-8081}
export PINFALL_PROXY_PORT=$port
project=pinfallcheck
services=(postgres pinfall-secret pinfall-1 pinfall-2 pinfall-3 pinfall-proxy)
work=$(mktemp -d /tmp/pinfall-cluster-check.XXXXXX)

if command -v docker > /dev/null && docker info > /dev/null 2>&1; then
    engine=docker
    compose=(docker compose -p "$project" -f docker/compose.yaml --profile cluster)
else
    command -v podman-compose > /dev/null ||
        { echo "cluster-check: needs docker compose or podman-compose (apt-get install podman-compose)" >&2; exit 1; }
    engine=podman
    compose=(podman-compose -p "$project" -f docker/compose.yaml)
fi
build_flags=()
[ "$engine" = podman ] && build_flags=(--format docker)  # keeps HEALTHCHECK
if [ "$workarounds" = 1 ]; then
    printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n' \
        > "$work/containers.conf"
    export CONTAINERS_CONF="$work/containers.conf"
    build_flags+=(--network host)
fi

now() { echo "${EPOCHREALTIME/,/.}"; }
t0=$(now)
step() { echo "== $1 ($(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s)"; }
fail() {
    echo "cluster-check: FAILED: $*" >&2
    for s in "${services[@]}"; do
        echo "--- $s:" >&2
        "$engine" logs "${project}_${s}_1" 2>&1 | tail -15 >&2 || true
    done
    exit 1
}
cleanup() {
    if [ "$keep" = 1 ]; then
        echo "kept: ${compose[*]} down -v   (to remove it)"
    else
        "${compose[@]}" down -v > "$work/down.log" 2>&1 || true
        [ "$engine" = podman ] && podman volume rm -f "${project}_pinfall-pg" "${project}_pinfall-cluster-secret" > /dev/null 2>&1
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step "images"
if [ "$workarounds" = 1 ]; then
    "$engine" image inspect debian:bookworm-slim > /dev/null 2>&1 ||
        fail "no local debian:bookworm-slim: run scripts/container-check.sh --vm-workarounds first"
    "$engine" build "${build_flags[@]}" -t docker.io/library/postgres:15 \
        -f docker/standin/postgres.Containerfile . > "$work/build-pg.log" 2>&1 ||
        { tail -20 "$work/build-pg.log"; fail "building the postgres stand-in"; }
    "$engine" build "${build_flags[@]}" -t docker.io/library/haproxy:2.6 \
        -f docker/standin/haproxy.Containerfile . > "$work/build-haproxy.log" 2>&1 ||
        { tail -20 "$work/build-haproxy.log"; fail "building the haproxy stand-in"; }
fi
"$engine" build "${build_flags[@]}" -t pinfall:latest -f docker/Dockerfile . > "$work/build.log" 2>&1 ||
    { tail -20 "$work/build.log"; fail "building pinfall:latest"; }

step "up"
if [ "$engine" = docker ]; then
    "${compose[@]}" up -d > "$work/up.log" 2>&1 || { cat "$work/up.log"; fail "compose up"; }
else
    "${compose[@]}" up -d "${services[@]}" > "$work/up.log" 2>&1 || { cat "$work/up.log"; fail "compose up"; }
fi

healthz() { curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz${1:+?key=$1}" 2> /dev/null || true; }
step "waiting for the proxy and three nodes"
declare -A node_of
for _ in $(seq 1 120); do
    node_of=()
    for k in $(seq 1 30); do
        n=$(healthz "p$k")
        [ -n "$n" ] && node_of[p$k]=$n
    done
    nodes=$(printf '%s\n' "${node_of[@]}" | sort -u | grep -c '^ok node=' || true)
    [ "${#node_of[@]}" = 30 ] && [ "$nodes" = 3 ] && break
    sleep 1
done
[ "${#node_of[@]}" = 30 ] || fail "the proxy does not answer on port $port"
[ "$nodes" = 3 ] || fail "30 keys reached $nodes node(s), not 3"
printf '%s\n' "${node_of[@]}" | sort | uniq -c

step "stopping pinfall-2: its keys move to the others"
"$engine" stop "${project}_pinfall-2_1" > /dev/null 2>&1 || "$engine" stop "${project}-pinfall-2-1" > /dev/null
for _ in $(seq 1 30); do
    moved=1
    for k in "${!node_of[@]}"; do
        n=$(healthz "$k")
        if [ -z "$n" ] || [ "$n" = "ok node=pinfall-2" ]; then moved=0; fi
        if [ "${node_of[$k]}" != "ok node=pinfall-2" ] && [ "$n" != "${node_of[$k]}" ]; then
            fail "key $k moved from ${node_of[$k]} to $n"
        fi
    done
    [ "$moved" = 1 ] && break
    sleep 1
done
[ "$moved" = 1 ] || fail "pinfall-2's keys did not move"
step "all checks passed"
