#!/usr/bin/env python3
"""Measures how fast each back end of the server's store keeps finished games (issue #40).

Runs crates/nim-serve/examples/store_writes.rs (record_game of a game between two students with
20 graded moves, one at a time, as the store's thread writes them) on:
  sqlite    a new SQLite file in a temporary directory (WAL, as the server opens it)
  postgres  a throw-away PostgreSQL cluster started here as the tests start theirs: Debian's
            binaries (/usr/lib/postgresql/*/bin), initdb into a temporary directory (as nobody
            when run as root), on a Unix socket in it; stopped by its process id at the end.
            fsync stays on (the server's durability as shipped), unlike the tests' cluster.
Each prints one JSON line: games, seconds, games a second, median and 99th percentile of one
game's write in milliseconds. A benchmark, never a test; figures depend on the machine's disk.

Standard library only; Linux only. Usage:
  python3 scripts/bench-store.py [--games 500] [--release] [--no-build]
"""

import argparse
import glob
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if not found:
        sys.exit("bench-store: no PostgreSQL server binaries (apt-get install postgresql)")
    return os.path.dirname(found[-1])


def as_user():
    """A preexec_fn running a command as nobody when this is root (initdb refuses root)."""
    if os.geteuid() != 0:
        return None, None
    nobody = pwd.getpwnam("nobody")

    def drop():
        os.setgroups([])
        os.setgid(nobody.pw_gid)
        os.setuid(nobody.pw_uid)
    return drop, nobody


def start_cluster(bindir, tmp):
    drop, nobody = as_user()
    if nobody:
        os.chown(tmp, nobody.pw_uid, nobody.pw_gid)
    data = os.path.join(tmp, "data")
    env = dict(os.environ, LC_ALL="C")
    subprocess.run([os.path.join(bindir, "initdb"), "--auth=trust", "-U", "postgres", "-E", "UTF8",
                    "--locale=C", "-D", data], check=True, cwd=tmp, env=env, preexec_fn=drop,
                   stdout=subprocess.DEVNULL)
    port = "54329"
    log = open(os.path.join(tmp, "server.log"), "w")
    server = subprocess.Popen([os.path.join(bindir, "postgres"), "-D", data, "-k", tmp, "-p", port,
                               "-c", "listen_addresses="], cwd=tmp, env=env, preexec_fn=drop,
                              stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 120
    while subprocess.run([os.path.join(bindir, "pg_isready"), "-h", tmp, "-p", port, "-q"],
                         env=env).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            sys.exit("bench-store: postgres did not start: " + open(os.path.join(tmp, "server.log")).read())
        time.sleep(0.05)  # a poll for the state; the deadline is the failure
    subprocess.run([os.path.join(bindir, "createdb"), "-h", tmp, "-p", port, "-U", "postgres", "bench"],
                   check=True, env=env, preexec_fn=drop)
    return server, "postgres://postgres@%s:%s/bench" % (tmp.replace("/", "%2F"), port)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--release", action="store_true", help="build the example in release")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    profile = ["--release"] if args.release else []
    if not args.no_build:
        subprocess.run(["cargo", "build", "-q", "-p", "nim-tui-serve", "--example", "store_writes"] + profile,
                       check=True, cwd=ROOT)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    example = os.path.join(target, "release" if args.release else "debug", "examples", "store_writes")
    tmp = tempfile.mkdtemp(prefix="nim-tui-bench-store")
    server = None
    try:
        sqlite = os.path.join(tmp, "bench.sqlite3")
        pgdir = os.path.join(tmp, "pg")
        os.mkdir(pgdir)
        os.chmod(tmp, 0o755)  # for nobody, who runs the cluster in pgdir
        server, url = start_cluster(binaries(), pgdir)
        for db in [sqlite, url]:
            out = subprocess.run([example, db, str(args.games)], check=True, capture_output=True, text=True)
            print(json.dumps(json.loads(out.stdout)))
    finally:
        if server is not None:
            server.send_signal(signal.SIGINT)  # a fast shutdown of the server this started
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
