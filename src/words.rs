//! The games' words in English, in one place: the engine describes each game with values
//! ([`crate::engine::Words`]: what a heap is, what it holds, what a move does), and this module
//! turns them into text for every screen, message and file that speaks of a game. A second
//! language would be a second set of these functions.

use crate::engine::{
    Cap, Explanation, FibonacciReason, FibonacciView, GameKind, GrundyPattern, GrundyReason, GrundyView,
    HeapNoun, LastMove, LeastReason, Mode, MooreReason, MoveReason, MoveShape, MoveWords, Teaching, Unit,
    Verb, WythoffHow, WythoffReason, WythoffView,
};

/// What a heap of `kind` is called: `heap` or `row`.
pub fn heap(kind: GameKind) -> &'static str {
    match kind.describe().words.heap {
        HeapNoun::Heap => "heap",
        HeapNoun::Row => "row",
    }
}

/// What a heap of `kind` holds, in the plural: `tokens` or `pins`.
pub fn units(kind: GameKind) -> &'static str {
    match kind.describe().words.unit {
        Unit::Token => "tokens",
        Unit::Pin => "pins",
    }
}

/// `count` of what a heap of `kind` holds, singular or plural as the count asks: `1 pin`, `3 pins`,
/// `1 token`. Every count written with its unit goes through here, so "1 pins" cannot happen.
pub fn count_of(kind: GameKind, count: u64) -> String {
    match (kind.describe().words.unit, count) {
        (Unit::Token, 1) => "1 token".to_string(),
        (Unit::Token, n) => format!("{n} tokens"),
        (Unit::Pin, 1) => "1 pin".to_string(),
        (Unit::Pin, n) => format!("{n} pins"),
    }
}

/// What a move of `kind` does, in the infinitive: `take` or `knock down`.
pub fn verb(kind: GameKind) -> &'static str {
    match kind.describe().words.verb {
        Verb::Take => "take",
        Verb::KnockDown => "knock down",
    }
}

/// What the winner did in normal play, after their name: `took the last token`.
pub fn last_move(last: LastMove) -> &'static str {
    match last {
        LastMove::TookLastToken => "took the last token",
        LastMove::KnockedDownLastPin => "knocked down the last pin",
        LastMove::MadeLastMove => "made the last move",
    }
}

/// How the normal-play convention reads for `kind`: `whoever takes the last token wins`.
pub fn normal_play(kind: GameKind) -> &'static str {
    match kind.describe().words.last {
        LastMove::TookLastToken => "whoever takes the last token wins",
        LastMove::KnockedDownLastPin => "whoever knocks down the last pin wins",
        LastMove::MadeLastMove => "whoever makes the last move wins",
    }
}

/// Whether the moves of `kind` read as plain takes, "2 from heap 1": a game whose every move
/// takes any number from one heap (Nim). Other games' moves are told in their own words
/// ([`crate::engine::Rules::move_words`], [`move_text`]).
pub fn plain_takes(kind: GameKind) -> bool {
    matches!(kind.describe().shape, MoveShape::OneHeap { cap: Cap::None })
}

/// The convention in a few words, in the game's own terms: `last token wins`, `last pin loses`.
pub fn short_rule(kind: GameKind, mode: Mode) -> &'static str {
    match (kind.describe().words.last, mode) {
        (LastMove::TookLastToken, Mode::Normal) => "last token wins",
        (LastMove::TookLastToken, Mode::Misere) => "last token loses",
        (LastMove::KnockedDownLastPin, Mode::Normal) => "last pin wins",
        (LastMove::KnockedDownLastPin, Mode::Misere) => "last pin loses",
        (LastMove::MadeLastMove, Mode::Normal) => "last move wins",
        (LastMove::MadeLastMove, Mode::Misere) => "last move loses",
    }
}

/// Why a heap starts with more than one token, after the rule that says so.
pub fn least_reason(why: LeastReason) -> &'static str {
    match why {
        LeastReason::FirstMoveNotAll => "the first move may not take them all",
        LeastReason::NoMove => "a smaller one allows no move",
    }
}

/// `text` with its first letter a capital, for a sentence's start: the one capitaliser of the
/// program (a language without capitals would make this the identity).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// When a move is told: as one to make (`take 2 from heap 1`), or as one made (`took 2 from heap
/// 1`, after the player's name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tense {
    /// A move to make, or one shown: a hint, a choice, a list of moves.
    Present,
    /// A move made, after the name of whoever made it.
    Past,
}

/// A move in words, in `tense`: `take 2 from heap 1`, `split heap 2 into 3 and 4`, `knocked down
/// pins 3 and 4 of row 1`. Each kind of move is one sentence with its numbers (one message id
/// with arguments, in a translation).
pub fn move_text(words: &MoveWords, tense: Tense) -> String {
    use Tense::{Past, Present};
    match (words, tense) {
        (MoveWords::Take { heap, amount }, Present) => format!("take {amount} from heap {heap}"),
        (MoveWords::Take { heap, amount }, Past) => format!("took {amount} from heap {heap}"),
        (MoveWords::TakeFromTheHeap { amount }, Present) => format!("take {amount}"),
        (MoveWords::TakeFromTheHeap { amount }, Past) => format!("took {amount}"),
        (MoveWords::TakeMany(takes), Present) => format!("take {}", take_list(takes)),
        (MoveWords::TakeMany(takes), Past) => format!("took {}", take_list(takes)),
        (MoveWords::TakeFromBoth { amount }, Present) => format!("take {amount} from both heaps"),
        (MoveWords::TakeFromBoth { amount }, Past) => format!("took {amount} from both heaps"),
        (MoveWords::Split { heap, left, right: Some(right) }, _) => {
            format!("split heap {heap} into {left} and {right}")
        }
        (MoveWords::Split { heap, left, right: None }, _) => {
            format!("split heap {heap}, leaving {left} in its place and the rest as a new heap")
        }
        (MoveWords::TakeAndLeave { heap, amount, left }, Present) => {
            format!("take {amount} from heap {heap} and leave {left} in it")
        }
        (MoveWords::TakeAndLeave { heap, amount, left }, Past) => {
            format!("took {amount} from heap {heap} and left {left} in it")
        }
        (&MoveWords::KnockDown { row, first, count, breaking }, tense) => {
            let second = first + 1;
            match (count == 2, breaking, tense) {
                (false, None, Present) => format!("knock down pin {first} of row {row}"),
                (false, None, Past) => format!("knocked down pin {first} of row {row}"),
                (true, None, Present) => format!("knock down pins {first} and {second} of row {row}"),
                (true, None, Past) => format!("knocked down pins {first} and {second} of row {row}"),
                (false, Some((left, rest)), Present) => {
                    format!("knock down pin {first} of row {row}, breaking it into rows of {left} and {rest}")
                }
                (false, Some((left, rest)), Past) => {
                    format!(
                        "knocked down pin {first} of row {row}, breaking it into rows of {left} and {rest}"
                    )
                }
                (true, Some((left, rest)), Present) => format!(
                    "knock down pins {first} and {second} of row {row}, breaking it into rows of {left} and {rest}"
                ),
                (true, Some((left, rest)), Past) => format!(
                    "knocked down pins {first} and {second} of row {row}, breaking it into rows of {left} and {rest}"
                ),
            }
        }
    }
}

/// The takes of a move on several heaps, as a list: `1 from heap 1, 2 from heap 2 and 3 from heap
/// 3`.
fn take_list(takes: &[(usize, u64)]) -> String {
    let parts: Vec<String> =
        takes.iter().map(|(heap, amount)| format!("{amount} from heap {heap}")).collect();
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.join(""),
    }
}

/// The name of a convention a person reads: `normal play`, `misère`.
pub fn mode_title(mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => "normal play",
        Mode::Misere => "misère",
    }
}

/// A convention's rule in one line, so the two are never confused.
pub fn mode_rule(mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => "whoever takes the last token wins",
        Mode::Misere => "whoever takes the last token loses",
    }
}

/// A convention's rule in one line in the game's own terms: `whoever knocks down the last pin
/// wins`; misère (offered where it is Nim's or Moore's) as Nim's.
pub fn game_mode_rule(kind: GameKind, mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => normal_play(kind),
        Mode::Misere => mode_rule(mode),
    }
}

/// The name a menu of games shows: `Subtraction {1,2,3}`, `Kayles`.
pub fn menu_title(kind: GameKind) -> String {
    kind.menu_title()
}

/// The name short enough for a status line: `Nim_2`, `Subtraction 1,2,3`, `Kayles`.
pub fn short_title(kind: GameKind) -> String {
    kind.short_title()
}

/// A game's rules in one line, for help texts and `solve`.
pub fn rule(kind: GameKind) -> String {
    match kind.describe().shape {
        MoveShape::OneHeap { cap: Cap::None } => "a move takes any number of tokens from one heap".into(),
        MoveShape::OneHeap { cap: Cap::Amounts(_) } => {
            let amounts = kind.amounts().map(|set| set.spoken()).unwrap_or_default();
            format!("a move takes exactly {amounts} tokens from one heap")
        }
        MoveShape::OneHeap { cap: Cap::Limit } => {
            "one heap; the first move takes anything but the whole heap, \
             then each move takes from 1 to twice what the other player just took"
                .into()
        }
        MoveShape::UpToHeaps(k) => format!("a move takes any number of tokens from each of one to {k} heaps"),
        MoveShape::TakeOrSplit => {
            "a move takes any number of tokens from one heap, or splits a heap into two non-empty heaps"
                .into()
        }
        MoveShape::Pins { one: true, .. } => {
            "a move knocks down one pin or two neighbouring pins of a row, which may split it in two".into()
        }
        MoveShape::Pins { .. } => {
            "a move knocks down exactly two neighbouring pins of a row, which may split it in two".into()
        }
        MoveShape::OneOrBoth => {
            "two heaps; a move takes any number from one heap, or the same number from both".into()
        }
    }
}

/// A Nim move taken from one heap, as one to make: `take 2 from heap 1`.
pub fn take(mv: crate::engine::Take) -> String {
    move_text(&MoveWords::Take { heap: mv.number(), amount: mv.take }, Tense::Present)
}

/// Why a Nim move is the one to play, in one line, as `solve` lists the winning moves: `take 2
/// from heap 1: 3 ⊕ 2 = 1 < 3, which leaves a nim-sum of 0`.
pub fn move_reason(reason: &MoveReason) -> String {
    match *reason {
        MoveReason::NimSum { mv, from, to, nim_sum } => {
            format!("{}: {from} ⊕ {nim_sum} = {to} < {from}, which leaves a nim-sum of 0", take(mv))
        }
        MoveReason::MisereEndgame { mv, ones_left, .. } => format!(
            "{}: misère endgame, only heaps of one would be left, so leave an odd number of them ({ones_left})",
            take(mv)
        ),
        MoveReason::Losing { mv, endgame: true, .. } => format!(
            "no winning move: an odd number of heaps of one is left, so whoever moves takes the last token in \
             the end; {} and hope for a mistake",
            take(mv)
        ),
        MoveReason::Losing { mv, .. } => format!(
            "no winning move: the nim-sum is 0, so every move loses against perfect play; {} and hope for a \
             mistake",
            take(mv)
        ),
        MoveReason::GameOver { mover_wins: true } => {
            "the game is over: the other player took the last token and lost".to_string()
        }
        MoveReason::GameOver { mover_wins: false } => {
            "the game is over: the other player took the last token and won".to_string()
        }
    }
}

/// Why a Nim position is lost for the player to move, in one sentence without the move: misère's
/// endgame (an odd number of heaps of one: `1 1 1`) or a nim-sum of 0.
pub fn loss_reason(explanation: &Explanation) -> String {
    match explanation.best {
        MoveReason::Losing { endgame: true, .. } => {
            "an odd number of heaps of one is left and no heap holds two or more, so the heaps of one are \
             taken one at a time and whoever moves now takes the last token"
                .to_string()
        }
        _ => {
            "the nim-sum is 0, and every move leaves a nim-sum that is not 0, which the opponent can always \
              bring back to 0"
                .to_string()
        }
    }
}

/// The best Nim move taught in full, as the hint says it: where the nim-sum comes from and how
/// the move follows from it (`nim-sum 3 ⊕ 4 ⊕ 5 = 2; heap 1 becomes 3 ⊕ 2 = 1, so take 2 from
/// heap 1`), which rule applies in misère's endgame and why, or plainly that the position is lost.
pub fn lesson(explanation: &Explanation) -> String {
    let sum = || {
        let non_empty: Vec<String> =
            explanation.heaps.iter().filter(|&&h| h > 0).map(u64::to_string).collect();
        if (2..=6).contains(&non_empty.len()) {
            format!("nim-sum {} = {}", non_empty.join(" ⊕ "), explanation.nim_sum())
        } else {
            format!("nim-sum of the heaps = {}", explanation.nim_sum())
        }
    };
    match explanation.best {
        MoveReason::NimSum { mv, from, to, nim_sum } => format!(
            "{}; heap {} becomes {from} ⊕ {nim_sum} = {to}, so {}: that leaves a nim-sum of 0",
            sum(),
            mv.number(),
            take(mv)
        ),
        MoveReason::MisereEndgame { mv, to, ones_left, .. } => format!(
            "misère endgame: after this move no heap holds two or more, so the normal rule no longer \
             applies; leave an odd number of heaps of one ({ones_left}) and the opponent must take \
             the last token: {}, leaving {to}",
            take(mv)
        ),
        MoveReason::Losing { mv, endgame: true, .. } => format!(
            "this position is lost: an odd number of heaps of one is left, so whoever moves takes \
             the last token in the end; {} and hope for a mistake",
            take(mv)
        ),
        MoveReason::Losing { mv, .. } => format!(
            "this position is lost: {}, and every move from a nim-sum of 0 leaves one that is not 0, \
             which the opponent can always bring back to 0; {} and hope for a mistake",
            sum(),
            take(mv)
        ),
        MoveReason::GameOver { .. } => move_reason(&explanation.best),
    }
}

/// The short working of the best Nim move, as the binary view shows it: `heap 1: 3 ⊕ 2 = 1, take
/// 2`.
pub fn working(explanation: &Explanation) -> Option<String> {
    match explanation.best {
        MoveReason::NimSum { mv, from, to, nim_sum } => {
            Some(format!("heap {}: {from} ⊕ {nim_sum} = {to}, take {}", mv.number(), mv.take))
        }
        MoveReason::MisereEndgame { mv, from, to, ones_left: 1 } => {
            Some(format!("heap {}: {from} → {to}, take {}: leaves 1 heap of one (odd)", mv.number(), mv.take))
        }
        MoveReason::MisereEndgame { mv, from, to, ones_left } => Some(format!(
            "heap {}: {from} → {to}, take {}: leaves {ones_left} heaps of one (odd)",
            mv.number(),
            mv.take
        )),
        _ => None,
    }
}

/// The binary view's working of a move in misère's endgame, with the move's working after it
/// (`heap 3: 2 → 1, ...`), begun as a sentence of its own.
pub fn panel_endgame_move(working: Option<&str>) -> String {
    let first = "Misère endgame: only heaps of one would be left, so leave an odd number of them.";
    match working {
        Some(working) => format!("{first} {}", capitalised(working)),
        None => first.to_string(),
    }
}

/// The binary view's line, with the hint, in misère's lost endgame.
pub fn panel_endgame_lost() -> &'static str {
    "Misère endgame: an odd number of heaps of one is left; every move loses"
}

/// The binary view's line, with the hint, when the nim-sum is 0.
pub fn panel_zero_every_move() -> &'static str {
    "nim-sum 0: every move leaves a nim-sum that is not 0"
}

/// The binary view's line without the hint: what the nim-sum says (or misère's endgame rule).
pub fn panel_nim_sum(endgame: bool, zero: bool) -> &'static str {
    match (endgame, zero) {
        (true, _) => {
            "Misère endgame: no heap of two or more would be left; aim for an odd number of heaps of one"
        }
        (false, true) => "nim-sum 0: the player to move loses against perfect play",
        (false, false) => "nim-sum not 0: a move to nim-sum 0 wins",
    }
}

/// The theory panel's last line when the player to move can win, with the hint's key: `The
/// player to move can win: h shows how`.
pub fn panel_can_win(hint_key: &str) -> String {
    format!("The player to move can win: {hint_key} shows how")
}

/// The theory panel's last line when the player to move loses.
pub fn panel_loses() -> &'static str {
    "The player to move loses against perfect play"
}

/// The Sprague-Grundy theorem in a line, in the game's words: `Sprague-Grundy: each row plays as
/// a Nim heap of its value g; XOR 0 loses`.
pub fn sprague_grundy(kind: GameKind) -> String {
    format!("Sprague-Grundy: each {} plays as a Nim heap of its value g; XOR 0 loses", heap(kind))
}

/// Wythoff's heap `number` holding `size`, with the size that would make a losing pair with it:
/// `Heap 1: 3, partner 5`.
pub fn wythoff_partner(number: usize, size: u64, partner: u128) -> String {
    format!("Heap {number}: {size}, partner {partner}")
}

/// A heap with nothing left, on the board.
pub fn empty_heap() -> &'static str {
    "(empty)"
}

/// The mark on the board's frame when rows are scrolled out of view above: `↑ 3 more`.
pub fn more_above(arrow: &str, count: usize) -> String {
    format!("{arrow} {count} more")
}

/// The mark on the board's frame when rows are scrolled out of view below: `↓ 5 more`.
pub fn more_below(arrow: &str, count: usize) -> String {
    format!("{arrow} {count} more")
}

/// The best move's reason in one line, for the hint: Nim's lesson, or the reason another game's
/// teaching view gives (still a sentence of the engine's).
pub fn reason(teaching: &Teaching) -> String {
    match teaching {
        Teaching::Nim(explanation) => lesson(explanation),
        Teaching::Moore(view) => moore_reason(&view.reason),
        Teaching::Grundy(view) => grundy_reason(view),
        Teaching::Wythoff(view) => wythoff_reason(view),
        Teaching::Fibonacci(view) => fibonacci_reason(view),
    }
}

/// Why Moore's Nim_k's best move is best, for the hint.
fn moore_reason(reason: &MooreReason) -> String {
    let shown = |mv| move_text(&MoveWords::plain(mv), Tense::Present);
    match reason {
        MooreReason::GameOver { mover_wins: false } => {
            "the game is over: the other player took the last token and won".into()
        }
        MooreReason::GameOver { mover_wins: true } => {
            "the game is over: the other player took the last token and lost".into()
        }
        MooreReason::EndgameWin { mv, modulus: m, ones_left: left } => format!(
            "misère endgame: after this move no heap holds two or more, so leave a number of heaps of one \
             that is 1 more than a multiple of {m} ({left}): the opponent then takes the last token in \
             the end; {}",
            shown(mv)
        ),
        MooreReason::EndgameLost { mv, modulus: m, ones, k } => format!(
            "this position is lost: {} of one is 1 more than a multiple of {m}, and whatever you \
             take (1 to {k}), the opponent can bring it back there; {} and hope for a mistake",
            if *ones == 1 { "1 heap".to_string() } else { format!("{ones} heaps") },
            shown(mv)
        ),
        MooreReason::Columns { mv, modulus: m, column, count, rest } => format!(
            "count the heaps with a 1 in each binary column: the player to move loses when every count is a \
             multiple of {m}; the {} column has {count} ({rest} more than a multiple of {m}), so {}: \
             every column then holds a multiple of {m}",
            place(*column),
            shown(mv)
        ),
        MooreReason::Lost { mv, modulus: m, k } => format!(
            "this position is lost: every binary column holds a multiple of {m} ones, and a move on 1 to {k} \
             heaps changes some column by 1 to {k}, which the opponent can always set right; {} and \
             hope for a mistake",
            shown(mv)
        ),
    }
}

/// A binary column as a person names it: `1s`, `2s`, `4s`, ... (`2^40s` past 2^20).
fn place(column: usize) -> String {
    if column <= 20 { format!("{}s", 1u64 << column) } else { format!("2^{column}s") }
}

/// Why Fibonacci Nim's best move is best, for the hint.
fn fibonacci_reason(view: &FibonacciView) -> String {
    let (n, most) = (view.heap, view.most);
    let sum = view.terms.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
    let allowed = match view.first_move {
        true => format!("the first move may take up to {most} (anything but the whole heap)"),
        false => format!("you may take up to {most} (twice the last take)"),
    };
    match view.reason {
        FibonacciReason::GameOver => {
            "the game is over: the other player took the last token and won".to_string()
        }
        FibonacciReason::Win { smallest, take } => format!(
            "in Zeckendorf form {n} = {sum}; the smallest term is {smallest} and {allowed}: take {take}, and \
             the opponent, allowed at most {}, cannot take the smallest term of what is left",
            take.saturating_mul(2)
        ),
        FibonacciReason::Lost { smallest, take } => format!(
            "this position is lost: in Zeckendorf form {n} = {sum}, and its smallest term {smallest} is more \
             than {allowed}; whatever you take, the opponent can take the smallest term of what is left; \
             take {take} and hope for a mistake"
        ),
    }
}

/// Why the best move of Wythoff's game is best, for the hint.
fn wythoff_reason(view: &WythoffView) -> String {
    let shown = |words| move_text(words, Tense::Present);
    let [x, y] = view.heaps;
    match &view.reason {
        WythoffReason::GameOver => {
            "the game is over: the other player took the last token and won".to_string()
        }
        WythoffReason::Win { words, how, after: (ax, ay) } => {
            let how = match *how {
                WythoffHow::Both { difference, pair: (a, b) } => format!(
                    "taking the same from both keeps the difference {difference}, and the losing pair with that \
                     difference is ({a}, {b})"
                ),
                WythoffHow::One { other, pair: (a, b) } => {
                    format!("the losing pair with {other} is ({a}, {b})")
                }
                WythoffHow::Unexplained => String::new(),
            };
            format!(
                "the losing pairs are (⌊kφ⌋, ⌊kφ²⌋): (0, 0), (1, 2), (3, 5), (4, 7), (6, 10)...; {how}: {}, leaving \
                 ({ax}, {ay}), a losing pair",
                shown(words)
            )
        }
        WythoffReason::Lost { words } => format!(
            "this position is lost: ({x}, {y}) is a losing pair, and every move from a losing pair leaves one \
             that is not, from which the opponent can reach a smaller losing pair; {} and hope for a mistake",
            shown(words)
        ),
    }
}

/// Why the best move of a game valued by Grundy numbers is best, for the hint.
fn grundy_reason(view: &GrundyView) -> String {
    let (word, sum) = (heap(view.game), view.sum);
    let listed = || {
        let shown: Vec<String> = view.values.iter().map(u128::to_string).collect();
        if (2..=6).contains(&shown.len()) {
            format!("Grundy values {} = {sum}", shown.join(" ⊕ "))
        } else {
            format!("the XOR of the {word}s' Grundy values is {sum}")
        }
    };
    match &view.reason {
        GrundyReason::GameOver => "the game is over: the other player made the last move and won".to_string(),
        GrundyReason::Win { words, step, split } => {
            let leaves = if *split { "what it leaves is worth" } else { "it is then worth" };
            format!(
                "{}; {word} {} is worth {}, and {} ⊕ {sum} = {}: {}, and {leaves} {}, which leaves an XOR of 0",
                listed(),
                step.heap + 1,
                step.from,
                step.from,
                step.to,
                move_text(words, Tense::Present),
                step.to
            )
        }
        GrundyReason::Lost { words } => format!(
            "this position is lost: {}, and every move changes one {word}'s value, leaving an XOR that is not 0, \
             which the opponent can bring back to 0; {} and hope for a mistake",
            listed(),
            move_text(words, Tense::Present)
        ),
    }
}

/// The move being chosen, under the board: `Take 2 from heap 1`, after whose turn it is when two
/// people share the keyboard (`Ann: Take 2 from heap 1`), with the digits typed so far (`(typed
/// 12)`). `mv` is the move in words ([`move_text`], present tense).
pub fn choosing(who: Option<&str>, mv: &str, typed: &str) -> String {
    let mv = capitalised(mv);
    match (who, typed.is_empty()) {
        (None, true) => mv,
        (None, false) => format!("{mv} (typed {typed})"),
        (Some(who), true) => format!("{who}: {mv}"),
        (Some(who), false) => format!("{who}: {mv} (typed {typed})"),
    }
}

/// A Nim take about to be played by `who`: `Ann takes 2 from heap 1…`.
pub fn about_to_take(who: &str, heap: usize, amount: u64) -> String {
    format!("{who} takes {amount} from heap {heap}…")
}

/// Another game's move about to be played by `who`, in the game's words: `Ann: split heap 2 into 3
/// and 4…`.
pub fn about_to_move(who: &str, mv: &str) -> String {
    format!("{who}: {mv}…")
}

/// The coach on a move that gave the win away, with the winning moves it missed in the game's
/// words; `who` names whose move it was when two people share the keyboard.
pub fn coach_missed(who: Option<&str>, moves: &[String]) -> String {
    let list = moves.join(", ");
    match (who, moves.len() == 1) {
        (None, true) => format!("Coach: that gave the win away; the winning move was: {list}"),
        (None, false) => format!("Coach: that gave the win away; the winning moves were: {list}"),
        (Some(who), true) => format!("Coach: {who}'s move gave the win away; the winning move was: {list}"),
        (Some(who), false) => {
            format!("Coach: {who}'s move gave the win away; the winning moves were: {list}")
        }
    }
}

/// The label before the hint's reason: the position is winning, or lost.
pub fn hint_label(winning: bool) -> &'static str {
    if winning { "Hint: " } else { "Hint (losing position): " }
}

/// The answer being chosen in a puzzle: `Your answer: take 2 from heap 1`.
pub fn your_answer(mv: &str) -> String {
    format!("Your answer: {mv}")
}

/// The verdict on a puzzle's right answer found without the hint.
pub fn puzzle_right() -> &'static str {
    "Right!"
}

/// The verdict on a puzzle's right answer found with the hint's help; `counted` tells whether the
/// puzzle still counts, as not solved.
pub fn puzzle_right_with_hint(counted: bool) -> String {
    match counted {
        true => "Right, with the hint's help (counted as not solved).".to_string(),
        false => "Right, with the hint's help (not counted).".to_string(),
    }
}

/// The verdict on a puzzle's wrong answer, the move in words: `Not that one: take 1 from heap 2
/// loses.`
pub fn puzzle_wrong(mv: &str) -> String {
    format!("Not that one: {mv} loses.")
}

/// The puzzle's winning move with why it wins, after an answer.
pub fn puzzle_winning_move(explanation: &str) -> String {
    format!("The winning move: {explanation}")
}

/// A replay's next Nim take: `Next: Ann takes 2 from heap 1`, or `Next: You take 2 from heap 1`
/// when `you` (the person against the AI) made it.
pub fn next_take(who: &str, you: bool, heap: usize, amount: u64) -> String {
    match you {
        true => format!("Next: {who} take {amount} from heap {heap}"),
        false => format!("Next: {who} takes {amount} from heap {heap}"),
    }
}

/// A replay's next move of another game, in the game's words: `Next: Ann: split heap 2 into 3 and
/// 4`.
pub fn next_move(who: &str, mv: &str) -> String {
    format!("Next: {who}: {mv}")
}

/// A replay at its end, with how the game ended when the record says so.
pub fn replay_end(how: Option<&str>) -> String {
    match how {
        Some(how) => format!("The end of the game: {how}"),
        None => "The end of the game".to_string(),
    }
}

/// A review at its start, before any move is judged.
pub fn review_start() -> &'static str {
    "The start of the game: step forward to see each move judged"
}

/// A move shown in a review, as played: `Move 3: Ann took 2 from heap 1` (`mv` in the past tense).
pub fn review_move(number: usize, who: &str, mv: &str) -> String {
    format!("Move {number}: {who} {mv}")
}

/// A review's verdict on a move that kept a winning position, after its mark.
pub fn review_kept(mark: &str) -> String {
    format!("{mark} kept a winning position")
}

/// A review's verdict on a move from a position already lost.
pub fn review_already_lost() -> &'static str {
    "already lost: no move wins against perfect play"
}

/// A review's verdict on a move that gave the win away, after its mark, with the winning moves in
/// the game's words.
pub fn review_missed(mark: &str, moves: &[String]) -> String {
    format!("{mark} gave the win away; the winning move was: {}", moves.join(", "))
}

/// A Nim take as the move list writes it: `2 from heap 1`.
pub fn listed_take(heap: usize, amount: u64) -> String {
    format!("{amount} from heap {heap}")
}

/// How the Grundy values of `kind` go, in a sentence for the teaching panel and `solve`: `Grundy
/// values repeat every 12 from row 71 on: a row of n is worth what one of n - 12 is`.
pub fn grundy_pattern(kind: GameKind, pattern: GrundyPattern) -> String {
    match pattern {
        GrundyPattern::Periodic { from, period } => {
            let word = heap(kind);
            format!(
                "Grundy values repeat every {period} from {word} {from} on: a {word} of n is worth what one of n - {period} is"
            )
        }
        GrundyPattern::Lasker => {
            "Grundy values follow a pattern of period 4: a heap of 4k+1 or 4k+2 is worth itself, \
             4k+3 is worth 4k+4 and 4k+4 is worth 4k+3"
                .to_string()
        }
    }
}

/// A move in words as one to make, from the move alone, without the position it is made from:
/// `take 2 from heap 1` (a split's new heap is told without its size; see [`MoveWords::plain`]).
pub fn plain_move(mv: &crate::engine::Move) -> String {
    move_text(&MoveWords::plain(mv), Tense::Present)
}

/// The coach on a move that kept a winning position, about `who`, or about "you" when `None`.
pub fn coach_kept(who: Option<&str>) -> String {
    match who {
        Some(who) => format!("Coach: good move, {who} kept a winning position"),
        None => "Coach: good move, you kept a winning position".to_string(),
    }
}

/// The coach on a move from a position already lost, about `who`, or plainly when `None`.
pub fn coach_already_lost(who: Option<&str>) -> String {
    match who {
        Some(who) => format!("Coach: {who} was already lost; no move wins against perfect play"),
        None => "Coach: the position was already lost, no move wins against perfect play".to_string(),
    }
}

/// The banner's title when the person playing the AI wins.
pub fn you_win() -> &'static str {
    "You win!"
}

/// The banner's title when the person playing the AI loses.
pub fn you_lose() -> &'static str {
    "You lose"
}

/// The banner's title when `who` wins: `Ann wins!`.
pub fn wins(who: &str) -> String {
    format!("{who} wins!")
}

/// A win with help (the hint, an undo), which streaks do not count: `Assisted win (hint, undo):
/// not counted in streaks`.
pub fn assisted_win(help: &[&str]) -> String {
    format!("Assisted win ({}): not counted in streaks", help.join(", "))
}

/// The player's streak of wins and the best one: `Streak 3 · best 5`.
pub fn streak(current: u64, best: u64) -> String {
    format!("Streak {current} · best {best}")
}

/// The status line when the game is over.
pub fn game_over() -> &'static str {
    "Game over"
}

/// The status line when a demo is paused.
pub fn paused() -> &'static str {
    "Paused"
}

/// The status line when the person playing the AI is to move.
pub fn your_turn() -> &'static str {
    "Your turn"
}

/// The status line when `who` is to move, two people sharing the keyboard: `Ann's turn`.
pub fn turn_of(who: &str) -> String {
    format!("{who}'s turn")
}

/// The status line while `who`, a computer player, chooses its move: `AI is thinking…`.
pub fn thinking(who: &str) -> String {
    format!("{who} is thinking…")
}

/// The score of a match between two people, each name beside its own wins: "Ann 2 – 1 Bob".
pub fn score(first: &str, first_wins: u32, second_wins: u32, second: &str) -> String {
    format!("{first} {first_wins} – {second_wins} {second}")
}

/// Who opens a rematch between two people, and why: the first move alternates from game to game.
pub fn rematch_first(who: &str) -> String {
    format!("Rematch: {who} moves first (the first move alternates)")
}

/// Beside a name field still holding the default name, which the first typed character replaces.
pub fn name_placeholder() -> &'static str {
    "  type a name"
}

/// Under a lesson's exercise: the key that starts a game of its position.
pub fn play_this_position(key: &str) -> String {
    format!("Play this position now: press {key} for a game against the perfect AI.")
}

/// Under the lesson's binary columns: what the marked columns mean.
pub fn odd_columns() -> &'static str {
    "marked: an odd count of ones, a 1 in the nim-sum"
}

/// Above the lesson's table of Grundy values: the game's moves.
pub fn grundy_moves() -> &'static str {
    "a move takes 1, 3 or 4 tokens"
}

/// Under the lesson's table of Grundy values: which values lose.
pub fn grundy_zero_loses() -> &'static str {
    "a heap worth 0 is lost for the player to move"
}

// The server's words (`nim-tui serve`): what a player connected over SSH reads from the server
// itself rather than from a screen of the game, from `serve.ftl` in the connection's language.

/// The server's message `id` with its arguments, each a piece of text.
fn serve_text(id: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, crate::i18n::Arg)> =
        args.iter().map(|&(name, value)| (name, value.into())).collect();
    crate::i18n::text_with(id, &args)
}

/// Told to a connection that asked for no terminal (`ssh host`, piped, or `ssh -T`).
pub fn serve_needs_terminal() -> String {
    serve_text("serve-needs-terminal", &[])
}

/// Told to a connection that asked to run a command or a subsystem, which the server refuses.
pub fn serve_no_commands() -> String {
    serve_text("serve-no-commands", &[])
}

/// The keyboard-interactive prompt for the class code.
pub fn serve_code_prompt() -> String {
    serve_text("serve-code-prompt", &[])
}

/// The line under the prompt for the class code.
pub fn serve_code_instructions() -> String {
    serve_text("serve-code-instructions", &[])
}

/// The line shown over the game when an idle player is about to be disconnected.
pub fn serve_idle_warning(seconds: u64) -> String {
    serve_text("serve-idle-warning", &[("seconds", &seconds.to_string())])
}

/// Said to a player disconnected for being idle.
pub fn serve_idle_kicked() -> String {
    serve_text("serve-idle-kicked", &[])
}

/// Said to everyone when the server stops.
pub fn serve_stopping(had_game: bool) -> String {
    match had_game {
        true => serve_text("serve-stopping-game", &[]),
        false => serve_text("serve-stopping", &[]),
    }
}

/// What the game says when a finished game's record is asked for on the server.
pub fn serve_no_records() -> String {
    serve_text("serve-no-records", &[])
}

/// The lobby's title line: `nim-tui · a classroom · you are alice`.
pub fn serve_lobby_title(me: &str) -> String {
    serve_text("serve-lobby-title", &[("me", me)])
}

/// The heading of the list of people on the server.
pub fn serve_people(count: usize) -> String {
    crate::i18n::text_with("serve-people", &[("n", count.into())])
}

/// Someone in the lobby, as the lobby lists them.
pub fn serve_in_lobby() -> String {
    serve_text("serve-in-lobby", &[])
}

/// Someone playing the AI (or on the game's own screens), as the lobby lists them.
pub fn serve_playing_ai() -> String {
    serve_text("serve-playing-ai", &[])
}

/// Someone playing `with`, as the lobby lists them.
pub fn serve_playing(with: &str) -> String {
    serve_text("serve-playing", &[("with", with)])
}

/// Someone watching `whom`, as the lobby lists them.
pub fn serve_watching_someone(whom: &str) -> String {
    serve_text("serve-watching-someone", &[("whom", whom)])
}

/// The player's own name as the lobby lists it: `alice (you)`.
pub fn serve_you(name: &str) -> String {
    serve_text("serve-you", &[("name", name)])
}

/// A teacher's name as the lobby lists it: `mr-smith (teacher)`.
pub fn serve_teacher(name: &str) -> String {
    serve_text("serve-teacher", &[("name", name)])
}

/// The heading of the leaderboard against the AI.
pub fn serve_board_ai() -> String {
    serve_text("serve-board-ai", &[])
}

/// The heading of the leaderboard between players.
pub fn serve_board_players() -> String {
    serve_text("serve-board-players", &[])
}

/// The leaderboard before anyone has finished a game.
pub fn serve_board_empty() -> String {
    serve_text("serve-board-empty", &[])
}

/// A line of the leaderboard against the AI: `nim · perfect: alice 3/4  bob 1/2`.
pub fn serve_board_line(game: &str, level: &str, names: &str) -> String {
    serve_text("serve-board-line", &[("game", game), ("level", level), ("names", names)])
}

/// The lobby's keys.
pub fn serve_lobby_keys(enter: &str, quit: &str) -> String {
    serve_text("serve-lobby-keys", &[("enter", enter), ("quit", quit)])
}

/// Said in the lobby to someone challenged.
pub fn serve_challenged(by: &str) -> String {
    serve_text("serve-challenged", &[("by", by)])
}

/// Said in the lobby to the challenger while the other decides.
pub fn serve_challenge_sent(to: &str) -> String {
    serve_text("serve-challenge-sent", &[("to", to)])
}

/// Said in the lobby when a challenge was declined.
pub fn serve_declined(by: &str) -> String {
    serve_text("serve-declined", &[("by", by)])
}

/// Said when the other player left a game between two people.
pub fn serve_left(who: &str) -> String {
    serve_text("serve-left", &[("who", who)])
}

/// Said when someone cannot be challenged now.
pub fn serve_busy(who: &str) -> String {
    serve_text("serve-busy", &[("who", who)])
}

/// Said when there is no game to watch.
pub fn serve_nothing_to_watch(who: &str) -> String {
    serve_text("serve-nothing-to-watch", &[("who", who)])
}

/// The line at the top of a game with watchers: `Watching: carol, dave`.
pub fn serve_watched_by(names: &[String]) -> String {
    let names = names.join(&serve_text("serve-list-separator", &[]));
    serve_text("serve-watched-by", &[("names", &names)])
}

/// The line at the top of a game being watched, for the watcher.
pub fn serve_watching(players: &str, quit: &str) -> String {
    serve_text("serve-watching", &[("players", players), ("quit", quit)])
}

/// Two players' names, for the watcher's line: `alice and bob`, or `alice` against the AI.
pub fn serve_players(first: &str, second: Option<&str>) -> String {
    match second {
        Some(second) => serve_text("serve-players-two", &[("first", first), ("second", second)]),
        None => serve_text("serve-players-ai", &[("first", first)]),
    }
}

/// The line of a game between two people when it is the other's turn.
pub fn serve_wait_for(who: &str) -> String {
    serve_text("serve-wait-for", &[("who", who)])
}

/// The heading of the teacher's list of games in progress.
pub fn serve_in_progress() -> String {
    serve_text("serve-in-progress", &[])
}

/// The teacher's line when no game is in progress.
pub fn serve_none_in_progress() -> String {
    serve_text("serve-none-in-progress", &[])
}

/// The heading of the teacher's list of results as they come.
pub fn serve_recent() -> String {
    serve_text("serve-recent", &[])
}

/// One result in the teacher's list: `alice won against ai (nim, perfect), 7 moves`. `outcome`
/// and `opponent` are as the server's database keeps them (`won`, `lost`, `ended_by_server`;
/// `ai` for the AI), `game` and `level` its names for them.
pub fn serve_result(
    player: &str,
    outcome: &str,
    opponent: &str,
    game: &str,
    level: &str,
    moves: u32,
) -> String {
    let game = serve_text("serve-result-game", &[("game", game), ("level", level)]);
    let id = match (outcome, opponent == "ai") {
        ("won", false) => "serve-result-won",
        ("won", true) => "serve-result-won-ai",
        ("lost", false) => "serve-result-lost",
        ("lost", true) => "serve-result-lost-ai",
        (_, false) => "serve-result-ended",
        (_, true) => "serve-result-ended-ai",
    };
    let moves = moves.to_string();
    serve_text(id, &[("player", player), ("opponent", opponent), ("game", &game), ("moves", &moves)])
}

/// The teacher's line about the position given to everyone: `Everyone's position: 3 4 5`.
pub fn serve_assignment(position: &str) -> String {
    serve_text("serve-assignment", &[("position", position)])
}

/// One student's answer to the position given to everyone: `carol won in 42 s`.
pub fn serve_assignment_result(name: &str, won: bool, seconds: u64) -> String {
    let seconds = seconds.to_string();
    match won {
        true => serve_text("serve-assignment-won", &[("name", name), ("seconds", &seconds)]),
        false => serve_text("serve-assignment-lost", &[("name", name), ("seconds", &seconds)]),
    }
}

/// The teacher's key in the lobby.
pub fn serve_give_key() -> String {
    serve_text("serve-give-key", &[])
}

// The games' own pictures (src/ui/pins.rs, queen.rs, limit.rs).

/// The foot of a line of pins too long for the board, scrolled: `lines 2 to 3 of 5`.
pub fn pin_lines_shown(first: usize, last: usize, of: usize) -> String {
    format!("lines {first} to {last} of {of}")
}

/// Fibonacci Nim's limit on the bracket under the tokens it reaches: `take up to 6`.
pub fn limit_bracket(most: u64) -> String {
    format!("take up to {most}")
}

/// Under Wythoff's grid: where the queen stands, `Queen: 4 across and 9 up from the corner +`.
pub fn queen_caption(across: u64, up: u64) -> String {
    format!("Queen: {across} across and {up} up from the corner +")
}

/// Under Wythoff's grid when the heaps are too large for it: `A window, cut at ⋯: the queen is
/// 200 across, 150 up`.
pub fn queen_window(across: u64, up: u64) -> String {
    format!("A window, cut at ⋯: the queen is {across} across, {up} up")
}
