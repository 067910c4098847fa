# English: theory, the words that say why: why a move is best (the hint, `solve`), the teaching
# and theory panels, each game's winning rule. Read the first time one is shown, not at the start.
# See words.ftl for the conventions.

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

quotient-win = in misère Kayles every row is worth an element of the misère quotient, and the player to move loses exactly when the rows multiply to a losing element ({ $p }); here they multiply to { $product }, which is not one: { $row } is worth { $from }; { $move }, and what is left of it is worth { $to }, so the rows multiply to { $after }, a losing element for the other player

quotient-lost = this position is lost: the rows multiply to { $product }, a losing element of the misère quotient ({ $p }), and every move leaves a product that is not one; { $move } and hope for a mistake

grundy-pattern-periodic = Grundy values repeat every { $period } from { $word } { $from } on: a { $word } of n is worth what one of n - { $period } is

grundy-pattern-periodic-rows = Grundy values repeat every { $period } from { $word } { $from } on: a { $word } of n is worth what one of n - { $period } is

grundy-pattern-lasker = Grundy values follow a pattern of period 4: a heap of 4k+1 or 4k+2 is worth itself, 4k+3 is worth 4k+4 and 4k+4 is worth 4k+3

coach-already-lost = Coach: the position was already lost, no move wins against perfect play

review-line-already-lost = already lost: no move wins against perfect play

banner-you-win = You win!

banner-assisted-win = Assisted win ({ $help }): not counted in streaks
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

# The 21 game and Bachet's game (take 1 to k from one heap): the rule in a child's words.
bachet-win = { $move }: that leaves { $left }, a multiple of { $m }. Then, whatever the other player takes, take what makes it up to { $m }, and the last token is yours

bachet-lost = no winning move: { $n } is already a multiple of { $m }, so whatever you take, the other player can leave a multiple of { $m } again. Best try: { $move }, the least you can take, which keeps the game going longest, and hope for a mistake

grundy-pattern-staircase = Nim in disguise: the odd steps are Nim heaps, and the even steps count for nothing, since coins moved onto an odd step can be moved on at once

grundy-pattern-turtles = Nim in disguise: a head at place n is a Nim heap of n

grundy-pattern-mock-turtles = a head at place n is worth the (n−1)th odious number (odd count of ones in binary: 1, 2, 4, 7, 8, 11, 13, 14…), 2n−2 or 2n−1

staircase-win = Staircase Nim is Nim on the odd steps: their coins { $values } = { $sum }; step { $at } holds { $from }, and { $from } ⊕ { $sum } = { $to }: { $move }, and the odd steps' nim-sum is 0

staircase-lost = this position is lost: Staircase Nim is Nim on the odd steps, and their coins { $values } make 0; whatever you do, the opponent brings it back to 0; { $move } and hope for a mistake

turtles-win = Turning Turtles is Nim: a head at n is a heap of n, { $values } = { $sum }; the head at { $at } becomes { $from } ⊕ { $sum } = { $to }: { $move }, which leaves a nim-sum of 0

turtles-lost = this position is lost: Turning Turtles is Nim with heaps at the heads' places, { $values } = 0; { $move } and hope for a mistake

mock-turtles-win = the heads are worth { $values } = { $sum } (odious numbers); the head at { $at } worth { $from } must go, with coins worth { $from } ⊕ { $sum } = { $to } turned with it: { $move }, which leaves an XOR of 0

mock-turtles-lost = this position is lost: the heads are worth { $values } = 0 (odious numbers); { $move } and hope for a mistake

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

grundy-pattern-ruler = a head at place n is worth the largest power of 2 dividing n (the ruler function: 1, 2, 1, 4, 1, 2, 1, 8…), and the coins from a to n together are worth the XOR of the Gray codes of n and a−1

ruler-win = the heads are worth { $values } = { $sum } (the largest power of 2 dividing each place); the head at { $at } worth { $from } goes to tails, and the other coins of its run change the XOR by { $from } ⊕ { $sum } = { $to }: { $move }, which leaves an XOR of 0

ruler-lost = this position is lost: the heads are worth { $values } = 0 (the largest power of 2 dividing each place); { $move } and hope for a mistake

grundy-pattern-northcott = each row's gap (the empty squares between its two counters) is a Nim heap; a move back is a retreat, and each colour has a count of them for the game, so every game ends; a retreat widens a gap and the other player closes it again, so the retreats change how long a game lasts, never who wins it

northcott-win = the gaps are Nim heaps: { $values } = { $sum }; row { $at }'s gap of { $from } becomes { $to }: { $move }, which leaves a nim-sum of 0 (and if a counter moves back, close the gap again)

northcott-lost = this position is lost: the gaps are Nim heaps, { $values } = 0; { $move } and hope for a mistake

grundy-pattern-corners = columns and rows are counted from 1: a head at (x, y) is worth the nim product (x−1) ⊗ (y−1), so a head in row 1 or column 1 is worth 0, and the four corners of a rectangle from (x, y) to (a, b) change the XOR by (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1)

corners-win = each head at (x, y) is worth the nim product (x−1) ⊗ (y−1): { $values }, XOR { $sum }; the head at ({ $x }, { $y }) is worth { $from }, and a rectangle from it to (a, b) changes the XOR by (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1) = { $p } ⊗ { $q } = { $sum }: { $move }, which leaves an XOR of 0

corners-lost = this position is lost: the heads are worth { $values } (each (x−1) ⊗ (y−1)), XOR 0; { $move } and hope for a mistake

grundy-pattern-hackenbush = a stalk of n edges is a Nim heap of n; by the colon principle the branches meeting at a vertex are worth one stalk as long as their nim-sum, so a trunk of t edges carrying branches worth s is a stalk of t + s, and each tree is a Nim heap of its value

hackenbush-colon = tree { $tree }: { $branches ->
    [one] the branch on its trunk is worth { $values }
   *[other] the branches on its trunk are worth { $values } = { $sum }
}, so by the colon principle it is a stalk of { $trunk } + { $sum } = { $value };{ " " }

hackenbush-win = { $colon }the trees are Nim heaps of their values: { $values } = { $sum }; tree { $at } is worth { $from } and must become worth { $to }: { $move }, which leaves a nim-sum of 0

hackenbush-lost = { $colon }this position is lost: the trees are Nim heaps of their values, { $values } = 0; { $move } and hope for a mistake
