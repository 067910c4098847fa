#!/usr/bin/env python3
"""A bot that plays Nim against `nim-tui --plain` through a pipe (protocol 1, docs/plain-protocol.md).

    python3 examples/plain_bot.py [NIM_TUI] [--heaps 3,4,5] [--misere]

It starts the game with the bot moving first, reads lines until one ends in "Your move.", answers
with a move in the game's notation ("1 2": heap 1, take 2), and stops at "Game over.". It computes
the nim-sum itself. Exit status: 0 if it won, 1 if it lost, 2 if the protocol surprised it.
"""
import re
import subprocess
import sys
from functools import reduce


def best_move(heaps, misere):
    """The winning move (heap from 1, amount), or taking one token when every move loses."""
    big = [h for h in heaps if h > 1]
    if misere and len(big) <= 1:
        # Misère's endgame: leave an odd number of heaps of one.
        ones = sum(1 for h in heaps if h == 1)
        if big:
            i = heaps.index(big[0])
            return i + 1, heaps[i] - (1 if ones % 2 == 0 else 0)
    nim_sum = reduce(lambda a, b: a ^ b, heaps, 0)
    for i, h in enumerate(heaps):
        if h ^ nim_sum < h:
            return i + 1, h - (h ^ nim_sum)
    i = next(i for i, h in enumerate(heaps) if h > 0)
    return i + 1, 1


def main(argv):
    program = next((a for a in argv if not a.startswith("--") and "," not in a), "nim-tui")
    heaps = argv[argv.index("--heaps") + 1] if "--heaps" in argv else "3,4,5"
    mode = "misere" if "--misere" in argv else "normal"
    command = [program, "--plain", "--lang", "en", "--heaps", heaps, "--mode", mode,
               "--first", "you", "--ai-delay", "0"]
    game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    won = None
    for line in game.stdout:
        line = line.rstrip("\n")
        print("<", line)
        if line.endswith("Your move."):
            numbers = re.match(r"(?:Heaps?|Rows?): ([\d, ]+)\.", line).group(1)
            heap, take = best_move([int(n) for n in numbers.split(", ")], mode == "misere")
            print(">", heap, take)
            game.stdin.write(f"{heap} {take}\n")
            game.stdin.flush()
        elif line.endswith("You win.") or line.endswith("You lose."):
            won = line.endswith("You win.")
        elif line.startswith("Game over.") or line.endswith("Type y or n."):
            # A question (a saved game would be given up): no, and leave.
            game.stdin.write("n\nq\n" if line.endswith("Type y or n.") else "q\n")
            game.stdin.flush()
    game.wait()
    return 2 if won is None or game.returncode != 0 else (0 if won else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
