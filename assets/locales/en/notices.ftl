# English: notices, what the game says or asks when something happens: a question before what
# cannot be taken back, why a move or a start is refused, the help's notes and the rules page, the
# screen that does not fit, warnings about its files, another window. Read the first time one is
# shown, not at the start. See words.ftl for the conventions.

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

# A typed count larger than the heap.
refused-heap-holds = Heap { $heap-digits } holds { $n-digits } { $n ->
    [one] token
   *[other] tokens
}
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
