#!/usr/bin/env bash
# Where an idle connection's memory goes: runs pinfall-server under valgrind's massif, opens N
# idle WebSocket connections (hello only) with pinfall-loadgen, and prints the "Idle connection
# memory" section of docs/benchmarks.md on stdout (bench/run idle_memory stores it): the heap at
# its peak per connection, by allocation site (massif's top-level entries). Progress goes to
# stderr. Allocations made once (SQLite's cache, OpenSSL, start-up) are divided by N too: with
# more connections they weigh less.
#
# Usage: bench/idle_memory.sh [build dir] [connections]   (defaults: build/release, 2000)
set -euo pipefail

cd "$(dirname "$0")/.."
build=${1:-build/release}
conns=${2:-2000}
command -v valgrind > /dev/null || { echo "idle_memory.sh: valgrind is needed" >&2; exit 1; }
cmake --build "$build" -j2 --target pinfall-server pinfall-loadgen >&2
. bench/loadgen/run_lib.sh  # bench_scratch
bench_scratch
ulimit -n "$(ulimit -Hn)" 2> /dev/null || true
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$tmp/secret"
valgrind --tool=massif --soname-synonyms=somalloc=*jemalloc* --massif-out-file="$tmp/massif.out" \
    "$build/server/pinfall-server" --port 0 --bind 127.0.0.1 --threads 1 --msg-rate 0 \
    --max-connections 20000 --max-connections-per-ip 20000 --guests-per-ip 0 --games-per-ip 0 \
    --secret-file "$tmp/secret" \
    --db "$tmp/pinfall.db" --log-level warn > "$tmp/out" 2> "$tmp/err" &
peer_pid=$!
port=
for _ in $(seq 1 300); do
    port=$(awk '/^listening on port/ { print $4; exit }' "$tmp/out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { cat "$tmp/err" >&2; exit 1; }
"$build/bench/loadgen/pinfall-loadgen" --port "$port" --mode idle -c "$conns" --hold 3 \
    --setup-timeout 300 > "$tmp/lg.out" 2> "$tmp/lg.err"
grep -o 'conns_ready=[0-9]*' "$tmp/lg.out" >&2
kill -TERM "$peer_pid"
wait "$peer_pid" 2> /dev/null || true
peer_pid=

boost_version=$(dpkg-query -W -f '${Version}' libboost-dev 2> /dev/null || echo '?')
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo | sed 's/ [0-9]*-Core Processor//')
cat <<HEAD
## Idle connection memory

Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) CPUs, $cpu; Boost $boost_version, $(valgrind --version); source tree at \`$(git describe --always --dirty)\`.

Command: \`bench/idle_memory.sh $build $conns\` (\`bench/run idle_memory\`): pinfall-server (release) under
\`valgrind --tool=massif\`, $conns idle connections from \`pinfall-loadgen --mode idle\` (connect,
hello, hold). The RSS figure of the Server section counts the same things plus malloc's own
overhead, at 19,000 connections.

HEAD
# The detailed snapshot with the largest heap; its top-level entries are " n<k>: <bytes> <site>".
awk -v n="$conns" '
    /^snapshot=/ { snap = $0 }
    /^mem_heap_B=/ { split($0, a, "="); heap[snap] = a[2] }
    /^heap_tree=(detailed|peak)/ { detailed[snap] = 1 }
    { lines[snap] = lines[snap] "\n" $0 }
    END {
        best = ""; for (s in detailed) if (best == "" || heap[s] + 0 > heap[best] + 0) best = s
        printf "Heap at the peak: %d bytes, %.0f bytes per connection (%d connections).\n\n", heap[best], heap[best] / n, n
        print "| Bytes per connection | Allocation site (massif, top level) |"
        print "|---|---|"
        m = split(lines[best], l, "\n")
        for (i = 1; i <= m; i++) {
            if (l[i] !~ /^ n[0-9]+: [0-9]+ /) continue
            split(l[i], f, " "); bytes = f[2]
            site = l[i]; sub(/^ n[0-9]+: [0-9]+ (0x[0-9A-F]+: )?/, "", site)
            raw = site
            lib = ""
            if (match(site, /\(in [^)]*\)$/)) {
                lib = substr(site, RSTART + 4, RLENGTH - 5); sub(/.*\//, "", lib); sub(/\.so.*/, "", lib)
            }
            while (gsub(/<[^<>]*>/, "", site)) {}
            while (gsub(/\([^()]*\)/, "", site)) {}
            gsub(/\|/, "\\|", site); sub(/ +$/, "", site)
            if (site == "???" && lib != "") site = "(" lib ")"
            if (length(site) > 70) site = substr(site, 1, 67) "..."
            # What the sites are, for the reader (from the full names in massif.out).
            if (raw ~ /make_shared.*websocket::stream/) site = site " (Beast websocket::stream state, its 1,536-byte read buffer included)"
            else if (raw ~ /thread_info_base::allocate/) site = site " (Asio operations: the pending read and the idle-timeout timer)"
            else if (raw ~ /HttpSession::on_read/) site = site " (the WsSession object)"
            else if (raw ~ /WsSession::WsSession/) site = site " (the application Client object)"
            else if (raw ~ /register_descriptor/) site = site " (the socket'"'"'s reactor state)"
            else if (raw ~ /flat_buffer.*prepare/) site = site " (the read buffer, one piece)"
            else if (raw ~ /any_executor/) site = site " (the Client'"'"'s type-erased strand handle)"
            else if (raw ~ /new_guest/) site = site " (the guest'"'"'s token entry)"
            printf "| %.0f | %s |\n", bytes / n, site
            if (raw ~ /make_shared.*websocket::stream|thread_info_base::allocate|register_descriptor/) boost += bytes
        }
        printf "\nBoost'"'"'s own state (the rows of Beast'"'"'s stream state, Asio'"'"'s operations and the reactor state) is %.0f bytes a connection, sized by Beast and Asio, not by this code; the rest is Pinfall'"'"'s (session, client, guest, read buffer) and allocations made once, divided by %d.\n", boost / n, n
    }' "$tmp/massif.out"
