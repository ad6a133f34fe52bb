#!/usr/bin/env bash
# Vendors the browser client's one third-party library: kazuhikoarase's qrcode-generator (MIT),
# which draws the lane link's QR code. Fetches the pinned version with npm, checks the tarball
# against the registry's recorded integrity, and writes its ES module to web/vendor/. The
# server needs no npm at run time: it serves web/vendor/ like any other file, and the result
# is committed so `make run` needs no Node either. Run it again only to change the version.
set -euo pipefail
cd "$(dirname "$0")/.."
version=2.0.4
integrity=sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g==
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "qrcode-generator@${version}" --silent >/dev/null)
tarball="$tmp/qrcode-generator-${version}.tgz"
got="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
if [ "$got" != "$integrity" ]; then
    echo "scripts/vendor-web.sh: qrcode-generator ${version} does not match its integrity" >&2
    exit 1
fi
tar -xzf "$tarball" -C "$tmp" package/dist/qrcode.mjs
mkdir -p web/vendor
{
    echo "// qrcode-generator ${version} (npm, MIT, Kazuhiko Arase), vendored by scripts/vendor-web.sh;"
    echo "// ${integrity}"
    cat "$tmp/package/dist/qrcode.mjs"
} > web/vendor/qrcode-generator.mjs
echo "web/vendor/qrcode-generator.mjs: qrcode-generator ${version}"
