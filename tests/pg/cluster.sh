#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: unix socket only (no TCP port), trust
# authentication for the user postgres, in a folder of its own.
#   tests/pg/cluster.sh start DIR   initdb in DIR/data (unless there), start, wait until ready
#   tests/pg/cluster.sh stop DIR    stop fast and remove DIR
#   tests/pg/cluster.sh kill DIR    stop at once, as a crash would (immediate), keep DIR
#   tests/pg/cluster.sh restart DIR start again after kill
#   tests/pg/cluster.sh createdb DIR NAME / dropdb DIR NAME   a database in the cluster
# Connect with: postgresql:///DB?host=DIR&user=postgres (port 5432 inside DIR).
# As root (CI runs `make test` as root) the server runs as the user postgres via runuser, since
# PostgreSQL refuses to run as root. fsync is off: a test cluster need not survive an operating
# system crash, and a COMMIT still waits for the WAL write (synchronous_commit stays on), so a
# killed server process loses nothing committed.
set -euo pipefail
cmd=${1:?start|stop|kill|restart}
dir=${2:?cluster folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "cluster.sh: PostgreSQL server not installed (scripts/deps.sh all)" >&2; exit 1; }

as_pg() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# PINFALL_PG_FSYNC=on (bench/storage.sh) keeps PostgreSQL's default, fully durable fsync.
start() {
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-k $dir -c listen_addresses= -p 5432 -c fsync=${PINFALL_PG_FSYNC:-off} -c max_connections=200" \
        start >/dev/null
}

case "$cmd" in
    start)
        mkdir -p "$dir"
        [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
        if [ ! -d "$dir/data" ]; then
            as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C \
                --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
        fi
        start
        ;;
    restart) start ;;
    createdb) "$bin/createdb" -h "$dir" -U postgres "${3:?database name}" ;;
    dropdb) "$bin/dropdb" -h "$dir" -U postgres --force --if-exists "${3:?database name}" ;;
    kill) as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null ;;
    stop)
        if [ -f "$dir/data/postmaster.pid" ]; then
            as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
        fi
        rm -rf "$dir"
        ;;
    *) echo "usage: cluster.sh start|stop|kill|restart DIR | createdb|dropdb DIR NAME" >&2; exit 2 ;;
esac
