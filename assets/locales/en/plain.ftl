# The plain mode (`--plain`, TERM=dumb, ACCESSIBLE=1): the game as lines of text for screen
# readers and programs. One announcement a line; the English lines are the contract written in
# docs/plain-protocol.md, so a change here is a change of the protocol.

plain-hello = nim-tui plain mode, protocol { $version-digits }. Type help for the commands.
plain-sentence = { $text }.
plain-list-separator = {", "}

## The position and whose move it is
plain-heaps = { $count ->
    [one] Heap: { $heaps }.
   *[other] Heaps: { $heaps }.
}
plain-rows = { $count ->
    [one] Row: { $heaps }.
   *[other] Rows: { $heaps }.
}
plain-steps = Coins on steps 1 up: { $heaps }.
plain-heads = { $count ->
    [one] Head at: { $heaps }.
   *[other] Heads at: { $heaps }.
}
plain-limit = { $position } Take at most { $limit-digits }.
plain-your-move = { $position } Your move.
plain-turn-of = { $position } { $name } to move.
plain-ai-to-move = { $position } { $name } to move.
plain-your-answer = { $position } Your answer.
plain-heading = { $title }: { $rule }.

## The end of a game
plain-you-win = { $why } You win.
plain-you-lose = { $why } You lose.
plain-wins = { $why } { $name } wins.
plain-over-prompt = Game over. Type a to play again, m for the menu, s to save the record, or q to quit.
plain-over-demo = Game over. Type a for another game, or q to quit.

## The teaching view, one heap a line
plain-binary-heap = { $heap }: { $size-digits }, binary { $binary }
plain-nim-sum = Nim-sum: { $sum-digits }, binary { $binary }
plain-grundy-heap = { $heap }: { $size-digits }, Grundy value { $value }
plain-grundy-sum = XOR of the Grundy values: { $sum }
plain-quotient-row = { $heap }: { $size-digits }, element { $element } of the misère quotient
plain-quotient-product = The rows multiply to { $product }
plain-zeckendorf = Heap { $heap-digits } = { $terms }
plain-view = { $on ->
    [yes] View on: its lines follow each position.
   *[other] View off.
}
plain-coach = { $on ->
    [yes] Coach on: a verdict after each of your moves.
   *[other] Coach off.
}

## Examples of a move, in each game's shape
plain-example-one = 1 2 (take 2 from heap 1)
plain-example-several = 1 2, 3 1 (take 2 from heap 1 and 1 from heap 3)
plain-example-both = 1 2 (take 2 from heap 1) or both 3 (take 3 from both heaps)
plain-example-split = 1 2 (take 2 from heap 1) or 2 split 3 (split heap 2, leaving 3 in it)
plain-example-pins = 1 pin 3 (knock down pin 3 of row 1) or 1 pins 3 4 (pins 3 and 4)
plain-example-two-pins = 1 pins 3 4 (knock down pins 3 and 4 of row 1)
plain-example-pin-run = 1 pins 3 4 5 (knock down pins 3, 4 and 5 of row 1), or 1 pin 3 for one pin: as many neighbouring pins as the code allows
plain-example-turn = 9 4 (turn over the head at 9 and the coin at 4)

## The menu
plain-menu-title = Start menu.
plain-menu-saved = A game you left unfinished is saved.
plain-menu-prompt = { $saved ->
    [yes] Type p to play { $game }, r to resume the saved game, puzzles, learn, or q to quit.
   *[other] Type p to play { $game }, puzzles, learn, or q to quit.
}
plain-question = { $question } Type y or n.
plain-yes-or-no = Please type y for yes or n for no.

## Puzzles
plain-puzzle-heading = Puzzle { $number-digits }, seed { $seed }: { $game }.
plain-puzzle-daily = Today's puzzle: { $game }.
plain-puzzle-next = { $leave ->
    [menu] Type n for the next puzzle, or q for the menu.
   *[other] Type n for the next puzzle, or q to quit.
}

## Lessons
plain-lesson-heading = { $course }, step { $step-digits } of { $steps-digits }: { $title }.
plain-lesson-example = Example, position { $at-digits } of { $of-digits }: { $position }
plain-grundy-table = Grundy values of heaps 0 to { $upto-digits }: { $values }.
plain-lesson-replay = The example game: type f for its next position, rewind for the one before.
plain-lesson-try-again = Not quite. Try once more.
plain-lesson-answer = { $words ->
    [yes] Your answer: type win or lose. Or n for the next step, q to quit.
   *[other] Your answer: type it. Or n for the next step, q to quit.
}
plain-lesson-prompt = { $last ->
    [yes] { $play ->
        [yes] This is the last step. Type p to play this position, back for the step before, or q to quit.
       *[other] This is the last step. Type back for the step before, or q to quit.
    }
   *[other] { $play ->
        [yes] Type n for the next step, p to play this position, back for the step before, or q to quit.
       *[other] Type n for the next step, back for the step before, or q to quit.
    }
}

## Help, one command a line
plain-help-move = A move: { $example }; or in words, such as take 2 from 1.
plain-help-answer = Your answer is a move: { $example }.
plain-help-hint = h or hint: the best move and why.
plain-help-puzzle-hint = h or hint: show the answer (the puzzle then does not count).
plain-help-undo = u or undo: take back your last move; redo plays it again.
plain-help-view = b or binary: the teaching view after each position; c or coach: a verdict on each move.
plain-help-resign = resign: give up this game; m or menu: leave it for the menu.
plain-help-look = An empty line or l: the position again.
plain-help-quit-kept = q or quit: stop; the game is kept for next time.
plain-help-quit = q or quit: leave.
plain-help-over = a or again: another game; m or menu: the menu; s or save: save the game's record.
plain-help-menu = p or play: a game; r or resume: the saved game; puzzles; learn.
plain-help-lesson = Type your answer; n or next: the next step; back: the step before; lesson: the other lesson.
plain-help-lesson-replay = f or forward: the example's next position; rewind: the one before.
plain-help-lesson-play = p or play: play the step's position against the AI.

## Lines that are not understood, and other answers of the door
plain-not-understood-move = Not understood: { $line }. Type a move such as { $example }, or help for the commands.
plain-not-understood = Not understood: { $line }. Type help for the commands.
plain-too-long = That line is longer than { $max-digits } characters and was ignored.
plain-not-utf8 = That line is not UTF-8 text and was ignored.
plain-not-your-turn = It is not your move yet.
plain-cannot-choose = That move cannot be chosen here.
plain-nothing-to-undo = There is no move of yours to take back.
plain-nothing-to-redo = There is nothing to redo.
plain-no-heap = There is no { $name }: { $count ->
    [one] there is only one.
   *[other] they are numbered 1 to { $count-digits }.
}
plain-undone = Taken back.
plain-no-review = The review of a game is not in the plain mode. Type q to leave it.
plain-no-replay = replay has no plain mode: a record is a text file already, one move a line (see `nim-tui replay --help`)

## The classroom server's plain door (ssh with TERM=dumb, ssh -T, the browser's plain page)
plain-lobby-heading = Lobby of the class server. You are { $me }.
plain-lobby-person = { $name }: { $at }.
plain-lobby-alone = Nobody else is here yet.
plain-lobby-left = { $name } left.
plain-lobby-activity = { $paused ->
    [yes] Class activity { $activity }, position { $position }: paused by the teacher.
   *[other] Class activity { $activity } in progress: position { $position }.
}
plain-lobby-prompt = Lobby. Type ai to play the AI, play and a name to challenge someone, watch and a name, who, standings, help, or quit.
plain-lobby-challenged = { $name } challenges you to a game. Type accept or decline.
plain-lobby-no-challenge = Nobody has challenged you.
plain-lobby-nobody = There is nobody called { $name } here. Type who for the list.
plain-lobby-yourself = That is you: name someone else.
plain-serve-over = Game over. Type q to go back to the lobby.
plain-serve-leave = Leave this game? It counts as a loss. Type y or n.
plain-serve-only-leave = You cannot move here. Type q to go back to the lobby.
plain-serve-idle = Nothing typed for a while: type something within { $seconds-digits } seconds to stay connected.
plain-serve-bye = Goodbye.
plain-help-serve-leave = q or quit: back to the lobby.
plain-help-lobby-ai = ai: a game against the AI (its start menu first).
plain-help-lobby-play = play NAME or challenge NAME: challenge someone in the lobby.
plain-help-lobby-watch = watch NAME or w NAME: watch someone's game.
plain-help-lobby-answer = accept or decline: answer a challenge.
plain-help-lobby-who = who, l or an empty line: who is here, again.
plain-help-lobby-standings = standings: the leaderboards.
plain-help-lobby-quit = q or quit: leave the server.

## The start menu's settings, typed
plain-menu-game = Chosen: { $game }.
plain-menu-heaps = Heaps chosen: { $heaps }. They are checked when the game starts.
plain-menu-no-game = There is no game called { $name }. The games: { $names }.
plain-menu-no-misere = { $game } has no misère form: it is played in normal play.
plain-help-menu-settings = game NAME, heaps 3 4 5, misere or normal: change the game, the heaps or the convention.
plain-euclid = { $larger } = { $quotient } × { $smaller } + { $remainder }
plain-example-slide = 2 to 7 (slide your counter in row 2 to square 7)
plain-example-corners = 5 4 2 1 (turn over the corners of the rectangle from the head at column 5, row 4 to column 2, row 1)
plain-board-row = row { $row-digits }: { $width-digits } squares, white at { $white-digits }, black at { $black-digits }, gap { $gap-digits }
plain-row-separator = {"; "}
plain-board = { $rows }. { $mover }; retreats left: White { $white-digits }, Black { $black-digits }.
plain-board-after = { $position } { $board }
plain-trees = { $count ->
    [one] Tree: { $heaps }.
   *[other] Trees: { $heaps }.
}
plain-example-cut = 2 cut 3 (cut edge 3 of tree 2; a tree's edges are counted up its trunk, then up each branch in turn)
