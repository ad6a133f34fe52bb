#!/usr/bin/env bash
# Runs the browser end-to-end tests (ctest: e2e_browser). Installs playwright-core from the
# committed lockfile only when node_modules is missing or stale, then runs node's test runner.
# ctest sets PINFALL_SERVER_BIN and PINFALL_WEB_DIR; by hand:
#   PINFALL_SERVER_BIN=build/dev/server/pinfall-server PINFALL_WEB_DIR=$PWD/web tests/e2e/run.sh
set -euo pipefail
cd "$(dirname "$0")"

for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        echo "tests/e2e/run.sh: '$tool' is missing; scripts/deps.sh installs it" >&2
        exit 1
    fi
done

stamp=node_modules/.pinfall-lock.sha256
want=$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)
if [ ! -d node_modules/playwright-core ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "tests/e2e: npm ci (node_modules missing or stale)"
    # playwright-core never downloads a browser by itself; the variable makes sure of it.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
fi

exec node --test --test-reporter=spec
