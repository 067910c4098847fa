#!/usr/bin/env python3
"""Measures nim-tui against the floor (examples/floor.rs) in a real pseudo-terminal.

For each program, several runs alternating between the programs, medians of:
  first frame   time from start to the first output that shows `Your turn`
  idle CPU      utime+stime clock ticks used while waiting 3 s for a key
  arrow key     bytes written to the terminal for one Down arrow
  peak memory   VmHWM before quitting

The goals (issue #31): the first frame within 1.5x of the floor and peak memory within 2x, with
a build that a user gets from `cargo build --release`, no linker tricks.

Standard library only; Linux only (/proc). Usage:
  python3 scripts/bench-terminal.py [--runs 7] [--no-build]
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NIM = os.path.join(ROOT, "target", "release", "nim-tui")
FLOOR = os.path.join(ROOT, "target", "release", "examples", "floor")
COLS, ROWS = 100, 32
IDLE_SECONDS = 3.0
QUIET_SECONDS = 0.3
TIMEOUT = 10.0
TICKS = os.sysconf("SC_CLK_TCK")

PROGRAMS = [
    ("floor", [FLOOR]),
    ("3-4-5", [NIM, "--heaps", "3,4,5", "--ai-delay", "0"]),
    ("huge", [NIM, "--heaps", "1000000000000,999999999999,123456789012", "--ai-delay", "0"]),
]


class Run:
    """One program in its own pseudo-terminal of COLS x ROWS."""

    def __init__(self, argv, env):
        self.start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            # The child: the pty is its controlling terminal; size it before the program asks.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
            try:
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.out = bytearray()

    def read(self, timeout):
        """Reads what arrives within `timeout`; returns the number of bytes."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return 0
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return -1
        self.out += data
        # Answer the device-attributes query as every real terminal does (nim-tui asks it with the
        # background colour, and a terminal that answers nothing makes it wait out its limit).
        if b"\x1b[c" in data:
            os.write(self.fd, b"\x1b[?62;22c")
        return len(data)

    def wait_for(self, text):
        """Seconds from start until `text` appears in the output. ratatui writes a blank cell over
        a blank screen as a cursor move, so spaces may be escape codes."""
        pattern = re.compile(rb"(?:\x1b\[[0-9;]*[A-Za-z]| )+".join(map(re.escape, text.split(b" "))))
        deadline = self.start + TIMEOUT
        while time.perf_counter() < deadline:
            if pattern.search(self.out):
                return time.perf_counter() - self.start
            if self.read(deadline - time.perf_counter()) < 0:
                break
        raise RuntimeError(f"{text!r} not seen; output: {bytes(self.out[-400:])!r}")

    def drain(self, seconds):
        """Reads for `seconds`; returns the bytes that arrived."""
        before = len(self.out)
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            if self.read(left) < 0:
                break
        return len(self.out) - before

    def until_quiet(self, quiet):
        """Reads until nothing arrives for `quiet` seconds; returns the bytes that arrived."""
        before = len(self.out)
        end = time.perf_counter() + TIMEOUT
        while time.perf_counter() < end and self.read(quiet) > 0:
            pass
        return len(self.out) - before

    def cpu_ticks(self):
        with open(f"/proc/{self.pid}/stat") as f:
            # Fields after the command name, which is in parentheses and may hold spaces.
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime

    def peak_kib(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmHWM")

    def quit(self):
        os.write(self.fd, b"q")
        end = time.perf_counter() + TIMEOUT
        while time.perf_counter() < end:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise RuntimeError("did not quit on q")


def measure(argv):
    with tempfile.TemporaryDirectory(prefix="nim-bench-") as tmp:
        env = dict(os.environ, TERM="xterm-256color", XDG_DATA_HOME=os.path.join(tmp, "data"),
                   XDG_CONFIG_HOME=os.path.join(tmp, "config"), HOME=tmp)
        env.pop("NO_COLOR", None)
        run = Run(argv, env)
        try:
            first = run.wait_for(b"Your turn")
            run.until_quiet(QUIET_SECONDS)  # the rest of the first frame
            before = run.cpu_ticks()
            run.drain(IDLE_SECONDS)
            idle = run.cpu_ticks() - before
            os.write(run.fd, b"\x1b[B")
            arrow = run.until_quiet(QUIET_SECONDS)
            peak = run.peak_kib()
        finally:
            code = run.quit()
        if code != 0:
            raise RuntimeError(f"{argv[0]} exited with {code}")
        return {"first": first * 1000, "idle": idle, "arrow": arrow, "peak": peak}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-build", action="store_true", help="use the binaries already built")
    args = parser.parse_args()
    programs = PROGRAMS
    if not args.no_build:
        # Two commands: built together, the example's dev-dependencies unify features into the
        # shared crates and target/release/nim-tui is relinked unlike a plain release build. The
        # binary is built last, alone, so that it is the one `cargo build --release` makes.
        subprocess.run(["cargo", "build", "--release", "--example", "floor"], cwd=ROOT, check=True)
        subprocess.run(["cargo", "build", "--release", "--bin", "nim-tui"], cwd=ROOT, check=True)

    results = {name: [] for name, _ in programs}
    for i in range(args.runs):
        # Alternating, so that a slow moment of the machine falls on every program alike.
        order = programs if i % 2 == 0 else programs[::-1]
        for name, argv in order:
            results[name].append(measure(argv))
        print(f"run {i + 1}/{args.runs} done", file=sys.stderr)

    med = {name: {k: statistics.median(r[k] for r in runs) for k in runs[0]} for name, runs in results.items()}
    spread = {name: {k: (min(r[k] for r in runs), max(r[k] for r in runs)) for k in runs[0]}
              for name, runs in results.items()}
    f, n, h = med["floor"], med["3-4-5"], med["huge"]

    def verdict(ok):
        return "ok" if ok else "MISSED"

    rows = [
        ("first frame (ms)", "first", "{:.1f}"),
        ("idle CPU, 3 s (ticks)", "idle", "{:.0f}"),
        ("Down arrow (bytes)", "arrow", "{:.0f}"),
        ("peak memory (KiB)", "peak", "{:.0f}"),
    ]
    print(f"\nnim-tui vs floor, {COLS}x{ROWS} pty, median of {args.runs} runs (min-max)\n")
    print(f"{'':24}{'floor':>18}{'3-4-5':>18}{'huge heaps':>18}")
    for label, key, fmt in rows:
        cells = []
        for name in ("floor", "3-4-5", "huge"):
            lo, hi = spread[name][key]
            cells.append(f"{fmt.format(med[name][key])} ({fmt.format(lo)}-{fmt.format(hi)})")
        print(f"{label:24}" + "".join(f"{c:>18}" for c in cells))

    goals = [
        ("first frame within 1.5x of floor", f"{n['first'] / f['first']:.2f}x",
         n["first"] <= 1.5 * f["first"]),
        ("idle CPU 0 ticks in 3 s", f"{n['idle']:.0f} / {h['idle']:.0f} ticks", n["idle"] == 0 and h["idle"] == 0),
        ("arrow key under 400 bytes", f"{n['arrow']:.0f} / {h['arrow']:.0f} bytes",
         n["arrow"] < 400 and h["arrow"] < 400),
        ("peak memory within 2x of floor", f"{n['peak'] / f['peak']:.2f}x / {h['peak'] / f['peak']:.2f}x",
         n["peak"] <= 2 * f["peak"] and h["peak"] <= 2 * f["peak"]),
        ("huge vs 3-4-5 first frame within 1.2x", f"{h['first'] / n['first']:.2f}x",
         h["first"] <= 1.2 * n["first"]),
    ]
    print(f"\n{'goal':42}{'measured (3-4-5 / huge)':>26}  verdict")
    for goal, measured, ok in goals:
        print(f"{goal:42}{measured:>26}  {verdict(ok)}")
    return 0 if all(ok for _, _, ok in goals) else 1


if __name__ == "__main__":
    if not shutil.which("cargo") and "--no-build" not in sys.argv:
        sys.exit("cargo not found; build first and pass --no-build")
    sys.exit(main())
