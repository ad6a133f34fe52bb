#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets of tests/fuzz (CMake preset fuzz: clang++-14,
# -fsanitize=fuzzer,address,undefined, every sanitizer report fatal, in build/fuzz) and runs
# each for SECONDS (default $FUZZ_SECONDS, else 60), one after another.
#
# Each run reads its seed corpus tests/fuzz/corpus/<t>/ and writes what it finds only into
# build/fuzz/corpus/<t>/ (libFuzzer writes new inputs to the first corpus directory alone), so
# the repository is never touched and later runs start from everything found before. A crash,
# a broken invariant, a leak or a timeout (-timeout=10 s an input) is saved under
# build/fuzz/artifacts/<t>/. Full logs: build/fuzz/logs/<t>.log. The summary prints libFuzzer's
# final stats (-print_final_stats=1): executions, exec/s, coverage (cov: edges, ft: features).
#
# Environment: FUZZ_TARGETS (space-separated subset), JOBS (build parallelism, default 2),
# FUZZ_ARGS (extra libFuzzer flags, e.g. "-jobs=2 -workers=2").
# Exits non-zero when any target found a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-${FUZZ_SECONDS:-60}}
jobs=${JOBS:-2}
all_targets="protocol_decode engine_game record_parse lane league"
read -r -a targets <<< "${FUZZ_TARGETS:-$all_targets}"
build=build/fuzz

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$jobs"

failed=()
summary=()
for t in "${targets[@]}"; do
    bin=$build/tests/fuzz/fuzz_$t
    if [ ! -x "$bin" ]; then
        echo "scripts/fuzz.sh: no fuzz target '$t' (known: $all_targets)" >&2
        exit 2
    fi
    mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
    log=$build/logs/$t.log
    args=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10
          -artifact_prefix="$build/artifacts/$t/")
    [ -f "tests/fuzz/$t.dict" ] && args+=(-dict="tests/fuzz/$t.dict")
    read -r -a extra <<< "${FUZZ_ARGS:-}"
    echo "== fuzz_$t for ${seconds}s (log: $log)"
    status=0
    "$bin" "${args[@]}" "${extra[@]}" "$build/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1 ||
        status=$?
    # libFuzzer's last status line ("#N DONE cov: .. ft: .. corp: .. exec/s: ..") and its final
    # stats; after a crash the last status line before it.
    grep -E '^#[0-9]+' "$log" | tail -n 1 || true
    grep -E '^stat::' "$log" || true
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
    if [ "$status" -ne 0 ]; then
        failed+=("$t")
        echo "!! fuzz_$t failed (exit $status):"
        grep -E 'fuzz invariant failed|ERROR: |runtime error|SUMMARY|Test unit written' "$log" |
            head -n 8 || true
        echo "   replay: $bin <artifact>; once fixed, keep the input as" \
             "tests/fuzz/corpus/$t/regression-<what>"
        summary+=("$(printf '%-16s FAILED  runs %s, %s exec/s, %s' "$t" "${runs:-?}" "${rate:-?}" "${cov:-?}")")
    else
        summary+=("$(printf '%-16s ok      runs %s, %s exec/s, %s' "$t" "${runs:-?}" "${rate:-?}" "${cov:-?}")")
    fi
done

echo
echo "fuzz summary (${seconds}s a target):"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -ne 0 ]; then
    echo "failures in: ${failed[*]} (inputs in $build/artifacts/)" >&2
    exit 1
fi
