#!/usr/bin/env python3
"""Measures `nim-tui serve` with many scripted players on loopback, beside the local game.

Starts the release server on a free loopback port (its files in a temporary home), connects
SESSIONS players at once (crates/nim-serve/examples/serve_load.rs: each an SSH session with a 100x30 terminal, on
the start screen), and reports:
  memory per idle session   (server VmRSS with everyone connected - VmRSS before) / SESSIONS
  idle CPU                  the server's utime+stime clock ticks while everyone idles IDLE s
  key-to-frame latency      median and 99th percentile over SAMPLES arrow keys, each sent to one
                            session after another and timed to that session's first bytes back
and the local game's key-to-frame latency on its start screen, in a pseudo-terminal, the same way.
Goals (issue #24): at most 2 MB per idle session, 99th percentile at most 20 ms, no idle CPU.

Then the cost of a join to the lobbies (issue #31), on a fresh server for each lobby size in
--lobbies: that many players wait in the lobby, JOINS newcomers arrive one after another (each
sees the lobby and leaves), and the server's CPU for them is divided by the joins and the lobbies.
Every lobby redraws for a join (its list changed); the goal is that what each lobby pays for it
stays flat as the lobby grows: no query, no work that grows with the number of people.

With --door web (issue #33) the players are browsers instead: the server runs with its web door
only (`--no-ssh --web`), and crates/nim-serve/examples/web_load.rs opens SESSIONS WebSockets as the
page does; the same memory, idle CPU and key-to-frame figures are reported (not the local game's
nor the joins', which are the SSH run's).

Standard library only; Linux only (/proc). Usage:
  python3 scripts/bench-serve.py [--sessions 200] [--samples 1000] [--lobbies 50,200] [--joins 40] [--no-build] [--door ssh|web]
"""

import argparse
import fcntl
import json
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

from benchlib import RELEASE, ROOT, TICKS, cpu_ticks, environment, percentile, proc_field, stop
from benchlib import start_server as launch

NIM = os.path.join(RELEASE, "nim-tui")
LOAD = os.path.join(RELEASE, "examples", "serve_load")
WEB_LOAD = os.path.join(RELEASE, "examples", "web_load")
IDLE_SECONDS = 5.0


def local_latency(samples, home):
    """Key-to-frame latency of the local game's start screen in a pseudo-terminal of 100x30."""
    env = environment(home, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        try:
            os.execve(NIM, [NIM], env)
        finally:
            os._exit(127)
    out = bytearray()

    def read(timeout):
        ready, _, _ = select.select([fd], [], [], max(timeout, 0))
        if not ready:
            return b""
        data = os.read(fd, 65536)
        if b"\x1b[c" in data:
            os.write(fd, b"\x1b[?62;22c")
        return data

    deadline = time.perf_counter() + 10
    while b"Start" not in out and time.perf_counter() < deadline:
        out += read(0.1)
    while read(0.3):
        pass
    times = []
    for n in range(samples):
        key = b"\x1b[B" if n % 2 == 0 else b"\x1b[A"
        sent = time.perf_counter()
        os.write(fd, key)
        if not read(5):
            raise RuntimeError("the local game did not answer a key")
        times.append((time.perf_counter() - sent) * 1000)
        while read(0.005):
            pass
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    os.close(fd)
    return times


def start_server(env, sessions, door="ssh"):
    """The release server on a free loopback port, and the address it says it listens on (with
    door "web": the web door only, and its address)."""
    web = ["--no-ssh", "--web", "127.0.0.1:0"] if door == "web" else []
    server, said, _ = launch(env, ["--listen", "127.0.0.1:0", "--max-connections", str(sessions + 10),
                                   "--max-per-address", str(sessions + 10), *web])
    if door == "web":
        return server, said.split("open http://")[1].split("/")[0]
    return server, said.split("listening on ")[1].split()[0]


def idle_and_busy(server, load_argv, who):
    """`load_argv`'s sessions brought in and left idle, then keys timed: the server's memory
    before and with everyone idle (KiB), its idle CPU ticks, the load's JSON answer, its peak."""
    time.sleep(0.5)
    before = proc_field(server.pid, "VmRSS")
    load = subprocess.Popen(load_argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = load.stdout.readline().strip()
    if ready != "ready":
        raise RuntimeError(f"the {who} did not get in: {ready!r}")
    time.sleep(1.0)
    ticks = cpu_ticks(server.pid)
    time.sleep(IDLE_SECONDS)
    idle = cpu_ticks(server.pid) - ticks
    during = proc_field(server.pid, "VmRSS")
    load.stdin.write("go\n")
    load.stdin.flush()
    result = json.loads(load.stdout.readline())
    load.wait(timeout=60)
    return before, during, idle, result, proc_field(server.pid, "VmHWM")


def join_cost(env, lobby, joins):
    """Server CPU seconds per join and per waiting lobby, with `lobby` players in the lobby."""
    server, addr = start_server(env, lobby + 2)
    try:
        load = subprocess.Popen([LOAD, addr, str(lobby), str(joins), "lobby"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if load.stdout.readline().strip() != "ready":
            raise RuntimeError("the players did not get into the lobby")
        time.sleep(1.0)
        ticks = cpu_ticks(server.pid)
        load.stdin.write("go\n")
        load.stdin.flush()
        if load.stdout.readline().strip() != "done":
            raise RuntimeError("the joins did not finish")
        used = cpu_ticks(server.pid) - ticks
        load.wait(timeout=60)
    finally:
        stop(server)
    return used / TICKS / joins / lobby


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--lobbies", default="50,200", help="lobby sizes for the cost of a join")
    parser.add_argument("--joins", type=int, default=40)
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    parser.add_argument("--door", choices=["ssh", "web"], default="ssh", help="the players' way in")
    args = parser.parse_args()
    if args.door == "web":
        return web_bench(args)
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "nim-tui", "--bin", "nim-tui-serve", "--example", "serve_load"],
                       cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="nim-serve-bench-") as home:
        env = environment(home)
        server, addr = start_server(env, args.sessions)
        try:
            before, during, idle, result, peak = idle_and_busy(
                server, [LOAD, addr, str(args.sessions), str(args.samples)], "players")
        finally:
            stop(server)
        local = local_latency(min(args.samples, 400), home)
        lobbies = [int(n) for n in args.lobbies.split(",") if n]
        costs = {n: join_cost(env, n, args.joins) for n in lobbies}
    per_session = (during - before) / args.sessions
    print(f"sessions                    {args.sessions}")
    print(f"server memory               {before / 1024:.1f} MiB before, {during / 1024:.1f} MiB with everyone idle, "
          f"peak {peak / 1024:.1f} MiB")
    print(f"memory per idle session     {per_session / 1024:.2f} MiB   (goal: at most 2 MB)")
    print(f"idle CPU                    {idle} ticks of 1/{TICKS} s in {IDLE_SECONDS:.0f} s   (goal: none)")
    print(f"key-to-frame over SSH       median {result['median_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms "
          f"({result['samples']} keys)   (goal: p99 at most 20 ms)")
    print(f"key-to-frame, local game    median {statistics.median(local):.2f} ms, "
          f"p99 {percentile(local, 0.99):.2f} ms ({len(local)} keys)")
    for n, cost in costs.items():
        print(f"one join, per waiting lobby {cost * 1e6:.0f} µs of server CPU with {n} in the lobby "
              f"({args.joins} joins)")
    flat = True
    if len(costs) > 1:
        lo, hi = costs[min(costs)], costs[max(costs)]
        flat = hi <= 1.5 * lo
        print(f"growth per lobby            {hi / lo:.2f}x from {min(costs)} to {max(costs)}   (goal: flat, at most 1.5x)")
    ok = per_session <= 2 * 1000 and result["p99_ms"] <= 20 and idle == 0 and flat
    return 0 if ok else 1


def web_bench(args):
    """The same measures with the players as browsers on the web door (issue #33)."""
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "nim-tui-serve", "--example", "web_load"],
                       cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="nim-serve-bench-") as home:
        env = environment(home)
        server, addr = start_server(env, args.sessions, door="web")
        try:
            before, during, idle, result, peak = idle_and_busy(
                server, [WEB_LOAD, addr, str(args.sessions), str(args.samples)], "browsers")
        finally:
            stop(server)
    per_session = (during - before) / args.sessions
    print(f"browser sessions            {args.sessions} (WebSocket, web door only)")
    print(f"server memory               {before / 1024:.1f} MiB before, {during / 1024:.1f} MiB with everyone idle, "
          f"peak {peak / 1024:.1f} MiB")
    print(f"memory per idle session     {per_session / 1024:.2f} MiB   (goal: at most 2 MB)")
    print(f"idle CPU                    {idle} ticks of 1/{TICKS} s in {IDLE_SECONDS:.0f} s   (goal: none)")
    print(f"key-to-frame over WebSocket median {result['median_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms "
          f"({result['samples']} keys)   (goal: p99 at most 20 ms)")
    ok = per_session <= 2 * 1000 and result["p99_ms"] <= 20 and idle == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
