#!/usr/bin/env bash
# Installs the Debian packages Pinfall needs, when missing.
#   scripts/deps.sh run    what building and running the server and terminal client needs (make run)
#   scripts/deps.sh [all]  that plus what the tests, benchmarks and fuzzing need (make test)
# Idempotent: a machine that has them all runs no apt-get at all. Must run as root (or via sudo).
set -euo pipefail

mode=${1:-all}
case "$mode" in run|all) ;; *) echo "usage: scripts/deps.sh [run|all]" >&2; exit 2 ;; esac

packages=(
    build-essential cmake make pkg-config git
    libboost-dev libboost-program-options-dev
    nlohmann-json3-dev libspdlog-dev libsqlite3-dev libssl-dev
    libpq-dev  # the PostgreSQL client library (--db postgresql://...)
    libsodium-dev  # argon2id password strings (crypto_pwhash_str)
    libcairo2-dev fonts-dejavu-core zlib1g-dev  # share card images (server/app/share/): cairo, DejaVu Sans, PNG
    libjemalloc-dev  # the server's allocator (server/CMakeLists.txt)
    tzdata ca-certificates  # reminders (server/app/push/): the zoneinfo, the push services' TLS roots
)
if [ "$mode" = all ]; then
    packages+=(
        catch2 libbenchmark-dev
        postgresql  # initdb / pg_ctl for the throwaway clusters of the PostgreSQL tests
        haproxy  # the proxy in front of several nodes in the cluster tests (docker/haproxy.cfg)
        clang-14 libclang-rt-14-dev  # make fuzz (libFuzzer); the replays need FuzzedDataProvider.h
        chromium nodejs npm  # browser end-to-end tests (tests/e2e): headless chromium, node, npm
    )
fi

# A package counts as present when dpkg has it installed, or, for the browser-test tools, when
# its command already exists (e.g. NodeSource's nodejs ships npm and conflicts with Debian's).
declare -A command_of=([chromium]=chromium [nodejs]=node [npm]=npm)

missing=()
for p in "${packages[@]}"; do
    if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        continue
    fi
    if [ -n "${command_of[$p]:-}" ] && command -v "${command_of[$p]}" >/dev/null 2>&1; then
        continue
    fi
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
