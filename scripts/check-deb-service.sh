#!/usr/bin/env bash
# Runs the classroom server from a .deb unpacked into ROOT as its systemd unit runs it, by hand,
# and has a student reach the lobby through the real OpenSSH client:
#
#   - `systemd-analyze verify` reads the unit (its ExecStart pointed into ROOT);
#   - the teacher's two steps the unit asks for, done in ROOT: the address set in
#     ROOT/etc/nim-tui-serve/config.toml (loopback, port 0: the system picks a free one) and the
#     class code written to ROOT/etc/nim-tui-serve/code.env (mode 600);
#   - the unit's ExecStart run with a clean environment made of its Environment= lines and its
#     EnvironmentFile=, as systemd would (paths under /etc/nim-tui-serve and /var/lib/nim-tui-serve
#     taken inside ROOT; StateDirectory= made with its mode; JOURNAL_STREAM set, as under systemd);
#   - its readiness line awaited (what it prints once it listens), then `ssh -tt` as a student
#     types it, the class code answered at its prompt by sshpass, until the lobby is on the screen;
#     q and y to leave;
#   - the connection's log line on the server's standard error (the journal's), the host key and
#     the database in ROOT/var/lib/nim-tui-serve, the code nowhere on the command line;
#   - SIGTERM, and the server exits 0.
#
# Loopback only; every wait is for a state, bounded by a generous deadline; the processes started
# here are stopped by their ids. Needs ssh (openssh-client), sshpass, script (bsdutils) and, for
# the verify step, systemd-analyze (package systemd; the step is skipped, and says so, where it is
# missing).
#
# Usage: scripts/check-deb-service.sh ROOT    (ROOT: `dpkg-deb -x nim-tui_*.deb ROOT`)
set -euo pipefail
root=$(cd "${1:?usage: check-deb-service.sh ROOT}" && pwd)
unit="$root/usr/lib/systemd/system/nim-tui-serve.service"
fail() { echo "check-deb-service: $*" >&2; exit 1; }
[ -s "$unit" ] || fail "no unit at $unit"
for tool in ssh sshpass script; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is needed (apt-get install openssh-client sshpass bsdutils)"
done

scratch=$(mktemp -d)
server_pid=""
ssh_pid=""
cleanup() {
    if [ -n "$ssh_pid" ]; then kill "$ssh_pid" 2>/dev/null || true; fi
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT

# The unit's own paths, taken inside ROOT.
inside() { sed -e "s|/usr/bin/|$root/usr/bin/|g" -e "s|/etc/nim-tui-serve|$root/etc/nim-tui-serve|g" \
    -e "s|/var/lib/nim-tui-serve|$root/var/lib/nim-tui-serve|g"; }
inside < "$unit" > "$scratch/nim-tui-serve.service"

if command -v systemd-analyze >/dev/null 2>&1; then
    # It exits 0 on what it only warns about (an unknown key, a bad value, ignored): every word
    # it says about the unit counts.
    said=$(systemd-analyze verify --man=no "$scratch/nim-tui-serve.service" 2>&1) \
        || fail "systemd-analyze does not accept nim-tui-serve.service: $said"
    [ -z "$said" ] || fail "systemd-analyze has something to say about nim-tui-serve.service: $said"
    echo "check-deb-service: systemd-analyze verify accepts nim-tui-serve.service"
else
    echo "check-deb-service: systemd-analyze is not installed (package systemd): the unit is not verified" >&2
fi

# What the unit says, one setting at a time (the last ExecStart=, every Environment= and
# EnvironmentFile=, the StateDirectory= and its mode).
setting() { sed -n "s/^$1=//p" "$scratch/nim-tui-serve.service"; }
exec_start=$(setting ExecStart | tail -n 1)
[ -n "$exec_start" ] || fail "the unit has no ExecStart="
state_dir=$(setting StateDirectory | tail -n 1)
state_mode=$(setting StateDirectoryMode | tail -n 1)
[ -n "$state_dir" ] || fail "the unit has no StateDirectory="

# The teacher's steps: an address (loopback here) and a class code in the environment file.
config="$root/etc/nim-tui-serve/config.toml"
[ -s "$config" ] || fail "the .deb has no /etc/nim-tui-serve/config.toml"
grep -q '^listen = ' "$config" || fail "the shipped config sets no listen address"
sed -i 's/^listen = .*/listen = "127.0.0.1:0"/' "$config"
code="lesson$$"
env_file=$(setting EnvironmentFile | tail -n 1)
env_file=${env_file#-}
[ -n "$env_file" ] || fail "the unit reads no EnvironmentFile="
(umask 077 && printf '# The class code, for the service only\nNIM_TUI_CODE=%s\n' "$code" > "$env_file")
mkdir -p "$root/var/lib/$state_dir"
chmod "${state_mode:-0755}" "$root/var/lib/$state_dir"

# The environment systemd gives the service: a plain PATH, the unit's Environment= assignments in
# order, then the file's (which win), STATE_DIRECTORY for StateDirectory=, and JOURNAL_STREAM as
# when standard error is the journal. Nothing of this shell's environment.
service_env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8)
while read -r line; do
    # shellcheck disable=SC2206 # the unit's assignments are words without quotes or spaces
    words=($line)
    service_env+=("${words[@]}")
done < <(setting Environment)
while IFS= read -r line; do
    case "$line" in ''|'#'*|';'*) continue ;; esac
    service_env+=("$line")
done < "$env_file"
service_env+=("STATE_DIRECTORY=$root/var/lib/$state_dir" "JOURNAL_STREAM=0:0")
# shellcheck disable=SC2206 # ExecStart= is a program and words without quotes
command_line=($exec_start)
[ -x "${command_line[0]}" ] || fail "ExecStart's program ${command_line[0]} is not in the .deb"

log="$scratch/journal"
env -i "${service_env[@]}" "${command_line[@]}" </dev/null >"$log" 2>&1 &
server_pid=$!
# Until the server says it is ready (the last of its start-up lines), or exits: a state, with a
# deadline only for a server that never says it.
ready=false
for _ in $(seq 1200); do
    if grep -q "stop with Ctrl-C" "$log"; then ready=true; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
$ready || fail "the server run as its unit runs it did not get ready: $(cat "$log")"
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n 1)
[ -n "$port" ] || fail "no loopback address in the server's lines: $(cat "$log")"
grep -q "class code .*generated" "$log" && fail "the server made a code instead of the environment file's"
grep -q "$code" "/proc/$server_pid/cmdline" && fail "the class code is on the server's command line"

# A student: the real ssh in a terminal of 100x30 (script(1)'s pseudo-terminal, as a student's
# terminal window; ssh sends the server its size), asking for a terminal (-tt), nothing of this
# machine's SSH set-up, the class code typed at the server's prompt by sshpass. What the student
# types comes through a FIFO held open here; what the server draws is kept in a file.
mkfifo "$scratch/keys"
exec 7<>"$scratch/keys"
# shellcheck disable=SC2016 # expanded by script's shell, from the environment given it
SSHPASS=$code PORT=$port TERM=xterm-256color script -qfec 'stty cols 100 rows 30 && exec sshpass -e -P code: \
    ssh -tt -F /dev/null -p "$PORT" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
    -o LogLevel=ERROR -o IdentityAgent=none -o PubkeyAuthentication=no -o NumberOfPasswordPrompts=1 \
    -o SetEnv=LANG=en_GB.UTF-8 alice@127.0.0.1' /dev/null <&7 >"$scratch/screen" 2>"$scratch/ssh.err" &
ssh_pid=$!
# The screen's text, its escape sequences removed.
screen_text() { sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1b[()][A-Z0-9]//g' "$scratch/screen"; }
in_lobby=false
for _ in $(seq 1200); do
    if screen_text | grep -q "On the server:"; then in_lobby=true; break; fi
    kill -0 "$ssh_pid" 2>/dev/null || break
    sleep 0.1
done
$in_lobby || fail "ssh did not reach the lobby: $(cat "$scratch/ssh.err") $(screen_text | tail -c 2000)"
screen_text | grep -q "alice" || fail "the lobby does not list alice"
echo "check-deb-service: a student reached the lobby through ssh on 127.0.0.1:$port"
# q asks whether to leave, y leaves: ssh ends.
printf 'q' >&7
for _ in $(seq 600); do screen_text | grep -q "Leave the server?" && break; sleep 0.1; done
printf 'y' >&7
ssh_status=""
for _ in $(seq 600); do
    if ! kill -0 "$ssh_pid" 2>/dev/null; then
        ssh_status=0
        wait "$ssh_pid" || ssh_status=$?
        break
    fi
    sleep 0.1
done
ssh_pid=""
exec 7>&-
[ "$ssh_status" = 0 ] || fail "ssh did not leave the server cleanly (status '${ssh_status:-still running}')"
# The journal has the connection (the log's lines on stderr under systemd).
grep -q "alice" "$log" || fail "the server's standard error has no line of alice's connection: $(cat "$log")"
# The unit's HOME and XDG directories put both in its state directory, under nim-tui/.
for f in server_ed25519_key server.sqlite3; do
    [ -s "$root/var/lib/$state_dir/nim-tui/$f" ] \
        || fail "no $f in /var/lib/$state_dir/nim-tui: $(ls -R "$root/var/lib/$state_dir")"
done

kill -TERM "$server_pid"
status=0
for _ in $(seq 300); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$server_pid" 2>/dev/null && fail "the server is still running 30 s after SIGTERM"
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "the server exited $status on SIGTERM: $(cat "$log")"
echo "check-deb-service: the server run as nim-tui-serve.service runs it served a student over ssh and exited 0 on SIGTERM"
