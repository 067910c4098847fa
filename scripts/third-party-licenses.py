#!/usr/bin/env python3
"""Writes the licences of every crate compiled into the shipped programs, for a release archive.

Reads `cargo metadata --format-version 1` (the resolved graph for one target), walks it from the
packages that ship binaries (nim-tui and nim-tui-serve) along normal dependencies only (not dev
or build dependencies, which are not in the binaries), and writes, for each crate: its name,
version, licence expression and repository, then the text of every licence file its source
carries (LICENSE*, LICENCE*, COPYING*, NOTICE*, UNLICENSE, COPYRIGHT*), read from the source
cargo has unpacked (~/.cargo/registry/src/...). A crate that ships no licence file is listed with
its expression and says so; the script fails (exit 1) if a crate declares no licence at all.

cargo-about and cargo-bundle-licenses do this with templates and an SPDX database; this script is
the few lines the archive needs, with nothing to install.

Usage: python3 scripts/third-party-licenses.py [--target TRIPLE] > THIRD-PARTY-LICENSES.txt
"""

import argparse
import json
import os
import subprocess
import sys

SHIPPED = ("nim-tui", "nim-tui-serve")
LICENCE_PREFIXES = ("license", "licence", "copying", "notice", "unlicense", "copyright")


def licence_files(directory):
    names = []
    for name in sorted(os.listdir(directory)):
        lower = name.lower()
        path = os.path.join(directory, name)
        if lower.startswith(LICENCE_PREFIXES) and os.path.isfile(path):
            names.append(path)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default="x86_64-unknown-linux-gnu")
    args = parser.parse_args()
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", args.target],
        check=True, capture_output=True, text=True).stdout
    meta = json.loads(out)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    roots = [p["id"] for p in meta["packages"]
             if p["id"] in meta["workspace_members"] and p["name"] in SHIPPED]
    if len(roots) != len(SHIPPED):
        sys.exit(f"third-party-licenses: expected the packages {SHIPPED} in the workspace")
    seen, todo = set(), list(roots)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(kind["kind"] is None for kind in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    ours = set(meta["workspace_members"])
    third = sorted((packages[pid] for pid in seen if pid not in ours),
                   key=lambda p: (p["name"], p["version"]))
    missing = [f"{p['name']} {p['version']}" for p in third if not p.get("license")
               and not p.get("license_file")]
    if missing:
        sys.exit("third-party-licenses: no licence declared by " + ", ".join(missing))

    w = sys.stdout.write
    w("Third-party software in nim-tui and nim-tui-serve\n")
    w("=================================================\n\n")
    w(f"The programs are built from these {len(third)} crates (target {args.target}), besides\n"
      "nim-tui's own (MIT, see LICENSE). Each is listed with its licence as it declares it, then\n"
      "the licence files its source carries. SQLite, compiled in through libsqlite3-sys, is in the\n"
      "public domain.\n\n")
    for p in third:
        w(f"  {p['name']} {p['version']}: {p.get('license') or 'see its licence file'}\n")
    for p in third:
        w("\n" + "=" * 78 + "\n")
        w(f"{p['name']} {p['version']}\n")
        w(f"Licence: {p.get('license') or p.get('license_file')}\n")
        if p.get("repository"):
            w(f"Source: {p['repository']}\n")
        files = licence_files(os.path.dirname(p["manifest_path"]))
        if not files:
            w("\n(The crate's source carries no licence file; its licence is the expression above.)\n")
        for path in files:
            w(f"\n--- {os.path.basename(path)} ---\n\n")
            with open(path, encoding="utf-8", errors="replace") as f:
                w(f.read().rstrip() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
