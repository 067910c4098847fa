#!/usr/bin/env bash
# Every game's picture in docs/shots and the README's pictures in assets: xterm under Xvfb,
# captured with ImageMagick, as a player sees them (see scripts/screenshot.sh for the packages).
#
#   scripts/screenshot-games.sh
#   ONLY=octal scripts/screenshot-games.sh    # only the pictures whose path holds "octal"
#
# Each game with its hint (`h`) at 80x24 (font 12) and 140x45 (font 16, a projector), dark and
# light, a win, the new games at 100x30, and the README's own pictures. Uses a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in Xvfb xterm import xdotool; do
    command -v "$tool" >/dev/null || { echo "screenshot-games: $tool is missing" >&2; exit 2; }
done
cargo build --quiet --bin nim-tui
binary=$PWD/target/debug/nim-tui
export DISPLAY=:$((90 + RANDOM % 9))
Xvfb "$DISPLAY" -screen 0 2000x1300x24 >/dev/null 2>&1 &
xvfb=$!
scratch=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$scratch"' EXIT
printf 'glyphs = "ascii"\n' >"$scratch/ascii.toml"
sleep 1

# shot OUT COLSxROWS dark|light FONT-SIZE "KEYS" LOCALE ARGS...
shot() {
    local out=$1 size=$2 bg=$3 fs=$4 keys=$5 lang=$6
    shift 6
    [[ -z ${ONLY:-} || $out == *"$ONLY"* ]] || return 0
    local home colours title window xt
    home=$(mktemp -d "$scratch/home.XXXX")
    case $bg in light) colours=(-bg white -fg black) ;; *) colours=(-bg black -fg gray90) ;; esac
    title=nimshot$RANDOM
    HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state \
        LANG=C.UTF-8 xterm -tn xterm-256color -fa 'DejaVu Sans Mono' -fd 'Noto Sans Mono CJK SC' \
        -fs "$fs" -geometry "$size" "${colours[@]}" -title "$title" -e env LANG="$lang" "$binary" "$@" &
    xt=$!
    sleep 2.5
    window=$(xdotool search --name "$title" | head -1)
    xdotool windowfocus --sync "$window" 2>/dev/null || true
    for key in $keys; do xdotool key "$key"; sleep 0.5; done
    sleep 1.2
    import -window "$window" "$out"
    kill "$xt" 2>/dev/null || true
    wait "$xt" 2>/dev/null || true
    echo "wrote $out"
}

fast=(--ai-delay 0 --first you)
for bg in dark light; do
    for size in "80x24 12" "140x45 16"; do
        set -- $size
        for game in nim moore lasker kayles dawson wythoff fibonacci 21 bachet; do
            case $game in moore) args=(--game moore:2) ;; nim) args=(--heaps 3,4,5) ;; *) args=(--game "$game") ;; esac
            shot "docs/shots/$game-$1-$bg.png" "$1" "$bg" "$2" h C.UTF-8 "${args[@]}" "${fast[@]}"
        done
        shot "docs/shots/win-$1-$bg.png" "$1" "$bg" "$2" "End Return" C.UTF-8 --heaps 5 "${fast[@]}"
    done
done
shot docs/shots/staircase-100x30.png 100x30 dark 12 h C.UTF-8 --game staircase --heaps 3,1,5,7 "${fast[@]}"
shot docs/shots/staircase-theory-100x30.png 100x30 dark 12 "h b" C.UTF-8 --game staircase --heaps 3,1,5,7 "${fast[@]}"
shot docs/shots/zh-staircase-100x30.png 100x30 dark 12 h zh_CN.UTF-8 --game staircase --heaps 3,1,5,7 "${fast[@]}"
shot docs/shots/turtles-100x30.png 100x30 dark 12 h C.UTF-8 --game turtles --heaps 3,5,9,14 "${fast[@]}"
shot docs/shots/turtles-ascii-100x30.png 100x30 dark 12 h C.UTF-8 --config "$scratch/ascii.toml" --game turtles --heaps 3,5,9,14 "${fast[@]}"
shot docs/shots/mock-turtles-100x30.png 100x30 dark 12 h C.UTF-8 --game mock-turtles "${fast[@]}"
shot docs/shots/mock-turtles-huge-100x30.png 100x30 dark 12 h C.UTF-8 --game mock-turtles --heaps 3,1000,123456789,999999999999999999 "${fast[@]}"
shot docs/shots/ruler-100x30.png 100x30 dark 12 h C.UTF-8 --game ruler --heaps 3,6,8,13 "${fast[@]}"
shot docs/shots/ruler-theory-100x30.png 100x30 dark 12 "h b" C.UTF-8 --game ruler --heaps 3,6,8,13 "${fast[@]}"
shot docs/shots/zh-ruler-100x30.png 100x30 dark 12 h zh_CN.UTF-8 --game ruler --heaps 3,6,8,13 "${fast[@]}"
shot docs/shots/euclid-23-5-hint.png 100x30 dark 12 h C.UTF-8 --game euclid --heaps 23,5 "${fast[@]}"
shot docs/shots/octal-100x30.png 100x30 dark 12 "h b" C.UTF-8 --game octal:0.53 --heaps 7,4,9 "${fast[@]}"
shot docs/shots/octal-0.137-100x30.png 100x30 dark 12 "s s Right" C.UTF-8 --game octal:0.137 --heaps 7,9,4 "${fast[@]}"
shot docs/shots/zh-octal-0.137-100x30.png 100x30 dark 12 "h" zh_CN.UTF-8 --game octal:0.137 --heaps 7,9,4 "${fast[@]}"
shot docs/shots/northcott-100x30.png 100x30 dark 12 h C.UTF-8 --game northcott --heaps 1,3,3,12,3,8,9,1,4,1000000000000000000,2,999999999999999990 "${fast[@]}"
shot docs/shots/corners-100x30.png 100x30 dark 12 h C.UTF-8 --game corners --heaps 3,2,2,4,4,4,6,3,5,6 "${fast[@]}"
shot docs/shots/hackenbush-100x30.png 100x30 dark 12 h C.UTF-8 --game hackenbush --heaps '3 1(2,3) 2(1,1(1,2))' "${fast[@]}"
shot docs/shots/hackenbush-ascii-100x30.png 100x30 dark 12 h C.UTF-8 --config "$scratch/ascii.toml" --game hackenbush --heaps '3 1(2,3) 2(1,1(1,2))' "${fast[@]}"
shot docs/shots/hackenbush-huge-100x30.png 100x30 dark 12 "Down Right Right Right" C.UTF-8 --game hackenbush --heaps '1000000000000000000 2(1,4) 5' "${fast[@]}"
shot docs/shots/zh-hackenbush-100x30.png 100x30 dark 12 h zh_CN.UTF-8 --game hackenbush --heaps '3 1(2,3) 2(1,1(1,2))' "${fast[@]}"
shot docs/shots/misere-kayles-100x30.png 100x30 dark 12 h C.UTF-8 --game kayles --mode misere --heaps 1,4,9,13 "${fast[@]}"
shot docs/shots/misere-kayles-theory-100x30.png 100x30 dark 12 "h b" C.UTF-8 --game kayles --mode misere --heaps 1,4,9,13 "${fast[@]}"
shot docs/shots/zh-misere-kayles-100x30.png 100x30 dark 12 h zh_CN.UTF-8 --game kayles --mode misere --heaps 1,4,9,13 "${fast[@]}"
# The README's pictures.
shot assets/screenshot.png 100x30 dark 12 "b h" C.UTF-8 --heaps 3,4,5 "${fast[@]}"
shot assets/screenshot-light-80x24.png 80x24 light 12 h C.UTF-8 --heaps 3,4,5 "${fast[@]}"
shot assets/kayles.png 80x24 dark 12 h C.UTF-8 --game kayles "${fast[@]}"
shot assets/fibonacci.png 80x24 dark 12 h C.UTF-8 --game fibonacci "${fast[@]}"
shot assets/screenshot-140x45.png 140x45 dark 12 "b h" C.UTF-8 --heaps 3,4,5 "${fast[@]}"
shot assets/zh-80x24.png 80x24 dark 12 "b h" zh_CN.UTF-8 --heaps 3,4,5 "${fast[@]}"
shot assets/zh-lesson-light-100x30.png 100x30 light 12 "Right Right Right" zh_CN.UTF-8 learn
