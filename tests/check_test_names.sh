#!/usr/bin/env bash
# Fails when a Catch2 TEST_CASE name holds a ';'. CMake splits a discovered test name at ';'
# (a list separator), so ctest would run each half, which matches no test, and Catch2 exits 0
# when nothing matches: the test would pass without running (it happened to five tests).
set -euo pipefail
cd "$(dirname "$0")"
if found=$(grep -rnE 'TEST_CASE\("[^"]*;' --include='*.cpp' --include='*.hpp' .); then
    echo "TEST_CASE names with ';' (ctest would skip them silently):"
    echo "$found"
    exit 1
fi
echo "every TEST_CASE name is free of ';'"
