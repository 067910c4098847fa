# English: play. See words.ftl for the conventions.

## The commands: what each does (the help) and its few words on the key line.

keys-play-again = play again
keys-new-game = new game
keys-review-every-move = review every move
keys-review = review
keys-save-the-games-record = save the game's record
keys-save-record = save record
keys-move-list = move list
keys-binary-view = binary view
keys-keys = keys
keys-quit = quit
keys-resign-counted = resign (asks first; counts as a loss)
keys-resign-not-counted = resign (asks first; games between two people are not counted)
keys-erase-a-typed-digit = erase a typed digit
keys-hint-show-best-move = hint: show and preselect the best move
keys-hint = hint
keys-undo-the-last-move-and-the = undo the last move and the reply
keys-undo = undo
keys-redo-what-was-undone = redo what was undone
keys-new-game-asks = new game (leaving this one asks first)
keys-move-list-heaps-after = move list: every move and the heaps after it
keys-move-list-rows-after = move list: every move and the rows after it
keys-moves = moves
keys-binary-view-nim-sum = binary view: heaps and nim-sum in binary
keys-binary = binary
keys-theory-view-at-work = theory view: the game's winning rule at work
keys-theory = theory
keys-coach-a-verdict-on-each-move = coach: a verdict on each move
keys-lesson-sprague-grundy = lesson: Sprague-Grundy theory (back here after)
keys-lesson-nim = lesson: Nim's theory (back here after)
keys-lessons-both = lessons: Nim, then Sprague-Grundy (back here after)
keys-quit-the-game-is-kept = quit (the game is kept)
keys-stop-the-demo-any-key = stop the demo (any key)
keys-any-key-stops = any key stops
keys-watch-another-game = watch another game
keys-again = again
keys-resume-any-other-key-too = resume (any other key too)
keys-pause-any-other-key-too = pause (any other key too)
keys-resume = resume
keys-pause = pause
keys-choose-the-heap-above = choose the heap above
keys-choose-the-heap-below = choose the heap below
keys-take-one-less = take one less
keys-take-one-more = take one more
keys-count = count
keys-take-one-token = take one token
keys-take-the-whole-heap = take the whole heap
keys-switch-the-kind-of-move = switch the kind of move
keys-switch = switch
keys-take-the-chosen-tokens = take the chosen tokens
keys-take = take
keys-choose-heap-above-keeps = choose the heap above (each heap keeps its count)
keys-choose-heap-below-keeps = choose the heap below (each heap keeps its count)
keys-take-one-less-from-this-heap = take one less from this heap (0: none from it)
keys-take-from-every-heap = take the chosen tokens from every heap with a count
keys-same-from-both-heaps-or-from = same from both heaps, or from one heap
keys-one-heap = one heap
keys-both-heaps = both heaps
keys-take-the-count-from-both-heaps = take the count from both heaps
keys-keep-one-less-in-the-heap = keep one less in the heap
keys-keep-one-more-in-the-heap = keep one more in the heap
keys-where-to-split = where to split
keys-keep-one-token = keep one token
keys-keep-all-but-one = keep all but one
keys-split-the-heap-or-take-from = split the heap, or take from it
keys-split-the-heap-there = split the heap there
keys-split = split
keys-choose-the-row-above = choose the row above
keys-choose-the-row-below = choose the row below
keys-pin-before = move along the row: the pin before
keys-pin-after = move along the row: the pin after
keys-pin = pin
keys-the-first-pin-of-the-row = the first pin of the row
keys-the-last-pin-of-the-row = the last pin of the row
keys-knock-down-one-pin-or-two = knock down one pin, or two neighbouring pins
keys-one-pin = one pin
keys-two-pins = two pins
keys-knock-down-another-number-of-pins = knock down another number of neighbouring pins (each the code allows, in turn)
keys-how-many-pins = how many pins
keys-knock-down-the-chosen-pins = knock down the chosen pins
keys-knock-down = knock down
keys-step = step
keys-one-move-back = one move back
keys-one-move-forward = one move forward
keys-to-the-start = to the start
keys-to-the-end = to the end
keys-back-to-the-end = back to the end of the game
keys-back = back
keys-back-to-the-menu = back to the menu
keys-next-puzzle = next puzzle
keys-next = next
keys-menu = menu
keys-answer-with-the-chosen-move = answer with the chosen move
keys-answer = answer
keys-puzzle-hint = hint (the puzzle then does not count)
keys-theory-view-short = theory view: the game's winning rule
keys-resume-the-saved-game = resume the saved game
keys-open-the-puzzles = open the puzzles
keys-open-the-lesson = open the lesson
keys-start-the-game = start the game
# The start menu's rows (not a row of pins).
keys-menu-row-above = choose the row above
keys-menu-row-below = choose the row below
keys-choose = choose
keys-change-the-choice = change the choice
keys-change = change
keys-change-the-choice-the-other-way = change the choice the other way
keys-open = open
keys-start = start
keys-erase-a-typed-character = erase a typed character
keys-scroll-up = scroll up
keys-scroll = scroll
keys-scroll-down = scroll down
keys-the-rules-of-the-game = the rules of the game
keys-rules = rules
keys-close-the-help = close the help
keys-close = close
keys-back-to-the-keys = back to the keys
keys-yes-or-y = yes (or y)
keys-yes = yes
keys-no-or-n = no (or n)
keys-no = no

## Every action, as the manual describes it (the man page asks for these in English).

action-up = choose the heap above
action-down = choose the heap below
action-less = take one less
action-more = take one more
action-take-one = take one token
action-take-all = take the whole heap
action-take = take the chosen tokens
action-erase = erase a typed digit
action-hint = hint: show and preselect the best move
action-new-game = new game
action-help = this help
action-quit = close / quit
action-binary = binary view: heaps and nim-sum in binary
action-coach = coach: a verdict on each of your moves
action-lesson = the lesson on the game's theory (Nim's, or Sprague-Grundy's)
action-review = after a game: review every move
action-undo = undo your last move and the AI's reply
action-redo = redo what was undone
action-history = move list: every move and the heaps after it
action-record = after a game: save its record (nim-tui replay FILE)
action-resign = resign the game (asks first; counts as a loss)
action-switch = switch the kind of move: both heaps (Wythoff), split (Lasker), two pins (Kayles)
action-tournament = on the classroom server's teacher's console: start a class tournament, or end the one running

## The players' names on screen. The default names of a game between two people are data
## ("Player 1" in the config and the files); only the screen shows them in its language.

players-you = You
players-ai = AI
players-ai-1 = AI 1
players-ai-2 = AI 2
players-default-1 = Player 1
players-default-2 = Player 2

## Questions before something that cannot be taken back.

confirm-resign-counted = Resign this game? It counts as a loss.
confirm-resign-not-counted = Resign this game? Games between two people are not counted.
confirm-abandon-counted = Leave this game for a new one? It counts as a loss.
confirm-abandon-not-counted = Leave this game for a new one? Games between two people are not counted.
confirm-puzzle-hint-run = Show the answer? This puzzle will not count: neither solved nor attempted.
confirm-puzzle-hint-daily = Show the answer? Today's puzzle then counts as not solved.
confirm-replace-saved-counted = Start a new game? The saved game is given up and counts as a loss.
confirm-replace-saved-not-counted = Start a new game? The saved game is given up (games between two people are not counted).
# The keys that answer a question: `{ $yes }` and `{ $no }` are keys (Enter, Esc).
confirm-keys = { $yes } or y: yes · { $no } or n: no

## Messages of the game.

# Who moves first, when a coin decided.
toss-you-first = Coin toss: you move first
toss-first = Coin toss: { $name } moves first
message-record-saved = Saved to { $path }
# Something could not be done on disk: `{ $problem }` says what (in English, from the system).
message-not-done = Not done: { $problem }
# A typed count larger than the heap.
refused-heap-holds = Heap { $heap-digits } holds { $n-digits } { $n ->
    [one] token
   *[other] tokens
}

## How a game ended. `{ $who }` is a name as the screen shows it ("You", "AI", "Ann").

ending-misere = { $who } had to take the last token
ending-resigned = { $who } resigned
ending-left = { $who } left the game

## The start screen: why what was typed cannot start a game.

# The rule beside a preset game: `{ $rule }` is the game's rule (words.ftl).
start-preset-rule = one heap of { $n-digits }: { $rule }
start-name-empty = Player { $player-digits }: a name cannot be empty
start-name-no-width = Player { $player-digits }: the name '{ $name }' starts with a character of no width
# `{ $reason }`: the check's own words, in English.
start-name-refused = Player { $player-digits }: { $reason }
start-heaps-none = no heaps given: write heap sizes such as '3 4 5' or '3,4,5'
start-heaps-negative = '{ $word }' is negative: a heap holds a whole number of tokens from 0 to { $most }
start-heaps-too-large-number = '{ $word }' is too large: a heap holds at most { $most } tokens
start-heaps-not-a-number = '{ $word }' is not a heap size: expected a whole number from 0 to { $most }
start-heaps-too-many = { $n-digits } heaps is too many: a game has 1 to { $most-digits } heaps
start-heaps-empty-heap = heap { $heap-digits } is empty: every heap starts with 1 to 10^18 tokens
start-heaps-too-large = heap { $heap-digits } has { $n-digits } tokens: a heap starts with at most 10^18 tokens
start-heaps-random = random heaps: { $reason }
start-heaps-not-a-preset = '{ $text }' is neither heaps nor a preset: write heaps such as '3 4 5', '3,4,5' or '3-4-5', or a preset: 3-4-5, marienbad, 1-3-5-7-9 or random
start-heaps-double-dash = '{ $text }': heaps are separated by one '-', ',' or space
# A game played on a set number of heaps. `{ $game }` is its title, capitalised; `{ $name }` its
# name on the menu; `{ $word }` heap or row.
start-heaps-played-on = { $game } is played on { $n ->
    [one] one { $word }
   *[other] { $n-digits } { $word }s
}, not { $given-digits }
start-heaps-most = { $word } { $heap-digits } holds { $size-digits }: { $game } starts with { $word }s of at most { $most-digits }, since a move takes at most { $take-digits }
# `{ $units }` tokens or pins; `{ $heaps }` is `one` for a game of one heap; `{ $why }` words.ftl's reason.
start-heaps-least = { $game } starts with at least { $least-digits } { $units }{ $heaps ->
    [one] {""}
   *[each] {" "}in each { $word }
}: { $why }


## The start screen.

start-title = New game
start-more = { $arrow } { $count } more
# A notice from outside the menu (a data file moved aside), in English from the system.
start-note = Note: { $note }
start-row-game = Game
start-row-mode = Mode
start-row-heaps = Heaps
start-row-first = First move
start-row-level = AI level
start-row-opponent = Opponent
start-mode-normal = Normal play
start-mode-misere = Misère
start-mode-normal-only = normal play only (no misère form)
# What preset heaps become in a game played on other heaps; `{ $arrow }` is an arrow glyph.
start-heaps-fitted = { $arrow } here: { $heaps }
start-northcott-board = gaps { $gaps } in rows of { $widths } squares, { $retreats } retreats each
start-heaps-marienbad = Marienbad 1 3 5 7
start-heaps-random-choice = Random
start-random-ranges = { $fewest-digits } to { $most-digits } heaps of { $least-digits } to { $largest-digits }
start-random-one-heap = , { $arrow } here: one heap of their sum
start-random-first = , { $arrow } here: the first { $n-digits }
start-random-at-most = , { $arrow } here: at most { $n-digits } each
start-heaps-custom = Custom:
start-heaps-custom-empty = type heaps (2 5 7) or a preset (marienbad)
start-first-random = Random (a coin toss)
start-first-coin-toss = Coin toss
start-level-perfect = perfect
start-level-hard = hard
start-level-medium = medium
start-level-easy = easy
start-level-perfect-note = never makes a mistake
start-level-hard-note = a random move 10% of the time
start-level-medium-note = a random move 30% of the time
start-level-easy-note = a random move 60% of the time
start-opponent-human = Human
start-opponent-human-note = two players at one keyboard
start-resume = Resume
start-resume-turn-of = { $name }'s turn
start-resume-your-turn = your turn
start-resume-ai-turn = AI to move
# The game left unfinished: its mode, heaps and whose turn it is; the game is named when it is
# not Nim (`{ $game }` its title, `{ $name }` its name on the menu).
start-resume-details = { $mode }: heaps { $heaps }, { $turn }
start-resume-game-details = { $game }, { $mode }: heaps { $heaps }, { $turn }
start-start = Start
start-puzzles = Puzzles
start-puzzles-note = find the one winning move
start-learn = Learn
start-learn-nim-note = how to win at Nim, step by step
start-learn-sprague-grundy-note = Grundy values: Kayles, subtraction games
# The record of the game chosen, under the menu.
start-stats-game-normal = { $game } normal
start-stats-game-misere = { $game } misère
start-stats = { $played-digits } played · { $won-digits } won · { $lost-digits } lost · streak { $streak-digits } (best { $best-digits })
start-stats-short = { $played-digits } played · { $won-digits } won · { $lost-digits } lost
# A command with no key bound to it.
keys-unbound = (unbound)
# The arrow keys by name, where the glyphs name them (ASCII, and CJK terminals, which draw the arrows two columns wide).
key-name-up = Up
key-name-down = Down
key-name-left = Left
key-name-right = Right

## The help, the rules page, and the screen that does not fit.

help-title = Keys
# `{ $rules }` and `{ $close }` are keys.
help-footer = { $rules } rules · { $close } closes
help-more = ↓ { $n-digits } more
help-digits = type the count (for huge heaps)
help-mouse = mouse
help-mouse-click = click a token: choose it and all after it; click again to take
help-digits-pin = type a pin's number: the first pin knocked down
help-mouse-click-pin = click a pin: choose it; click again to knock it down
help-ctrl-c = quit at once
rules-title = Rules
rules-footer = { $keys } keys · { $close } closes
small-enlarge = Enlarge the terminal
small-sizes = need { $width }×{ $height }, have { $columns }×{ $rows }
small-quits = { $key } quits

## Why the move chosen cannot be played (the engine's reasons, for the moves a screen can choose).

refused-take-nothing = a move takes at least one token
refused-too-many = heap { $heap-digits } holds { $holds-digits } tokens, so { $take-digits } cannot be taken from it
refused-too-many-heaps = a move takes from at most { $most-digits } heaps at once
# `{ $allowed }`: the amounts in words (`1, 2 or 3`); `{ $list }` the same as `1/2/3`.
refused-not-in-set = { $take-digits } is not in the subtraction set: a move takes exactly { $allowed } tokens
refused-over-limit = at most { $limit-digits } tokens can be taken now (twice what the other player just took), not { $take-digits }
refused-whole-heap-first = the first move cannot take the whole heap
refused-uneven = a move on both heaps takes the same number from each
refused-bad-split = heap { $heap-digits } holds { $holds-digits } tokens: a split leaves two heaps of at least one, so { $left-digits } cannot stay
# `{ $one }`: `yes` where a move may knock down one pin or two, `no` where exactly two.
refused-pin-count = a move knocks down { $one ->
    [yes] one pin or two neighbouring pins
   *[no] two neighbouring pins
}, not { $count-digits }

## The line under the board after a move. `{ $move }` is the move in the past tense (words.ftl).

note-moved = { $who } { $move }

## Warnings about the game's own files (statistics, the saved game, the lesson's progress), shown
## at the top of the start screen and printed on leaving. `{ $file }` and `{ $dir }` are paths;
## `{ $reason }`, `{ $why }` and `{ $error }` the problem as found (a parser's words); `{ $then }`
## is what the game does instead (store-fresh-statistics, store-no-game-resumed).
store-data-unusable = { $dir } cannot hold nim-tui's files ({ $why }): statistics, records and lesson progress are not saved
store-state-unusable = { $dir } cannot hold nim-tui's files ({ $why }): an unfinished game is not saved
store-fresh-statistics = fresh statistics are used
store-no-game-resumed = no saved game is resumed
store-kept = { $file }: { $reason }; it is left as it is, { $then } and it will not be overwritten
store-moved-aside = { $file } could not be read ({ $reason }); it was moved to { $new } and { $then }
store-not-moved = { $file } could not be read ({ $reason }) and could not be moved aside ({ $error }); { $then } and it will not be overwritten
store-lesson-kept = the lesson starts from the beginning: { $file } cannot be used: { $why }; it is left as it is and it will not be overwritten
store-lesson-bad = the lesson starts from the beginning: { $file } cannot be used: { $why }
store-not-json = not valid JSON: { $error }

## A second window on the same home (#35), told at once. `{ $pid }` is the other window's process id.
other-window = Another nim-tui window (process { $pid }) is open on this home. Neither window overwrites the other's unfinished game: if both leave one, the second to close keeps its own as a record.
other-window-unknown = Another nim-tui window is open on this home. Neither window overwrites the other's unfinished game: if both leave one, the second to close keeps its own as a record.
keys-choose-the-head-before = choose the head before
keys-choose-the-head-after = choose the head after
keys-coin-before = the other coin: one place to the left
keys-coin-after = the other coin: one place to the right
keys-coin = coin
keys-the-head-alone = turn the head alone
keys-the-coin-next-to-the-head = the coin next to the head
keys-keep-this-coin-choose-a-third = keep this coin and choose a third, or turn two coins again
keys-two-coins = two coins
keys-three-coins = three coins
keys-turn-the-chosen-coins = turn over the chosen coins
keys-turn-over = turn over
keys-corner-before = the opposite corner: one square back (left, or the row above's end)
keys-corner-after = the opposite corner: one square on (right, or the next row's start)
keys-corner = corner
keys-the-top-left-corner = the top-left corner (the largest rectangle)
keys-the-corner-next-to-the-head = the corner next to the head (the smallest square)
keys-turn-the-four-corners = turn over the rectangle's four corners
keys-choose-the-step-below = choose the step below
keys-choose-the-step-above = choose the step above
keys-move-one-coin-less = move one coin fewer
keys-move-one-coin-more = move one coin more
keys-move-one-coin = move one coin
keys-move-every-coin-of-the-step = move every coin of the step
keys-move-the-chosen-coins-down = move the chosen coins down a step
keys-move-down = move down
refused-not-multiple = { $take } cannot be taken from number { $number }: a move takes a multiple of the other number, { $other }, from the larger
# An octal game's move its code forbids. `{ $code }` is the code; `{ $places }` where that many
# may fall (`octal-place-*` in words.ftl, joined by "or").
refused-octal-count = the code { $code } allows no move that knocks down { $count ->
    [one] one pin
   *[other] { $count-digits } pins
}
refused-octal-place = the code { $code } lets { $count ->
    [one] one pin
   *[other] { $count-digits } neighbouring pins
} fall only so: { $places }
keys-square-left = move along the row: the square to the left
keys-square-right = move along the row: the square to the right
keys-square = square
keys-the-leftmost-square = the leftmost square the counter reaches
keys-the-rightmost-square = the rightmost square the counter reaches
keys-slide-the-counter = slide your counter to the chosen square
keys-slide = slide
board-retreats = retreats: White { $white-digits }, Black { $black-digits }
board-to-move-white = White to move
board-to-move-black = Black to move
keys-choose-the-tree-before = choose the tree before
keys-choose-the-tree-after = choose the tree after
keys-edge-before = the edge before (down the trunk, back along the branches)
keys-edge-after = the edge after (up the trunk, then up each branch)
keys-edge = edge
keys-the-trunk-s-lowest-edge = the trunk's lowest edge (the whole tree falls)
keys-the-last-edge = the tree's last edge
keys-cut-the-chosen-edge = cut the chosen edge
keys-cut = cut
