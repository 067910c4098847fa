#!/usr/bin/env python3
"""Measures `nim-tui solve --json -` against its floor (examples/solve_floor.rs) and the seeds'
Python strategy (scripts/solve_seeds.py), on seeded inputs, side by side; then every game against
Nim, per position, on the inputs of issue #23 (`--games`, on by default).

For each input, several runs alternating between the programs; medians of the CPU time
(user + system) and of the peak resident memory (ru_maxrss), read from wait4(2). Standard input
is the input file (or a pipe from `cat` for the "through a pipe" row), standard output /dev/null.
Before timing, each program's output is checked to be byte-identical to nim-tui's.

nim-tui is the release build (target/release/nim-tui); the floor is built with the `perf` profile
(opt-level 3) into target/perf, so target/release keeps the release build. Linux only.

The games' table: 100,000 seeded lines of 5 random 63-bit heaps for nim, moore:2, moore:8,
kayles, dawson, lasker and subtraction:1,2,3; 2 heaps for wythoff, 1 for fibonacci; each game run
as `solve --game G --json --limit 10 -` and Nim on lines of as many heaps, CPU medians; the goal is
every game within 10x Nim's cost per position.

Usage: python3 scripts/bench-solve.py [--runs 5] [--no-build] [--no-huge] [--no-python] [--no-games]
       python3 scripts/bench-solve.py --only-games [--runs 3] [--lines 100000]
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NIM = os.path.join(ROOT, "target", "release", "nim-tui")
FLOOR = os.path.join(ROOT, "target", "perf", "examples", "solve_floor")
SEEDS = os.path.join(ROOT, "scripts", "solve_seeds.py")
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def write_inputs(folder, huge, dry=False):
    """The issue's seeded inputs; returns [(name, path)] (only the names when dry)."""
    inputs = []

    def make(name, lines_of):
        path = os.path.join(folder, name.replace(" ", "_").replace("^", "") + ".txt")
        inputs.append((name, path))
        if dry:
            return
        with open(path, "w") as f:
            for line in lines_of():
                f.write(line)

    rng = random.Random(15)
    make("1 line of 10^6 u64 heaps",
         lambda: [" ".join(str(rng.getrandbits(64)) for _ in range(10**6)) + "\n"])
    make("20,000 lines of 5 heaps 0..30",
         lambda: (" ".join(str(rng.randint(0, 30)) for _ in range(5)) + "\n" for _ in range(20000)))
    make("10^6 lines of 3 heaps 0..100",
         lambda: (f"{rng.randint(0, 100)} {rng.randint(0, 100)} {rng.randint(0, 100)}\n"
                  for _ in range(10**6)))
    if huge:
        def huge_line():
            for _ in range(100):
                yield " ".join(str(rng.getrandbits(64)) for _ in range(10**5)) + " "
            yield "\n"
        make("1 line of 10^7 u64 heaps", huge_line)
    return inputs


def run(argv, path, pipe=False):
    """CPU seconds (from wait4) and peak KiB of one run of argv on the input at path.

    The peak comes from GNU time when it is there: a child started by this Python process would
    report Python's own peak as its floor. Without it, wait4's figure is shown, with that floor."""
    with open(path, "rb") as f, open(os.devnull, "wb") as null:
        feeder = None
        if pipe:
            feeder = subprocess.Popen(["cat", path], stdout=subprocess.PIPE)
            stdin = feeder.stdout
        else:
            stdin = f
        child = subprocess.Popen(argv, stdin=stdin, stdout=null)
        if feeder:
            feeder.stdout.close()
        _, status, usage = os.wait4(child.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if feeder:
            feeder.wait()
    if code != 0:
        sys.exit(f"{argv} failed on {path} with status {code}")
    peak = usage.ru_maxrss
    if GNU_TIME and not pipe:
        with open(path, "rb") as f:
            done = subprocess.run([GNU_TIME, "-f", "%M", *argv], stdin=f, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, check=True)
        peak = int(done.stderr.split()[-1])
    return usage.ru_utime + usage.ru_stime, peak


def same_output(a, b, path):
    """Whether a and b write the same bytes for the input at path (compared as files)."""
    import filecmp
    with tempfile.TemporaryDirectory() as folder:
        outs = []
        for i, argv in enumerate((a, b)):
            out = os.path.join(folder, str(i))
            with open(path, "rb") as f, open(out, "wb") as o:
                subprocess.run(argv, stdin=f, stdout=o, check=True)
            outs.append(out)
        return filecmp.cmp(outs[0], outs[1], shallow=False)


def same_answers(a, b, path, fields=("mode", "heaps", "nim_sum", "outcome", "moves")):
    """Whether a and b give the same answers for the input at path, field by field (the seeds'
    Python strategy writes the fields Nim's answers had before schema version 1)."""
    import json
    outs = []
    for argv in (a, b):
        with open(path, "rb") as f:
            done = subprocess.run(argv, stdin=f, stdout=subprocess.PIPE, check=True)
        outs.append([json.loads(line) for line in done.stdout.splitlines()])
    pick = lambda answer: {k: answer.get(k) for k in fields}
    return len(outs[0]) == len(outs[1]) and all(pick(x) == pick(y) for x, y in zip(*outs))


GAMES = [("nim", 5), ("moore:2", 5), ("moore:8", 5), ("kayles", 5), ("dawson", 5), ("lasker", 5),
         ("subtraction:1,2,3", 5), ("wythoff", 2), ("fibonacci", 1)]


def games_table(runs, lines):
    """Every game against Nim per position, on seeded lines of random 63-bit heaps."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for heaps in sorted({h for _, h in GAMES}):
            rng = random.Random(23 + heaps)
            path = os.path.join(folder, f"{heaps}.txt")
            with open(path, "w") as f:
                for _ in range(lines):
                    f.write(" ".join(str(rng.getrandbits(63)) for _ in range(heaps)) + "\n")
            paths[heaps] = path
        nim = {}
        for heaps, path in paths.items():
            cpu, _ = measure([("nim", [NIM, "solve", "--json", "--limit", "10", "-"])], path, runs)
            nim[heaps] = cpu["nim"]
        print(f"\n| game ({lines:,} lines, --json --limit 10) | heaps | CPU | per position | Nim's "
              "per position | ratio (goal <= 10x) |")
        print("| --- | --- | --- | --- | --- | --- |")
        for game, heaps in GAMES:
            argv = [NIM, "solve", "--game", game, "--json", "--limit", "10", "-"]
            cpu, _ = measure([(game, argv)], paths[heaps], runs)
            per, base = cpu[game] / lines * 1e6, nim[heaps] / lines * 1e6
            print(f"| {game} | {heaps} | {cpu[game]:.3f} s | {per:.2f} us | {base:.2f} us "
                  f"| {cpu[game] / max(nim[heaps], 1e-6):.1f}x |")


def measure(programs, path, runs, pipe=False):
    cpu = {name: [] for name, _ in programs}
    mem = {name: [] for name, _ in programs}
    for _ in range(runs):
        for name, argv in programs:
            c, m = run(argv, path, pipe)
            cpu[name].append(c)
            mem[name].append(m)
    return ({n: statistics.median(v) for n, v in cpu.items()},
            {n: statistics.median(v) for n, v in mem.items()})


def human_seconds(n, runs):
    """Wall-clock median of `nim-tui solve -` (the form for people) on one line of n heaps."""
    import time
    rng = random.Random(n)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(" ".join(str(rng.getrandbits(64)) for _ in range(n)) + "\n")
        path = f.name
    times = []
    try:
        for _ in range(runs):
            start = time.perf_counter()
            with open(path, "rb") as f:
                subprocess.run([NIM, "solve", "-"], stdin=f, stdout=subprocess.DEVNULL, check=True)
            times.append(time.perf_counter() - start)
    finally:
        os.unlink(path)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    parser.add_argument("--no-huge", action="store_true", help="skip the line of 10^7 heaps")
    parser.add_argument("--no-python", action="store_true", help="skip the seeds' Python strategy")
    parser.add_argument("--no-games", action="store_true", help="skip the games' table")
    parser.add_argument("--only-games", action="store_true", help="only the games' table")
    parser.add_argument("--lines", type=int, default=100_000, help="lines per game (games' table)")
    parser.add_argument("--generate", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.generate:
        write_inputs(args.generate, not args.no_huge)
        return
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--bin", "nim-tui"], cwd=ROOT, check=True)
        subprocess.run(["cargo", "build", "--profile", "perf", "--example", "solve_floor"], cwd=ROOT,
                       check=True)

    if args.only_games:
        games_table(args.runs, args.lines)
        return

    nim = [NIM, "solve", "--json", "-"]
    programs = [("floor", [FLOOR]), ("nim-tui", nim)]
    with tempfile.TemporaryDirectory() as folder:
        print("generating the seeded inputs ...", file=sys.stderr)
        # In a child process, so that this one stays small (see `run`).
        subprocess.run([sys.executable, __file__, "--generate", folder]
                       + (["--no-huge"] if args.no_huge else []), check=True)
        inputs = write_inputs(folder, not args.no_huge, dry=True)
        print("| input (seeded) | floor CPU | nim-tui CPU | ratio (goal <= 1.5x) "
              "| floor peak | nim-tui peak | ratio |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        rows = [(name, path, False) for name, path in inputs]
        rows.insert(3, (inputs[2][0] + ", through a pipe", inputs[2][1], True))
        for name, path, pipe in rows:
            if not pipe and not same_output([FLOOR], nim, path):
                sys.exit(f"the floor and nim-tui disagree on {name}")
            runs = 1 if "10^7" in name else args.runs
            cpu, mem = measure(programs, path, runs, pipe)
            print(f"| {name} | {cpu['floor']:.3f} s | {cpu['nim-tui']:.3f} s "
                  f"| {cpu['nim-tui'] / max(cpu['floor'], 1e-6):.2f}x "
                  + (f"| {mem['floor'] / 1024:.1f} MB | {mem['nim-tui'] / 1024:.1f} MB "
                     f"| {mem['nim-tui'] / mem['floor']:.2f}x |" if not pipe or not GNU_TIME
                     else "| (see above) | | |"))

        if not args.no_python:
            name, path = inputs[1]
            python = [sys.executable, SEEDS]
            if not same_answers(python, nim, path):
                sys.exit(f"the seeds' Python strategy and nim-tui disagree on {name}")
            cpu, _ = measure([("python", python), ("nim-tui", nim)], path, args.runs)
            print(f"\nseeds' Python strategy on {name}: {cpu['python']:.3f} s CPU, nim-tui "
                  f"{cpu['nim-tui']:.4f} s: nim-tui {cpu['python'] / cpu['nim-tui']:.0f}x faster "
                  "(goal >= 20x)")

    if not args.no_games:
        games_table(args.runs, args.lines)

    small, large = human_seconds(10**5, 3), human_seconds(10**6, 3)
    print(f"\n`nim-tui solve -` for people, one line of 10^5 heaps: {small:.3f} s; 10^6 heaps: "
          f"{large:.3f} s ({large / small:.1f}x the time for 10x the heaps; goal about 10x)")


if __name__ == "__main__":
    main()
