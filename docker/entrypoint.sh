#!/bin/sh
# The image's entrypoint: finds or creates the server secret, then execs pinfall-server as PID 1
# (so SIGTERM from `docker stop` reaches it; it closes the sessions and exits 0).
#
# The secret, first match wins:
#   1. PINFALL_SECRET_FILE names a file (e.g. a mounted Docker secret): used as it is.
#   2. PINFALL_SECRET holds the secret itself: written to a private 0600 file outside the
#      volume (nothing is persisted) and the variable is removed from the server's environment.
#   3. $PINFALL_DATA/secret (default /var/lib/pinfall/secret), mounted or made by an earlier
#      start: used as it is.
#   4. None of these: 32 random bytes as hex are written to $PINFALL_DATA/secret (mode 0600),
#      as `make run` does. Keep that file: daily seeds are derived from it.
#
# Arguments: none or flags ("--log-level debug"): passed to pinfall-server. Anything else
# ("pinfall deal 00..", "sh") is run instead of the server, for one-off commands.
# Every other setting is a PINFALL_<FLAG> variable the server reads itself (pinfall-server --help).
set -eu

case "${1:-}" in
    "" | -*) ;;
    *) exec "$@" ;;
esac

data=${PINFALL_DATA:-/var/lib/pinfall}
umask 077

if [ -n "${PINFALL_SECRET_FILE:-}" ]; then
    if [ ! -s "$PINFALL_SECRET_FILE" ] || [ ! -r "$PINFALL_SECRET_FILE" ]; then
        echo "pinfall-entrypoint: PINFALL_SECRET_FILE=$PINFALL_SECRET_FILE is missing, empty or" \
            "unreadable" >&2
        exit 2
    fi
    unset PINFALL_SECRET
elif [ -n "${PINFALL_SECRET:-}" ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/pinfall-secret.XXXXXX")
    printf '%s\n' "$PINFALL_SECRET" > "$dir/secret"
    unset PINFALL_SECRET
    PINFALL_SECRET_FILE="$dir/secret"
    echo "pinfall-entrypoint: using the secret from PINFALL_SECRET (not stored in $data)" >&2
else
    if [ ! -w "$data" ]; then
        echo "pinfall-entrypoint: $data is not writable by uid $(id -u); mount a volume there" \
            "(it holds the database and the secret)" >&2
        exit 2
    fi
    PINFALL_SECRET_FILE="$data/secret"
    if [ ! -s "$PINFALL_SECRET_FILE" ]; then
        od -An -N32 -tx1 /dev/urandom | tr -d ' \n' > "$PINFALL_SECRET_FILE.tmp"
        echo >> "$PINFALL_SECRET_FILE.tmp"
        mv "$PINFALL_SECRET_FILE.tmp" "$PINFALL_SECRET_FILE"
        echo "pinfall-entrypoint: created $PINFALL_SECRET_FILE (keep it and back it up with the" \
            "database: daily seeds are derived from it)" >&2
    fi
fi
export PINFALL_SECRET_FILE

exec pinfall-server "$@"
