# The game's words in English, one file per part of the program (words, play, learn, cli, serve),
# the same ids in every language (tests/it/i18n.rs checks it). The code asks for each id whole,
# in quotes, with its arguments (`crate::i18n::text_with`) and never glues sentences together.
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

## Why a Nim move is best (`solve` and the hint).
reason-nim-sum = { $move }: { $from } ⊕ { $nim-sum } = { $to } < { $from }, which leaves a nim-sum of 0
reason-misere-endgame = { $move }: misère endgame, only heaps of one would be left, so leave an odd number of them ({ $ones })
reason-losing-endgame = no winning move: an odd number of heaps of one is left, so whoever moves takes the last token in the end; { $move } and hope for a mistake
reason-losing = no winning move: the nim-sum is 0, so every move loses against perfect play; { $move } and hope for a mistake
reason-over-other-lost = the game is over: the other player took the last token and lost
reason-over-other-won = the game is over: the other player took the last token and won
loss-endgame = an odd number of heaps of one is left and no heap holds two or more, so the heaps of one are taken one at a time and whoever moves now takes the last token
loss-nim-sum = the nim-sum is 0, and every move leaves a nim-sum that is not 0, which the opponent can always bring back to 0
teach-sum-listed = nim-sum { $heaps } = { $sum }
teach-sum-all = nim-sum of the heaps = { $sum }
teach-nim-sum = { $sum }; heap { $heap } becomes { $from } ⊕ { $nim-sum } = { $to }, so { $move }: that leaves a nim-sum of 0
teach-misere-endgame = misère endgame: after this move no heap holds two or more, so the normal rule no longer applies; leave an odd number of heaps of one ({ $ones }) and the opponent must take the last token: { $move }, leaving { $to }
teach-lost-endgame = this position is lost: an odd number of heaps of one is left, so whoever moves takes the last token in the end; { $move } and hope for a mistake
teach-lost = this position is lost: { $sum }, and every move from a nim-sum of 0 leaves one that is not 0, which the opponent can always bring back to 0; { $move } and hope for a mistake
working-nim-sum = heap { $heap }: { $from } ⊕ { $nim-sum } = { $to }, take { $take }
working-endgame = heap { $heap }: { $from } → { $to }, take { $take }: leaves { $ones ->
    [one] 1 heap
   *[other] { $ones-digits } heaps
} of one (odd)

## The teaching panels.
panel-endgame-move = Misère endgame: only heaps of one would be left, so leave an odd number of them.
panel-endgame-move-working = Misère endgame: only heaps of one would be left, so leave an odd number of them. { $working }
panel-endgame-lost = Misère endgame: an odd number of heaps of one is left; every move loses
panel-zero-every-move = nim-sum 0: every move leaves a nim-sum that is not 0
panel-endgame-aim = Misère endgame: no heap of two or more would be left; aim for an odd number of heaps of one
panel-nim-sum-zero = nim-sum 0: the player to move loses against perfect play
panel-nim-sum-not-zero = nim-sum not 0: a move to nim-sum 0 wins
panel-can-win = The player to move can win: { $key } shows how
panel-loses = The player to move loses against perfect play
panel-sprague-grundy = Sprague-Grundy: each { $heap } plays as a Nim heap of its value g; XOR 0 loses
panel-wythoff-partner = Heap { $number }: { $size }, partner { $partner }

## Why another game's best move is best (the hint).
moore-endgame-win = misère endgame: after this move no heap holds two or more, so leave a number of heaps of one that is 1 more than a multiple of { $m } ({ $ones }): the opponent then takes the last token in the end; { $move }
moore-endgame-lost = this position is lost: { $ones ->
    [one] 1 heap
   *[other] { $ones-digits } heaps
} of one is 1 more than a multiple of { $m }, and whatever you take (1 to { $k }), the opponent can bring it back there; { $move } and hope for a mistake
moore-columns = count the heaps with a 1 in each binary column: the player to move loses when every count is a multiple of { $m }; the { $column } column has { $count } ({ $rest } more than a multiple of { $m }), so { $move }: every column then holds a multiple of { $m }
moore-lost = this position is lost: every binary column holds a multiple of { $m } ones, and a move on 1 to { $k } heaps changes some column by 1 to { $k }, which the opponent can always set right; { $move } and hope for a mistake
moore-place = { $value }s
moore-place-power = 2^{ $power }s
fibonacci-allowed-first = the first move may take up to { $most } (anything but the whole heap)
fibonacci-allowed = you may take up to { $most } (twice the last take)
fibonacci-win = in Zeckendorf form { $n } = { $sum }; the smallest term is { $smallest } and { $allowed }: take { $take }, and the opponent, allowed at most { $next }, cannot take the smallest term of what is left
fibonacci-lost = this position is lost: in Zeckendorf form { $n } = { $sum }, and its smallest term { $smallest } is more than { $allowed }; whatever you take, the opponent can take the smallest term of what is left; take { $take } and hope for a mistake
wythoff-how-both = taking the same from both keeps the difference { $difference }, and the losing pair with that difference is ({ $a }, { $b })
wythoff-how-one = the losing pair with { $other } is ({ $a }, { $b })
wythoff-win = the losing pairs are (⌊kφ⌋, ⌊kφ²⌋): (0, 0), (1, 2), (3, 5), (4, 7), (6, 10)...; { $how }: { $move }, leaving ({ $x }, { $y }), a losing pair
wythoff-lost = this position is lost: ({ $x }, { $y }) is a losing pair, and every move from a losing pair leaves one that is not, from which the opponent can reach a smaller losing pair; { $move } and hope for a mistake
grundy-listed = Grundy values { $values } = { $sum }
grundy-xor-heaps = the XOR of the heaps' Grundy values is { $sum }
grundy-xor-rows = the XOR of the rows' Grundy values is { $sum }
grundy-over = the game is over: the other player made the last move and won
grundy-win = { $listed }; { $heap } is worth { $from }, and { $from } ⊕ { $sum } = { $to }: { $move }, and it is then worth { $to }, which leaves an XOR of 0
grundy-win-split = { $listed }; { $heap } is worth { $from }, and { $from } ⊕ { $sum } = { $to }: { $move }, and what it leaves is worth { $to }, which leaves an XOR of 0
grundy-lost = this position is lost: { $listed }, and every move changes one { $word }'s value, leaving an XOR that is not 0, which the opponent can bring back to 0; { $move } and hope for a mistake

## Misère Kayles, decided by its misère quotient: each row is worth an element (a word in a, b, c,
## d, e, f, g: rows of 1, 2, 5, 9, 12, 25 and 27 pins), and a position is lost for the player to
## move exactly when its rows' elements multiply to one of the losing elements.
quotient-over = the game is over: the other player knocked down the last pin and lost
quotient-win = in misère Kayles every row is worth an element of the misère quotient, and the player to move loses exactly when the rows multiply to a losing element ({ $p }); here they multiply to { $product }, which is not one: { $row } is worth { $from }; { $move }, and what is left of it is worth { $to }, so the rows multiply to { $after }, a losing element for the other player
quotient-lost = this position is lost: the rows multiply to { $product }, a losing element of the misère quotient ({ $p }), and every move leaves a product that is not one; { $move } and hope for a mistake
grundy-pattern-periodic = Grundy values repeat every { $period } from { $word } { $from } on: a { $word } of n is worth what one of n - { $period } is
grundy-pattern-periodic-rows = Grundy values repeat every { $period } from { $word } { $from } on: a { $word } of n is worth what one of n - { $period } is
grundy-pattern-lasker = Grundy values follow a pattern of period 4: a heap of 4k+1 or 4k+2 is worth itself, 4k+3 is worth 4k+4 and 4k+4 is worth 4k+3

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
coach-already-lost = Coach: the position was already lost, no move wins against perfect play
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
review-line-already-lost = already lost: no move wins against perfect play
review-line-missed = { $mark } gave the win away; the winning move ({ $check } on the board) was: { $moves }

## The banner and the status line.
banner-you-win = You win!
banner-you-lose = You lose
banner-wins = { $who } wins!
banner-assisted-win = Assisted win ({ $help }): not counted in streaks
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

## The theory panel (games other than Nim).
theory-moore-title = Nim_{ $k }: columns mod { $modulus }
theory-grundy-title = Grundy values
theory-wythoff-title = Losing pairs
theory-fibonacci-title = Zeckendorf
theory-heap-label = heap { $number }
theory-ones = ones
theory-mod = mod { $modulus }
theory-moore-endgame = Misère endgame: at most K heaps of two or more are left
theory-moore-rule = Every column 0 mod { $modulus }: the mover loses
theory-xor = XOR
theory-grundy-best = Best: { $heap }, g { $from } to { $to }, XOR 0
theory-grundy-table = Table (n:g) { $table }
theory-quotient-title = Misère quotient
theory-quotient-product = Product
theory-quotient-losing = Losing products: { $p }
theory-quotient-best = Best: { $row }, { $from } to { $to }, product { $after }
theory-quotient-generators = a, b, c, d, e, f, g are rows of 1, 2, 5, 9, 12, 25, 27; a row's element repeats every 12 pins from 71 on
theory-wythoff-same-difference = Same difference ({ $difference }): ({ $x }, { $y })
theory-wythoff-near = Losing pairs near: { $pairs }
theory-wythoff-pair-n = Pair n is (⌊nφ⌋, ⌊nφ²⌋); leave one to win
theory-fibonacci-first = First move: take 1 to { $most } (not the whole heap)
theory-fibonacci-most = This move may take 1 to { $most }
theory-fibonacci-heap = Heap { $heap } = { $terms }
theory-fibonacci-smallest = Smallest term: { $smallest }
theory-fibonacci-wins = Taking the smallest term, when allowed, wins

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

# The 21 game and Bachet's game (take 1 to k from one heap): the rule in a child's words.
bachet-win = { $move }: that leaves { $left }, a multiple of { $m }. Then, whatever the other player takes, take what makes it up to { $m }, and the last token is yours
bachet-win-last = { $move }: that takes the last token, and you win
bachet-lost = no winning move: { $n } is already a multiple of { $m }, so whatever you take, the other player can leave a multiple of { $m } again. Best try: { $move }, the least you can take, which keeps the game going longest, and hope for a mistake

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
grundy-pattern-staircase = Nim in disguise: the odd steps are Nim heaps, and the even steps count for nothing, since coins moved onto an odd step can be moved on at once
grundy-pattern-turtles = Nim in disguise: a head at place n is a Nim heap of n
grundy-pattern-mock-turtles = a head at place n is worth the (n−1)th odious number (odd count of ones in binary: 1, 2, 4, 7, 8, 11, 13, 14…), 2n−2 or 2n−1
staircase-win = Staircase Nim is Nim on the odd steps: their coins { $values } = { $sum }; step { $at } holds { $from }, and { $from } ⊕ { $sum } = { $to }: { $move }, and the odd steps' nim-sum is 0
staircase-lost = this position is lost: Staircase Nim is Nim on the odd steps, and their coins { $values } make 0; whatever you do, the opponent brings it back to 0; { $move } and hope for a mistake
turtles-win = Turning Turtles is Nim: a head at n is a heap of n, { $values } = { $sum }; the head at { $at } becomes { $from } ⊕ { $sum } = { $to }: { $move }, which leaves a nim-sum of 0
turtles-lost = this position is lost: Turning Turtles is Nim with heaps at the heads' places, { $values } = 0; { $move } and hope for a mistake
mock-turtles-win = the heads are worth { $values } = { $sum } (odious numbers); the head at { $at } worth { $from } must go, with coins worth { $from } ⊕ { $sum } = { $to } turned with it: { $move }, which leaves an XOR of 0
mock-turtles-lost = this position is lost: the heads are worth { $values } = 0 (odious numbers); { $move } and hope for a mistake
word-ground = ground
frame-steps = Steps
frame-coins = A row of coins
head-at-place = at { $n }
## Euclid's game.
game-euclid-title = Euclid's game
game-euclid-short = Euclid
game-rule-euclid = two numbers; a move takes a positive multiple of the smaller from the larger
euclid-empty = { $larger } is a multiple of { $smaller }: { $move }, which leaves 0 and wins at once
euclid-below = { $larger } ÷ { $smaller } is more than φ ≈ 1.618 ({ $larger } = { $quotient } × { $smaller } + { $remainder }): { $move }, leaving { $x } and { $y }, whose ratio is below φ; the opponent's only move then leaves a ratio above φ again
euclid-lost = this position is lost: { $larger } ÷ { $smaller } is below φ ≈ 1.618, so the only move leaves a ratio above φ, and the opponent wins from there; { $move } and hope for a mistake
theory-euclid-title = Ratio against φ
theory-euclid-number = Number { $number }: { $size }
theory-euclid-division = { $larger } = { $quotient } × { $smaller } + { $remainder }
theory-euclid-above = { $larger } ÷ { $smaller } > φ ≈ 1.618: the mover can win
theory-euclid-below = { $larger } ÷ { $smaller } < φ ≈ 1.618: one move, and it loses
theory-euclid-equal = Equal numbers: take one to 0 and win
theory-euclid-multiples = Moves take { $multiples } from { $larger }
theory-euclid-rule = Win when a ÷ b > φ, that is a² − ab − b² > 0 (a ≥ b), or a = b
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
grundy-pattern-ruler = a head at place n is worth the largest power of 2 dividing n (the ruler function: 1, 2, 1, 4, 1, 2, 1, 8…), and the coins from a to n together are worth the XOR of the Gray codes of n and a−1
move-turn-run = turn over the head at { $head } and every coin left of it down to { $left } ({ $count-digits } coins)
move-turned-run = turned over the head at { $head } and every coin left of it down to { $left } ({ $count-digits } coins)
ruler-win = the heads are worth { $values } = { $sum } (the largest power of 2 dividing each place); the head at { $at } worth { $from } goes to tails, and the other coins of its run change the XOR by { $from } ⊕ { $sum } = { $to }: { $move }, which leaves an XOR of 0
ruler-lost = this position is lost: the heads are worth { $values } = 0 (the largest power of 2 dividing each place); { $move } and hope for a mistake
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
grundy-pattern-northcott = each row's gap (the empty squares between its two counters) is a Nim heap; a move back is a retreat, and each colour has a count of them for the game, so every game ends; a retreat widens a gap and the other player closes it again, so the retreats change how long a game lasts, never who wins it
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
northcott-win = the gaps are Nim heaps: { $values } = { $sum }; row { $at }'s gap of { $from } becomes { $to }: { $move }, which leaves a nim-sum of 0 (and if a counter moves back, close the gap again)
northcott-lost = this position is lost: the gaps are Nim heaps, { $values } = 0; { $move } and hope for a mistake
## Turning Corners (`corners`): heads on a grid, `(x, y)` being column x and row y, from 1.
game-corners-title = Turning Corners
game-corners-short = Corners
game-rule-corners = coins on a grid, heads or tails; a move turns over the four corners of a rectangle, the corner farthest from the top left from heads to tails
grundy-pattern-corners = columns and rows are counted from 1: a head at (x, y) is worth the nim product (x−1) ⊗ (y−1), so a head in row 1 or column 1 is worth 0, and the four corners of a rectangle from (x, y) to (a, b) change the XOR by (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1)
move-corners = turn over the corners from ({ $x }, { $y }) to ({ $a }, { $b })
move-turned-corners = turned over the corners from ({ $x }, { $y }) to ({ $a }, { $b })
corners-win = each head at (x, y) is worth the nim product (x−1) ⊗ (y−1): { $values }, XOR { $sum }; the head at ({ $x }, { $y }) is worth { $from }, and a rectangle from it to (a, b) changes the XOR by (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1) = { $p } ⊗ { $q } = { $sum }: { $move }, which leaves an XOR of 0
corners-lost = this position is lost: the heads are worth { $values } (each (x−1) ⊗ (y−1)), XOR 0; { $move } and hope for a mistake
frame-grid = A grid of coins
refused-bad-slide = the counter in row { $row-digits } cannot move to square { $to-digits }: it slides along its row without jumping or landing on the other counter, and stays on the board
refused-no-retreat = a move back spends a retreat, and you have none left
game-hackenbush-title = Green Hackenbush
game-hackenbush-short = Hackenbush
game-rule-hackenbush = trees of edges standing on the ground; cut one edge, and whatever no longer reaches the ground falls away
grundy-pattern-hackenbush = a stalk of n edges is a Nim heap of n; by the colon principle the branches meeting at a vertex are worth one stalk as long as their nim-sum, so a trunk of t edges carrying branches worth s is a stalk of t + s, and each tree is a Nim heap of its value
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
hackenbush-colon = tree { $tree }: { $branches ->
    [one] the branch on its trunk is worth { $values }
   *[other] the branches on its trunk are worth { $values } = { $sum }
}, so by the colon principle it is a stalk of { $trunk } + { $sum } = { $value };{ " " }
hackenbush-win = { $colon }the trees are Nim heaps of their values: { $values } = { $sum }; tree { $at } is worth { $from } and must become worth { $to }: { $move }, which leaves a nim-sum of 0
hackenbush-lost = { $colon }this position is lost: the trees are Nim heaps of their values, { $values } = 0; { $move } and hope for a mistake
refused-no-such-edge = tree { $tree-digits } has { $edges-digits } edges, so there is no edge { $edge-digits } to cut
notation-empty = no trees given: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'
notation-unexpected = '{ $found }' at character { $at } is not part of a tree: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'
notation-missing = a number of edges is missing at character { $at }: each trunk and branch is its number of edges, such as '1(2,3)'
notation-brackets = the brackets do not match: each '(' after a trunk or branch closes with a ')' after its branches, such as '1(2,3)'
notation-zero = a trunk or branch of 0 edges at character { $at }: each has at least one edge
notation-too-large = the number at character { $at } is too large: a tree has at most { $max } edges
notation-too-many = more than { $most } trunks and branches in all
notation-reopened = a second '(' at character { $at }: the branches on a trunk or branch are all in one pair of brackets, such as '3(1,2,4)'
