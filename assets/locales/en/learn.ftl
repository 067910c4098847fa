# English: learn. See words.ftl for the conventions.
# The lessons (src/app/learn.rs, src/ui/learn.rs): the two courses, every step's title and
# paragraphs, the exercises and what an answer gets, the pictures' labels, the key line, and the
# rules page. A step's title here is the same as its `title` in src/app/learn.rs (tests check it).

## The two lessons, and the screen around a step

lesson-course-nim = Nim
lesson-course-grundy = Sprague-Grundy
lesson-heading = Lesson { $step-digits } of { $steps-digits }: { $title }
lesson-heading-course = { $course } Lesson { $step-digits } of { $steps-digits }: { $title }
lesson-exercises-done = exercises done: { $done-digits } of { $total-digits }
lesson-answer = answer:{" "}
lesson-play-now = Play this position now: press { $key } for a game against the perfect AI.

## The key line and the help

lesson-key-check = check the answer
lesson-key-check-short = check
lesson-key-next = next step
lesson-key-next-short = next
lesson-key-step-short = step
lesson-key-previous = previous step
lesson-key-play = play this position now
lesson-key-play-short = play it
lesson-key-other = the other lesson (Nim, Sprague-Grundy)
lesson-key-other-short = other lesson
lesson-key-replay-back = the example game: one move back
lesson-key-replay-on = the example game: one move on
lesson-key-erase = erase a typed character
lesson-key-keys = keys
lesson-key-back-game = back to the game
lesson-key-back-game-short = game
lesson-key-back-menu = back to the menu
lesson-key-back-menu-short = menu
lesson-key-quit = quit

## The pictures

lesson-heap = heap { $n-digits }
lesson-heap-empty = (empty)
lesson-value = value
lesson-values = values:{" "}
lesson-ones = ones
lesson-nim-sum = nim-sum
lesson-position = heaps { $heaps }
lesson-odd-columns = marked: an odd count of ones, a 1 in the nim-sum
lesson-grundy-heap = heap
lesson-grundy-moves = a move takes 1, 3 or 4 tokens
lesson-grundy-zero-loses = a heap worth 0 is lost for the player to move

## The exercises

lesson-ask-binary = Write { $n } in binary:
lesson-ask-nim-sum = What is the nim-sum of { $heaps }?
lesson-ask-winning-move = Heaps { $heaps } in { $mode ->
    [misere] misère
   *[normal] normal play
}: which move wins? Type the heap and how many to take, such as 1 2:
lesson-ask-winner = Heaps { $heaps } in { $mode ->
    [misere] misère
   *[normal] normal play
}, your move: with perfect play on both sides, do you win or lose? Type win or lose:
lesson-ask-grundy-value = What is the Grundy value of a heap of { $n }? Type a number:
lesson-ask-grundy-winner = Heaps { $heaps }, your move: with perfect play on both sides, do you win or lose? Type win or lose:
lesson-ask-grundy-move = Heaps { $heaps }: which move wins? Type the heap and how many to take (1, 3 or 4), such as 1 3:

## What an answer gets

lesson-binary-right = Right: { $n } = { $binary } in binary.
lesson-try-again = Not quite. Have another try: change your answer and press { $key } again.
lesson-binary-wrong = Not quite: { $n } is { $binary } in binary (add the powers of two that are 1).
lesson-nim-sum-right = Right: the nim-sum is { $sum } ({ $binary } in binary).
lesson-nim-sum-wrong = Not quite: write the heaps in binary and count the ones in each column; an odd count gives 1. The nim-sum is { $sum }.
lesson-type-move = Type two numbers: the heap (from 1) and how many to take, such as { $example }.
lesson-move = take { $take } from heap { $heap }
lesson-moves-or = {", or "}
lesson-move-right = Right: { $moves }.
lesson-move-loses = That move loses. The winning move: { $moves }.
lesson-move-illegal = That move is not allowed: a move takes at least one token from one heap, and no more than the heap holds.
lesson-type-win-lose = Type win or lose.
lesson-winner-right-win = Right: you win, by taking the right tokens.
lesson-winner-right-lose = Right: you lose; whatever you take, the opponent can answer.
lesson-winner-right-lose-misere = Right: you lose; in misère the last token is the one nobody wants.
lesson-winner-wrong = Not this time: the player to move { $outcome ->
    [win] wins
   *[lose] loses
} here. Try the moves in your head: what can the opponent answer to each?
lesson-grundy-no-move = no move at all
lesson-grundy-reached = { $value } (heap { $heap })
lesson-list-separator = {", "}
lesson-grundy-reaches = the moves reach { $list }
lesson-grundy-value-right = Right: { $why }, and { $value } is the smallest number missing.
lesson-grundy-value-wrong = Not quite: { $why }; the smallest number missing is { $value }.
lesson-grundy-winner-right = Right: the Grundy values { $values } = { $sum }, so you { $outcome ->
    [win] win
   *[lose] lose
}.
lesson-grundy-winner-wrong = Not this time: the Grundy values { $values } = { $sum }; only 0 loses.
lesson-grundy-move-wrong = That move does not leave a XOR of 0. The winning move: { $moves }.
lesson-grundy-move-illegal = That move is not allowed: a move takes 1, 3 or 4 tokens from one heap, and no more than the heap holds.

## The misère example game from 3 4 5, move by move

lesson-misere-0 = The start: nim-sum 3 ⊕ 4 ⊕ 5 = 2, so the first player can win.
lesson-misere-1 = First player takes 2 from heap 1: nim-sum 0, as in normal play.
lesson-misere-2 = Second player takes 2 from heap 3 (nim-sum 6).
lesson-misere-3 = First player takes 2 from heap 2: nim-sum 0 again.
lesson-misere-4 = Second player takes 1 from heap 3 (nim-sum 1).
lesson-misere-5 = First player takes 1 from heap 1: nim-sum 0.
lesson-misere-6 = Second player takes 1 from heap 3. Normal play would take 1 from heap 2 to leave two heaps of one; misère takes all of heap 2 to leave ONE heap of one, an odd number.
lesson-misere-7 = First player took heap 2: the second player must take the last token, and loses.

## Nim's lesson

lesson-rules-title = The rules
lesson-rules-1 = Nim is played with heaps of tokens. Two players take turns; a move takes one or more tokens from a single heap (any number, up to the whole heap).
lesson-rules-2 = In normal play, whoever takes the last token wins. In misère, whoever takes the last token loses.
lesson-rules-3 = Every game of Nim can be played perfectly by a simple calculation. This lesson shows you how.
lesson-rules-4 = A first one to think through: two heaps of one token each. Whatever you take, one token is left for the other player.
lesson-binary-title = Numbers in binary
lesson-binary-1 = Every whole number is a sum of different powers of two: 1, 2, 4, 8, 16, ... Write a 1 for each power used and a 0 for each one not used, largest first.
lesson-binary-2 = 5 = 4 + 1, so 5 is 101 in binary. 6 = 4 + 2 is 110. 3 = 2 + 1 is 011 (leading zeros change nothing).
lesson-nim-sum-title = The nim-sum: adding without carrying
lesson-nim-sum-1 = Write each heap in binary, one under the other, and look at each column on its own. If the column holds an odd number of ones, the sum has a 1 there; if even, a 0. Nothing is carried. This sum is written ⊕ and called the nim-sum (programmers know it as XOR).
lesson-nim-sum-2 = 3 ⊕ 5: 011 and 101. The 4s column has one 1, the 2s column one, the 1s column two. So 3 ⊕ 5 = 110 = 6.
lesson-zero-title = Why a nim-sum of 0 loses
lesson-zero-1 = If the nim-sum is 0, every column has an even number of ones. A move changes one heap, so it changes at least one of its binary digits: that column becomes odd, and the nim-sum is no longer 0.
lesson-zero-2 = If the nim-sum is not 0, a move back to 0 always exists: take the highest 1 of the nim-sum, find a heap with a 1 in that column, and turn it into heap ⊕ nim-sum, which is smaller, so it is a legal move.
lesson-zero-3 = So the player who leaves a nim-sum of 0 can always answer with another 0, until the heaps are all empty, which is a nim-sum of 0 too: in normal play they take the last token and win.
lesson-winning-title = Finding the winning move
lesson-winning-1 = Worked example, heaps 3 4 5: 011 ⊕ 100 ⊕ 101 = 010, so the nim-sum is 2. Its highest 1 is in the 2s column; only heap 1 (3 = 011) has a 1 there. Heap 1 becomes 3 ⊕ 2 = 1, so take 2 from heap 1, leaving 1 4 5 with nim-sum 0.
lesson-winning-2 = The same works for any heaps: the heaps with a 1 in the nim-sum's highest column are exactly the ones that can be reduced, each to heap ⊕ nim-sum.
lesson-misere-title = Misère: one change at the end
lesson-misere-text-1 = In misère, play exactly as in normal play, with one exception: when your move would leave no heap of two or more tokens, leave an ODD number of heaps of one (normal play would leave an even number). The opponent then has to take the last token.
lesson-misere-text-2 = Below, the misère game from 3 4 5, move by move: step through it with ↑/↓.
lesson-ready-title = You are ready
lesson-ready-1 = That is the whole strategy: keep the nim-sum at 0, and in misère leave an odd number of heaps of one at the very end.
lesson-ready-2 = Try it against the perfect AI (with the binary view, b, to see the columns), or solve puzzles: positions with exactly one winning move.
lesson-ready-3 = A last one, all of it together. Marienbad, the heaps 1 3 5 7 of Resnais's film, is lost for the player to move (its nim-sum is 0); here the last heap holds one token fewer.

## The Sprague-Grundy lesson

lesson-subtraction-title = Another game: take 1, 3 or 4
lesson-subtraction-1 = Heaps of tokens again, but a move takes exactly 1, 3 or 4 tokens from one heap. Whoever takes the last token wins.
lesson-subtraction-2 = The nim-sum of the heap sizes no longer tells who wins: from one heap of 2 the only move takes 1 and leaves 1, which the opponent takes. A heap of 2 is lost for the player to move, although 2 is not 0.
lesson-subtraction-3 = Games like this one, where both players have the same moves, are impartial games. Each of their positions is worth a number, its Grundy value, that plays the part of a heap size in Nim.
lesson-mex-title = The mex rule
lesson-mex-1 = The Grundy value of a position is the mex (minimum excludant) of the values of the positions one move reaches: the smallest whole number that is not among them.
lesson-mex-2 = An empty heap has no move: the mex of nothing is 0. A heap of 1 reaches 0 (value 0), so it is worth 1. A heap of 2 reaches only 1 (value 1), so it is worth 0. A heap of 4 reaches 3, 1 and 0, worth 1, 1 and 0: it is worth 2.
lesson-mex-3 = A position worth 0 is lost for the player to move; any other value wins, by moving to a 0.
lesson-period-title = The values repeat
lesson-period-1 = Carry on, and the values of this game repeat every 7 heaps: 0 1 0 1 2 3 2, then again 0 1 0 1 2 3 2, for ever. Many subtraction games are periodic like this, so a table of one period answers for every heap size.
lesson-xor-title = Several heaps: the XOR of the values
lesson-xor-1 = The Sprague-Grundy theorem: a game made of several heaps is worth the nim-sum (XOR) of its heaps' Grundy values. Each heap plays like a Nim heap of its value.
lesson-xor-2 = So the player to move loses exactly when the XOR of the values is 0. Heaps 4 and 6 are worth 2 and 2: 2 ⊕ 2 = 0, lost for the player to move.
lesson-grundy-move-title = Finding the winning move
lesson-grundy-move-1 = As in Nim: work out the XOR of the values, then find a move that changes one heap's value so that the XOR becomes 0. The heap's value must fall to (its value ⊕ the XOR), and a move can only reach values the mex rule listed for it.
lesson-grundy-move-2 = Then play it: the same reasoning wins Kayles, Dawson's Kayles and every subtraction game in this program (their theory view shows the values).

## The rules page (the help's second page)

rules-nim = Nim: heaps of tokens; two players take turns; a move takes one or more tokens from one heap.
rules-normal = Normal play: whoever takes the last token wins.
rules-misere = Misère: whoever takes the last token loses.
rules-perfect-nim = Perfect play: keep the nim-sum (binary addition without carrying) at 0; in misère, when no heap of two or more would be left, leave an odd number of heaps of one.
rules-game = { $title }: { $rule }.
rules-normal-move = Normal play: whoever makes the last move wins.
rules-misere-move = Misère: whoever makes the last move loses.
rules-normal-only = Played in normal play only (no misère form).
rules-perfect-columns = Perfect play: count the heaps with a 1 in each binary column, and leave every count a multiple of { $k }.
rules-perfect-grundy = Perfect play (Sprague-Grundy): each heap is worth a Grundy value, the smallest value none of its moves reaches; leave the XOR of the values at 0, as in Nim.
rules-perfect-pairs = Perfect play: leave a losing pair (⌊nφ⌋, ⌊nφ²⌋), φ the golden ratio: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)...
rules-perfect-zeckendorf = Perfect play: write the heap as a sum of Fibonacci numbers, no two neighbours (Zeckendorf), and take the smallest term when the limit allows it.
rules-keys-several = Keys: up and down choose a heap, each keeping its own count (0: none); Enter takes from every heap with a count, at most { $k } of them.
rules-keys-split = Keys: s switches between taking and splitting the heap; left and right choose how many stay in it.
rules-keys-two-pins = Keys: left and right move along the row to the pin; s switches between one pin and two neighbouring pins.
rules-keys-pin-count = Keys: left and right move along the row to the first pin to knock down; s steps through the numbers of neighbouring pins the code lets fall.
rules-keys-both = Keys: s switches between taking from one heap and the same number from both.
rules-keys-pins = Keys: left and right move along the row to the first of the two pins.
rules-keys-limit = Keys: as in Nim; the count stops at the most this move may take.
rules-keys-nim = Keys: as in Nim; a count the game does not allow is refused.
lesson-disguise-title = Nim in disguise
lesson-disguise-1 = Some games are Nim under another look, and their values show it. Staircase Nim: only the odd steps count, each a Nim heap. Turning Turtles: a head at place n is a heap of n. Mock Turtles: a head at n is worth the odious number 2n−2 or 2n−1. The ruler game: a head at n is worth the largest power of 2 dividing n (1, 2, 1, 4, 1, 2, 1, 8…). Northcott's game: each row's gap is a heap, and a move back is answered by closing it. Turning Corners: a head at column x, row y is worth the nim product (x−1) ⊗ (y−1) (2⊗2 = 3). Green Hackenbush: by the colon principle the branches at a vertex count as one stalk as long as their nim-sum, so each tree is a heap.
lesson-disguise-2 = Staircase Nim on steps holding 3, 1, 5 and 7 coins is Nim on the odd steps 1 and 3: heaps of 3 and 5. What is their nim-sum?
rules-perfect-ratio = Perfect play: with a ≥ b, the player to move wins when a = b or a ÷ b is more than the golden ratio φ ≈ 1.618 (a² − ab − b² > 0); then leave the other player a ratio below φ, or a 0.
rules-keys-multiples = Keys: as in Nim; the count steps by the smaller number, from the larger.
