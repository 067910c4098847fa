# The game's words in English, one file per part of the program (words, play, theory, notices, learn,
# cli, serve, plain), the same ids in every language (tests/it/i18n.rs checks it). The code asks for
# each id whole, in quotes, with its arguments (`crate::i18n::text_with`) and never glues
# sentences together.
# A count `$n` comes with `$n-digits`, every digit of it, for showing; `$n` chooses the plural.

tokens-count = { $n-digits } { $n ->
    [one] token
   *[other] tokens
}

## Lists: items joined by the separator, the last one by "and" or "or".
set-range = { $from }–{ $to }
list-separator = {", "}
list-separator-clauses = {"; "}
list-and = { $rest } and { $last }
list-or = { $rest } or { $last }

## The games' nouns, verbs and counts.
word-heap = heap
word-row = row
word-heap-number = heap { $number }
word-row-number = row { $number }
word-tokens = tokens
word-pins = pins
pins-count = { $n-digits } { $n ->
    [one] pin
   *[other] pins
}
word-take = take
word-knock-down = knock down

## How the last move is told; the conventions.
won-took-last-token = { $who } took the last token
won-knocked-down-last-pin = { $who } knocked down the last pin
won-made-last-move = { $who } made the last move
normal-play-token = whoever takes the last token wins
normal-play-pin = whoever knocks down the last pin wins
misere-play-pin = whoever knocks down the last pin loses
normal-play-move = whoever makes the last move wins
normal-play-zero = whoever makes a number 0 wins
won-made-zero = { $who } made a number 0
short-rule-token-wins = last token wins
short-rule-token-loses = last token loses
short-rule-pin-wins = last pin wins
short-rule-pin-loses = last pin loses
short-rule-move-wins = last move wins
short-rule-move-loses = last move loses
short-rule-zero-wins = making 0 wins
short-rule-zero-loses = making 0 loses
least-first-move-not-all = the first move may not take them all
least-no-move = a smaller one allows no move
convention-normal = normal play
convention-misere = misère
convention-rule-normal = whoever takes the last token wins
convention-rule-misere = whoever takes the last token loses

## Moves, as one to make (present) and as one made (past, after the player's name).
move-take = take { $amount } from heap { $heap }
move-took = took { $amount } from heap { $heap }
move-take-from-the-heap = take { $amount }
move-took-from-the-heap = took { $amount }
move-take-part = { $amount } from heap { $heap }
move-take-many = take { $list }
move-took-many = took { $list }
move-take-from-both = take { $amount } from both heaps
move-took-from-both = took { $amount } from both heaps
move-split = split heap { $heap } into { $left } and { $right }
move-split-open = split heap { $heap }, leaving { $left } in its place and the rest as a new heap
move-take-and-leave = take { $amount } from heap { $heap } and leave { $left } in it
move-took-and-left = took { $amount } from heap { $heap } and left { $left } in it
move-knock-down-pin = knock down pin { $first } of row { $row }
move-knocked-down-pin = knocked down pin { $first } of row { $row }
move-knock-down-pins = knock down pins { $first } { $run ->
    [yes] to
   *[no] and
} { $second } of row { $row }
move-knocked-down-pins = knocked down pins { $first } { $run ->
    [yes] to
   *[no] and
} { $second } of row { $row }
move-knock-down-pin-breaking = knock down pin { $first } of row { $row }, breaking it into rows of { $left } and { $rest }
move-knocked-down-pin-breaking = knocked down pin { $first } of row { $row }, breaking it into rows of { $left } and { $rest }
move-knock-down-pins-breaking = knock down pins { $first } { $run ->
    [yes] to
   *[no] and
} { $second } of row { $row }, breaking it into rows of { $left } and { $rest }
move-knocked-down-pins-breaking = knocked down pins { $first } { $run ->
    [yes] to
   *[no] and
} { $second } of row { $row }, breaking it into rows of { $left } and { $rest }
listed-take = { $amount } from heap { $heap }

## The games' names and rules. Moore's Nim_k takes $k; a subtraction game its set, as $set
## (1,2,3) and $set-spaced (1, 2, 3).
game-nim-title = Nim
game-moore-title = Moore's Nim_{ $k }
game-moore-short = Nim_{ $k }
game-subtraction-title = the subtraction game {"{"}{ $set-spaced }{"}"}
game-subtraction-menu = Subtraction {"{"}{ $set }{"}"}
game-subtraction-short = Subtraction { $set-short }
game-lasker-title = Lasker's Nim
game-lasker-short = Lasker
game-kayles-title = Kayles
game-kayles-short = Kayles
game-dawson-title = Dawson's Kayles
game-dawson-short = Dawson
game-wythoff-title = Wythoff's game
game-wythoff-short = Wythoff
game-fibonacci-title = Fibonacci Nim
game-fibonacci-short = Fibonacci
game-preset-21-short = The 21 game
game-preset-bachet-short = Bachet's game
game-rule-nim = a move takes any number of tokens from one heap
game-rule-subtraction = a move takes exactly { $amounts } tokens from one heap
game-rule-subtraction-range = a move takes from { $from } to { $to } tokens from one heap
game-rule-subtraction-run = a move takes exactly { $amounts } tokens from one heap
game-rule-fibonacci = one heap; the first move takes anything but the whole heap, then each move takes from 1 to twice what the other player just took
game-rule-moore = a move takes any number of tokens from each of one to { $k } heaps
game-rule-lasker = a move takes any number of tokens from one heap, or splits a heap into two non-empty heaps
game-rule-kayles = a move knocks down one pin or two neighbouring pins of a row, which may split it in two
game-rule-dawson = a move knocks down exactly two neighbouring pins of a row, which may split it in two
game-rule-wythoff = two heaps; a move takes any number from one heap, or the same number from both
words-level-perfect = perfect
words-level-hard = hard
words-level-medium = medium
words-level-easy = easy
words-difficulty-easy = easy
words-difficulty-medium = medium
words-difficulty-hard = hard
assist-hints = hints
assist-undo = undo
assist-weaker-ai = a weaker AI

## Misère Kayles, decided by its misère quotient: each row is worth an element (a word in a, b, c,
## d, e, f, g: rows of 1, 2, 5, 9, 12, 25 and 27 pins), and a position is lost for the player to
## move exactly when its rows' elements multiply to one of the losing elements.
quotient-over = the game is over: the other player knocked down the last pin and lost

## The lines under the board: the move being chosen, the coach, the hint.
choosing-typed = { $move } (typed { $typed })
choosing-who = { $p }: { $m }
choosing-who-typed = { $who }: { $move } (typed { $typed })
about-to-take = { $who } takes { $amount } from heap { $heap }…
about-to-move = { $p }: { $m }…
coach-missed-move = Coach: that gave the win away; the winning move was: { $moves }
coach-missed-moves = Coach: that gave the win away; the winning moves were: { $moves }
coach-missed-move-who = Coach: { $who }'s move gave the win away; the winning move was: { $moves }
coach-missed-moves-who = Coach: { $who }'s move gave the win away; the winning moves were: { $moves }
coach-kept = Coach: good move, you kept a winning position
coach-kept-who = Coach: good move, { $who } kept a winning position
coach-already-lost-who = Coach: { $who } was already lost; no move wins against perfect play
hint-label = Hint:{" "}
hint-label-losing = Hint (losing position):{" "}

## Puzzles, replays and the review.
puzzle-verdict-answer = Your answer: { $move }
puzzle-verdict-right = Right!
puzzle-verdict-right-with-hint-counted = Right, with the hint's help (counted as not solved).
puzzle-verdict-right-with-hint = Right, with the hint's help (not counted).
puzzle-verdict-try-again = Not that one: { $move } loses. Have another try.
puzzle-verdict-right-second-try = Right, on the second try!
puzzle-verdict-wrong = Not that one: { $move } loses.
puzzle-verdict-winning-move = The winning move: { $explanation }
puzzle-rated = Your puzzle rating: { $value }, { $change }. { $puzzle }
puzzle-rated-up = +{ $points }
puzzle-rated-down = −{ $points }
puzzle-rated-fixed = This puzzle is rated { $rating } ({ $difficulty }).
puzzle-rated-measured = This puzzle: { $value }, solved at the first try { $solved } { $solved ->
    [one] time
   *[other] times
} in { $tries }.
rating-puzzles = puzzles
replay-line-next-take-you = Next: { $who } take { $amount } from heap { $heap }
replay-line-next-take = Next: { $who } takes { $amount } from heap { $heap }
replay-line-next-move = Next: { $who }: { $move }
replay-line-end-how = The end of the game: { $how }
replay-line-end = The end of the game
review-line-start = The start of the game: step forward to see each move judged
review-line-move = Move { $number }: { $who } { $move }
review-line-kept = { $mark } kept a winning position
review-line-won = { $mark } won the game
review-line-missed = { $mark } gave the win away; the winning move ({ $check } on the board) was: { $moves }

## The banner and the status line.
banner-you-lose = You lose
banner-wins = { $who } wins!
banner-streak = Streak { $current } · best { $best }
banner-rematch-first = Rematch: { $who } moves first (the first move alternates)
status-game-over = Game over
status-paused = Paused
status-your-turn = Your turn
status-turn-of = { $who }'s turn
status-thinking = { $who } is thinking…
status-score = { $a } { $x } – { $y } { $b }
words-name-placeholder = {"  "}type a name

## Under a lesson's pictures.

## The board and the games' own pictures.
panel-wythoff-partner = Heap { $number }: { $size }, partner { $partner }
board-empty-heap = (empty)
board-more = { $arrow } { $count } more
board-pin-lines-shown = lines { $first } to { $last } of { $of }
board-limit-bracket = take up to { $most }
board-queen-caption = Queen: { $across } across and { $up } up from the corner +
board-queen-window = A window, cut at { $mark }: the queen is { $across } across, { $up } up

## The status line's details.
status-todays-puzzle = Today's puzzle
status-puzzle = Puzzle { $number }
status-daily-streak = daily streak { $days }
status-puzzle-details = seed { $seed } · { $difficulty } │ streak { $streak }
status-review-move = Review: move { $at } of { $of }
status-replay-move = Replay: move { $at } of { $of }
status-ai-level = AI: { $level }
status-demo-level = demo, AI: { $level }
status-two-players = two players
status-coach-on = coach on
status-assisted-short = assisted
status-assisted = assisted: { $help }

## The header over the board and the board's frame.
header-title = { $title }:{" "}
header-rule = { $r }; { $c }
frame-rows-of = Rows of { $units }
frame-heap = Heap
frame-heap-limit = Heap · { $limit }
frame-heaps = Heaps
frame-misere = · MISÈRE: { $rule }
frame-first-limit = first move: take 1 to { $most }, not all
frame-limit = take 1 to { $most }

## The move list.
moves-title = Moves
moves-start = start
moves-line = { $p }: { $m }

## Nim's binary panel.
binary-title = Binary
binary-heap-label = heap { $number }
binary-nim-sum = nim-sum
status-short-rule = {" "}({ $rule })

## What the puzzle screen promises.
puzzle-verdict-promise = Exactly one move wins here. Find it: the opponent then loses against perfect play.
puzzle-verdict-promise-last = Exactly one move wins here, and it takes the last tokens: { $game } has no puzzle with more to it.
puzzle-verdict-promise-every = { $promise } (In this game every move wins from a won position, so a puzzle has a single legal move.)

bachet-win-last = { $move }: that takes the last token, and you win

## The AI's best try from a lost position (#35): why it plays the move it plays. `{ $replies }` is
## how many winning replies the move leaves the other player; `{ $note }` is the line that
## reports the AI's move.
best-try-hardest = The hardest try: of all moves it leaves the other player the fewest winning replies ({ $replies }), and it takes as little as it can, to make the game long.
best-try-quick = With so many moves the AI does not weigh them all: its quick rule keeps a game of huge heaps short.
note-best-try = { $note }: no winning move, so it makes the game long and hard (it leaves you { $replies ->
    [one] one winning reply
   *[other] { $replies } winning replies
}, the fewest)
note-best-try-quick = { $note }: no winning move; with so many moves it plays a quick rule that keeps a game of huge heaps short
## Nim in disguise: Staircase Nim and the coin-turning games (issue #38).
word-step = step
word-head = head
word-step-number = step { $number }
word-head-number = head { $number }
word-coins = coins
coins-count = { $n-digits } { $n ->
    [one] coin
   *[other] coins
}
word-move-down = move down
word-turn = turn over
move-down = move { $amount-digits } { $amount ->
    [one] coin
   *[other] coins
} from step { $step } down to step { $below }
move-moved-down = moved { $amount-digits } { $amount ->
    [one] coin
   *[other] coins
} from step { $step } down to step { $below }
move-down-to-ground = move { $amount-digits } { $amount ->
    [one] coin
   *[other] coins
} from step 1 down to the ground
move-moved-down-to-ground = moved { $amount-digits } { $amount ->
    [one] coin
   *[other] coins
} from step 1 down to the ground
move-turn-head = turn over the head at { $head }
move-turned-head = turned over the head at { $head }
move-turn-head-and = turn over the head at { $head } and { $count ->
    [one] the coin
   *[other] the coins
} at { $others }
move-turned-head-and = turned over the head at { $head } and { $count ->
    [one] the coin
   *[other] the coins
} at { $others }
game-staircase-title = Staircase Nim
game-staircase-short = Staircase
game-turtles-title = Turning Turtles
game-turtles-short = Turtles
game-mock-turtles-title = Mock Turtles
game-mock-turtles-short = Mock Turtles
game-rule-staircase = coins stand on numbered steps; a move moves any number of coins from one step down to the step below (from step 1 to the ground, out of play)
game-rule-turtles = a row of coins, heads or tails; a move turns over one or two coins, the rightmost of them from heads to tails
game-rule-mock-turtles = a row of coins, heads or tails; a move turns over one, two or three coins, the rightmost of them from heads to tails
word-ground = ground
frame-steps = Steps
frame-coins = A row of coins
head-at-place = at { $n }
## Euclid's game.
game-euclid-title = Euclid's game
game-euclid-short = Euclid
game-rule-euclid = two numbers; a move takes a positive multiple of the smaller from the larger
# Ratings (#39): Glicko-2, one per game and mode; "provisional" while the deviation is large.
rating-value = { $rating } ± { $rd }
rating-value-provisional = { $rating }? ± { $rd } (provisional)
rating-short = { $rating }
rating-short-provisional = { $rating }?
rating-in = { $game } · { $mode }: { $value }
game-ruler-title = the ruler game
game-ruler-menu = The ruler game
game-ruler-short = Ruler
game-rule-ruler = a row of coins, heads or tails; a move turns over any run of neighbouring coins, the rightmost of them from heads to tails
move-turn-run = turn over the head at { $head } and every coin left of it down to { $left } ({ $count-digits } coins)
move-turned-run = turned over the head at { $head } and every coin left of it down to { $left } ({ $count-digits } coins)
## Octal games (`octal:CODE`). `{ $code }` is the code, such as `0.53`.
game-octal-title = the octal game { $code }
game-octal-menu = Octal game { $code }
game-octal-short = Octal { $code }
# `{ $takes }`: one `octal-rule-take` for each number of pins a move may knock down, joined by "or".
game-rule-octal = knock down { $takes }
# `{ $places }`: where, as a list of `octal-place-*` joined by "or".
octal-rule-take = { $count ->
    [one] 1 pin
   *[other] { $count-digits } pins
} ({ $places })
octal-place-whole = a whole row
octal-place-end = at an end
octal-place-inside = inside

# Northcott's game: rows of squares, a white and a black counter in each.
game-northcott-title = Northcott's game
game-northcott-short = Northcott
game-rule-northcott = rows of squares, a white and a black counter in each; slide one of yours along its row, forward or back (a retreat, of which you have a few), never over the other
word-squares = squares
squares-count = { $n-digits } { $n ->
    [one] square
   *[other] squares
}
word-slide = slide
word-white = white
word-black = black
move-slide = slide the { $colour } counter in row { $row } from { $from } to { $to }
move-slid = slid the { $colour } counter in row { $row } from { $from } to { $to }
move-slide-back = move the { $colour } counter in row { $row } back from { $from } to { $to } (a retreat)
move-slid-back = moved the { $colour } counter in row { $row } back from { $from } to { $to } (a retreat)
## Turning Corners (`corners`): heads on a grid, `(x, y)` being column x and row y, from 1.
game-corners-title = Turning Corners
game-corners-short = Corners
game-rule-corners = coins on a grid, heads or tails; a move turns over the four corners of a rectangle, the corner farthest from the top left from heads to tails
move-corners = turn over the corners from ({ $x }, { $y }) to ({ $a }, { $b })
move-turned-corners = turned over the corners from ({ $x }, { $y }) to ({ $a }, { $b })
frame-grid = A grid of coins
refused-bad-slide = the counter in row { $row-digits } cannot move to square { $to-digits }: it slides along its row without jumping or landing on the other counter, and stays on the board
refused-no-retreat = a move back spends a retreat, and you have none left
game-hackenbush-title = Green Hackenbush
game-hackenbush-short = Hackenbush
game-rule-hackenbush = trees of edges standing on the ground; cut one edge, and whatever no longer reaches the ground falls away
word-tree = tree
word-tree-number = tree { $number }
word-edges = edges
edges-count = { $n-digits } { $n ->
    [one] edge
   *[other] edges
}
word-cut = cut
frame-trees = Trees on the ground
move-cut = cut edge { $edge } of tree { $tree } ({ $falls-digits } { $falls ->
    [one] edge falls
   *[other] edges fall
})
move-cut-past = cut edge { $edge } of tree { $tree } ({ $falls-digits } { $falls ->
    [one] edge fell
   *[other] edges fell
})
refused-no-such-edge = tree { $tree-digits } has { $edges-digits } edges, so there is no edge { $edge-digits } to cut
notation-empty = no trees given: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'
notation-unexpected = '{ $found }' at character { $at } is not part of a tree: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'
notation-missing = a number of edges is missing at character { $at }: each trunk and branch is its number of edges, such as '1(2,3)'
notation-brackets = the brackets do not match: each '(' after a trunk or branch closes with a ')' after its branches, such as '1(2,3)'
notation-zero = a trunk or branch of 0 edges at character { $at }: each has at least one edge
notation-too-large = the number at character { $at } is too large: a tree has at most { $max } edges
notation-too-many = more than { $most } trunks and branches in all
notation-reopened = a second '(' at character { $at }: the branches on a trunk or branch are all in one pair of brackets, such as '3(1,2,4)'
