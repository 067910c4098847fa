#!/usr/bin/env bash
# The README's picture: the game in a real terminal (xterm under Xvfb), 3-4-5 with the binary view
# and a hint, captured with ImageMagick into assets/screenshot.png.
#
#   apt-get install -y xvfb xterm imagemagick fonts-dejavu-core xdotool   # Debian's packages
#   scripts/screenshot.sh [OUT.png] [COLSxROWS] [dark|light] [ARGS...]
#
# Defaults: assets/screenshot.png, 100x30, dark. Extra arguments go to nim-tui (the default shows
# `--heaps 3,4,5`); the keys pressed are `b` (binary view) and `h` (hint), or those in KEYS.
# SHOT_LANG=zh_CN.UTF-8 runs the game in that locale (xterm itself stays in C.UTF-8, which every
# machine has); Chinese characters are drawn with Noto Sans Mono CJK (apt-get install
# fonts-noto-cjk), two columns each.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-assets/screenshot.png}
size=${2:-100x30}
background=${3:-dark}
shift $(($# < 3 ? $# : 3))
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--heaps 3,4,5)
keys=${KEYS:-b h}

for tool in Xvfb xterm import xdotool; do
    command -v "$tool" >/dev/null || { echo "screenshot: $tool is missing (see the comment at the top)" >&2; exit 2; }
done
cargo build --release --quiet
binary=$PWD/target/release/nim-tui

# A display of our own, and a home of our own so no saved game or statistics show up.
display=:$((90 + RANDOM % 9))
home=$(mktemp -d)
Xvfb "$display" -screen 0 1600x1000x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 1

case $background in
    light) colours=(-bg white -fg black) ;;
    *) colours=(-bg black -fg gray90) ;;
esac
DISPLAY=$display HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state \
    LANG=C.UTF-8 xterm -fa 'DejaVu Sans Mono' -fd 'Noto Sans Mono CJK SC' -fs 12 -geometry "$size" \
    "${colours[@]}" -title nim-tui -e env LANG="${SHOT_LANG:-C.UTF-8}" "$binary" "${args[@]}" &
sleep 2
window=$(DISPLAY=$display xdotool search --name nim-tui | head -1)
DISPLAY=$display xdotool windowfocus --sync "$window" 2>/dev/null || true
# Keys go to the focused window: xterm ignores events sent to it directly (and with
# allowSendEvents it would stop answering the colour query that picks the light or dark theme).
for key in $keys; do
    DISPLAY=$display xdotool key "$key"
    sleep 0.4
done
sleep 1
DISPLAY=$display import -window "$window" "$out"
echo "wrote $out"
