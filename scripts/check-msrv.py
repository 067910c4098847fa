#!/usr/bin/env python3
"""Checks the declared minimum Rust version (rust-version in Cargo.toml) without that toolchain.

Only one toolchain is installed on the project's machines, so the MSRV is checked in two parts:
clippy's `incompatible_msrv` lint (run by .ci/run with -D warnings) refuses standard library items
newer than the workspace's rust-version, and this script refuses any package in Cargo.lock that
declares a newer rust-version than the workspace's own packages do. Exit 1 names each one.

Usage: python3 scripts/check-msrv.py
"""

import json
import subprocess
import sys


def version(text):
    parts = [int(part) for part in text.split(".")[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    out = subprocess.run(["cargo", "metadata", "--format-version", "1", "--locked"],
                         check=True, capture_output=True, text=True).stdout
    meta = json.loads(out)
    ours = {p["id"] for p in meta["packages"] if p["id"] in meta["workspace_members"]}
    declared = {p["name"]: p.get("rust_version") for p in meta["packages"] if p["id"] in ours}
    if any(v is None for v in declared.values()):
        sys.exit(f"check-msrv: a workspace package declares no rust-version: {declared}")
    msrv = min(version(v) for v in declared.values())
    newer = [f"{p['name']} {p['version']} needs Rust {p['rust_version']}"
             for p in meta["packages"]
             if p["id"] not in ours and p.get("rust_version") and version(p["rust_version"]) > msrv]
    if newer:
        print(f"check-msrv: these dependencies need a newer Rust than {'.'.join(map(str, msrv))}:",
              file=sys.stderr)
        for line in newer:
            print(f"  {line}", file=sys.stderr)
        return 1
    print(f"check-msrv: every package in Cargo.lock builds with Rust {'.'.join(map(str, msrv))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
