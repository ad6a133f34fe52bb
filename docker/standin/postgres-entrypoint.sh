#!/bin/sh
# The stand-in postgres:15's entrypoint (postgres.Containerfile): initialises the data directory
# on the first start with POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, then runs the server
# as the postgres user in the foreground.
set -eu
bin=/usr/lib/postgresql/15/bin
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
chown postgres:postgres "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?the stand-in needs POSTGRES_PASSWORD}"
    pw=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pw"
    chown postgres "$pw"
    as_postgres "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pw" \
        --auth-local=trust --auth-host=scram-sha-256 > /dev/null
    rm -f "$pw"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    if [ "$db" != postgres ]; then  # initdb makes only "postgres"
        as_postgres "$bin/pg_ctl" -D "$PGDATA" -w -o "-c listen_addresses=" start > /dev/null
        as_postgres psql -q -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
        as_postgres "$bin/pg_ctl" -D "$PGDATA" -w stop > /dev/null
    fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA"
