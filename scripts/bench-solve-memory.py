#!/usr/bin/env python3
"""Peak memory of `nim-tui solve --limit 18446744073709551615` on the largest row of every game
(issue #42): a benchmark, not a test; nothing here depends on the machine's speed but the number
of bytes written in the time allowed.

For every game and both forms (`--json` and the text), runs the release build
(target/release/nim-tui) on the game's largest row: heaps of 2^64 - 1 (as many as the game takes,
or a line of many for the games on any number of heaps), with `--limit 18446744073709551615`,
standard output read and thrown away by this script. A run that lists moves without end (a row
of 2^64 - 1 pins has about 3 * 10^18 winning moves) is ended after `--seconds` as `| head` ends it,
by closing the pipe; the peak resident memory is GNU time's %M (wait4(2)'s ru_maxrss). The ceiling stated in the README must hold for every row: the script exits 1
if any peak passes `--ceiling` MiB.

Usage: python3 scripts/bench-solve-memory.py [--seconds 5] [--ceiling 32] [--no-build]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NIM = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "nim-tui")
MAX = 2**64 - 1
LIMIT = str(MAX)
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def rows():
    """(game, heaps): the largest row of every game, as `--game` names it: heaps of 2^64 - 1 for the
    games on one heap or two, seeded 64-bit heaps (won positions) for the games on many."""
    rng = random.Random(42)
    many = [rng.getrandbits(64) for _ in range(10_000)]
    sixteen = [rng.getrandbits(64) for _ in range(16)]
    return [
        ("nim", many),
        ("moore:1", sixteen),
        ("moore:2", [MAX] * 16),
        ("moore:4", [MAX] * 6),
        ("moore:4", sixteen),
        ("moore:8", [MAX] * 16),
        ("moore:8", [MAX] * 11 + [1]),
        ("moore:8", [rng.getrandbits(64) for _ in range(64)]),
        ("subtraction:1,2,3", many),
        ("21", [MAX]),
        ("bachet", [MAX]),
        ("lasker", many),
        ("kayles", [MAX]),
        ("kayles", many),
        ("dawson", [MAX]),
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
    """(peak MiB, bytes read, whether it ended by itself, exit status).

    The peak is GNU time's %M (wait4's ru_maxrss of nim-tui, whose parent is the small `time`
    process: a child's ru_maxrss counts its parent's resident set at the fork, so Python cannot be
    the parent), or without /usr/bin/time VmHWM polled every 10 ms. A run still listing after
    `seconds` is ended as `| head` ends it: the pipe is closed, and nim-tui stops with status 0."""
    args = [NIM, "solve", "--game", game, "--limit", LIMIT]
    if json:
        args.append("--json")
    args += [str(h) for h in heaps]
    report = tempfile.NamedTemporaryFile(prefix="bench-solve-memory-", delete=False)
    report.close()
    if GNU_TIME:
        args = [GNU_TIME, "-f", "%M", "-o", report.name] + args
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    os.set_blocking(child.stdout.fileno(), False)
    start = time.monotonic()
    read = 0
    peak = 0
    ended = True
    while child.poll() is None:
        try:
            chunk = child.stdout.read(1 << 20)
        except BlockingIOError:
            chunk = None
        if chunk:
            read += len(chunk)
        elif not GNU_TIME:
            peak = max(peak, peak_kib(child.pid) or 0)
        if time.monotonic() - start > seconds:
            ended = False
            break
        if not chunk:
            time.sleep(0.01)
    if ended:
        os.set_blocking(child.stdout.fileno(), True)
        read += len(child.stdout.read() or b"")
    child.stdout.close()
    status = child.wait()
    if GNU_TIME:
        with open(report.name) as f:
            peak = int(f.read().split()[-1])
    os.unlink(report.name)
    return peak / 1024, read, ended, status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="stop a run that is still listing after this long")
    parser.add_argument("--ceiling", type=float, default=32.0, help="the README's ceiling, in MiB")
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
            ended = f"exit {status}" if finished else f"reader left after {options.seconds:g} s, exit {status}"
            form = "json" if json else "text"
            print(f"{game:<20} {len(heaps):>6} {form:<5} {peak:>9.1f} {read / 2**20:>12.1f} {ended:<32}", flush=True)
            if status != 0:
                print(f"  {game}: exit status {status}", file=sys.stderr)
                return 1
    print(f"\nworst peak: {worst:.1f} MiB (ceiling {options.ceiling:g} MiB)")
    return 0 if worst <= options.ceiling else 1


if __name__ == "__main__":
    sys.exit(main())
