#!/usr/bin/env python3
"""A bot that plays Nim in the plain protocol (version 2, docs/plain-protocol.md): against
`nim-tui --plain` through a pipe, or on a classroom server over SSH as a player like any other.

    python3 examples/plain_bot.py [NIM_TUI] [--heaps 3,4,5] [--misere]
    python3 examples/plain_bot.py [--challenge NAME | --accept] --ssh [SSH ARGUMENTS...] NAME@HOST

Through a pipe it starts the game with the bot moving first. Over SSH it runs `ssh -tt` with
TERM=dumb (everything after --ssh goes to ssh, such as `-p 2222`); in the lobby it plays the AI,
challenges NAME, or waits for a challenge and accepts it; after the game it leaves. A class code
is typed for it by `sshpass -e` when SSHPASS is set. Either way it reads lines until one ends in
"Your move.", answers with a move in the game's notation ("1 2": heap 1, take 2), and computes
the nim-sum itself. Exit status: 0 if it won, 1 if it lost, 2 if the protocol surprised it.
"""
import os
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
    ssh = argv.index("--ssh") if "--ssh" in argv else None
    own, ssh_args = (argv, None) if ssh is None else (argv[:ssh], argv[ssh + 1:])
    challenge = own[own.index("--challenge") + 1] if "--challenge" in own else None
    misere = "--misere" in own
    if ssh_args is None:
        program = next((a for a in own if not a.startswith("--") and "," not in a), "nim-tui")
        heaps = own[own.index("--heaps") + 1] if "--heaps" in own else "3,4,5"
        command = [program, "--plain", "--lang", "en", "--heaps", heaps,
                   "--mode", "misere" if misere else "normal", "--first", "you", "--ai-delay", "0"]
        env = None
    else:
        command = ["ssh", "-tt", "-o", "SetEnv=LANG=C.UTF-8", *ssh_args]
        if os.environ.get("SSHPASS"):
            command = ["sshpass", "-e", *command]
        env = dict(os.environ, TERM="dumb")
    game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            encoding="utf-8", env=env)

    def send(text):
        print(">", text)
        game.stdin.write(text + "\n")
        game.stdin.flush()

    won, played, asked = None, False, False
    for line in game.stdout:
        line = line.rstrip("\r\n")
        print("<", line)
        if "last token loses" in line:
            misere = True
        if line.endswith("Your move."):
            numbers = re.match(r"(?:Heaps?|Rows?): ([\d, ]+)\.", line).group(1)
            heap, take = best_move([int(n) for n in numbers.split(", ")], misere)
            send(f"{heap} {take}")
        elif line.endswith("You win.") or line.endswith("You lose."):
            won, played = line.endswith("You win."), True
        elif line.startswith("Game over.") or line.endswith("Type y or n."):
            # A question (a saved game would be given up): no, and leave.
            send("n" if line.endswith("Type y or n.") else "q")
        elif line.startswith("Type p to play"):
            send("p")
        elif line.startswith("Lobby. Type"):
            # The server's lobby: play once, then leave.
            if played:
                send("quit")
            elif challenge and not asked:
                send(f"play {challenge}")
            elif not challenge and "--accept" not in own and not asked:
                send("ai")
            asked = True
        elif line.endswith("Type accept or decline.") and "--accept" in own:
            send("accept")
        elif line.startswith("There is nobody called") or line.endswith("declined the challenge."):
            send("quit")
    game.wait()
    return 2 if won is None or game.returncode != 0 else (0 if won else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
