# English: cli. See words.ftl for the conventions.

## solve: Nim's binary working

# The head line, before the heaps (each written after it, with a space): `Nim, normal play (whoever takes the last token wins): heaps 3 4 5`.
solve-nim-heading = Nim, { $mode } ({ $rule }): heaps
# A heap's line in the binary table.
solve-heap-label = heap { $n }
# The last line of the binary table.
solve-nim-sum-label = nim-sum
solve-nim-over-won = Every heap is empty: the game is over, and the player to move has won (the other player took the last token).
solve-nim-over-lost = Every heap is empty: the game is over, and the player to move has lost (the other player took the last token).
solve-ai-would-nim = The AI would { $move }, to make mistakes most likely.

## solve: every game

solve-no-winning-move = No winning move.
solve-wins = The player to move wins with perfect play. { $n-digits } winning { $n ->
        [one] move
       *[other] moves
    }:
solve-wins-at-least = The player to move wins with perfect play. At least { $n-digits } winning { $n ->
        [one] move
       *[other] moves
    } (too many to count them all in the time allowed):
solve-more = ... and { $rest } more (the first { $listed } are listed)
solve-more-at-least = ... and at least { $rest } more (the first { $listed } are listed)
solve-list-cut = (the list stops here, after { $listed } moves, short of what was asked: the rest are too many to list in order)
solve-loses = The player to move loses against perfect play: no winning move.
solve-why = Why: { $reason }.
solve-ai-would = The AI would { $move }.

## solve: the other games

# `Kayles, normal play (whoever knocks down the last pin wins): rows 3 4`
solve-game-heading = { $game }, { $mode } ({ $rule }): { $word }{ $n ->
        [one] {""}
       *[other] s
    } { $heaps }
solve-game-heading-first-move = { $game }, { $mode } ({ $rule }): { $word }{ $n ->
        [one] {""}
       *[other] s
    } { $heaps }, the first move
solve-game-heading-limit = { $game }, { $mode } ({ $rule }): { $word }{ $n ->
        [one] {""}
       *[other] s
    } { $heaps }, the next move takes at most { $limit }
solve-game-rule = { $rule }.
# A heap's or row's line in a table: `row 2`.
solve-item-label = { $word } { $n }
solve-grundy-value = Grundy value { $value }
solve-grundy-xor = XOR of the Grundy values: { $sum }
solve-quotient-product = Misère quotient: the rows multiply to { $product }; the losing products are { $p }
solve-note = ({ $note })
solve-moore-columns = heaps with a 1 in each binary column, from the highest: { $counts }
solve-moore-modulo = the same counts modulo { $modulus }: { $rests }
solve-moore-endgame = (misère endgame: at most { $k } heaps hold two or more, so the heaps of one decide)
solve-wythoff-pair = ({ $a }, { $b })
solve-wythoff-pairs = losing pairs (⌊kφ⌋, ⌊kφ²⌋) near these heaps: { $pairs }
solve-wythoff-partners = heap 1 ({ $first }) makes a losing pair with { $first-partner }; heap 2 ({ $second }) with { $second-partner }; the losing pair with difference { $difference } is { $pair }
solve-fibonacci-terms = heap { $heap } = { $sum } (Zeckendorf: Fibonacci numbers, no two neighbours)
solve-fibonacci-next = the next move takes 1 to { $most }
solve-fibonacci-next-first = the next move takes 1 to { $most } (anything but the whole heap)
solve-game-over-won = No move is left: the game is over, and the player to move has won (the other player made the last move).
solve-game-over-lost = No move is left: the game is over, and the player to move has lost (the other player made the last move).

## solve: positions that cannot be read (on standard error; JSON's error objects stay English)

solve-error-empty = no heaps given: write heap sizes such as '3 4 5' or '3,4,5'
solve-error-negative = '{ $word }' is negative: a heap holds a whole number of tokens from 0 to { $max }
solve-error-too-large = '{ $word }' is too large: a heap holds at most { $max } tokens
solve-error-not-a-number = '{ $word }' is not a heap size: expected a whole number from 0 to { $max }
solve-error-heap-count = { $game } is played on exactly { $heaps-digits } { $heaps ->
        [one] heap
       *[other] heaps
    }, not { $given }
solve-error-unexpected-limit = only Fibonacci Nim carries a limit on the next take
solve-error-zero-limit = a limit of 0 allows no move while tokens are left: the limit is twice the last take, at least 2
solve-error-limit = '{ $word }' is not a limit: after '/' comes the most the next move may take, a whole number from 1 to { $max }
solve-error-no-limit-here = only Fibonacci Nim has a limit (HEAP/LIMIT); { $game } is written as heaps alone
solve-error-not-utf8 = it is not UTF-8 text
solve-error-line = line { $line }: '{ $text }' is not a position: { $why }
solve-error-read = cannot read standard input: { $error }
solve-error-write = cannot write the answer: { $error }

## stats

stats-played = played
stats-won = won
stats-lost = lost
stats-assisted = assisted
stats-streak = streak
stats-best = best
stats-resigned = resigned
stats-abandoned = abandoned
stats-game = { $game }:
stats-row-normal = normal
stats-row-misere = misère
stats-total = total
stats-puzzles = puzzles: { $solved } solved of { $attempted }, streak { $streak }, best { $best }
stats-note = Assisted wins (with hints, undo, or against an AI weaker than perfect) count as wins but not in
    streaks. Resigned and abandoned games are among the losses.
stats-other-games = Kept as they are, not counted here: the figures of games this nim-tui does not play ({ $names }).
stats-other-games-more = Kept as they are, not counted here: the figures of games this nim-tui does not play ({ $names } and { $more } more).
stats-list-separator = {", "}

## paths

paths-config = config
paths-data = data
paths-state = state
paths-log = log
paths-unknown = unknown: no home directory ($HOME is not set)
paths-unusable = { $path } (unusable: { $why }; nothing is saved)
paths-config-exists = { $path } (exists)
paths-config-missing-given = { $path } (not found: nim-tui will refuse to start with it)
paths-config-missing = { $path } (not found: the built-in defaults are used)
paths-config-unreachable-given = { $path } (cannot be looked for ({ $why }): nim-tui will refuse to start with it)
paths-config-unreachable = { $path } (cannot be looked for ({ $why }): the built-in defaults are used)
paths-config-refused = { $path } (exists, but nim-tui will refuse to start with it: { $why })
paths-log-on = { $path } (on: { $variable }={ $level })
paths-log-off = { $path } (off: set { $variable }=debug to write it)

## Messages on standard error (the program's name stays as it is).
cli-warning = nim-tui: warning: { $message }
replay-cannot-read = cannot read { $name }: { $error }
replay-not-utf8 = { $name }: not a game record: not UTF-8 text
replay-standard-input = standard input
replay-record-error = { $name }: line { $line }: { $problem }
record-error-header = not a game record: the first line must be '{ $header }'
solve-error-too-many-coins = Staircase Nim holds at most { $max } coins in all, since coins moved down add to the step below; these steps hold { $total }
solve-error-heads = the heads' places are counted from 1, each written once (such as 3 5 9); { $found }
solve-euclid-division = { $larger } = { $quotient } × { $smaller } + { $remainder }
solve-euclid-above = { $larger } ÷ { $smaller } > φ ({ $larger }² − { $larger }·{ $smaller } − { $smaller }² > 0): the player to move wins
solve-euclid-below = { $larger } ÷ { $smaller } < φ ({ $larger }² − { $larger }·{ $smaller } − { $smaller }² < 0): the player to move loses, unless the numbers are equal

# `nim-tui stats`: a rating against the AI's weaker levels (#39).
stats-rating = Rating, { $rating } ({ $games ->
    [one] { $games-digits } rated game
   *[other] { $games-digits } rated games
}; rated against the AI's easy, medium and hard levels, without hints or undo)
stats-rating-puzzles = Rating, { $rating } ({ $games ->
    [one] { $games-digits } rated puzzle
   *[other] { $games-digits } rated puzzles
}; a puzzle found at the first try without the hint counts as a win against the puzzle, rated by its difficulty: easy 1000, medium 1300, hard 1600)
solve-error-board-count = Northcott's game is written as the mover (1 White, 2 Black), White's and Black's retreats plus one (1 for none), then each row's width, white square and black square: 3 + 3 × rows numbers, at least 6, not { $given }
solve-error-board-mover = Northcott's game: the first number is the mover, 1 for White or 2 for Black, not { $found }
solve-error-board-retreats = Northcott's game: the second and third numbers are White's and Black's retreats plus one (1 for none), never 0
solve-error-board-row = Northcott's game: row { $row } (width { $width }, white at { $white }, black at { $black }) needs 1 ≤ white < black ≤ width
solve-error-forest-ends = Green Hackenbush: the tree opened by 1000000000000000000 at number { $at } ends before its last branch; after it come each segment's length and its number of branches plus one, in preorder (write stalks as plain numbers)
solve-error-forest-zero = Green Hackenbush: number { $at } is 0, but a segment of a tree has at least one edge and its number of branches is written plus one
solve-error-forest-too-large = Green Hackenbush: tree { $tree } has more than { $max } edges

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
