#!/usr/bin/env bash
# Where `make test`'s compile time goes: builds the dev preset from scratch in a build folder of
# its own with every compile and link wrapped to log its CPU time (user + sys), then prints the
# sum per target, the slowest files and the whole build's wall and CPU time (docs/benchmarks.md,
# "Build: where the time goes").
#
# Usage: bench/compile_times.sh [build dir]   (default: build/compile-times; removed first)
# Environment: JOBS   parallel jobs (default: nproc)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/compile-times}
jobs=${JOBS:-$(nproc)}
log=$(mktemp)
wrapper=$(mktemp)
trap 'rm -f "$log" "$wrapper"' EXIT
# The wrapper runs the compiler or linker given and appends "<cpu seconds> <output file>".
cat > "$wrapper" <<EOF
#!/usr/bin/env bash
out=""; prev=""
for a in "\$@"; do [ "\$prev" = "-o" ] && out="\$a"; prev="\$a"; done
one=\$(mktemp)
/usr/bin/time -f "%U %S" -o "\$one" "\$@"
rc=\$?
awk -v o="\$out" '{ printf "%.2f %s\n", \$1 + \$2, o }' "\$one" >> "$log"
rm -f "\$one"
exit \$rc
EOF
chmod +x "$wrapper"
rm -rf "$dir"
cmake --preset dev -B "$dir" -DCMAKE_CXX_COMPILER_LAUNCHER="$wrapper" \
      -DCMAKE_CXX_LINKER_LAUNCHER="$wrapper" > /dev/null
start=$(date +%s.%N)
times=$( { /usr/bin/time -f "%U %S" cmake --build "$dir" -j "$jobs" > /dev/null; } 2>&1 | tail -1)
wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')
echo "build: ${wall} s wall, $(echo "$times" | awk '{ printf "%.0f", $1 + $2 }') s CPU, -j $jobs," \
     "$(nproc) CPUs, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "CPU seconds by target (files):"
awk '{ t = $2; if (match(t, /CMakeFiles\/[^\/]+\.dir/)) t = substr(t, RSTART + 11, RLENGTH - 15);
       else t = "link"; s[t] += $1; n[t]++ }
     END { for (t in s) printf "%8.1f %4d %s\n", s[t], n[t], t }' "$log" | sort -rn
echo
echo "Slowest files (CPU seconds):"
sort -rn "$log" | head -15 | sed "s|$PWD/$dir/||"
