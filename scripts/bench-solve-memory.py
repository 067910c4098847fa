#!/usr/bin/env python3
"""Peak memory of `nim-tui solve --limit 18446744073709551615` on the largest row of every game
(issue #42): a benchmark, not a test; nothing here depends on the machine's speed but the number
of bytes written in the time allowed.

For every game and both forms (`--json` and the text), runs the release build
(target/release/nim-tui) on the game's largest row: heaps of 2^64 - 1 (as many as the game takes,
or a line of many for the games on any number of heaps), with `--limit 18446744073709551615`,
standard output read and thrown away by this script. A run that lists moves without end (a row
of 2^64 - 1 pins has about 2^63 winning moves) is stopped after `--seconds`; its peak resident
memory is read from /proc/PID/status (VmHWM) just before, and the run's own end from wait4(2)'s
ru_maxrss otherwise. The ceiling stated in the README must hold for every row: the script exits 1
if any peak passes `--ceiling` MiB.

Usage: python3 scripts/bench-solve-memory.py [--seconds 5] [--ceiling 64] [--no-build]
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NIM = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "nim-tui")
MAX = 2**64 - 1
LIMIT = str(MAX)


def rows():
    """(game, heaps): the largest row of every game, as `--game` names it."""
    many = [MAX - i for i in range(10_000)]
    return [
        ("nim", many),
        ("moore:1", [MAX] * 16),
        ("moore:2", [MAX] * 16),
        ("moore:4", [MAX] * 6),
        ("moore:4", [MAX] * 16),
        ("moore:8", [MAX] * 16),
        ("moore:8", [MAX] * 11 + [1]),
        ("moore:8", [MAX - 3 * i for i in range(64)]),
        ("subtraction:1,2,3", many),
        ("21", [MAX]),
        ("bachet", [MAX]),
        ("lasker", [MAX] * 16),
        ("kayles", [MAX] * 16),
        ("dawson", [MAX] * 16),
        ("wythoff", [MAX, MAX - 1]),
        ("fibonacci", [MAX]),
    ]


def peak_kib(pid):
    """VmHWM of a running process, in KiB (None once it has gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def run(game, heaps, json, seconds):
    """(peak MiB, bytes read, finished, exit status)."""
    args = [NIM, "solve", "--game", game, "--limit", LIMIT]
    if json:
        args.append("--json")
    args += [str(h) for h in heaps]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.set_blocking(child.stdout.fileno(), False)
    start = time.monotonic()
    read = 0
    peak = 0
    finished = False
    status = None
    while True:
        try:
            chunk = child.stdout.read(1 << 20)
        except BlockingIOError:
            chunk = None
        if chunk:
            read += len(chunk)
        hwm = peak_kib(child.pid)
        if hwm is not None:
            peak = max(peak, hwm)
        done, wait_status, usage = os.wait4(child.pid, os.WNOHANG)
        if done:
            peak = max(peak, usage.ru_maxrss)
            rest = child.stdout.read()
            read += len(rest or b"")
            finished = True
            status = os.waitstatus_to_exitcode(wait_status)
            break
        if time.monotonic() - start > seconds:
            hwm = peak_kib(child.pid)
            if hwm is not None:
                peak = max(peak, hwm)
            child.kill()
            os.wait4(child.pid, 0)
            break
        if not chunk:
            time.sleep(0.01)
    child.stdout.close()
    child.stderr.close()
    return peak / 1024, read, finished, status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="stop a run that is still listing after this long")
    parser.add_argument("--ceiling", type=float, default=64.0, help="the README's ceiling, in MiB")
    parser.add_argument("--no-build", action="store_true", help="use target/release/nim-tui as it is")
    options = parser.parse_args()
    if not options.no_build:
        subprocess.run(["cargo", "build", "--release", "--bin", "nim-tui"], cwd=ROOT, check=True)
    print(f"{'game':<20} {'heaps':>6} {'form':<5} {'peak MiB':>9} {'MiB written':>12} {'ended':<22}")
    worst = 0.0
    for game, heaps in rows():
        for json in (True, False):
            peak, read, finished, status = run(game, heaps, json, options.seconds)
            worst = max(worst, peak)
            ended = f"exit {status}" if finished else f"stopped after {options.seconds:g} s"
            form = "json" if json else "text"
            print(f"{game:<20} {len(heaps):>6} {form:<5} {peak:>9.1f} {read / 2**20:>12.1f} {ended:<22}", flush=True)
            if finished and status not in (0,):
                print(f"  {game}: exit status {status}", file=sys.stderr)
                return 1
    print(f"\nworst peak: {worst:.1f} MiB (ceiling {options.ceiling:g} MiB)")
    return 0 if worst <= options.ceiling else 1


if __name__ == "__main__":
    sys.exit(main())
