#!/usr/bin/env python3
"""The seeds' Python strategy as a `solve --json -` work-alike, to measure nim-tui against.

The strategy is the one in /work/shared/seeds (nim-mathematical-theory.txt, nim-zh.txt): the
nim-sum X = reduce(xor, heaps), and a winning move in every heap whose size shrinks when combined
with X; misère differs only when no heap of two or more would be left. It reads positions one per
line on standard input and prints the same JSON lines as `nim-tui solve --json -`.

Usage: python3 scripts/solve_seeds.py [--mode normal|misere] < positions.txt
"""

import functools
import json
import re
import sys

SPLIT = re.compile(r"[,\s]+")


def answer(heaps, misere):
    x = functools.reduce(lambda a, b: a ^ b, heaps, 0)
    big = sum(1 for h in heaps if h > 1)
    if misere and big < 2:
        ones = sum(1 for h in heaps if h == 1)
        if big == 1:
            i = next(i for i, h in enumerate(heaps) if h > 1)
            moves = [(i, heaps[i] - (1 if ones % 2 == 0 else 0))]
            outcome = "win"
        elif ones % 2 == 1:
            moves, outcome = [], "lose"
        else:
            moves, outcome = [(i, 1) for i, h in enumerate(heaps) if h == 1], "win"
    elif x == 0:
        moves, outcome = [], "lose"
    else:
        moves = [(i, h - (h ^ x)) for i, h in enumerate(heaps) if h ^ x < h]
        outcome = "win"
    return {
        "mode": "misere" if misere else "normal",
        "heaps": heaps,
        "nim_sum": x,
        "outcome": outcome,
        "moves": [{"heap": i + 1, "take": t} for i, t in moves],
    }


def main():
    misere = len(sys.argv) > 2 and sys.argv[1] == "--mode" and sys.argv[2] == "misere"
    out = sys.stdout
    for line in sys.stdin:
        words = [w for w in SPLIT.split(line) if w]
        if not words:
            continue
        out.write(json.dumps(answer([int(w) for w in words], misere), separators=(",", ":")))
        out.write("\n")


if __name__ == "__main__":
    main()
