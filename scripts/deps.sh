#!/usr/bin/env bash
# Installs every Debian package that building, running and testing Pinfall needs, when missing.
# Idempotent: a machine that has them all runs no apt-get at all. Must run as root (or via sudo).
set -euo pipefail

packages=(
    build-essential cmake make pkg-config git
    libboost-dev libboost-program-options-dev
    nlohmann-json3-dev libspdlog-dev libsqlite3-dev libssl-dev
    catch2 libbenchmark-dev
)
if [ "${PINFALL_WITH_BROWSER:-0}" = 1 ]; then
    packages+=(chromium nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
