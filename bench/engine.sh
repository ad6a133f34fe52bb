#!/usr/bin/env bash
# Runs the engine micro-benchmarks (engine_bench) pinned to one core and prints the "Engine"
# section of docs/benchmarks.md, in markdown, on stdout. Progress goes to stderr.
#
# Usage: bench/engine.sh <build dir>   (a Release build with bench/ built; bench/run makes it)
# Environment: PINFALL_BENCH_CPU      core to pin to (default: the last one)
#              PINFALL_BENCH_REPS     repetitions per benchmark; figures are medians (default: 5)
# Every figure printed comes from this run's JSON output; goals are compared, never assumed.
set -euo pipefail

build=${1:?usage: bench/engine.sh <build dir>}
exe="$build/bench/engine_bench"
[ -x "$exe" ] || { echo "engine.sh: $exe not built" >&2; exit 1; }
cpu=${PINFALL_BENCH_CPU:-$(($(nproc) - 1))}
reps=${PINFALL_BENCH_REPS:-5}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

load=$(cut -d' ' -f1-3 /proc/loadavg)
cmd=(taskset -c "$cpu" "$exe" "--benchmark_repetitions=$reps"
     --benchmark_report_aggregates_only=true
     "--benchmark_out=$tmp/engine.json" --benchmark_out_format=json)
echo "engine.sh: ${cmd[*]}" >&2
"${cmd[@]}" >&2

# Google Benchmark's JSON has one "key": value per line; keep the median and cv rows as
# "run aggregate key value" lines, and the context as "context - key value".
awk '
    function value(line) {
        sub(/^[^:]*: */, "", line); sub(/,$/, "", line); gsub(/"/, "", line); return line
    }
    /"benchmarks": \[/ { in_runs = 1 }
    !in_runs && /^    "[a-z_]+": [^{]/ {
        key = $1; gsub(/[":]/, "", key); v = value($0); gsub(/[][ ]/, "", v)
        print "context - " key " " v
    }
    in_runs && /"run_name":/ { run = value($0) }
    in_runs && /"aggregate_name":/ { agg = value($0) }
    in_runs && /^      "[A-Za-z_]+": [-0-9]/ {
        key = $1; gsub(/[":]/, "", key); fields[key] = value($0)
    }
    in_runs && /^    }/ {
        if (agg == "median" || agg == "cv") for (k in fields) print run, agg, k, fields[k]
        delete fields; run = ""; agg = ""
    }
' "$tmp/engine.json" > "$tmp/figures"

# get <run> <aggregate> <key>: one figure, or "?" when absent.
get() { awk -v r="$1" -v a="$2" -v k="$3" '$1 == r && $2 == a && $3 == k { print $4; f = 1 }
                                             END { if (!f) print "?" }' "$tmp/figures"; }
# fmt <printf format> <number> [scale]: the number times scale, formatted.
fmt() { awk -v f="$1" -v x="$2" -v s="${3:-1}" 'BEGIN { printf f, x * s }'; }
# met <number> <le|ge> <goal>: "yes" or "**no**".
met() { awk -v x="$1" -v op="$2" -v g="$3" \
            'BEGIN { ok = op == "le" ? x <= g : x >= g; print ok ? "yes" : "**no**" }'; }
cv() { fmt '%.1f%%' "$(get "$1" cv cpu_time)" 100; }
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }

legal=$(get BM_LegalPlaysAllPiles median cpu_time)
valid_ok=$(get BM_ValidatePlay/legal median cpu_time)
valid_bad=$(get BM_ValidatePlay/illegal median cpu_time)
deal=$(get BM_Deal median cpu_time)
block=$(get BM_Deal median block)
blocks=$(get BM_Deal median blocks_per_deal)

echo "## Engine"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
     "$(lscpu | grep 'Model name' | sed 's/^Model name: *//')" \
     "($(get context - mhz_per_cpu) MHz), load average $load before the run; pinned to CPU $cpu."
echo "Build: $(cache CMAKE_BUILD_TYPE) (\`$(cache CMAKE_CXX_FLAGS_RELEASE)\`)," \
     "$("$(cache CMAKE_CXX_COMPILER)" --version | head -1), Google Benchmark" \
     "$(dpkg-query -W -f '${Version}' libbenchmark-dev 2>/dev/null || echo '(version unknown)')" \
     "(library build type: $(get context - library_build_type)); source tree at" \
     "\`$(git describe --always --dirty)\`."
echo
echo "Command: \`bench/run engine\` (\`bench/run\` runs every section), which builds the release"
echo "preset and runs"
echo "\`${cmd[*]/--benchmark_out=*/--benchmark_out=<tmp>/engine.json}\`."
echo
echo "Figures are medians of $reps repetitions of CPU time of the pinned benchmark thread (Google"
echo "Benchmark's \`cpu_time\`; items per second derive from it), so time the core spent on other"
echo "processes is left out, though their cache traffic is not; spread is the coefficient of"
echo "variation of that time across the repetitions."
echo
echo "| Benchmark | What is timed | Median | Spread | Goal | Met |"
echo "|---|---|---|---|---|---|"
echo "| BM_LegalPlaysAllPiles | \`Game::legal()\`: legal plays of all three piles, over 1024" \
     "mid-game states | $(fmt '%.1f ns' "$legal") | $(cv BM_LegalPlaysAllPiles) | <= 50 ns" \
     "| $(met "$legal" le 50) |"
echo "| BM_ValidatePlay/legal | \`Rack::check_play\` of a legal play" \
     "| $(fmt '%.1f ns' "$valid_ok") | $(cv BM_ValidatePlay/legal) | - | - |"
echo "| BM_ValidatePlay/illegal | \`Rack::check_play\` of a refused standing connected group" \
     "| $(fmt '%.1f ns' "$valid_bad") | $(cv BM_ValidatePlay/illegal) | - | - |"
for rules in sackson strict; do
    run=BM_RandomGames/$rules
    games=$(get "$run" median items_per_second)
    per_game=$(awk -v g="$games" 'BEGIN { printf "%.2f us", 1e6 / g }')  # same median as games/s
    echo "| $run | a whole random game on one core, deals made beforehand" \
         "($(fmt '%.1f' "$(get "$run" median actions_per_game)") plays per game)" \
         "| $(fmt '%.0f' "$games" | thousands) games/s ($per_game a game) | $(cv "$run")" \
         "| >= 150,000 games/s | $(met "$games" ge 150000) |"
done
echo "| BM_Deal | \`engine::deal_from_seed\` ($(fmt '%.2f' "$blocks") SHA-256 blocks a deal)" \
     "| $(fmt '%.0f ns' "$deal") a deal, $(fmt '%.0f ns' "$block" 1e9) a block | $(cv BM_Deal)" \
     "| <= 300 ns a block (200-300 expected) | $(met "$block" le 300e-9) |"
if [ "$(get context - library_build_type)" = debug ]; then
    echo
    echo "Google Benchmark warns \"Library was built as DEBUG\": that is Debian's build of the"
    echo "harness library; the timed loops and the engine are compiled in the build above."
fi
