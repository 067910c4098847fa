#!/usr/bin/env python3
"""Writes scripts/startup-order.ld: where the linker puts the functions that the game runs, so
that they sit together at the front of the code.

Why: the kernel maps a program's code in pieces of 64 KiB or more around each page it runs
(fault-around, and the page cache's large folios), so a start that runs a few hundred functions
spread over the whole binary maps nearly all of it: 1.6 MB of the 1.7 MB of code, against the
0.3 MB of the floor program (examples/floor.rs). Put together, the same functions map about half.
The README's performance section has the figures, which scripts/bench-terminal.py measures.

How: the game is built with the release settings, its symbols kept and the default layout (the
`order` profile, into target/order), then run under valgrind's callgrind in a pseudo-terminal
through these sessions, in this order:

  1. `--heaps 3,4,5` to the first frame, one Down arrow, quit: as just installed, with no data,
     in a terminal that does not answer the colour query (as in scripts/bench-terminal.py); the
     same with three heaps of about 10^12 (the benchmark's "huge" board);
  2. a game with the binary view and hints to its end, a new game, quit;
  3. the start screen, quit; 4. as 1 (3-4-5): both with the data that 2 left (statistics, a
     saved game), in a terminal that answers the colour query, as most do;
  5. a first start of each other game, and of both lessons.

Every function that ran goes into the linker script by its symbol name, with what changes from
build to build (a function's hash, a crate's disambiguator, a local copy's number) left as a
wildcard: first the functions of session 1 (every start), then those that only 3 and 4 ran (some
starts), then those of the other games' and the lessons' starts, then those that only the game
ran. The C start-up code and the `.init` section go first of all. build.rs hands the script to
the linker for release builds on Linux, when a probe link shows the linker takes it.

A function renamed since the last run is laid out where the linker puts it by default, so the
script goes stale slowly and never breaks a build: run this again after a large change to what
the game runs at start, and check the gain with scripts/bench-terminal.py (NIM_TUI_NO_ORDER=1 in
the environment of `cargo build --release` builds without it, for a side-by-side figure).

Needs valgrind (Debian's package). Standard library only; Linux only.
Usage: python3 scripts/order-startup.py [--keep DIR]
"""

import argparse
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target", "order", "nim-tui")
SCRIPT = os.path.join(ROOT, "scripts", "startup-order.ld")
SECTION = ".text.nim_tui_hot"
# Under callgrind the game runs some fifty times slower: a key's answer is awaited this long.
QUIET = 1.5

# The pseudo-terminal driver of the terminal benchmark, shared rather than copied.
_spec = importlib.util.spec_from_file_location("bench_terminal", os.path.join(ROOT, "scripts", "bench-terminal.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)
bench.TIMEOUT = 120.0

START_KEYS = [b"\x1b[B"]
PLAY_KEYS = [b"b"] + [b"h", b"\r"] * 8 + [b"n", b"h"]
# (tier, home, arguments, keys, whether the terminal answers the colour query), in the order they
# run. A home is a set of data directories: the first session in it starts with none, as after
# installing; the later ones find the statistics and the saved game the play left, as on every
# later day. The tiers are laid out in the order of TIERS, each function in the first tier that
# ran it: what every start runs, then what some starts run, then the rest of a game.
SESSIONS = [
    ("start", "fresh", ["--heaps", "3,4,5", "--ai-delay", "0"], START_KEYS, False),
    ("start", "fresh huge", ["--heaps", "1000000000000,999999999999,123456789012", "--ai-delay", "0"], START_KEYS, False),
    ("play", "used", ["--heaps", "3,4,5", "--ai-delay", "0"], PLAY_KEYS, True),
    ("start again", "used", [], [], True),
    ("start again", "used", ["--heaps", "3,4,5", "--ai-delay", "0"], START_KEYS, True),
    # Each other game, and the lessons: what their starts add.
    *[("other starts", f"fresh {game}", ["--game", game, "--heaps", heaps, "--ai-delay", "0"], START_KEYS, False)
      for game, heaps in [("kayles", "5,7"), ("lasker", "3,4,5"), ("wythoff", "5,8"), ("fibonacci", "20"),
                          ("moore:2", "3,4,5"), ("subtraction:1,2,3", "10,11")]],
    ("other starts", "fresh learn", ["learn"], START_KEYS, False),
    ("other starts", "fresh grundy", ["learn", "grundy"], START_KEYS, False),
]
TIERS = ["start", "start again", "other starts", "play"]


class Terminal(bench.Run):
    """The benchmark's terminal, which can also answer the background-colour query (OSC 11) as
    most terminals do, and then the game takes another way through its start."""

    answers_colours = False

    def read(self, timeout):
        before = len(self.out)
        n = super().read(timeout)
        if n > 0 and self.answers_colours and b"\x1b]11;?" in self.out[max(0, before - 5):]:
            os.write(self.fd, b"\x1b]11;rgb:0000/0000/0000\x1b\\")
        return n


def profile(session, folder, index):
    """Runs one session under callgrind; returns the symbols of the functions that ran."""
    tier, home, args, keys, answers_colours = session
    out = os.path.join(folder, f"{index}-{tier.replace(' ', '-')}.callgrind")
    argv = ["/usr/bin/env", "valgrind", "--tool=callgrind", "--demangle=no",
            f"--callgrind-out-file={out}", f"--log-file={out}.log", BINARY, *args]
    home = os.path.join(folder, home)
    env = dict(os.environ, TERM="xterm-256color", HOME=home,
               XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_STATE_HOME=os.path.join(home, "state"))
    env.pop("NO_COLOR", None)
    # The answer goes out before the process starts reading: set on the class, not the instance.
    Terminal.answers_colours = answers_colours
    run = Terminal(argv, env)
    run.wait_for(b"Your turn" if "--heaps" in args else b"Lesson" if "learn" in args else b"Start")
    run.until_quiet(QUIET)
    for key in keys:
        os.write(run.fd, key)
        run.until_quiet(QUIET)
    # Quit from wherever the keys left it: close what is open, then leave (and confirm if asked).
    # callgrind writes its profile as the game exits, so a game that does not is an error.
    for key in (b"q", b"q", b"y", b"q", None):
        end = time.monotonic() + (bench.TIMEOUT if key is None else 0)
        while True:
            done, _ = os.waitpid(run.pid, os.WNOHANG)
            if done:
                return ran(out)
            if time.monotonic() >= end:
                break
            run.read(0.1)
        if key is not None:
            os.write(run.fd, key)
            run.until_quiet(QUIET)
    os.kill(run.pid, signal.SIGKILL)
    os.waitpid(run.pid, 0)
    sys.exit(f"order-startup: the game did not quit after session {index + 1}; no profile")


def ran(callgrind_out):
    """The symbols of this binary's functions named in a callgrind profile (callgrind names only
    the functions that ran). Its names are compressed: `fn=(7) name` once, then `fn=(7)`."""
    names, objects = {}, {}
    current_object = None
    symbols = []
    with open(callgrind_out) as f:
        for line in f:
            m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                kind, id_, name = m.groups()
                if name:
                    objects[id_] = name
                if kind == "ob":
                    current_object = objects.get(id_)
                continue
            m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                kind, id_, name = m.groups()
                if name:
                    names[id_] = name
                if kind == "fn" and current_object == BINARY:
                    symbols.append(names[id_])
    return symbols


def pattern(symbol):
    """A symbol with what changes between builds as wildcards: a legacy name's hash
    (`17h<16 hex digits>E`), a v0 name's crate disambiguators (`Cs<base 62>_`), and any suffix
    LLVM or the linker adds to a local function's name (`.llvm.<n>`, `.<n>`)."""
    symbol = re.sub(r"(\.llvm\.\d+|\.\d+)+$", "", symbol)
    symbol = re.sub(r"17h[0-9a-f]{16}E$", "17h*E", symbol)
    return re.sub(r"Cs[0-9A-Za-z]*_", "Cs*_", symbol) + "*"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", help="keep the callgrind profiles in this folder")
    args = parser.parse_args()
    for tool in ("valgrind", "cargo"):
        if not shutil.which(tool):
            sys.exit(f"order-startup: {tool} is missing")
    # Built in the default layout: valgrind takes symbols only from a section called `.text`.
    subprocess.run(["cargo", "build", "--profile", "order", "--bin", "nim-tui"], cwd=ROOT, check=True,
                   env=dict(os.environ, NIM_TUI_NO_ORDER="1"))

    folder = args.keep or tempfile.mkdtemp(prefix="nim-order-")
    os.makedirs(folder, exist_ok=True)
    tiers = {tier: [] for tier in TIERS}
    try:
        for i, session in enumerate(SESSIONS):
            tier = session[0]
            tiers[tier] += profile(session, folder, i)
            print(f"session {i + 1}/{len(SESSIONS)}: {tier} {len(set(tiers[tier]))} functions", file=sys.stderr)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)

    seen, lines = set(), []
    for tier in TIERS:
        lines.append(f"    /* {tier} */")
        for symbol in sorted(set(tiers[tier])):
            p = pattern(symbol)
            # Rust's names and C's (`round`, from the compiler's built-ins), not an address, which
            # is callgrind's name for a function without a symbol; and nothing that a linker
            # script would read as more than a name.
            if p in seen or not re.fullmatch(r"(_ZN|_R)[A-Za-z0-9_$.*]+|[A-Za-z_][A-Za-z0-9_]*\*", p):
                continue
            seen.add(p)
            lines.append(f"    *(.text.{p} .text.unlikely.{p})")
    with open(SCRIPT, "w") as f:
        f.write("/* Generated by scripts/order-startup.py; build.rs passes it to the linker. The game's\n"
                "   start-up and play functions, first, in one piece. Do not edit by hand. */\n")
        # The loader runs `.init` (and the program may call through `.plt`) at every start; by
        # default they come after all of `.text`, where each would map its cold end.
        f.write("SECTIONS\n{\n"
                "  .init : { KEEP (*(SORT_NONE(.init))) }\n"
                "  .fini : { KEEP (*(SORT_NONE(.fini))) }\n"
                "  .plt : { *(.plt) }\n"
                f"  {SECTION} : {{\n"
                # The C start-up code: `_start`, and what `.init_array` calls before `main`.
                "    *crt1.o(.text .text.*)\n    *crti.o(.text .text.*)\n    *crtbegin*.o(.text .text.*)\n"
                + "\n".join(lines) + "\n  }\n}\nINSERT BEFORE .text;\n")
    print(f"wrote {os.path.relpath(SCRIPT, ROOT)}: {len(seen)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
