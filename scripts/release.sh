#!/usr/bin/env bash
# Builds the release files of nim-tui into target/dist:
#
#   nim-tui-VERSION-TARGET.tar.gz   nim-tui and nim-tui-serve, the man pages, completions for every
#                                   shell clap_complete and clap_complete_nushell write, README,
#                                   CHANGELOG, LICENSE, the third-party licences, the server's
#                                   systemd unit and config
#   nim-tui_VERSION-1_ARCH.deb      the Debian package (cargo-deb; Linux targets only)
#   SHA256SUMS                      the sums of all of them (`sha256sum -c SHA256SUMS`)
#
# and, when Cargo.toml names the repository, the crates to publish in target/publish (below).
#
# Usage: scripts/release.sh [--dry-run] [--no-build] [--target TRIPLE]...
#
#   --dry-run    everything but the checks a real release needs (a clean tree, HEAD tagged
#                vVERSION, a CHANGELOG section for VERSION); .ci/run runs this form
#   --no-build   package the binaries already in target/<triple>/release
#   --target T   a target to build for; by default the host's (x86_64-unknown-linux-gnu on the
#                project's machines). A target whose standard library is not installed
#                (`rustup target list --installed`) is named and skipped. Repeatable.
#
# The glibc floor: a Linux glibc target (`*-linux-gnu`) is built with cargo-zigbuild, which links
# against the glibc version named in packaging/glibc-floor (`--target x86_64-unknown-linux-gnu.2.28`)
# through zig's C toolchain, whatever glibc this machine has; ring's and SQLite's C code is compiled
# by zig cc too. Only this script does it: a user's `cargo build` is untouched. cargo-zigbuild and
# zig (PyPI's ziglang) are installed, at the versions pinned below, into a virtualenv under
# $CARGO_TARGET_DIR/release-tools (python3 -m venv, pip) when that does not already hold them.
#
# The binaries say the git revision they were built from in `--version`: the script sets
# NIM_TUI_GIT_REV (read with option_env! in src/cli.rs) unless it is already set. A plain
# `cargo build` leaves it unset and `--version` says the version alone.
#
# Publishing is not done here: after a real run, upload target/dist, push the tag, and publish
# the crates from target/publish (`cargo publish -p nim-engine -p nim-tui`, the engine first);
# see docs/release.md.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
build=true
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=true ;;
        --no-build) build=false ;;
        --target) shift; targets+=("${1:?--target needs a target triple}") ;;
        --target=*) targets+=("${1#--target=}") ;;
        -h|--help) sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "release.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# The release tools, pinned: cargo-zigbuild and zig, both from PyPI (prebuilt, nothing compiled).
CARGO_ZIGBUILD_VERSION=0.24.0
ZIG_VERSION=0.17.0
# The glibc every *-linux-gnu binary is linked for; scripts/check-release.sh checks the result.
glibc_floor=$(grep -v '^#' packaging/glibc-floor | tr -d '[:space:]')
[[ "$glibc_floor" =~ ^2\.[0-9]+$ ]] || { echo "release.sh: packaging/glibc-floor holds no glibc version" >&2; exit 1; }

# Puts the pinned cargo-zigbuild and zig on PATH, installing them where they are missing.
zig_tools() {
    local tools
    tools=$(mkdir -p "$CARGO_TARGET_DIR" && cd "$CARGO_TARGET_DIR" && pwd)/release-tools
    if [ "$("$tools/bin/cargo-zigbuild" --version 2>/dev/null)" != "cargo-zigbuild $CARGO_ZIGBUILD_VERSION" ] \
        || [ "$("$tools/bin/python" -m ziglang version 2>/dev/null)" != "$ZIG_VERSION" ]; then
        echo "release.sh: installing cargo-zigbuild $CARGO_ZIGBUILD_VERSION and zig $ZIG_VERSION into $tools" >&2
        python3 -m venv "$tools"
        "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
            "cargo-zigbuild==$CARGO_ZIGBUILD_VERSION" "ziglang==$ZIG_VERSION"
    fi
    # cargo-zigbuild runs zig as `python3 -m ziglang` when there is no zig on PATH: the venv's python.
    PATH="$tools/bin:$PATH"
}

host=$(rustc -vV | sed -n 's/^host: //p')
if [ ${#targets[@]} -eq 0 ]; then targets=("$host"); fi

version=$(cargo metadata --format-version 1 --no-deps --locked \
    | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="nim-tui"))')

if [ -z "${NIM_TUI_GIT_REV:-}" ] && git rev-parse --git-dir >/dev/null 2>&1; then
    NIM_TUI_GIT_REV=$(git rev-parse --short=12 HEAD)
    if [ -n "$(git status --porcelain --untracked-files=no)" ]; then NIM_TUI_GIT_REV+="-dirty"; fi
fi
export NIM_TUI_GIT_REV="${NIM_TUI_GIT_REV:-}"

if ! $dry_run; then
    if [ -n "$(git status --porcelain)" ]; then
        echo "release.sh: the tree has uncommitted changes; commit them or use --dry-run" >&2; exit 1
    fi
    if [ "$(git tag --points-at HEAD | grep -cx "v$version")" -ne 1 ]; then
        echo "release.sh: HEAD is not tagged v$version (git tag -a v$version); or use --dry-run" >&2; exit 1
    fi
    if ! grep -q "^## \[$version\]" CHANGELOG.md; then
        echo "release.sh: CHANGELOG.md has no section '## [$version]'" >&2; exit 1
    fi
fi

: "${CARGO_TARGET_DIR:=target}"
dist="$CARGO_TARGET_DIR/dist"
rm -rf "$dist"
mkdir -p "$dist"
made=()

for target in "${targets[@]}"; do
    if [ "$target" != "$host" ] && ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
        echo "release.sh: skipping $target: its standard library is not installed (rustup target add $target)" >&2
        continue
    fi
    # Always with --target, so that the binaries are in target/<triple>/release, apart from a plain
    # `cargo build --release`'s, and cargo-deb finds them there (--target below).
    bindir="$CARGO_TARGET_DIR/$target/release"
    if $build; then
        case "$target" in
            *-linux-gnu)
                zig_tools
                cargo zigbuild --release --locked --workspace --target "$target.$glibc_floor"
                ;;
            *) cargo build --release --locked --workspace --target "$target" ;;
        esac
    fi
    exe=""
    case "$target" in *windows*) exe=".exe" ;; esac
    for bin in nim-tui nim-tui-serve; do
        [ -x "$bindir/$bin$exe" ] || { echo "release.sh: $bindir/$bin$exe is missing" >&2; exit 1; }
    done

    # The generated files, beside the binaries, where the .deb's assets name them
    # (Cargo.toml's [package.metadata.deb]): pages and completions come from a binary this machine
    # runs (the host's), as they are the same text on every target.
    gen="$bindir/nim-tui"
    if [ "$target" != "$host" ]; then
        gen="$CARGO_TARGET_DIR/$host/release/nim-tui"
        [ -x "$gen" ] || gen="$CARGO_TARGET_DIR/release/nim-tui"
        [ -x "$gen" ] || { echo "release.sh: no nim-tui for $host to write the pages with (build the host first)" >&2; exit 1; }
    fi
    generated="$bindir/generated"
    rm -rf "$generated"
    mkdir -p "$generated/man" "$generated/complete"
    "$gen" man --dir "$generated/man"
    # Compressed for the .deb, as Debian keeps pages (cargo-deb compresses only what it did not build).
    for page in "$generated"/man/*.1; do gzip -n -9 -c "$page" > "$page.gz"; done
    # Each under the name its shell looks for (bash-completion's, zsh's fpath, fish's, ...).
    "$gen" completions bash > "$generated/complete/nim-tui.bash"
    "$gen" completions zsh > "$generated/complete/_nim-tui"
    "$gen" completions fish > "$generated/complete/nim-tui.fish"
    "$gen" completions elvish > "$generated/complete/nim-tui.elv"
    "$gen" completions powershell > "$generated/complete/_nim-tui.ps1"
    "$gen" completions nushell > "$generated/complete/nim-tui.nu"
    python3 scripts/third-party-licenses.py --target "$target" > "$generated/THIRD-PARTY-LICENSES.txt"

    name="nim-tui-$version-$target"
    stage="$dist/$name"
    mkdir -p "$stage/man/man1" "$stage/complete" "$stage/systemd"
    cp "$bindir/nim-tui$exe" "$bindir/nim-tui-serve$exe" "$stage/"
    cp "$generated"/man/*.1 "$stage/man/man1/"
    cp "$generated"/complete/* "$stage/complete/"
    cp "$generated/THIRD-PARTY-LICENSES.txt" README.md CHANGELOG.md LICENSE "$stage/"
    cp packaging/nim-tui-serve.service packaging/serve.toml "$stage/systemd/"
    # The same bytes from the same files: sorted names, fixed owner and dates (the commit's time).
    stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" \
        -C "$dist" -cf - "$name" | gzip -n -9 > "$dist/$name.tar.gz"
    made+=("$name.tar.gz")

    case "$target" in
        *-linux-gnu)
            if command -v cargo-deb >/dev/null 2>&1; then
                deb_args=(--no-build --no-strip --locked --output "$dist" -p nim-tui --target "$target")
                deb=$(cargo deb "${deb_args[@]}" | tail -n 1)
                made+=("$(basename "$deb")")
            else
                echo "release.sh: cargo-deb is not installed (cargo install --locked cargo-deb): no .deb" >&2
            fi
            ;;
    esac
done

# The crates as they will be published, their README's pictures by absolute URL, so that the
# registry's page shows them. README.md keeps relative paths (they work in the repository, a
# checkout and a fork); only the packaged copy changes, and only when Cargo.toml names the
# repository (package.repository): picture_base is then where each picture is, at this version's
# tag (GitHub's and Forgejo's /raw/TAG/ form; NIM_TUI_PICTURE_BASE says another). The copy is
# HEAD's files (git archive) in $CARGO_TARGET_DIR/publish, packaged there (cargo package, no
# build), and published from there (docs/release.md).
repository=$(cargo metadata --format-version 1 --no-deps --locked \
    | python3 -c 'import json,sys; print(next(p["repository"] or "" for p in json.load(sys.stdin)["packages"] if p["name"]=="nim-tui"))')
publish="$CARGO_TARGET_DIR/publish"
rm -rf "$publish"
if [ -z "$repository" ]; then
    echo "release.sh: warning: Cargo.toml sets no package.repository, so the crate's README keeps its" \
        "pictures' relative paths and the registry's page shows none; set it before publishing (docs/release.md)" >&2
else
    picture_base=${NIM_TUI_PICTURE_BASE:-${repository%/}/raw/v$version/}
    mkdir -p "$publish"
    git archive --format=tar HEAD | tar -x -C "$publish"
    # ![text](path) with a relative path (no scheme, not from the root, not an anchor).
    sed -E "s|(!\[[^]]*\]\()([^):/#][^):]*)\)|\1${picture_base//|/%7C}\2)|g" "$publish/README.md" > "$publish/README.crate.md"
    mv "$publish/README.crate.md" "$publish/README.md"
    if grep -qE '!\[[^]]*\]\([^):/#][^):]*\)' "$publish/README.md"; then
        echo "release.sh: a picture of the crate's README is still relative" >&2; exit 1
    fi
    (cd "$publish" && cargo package --quiet --locked --no-verify --allow-dirty -p nim-engine -p nim-tui)
    echo "release.sh: the crates, their README's pictures from $picture_base, in $publish:" \
        "publish with (cd $publish && cargo publish --locked -p nim-engine -p nim-tui)"
fi

if [ ${#made[@]} -eq 0 ]; then
    echo "release.sh: nothing was built" >&2; exit 1
fi
(cd "$dist" && sha256sum "${made[@]}" > SHA256SUMS && sha256sum -c --quiet SHA256SUMS)
echo "release.sh: nim-tui $version (${NIM_TUI_GIT_REV:-no git revision}) in $dist:"
(cd "$dist" && ls -l "${made[@]}" SHA256SUMS)
