#!/usr/bin/env bash
# Builds the image of docker/Dockerfile and proves it works end to end (README "Containers";
# not part of `make test`): runs it on a free port with a fresh named volume, waits for the
# image's HEALTHCHECK to say healthy, plays a practice game over ws:// with the terminal client
# inside the container and checks its score sheet, registers a player and starts the daily
# challenge, stops the container with two sessions open (SIGTERM: exit 0 within 10 s, the log
# says the sessions were closed), starts a new container on the same volume and checks the
# secret, the player, the daily game and the practice games are still there. Prints the image size and each step's time; exits
# 1 at the first failed check (the container's log is printed), 0 when all pass.
#
# Usage: scripts/container-check.sh [--vm-workarounds] [--keep]
#   --vm-workarounds  (or PINFALL_CONTAINER_WORKAROUNDS=1) for machines like the project's VMs,
#                     never needed with a working Docker: no registry, so debian:bookworm and
#                     debian:bookworm-slim are made locally with debootstrap (once; reused), and
#                     podman runs with runc, cgroupfs and a containers.conf without default
#                     ulimits, builds with host networking (for apt-get), and this script runs
#                     the image's health check itself (podman has no systemd timers here).
#   --keep            leave the container, the volume and the outputs (in /tmp) in place.
# Environment: CONTAINER_ENGINE (docker or podman; default: docker when its daemon answers,
# else podman), PINFALL_IMAGE (pinfall:check), PINFALL_IMAGE_MAX_MB (150), DEBIAN_MIRROR,
# PINFALL_CONTAINER_HOST_NETWORK=1 (run on the host's network, the server on the free port,
# where published ports do not work; by default the container's 8080 is published on it).
set -euo pipefail
cd "$(dirname "$0")/.."

workarounds=${PINFALL_CONTAINER_WORKAROUNDS:-0}
keep=0
for arg in "$@"; do
    case "$arg" in
        --vm-workarounds) workarounds=1 ;;
        --keep) keep=1 ;;
        *) echo "usage: $0 [--vm-workarounds] [--keep]" >&2; exit 2 ;;
    esac
done
image=${PINFALL_IMAGE:-pinfall:check}
max_mb=${PINFALL_IMAGE_MAX_MB:-150}
zero=0000000000000000000000000000000000000000000000000000000000000000
work=$(mktemp -d /tmp/pinfall-container-check.XXXXXX)
name=pinfall-check-$$
volume=pinfall-check-data-$$
steps=()

# --- the engine --------------------------------------------------------------------------
engine_name=${CONTAINER_ENGINE:-}
if [ -z "$engine_name" ]; then
    if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
        engine_name=docker
    elif command -v podman >/dev/null; then
        engine_name=podman
    else
        echo "container-check: neither a working docker nor podman is installed" >&2
        exit 1
    fi
fi
engine=("$engine_name")
build_net=()    # extra flags of build
health_poll=0   # 1: this script runs the health check (podman without systemd timers)
if [ "$workarounds" = 1 ]; then
    if [ "$engine_name" = podman ]; then
        printf '[containers]\ndefault_ulimits = []\n' > "$work/containers.conf"
        export CONTAINERS_CONF="$work/containers.conf"
        engine=(podman --runtime runc --cgroup-manager=cgroupfs)
        health_poll=1
    fi
    build_net=(--network host)
fi
build_flags=()
[ "$engine_name" = podman ] && build_flags=(--format docker)  # OCI images drop HEALTHCHECK
ctr() { "${engine[@]}" "$@"; }

# --- helpers -----------------------------------------------------------------------------
now() { echo "${EPOCHREALTIME/,/.}"; }
step_start=0
begin() { step_start=$(now); echo "== $1"; }
end_step() {
    local took
    took=$(awk -v a="$step_start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
    steps+=("$(printf '%-44s %7s s' "$1" "$took")")
    echo "   ok ($took s)"
}
log_of() { ctr logs "$1" 2>&1 || true; }
fail() {
    echo "container-check: FAILED: $*" >&2
    if [ -s "$work/engine.log" ]; then
        echo "--- $engine_name's messages:" >&2
        tail -20 "$work/engine.log" >&2
    fi
    if ctr inspect "$name" >/dev/null 2>&1; then
        echo "--- log of $name:" >&2
        log_of "$name" | tail -40 >&2
    fi
    exit 1
}
expect() {  # expect FILE TEXT...: each TEXT must occur in FILE
    local file=$1
    shift
    for text in "$@"; do
        grep -qF -- "$text" "$file" || { echo "--- $file:" >&2; cat "$file" >&2; fail "no \"$text\""; }
    done
}
cleanup() {
    exec 4>&- 2>/dev/null || true
    for pid in "${bg_pid:-}" "${ws_pid:-}"; do
        if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
    done
    if [ "$keep" = 1 ]; then
        echo "kept: container $name, volume $volume, outputs $work (remove with:" \
            "$engine_name rm -f $name; $engine_name volume rm $volume; rm -r $work)"
    else
        ctr rm -f "$name" >/dev/null 2>&1 || true
        ctr volume rm "$volume" >/dev/null 2>&1 || true
        rm -rf "$work"
    fi
}
trap cleanup EXIT

free_port() {
    local p
    for _ in $(seq 100); do
        p=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
    done
    fail "no free port found"
}

# Makes debian:bookworm (debootstrap minbase with the official images' apt sources) and
# debian:bookworm-slim (the same, slimmed as debuerreotype slims the official one).
make_base_images() {
    if ctr image inspect debian:bookworm >/dev/null 2>&1 &&
        ctr image inspect debian:bookworm-slim >/dev/null 2>&1; then
        echo "   reusing the local debian:bookworm and debian:bookworm-slim"
        return
    fi
    command -v debootstrap >/dev/null || fail "--vm-workarounds needs debootstrap (apt-get install debootstrap)"
    local root="$work/rootfs"
    nice -n 10 debootstrap --variant=minbase bookworm "$root" \
        "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" > "$work/debootstrap.log" 2>&1 ||
        { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
    rm -f "$root/etc/apt/sources.list"
    cat > "$root/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
    tar -C "$root" -c . | ctr import --change 'CMD ["bash"]' - debian:bookworm > "$work/import.log" 2>&1 ||
        fail "import failed: $(cat "$work/import.log")"
    cat > "$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/man/*
EOF
    (
        cd "$root/usr/share"
        find doc locale -mindepth 1 ! -type d ! -path 'doc/*/copyright' ! -name locale.alias -delete
        find doc locale -mindepth 1 -type d -empty -delete
        rm -rf groff/* info/* linda/* lintian/overrides/* man/*
    )
    tar -C "$root" -c . | ctr import --change 'CMD ["bash"]' - debian:bookworm-slim > "$work/import.log" 2>&1 ||
        fail "import failed: $(cat "$work/import.log")"
    rm -rf "$root"
}

port=$(free_port)
inner_port=8080
run_flags=(-d --name "$name" -v "$volume:/var/lib/pinfall")
if [ "${PINFALL_CONTAINER_HOST_NETWORK:-0}" = 1 ]; then  # the server listens on the free port
    inner_port=$port
    run_flags+=(--network host -e "PINFALL_PORT=$port" -e PINFALL_BIND=127.0.0.1)
else
    run_flags+=(-p "127.0.0.1:$port:8080")
fi
ws="ws://127.0.0.1:$inner_port/ws"
client() { ctr exec -i "$name" pinfall --server "$ws" "$@"; }  # the image's terminal client

wait_healthy() {
    local status="" deadline=$((SECONDS + 60))
    while [ "$SECONDS" -lt "$deadline" ]; do
        [ "$(ctr inspect -f '{{.State.Running}}' "$name")" = true ] || fail "the container exited"
        if [ "$health_poll" = 1 ]; then ctr healthcheck run "$name" >/dev/null 2>&1 || true; fi
        status=$(ctr inspect -f '{{.State.Health.Status}}' "$name" 2>/dev/null || true)
        [ "$status" = healthy ] && return
        sleep 0.5
    done
    fail "not healthy after 60 s (health status: \"$status\")"
}

start_container() {
    ctr run "${run_flags[@]}" "$image" > /dev/null 2>> "$work/engine.log" || fail "$engine_name run failed"
    wait_healthy
    # The browser client from the host's side of the port.
    exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "port $port does not answer"
    printf 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
    cat <&3 > "$work/index.http"
    exec 3<&-
    expect "$work/index.http" "HTTP/1.0 200 OK" "<html"
}

echo "container-check: $engine_name, image $image, port $port, workarounds $workarounds"

# --- the steps ---------------------------------------------------------------------------
if [ "$workarounds" = 1 ]; then
    begin "base images (debootstrap, --vm-workarounds)"
    make_base_images
    end_step "base images (local, --vm-workarounds)"
fi

begin "build $image"
nice -n 10 "${engine[@]}" build "${build_flags[@]}" "${build_net[@]}" -f docker/Dockerfile -t "$image" . \
    > "$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "the build failed"; }
end_step "build the image"
size=$(ctr image inspect -f '{{.Size}}' "$image")
base_size=$(ctr image inspect -f '{{.Size}}' debian:bookworm-slim 2>/dev/null || echo 0)

begin "start on port $port, wait for healthy"
start_container
[ "$(ctr exec "$name" id -u)" != 0 ] || fail "the server runs as root"
log_of "$name" > "$work/start.log"
expect "$work/start.log" "created /var/lib/pinfall/secret" "listening on port $inner_port"
secret_sum=$(ctr exec "$name" sha256sum /var/lib/pinfall/secret | cut -d' ' -f1)
end_step "start, healthy (first start)"

begin "practice game over $ws"
printf '1 1\n1\ns\n1 2 4 5\ns\n1:2,5\nr\nn\nr\ny\n' | client play --seed "$zero" \
    > "$work/practice.txt" 2>&1 || fail "pinfall play exited $?"
expect "$work/practice.txt" "(sum_mismatch)" "Pile 1 (5S) knocks down 1 3 6; 7H turned up." \
    "|  1  |  2  |  3  |" "| 3 3 | 2   |" "Final score: 8 (resigned: frames not bowled score 0)" \
    "Record: pinfall/1 sackson $zero 1:1,3,6 s 1:2,4,5 s 1:2,5 r"
practice=$(sed -n 's/^Game \([0-9]*\) (practice.*/\1/p' "$work/practice.txt" | head -1)
[ -n "$practice" ] || fail "no practice game id in the output"
end_step "practice game, score sheet checked"

begin "register a player, start the daily challenge"
client register Container Check < /dev/null > "$work/register.txt" 2>&1 || fail "register exited $?"
expect "$work/register.txt" 'Registered "Container Check": player id'
printf '1\nq\n' | client play --daily > "$work/daily.txt" 2>&1 || fail "play --daily exited $?"
expect "$work/daily.txt" "Logged in as Container Check." "(daily, sackson): frame 1, ball 1" "stays open"
daily=$(sed -n 's/^Game \([0-9]*\) stays open.*/\1/p' "$work/daily.txt" | head -1)
[ -n "$daily" ] || fail "no daily game id in the output"
daily_status=$(grep "^Game $daily (daily, sackson): " "$work/daily.txt" | tail -1)
# shellcheck disable=SC2016  # $PINFALL_HOME is the container's
token=$(ctr exec "$name" sh -c 'cat "$PINFALL_HOME/token"')
end_step "register, daily started"

# Two sessions are open when SIGTERM comes: a bare WebSocket (bash, from the host) that answers
# the server's close frame at once, as the browser client does, and a terminal-client game
# waiting at its prompt, which reads nothing from the socket and so cannot answer: the server
# waits --shutdown-grace-ms (3 s) for it, then stops. Its game is saved either way.
ws_answering() {  # prints the 101 answer and the payload of the close frame it answered
    exec 5<>"/dev/tcp/127.0.0.1/$port"
    printf '%s\r\n' "GET /ws HTTP/1.1" "Host: 127.0.0.1:$port" "Upgrade: websocket" \
        "Connection: Upgrade" "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" \
        "Sec-WebSocket-Version: 13" "" >&5
    local line op len payload
    while IFS= read -r line <&5 && [ "$line" != $'\r' ]; do echo "$line"; done
    while read -r op len < <(head -c 2 <&5 | od -An -tx1); do  # the server's frames
        len=$((16#$len & 0x7f))
        payload=""
        if [ "$len" -gt 0 ]; then payload=$(head -c "$len" <&5 | od -An -tx1 | tr -d '\n'); fi
        case "$op" in
            88) echo "close:$payload"; printf '\x88\x80\x00\x00\x00\x00' >&5; break ;;
            89) printf '\x8a\x80\x00\x00\x00\x00' >&5 ;;  # a keep-alive ping: pong
        esac
    done
    cat <&5 > /dev/null || true
}
begin "stop (SIGTERM) with two sessions open"
ws_answering > "$work/ws.txt" 2>&1 &
ws_pid=$!
mkfifo "$work/feed"
client play --seed "$zero" < "$work/feed" > "$work/open.txt" 2>&1 &
bg_pid=$!
exec 4> "$work/feed"
printf '1\n' >&4
for _ in $(seq 100); do grep -q "knocks down" "$work/open.txt" && break; sleep 0.1; done
expect "$work/open.txt" "knocks down"
expect "$work/ws.txt" "101 Switching Protocols"
open_game=$(sed -n 's/^Game \([0-9]*\) (practice.*/\1/p' "$work/open.txt" | head -1)
stop_start=$(now)
ctr stop -t 10 "$name" > /dev/null 2>> "$work/engine.log"
stop_took=$(awk -v a="$stop_start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
exec 4>&-
wait "$bg_pid" "$ws_pid" 2>/dev/null || true
bg_pid=""
code=$(ctr inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "exit status $code after SIGTERM"
awk -v t="$stop_took" 'BEGIN { exit !(t < 10) }' || fail "stopping took $stop_took s"
grep -qE "^close: 03 e9" "$work/ws.txt" ||  # 1001, going away
    { cat "$work/ws.txt" >&2; fail "the bare WebSocket got no close frame with code 1001"; }
log_of "$name" > "$work/first.log"
expect "$work/first.log" "signal 15: closing 2 sessions" "info stopped"
left=$(sed -n 's/.* \([0-9]*\) sessions left: stopping$/\1/p' "$work/first.log")
[ "$left" = 0 ] || [ "$left" = 1 ] || fail "\"$left sessions left\" (the bare WebSocket was not closed)"
ctr rm "$name" > /dev/null 2>> "$work/engine.log"
end_step "stop: exit 0 in $stop_took s, 2 closing, $left left"

begin "new container on the same volume"
start_container
log_of "$name" | grep -q "created /var/lib/pinfall/secret" && fail "the secret was made again"
[ "$(ctr exec "$name" sha256sum /var/lib/pinfall/secret | cut -d' ' -f1)" = "$secret_sum" ] ||
    fail "the secret changed"
end_step "start, healthy (same volume)"

begin "the player and the games are still there"
# shellcheck disable=SC2016
printf '%s\n' "$token" | ctr exec -i "$name" sh -c \
    'umask 077; mkdir -p "$PINFALL_HOME"; cat > "$PINFALL_HOME/token"'
printf 'q\n' | client play --daily > "$work/daily2.txt" 2>&1 || fail "play --daily exited $?"
expect "$work/daily2.txt" "Logged in as Container Check." "$daily_status" "Game $daily stays open"
client verify "$practice" < /dev/null > "$work/verify.txt" 2>&1 || fail "verify exited $?"
expect "$work/verify.txt" "verified, the record replays to the stored score" \
    "replayed score 8, stored score 8"
printf 'q\n' | client play --resume "$open_game" > "$work/open2.txt" 2>&1 || fail "resume exited $?"
expect "$work/open2.txt" "Game $open_game (practice, sackson): frame 1, ball 1, 3 pins down this ball"
end_step "player, daily and both practice games found"

ctr stop -t 10 "$name" > /dev/null 2>> "$work/engine.log"

echo
echo "container-check: all checks passed ($engine_name$([ "$workarounds" = 1 ] && echo ', --vm-workarounds'))"
awk -v s="$size" -v b="$base_size" -v m="$max_mb" 'BEGIN {
    printf "image %s: %.1f MB (%.1f MiB); base debian:bookworm-slim %.1f MB; goal <= %d MB\n",
        "'"$image"'", s / 1e6, s / 1048576, b / 1e6, m }'
printf '%s\n' "${steps[@]}"
awk -v s="$size" -v m="$max_mb" 'BEGIN { exit !(s / 1e6 <= m) }' ||
    { echo "container-check: the image is over the $max_mb MB goal" >&2; exit 1; }
