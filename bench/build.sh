#!/usr/bin/env bash
# First-run times: clones the committed tree (HEAD) twice into /tmp and times, in each fresh
# clone, `make build-run` (what `make run` does before it starts the server: scripts/deps.sh run
# and the two programs) and `make test` (everything built, every test run), with the packages
# already installed; then starts the server built by the first and times its first page.
# Prints the "Build" section of docs/benchmarks.md on stdout; progress goes to stderr.
#
# Usage: bench/build.sh [unused build dir]   (bench/run build; not in the default list: it takes
#                                            about 15 minutes and wants an otherwise idle machine)
# Environment: BUILD_BENCH_SKIP_TEST=1   time `make build-run` only
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
rev=$(git rev-parse --short HEAD)
tmp=$(mktemp -d /tmp/pinfall-build-bench-XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# seconds <command...>: runs the command (output to $tmp/log), prints "<wall s> <CPU s>" (CPU:
# user + system of everything it ran; on a machine shared with other work the wall time grows,
# the CPU time much less).
seconds() {
    local TIMEFORMAT='%R %U %S'
    { time "$@" >>"$tmp/log" 2>&1; } 2>"$tmp/times" ||
        { echo "build.sh: failed: $*" >&2; tail -30 "$tmp/log" >&2; exit 1; }
    awk '{ printf "%.0f %.0f\n", $1, $2 + $3 }' "$tmp/times"
}
mmss() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
load() { cut -d' ' -f1-3 /proc/loadavg; }

load_before=$(load)
git clone -q "$repo" "$tmp/run"
echo "build.sh: make build-run in a fresh clone" >&2
read -r run_s run_cpu < <(seconds make -C "$tmp/run" build-run)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start=$(date +%s.%N)
(cd "$tmp/run" && exec bash scripts/run.sh build/dev "$port") >>"$tmp/log" 2>&1 &
server=$!
until python3 -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$port/', timeout=1)" 2>/dev/null; do sleep 0.05; done
page_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
kill "$server"
wait "$server" || true

test_s=""
if [ -z "${BUILD_BENCH_SKIP_TEST:-}" ]; then
    git clone -q "$repo" "$tmp/test"
    echo "build.sh: make test in a fresh clone" >&2
    read -r test_s test_cpu < <(seconds make -C "$tmp/test" test)
fi
load_after=$(load)

echo "## Build"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
     "$(lscpu | grep 'Model name' | sed 's/^Model name: *//'), load average $load_before before" \
     "and $load_after after (a high load means something else shared the machine); tree \`$rev\`;"
echo "g++ $(g++ -dumpfullversion), $(cmake --version | head -1), every package already installed"
echo "(\`scripts/deps.sh\` finds nothing missing), ccache $(command -v ccache >/dev/null && echo present || echo "not installed")."
echo
echo "Command: \`bench/run build\` (\`bench/build.sh\`): fresh clones of HEAD under /tmp."
echo
echo "| Step | What | Wall time | CPU (user + sys) | Goal | Met |"
echo "|---|---|---|---|---|---|"
echo "| \`make build-run\` | configure, build \`pinfall-server\` and \`pinfall\` (what \`make run\` builds)" \
     "| $(mmss "$run_s") | $(mmss "$run_cpu") | - | - |"
echo "| first page | \`scripts/run.sh\` until \`GET /\` answers | ${page_s} s | - | - | - |"
total=$((run_s + ${page_s%.*}))
echo "| \`make run\` to a playable page | the two rows above | $(mmss "$total") | - | <= 5 min |" \
     "$([ "$total" -le 300 ] && echo yes || echo '**no**') |"
if [ -n "$test_s" ]; then
    echo "| \`make test\` | configure, build everything, \`ctest\` (both storage backends, browser tests)" \
         "| $(mmss "$test_s") | $(mmss "$test_cpu") | <= 12 min |" \
         "$([ "$test_s" -le 720 ] && echo yes || echo '**no**') |"
fi
