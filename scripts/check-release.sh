#!/usr/bin/env bash
# Checks what scripts/release.sh made in target/dist, as a user without Rust would meet it:
#
#   - the SHA-256 sums;
#   - the archive unpacked: both programs start (`--version` with the git revision, `solve 3 4 5`),
#     `man -l` renders the page, bash and nushell complete a subcommand from the completion files;
#   - the .deb unpacked into a scratch root (`dpkg-deb -x`, nothing installed on this machine):
#     `nim-tui --version`, `nim-tui solve 3 4 5`, `man nim-tui` from the root's man pages, and
#     the server run by hand as its unit runs it, serving a student over the real ssh
#     (scripts/check-deb-service.sh: systemd-analyze verify, the unit's environment and
#     environment file, readiness, ssh -tt to the lobby, SIGTERM and exit 0);
#   - the glibc floor: no GLIBC_ symbol version newer than packaging/glibc-floor's in either
#     binary (`objdump -T`), and the .deb's libc6 dependency no higher.
#
# Usage: scripts/check-release.sh   (after scripts/release.sh [--dry-run])
set -euo pipefail
cd "$(dirname "$0")/.."

# The newest glibc the release binaries may need, as scripts/release.sh links them (2.28: RHEL 8
# and every later LTS distribution). Raise it only knowingly: see docs/release.md.
GLIBC_FLOOR=$(grep -v '^#' packaging/glibc-floor | tr -d '[:space:]')
[[ "$GLIBC_FLOOR" =~ ^2\.[0-9]+$ ]] || { echo "check-release: packaging/glibc-floor holds no glibc version" >&2; exit 1; }

: "${CARGO_TARGET_DIR:=target}"
dist="$CARGO_TARGET_DIR/dist"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
scratch=$(mktemp -d)
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
fail() { echo "check-release: $*" >&2; exit 1; }

(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match"

# A player's home of its own: nothing of this machine's user is read or written.
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/config" XDG_DATA_HOME="$scratch/home/data" \
    XDG_STATE_HOME="$scratch/home/state" LANG=C.UTF-8
unset NIM_TUI_CONFIG NIM_TUI_CODE NIM_TUI_LOG LC_ALL LC_MESSAGES
mkdir -p "$HOME"

check_programs() { # $1: the directory holding nim-tui and nim-tui-serve; $2: what they came from
    local bin=$1 what=$2 out
    out=$("$bin/nim-tui" --version)
    [[ "$out" == "nim-tui $version"* ]] || fail "$what: nim-tui --version said '$out'"
    if [ -n "${NIM_TUI_GIT_REV:-}" ]; then
        [[ "$out" == *"(git $NIM_TUI_GIT_REV)"* ]] || fail "$what: no git revision in '$out'"
    fi
    out=$("$bin/nim-tui-serve" --version)
    [[ "$out" == "nim-tui-serve $version"* ]] || fail "$what: nim-tui-serve --version said '$out'"
    out=$("$bin/nim-tui" solve 3 4 5)
    grep -q "win" <<<"$out" || fail "$what: nim-tui solve 3 4 5 said '$out'"
    out=$("$bin/nim-tui" solve --json 1 2 3)
    grep -q '"outcome":"lose"' <<<"$out" || fail "$what: nim-tui solve --json 1 2 3 said '$out'"
    for b in nim-tui nim-tui-serve; do
        newest=$(objdump -T "$bin/$b" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)
        if [ "$(printf '%s\n%s\n' "$newest" "$GLIBC_FLOOR" | sort -V | tail -n 1)" != "$GLIBC_FLOOR" ]; then
            fail "$what: $b needs GLIBC_$newest, newer than the floor $GLIBC_FLOOR"
        fi
        echo "check-release: $what: $b needs glibc $newest at most (floor $GLIBC_FLOOR)"
    done
}

# The archive.
archive=$(ls "$dist"/nim-tui-"$version"-x86_64-unknown-linux-gnu.tar.gz)
mkdir "$scratch/archive"
tar -xzf "$archive" -C "$scratch/archive"
unpacked="$scratch/archive/nim-tui-$version-x86_64-unknown-linux-gnu"
check_programs "$unpacked" "the archive"
for f in README.md LICENSE CHANGELOG.md THIRD-PARTY-LICENSES.txt systemd/nim-tui-serve.service \
    complete/nim-tui.bash complete/_nim-tui complete/nim-tui.fish complete/nim-tui.elv complete/_nim-tui.ps1 \
    complete/nim-tui.nu; do
    [ -s "$unpacked/$f" ] || fail "the archive has no $f"
done
grep -q "^ratatui " "$unpacked/THIRD-PARTY-LICENSES.txt" || grep -q "  ratatui " "$unpacked/THIRD-PARTY-LICENSES.txt" \
    || fail "THIRD-PARTY-LICENSES.txt does not list ratatui"
man -l "$unpacked/man/man1/nim-tui.1" 2>/dev/null | grep -q "EXIT STATUS" || fail "man -l nim-tui.1 renders no EXIT STATUS"
# bash completes `nim-tui sol` to solve, from the file the archive ships.
completed=$(PATH="$unpacked:$PATH" bash -c '
    source "$1"
    COMP_WORDS=(nim-tui sol); COMP_CWORD=1; COMP_LINE="nim-tui sol"; COMP_POINT=${#COMP_LINE}
    func=$(complete -p nim-tui | sed -n "s/.*-F \([^ ]*\).*/\1/p")
    "$func" nim-tui sol nim-tui
    printf "%s\n" "${COMPREPLY[@]}"' _ "$unpacked/complete/nim-tui.bash")
grep -qx "solve" <<<"$completed" || fail "bash completes 'nim-tui sol' to '$completed', not solve"

# Nushell: the real nu (npm's nushell package, pinned, into target/release-tools where there is no
# nu) asked what it completes after sourcing a file the way its editor integration asks
# (`nu --ide-complete OFFSET FILE`), for a subcommand and a game name.
NUSHELL_VERSION=0.115.1
nu=$(command -v nu || true)
if [ -z "$nu" ]; then
    nu_dir="$(mkdir -p "$CARGO_TARGET_DIR" && cd "$CARGO_TARGET_DIR" && pwd)/release-tools/nushell"
    if [ "$("$nu_dir/node_modules/.bin/nu" --version 2>/dev/null)" != "$NUSHELL_VERSION" ]; then
        npm install --prefix "$nu_dir" --no-audit --no-fund --silent "nushell@$NUSHELL_VERSION" >&2
    fi
    nu="$nu_dir/node_modules/.bin/nu"
fi
nu_completes() { # $1: the completion file; $2: the line typed; prints nu's completions as JSON
    printf 'source %s\n%s' "$1" "$2" > "$scratch/probe.nu"
    "$nu" -n --ide-complete "$(stat -c %s "$scratch/probe.nu")" "$scratch/probe.nu"
}
check_nushell() { # $1: the completion file; $2: what it came from
    local said
    said=$(nu_completes "$1" "nim-tui sol")
    grep -q '"nim-tui solve"' <<<"$said" || fail "$2: nushell completes 'nim-tui sol' to $said"
    said=$(nu_completes "$1" "nim-tui solve --game ka")
    grep -q '"kayles"' <<<"$said" || fail "$2: nushell completes 'nim-tui solve --game ka' to $said"
    echo "check-release: $2: nushell completes nim-tui's subcommands and games"
}
check_nushell "$unpacked/complete/nim-tui.nu" "the archive"

# The .deb, unpacked into a scratch root.
deb=$(ls "$dist"/nim-tui_"$version"-1_*.deb)
root="$scratch/root"
dpkg-deb -x "$deb" "$root"
check_programs "$root/usr/bin" "the .deb"
for f in usr/share/man/man1/nim-tui.1.gz usr/share/bash-completion/completions/nim-tui \
    usr/share/zsh/vendor-completions/_nim-tui usr/share/fish/vendor_completions.d/nim-tui.fish \
    usr/share/nushell/vendor/autoload/nim-tui.nu \
    usr/lib/systemd/system/nim-tui-serve.service etc/nim-tui-serve/config.toml \
    usr/share/doc/nim-tui/copyright usr/share/doc/nim-tui/THIRD-PARTY-LICENSES.txt; do
    [ -s "$root/$f" ] || fail "the .deb has no /$f"
done
check_nushell "$root/usr/share/nushell/vendor/autoload/nim-tui.nu" "the .deb"
MANWIDTH=80 man -M "$root/usr/share/man" nim-tui 2>/dev/null | grep -q "EXIT STATUS" \
    || fail "man nim-tui from the .deb's pages renders no EXIT STATUS"
depends=$(dpkg-deb -f "$deb" Depends)
libc=$(sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p' <<<"$depends")
[ -n "$libc" ] || fail "the .deb does not depend on libc6 with a version: '$depends'"
# Cargo.toml's [package.metadata.deb] depends names the floor: no higher (Debian 11 would refuse
# to install what runs there) and no lower (a system the binaries do not start on would take it).
[ "$libc" = "$GLIBC_FLOOR" ] || fail "the .deb asks for libc6 >= $libc, not the floor $GLIBC_FLOOR (Cargo.toml's depends)"
echo "check-release: the .deb depends on '$depends'"

# The server as its unit runs it, serving a student over the real ssh.
scripts/check-deb-service.sh "$root"

echo "check-release: the archive and the .deb of nim-tui $version pass"
