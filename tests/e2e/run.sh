#!/usr/bin/env bash
# Runs the browser end-to-end tests. Installs playwright-core from the committed lockfile only
# when node_modules is missing or stale, then runs node's test runner on the files given (all
# *.test.js files when none is; with --install, only installs). ctest runs `run.sh FILE` for
# each file (e2e/<name>) and sets PINFALL_SERVER_BIN and PINFALL_WEB_DIR;
# by hand, from the repository root:
#   PINFALL_SERVER_BIN=build/dev/server/pinfall-server PINFALL_WEB_DIR=$PWD/web tests/e2e/run.sh
#   ... tests/e2e/run.sh tests/e2e/daily.test.js
set -euo pipefail
install_only=0
if [ "${1:-}" = --install ]; then install_only=1; shift; fi
files=()
for f in "$@"; do files+=("$(realpath "$f")"); done
cd "$(dirname "$0")"

for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        echo "tests/e2e/run.sh: '$tool' is missing; scripts/deps.sh installs it" >&2
        exit 1
    fi
done

# ctest starts several files at once: one installs while the others wait on the lock (flock),
# then find node_modules fresh.
stamp=node_modules/.pinfall-lock.sha256
want=$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)
exec 9>.npm-install.lock
flock 9
if [ ! -d node_modules/playwright-core ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "tests/e2e: npm ci (node_modules missing or stale)"
    # playwright-core never downloads a browser by itself; the variable makes sure of it.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
fi
flock -u 9

[ "$install_only" = 1 ] && exit 0
exec node --test --test-reporter=spec "${files[@]}"
