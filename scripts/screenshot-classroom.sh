#!/usr/bin/env bash
# The README's classroom pictures: a class of four on `nim-tui serve` (students played from tmux
# over the real OpenSSH client), and the teacher's console, the projector's view and a student's
# lobby each in a real terminal (xterm under Xvfb), captured with ImageMagick into assets/.
#
#   apt-get install -y xvfb xterm imagemagick fonts-dejavu-core xdotool tmux sshpass openssh-client
#   scripts/screenshot-classroom.sh [dark|light]
#
# Writes assets/classroom-{console,projector,lobby}-{80x24,140x45}[-light].png.
set -euo pipefail
cd "$(dirname "$0")/.."

background=${1:-dark}
for tool in Xvfb xterm import xdotool tmux sshpass ssh ssh-keygen; do
    command -v "$tool" >/dev/null || { echo "screenshot-classroom: $tool is missing (see the comment at the top)" >&2; exit 2; }
done
cargo build --release --quiet -p nim-tui-serve
server=$PWD/target/release/nim-tui-serve

work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
port=$((24000 + RANDOM % 1000))
tag="shot$$"
Xvfb "$display" -screen 0 1800x1200x24 >/dev/null 2>&1 &
xvfb=$!
pids=()
cleanup() {
    for session in $(tmux list-sessions -F '#S' 2>/dev/null | grep "^$tag" || true); do tmux kill-session -t "$session"; done
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    kill "$xvfb" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/host"
ssh-keygen -q -t ed25519 -N '' -f "$work/teacher"
cp "$work/teacher.pub" "$work/teachers"
"$server" --listen "127.0.0.1:$port" --host-key "$work/host" --teacher-keys "$work/teachers" \
    --db "$work/class.sqlite3" --code maths7 2>"$work/server.log" &
pids+=($!)
until grep -q "listening on" "$work/server.log"; do sleep 0.2; done

ssh_options=(-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p "$port")
student() { # NAME: a student in tmux, at 100x30, in the lobby
    tmux new-session -d -s "$tag-$1" -x 100 -y 30 \
        "sshpass -P 'code:' -p maths7 ssh -t ${ssh_options[*]} -o PubkeyAuthentication=no $1@127.0.0.1"
    wait_for "$1" "On the server"
}
wait_for() { # NAME TEXT: until the student's screen shows TEXT (at most a minute)
    for _ in $(seq 300); do
        tmux capture-pane -p -t "$tag-$1" | grep -q "$2" && return 0
        sleep 0.2
    done
    echo "screenshot-classroom: $1 never showed \"$2\"" >&2
    tmux capture-pane -p -t "$tag-$1" >&2
    exit 1
}
keys() { # NAME KEYS...
    local who=$1
    shift
    for key in "$@"; do
        tmux send-keys -t "$tag-$who" "$key"
        sleep 0.3
    done
}

# The class: ann beats the AI with the hints, then plays on; ben and cy play each other; dia waits.
for name in ann ben cy dia; do student "$name"; done
keys ann Enter
wait_for ann "Start"
keys ann Enter
for _ in 1 2 3 4 5 6 7 8; do
    if tmux capture-pane -p -t "$tag-ann" | grep -q "You win"; then break; fi
    wait_for ann "Your turn"
    keys ann h Enter
    sleep 1
done
keys ann q
wait_for ann "On the server"
keys ann Enter
wait_for ann "Start"
keys ann Enter
wait_for ann "Your turn"
keys ann Enter
keys ben Down c
wait_for cy "challenges you"
keys cy y
wait_for ben "turn"
keys ben h Enter

case $background in
    light) colours=(-bg white -fg black); suffix=-light ;;
    *) colours=(-bg black -fg gray90); suffix= ;;
esac
shoot() { # NAME SIZE FONT OUT KEYS...: an xterm of SIZE logged in as NAME, KEYS typed, captured
    local name=$1 size=$2 font=$3 out=$4
    shift 4
    local command
    if [ "$name" = teacher ]; then
        command="ssh -t ${ssh_options[*]} -i $work/teacher -o IdentitiesOnly=yes mrslee@127.0.0.1"
    else
        command="sshpass -P code: -p maths7 ssh -t ${ssh_options[*]} -o PubkeyAuthentication=no $name@127.0.0.1"
    fi
    DISPLAY=$display LANG=C.UTF-8 xterm -fa 'DejaVu Sans Mono' -fd 'Noto Sans Mono CJK SC' -fs "$font" \
        -geometry "$size" "${colours[@]}" -title "$tag-$name" -e sh -c "$command" &
    local xterm=$!
    sleep 3
    local window
    window=$(DISPLAY=$display xdotool search --name "$tag-$name" | head -1)
    DISPLAY=$display xdotool windowfocus --sync "$window" 2>/dev/null || true
    for key in "$@"; do
        DISPLAY=$display xdotool key "$key"
        sleep 0.5
    done
    sleep 1
    DISPLAY=$display import -window "$window" "assets/$out$suffix.png"
    echo "wrote assets/$out$suffix.png"
    kill "$xterm" 2>/dev/null || true
    wait "$xterm" 2>/dev/null || true
}

shoot teacher 80x24 14 classroom-console-80x24
shoot teacher 140x45 12 classroom-console-140x45 Down
shoot teacher 80x24 14 classroom-projector-80x24 v
shoot teacher 140x45 12 classroom-projector-140x45 v
shoot dia 80x24 14 classroom-lobby-80x24
shoot dia 140x45 12 classroom-lobby-140x45
