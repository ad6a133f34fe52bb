#!/usr/bin/env bash
# Runs the clairvoyance study (bench/integrity_study.cpp, issue 27) and prints the "Integrity"
# section of docs/benchmarks.md, in markdown, on stdout. Progress goes to stderr.
#
# Usage: bench/integrity.sh <build dir> [seeds]
#   (a Release build configured with -DPINFALL_BUILD_BENCH=ON; the study is built if missing)
#   seeds: seeds per ruleset, each played by all ten kinds (default 1430: 10,010 honest games)
# Environment: PINFALL_INTEGRITY_THREADS  threads (default 2; the run is nice -n 10)
#              PINFALL_INTEGRITY_RAW      a directory of game lines already made by
#                                         `integrity_study run` (*.txt): report them, run nothing
#              PINFALL_INTEGRITY_KEEP     a directory to keep this run's game lines in
# Every figure printed comes from the game lines reported; goals are compared, never assumed.
set -euo pipefail

build=${1:?usage: bench/integrity.sh <build dir> [seeds]}
seeds=${2:-1430}
threads=${PINFALL_INTEGRITY_THREADS:-2}
exe="$build/bench/integrity_study"
[ -x "$exe" ] || cmake --build "$build" --target integrity_study >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

start=$(date +%s)
if [ -n "${PINFALL_INTEGRITY_RAW:-}" ]; then
    raw=("$PINFALL_INTEGRITY_RAW"/*.txt)
    how="the game lines in \`$PINFALL_INTEGRITY_RAW\` (made by \`integrity_study run\` in chunks of seeds)"
else
    for r in sackson strict; do
        cmd=(nice -n 10 "$exe" run "$seeds" 0 "$threads" "$r")
        echo "integrity.sh: ${cmd[*]}" >&2
        "${cmd[@]}" > "$tmp/$r.txt"
    done
    raw=("$tmp/sackson.txt" "$tmp/strict.txt")
    [ -n "${PINFALL_INTEGRITY_KEEP:-}" ] && cp "${raw[@]}" "$PINFALL_INTEGRITY_KEEP/"
    how="\`nice -n 10 $exe run $seeds 0 $threads <ruleset>\`"
fi
"$exe" report "${raw[@]}" > "$tmp/report.txt"
cat "$tmp/report.txt" >&2
wall=$(($(date +%s) - start))

# get <tag> <ruleset> [kind] <key>: the value after key on the matching line, or "?".
get() {
    if [ $# -eq 4 ]; then
        awk -v t="$1" -v r="$2" -v k="$3" -v key="$4" '$1 == t && $2 == r && $3 == k {
            for (i = 4; i < NF; i++) if ($i == key) { print $(i + 1); f = 1 } } END { if (!f) print "?" }' "$tmp/report.txt"
    else
        awk -v t="$1" -v r="$2" -v key="$3" '$1 == t && $2 == r {
            for (i = 3; i < NF; i++) if ($i == key) { print $(i + 1); f = 1 } } END { if (!f) print "?" }' "$tmp/report.txt"
    fi
}
pct() { awk -v x="$1" 'BEGIN { if (x == "?") print "?"; else printf "%.1f%%", 100 * x }'; }
met() { awk -v x="$1" -v op="$2" -v g="$3" \
            'BEGIN { if (x == "?") { print "?"; exit } ok = op == "le" ? x <= g : x >= g; print ok ? "yes" : "**no**" }'; }

echo "## Integrity"
echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
     "$(lscpu | grep 'Model name' | sed 's/^Model name: *//'), shared with other work;" \
     "source tree at \`$(git describe --always --dirty)\`."
echo "Command: \`bench/integrity.sh $build $seeds\`, from $how; $wall s wall for this script."
echo
echo "Each seed is played by seven honest kinds (the coach, a sampling player, greedy, random,"
echo "softmax over the coach's values at temperatures 0.5, 2 and 5) and three cheaters (a full"
echo "clairvoyant that takes, among the true-deal best plays, the coach's favourite; and players"
echo "that do so on half and on a quarter of their decisions, else play as the coach); every game"
echo "is analysed by \`engine::IntegrityAnalyzer\` (docs/integrity.md). Flags and detection use the"
echo "engine's thresholds (\`engine::integrity_thresholds\`, calibrated on the run docs/integrity.md"
echo "describes); this run's own calibration is in brackets below. \"Held out\" calibrates on even"
echo "seeds only and counts the odd seeds' honest games it flags. Weeks are seven consecutive seeds;"
echo "honest weeks are every rolling window, cheaters' weeks blocks of seven."
echo
echo "| Ruleset | Honest games | Flagged | Held out: flagged / games | Honest windows flagged | Full, single game | Goal | Met | Full, week | Half, week | Quarter, week | No deciding decision | Analysis p50 | p99 |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for r in sackson strict; do
    goal=$([ "$r" = sackson ] && echo 0.9 || echo 0.8)
    single=$(get kind "$r" full single_engine)
    echo "| $r | $(get honest "$r" games) | $(get honest "$r" flagged_engine)" \
         "| $(get honest "$r" heldout_flagged) / $(get honest "$r" heldout_games)" \
         "| $(get honest "$r" window_flagged_engine) of $(get honest "$r" windows)" \
         "| $(pct "$single") | >= $(pct "$goal") | $(met "$single" ge "$goal")" \
         "| $(pct "$(get kind "$r" full week_engine)") | $(pct "$(get kind "$r" half week_engine)")" \
         "| $(pct "$(get kind "$r" quarter week_engine)") | $(pct "$(get cost "$r" no_deciding)")" \
         "| $(get cost "$r" p50_ms) ms | $(get cost "$r" p99_ms) ms |"
done
echo
echo "Thresholds (the engine's, \`engine::integrity_thresholds\`; this run's calibration in brackets):"
echo
for r in sackson strict; do
    echo "- $r: a game LLR >= $(get engine "$r" game_llr) and z >= $(get engine "$r" game_z)" \
         "[$(get calibrated "$r" game_llr), $(get calibrated "$r" game_z)]; seven games LLR >=" \
         "$(get engine "$r" week_llr) and z >= $(get engine "$r" week_z)" \
         "[$(get calibrated "$r" week_llr), $(get calibrated "$r" week_z)]."
done
echo
echo "| Ruleset | Kind | Games | Mean score | Flagged (single) | Weeks flagged | No deciding | LLR median | LLR max | z median | z max | Analysis p50 |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
awk '$1 == "kind" { v["games"]; for (i = 4; i < NF; i += 2) v[$i] = $(i + 1);
        printf "| %s | %s | %s | %s | %.1f%% | %.1f%% | %.1f%% | %s | %s | %s | %s | %s ms |\n",
            $2, $3, v["games"], v["mean_score"], 100 * v["single_engine"], 100 * v["week_engine"],
            100 * v["no_deciding"], v["llr_p50"], v["llr_max"], v["z_p50"], v["z_max"], v["ms_p50"] }' \
    "$tmp/report.txt"
