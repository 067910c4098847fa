#!/usr/bin/env bash
# Refreshes the vendored xterm.js that the server's web door embeds (crates/nim-serve/web/vendor/):
# the pinned versions below, from the npm registry, each file with its package's licence (MIT).
# Change a version here, run the script, look at the diff, run the browser test
# (tests/browser/), commit. Nothing is loaded from a CDN at run time: the files are compiled
# into nim-tui-serve (include_bytes! in crates/nim-serve/src/web.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

XTERM=6.0.0
FIT=0.11.0
UNICODE11=0.9.0

out=crates/nim-serve/web/vendor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fetch() { # package version
    (cd "$work" && npm pack --silent "$1@$2" >/dev/null)
    local tarball
    tarball=$(ls "$work"/*.tgz)
    mkdir -p "$work/$3"
    tar -xzf "$tarball" -C "$work/$3" --strip-components=1
    rm "$tarball"
}

fetch @xterm/xterm "$XTERM" xterm
fetch @xterm/addon-fit "$FIT" fit
fetch @xterm/addon-unicode11 "$UNICODE11" unicode11

mkdir -p "$out"
cp "$work/xterm/lib/xterm.js" "$out/xterm.js"
cp "$work/xterm/css/xterm.css" "$out/xterm.css"
cp "$work/xterm/LICENSE" "$out/LICENSE-xterm"
cp "$work/fit/lib/addon-fit.js" "$out/addon-fit.js"
cp "$work/fit/LICENSE" "$out/LICENSE-addon-fit"
cp "$work/unicode11/lib/addon-unicode11.js" "$out/addon-unicode11.js"
cp "$work/unicode11/LICENSE" "$out/LICENSE-addon-unicode11"
# Source maps are not served: their references are taken out, so a browser asks for nothing else.
sed -i '/^\/\/# sourceMappingURL=/d' "$out"/*.js
cat > "$out/VERSIONS" <<VERSIONS
@xterm/xterm $XTERM
@xterm/addon-fit $FIT
@xterm/addon-unicode11 $UNICODE11
VERSIONS
echo "vendored into $out:"
cat "$out/VERSIONS"
