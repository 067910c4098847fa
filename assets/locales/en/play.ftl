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

## The players' names on screen. The default names of a game between two people are data
## ("Player 1" in the config and the files); only the screen shows them in its language.

players-you = You
players-ai = AI
players-ai-1 = AI 1
players-ai-2 = AI 2
players-default-1 = Player 1
players-default-2 = Player 2

## Messages of the game.

# Who moves first, when a coin decided.
toss-you-first = Coin toss: you move first
toss-first = Coin toss: { $name } moves first
message-record-saved = Saved to { $path }
# Something could not be done on disk: `{ $problem }` says what (in English, from the system).
message-not-done = Not done: { $problem }

## How a game ended. `{ $who }` is a name as the screen shows it ("You", "AI", "Ann").

ending-misere = { $who } had to take the last token
ending-resigned = { $who } resigned
ending-left = { $who } left the game

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

## The line under the board after a move. `{ $move }` is the move in the past tense (words.ftl).

note-moved = { $who } { $move }

## The keys of the games in disguise, Northcott's game and Green Hackenbush (what each does, and
## its word on the key line), and Northcott's board.
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
