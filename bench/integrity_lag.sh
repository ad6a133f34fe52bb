#!/usr/bin/env bash
# The integrity analysis queue on the real server (issue 27, docs/benchmarks.md "Integrity"):
# runs server_tests' hidden [integrity-measure] case (tests/server/integrity_measure_test.cpp)
# against the given build: 120 daily games finished at 2 a second, then 100 as fast as one
# client plays them. The server runs its analysis at its default idle priority. Prints the
# RESULT lines and the machine.
#
# Usage: bench/integrity_lag.sh <build dir>   (e.g. build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: bench/integrity_lag.sh <build dir>}
cmake --build "$build" -j2 --target pinfall-server server_tests >&2
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load before $(cut -d' ' -f1 /proc/loadavg)"
"$build/tests/server/server_tests" "[integrity-measure]" | grep '^RESULT'
