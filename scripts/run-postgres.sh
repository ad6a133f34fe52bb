#!/usr/bin/env bash
# Tries Pinfall on PostgreSQL: starts a private PostgreSQL cluster in var/pg/ (unix socket in
# that folder, no TCP port; created on first use, kept between runs), creates the database
# `pinfall` in it, then starts pinfall-server on it like scripts/run.sh does with SQLite.
# Ctrl-C stops the server; the cluster keeps running until `scripts/run-postgres.sh stop`.
# Usage: scripts/run-postgres.sh BUILD_DIR [PORT]    |    scripts/run-postgres.sh stop
set -euo pipefail
cd "$(dirname "$0")/.."
dir="$(pwd)/var/pg"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "PostgreSQL is not installed: scripts/deps.sh all" >&2; exit 1; }
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = stop ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop
    exit 0
fi
build_dir=${1:?build directory}
port=${2:-8080}

mkdir -p "$dir"
if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$dir"
    # The server runs as postgres: it must reach its folder through var/ and the checkout.
    chmod o+x "$(pwd)" "$(pwd)/var"
fi
if [ ! -d "$dir/data" ]; then
    echo "Creating a PostgreSQL cluster in var/pg/data"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C >"$dir/initdb.log"
fi
if ! as_pg "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-k $dir -c listen_addresses= -p 5432" start >/dev/null
fi
uri="postgresql:///pinfall?host=$dir&user=postgres"
if ! as_pg "$bin/psql" -h "$dir" -U postgres -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'pinfall'" | grep -q 1; then
    as_pg "$bin/createdb" -h "$dir" -U postgres pinfall
fi
echo "Database ${uri} (scripts/run-postgres.sh stop stops PostgreSQL)"
exec bash scripts/run.sh "${build_dir}" "${port}" "${uri}"
