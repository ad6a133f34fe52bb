#!/usr/bin/env bash
# Starts pinfall-server from a build directory with the embedded SQLite default and the browser
# client, creating the local secret on first use (32 random bytes as hex, docs/rules.md,
# "Seeds, commitments and reveals").
# Usage: scripts/run.sh BUILD_DIR [PORT] [DB]   (DB: --db's value, default var/pinfall.db)
set -euo pipefail
build_dir=${1:?build directory}
port=${2:-8080}
db=${3:-var/pinfall.db}
cd "$(dirname "$0")/.."
mkdir -p var
if [ ! -s var/secret ]; then
    umask 077
    od -An -N32 -tx1 /dev/urandom | tr -d ' \n' > var/secret
    echo >> var/secret
    echo "Created var/secret (keep it: daily seeds are derived from it)."
fi
echo "Pinfall on http://localhost:${port} (Ctrl-C stops it)"
# Phones join lanes and leagues over the local network: the server listens on every address,
# so print the ones a phone on the same Wi-Fi can open (IPv4, not loopback).
for ip in $(hostname -I 2>/dev/null || true); do
    case "$ip" in
        127.*|*:*) ;;
        *) echo "  on this network (phones): http://${ip}:${port}" ;;
    esac
done
exec "${build_dir}/server/pinfall-server" --port "${port}" --secret-file var/secret \
    --db "${db}" --static-dir web
