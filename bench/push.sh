#!/usr/bin/env bash
# Daily reminders by Web Push (issue 30, docs/benchmarks.md "Reminders"): reminders sent per
# second by one node against the mock push service of the tests (tests/server/push_mock.*, on
# this machine: it verifies every VAPID JWT and decrypts every payload). Runs server_tests'
# hidden [push-measure] case (tests/server/push_measure_test.cpp): PINFALL_PUSH_DEVICES players
# (default 2000) each subscribe one device for 09:00 in New York; at 09:00 all are due at once.
# Prints the markdown section on stdout; progress on stderr.
#
# Usage: bench/push.sh <build dir>   (e.g. build/release; any build with tests/server built)
# Environment: PINFALL_PUSH_DEVICES, PINFALL_PUSH_CONCURRENCY (--push-concurrency, default 16),
# PINFALL_BENCH_SKIP_BUILD=1 to run the build as it is
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: bench/push.sh <build dir>}
[ -n "${PINFALL_BENCH_SKIP_BUILD:-}" ] || cmake --build "$build" -j2 --target pinfall-server server_tests >&2
devices=${PINFALL_PUSH_DEVICES:-2000}
concurrency=${PINFALL_PUSH_CONCURRENCY:-16}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
out=$(PINFALL_PUSH_DEVICES=$devices PINFALL_PUSH_CONCURRENCY=$concurrency \
      "$build/tests/server/server_tests" "[push-measure]")
echo "$out" >&2
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
value() { echo "$out" | awk -v k="$1" '$1 == "RESULT" && $2 == k { $1 = ""; $2 = ""; sub(/^  /, ""); print; exit }'; }
rate=$(value reminders_per_s)
[ -n "$rate" ] || { echo "push.sh: no RESULT lines" >&2; exit 1; }

cat <<MD
## Reminders (issue 30)

Reminders sent per second by one node (SQLite) against the mock push service of the tests, both
on this machine: \`PINFALL_PUSH_DEVICES=$devices bench/push.sh $build\` at $(git rev-parse --short HEAD).
$devices players subscribe one device each for 09:00 in New York; at 09:00 every device is due
at once. The node finds them 256 at a time (one storage job: the local window, today's daily,
the streak, the claim and the next instant), encrypts each payload (aes128gcm: a new P-256 key
and ECDH each), signs one VAPID JWT per push service and POSTs with \`--push-concurrency
$concurrency\` requests in flight, one TCP connection each (plain http to the mock: TLS would add
a handshake a connection). The mock verifies each JWT's ES256 signature and decrypts each
payload. Rate: devices over the time from the first push's arrival to the last's.

| figure | value |
|---|---|
| devices | $devices |
| first to last push | $(value first_to_last_s) s |
| **reminders sent per second** | **$rate** |
| pushes whose JWT verified and payload decrypted | $(value verified_and_decrypted) |

Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores
(shared; load average $load_before before, $load_after after), build \`$(basename "$build")\`.
MD
