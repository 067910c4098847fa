#!/usr/bin/env python3
"""Measures a school's server (#40): STUDENTS scripted students over two `nim-tui-serve` hosts
sharing one PostgreSQL, beside the same students on one host with SQLite.

Each student is an SSH session in the plain door (crates/nim-serve/examples/hosts_load.rs: lines,
not frames, so that the server and its database are measured, not drawing). Students 2k and 2k+1
play each other GAMES games; with two hosts 2k is on one host and 2k+1 on the other, so that
every game is between hosts and every move crosses them (`--mode ai`: each plays the AI
instead). Reported for each set-up:

  games/s, moves/s       games kept and moves made, over the seconds from the go to the last
                         game's end
  rows kept/s            rows added to games, results and moves (what both back ends keep),
                         counted in the database before and after
  transactions/s         PostgreSQL only: committed transactions (pg_stat_database), every
                         statement of every host (a game in progress is kept in `live_games` as
                         it moves, and each game's result in one transaction)
  rows written/s         PostgreSQL only: rows inserted, updated and deleted (pg_stat_database)
  move latency p50/p99   from a student's move being sent to the other player's reading it
                         (`pairs`: across the two hosts when there are two)

PostgreSQL is Debian's (`postgresql`: /usr/lib/postgresql/*/bin), a throw-away cluster in a
temporary directory (as the user `nobody` when this runs as root), fsync off as in the tests:
the figures are the server's, not a disk's. The hosts listen on 127.0.0.2 and 127.0.0.3.

Standard library only; Linux only. Usage:
  python3 scripts/bench-hosts.py [--students 1000] [--games 2] [--mode pairs|ai] [--no-build]
"""

import argparse
import glob
import json
import os
import pwd
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

from benchlib import RELEASE, ROOT, environment, stop
from benchlib import start_server as launch

LOAD = os.path.join(RELEASE, "examples", "hosts_load")
KEPT = ("games", "results", "moves")


def free_port(host="127.0.0.1"):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class Cluster:
    """A throw-away PostgreSQL cluster: initdb, postgres on a free port, a database `nim`."""

    def __init__(self, root):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            sys.exit("bench-hosts.py: no PostgreSQL server binaries (install Debian's postgresql)")
        self.bin = os.path.dirname(found[-1])
        self.dir = os.path.join(root, "pg")
        os.mkdir(self.dir)
        self.user = None
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)
            self.user = "nobody"
        data = os.path.join(self.dir, "data")
        self.run("initdb", "--auth=trust", "--username", "nim", "--encoding=UTF8", "--locale=C",
                 "--no-sync", "-D", data)
        self.port = free_port()
        self.server = subprocess.Popen(
            [os.path.join(self.bin, "postgres"), "-D", data, "-k", self.dir, "-p", str(self.port),
             "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=100"],
            user=self.user, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(root, "pg.log"), "w"))
        for _ in range(600):
            if subprocess.run([os.path.join(self.bin, "pg_isready"), "-h", "127.0.0.1", "-p",
                               str(self.port)], capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("PostgreSQL did not start")
        self.sql("CREATE DATABASE nim", db="postgres")
        self.url = f"postgres://nim@127.0.0.1:{self.port}/nim"

    def run(self, name, *args):
        subprocess.run([os.path.join(self.bin, name), *args], user=self.user, check=True,
                       capture_output=True, cwd=self.dir)

    def sql(self, query, db="nim"):
        out = subprocess.run([os.path.join(self.bin, "psql"), "-h", "127.0.0.1", "-p", str(self.port),
                              "-U", "nim", "-d", db, "-At", "-c", query],
                             check=True, capture_output=True, text=True)
        return out.stdout.strip()

    def counters(self):
        """Games kept; rows kept in games, results and moves; committed transactions; rows
        written."""
        games = int(self.sql("SELECT count(*) FROM games"))
        kept = sum(int(self.sql(f"SELECT count(*) FROM {t}")) for t in KEPT)
        stats = self.sql("SELECT xact_commit, tup_inserted + tup_updated + tup_deleted "
                         "FROM pg_stat_database WHERE datname = 'nim'")
        commits, written = (int(x) for x in stats.split("|"))
        return games, kept, commits, written

    def stop(self):
        self.server.terminate()
        self.server.wait(timeout=30)


def sqlite_counters(path):
    """Games kept; rows kept in games, results and moves (no transaction counters)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        games = db.execute("SELECT count(*) FROM games").fetchone()[0]
        return games, sum(db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in KEPT), 0, 0


def serve(env, listen, db, students, extra=()):
    server, said, _ = launch(env, ["--listen", listen, "--db", db, "--max-connections", str(students + 10),
                                   "--max-per-address", str(students + 10), *extra])
    return server, said.split("listening on ")[1].split()[0]


def play(addresses, students, games, mode, before, after, settle=0):
    """The students over `addresses`; the load's answer and the counters before and after."""
    load = subprocess.Popen([LOAD, ",".join(addresses), str(students), str(games), mode],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = load.stdout.readline().strip()
    if ready != "ready":
        raise RuntimeError(f"the students did not get in: {ready!r}")
    start = before()
    load.stdin.write("go\n")
    load.stdin.flush()
    line = load.stdout.readline()
    if load.wait(timeout=1800) != 0 or not line:
        raise RuntimeError("the students did not finish their games")
    result = json.loads(line)
    # The hosts' last results reach the database through their stores' queues: wait for every
    # game to be kept (a bound, not a pause: the state is what is waited for).
    deadline = time.time() + 120
    while True:
        end = after()
        if end[0] - start[0] >= result["games"] or time.time() > deadline:
            break
        time.sleep(0.2)
    if end[0] - start[0] < result["games"]:
        raise RuntimeError(f"{result['games']} games played, {end[0] - start[0]} kept")
    if settle:
        # PostgreSQL's statistics: each connection reports its counts at most a second after a
        # transaction, or after 10 s idle; read them once every host has reported.
        time.sleep(settle)
        end = after()
    return result, start, end


def report(name, result, start, end, pg):
    seconds = result["seconds"]
    line = {
        "set-up": name,
        "students": result["students"],
        "games": result["games"],
        "moves": result["moves"],
        "seconds": round(seconds, 2),
        "games/s": round(result["games"] / seconds, 1),
        "moves/s": round(result["moves"] / seconds, 1),
        "rows kept/s": round((end[1] - start[1]) / seconds, 1),
        "move latency p50 ms": round(result["latency_p50_ms"], 1),
        "move latency p99 ms": round(result["latency_p99_ms"], 1),
        "latency samples": result["samples"],
    }
    if pg:
        line["transactions/s"] = round((end[2] - start[2]) / seconds, 1)
        line["rows written/s"] = round((end[3] - start[3]) / seconds, 1)
    print(json.dumps(line), flush=True)
    return line


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--mode", choices=["pairs", "ai"], default="pairs")
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    parser.add_argument("--only", choices=["sqlite", "postgres"], help="one set-up only")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "nim-tui-serve", "--bin", "nim-tui-serve",
                        "--example", "hosts_load"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="nim-hosts-bench-") as home:
        os.chmod(home, 0o755)
        env = environment(home)
        if args.only != "postgres":
            db = os.path.join(home, "class.db")
            server, addr = serve(env, "127.0.0.1:0", db, args.students)
            try:
                counters = lambda: sqlite_counters(db)  # noqa: E731
                result, start, end = play([addr], args.students, args.games, args.mode, counters, counters)
            finally:
                stop(server)
            report("one host, SQLite", result, start, end, False)
        if args.only != "sqlite":
            cluster = Cluster(home)
            servers = []
            try:
                addresses = []
                for n, ip in enumerate(["127.0.0.2", "127.0.0.3"]):
                    server, addr = serve(env, f"{ip}:{free_port(ip)}", cluster.url, args.students,
                                         ["--host-id", f"host-{n + 1}", "--lease-seconds", "30"])
                    servers.append(server)
                    addresses.append(addr)
                result, start, end = play(addresses, args.students, args.games, args.mode,
                                          cluster.counters, cluster.counters, settle=11)
                report("two hosts, PostgreSQL", result, start, end, True)
            finally:
                for server in servers:
                    stop(server)
                cluster.stop()


if __name__ == "__main__":
    main()
