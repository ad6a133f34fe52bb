# The markdown report of bench/server.sh (sourced by it after run_lib.sh, not run).
#
# Contract: print_section prints the "## Server" section on stdout from the RESULT lines in
# $tmp (runs pinfall-N, node-N, raw-N, colyseus-N, bgio-N, open, games, idle), from
# $tmp/check.out (the same-work peers' check), $tmp/engine_cost*.result, and, when profiled=1
# (peer_profiled=1), from $tmp/callgrind.out ($tmp/peer_profile.md). It uses the caller's build, secs, reps, idle_conns, node_ok, load,
# quiet_busy, quiet_waited, req_bytes and reply_bytes. Nothing is printed that the runs did not
# measure; a goal whose run had errors or lost requests is not met.

# cg_share <annotate output> <function prefix>: the share of the first line naming it, or "?".
cg_share() {
    awk -v f="$2" 'index($0, ":" f "(") || index($0, ":" f "[") || index($0, ":" f " ") {
                       if (match($0, /\( *[0-9.]+%\)/)) {
                           s = substr($0, RSTART + 1, RLENGTH - 2); gsub(/ /, "", s); print s; exit
                       } }' "$1"
}

# The top self-cost functions of a callgrind_annotate listing, names shortened (template
# arguments, parameter lists and paths dropped), as markdown table rows.
cg_top() {
    awk -v max="$2" '
        /^-+$/ { sep++; next }
        sep == 6 && match($0, /\( *[0-9.]+%\)/) && n < max {
            share = substr($0, RSTART + 1, RLENGTH - 2); gsub(/ /, "", share)
            name = substr($0, RSTART + RLENGTH); sub(/^ +/, "", name)
            obj = ""
            if (match(name, / \[[^]]*\]$/)) {
                obj = substr(name, RSTART + 2, RLENGTH - 3); name = substr(name, 1, RSTART - 1)
                sub(/.*\//, "", obj); sub(/\.so.*/, "", obj)
            }
            sub(/^[^ :]*:/, "", name)
            gsub(/\(anonymous namespace\)/, "{anon}", name)
            while (gsub(/<[^<>]*>/, "", name)) {}
            while (gsub(/\([^()]*\)/, "", name)) {}
            sub(/ \[clone[^]]*\]/, "", name); sub(/json_abi_v[0-9_]*::/, "", name)
            gsub(/\|/, "\\|", name)
            if (length(name) > 80) name = substr(name, 1, 77) "..."
            printf "| %s | `%s` | %s |\n", share, name, obj
            n++
        }' "$1"
}

alloc_fns=':(malloc|_int_malloc|free|_int_free|cfree|realloc|_int_realloc|malloc_consolidate|'
alloc_fns+='unlink_chunk[^ ]*|operator new|operator delete)[( ]'

print_profile() {
    local self="$tmp/cg_self.txt" incl="$tmp/cg_incl.txt"
    callgrind_annotate --auto=no "$tmp/callgrind.out" > "$self" 2> /dev/null
    callgrind_annotate --auto=no --inclusive=yes "$tmp/callgrind.out" > "$incl" 2> /dev/null
    local alloc
    # Self cost of the allocator: glibc malloc/free and the C++ operators on top of them.
    alloc=$(awk -v re="$alloc_fns" '/^-+$/ { sep++; next }
                sep == 6 && match($0, /\( *[0-9.]+%\)/) {
                    p = substr($0, RSTART + 1, RLENGTH - 2); name = substr($0, RSTART + RLENGTH)
                    if (name ~ re) s += p + 0
                } END { printf "%.1f%%", s }' "$self")
    echo
    echo "### Where the server's instructions go"
    echo
    echo "\`perf stat -e instructions true\`: $(perf_state). The profile is callgrind's, on the"
    echo "release build (symbols, no debug info: inlined code counts in its caller), during"
    echo "\`profile\` above (20 connections, closed loop, valgrind makes the server ~50x slower)."
    echo "It counts user-space instructions only; the kernel's share of the server's CPU time is"
    echo "the system part of the Runs table (closed loop, first run:" \
         "$(get pinfall-1 server_sys_s) s system of $(get pinfall-1 server_cpu_s) s)."
    echo
    echo "| Function (inclusive: with what it calls) | Share |"
    echo "|---|---|"
    local f
    for f in "pinfall::server::net::WsSession::on_read" "pinfall::protocol::decode_request" \
             "pinfall::server::GameRoom::act" "pinfall::protocol::encode_update" \
             "pinfall::engine::Game::apply" "pinfall::engine::deal_from_seed" \
             "pinfall::server::GameRoom::reveal" "pinfall::server::net::WsSession::on_send" \
             "sqlite3_step"; do
        echo "| \`$f\` | $(cg_share "$incl" "$f" | grep . || echo 'not seen') |"
    done
    echo "| malloc, free, new, delete (self) | $alloc |"
    echo
    echo "| Self share | Function | Object |"
    echo "|---|---|---|"
    cg_top "$self" 15
}

perf_state() {
    if ! command -v perf > /dev/null; then
        echo "perf is not installed"
    elif perf stat -e instructions true 2>&1 | grep -q 'not supported\|not counted'; then
        echo "instructions \"not supported\" here (no hardware counters), so no perf profile"
    else
        echo "works, but this script profiles with callgrind for figures comparable anywhere"
    fi
}

# div <a> <b>: a / b, or 0 when b is 0.
div() { awk -v a="$1" -v b="$2" 'BEGIN { print b ? a / b : 0 }'; }

# npm_version <package>: the version of a package installed in bench/peers/node_modules.
npm_version() {
    node -p "require('./bench/peers/node_modules/$1/package.json').version" 2> /dev/null ||
        echo '?'
}

# saturation <prefix>: which side of the closed-loop runs <prefix>-N used its whole core, from
# the medians of the server's and the generator's CPU seconds over the measured window.
saturation() {
    local d s g
    d=$(median "$1" duration_s)
    s=$(div "$(median "$1" server_cpu_s)" "$d")
    g=$(div "$(median "$1" loadgen_cpu_s)" "$d")
    awk -v s="$s" -v g="$g" 'BEGIN {
        if (s >= 0.9) w = "the server saturated its core"
        else if (g >= 0.9) w = "the generator saturated its core, not the server"
        else w = "neither side saturated its core"
        printf "%s: server %.2f, generator %.2f of a core", w, s, g }'
}

# run_row <name> <peer>: one row of the Runs table.
run_row() {
    local n=$1
    echo "| $n | $2 | $(fmt '%.0f' "$(get "$n" actions_per_s)" | thousands)" \
         "| $(get "$n" lat_p50_us) | $(get "$n" lat_p99_us) | $(get "$n" lat_p999_us)" \
         "| $(get "$n" server_user_s) + $(get "$n" server_sys_s) | $(get "$n" loadgen_cpu_s)" \
         "| $(get "$n" other_cpu_s) | $(get "$n" errors) / $(get "$n" lost) |"
}

# The same-work peers: what they are, how they were checked and what the ratio compares.
print_same_work() {
    echo
    echo "### Same work: Colyseus and boardgame.io"
    echo
    echo "The same-work peers play Bowling Solitaire practice games with Pinfall's rules, through"
    echo "the browser's engine (web/js/solitaire: the deal of docs/rules.md from the seed, legal"
    echo "plays, sheet, ReplayGame), keep the deals on the server and answer every play or stop"
    echo "with the state the player may see (bench/peers/practice.mjs): a Colyseus room"
    echo "(@colyseus/core $(npm_version @colyseus/core), the server of the \`colyseus\` package, with"
    echo "@colyseus/ws-transport $(npm_version @colyseus/ws-transport); plain messages, msgpack,"
    echo "no Schema state, no patch interval) and a boardgame.io $(npm_version boardgame.io) game"
    echo "(its Server, socket.io transport, in-memory storage; secrets hidden by \`playerView\`,"
    echo "every move \`client: false\`, an illegal one answered INVALID_MOVE; the deals of a new"
    echo "game come from web/js through a worker thread, boardgame.io's moves being synchronous)."
    echo "A room or match is a session that plays game after game, as one Pinfall connection"
    echo "does. NODE_ENV=production for both; Node's SHA-256 (node:crypto) answers the web deal's"
    echo "crypto.subtle.digest. They are driven by bench/peers/loadgen.mjs through their own"
    echo "client libraries (@colyseus/sdk $(npm_version @colyseus/sdk); boardgame.io's LobbyClient"
    echo "and Client over socket.io), the same closed loop as pinfall-loadgen's: fixed seeds,"
    echo "random legal plays, a new game after game over, only plays and stops counted as actions."
    echo "Server CPU is user + system of the whole server process (every thread) from"
    echo "/proc/PID/stat at the window's edges, as pinfall-loadgen measures pinfall-server's."
    echo "Mean reply: $(get pinfall-1 reply_bytes_mean) bytes from pinfall-server (events and legal"
    echo "plays), $(get colyseus-1 reply_bytes_mean) from the Colyseus room (msgpack) and"
    echo "$(get bgio-1 reply_bytes_mean) from boardgame.io (socket.io JSON of the filtered state);"
    echo "pinfall-server also stores every finished game and solves its par (idle-priority"
    echo "threads), which the peers do not do."
    local eng cy bg
    eng=$(get engine_cost engine_us_per_action)
    cy=$(median colyseus server_cpu_s_per_M)
    bg=$(median bgio server_cpu_s_per_M)
    echo
    echo "What the peers' figures are made of: the browser's engine alone, in Node with no server"
    echo "(bench/peers/engine_cost.mjs on CPU 1: $(get engine_cost games) games of" \
         "$(get engine_cost actions_per_game) actions), costs $(get engine_cost play_us_per_action) us of" \
         "CPU a play or stop (validation, play, the visible state) and" \
         "$(get engine_cost deal_us_per_action) us of deals an action" \
         "($(fmt '%.0f' "$(get engine_cost deal_us_per_game)") us a game): about $(fmt '%.1f' "$eng") us" \
         "an action of each peer's figure is the engine's (as measured alone), the rest the" \
         "framework, its encoding, Node and the kernel ($(fmt '%.1f' "$(awk -v a="$cy" -v b="$eng" 'BEGIN { print a - b }')") us for" \
         "the Colyseus room, $(fmt '%.1f' "$(awk -v a="$bg" -v b="$eng" 'BEGIN { print a - b }')") us" \
         "for boardgame.io). Against those remainders alone pinfall-server's ratio would be" \
         "$(fmt '%.3f' "$(div "$(median pinfall server_cpu_s_per_M)" \
             "$(awk -v a="$cy" -v b="$eng" 'BEGIN { print a - b }')")") (Colyseus) and" \
         "$(fmt '%.3f' "$(div "$(median pinfall server_cpu_s_per_M)" \
             "$(awk -v a="$bg" -v b="$eng" 'BEGIN { print a - b }')")") (boardgame.io)." \
         "With WebCrypto's SHA-256, as the browser's deal code runs unmodified in Node, the deals" \
         "would cost $(get engine_cost_webcrypto deal_us_per_action) us an action instead of" \
         "$(get engine_cost deal_us_per_action)."
    echo
    echo "Checked before measuring (bench/peers/check.mjs, each through its client library):"
    sed 's/^check: ok: //' "$tmp/check.out"
    if [ "$peer_profiled" = 1 ]; then
        echo
        echo "Where the peers' main threads go (\`node --cpu-prof\`, runs prof-colyseus and"
        echo "prof-bgio: the same closed loop for 5 s; self time by the code's owner, as"
        echo "bench/peers/profile_summary.mjs sorts it; a system call counts in the native binding"
        echo "that made it, e.g. writev; other threads are not in it):"
        echo
        cat "$tmp/peer_profile.md"
    fi
}

print_section() {
    local ws raw node cpu_m open_p99 idle_b games games_ok open_ok closed_ok
    ws=$(median pinfall actions_per_s)
    raw=$(median raw actions_per_s)
    cpu_m=$(median pinfall server_cpu_s_per_M)
    closed_ok=$([ "$(sum_of pinfall errors)" = 0 ] && echo 1 || echo 0)
    open_p99=$(get open lat_p99_us)
    open_ok=$([ "$(get open errors)" = 0 ] && [ "$(get open lost)" = 0 ] && echo 1 || echo 0)
    idle_b=$(get idle bytes_per_conn)
    games=$(get games games_per_s)
    cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
    ok() { [ "$1" = 1 ] && met "${@:2}" || echo "**no** (errors)"; }

    echo "## Server"
    echo
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs," \
         "$(lscpu | grep 'Model name' | sed 's/^Model name: *//'), load average $load before" \
         "the runs (the other processes used ${quiet_busy}% of the CPUs after a wait of" \
         "${quiet_waited} s). Build: $(cache CMAKE_BUILD_TYPE)" \
         "(\`$(cache CMAKE_CXX_FLAGS_RELEASE)\`), $("$(cache CMAKE_CXX_COMPILER)" --version |
             head -1), Boost $(dpkg-query -W -f '${Version}' libboost1.74-dev 2> /dev/null ||
             echo '?'); Node $(node --version 2> /dev/null || echo '-') with ws" \
         "$(sed -n 's/.*"version": "\(.*\)".*/\1/p' bench/peers/node_modules/ws/package.json \
             2> /dev/null | head -1); source tree at \`$(git describe --always --dirty)\`."
    if [ "$quiet_busy" -gt 10 ]; then
        echo
        echo "**The machine was shared and busy during these runs** (other processes' CPU time is"
        echo "in the Runs table): every figure, latency above all, is worse than an idle machine"
        echo "would give. Rerun \`bench/run server\` on an idle machine before comparing."
    fi
    echo
    echo "Every peer listens on 127.0.0.1 and is pinned to CPU 1 (\`taskset\`): pinfall-server"
    echo "(release, \`--threads 1\`, rate limit off), the Node \`ws\` peer (bench/peers/ws_peer.js),"
    echo "the C epoll echo peer (bench/peers/echo_server.c) and the same-work peers (Colyseus,"
    echo "boardgame.io: below). The load generator, bench/loadgen (pinfall-loadgen: Beast client,"
    echo "one asio thread; bench/peers/loadgen.mjs in Node for the same-work peers), is pinned to"
    echo "CPU 0 and measures every run the same way. $( [ "$boost" = 1 ] && echo "Both run in sessions of" \
         "their own at autogroup nice -20, so that other work on a shared machine takes little" \
         "of their cores (the Other CPU column shows what it still took).")"
    echo "An action is validated when its \`update\` reply"
    echo "answers the request's id; plays are picked at random from the last reply's \`legal\`."
    echo "The peers got Pinfall's mean message sizes from the first closed-loop run:"
    echo "$req_bytes-byte requests, $reply_bytes-byte replies (the echo peer pads each line)."
    echo
    echo "| Figure | Measured | Goal | Met |"
    echo "|---|---|---|---|"
    echo "| Closed loop, 100 connections x 1 in flight: validated actions/s, median of $reps" \
         "| $(fmt '%.0f' "$ws" | thousands) | >= 45,000 | $(ok "$closed_ok" "$ws" ge 45000) |"
    if [ "$node_ok" = 1 ]; then
        node=$(median node actions_per_s)
        local over_node
        over_node=$(div "$ws" "$node")
        echo "| ... over the Node \`ws\` peer ($(fmt '%.0f' "$node" | thousands)/s, same" \
             "generator and sizes) | $(fmt '%.2f' "$over_node")x | >= 3x" \
             "| $(met "$over_node" ge 3) |"
    else
        echo "| ... over the Node \`ws\` peer | not measured (no node/npm) | >= 3x | **no** |"
    fi
    local ratio
    ratio=$(div "$ws" "$raw")
    echo "| ... over the raw TCP echo peer ($(fmt '%.0f' "$raw" | thousands)/s, same" \
         "generator and sizes) | $(fmt '%.2f' "$ratio") | >= 0.6 | $(met "$ratio" ge 0.6) |"
    echo "| Open loop, 10,000 actions/s over 1,000 connections: p99 latency from the scheduled" \
         "send time (p50 $(get open lat_p50_us) us, p99.9 $(get open lat_p999_us) us;" \
         "$(fmt '%.0f' "$(get open actions_per_s)" | thousands) actions/s done," \
         "$(get open lost) lost; the echo peer on the same schedule: p99" \
         "$(get open-raw lat_p99_us) us) | $(fmt '%.3f' "$open_p99" 0.001) ms | < 1 ms" \
         "| $(ok "$open_ok" "$open_p99" lt 1000) |"
    echo "| Idle hold, $(get idle conns_ready) of $idle_conns connections open (hello" \
         "only): server RSS per connection ($(get idle rss_before_kib) KiB before," \
         "$(get idle rss_end_kib) KiB held) | $(fmt '%.2f' "$idle_b" 0.0009765625) KiB" \
         "| <= 4.7 KiB | $(met "$idle_b" le 4812.8) |"
    echo "| Server CPU time (user + system) per million validated actions, closed loop," \
         "median | $(fmt '%.2f' "$cpu_m") s | <= 20 s | $(ok "$closed_ok" "$cpu_m" le 20) |"
    local user_us
    user_us=$(for r in $(seq 1 "$reps"); do
                  awk -v u="$(get "pinfall-$r" server_user_s)" -v a="$(get "pinfall-$r" actions)" \
                      'BEGIN { printf "%.2f\n", (a > 0 ? u * 1e6 / a : 0) }'
              done | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    echo "| ... of which user time (the server's own code; the rest is the kernel's), per" \
         "validated action, median (bench/instructions.sh counts the instructions)" \
         "| $user_us us | <= 3 us | $(ok "$closed_ok" "$user_us" le 3) |"
    echo "| ... of which the playing path: less the server's idle-priority threads (par of" \
         "finished games, $(get pinfall-1 server_background_s) s of the first run's window)," \
         "median | $(fmt '%.2f' "$(median pinfall server_fg_cpu_s_per_M)") s | the same with" \
         "par off | - |"
    if [ "$node_ok" = 1 ]; then
        local pf cy bg cy_ratio bg_ratio
        pf=$(median pinfall server_cpu_s_per_M)  # seconds per million = microseconds per action
        cy=$(median colyseus server_cpu_s_per_M)
        bg=$(median bgio server_cpu_s_per_M)
        cy_ratio=$(div "$pf" "$cy")
        bg_ratio=$(div "$pf" "$bg")
        echo "| Same work: server CPU time (user + system, every thread) per validated action," \
             "closed loop of practice games with random legal plays, 100 connections x 1 in" \
             "flight, median of $reps: pinfall-server ($(fmt '%.0f' "$ws" | thousands)" \
             "actions/s; $(saturation pinfall)) | $(fmt '%.1f' "$pf") us | - | - |"
        echo "| ... the Colyseus room, bench/peers/colyseus" \
             "($(fmt '%.0f' "$(median colyseus actions_per_s)" | thousands) actions/s;" \
             "$(saturation colyseus)) | $(fmt '%.1f' "$cy") us | - | - |"
        echo "| ... the boardgame.io server, bench/peers/bgio" \
             "($(fmt '%.0f' "$(median bgio actions_per_s)" | thousands) actions/s;" \
             "$(saturation bgio)) | $(fmt '%.1f' "$bg") us | - | - |"
        echo "| pinfall-server's CPU per action over the Colyseus room's | $(fmt '%.3f' "$cy_ratio")" \
             "| <= 1/3 | $(ok "$closed_ok" "$cy_ratio" le 0.33334) |"
        echo "| pinfall-server's CPU per action over the boardgame.io server's" \
             "| $(fmt '%.3f' "$bg_ratio") | <= 1/3 | $(ok "$closed_ok" "$bg_ratio" le 0.33334) |"
    else
        echo "| Same work: pinfall-server's CPU per action over the Colyseus room's and the" \
             "boardgame.io server's | not measured (no node 20 / npm) | <= 1/3 | **no** |"
    fi
    games_ok=$([ "$(get games errors)" = 0 ] && echo "" || echo ", $(get games errors) errors")
    local node_note=""
    if [ "$node_ok" = 1 ] && awk -v n="$node" -v r="$raw" 'BEGIN { exit !(3 * n > r) }'; then
        node_note="3x the Node peer would be $(fmt '%.0f' "$node" 3 | thousands)/s, more than the raw TCP echo peer's $(fmt '%.0f' "$raw" | thousands)/s over
            the same generator and loopback: no WebSocket server can reach it in this set-up, the
            transport itself stops first. The Node peer answers here at
            $(fmt '%.0f' "$(div "$node" "$raw")" 100)% of raw TCP, far above the 15,000/s the
            issue expected of it."
    fi
    echo "| Whole games, 100 connections, one WebSocket session a game (connect, hello," \
         "practice_start, plays to the end, close): games/s | $(fmt '%.0f' "$games" | thousands)" \
         "($(fmt '%.1f' "$(div "$(get games actions)" "$(get games games)")") actions a" \
         "game$games_ok) | - | - |"
    if [ -n "$node_note" ]; then echo; echo "$node_note" | tr -s ' \n' ' ' | sed 's/ $//'; echo; fi
    [ "$node_ok" = 1 ] && print_same_work
    echo
    echo "Runs (latency in microseconds: from the send in the closed loop, from the scheduled"
    echo "send time in the open loop; CPU seconds within the ${secs}-second measured window;"
    echo "\"other\" is CPU time used meanwhile by processes other than the peer and the"
    echo "generator, which skews a run when it is not near 0):"
    echo
    echo "| Run | Peer | Actions/s | p50 | p99 | p99.9 | Peer CPU user + sys | Loadgen CPU" \
         "| Other CPU | Errors / lost |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    local r
    for r in $(seq 1 "$reps"); do
        run_row "pinfall-$r" pinfall-server
        [ "$node_ok" = 1 ] && run_row "node-$r" "Node ws"
        run_row "raw-$r" "C echo"
        if [ "$node_ok" = 1 ]; then
            run_row "colyseus-$r" "Colyseus room"
            run_row "bgio-$r" "boardgame.io"
        fi
    done
    run_row open pinfall-server
    run_row open-raw "C echo"
    run_row games pinfall-server
    echo
    echo "Commands (bench/run runs bench/server.sh; <port> and <pid> are the peer's, <tmp> a"
    echo "scratch directory; the peers stop with SIGTERM after each run):"
    echo
    echo '```'
    awk '!seen[$0]++' "$tmp/commands"
    echo '```'
    [ "$profiled" = 1 ] && print_profile
    return 0
}
