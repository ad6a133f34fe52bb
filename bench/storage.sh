#!/usr/bin/env bash
# Runs storage_bench (bench/storage/) and prints the "Storage" section of docs/benchmarks.md, in
# markdown, on stdout. Progress goes to stderr. Database files go to a mkdtemp folder under /tmp
# that the benchmark removes.
#
# Usage: bench/storage.sh <build dir>   (a Release build with bench/ built; bench/run makes it)
# Environment: PINFALL_BENCH_REPS   repetitions of every benchmark; figures are medians (default 3)
# Every figure printed comes from this run's JSON output; goals are compared, never assumed.
set -euo pipefail

build=${1:?usage: bench/storage.sh <build dir>}
exe="$build/bench/storage/storage_bench"
[ -x "$exe" ] || { echo "storage.sh: $exe not built" >&2; exit 1; }
reps=${PINFALL_BENCH_REPS:-3}

tmp=$(mktemp -d)
pg=$(mktemp -d /tmp/pinfall-pg-bench-XXXXXX)  # directly under /tmp: the user postgres must reach it
trap 'bash tests/pg/cluster.sh stop "$pg" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
cmd=("$exe" "--benchmark_repetitions=$reps" --benchmark_report_aggregates_only=true
     "--benchmark_out=$tmp/storage.json" --benchmark_out_format=json)
echo "storage.sh: ${cmd[*]}" >&2
"${cmd[@]}" >&2
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# Google Benchmark's JSON has one "key": value per line; keep the median and cv rows as
# "run aggregate key value" lines (run names without their /iterations:N and /real_time parts).
figures_of() {
    awk '
    function value(line) {
        sub(/^[^:]*: */, "", line); sub(/,$/, "", line); gsub(/"/, "", line); return line
    }
    /"benchmarks": \[/ { in_runs = 1 }
    in_runs && /"run_name":/ {
        run = value($0); sub(/\/iterations:[0-9]+/, "", run); sub(/\/real_time/, "", run)
    }
    in_runs && /"aggregate_name":/ { agg = value($0) }
    in_runs && /^      "[A-Za-z0-9_]+": [-0-9]/ {
        key = $1; gsub(/[":]/, "", key); fields[key] = value($0)
    }
    in_runs && /"error_message":/ { print run, "error", "message", value($0) }
    in_runs && /^    }/ {
        if (agg == "median" || agg == "cv") for (k in fields) print run, agg, k, fields[k]
        delete fields; run = ""; agg = ""
    }
' "$1" > "$2"
}
figures_of "$tmp/storage.json" "$tmp/figures"
figs=$tmp/figures
if grep -q ' error message ' "$tmp/figures"; then
    echo "storage.sh: a benchmark failed:" >&2
    grep ' error message ' "$tmp/figures" >&2
    exit 1
fi

# get <run> <aggregate> <key>: one figure, or "?" when absent.
get() { awk -v r="$1" -v a="$2" -v k="$3" '$1 == r && $2 == a && $3 == k { print $4; f = 1 }
                                             END { if (!f) print "?" }' "$figs"; }
fmt() { awk -v f="$1" -v x="$2" -v s="${3:-1}" 'BEGIN { printf f, x * s }'; }
met() { awk -v x="$1" -v op="$2" -v g="$3" \
            'BEGIN { ok = op == "le" ? x <= g : x >= g; print ok ? "yes" : "**no**" }'; }
cv() { fmt '%.1f%%' "$(get "$1" cv real_time)" 100; }
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }

# board_row <run> <what>: per-call time (ns), p50 and p99 (us) against the 100 us p99 goal.
board_row() {
    local p99
    p99=$(get "$1" median p99_us)
    echo "| $1 | $2 | $(fmt '%.2f us' "$(get "$1" median real_time)" 0.001) | $(cv "$1")" \
         "| $(fmt '%.2f us' "$(get "$1" median p50_us)") | $(fmt '%.2f us' "$p99")" \
         "| p99 <= 100 us | $(met "$p99" le 100) |"
}
# scoped_row <name> <what>: a friends board's part (issue 29: p99 <= 1 ms a page).
scoped_row() {
    local p99
    p99=$(get "$1" median p99_us)
    echo "| $1 | $2 | $(fmt '%.2f us' "$(get "$1" median real_time)" 0.001) | $(cv "$1")" \
         "| $(fmt '%.2f us' "$(get "$1" median p50_us)") | $(fmt '%.2f us' "$p99")" \
         "| p99 <= 1 ms a page (both parts) | $(met "$p99" le 1000) |"
}
# sqlite_row <arg> <what>: a COUNT(*) rank, for comparison (no goal).
sqlite_row() {
    local run="BM_SqliteCountRank/day_score_index:$1"
    echo "| $run | $2 | $(fmt '%.1f ms' "$(get "$run" median real_time)") | $(cv "$run")" \
         "| $(fmt '%.1f ms' "$(get "$run" median p50_us)" 0.001)" \
         "| $(fmt '%.1f ms' "$(get "$run" median p99_us)" 0.001) | - | - |"
}
# write_row <run> <what> <unit>: throughput against the 20,000/s goal, acknowledgement latency.
write_row() {
    local rate
    rate=$(get "$1" median items_per_second)
    echo "| $1 | $2 ($(fmt '%.0f' "$(get "$1" median writes_per_commit)") writes per COMMIT)" \
         "| $(fmt '%.0f' "$rate" | thousands) $3/s | $(cv "$1")" \
         "| $(fmt '%.1f ms' "$(get "$1" median p50_us)" 0.001)" \
         "| $(fmt '%.1f ms' "$(get "$1" median p99_us)" 0.001)" \
         "| >= 20,000 $3/s | $(met "$rate" ge 20000) |"
}

boardload=BM_BoardLoad
echo "## Storage"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
     "$(lscpu | grep 'Model name' | sed 's/^Model name: *//'), load average $load_before before" \
     "the run and $load_after after it (other builds shared the machine when the load is high);" \
     "not pinned (the storage worker and its submitters are separate threads). Database files on" \
     "$(df -T /tmp | awk 'NR == 2 { print $2 }') under /tmp, \`synchronous=FULL\`, WAL."
echo "Build: $(cache CMAKE_BUILD_TYPE) (\`$(cache CMAKE_CXX_FLAGS_RELEASE)\`)," \
     "$("$(cache CMAKE_CXX_COMPILER)" --version | head -1), SQLite" \
     "$(dpkg-query -W -f '${Version}' libsqlite3-dev 2>/dev/null || echo '(version unknown)')," \
     "Google Benchmark $(dpkg-query -W -f '${Version}' libbenchmark-dev 2>/dev/null || echo '?');" \
     "source tree at \`$(git describe --always --dirty)\`."
echo
echo "Command: \`bench/run storage\` (or \`bench/storage.sh <release build dir>\`), which runs"
echo "\`${cmd[*]/--benchmark_out=*/--benchmark_out=<tmp>/storage.json}\`."
echo
echo "Figures are medians of $reps repetitions; spread is the coefficient of variation of the time"
echo "per operation across them. p50/p99 are measured one call at a time with \`std::chrono\`"
echo "(board: every call of the run; writes: submit to acknowledgement, i.e. to the COMMIT that"
echo "holds the write). The board holds 1,000,000 results of one day, scores 60-220"
echo "(bell-shaped around 140); players are drawn at random for \"find\" and \"around me\"."
echo
echo "| Benchmark | What is timed | Time or rate | Spread | p50 | p99 | Goal | Met |"
echo "|---|---|---|---|---|---|---|---|"
# BM_BoardLoad reports milliseconds for 1,000,000 adds: the same number is nanoseconds an add.
echo "| $boardload | loading the board: 1,000,000 \`DailyBoard::add\` in finish order" \
     "| $(fmt '%.0f ms' "$(get $boardload median real_time)") ($(fmt '%.0f ns' \
     "$(get $boardload median real_time)") an add) | $(cv $boardload) | - | - | - | - |"
board_row BM_BoardFind "a player's rank and position: \`DailyBoard::find\`"
board_row BM_BoardTop50 "the top-50 page: \`Leaderboards::daily_now\`, offset 0"
board_row BM_BoardAroundMe \
    "an \"around me\" page of 50: \`Leaderboards::daily_now\` with \`around\`"
sqlite_row 0 "rank by \`SELECT count(*)\` over the same 1,000,000 rows, shipped schema"
sqlite_row 1 "the same with an extra index on \`games(day, score)\`"
scoped_row BM_FollowSetRead \
    "a friends board, part 1: the follow set (150 ids) read from SQLite, 100,000 players x 150 follows"
scoped_row BM_FriendsPageTop50 \
    "part 2: the friends page (top 50) from a board of 100,000: \`daily_now\` with the set"
scoped_row BM_FriendsPageAroundMe "part 2, \"around me\" (50 lines)"
for writers in 100 400; do
    write_row "BM_RecordFinishedGames/writers:$writers" \
        "\`save_finished_game\` (60 actions) through the StorageWorker, $writers writers" games
done
write_row BM_RankedActions/submitters:100 \
    "\`append_action\` through the StorageWorker, 100 submitters" actions
direct=BM_SaveFinishedGamesDirect
echo "| $direct | for reference: the same games saved by one thread straight into the Store," \
     "200 to a transaction, no worker | $(fmt '%.0f' "$(get $direct median items_per_second)" \
     | thousands) games/s | $(cv $direct) | - | - | - | - |"
commit=BM_CommitOneWrite
echo "| $commit | for reference: BEGIN, one small write, COMMIT (the fsync a batch pays)" \
     "| $(fmt '%.1f ms' "$(get $commit median real_time)") | $(cv $commit)" \
     "| $(fmt '%.1f ms' "$(get $commit median p50_us)" 0.001)" \
     "| $(fmt '%.1f ms' "$(get $commit median p99_us)" 0.001) | - | - |"
echo
echo "Each writer or submitter is a thread that waits for the acknowledgement of its write before"
echo "the next, as a game room does; the worker commits everything queued meanwhile in one"
echo "transaction (one WAL fsync per COMMIT). BM_SaveFinishedGamesDirect bounds what the worker"
echo "can reach for whole games: the same INSERTs (one \`games\` row and 60 \`actions\` rows a"
echo "game) with no queue and no threads."

# The same writes on PostgreSQL: a private cluster (tests/pg/cluster.sh) with its durable
# defaults (fsync on, synchronous_commit on), reached over its unix socket.
PINFALL_PG_FSYNC=on bash tests/pg/cluster.sh start "$pg" >&2
pg_cmd=("$exe" "--benchmark_repetitions=$reps" --benchmark_report_aggregates_only=true
        '--benchmark_filter=BM_RecordFinishedGames|BM_RankedActions|BM_SaveFinishedGamesDirect|BM_CommitOneWrite'
        "--benchmark_out=$tmp/pg.json" --benchmark_out_format=json)
echo "storage.sh: PINFALL_BENCH_PG=<cluster> ${pg_cmd[*]}" >&2
PINFALL_BENCH_PG="$pg" "${pg_cmd[@]}" >&2
figures_of "$tmp/pg.json" "$tmp/pgfigures"
if grep -q ' error message ' "$tmp/pgfigures"; then
    echo "storage.sh: a PostgreSQL benchmark failed:" >&2
    grep ' error message ' "$tmp/pgfigures" >&2
    exit 1
fi
figs=$tmp/pgfigures
echo
echo "### The same writes on PostgreSQL"
echo
echo "PostgreSQL $("$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/postgres" --version | awk '{print $3}'),"
echo "a private cluster on the same machine and disk, reached over its unix socket, default"
echo "durability (\`fsync=on\`, \`synchronous_commit=on\`: a COMMIT returns once its WAL is on"
echo "disk); same binary, same medians of $reps repetitions, with \`PINFALL_BENCH_PG\` set."
echo
echo "| Benchmark | What is timed | Time or rate | Spread | p50 | p99 | Goal | Met |"
echo "|---|---|---|---|---|---|---|---|"
for writers in 100 400; do
    write_row "BM_RecordFinishedGames/writers:$writers" \
        "\`save_finished_game\` (60 actions) through the StorageWorker, $writers writers" games
done
write_row BM_RankedActions/submitters:100 \
    "\`append_action\` through the StorageWorker, 100 submitters" actions
echo "| $direct | for reference: the same games saved by one thread straight into the Store," \
     "200 to a transaction, no worker | $(fmt '%.0f' "$(get $direct median items_per_second)" \
     | thousands) games/s | $(cv $direct) | - | - | - | - |"
echo "| $commit | for reference: BEGIN, one small write, COMMIT (the WAL flush a batch pays)" \
     "| $(fmt '%.1f ms' "$(get $commit median real_time)") | $(cv $commit)" \
     "| $(fmt '%.1f ms' "$(get $commit median p50_us)" 0.001)" \
     "| $(fmt '%.1f ms' "$(get $commit median p99_us)" 0.001) | - | - |"
echo
echo "Every statement that waits for its answer is one round trip to the PostgreSQL server"
echo "(prepared once, executed with its parameters). Inside the worker's batches, BEGIN, each"
echo "job's SAVEPOINT and RELEASE, every appended action and the COMMIT are sent ahead in libpq's"
echo "pipeline mode and answered together at the COMMIT (docs/storage.md \"Group commit\"), so"
echo "an appended action pays no round trip of its own; a saved game still waits for its"
echo "\`RETURNING id\` and its row count, two round trips a game."
