#!/usr/bin/env bash
# Startup with a big database, on each backend: pinfall-seed-board writes RESULTS finished daily
# results (one player each) into a SQLite file, `pinfall-server --migrate-from` copies it into a
# PostgreSQL database (a private cluster, durable defaults), and pinfall-server is started on
# each: the time from exec to its "listening on port" line (it has loaded every board by then)
# and its RSS at that moment. Prints the "Startup" section of docs/benchmarks.md on stdout.
#
# Usage: bench/startup.sh <release build dir>   (bench/run startup)
# Environment: STARTUP_RESULTS   results stored (default 1000000)
set -euo pipefail
build=${1:?usage: bench/startup.sh <release build dir>}
cd "$(dirname "$0")/.."
results=${STARTUP_RESULTS:-1000000}
day=2026-11-29
cmake --build "$build" -j2 --target pinfall-server pinfall-seed-board >&2
server="$build/server/pinfall-server"
seeder="$build/bench/storage/pinfall-seed-board"
tmp=$(mktemp -d)
pg=$(mktemp -d /tmp/pinfall-pg-startup-XXXXXX)
trap 'bash tests/pg/cluster.sh stop "$pg" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
log() { echo "startup.sh: $*" >&2; }
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
printf 'bench-secret\n' > "$tmp/secret"

log "seeding $results results into SQLite"
t0=$(date +%s.%N)
"$seeder" "$tmp/pinfall.db" "$day" "$results" "$tmp/tokens" 1 >&2
seed_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

PINFALL_PG_FSYNC=on bash tests/pg/cluster.sh start "$pg" >&2
bash tests/pg/cluster.sh createdb "$pg" pinfall >&2
uri="postgresql:///pinfall?host=$pg&user=postgres"
log "copying it into PostgreSQL"
t0=$(date +%s.%N)
"$server" --migrate-from "sqlite:$tmp/pinfall.db" --db "$uri" >&2
copy_s=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

# start_once <db>: prints "<seconds to listening> <RSS KiB then>".
start_once() {
    local fifo="$tmp/out" start pid line
    rm -f "$fifo"
    mkfifo "$fifo"
    start=$(date +%s.%N)
    "$server" --port 0 --bind 127.0.0.1 --secret-file "$tmp/secret" --db "$1" \
        --clock-start "${day}T12:00:00Z" --static-dir web --log-level warn >"$fifo" 2>>"$tmp/server.log" &
    pid=$!
    read -r line <"$fifo"
    local took
    took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    local rss
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
    kill -TERM "$pid"
    wait "$pid" || true
    [[ "$line" == *"listening on port"* ]] || { echo "startup.sh: server did not start" >&2; exit 1; }
    echo "$took $rss"
}

rows=""
for backend in sqlite postgresql; do
    db="$tmp/pinfall.db"
    [ "$backend" = postgresql ] && db="$uri"
    start_once "$db" >/dev/null  # warm the page cache once
    read -r took rss < <(start_once "$db")
    log "$backend: listening after $took s, RSS $rss KiB"
    rows+="| $backend | $took s | $(echo "$rss" | thousands) KiB |"$'\n'
done

echo "## Startup"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs, load average" \
     "$(cut -d' ' -f1-3 /proc/loadavg) at the end; tree \`$(git describe --always --dirty)\`."
echo
echo "Command: \`bench/run startup\` (\`bench/startup.sh <release build dir>\`, STARTUP_RESULTS=$results)."
echo "The database holds $(echo "$results" | thousands) finished daily results of $day, one player"
echo "each (\`pinfall-seed-board\`: $seed_s s into SQLite; \`pinfall-server --migrate-from\`: $copy_s s"
echo "to copy it into PostgreSQL, a private cluster with its durable defaults on the same disk)."
echo "Each server is started twice on a warm page cache; the second start is timed: from exec to"
echo "its \"listening on port\" line, by which time it has read every stored result into its"
echo "leaderboards; RSS is read from /proc at that moment."
echo
echo "| Backend | Start to listening | RSS when listening |"
echo "|---|---|---|"
printf '%s' "$rows"
