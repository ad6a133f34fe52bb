#!/usr/bin/env bash
# The app shell (issue 30): its size and its load time from pinfall-server on loopback in
# headless Chromium (cold, from the service worker, offline): bench/shell_load.mjs, which prints
# the "App shell" section of docs/benchmarks.md on stdout.
#
# Usage: bench/shell.sh <build dir>   (bench/run shell; only pinfall-server is needed:
#        BENCH_TARGETS=pinfall-server bench/run shell)
# Environment: SHELL_RUNS   runs (default 10)
set -euo pipefail
build=${1:?usage: bench/shell.sh <build dir>}
cd "$(dirname "$0")/.."
bash tests/e2e/run.sh --install >&2
node bench/shell_load.mjs "$build/server/pinfall-server" "${SHELL_RUNS:-10}"
