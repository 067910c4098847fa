//! The games' words, in one place: the engine describes each game with values
//! ([`crate::engine::Words`]: what a heap is, what it holds, what a move does), and this module
//! turns them into text for every screen, message and file that speaks of a game. Each sentence
//! is a message of `assets/locales/<language>/words.ftl`, asked for by its id with its numbers and
//! names as arguments ([`crate::i18n`]), so a language is a message file and no code here.

use crate::engine::{
    Cap, EuclidReason, EuclidView, Explanation, FibonacciReason, FibonacciView, GameKind, GrundyPattern,
    GrundyReason, GrundyView, HeapNoun, LastMove, LeastReason, Mode, MooreReason, MoveReason, MoveShape,
    MoveWords, QuotientReason, QuotientView, Teaching, Unit, Verb, WythoffHow, WythoffReason, WythoffView,
};
use crate::i18n::{self, Arg, Language};

mod teaching;

pub use teaching::{Panel, Tone, Toned, panel, plain_lines, reason, solve_lines};

/// The message `id` with its arguments.
fn say(lang: Language, id: &str, args: &[(&str, Arg)]) -> String {
    i18n::text_with(lang, id, args)
}

/// A number shown as it is (every digit), as a message's argument that chooses no plural.
fn num(n: impl ToString) -> Arg {
    Arg::Text(n.to_string())
}

/// Text as a message's argument.
fn txt(text: impl Into<String>) -> Arg {
    Arg::Text(text.into())
}

/// The message `id`, which takes no arguments, in `lang` as a `&'static str`,
/// so the functions that always returned one still do ([`i18n::label`] keeps each once).
fn fixed(lang: Language, id: &'static str) -> &'static str {
    i18n::label(lang, id)
}

/// `items` as a list a person reads, with the language's separator: `a, b, c`.
fn listed(lang: Language, items: &[String]) -> String {
    // Items that hold a clause of their own (`…木瓶，这排断成…`, `split heap 2, leaving…`) are
    // set apart by a semicolon, so that the list's commas and theirs do not run together.
    let clauses = items.iter().any(|item| item.contains('，') || item.contains(", "));
    items.join(&i18n::text(lang, if clauses { "list-separator-clauses" } else { "list-separator" }))
}

/// `items` as a list ending in "and": `a, b and c`.
fn listed_and(lang: Language, items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            say(lang, "list-and", &[("rest", txt(listed(lang, rest))), ("last", txt(last.as_str()))])
        }
        _ => items.concat(),
    }
}

/// `items` as a list ending in "or": `1, 2 or 3`.
fn listed_or(lang: Language, items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            say(lang, "list-or", &[("rest", txt(listed(lang, rest))), ("last", txt(last.as_str()))])
        }
        _ => items.concat(),
    }
}

/// The ground at the foot of Staircase Nim's stairs, where coins leave the game.
pub fn ground(lang: Language) -> &'static str {
    fixed(lang, "word-ground")
}

/// What a heap of `kind` is called: `heap` or `row`.
pub fn heap(lang: Language, kind: GameKind) -> &'static str {
    match kind.describe().words.heap {
        HeapNoun::Heap => fixed(lang, "word-heap"),
        HeapNoun::Row => fixed(lang, "word-row"),
        HeapNoun::Step => fixed(lang, "word-step"),
        HeapNoun::Head => fixed(lang, "word-head"),
        HeapNoun::Tree => fixed(lang, "word-tree"),
    }
}

/// A heap of `kind` by its number: `heap 3`, `row 2`.
pub fn numbered(lang: Language, kind: GameKind, number: usize) -> String {
    match kind.describe().words.heap {
        HeapNoun::Heap => say(lang, "word-heap-number", &[("number", num(number))]),
        HeapNoun::Row => say(lang, "word-row-number", &[("number", num(number))]),
        HeapNoun::Step => say(lang, "word-step-number", &[("number", num(number))]),
        HeapNoun::Head => say(lang, "word-head-number", &[("number", num(number))]),
        HeapNoun::Tree => say(lang, "word-tree-number", &[("number", num(number))]),
    }
}

/// What a heap of `kind` holds, in the plural: `tokens` or `pins`.
pub fn units(lang: Language, kind: GameKind) -> &'static str {
    match kind.describe().words.unit {
        Unit::Token => fixed(lang, "word-tokens"),
        Unit::Pin => fixed(lang, "word-pins"),
        Unit::Coin => fixed(lang, "word-coins"),
        Unit::Square => fixed(lang, "word-squares"),
        Unit::Edge => fixed(lang, "word-edges"),
    }
}

/// `count` of what a heap of `kind` holds, singular or plural as the count asks: `1 pin`, `3 pins`,
/// `1 token`. Every count written with its unit goes through here, so "1 pins" cannot happen.
pub fn count_of(lang: Language, kind: GameKind, count: u64) -> String {
    // A head of a row of coins is known by its place, not by a count.
    if kind.describe().words.heap == HeapNoun::Head {
        return say(lang, "head-at-place", &[("n", num(count))]);
    }
    match kind.describe().words.unit {
        Unit::Token => say(lang, "tokens-count", &[("n", Arg::Count(count))]),
        Unit::Pin => say(lang, "pins-count", &[("n", Arg::Count(count))]),
        Unit::Coin => say(lang, "coins-count", &[("n", Arg::Count(count))]),
        Unit::Square => say(lang, "squares-count", &[("n", Arg::Count(count))]),
        Unit::Edge => say(lang, "edges-count", &[("n", Arg::Count(count))]),
    }
}

/// What a move of `kind` does, in the infinitive: `take` or `knock down`.
pub fn verb(lang: Language, kind: GameKind) -> &'static str {
    match kind.describe().words.verb {
        Verb::Take => fixed(lang, "word-take"),
        Verb::KnockDown => fixed(lang, "word-knock-down"),
        Verb::MoveDown => fixed(lang, "word-move-down"),
        Verb::Turn => fixed(lang, "word-turn"),
        Verb::Slide => fixed(lang, "word-slide"),
        Verb::Cut => fixed(lang, "word-cut"),
    }
}

/// What `who` did to win in normal play, as one sentence: `Ann took the last token`.
pub fn won_by_last_move(lang: Language, who: &str, last: LastMove) -> String {
    let id = match last {
        LastMove::TookLastToken => "won-took-last-token",
        LastMove::KnockedDownLastPin => "won-knocked-down-last-pin",
        LastMove::MadeLastMove => "won-made-last-move",
        LastMove::MadeZero => "won-made-zero",
    };
    say(lang, id, &[("who", txt(who))])
}

/// How the normal-play convention reads for `kind`: `whoever takes the last token wins`.
pub fn normal_play(lang: Language, kind: GameKind) -> &'static str {
    match kind.describe().words.last {
        LastMove::TookLastToken => fixed(lang, "normal-play-token"),
        LastMove::KnockedDownLastPin => fixed(lang, "normal-play-pin"),
        LastMove::MadeLastMove => fixed(lang, "normal-play-move"),
        LastMove::MadeZero => fixed(lang, "normal-play-zero"),
    }
}

/// Whether the moves of `kind` read as plain takes, "2 from heap 1": a game whose every move
/// takes any number from one heap (Nim). Other games' moves are told in their own words
/// ([`crate::engine::Rules::move_words`], [`move_text`]).
pub fn plain_takes(kind: GameKind) -> bool {
    let described = kind.describe();
    matches!(described.shape, MoveShape::OneHeap { cap: Cap::None }) && described.words.verb == Verb::Take
}

/// The board's frame title, from what the game's heaps are: `Steps`, `A row of coins`, `Rows of
/// pins`; `None` for heaps of tokens, whose title says more (Fibonacci Nim's limit).
pub fn frame_title(lang: Language, kind: GameKind) -> Option<String> {
    match kind.describe().words.heap {
        HeapNoun::Step => Some(i18n::text(lang, "frame-steps")),
        HeapNoun::Head if kind.describe().shape == MoveShape::Corners => Some(i18n::text(lang, "frame-grid")),
        HeapNoun::Head => Some(i18n::text(lang, "frame-coins")),
        HeapNoun::Row => Some(say(lang, "frame-rows-of", &[("units", txt(units(lang, kind)))])),
        HeapNoun::Tree => Some(i18n::text(lang, "frame-trees")),
        HeapNoun::Heap => None,
    }
}

/// Why numbers are not a position of the game
/// ([`PositionError`](crate::engine::PositionError)), for people: `solve`'s refusals, and any
/// door's.
pub fn position_problem(lang: Language, problem: &crate::engine::PositionError) -> String {
    use crate::engine::PositionError;
    use crate::i18n::{text, text_with};
    match problem {
        PositionError::HeapCount { game, heaps, given } => text_with(
            lang,
            "solve-error-heap-count",
            &[
                ("game", Arg::Text(game_named(lang, game))),
                ("heaps", Arg::from(*heaps)),
                ("given", Arg::Text(given.to_string())),
            ],
        ),
        PositionError::UnexpectedLimit => text(lang, "solve-error-unexpected-limit"),
        PositionError::ZeroLimit => text(lang, "solve-error-zero-limit"),
        PositionError::TooManyCoins { total } => text_with(
            lang,
            "solve-error-too-many-coins",
            &[("max", Arg::Text(u64::MAX.to_string())), ("total", Arg::Text(total.to_string()))],
        ),
        PositionError::Board(problem) => board_problem_text(lang, problem),
        PositionError::Forest(problem) => forest_problem(lang, problem),
        PositionError::Heads { found } => {
            text_with(lang, "solve-error-heads", &[("found", Arg::Text(found.clone()))])
        }
    }
}

/// Why numbers are not a board of the game's, for people in the language chosen.
fn board_problem_text(lang: Language, problem: &crate::engine::BoardProblem) -> String {
    use crate::engine::BoardProblem;
    use crate::i18n::{Arg, text_with};
    let n = |v: u64| Arg::Text(v.to_string());
    match *problem {
        BoardProblem::Count { given } => {
            text_with(lang, "solve-error-board-count", &[("given", n(given as u64))])
        }
        BoardProblem::Mover { found } => text_with(lang, "solve-error-board-mover", &[("found", n(found))]),
        BoardProblem::Retreats => crate::i18n::text(lang, "solve-error-board-retreats"),
        BoardProblem::Row { row, width, white, black } => text_with(
            lang,
            "solve-error-board-row",
            &[("row", n(row as u64)), ("width", n(width)), ("white", n(white)), ("black", n(black))],
        ),
    }
}

/// A game the engine's error names by its English title (`Wythoff's game`), in the language
/// chosen: the title of the game that has it; any other as it is.
pub fn game_named(lang: Language, title: &str) -> String {
    use crate::engine::GameKind;
    if lang == Language::English {
        return title.to_string();
    }
    let moore = (1..=8).map(GameKind::Moore);
    // A subtraction game's title holds its set: `the subtraction game {1, 5}`.
    let set = title.split_once('{').and_then(|(_, rest)| rest.strip_suffix('}')).and_then(|set| {
        crate::engine::SubtractionSet::new(set.split(',').map_while(|a| a.trim().parse::<u64>().ok()))
    });
    GameKind::ALL
        .into_iter()
        .chain(moore)
        .chain(set.map(GameKind::Subtraction))
        .find(|kind| kind.title() == title)
        .map(|kind| capitalised(&self::title(lang, kind)))
        .unwrap_or_else(|| title.to_string())
}

/// The message of the key that lists the moves, which names what the moves leave: `rows` or
/// `heaps`.
pub fn move_list_key(kind: GameKind) -> &'static str {
    match kind.describe().words.heap {
        HeapNoun::Row => "keys-move-list-rows-after",
        HeapNoun::Heap | HeapNoun::Step | HeapNoun::Head | HeapNoun::Tree => "keys-move-list-heaps-after",
    }
}

/// The plain mode's line of the position, by what the heaps are (`Heaps: 3, 4, 5.`, `Rows: 3,
/// 4.`): its message id, which takes `$heaps` and `$count`.
pub fn position_line_id(kind: GameKind) -> &'static str {
    match kind.describe().words.heap {
        HeapNoun::Heap => "plain-heaps",
        HeapNoun::Row => "plain-rows",
        HeapNoun::Step => "plain-steps",
        HeapNoun::Head => "plain-heads",
        HeapNoun::Tree => "plain-trees",
    }
}

/// The convention in a few words, in the game's own terms: `last token wins`, `last pin loses`.
pub fn short_rule(lang: Language, kind: GameKind, mode: Mode) -> &'static str {
    match (kind.describe().words.last, mode) {
        (LastMove::TookLastToken, Mode::Normal) => fixed(lang, "short-rule-token-wins"),
        (LastMove::TookLastToken, Mode::Misere) => fixed(lang, "short-rule-token-loses"),
        (LastMove::KnockedDownLastPin, Mode::Normal) => fixed(lang, "short-rule-pin-wins"),
        (LastMove::KnockedDownLastPin, Mode::Misere) => fixed(lang, "short-rule-pin-loses"),
        (LastMove::MadeLastMove, Mode::Normal) => fixed(lang, "short-rule-move-wins"),
        (LastMove::MadeLastMove, Mode::Misere) => fixed(lang, "short-rule-move-loses"),
        (LastMove::MadeZero, Mode::Normal) => fixed(lang, "short-rule-zero-wins"),
        (LastMove::MadeZero, Mode::Misere) => fixed(lang, "short-rule-zero-loses"),
    }
}

/// Why a heap starts with more than one token, after the rule that says so.
pub fn least_reason(lang: Language, why: LeastReason) -> &'static str {
    match why {
        LeastReason::FirstMoveNotAll => fixed(lang, "least-first-move-not-all"),
        LeastReason::NoMove => fixed(lang, "least-no-move"),
    }
}

/// A start's heaps as the game plays them, for the start menu: the numbers, or, for a game
/// played on a board (whose numbers encode it), the board in words: its gaps, its rows' widths
/// and the retreats each side starts with.
pub fn fitted_heaps(lang: Language, kind: GameKind, heaps: &[u64]) -> String {
    use crate::engine::{Mode, Position, Rules, Ruleset, Side};
    let spaced = |numbers: &[u64]| numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let game = Ruleset::new(kind, Mode::Normal).game();
    // A game with a notation of its own (trees: `3 1(2,3)`) is written as `--heaps` takes it.
    if let Some(text) = game.write_position(&Position::new(heaps.to_vec())) {
        return text;
    }
    if let Some(board) = game.board_view(&Position::new(heaps.to_vec())) {
        return i18n::text_with(
            lang,
            "start-northcott-board",
            &[
                ("gaps", Arg::from(spaced(&board.gaps()))),
                ("widths", Arg::from(spaced(&board.widths()))),
                ("retreats", Arg::from(board.retreats(Side::White))),
            ],
        );
    }
    if kind.describe().shape == MoveShape::Corners {
        return cells(&crate::engine::heads(heaps).iter().map(|h| (h.x, h.y)).collect::<Vec<_>>());
    }
    spaced(heaps)
}

/// Cells of a grid as a person writes them: `(3, 2) (5, 4)`, column then row.
pub fn cells(cells: &[(u64, u64)]) -> String {
    cells.iter().map(|(x, y)| format!("({x}, {y})")).collect::<Vec<_>>().join(" ")
}
/// Why a start written in a game's own notation (Green Hackenbush's trees, `3 1(2,3)`) cannot
/// be read, for people in the language chosen: the start menu's refusal and `solve`'s.
pub fn notation_problem(lang: Language, problem: &crate::engine::hackenbush::NotationError) -> String {
    use crate::engine::hackenbush::{NOTATION_SEGMENTS_MOST, NotationError};
    let at = |id: &str, at: usize| say(lang, id, &[("at", num(at))]);
    match *problem {
        NotationError::Empty => i18n::text(lang, "notation-empty"),
        NotationError::Unexpected { found, at } => {
            say(lang, "notation-unexpected", &[("found", txt(found.to_string())), ("at", num(at))])
        }
        NotationError::Missing { at: place } => at("notation-missing", place),
        NotationError::Brackets => i18n::text(lang, "notation-brackets"),
        NotationError::Zero { at: place } => at("notation-zero", place),
        NotationError::TooLarge { at: place } => {
            say(lang, "notation-too-large", &[("at", num(place)), ("max", txt(u64::MAX.to_string()))])
        }
        NotationError::TooMany => say(lang, "notation-too-many", &[("most", num(NOTATION_SEGMENTS_MOST))]),
        NotationError::Reopened { at: place } => at("notation-reopened", place),
    }
}

/// Why numbers are not trees of Green Hackenbush, for people in the language chosen.
pub fn forest_problem(lang: Language, problem: &crate::engine::hackenbush::ForestProblem) -> String {
    use crate::engine::hackenbush::ForestProblem;
    match *problem {
        ForestProblem::Ends { at } => say(lang, "solve-error-forest-ends", &[("at", num(at))]),
        ForestProblem::Zero { at } => say(lang, "solve-error-forest-zero", &[("at", num(at))]),
        ForestProblem::TooLarge { tree } => say(
            lang,
            "solve-error-forest-too-large",
            &[("tree", num(tree)), ("max", txt(u64::MAX.to_string()))],
        ),
    }
}

/// Why the chosen move cannot be played, as a sentence in the screen's language. The moves
/// the keys and the mouse can choose are refused for these reasons; any other is the engine's
/// own (English) words. A game's new refusal is worded here, with the rest of its words.
pub fn refusal(lang: Language, kind: GameKind, error: &crate::engine::MoveError) -> String {
    use crate::engine::MoveError;
    use crate::i18n::text_with;
    let n = |name: &'static str, value: u64| (name, crate::i18n::Arg::from(value));
    let text = match error {
        MoveError::TakeNothing => crate::i18n::text(lang, "refused-take-nothing"),
        MoveError::TooMany { number, holds, take } => text_with(
            lang,
            "refused-too-many",
            &[n("heap", *number as u64), n("holds", *holds), n("take", *take)],
        ),
        MoveError::TooManyHeaps { most } => {
            text_with(lang, "refused-too-many-heaps", &[n("most", u64::from(*most))])
        }
        MoveError::NotInSet { take, allowed } => {
            let amounts = kind.amounts().map(|set| set.amounts().map(|a| a.to_string()));
            let list = amounts.map(|each| each.collect::<Vec<_>>().join("/")).unwrap_or_default();
            text_with(
                lang,
                "refused-not-in-set",
                &[n("take", *take), ("allowed", allowed.as_str().into()), ("list", list.into())],
            )
        }
        MoveError::OverLimit { take, limit } => {
            text_with(lang, "refused-over-limit", &[n("take", *take), n("limit", *limit)])
        }
        MoveError::WholeHeapFirst => crate::i18n::text(lang, "refused-whole-heap-first"),
        MoveError::Uneven => crate::i18n::text(lang, "refused-uneven"),
        MoveError::NotMultiple { number, take, other } => text_with(
            lang,
            "refused-not-multiple",
            &[n("number", *number as u64), n("take", *take), n("other", *other)],
        ),
        MoveError::BadSplit { number, holds, left } => text_with(
            lang,
            "refused-bad-split",
            &[n("heap", *number as u64), n("holds", *holds), n("left", *left)],
        ),
        MoveError::PinCount { count, .. } => {
            let one = kind.describe().shape.pin_counts().contains(&1);
            text_with(
                lang,
                "refused-pin-count",
                &[n("count", *count), ("one", if one { "yes" } else { "no" }.into())],
            )
        }
        MoveError::OctalMove { count, place } => {
            let code = kind.octal();
            let code_text = code.map(|c| c.to_string()).unwrap_or_default();
            match (place, code) {
                (crate::engine::OctalPlace::Count, _) | (_, None) => {
                    text_with(lang, "refused-octal-count", &[n("count", *count), ("code", code_text.into())])
                }
                (_, Some(code)) => text_with(
                    lang,
                    "refused-octal-place",
                    &[
                        n("count", *count),
                        ("code", code_text.into()),
                        ("places", octal_places(lang, code, *count).into()),
                    ],
                ),
            }
        }
        MoveError::BadSlide { row, to } => {
            text_with(lang, "refused-bad-slide", &[n("row", *row as u64), n("to", *to)])
        }
        MoveError::NoRetreat => crate::i18n::text(lang, "refused-no-retreat"),
        MoveError::NoSuchEdge { tree, edges, edge } => text_with(
            lang,
            "refused-no-such-edge",
            &[n("tree", *tree as u64), n("edges", *edges), n("edge", *edge)],
        ),
        other => other.to_string(),
    };
    capitalised(&text)
}

/// `text` with its first letter a capital, for a sentence's start: the one capitaliser of the
/// program. Only the first character changes, and only if it has a capital, so a sentence in a
/// script without capitals (Chinese) comes back as it went in.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `text` padded with spaces on the right to `width` display columns (as `{:<width$}` does for
/// characters); a longer text is left whole.
pub fn padded(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(unicode_width::UnicodeWidthStr::width(text))))
}

/// `text` padded with spaces on the left to `width` display columns (as `{:>width$}` does for
/// characters); a longer text is left whole.
pub fn right_aligned(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(unicode_width::UnicodeWidthStr::width(text))))
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
/// pins 3 and 4 of row 1`. Each kind of move is one message with its numbers.
pub fn move_text(lang: Language, words: &MoveWords, tense: Tense) -> String {
    use Tense::{Past, Present};
    let past = tense == Past;
    let pick = |present: &'static str, past_id: &'static str| if past { past_id } else { present };
    match words {
        &MoveWords::Take { heap, amount } => {
            say(lang, pick("move-take", "move-took"), &[("heap", num(heap)), ("amount", num(amount))])
        }
        &MoveWords::TakeFromTheHeap { amount } => {
            say(lang, pick("move-take-from-the-heap", "move-took-from-the-heap"), &[("amount", num(amount))])
        }
        MoveWords::TakeMany(takes) => {
            say(lang, pick("move-take-many", "move-took-many"), &[("list", txt(take_list(lang, takes)))])
        }
        &MoveWords::TakeFromBoth { amount } => {
            say(lang, pick("move-take-from-both", "move-took-from-both"), &[("amount", num(amount))])
        }
        &MoveWords::Split { heap, left, right: Some(right) } => {
            say(lang, "move-split", &[("heap", num(heap)), ("left", num(left)), ("right", num(right))])
        }
        &MoveWords::Split { heap, left, right: None } => {
            say(lang, "move-split-open", &[("heap", num(heap)), ("left", num(left))])
        }
        &MoveWords::TakeAndLeave { heap, amount, left } => say(
            lang,
            pick("move-take-and-leave", "move-took-and-left"),
            &[("heap", num(heap)), ("amount", num(amount)), ("left", num(left))],
        ),
        &MoveWords::KnockDown { row, first, count, breaking } => {
            let id = match (count >= 2, breaking.is_some(), tense) {
                (false, false, Present) => "move-knock-down-pin",
                (false, false, Past) => "move-knocked-down-pin",
                (true, false, Present) => "move-knock-down-pins",
                (true, false, Past) => "move-knocked-down-pins",
                (false, true, Present) => "move-knock-down-pin-breaking",
                (false, true, Past) => "move-knocked-down-pin-breaking",
                (true, true, Present) => "move-knock-down-pins-breaking",
                (true, true, Past) => "move-knocked-down-pins-breaking",
            };
            let (left, rest) = breaking.unwrap_or_default();
            say(
                lang,
                id,
                &[
                    ("row", num(row)),
                    ("first", num(first)),
                    // The last pin knocked down (named by the messages of two pins or more):
                    // `first` itself for one pin, which may be pin u64::MAX, so never `first + 1`.
                    ("second", num(first + (count - 1))),
                    // Three pins or more are said as a run, from the first to the last.
                    ("run", txt(if count > 2 { "yes" } else { "no" })),
                    ("left", num(left)),
                    ("rest", num(rest)),
                ],
            )
        }
        &MoveWords::MoveDown { step, amount } => {
            let id = match (step, tense) {
                (1, Present) => "move-down-to-ground",
                (1, Past) => "move-moved-down-to-ground",
                (_, Present) => "move-down",
                (_, Past) => "move-moved-down",
            };
            say(
                lang,
                id,
                &[
                    ("step", num(step)),
                    ("below", num(step.saturating_sub(1))),
                    ("amount", Arg::Count(amount)),
                ],
            )
        }
        &MoveWords::Cut { tree, edge, falls } => say(
            lang,
            pick("move-cut", "move-cut-past"),
            &[("tree", num(tree)), ("edge", num(edge)), ("falls", Arg::Count(falls))],
        ),
        &MoveWords::Slide { row, from, to, retreat, white } => {
            let id = match (retreat, tense) {
                (false, Present) => "move-slide",
                (false, Past) => "move-slid",
                (true, Present) => "move-slide-back",
                (true, Past) => "move-slid-back",
            };
            let colour = fixed(lang, if white { "word-white" } else { "word-black" });
            say(
                lang,
                id,
                &[
                    ("row", num(row)),
                    ("from", num(from)),
                    ("to", num(to)),
                    ("colour", txt(colour.to_string())),
                ],
            )
        }
        &MoveWords::Corners { head: (x, y), corner: (a, b) } => say(
            lang,
            pick("move-corners", "move-turned-corners"),
            &[("x", num(x)), ("y", num(y)), ("a", num(a)), ("b", num(b))],
        ),
        &MoveWords::Run { right, left } if right == left => {
            say(lang, pick("move-turn-head", "move-turned-head"), &[("head", num(right))])
        }
        &MoveWords::Run { right, left } => say(
            lang,
            pick("move-turn-run", "move-turned-run"),
            &[("head", num(right)), ("left", num(left)), ("count", Arg::Count(right - left + 1))],
        ),
        MoveWords::Turn(coins) => {
            let head = coins.first().copied().unwrap_or(0);
            let others: Vec<String> = coins.iter().skip(1).map(u64::to_string).collect();
            let id = match (others.is_empty(), tense) {
                (true, Present) => "move-turn-head",
                (true, Past) => "move-turned-head",
                (false, Present) => "move-turn-head-and",
                (false, Past) => "move-turned-head-and",
            };
            let count = Arg::Count(others.len() as u64);
            say(
                lang,
                id,
                &[
                    ("head", num(head)),
                    ("others", txt(listed_and(lang, &others))),
                    // The places alone, for a language that writes them after one ordinal word
                    // (第 2、1 位), not with "and" (第 2和1 位).
                    ("places", txt(listed(lang, &others))),
                    ("count", count),
                ],
            )
        }
    }
}

/// The takes of a move on several heaps, as a list: `1 from heap 1, 2 from heap 2 and 3 from heap
/// 3`.
fn take_list(lang: Language, takes: &[(usize, u64)]) -> String {
    let parts: Vec<String> = takes
        .iter()
        .map(|(heap, amount)| say(lang, "move-take-part", &[("heap", num(heap)), ("amount", num(amount))]))
        .collect();
    listed_and(lang, &parts)
}

/// The name of a convention a person reads: `normal play`, `misère`.
pub fn mode_title(lang: Language, mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => fixed(lang, "convention-normal"),
        Mode::Misere => fixed(lang, "convention-misere"),
    }
}

/// A convention's rule in one line, so the two are never confused.
pub fn mode_rule(lang: Language, mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => fixed(lang, "convention-rule-normal"),
        Mode::Misere => fixed(lang, "convention-rule-misere"),
    }
}

/// A convention's rule in one line in the game's own terms: `whoever knocks down the last pin
/// wins`; misère as Nim's, but in Kayles's pins (`whoever knocks down the last pin loses`).
pub fn game_mode_rule(lang: Language, kind: GameKind, mode: Mode) -> &'static str {
    match (mode, kind.describe().words.last) {
        (Mode::Normal, _) => normal_play(lang, kind),
        (Mode::Misere, LastMove::KnockedDownLastPin) => fixed(lang, "misere-play-pin"),
        (Mode::Misere, _) => mode_rule(lang, mode),
    }
}

/// The message ids of a game's names: the engine's registry says which
/// ([`GameKind::message_ids`]), so this module names no game; Moore's Nim_k and a subtraction
/// game take their parameter as `$k` or `$set`.
fn names(kind: GameKind) -> crate::engine::MessageIds {
    kind.message_ids()
}

/// The parameters a game's names are written with: Moore's K, a subtraction game's set (`1,2,3`
/// as `$set`, `1, 2, 3` as `$set-spaced`).
fn name_args(lang: Language, kind: GameKind) -> Vec<(&'static str, Arg)> {
    // The most heaps one move may take from: Moore's K, read off the move's shape.
    let k = match kind.describe().shape {
        MoveShape::UpToHeaps(k) => k.to_string(),
        _ => String::new(),
    };
    let set = kind.amounts().map(|set| set.to_string()).unwrap_or_default();
    // A long run of amounts (Bachet's 1 to 10) is written as its ends, so the status line has
    // room for it: `1–10`; any other set as it is.
    let short = match kind.amounts().and_then(long_run) {
        Some((from, to)) => say(lang, "set-range", &[("from", num(from)), ("to", num(to))]),
        None => set.clone(),
    };
    let spaced = kind
        .amounts()
        .map(|set| set.amounts().map(|a| a.to_string()).collect::<Vec<_>>().join(", "))
        .unwrap_or_default();
    // An octal game's code: `0.53`.
    let code = kind.octal().map(|code| code.to_string()).unwrap_or_default();
    vec![
        ("k", txt(k)),
        ("set", txt(set)),
        ("set-short", txt(short)),
        ("set-spaced", txt(spaced)),
        ("code", txt(code)),
    ]
}

/// Where an octal game's code lets `count` neighbouring pins fall, as a list: `a whole row or
/// inside`.
pub fn octal_places(lang: Language, code: crate::engine::OctalCode, count: u64) -> String {
    let places: Vec<String> = [(0, "octal-place-whole"), (1, "octal-place-end"), (2, "octal-place-inside")]
        .into_iter()
        .filter(|&(parts, _)| code.allows(count, parts))
        .map(|(_, id)| i18n::text(lang, id))
        .collect();
    listed_or(lang, &places)
}

/// An octal game's rule from its code: for each number of pins a move may knock down, where.
fn octal_rule(lang: Language, code: crate::engine::OctalCode) -> String {
    let takes: Vec<String> = code
        .takes()
        .filter(|&k| k > 0)
        .map(|k| {
            say(
                lang,
                "octal-rule-take",
                &[("count", Arg::from(k)), ("places", txt(octal_places(lang, code, k)))],
            )
        })
        .collect();
    say(lang, "game-rule-octal", &[("code", txt(code.to_string())), ("takes", txt(listed_or(lang, &takes)))])
}

/// The ends of a set of amounts that runs without a gap through four or more (`1` and `10` for
/// Bachet's game); `None` for a shorter or broken one, which is written whole.
fn long_run(set: crate::engine::SubtractionSet) -> Option<(u64, u64)> {
    let amounts: Vec<u64> = set.amounts().collect();
    let (first, last) = (*amounts.first()?, *amounts.last()?);
    (amounts.len() >= 4 && last - first + 1 == amounts.len() as u64).then_some((first, last))
}

/// The ends of a set of two or three amounts that runs without a gap (`1` and `3` for the 21
/// game's 1, 2, 3); `None` for a longer one ([`long_run`]) or a broken one.
fn short_run(set: crate::engine::SubtractionSet) -> Option<(u64, u64)> {
    let amounts: Vec<u64> = set.amounts().collect();
    let (first, last) = (*amounts.first()?, *amounts.last()?);
    ((2..4).contains(&amounts.len()) && last - first + 1 == amounts.len() as u64).then_some((first, last))
}

/// A game's name in a sentence: `Nim`, `Moore's Nim_2`, `the subtraction game {1, 2, 3}`.
pub fn title(lang: Language, kind: GameKind) -> String {
    say(lang, names(kind).title, &name_args(lang, kind))
}

/// The name a menu of games shows: `Subtraction {1,2,3}`, `Kayles`.
pub fn menu_title(lang: Language, kind: GameKind) -> String {
    say(lang, names(kind).menu, &name_args(lang, kind))
}

/// The name short enough for a status line: `Nim_2`, `Subtraction 1,2,3`, `Kayles`.
pub fn short_title(lang: Language, kind: GameKind) -> String {
    say(lang, names(kind).short, &name_args(lang, kind))
}

/// A preset's name as a menu shows it (`The 21 game`), by the preset's stable name (`21`,
/// `bachet`); `None` for a name that is no preset.
pub fn preset_short(lang: Language, name: &str) -> Option<String> {
    crate::engine::GamePreset::find(name).map(|preset| i18n::text(lang, preset.short_id))
}

/// A computer player's level as a person reads it, by its stable name (`perfect`, `hard`,
/// `medium`, `easy`; [`crate::domain::Level::as_str`]); any other name as it is.
pub fn level_name(lang: Language, name: &str) -> String {
    match name {
        "perfect" => i18n::text(lang, "words-level-perfect"),
        "hard" => i18n::text(lang, "words-level-hard"),
        "medium" => i18n::text(lang, "words-level-medium"),
        "easy" => i18n::text(lang, "words-level-easy"),
        other => other.to_string(),
    }
}

/// A puzzle's difficulty as a person reads it, by its stable name (`easy`, `medium`, `hard`).
pub fn difficulty_name(lang: Language, name: &str) -> String {
    match name {
        "easy" => i18n::text(lang, "words-difficulty-easy"),
        "medium" => i18n::text(lang, "words-difficulty-medium"),
        "hard" => i18n::text(lang, "words-difficulty-hard"),
        other => other.to_string(),
    }
}

/// A kind of help a win had, by the word the game keeps it as (`hints`, `undo`, `a weaker AI`;
/// `app::Game::assistance`); any other word as it is.
pub fn help_name(lang: Language, word: &str) -> String {
    match word {
        "hints" => i18n::text(lang, "assist-hints"),
        "undo" => i18n::text(lang, "assist-undo"),
        "a weaker AI" => i18n::text(lang, "assist-weaker-ai"),
        other => other.to_string(),
    }
}

/// A game's rules in one line, for help texts and `solve`.
pub fn rule(lang: Language, kind: GameKind) -> String {
    if let Some(code) = kind.octal() {
        return octal_rule(lang, code);
    }
    if kind.describe().words.verb == Verb::MoveDown {
        return i18n::text(lang, "game-rule-staircase");
    }
    match kind.describe().shape {
        MoveShape::Slide => i18n::text(lang, "game-rule-northcott"),
        MoveShape::Corners => i18n::text(lang, "game-rule-corners"),
        MoveShape::Cut => i18n::text(lang, "game-rule-hackenbush"),
        MoveShape::Turn { most: Some(2) } => i18n::text(lang, "game-rule-turtles"),
        MoveShape::Turn { most: None } => i18n::text(lang, "game-rule-ruler"),
        MoveShape::Turn { .. } => i18n::text(lang, "game-rule-mock-turtles"),
        MoveShape::OneHeap { cap: Cap::None } => i18n::text(lang, "game-rule-nim"),
        MoveShape::OneHeap { cap: Cap::Amounts(_) } => {
            if let Some((from, to)) = kind.amounts().and_then(long_run) {
                return say(lang, "game-rule-subtraction-range", &[("from", num(from)), ("to", num(to))]);
            }
            let amounts: Vec<String> =
                kind.amounts().map(|set| set.amounts().map(|a| a.to_string()).collect()).unwrap_or_default();
            // A short run without a gap (the 21 game's 1, 2, 3): a language may write it as a range
            // (每步取 1～3 枚) or as the list.
            if let Some((from, to)) = kind.amounts().and_then(short_run) {
                return say(
                    lang,
                    "game-rule-subtraction-run",
                    &[("amounts", txt(listed_or(lang, &amounts))), ("from", num(from)), ("to", num(to))],
                );
            }
            say(lang, "game-rule-subtraction", &[("amounts", txt(listed_or(lang, &amounts)))])
        }
        MoveShape::OneHeap { cap: Cap::Limit } => i18n::text(lang, "game-rule-fibonacci"),
        MoveShape::OneHeap { cap: Cap::Multiples } => i18n::text(lang, "game-rule-euclid"),
        MoveShape::UpToHeaps(k) => say(lang, "game-rule-moore", &[("k", num(k))]),
        MoveShape::TakeOrSplit => i18n::text(lang, "game-rule-lasker"),
        MoveShape::KAYLES => i18n::text(lang, "game-rule-kayles"),
        MoveShape::Pins { .. } => i18n::text(lang, "game-rule-dawson"),
        MoveShape::OneOrBoth => i18n::text(lang, "game-rule-wythoff"),
    }
}

/// An example of a move in the game's own shape, for the plain mode's help and for a line it did not understand.
pub fn move_example(lang: Language, kind: GameKind) -> String {
    let id = match kind.describe().shape {
        MoveShape::OneHeap { .. } => "plain-example-one",
        MoveShape::UpToHeaps(_) => "plain-example-several",
        MoveShape::OneOrBoth => "plain-example-both",
        MoveShape::TakeOrSplit => "plain-example-split",
        MoveShape::KAYLES => "plain-example-pins",
        MoveShape::Pins { falls: 0b10 } => "plain-example-two-pins",
        MoveShape::Pins { .. } => "plain-example-pin-run",
        MoveShape::Turn { .. } => "plain-example-turn",
        MoveShape::Slide => "plain-example-slide",
        MoveShape::Corners => "plain-example-corners",
        MoveShape::Cut => "plain-example-cut",
    };
    i18n::text(lang, id)
}

/// What the keys that choose a move do in the game being played, for the help and the key line.
pub struct MoveKeys {
    /// The message for the key that chooses the heap (row, head) above.
    pub up: &'static str,
    /// The message for the one below.
    pub down: &'static str,
    /// The message for the key that takes one less.
    pub less: &'static str,
    /// The message for one more.
    pub more: &'static str,
    /// The message for the key line's word for the two before.
    pub bar: &'static str,
    /// The message for the key that takes the least.
    pub one: &'static str,
    /// The message for the key that takes the most.
    pub all: &'static str,
    /// The message for the key that switches to the other kind of move.
    pub switch: &'static str,
    /// The message for its word on the key line.
    pub switch_bar: &'static str,
    /// The message for the key that makes the chosen move.
    pub take: &'static str,
    /// The message for its word on the key line.
    pub take_bar: &'static str,
}

/// What the keys that choose a move do in a game `described` so, its other kind of move chosen
/// when `switched`: the messages of the help and the key line. A new shape of move names its
/// keys here.
pub fn move_keys(described: &crate::engine::Description, switched: bool) -> MoveKeys {
    use crate::engine::Alternative;
    let nim = MoveKeys {
        up: "keys-choose-the-heap-above",
        down: "keys-choose-the-heap-below",
        less: "keys-take-one-less",
        more: "keys-take-one-more",
        bar: "keys-count",
        one: "keys-take-one-token",
        all: "keys-take-the-whole-heap",
        switch: "keys-switch-the-kind-of-move",
        switch_bar: "keys-switch",
        take: "keys-take-the-chosen-tokens",
        take_bar: "keys-take",
    };
    let shape = described.shape;
    match (shape, shape.alternative(), switched) {
        (MoveShape::UpToHeaps(_), _, _) => MoveKeys {
            up: "keys-choose-heap-above-keeps",
            down: "keys-choose-heap-below-keeps",
            less: "keys-take-one-less-from-this-heap",
            take: "keys-take-from-every-heap",
            ..nim
        },
        (_, Some(Alternative::Both), both) => MoveKeys {
            switch: "keys-same-from-both-heaps-or-from",
            switch_bar: if both { "keys-one-heap" } else { "keys-both-heaps" },
            take: if both { "keys-take-the-count-from-both-heaps" } else { nim.take },
            ..nim
        },
        (_, Some(Alternative::Split), true) => MoveKeys {
            less: "keys-keep-one-less-in-the-heap",
            more: "keys-keep-one-more-in-the-heap",
            bar: "keys-where-to-split",
            one: "keys-keep-one-token",
            all: "keys-keep-all-but-one",
            switch: "keys-split-the-heap-or-take-from",
            switch_bar: "keys-take",
            take: "keys-split-the-heap-there",
            take_bar: "keys-split",
            ..nim
        },
        (_, Some(Alternative::Split), false) => {
            MoveKeys { switch: "keys-split-the-heap-or-take-from", switch_bar: "keys-split", ..nim }
        }
        (MoveShape::Pins { .. }, alternative, two) => MoveKeys {
            up: "keys-choose-the-row-above",
            down: "keys-choose-the-row-below",
            less: "keys-pin-before",
            more: "keys-pin-after",
            bar: "keys-pin",
            one: "keys-the-first-pin-of-the-row",
            all: "keys-the-last-pin-of-the-row",
            switch: match alternative {
                Some(Alternative::PinCount) => "keys-knock-down-another-number-of-pins",
                _ => "keys-knock-down-one-pin-or-two",
            },
            switch_bar: match (alternative, two) {
                (Some(Alternative::PinCount), _) => "keys-how-many-pins",
                (_, true) => "keys-one-pin",
                (_, false) => "keys-two-pins",
            },
            take: "keys-knock-down-the-chosen-pins",
            take_bar: "keys-knock-down",
        },
        (MoveShape::Slide, _, _) => MoveKeys {
            up: "keys-choose-the-row-above",
            down: "keys-choose-the-row-below",
            less: "keys-square-left",
            more: "keys-square-right",
            bar: "keys-square",
            one: "keys-the-leftmost-square",
            all: "keys-the-rightmost-square",
            take: "keys-slide-the-counter",
            take_bar: "keys-slide",
            ..nim
        },
        // A head, then the opposite corner stepping through its rectangle as one reads it.
        (MoveShape::Corners, _, _) => MoveKeys {
            up: "keys-choose-the-head-before",
            down: "keys-choose-the-head-after",
            less: "keys-corner-before",
            more: "keys-corner-after",
            bar: "keys-corner",
            one: "keys-the-top-left-corner",
            all: "keys-the-corner-next-to-the-head",
            take: "keys-turn-the-four-corners",
            take_bar: "keys-turn-over",
            ..nim
        },
        (MoveShape::Cut, _, _) => MoveKeys {
            up: "keys-choose-the-tree-before",
            down: "keys-choose-the-tree-after",
            less: "keys-edge-before",
            more: "keys-edge-after",
            bar: "keys-edge",
            one: "keys-the-trunk-s-lowest-edge",
            all: "keys-the-last-edge",
            take: "keys-cut-the-chosen-edge",
            take_bar: "keys-cut",
            ..nim
        },
        (MoveShape::Turn { .. }, third, kept) => MoveKeys {
            up: "keys-choose-the-head-before",
            down: "keys-choose-the-head-after",
            less: "keys-coin-before",
            more: "keys-coin-after",
            bar: "keys-coin",
            one: "keys-the-head-alone",
            all: "keys-the-coin-next-to-the-head",
            switch: if third.is_some() { "keys-keep-this-coin-choose-a-third" } else { nim.switch },
            switch_bar: if kept { "keys-two-coins" } else { "keys-three-coins" },
            take: "keys-turn-the-chosen-coins",
            take_bar: "keys-turn-over",
        },
        (MoveShape::OneHeap { .. }, _, _) if described.words.verb == Verb::MoveDown => MoveKeys {
            up: "keys-choose-the-step-below",
            down: "keys-choose-the-step-above",
            less: "keys-move-one-coin-less",
            more: "keys-move-one-coin-more",
            one: "keys-move-one-coin",
            all: "keys-move-every-coin-of-the-step",
            take: "keys-move-the-chosen-coins-down",
            take_bar: "keys-move-down",
            ..nim
        },
        _ => nim,
    }
}

/// A Nim move taken from one heap, as one to make: `take 2 from heap 1`.
pub fn take(lang: Language, mv: crate::engine::Take) -> String {
    move_text(lang, &MoveWords::Take { heap: mv.number(), amount: mv.take }, Tense::Present)
}

/// The game is over, told to the player who would move: the other player took the last token
/// and won (or, in misère, lost).
fn game_over_reason(lang: Language, mover_wins: bool) -> String {
    match mover_wins {
        true => i18n::text(lang, "reason-over-other-lost"),
        false => i18n::text(lang, "reason-over-other-won"),
    }
}

/// Why a Nim move is the one to play, in one line, as `solve` lists the winning moves: `take 2
/// from heap 1: 3 ⊕ 2 = 1 < 3, which leaves a nim-sum of 0`.
pub fn move_reason(lang: Language, reason: &MoveReason) -> String {
    match *reason {
        MoveReason::NimSum { mv, from, to, nim_sum } => say(
            lang,
            "reason-nim-sum",
            &[("move", txt(take(lang, mv))), ("from", num(from)), ("nim-sum", num(nim_sum)), ("to", num(to))],
        ),
        MoveReason::MisereEndgame { mv, ones_left, .. } => {
            say(lang, "reason-misere-endgame", &[("move", txt(take(lang, mv))), ("ones", num(ones_left))])
        }
        MoveReason::Losing { mv, endgame: true, .. } => {
            say(lang, "reason-losing-endgame", &[("move", txt(take(lang, mv)))])
        }
        MoveReason::Losing { mv, .. } => say(lang, "reason-losing", &[("move", txt(take(lang, mv)))]),
        MoveReason::GameOver { mover_wins } => game_over_reason(lang, mover_wins),
    }
}

/// Why a Nim position is lost for the player to move, in one sentence without the move: misère's
/// endgame (an odd number of heaps of one: `1 1 1`) or a nim-sum of 0.
pub fn loss_reason(lang: Language, explanation: &Explanation) -> String {
    match explanation.best {
        MoveReason::Losing { endgame: true, .. } => i18n::text(lang, "loss-endgame"),
        _ => i18n::text(lang, "loss-nim-sum"),
    }
}

/// The best Nim move taught in full, as the hint says it: where the nim-sum comes from and how
/// the move follows from it (`nim-sum 3 ⊕ 4 ⊕ 5 = 2; heap 1 becomes 3 ⊕ 2 = 1, so take 2 from
/// heap 1`), which rule applies in misère's endgame and why, or plainly that the position is lost.
pub fn lesson(lang: Language, explanation: &Explanation) -> String {
    let sum = || {
        let non_empty: Vec<String> =
            explanation.heaps.iter().filter(|&&h| h > 0).map(u64::to_string).collect();
        if (2..=6).contains(&non_empty.len()) {
            say(
                lang,
                "teach-sum-listed",
                &[("heaps", txt(non_empty.join(" ⊕ "))), ("sum", num(explanation.nim_sum()))],
            )
        } else {
            say(lang, "teach-sum-all", &[("sum", num(explanation.nim_sum()))])
        }
    };
    match explanation.best {
        MoveReason::NimSum { mv, from, to, nim_sum } => say(
            lang,
            "teach-nim-sum",
            &[
                ("sum", txt(sum())),
                ("heap", num(mv.number())),
                ("from", num(from)),
                ("nim-sum", num(nim_sum)),
                ("to", num(to)),
                ("move", txt(take(lang, mv))),
            ],
        ),
        MoveReason::MisereEndgame { mv, to, ones_left, .. } => {
            // `to` is 0 or 1, a count so that a language may say "take the whole heap" for 0.
            say(
                lang,
                "teach-misere-endgame",
                &[("ones", num(ones_left)), ("move", txt(take(lang, mv))), ("to", Arg::from(to))],
            )
        }
        MoveReason::Losing { mv, endgame: true, .. } => {
            say(lang, "teach-lost-endgame", &[("move", txt(take(lang, mv)))])
        }
        MoveReason::Losing { mv, .. } => {
            say(lang, "teach-lost", &[("sum", txt(sum())), ("move", txt(take(lang, mv)))])
        }
        MoveReason::GameOver { .. } => move_reason(lang, &explanation.best),
    }
}

/// The short working of the best Nim move, as the binary view shows it: `heap 1: 3 ⊕ 2 = 1, take
/// 2`.
pub fn working(lang: Language, explanation: &Explanation) -> Option<String> {
    match explanation.best {
        MoveReason::NimSum { mv, from, to, nim_sum } => Some(say(
            lang,
            "working-nim-sum",
            &[
                ("heap", num(mv.number())),
                ("from", num(from)),
                ("nim-sum", num(nim_sum)),
                ("to", num(to)),
                ("take", num(mv.take)),
            ],
        )),
        MoveReason::MisereEndgame { mv, from, to, ones_left } => Some(say(
            lang,
            "working-endgame",
            &[
                ("heap", num(mv.number())),
                ("from", num(from)),
                ("to", num(to)),
                ("take", num(mv.take)),
                ("ones", Arg::Count(ones_left as u64)),
            ],
        )),
        _ => None,
    }
}

/// The binary view's working of a move in misère's endgame, with the move's working after it
/// (`heap 3: 2 → 1, ...`), begun as a sentence of its own.
pub fn panel_endgame_move(lang: Language, working: Option<&str>) -> String {
    match working {
        Some(working) => say(lang, "panel-endgame-move-working", &[("working", txt(capitalised(working)))]),
        None => i18n::text(lang, "panel-endgame-move"),
    }
}

/// The binary view's line, with the hint, in misère's lost endgame.
pub fn panel_endgame_lost(lang: Language) -> &'static str {
    fixed(lang, "panel-endgame-lost")
}

/// The binary view's line, with the hint, when the nim-sum is 0.
pub fn panel_zero_every_move(lang: Language) -> &'static str {
    fixed(lang, "panel-zero-every-move")
}

/// The binary view's line without the hint: what the nim-sum says (or misère's endgame rule).
pub fn panel_nim_sum(lang: Language, endgame: bool, zero: bool) -> &'static str {
    match (endgame, zero) {
        (true, _) => fixed(lang, "panel-endgame-aim"),
        (false, true) => fixed(lang, "panel-nim-sum-zero"),
        (false, false) => fixed(lang, "panel-nim-sum-not-zero"),
    }
}

/// The theory panel's last line when the player to move can win, with the hint's key: `The
/// player to move can win: h shows how`.
pub fn panel_can_win(lang: Language, hint_key: &str) -> String {
    say(lang, "panel-can-win", &[("key", txt(hint_key))])
}

/// The theory panel's last line when the player to move loses.
pub fn panel_loses(lang: Language) -> &'static str {
    fixed(lang, "panel-loses")
}

/// The Sprague-Grundy theorem in a line, in the game's words: `Sprague-Grundy: each row plays as
/// a Nim heap of its value g; XOR 0 loses`.
pub fn sprague_grundy(lang: Language, kind: GameKind) -> String {
    say(lang, "panel-sprague-grundy", &[("heap", txt(heap(lang, kind)))])
}

/// Wythoff's heap `number` holding `size`, with the size that would make a losing pair with it:
/// `Heap 1: 3, partner 5`.
pub fn wythoff_partner(lang: Language, number: usize, size: u64, partner: u128) -> String {
    say(
        lang,
        "panel-wythoff-partner",
        &[("number", num(number)), ("size", num(size)), ("partner", num(partner))],
    )
}

/// A heap with nothing left, on the board.
pub fn empty_heap(lang: Language) -> &'static str {
    fixed(lang, "board-empty-heap")
}

/// The mark on the board's frame when rows are scrolled out of view above: `↑ 3 more`.
pub fn more_above(lang: Language, arrow: &str, count: usize) -> String {
    say(lang, "board-more", &[("arrow", txt(arrow)), ("count", num(count))])
}

/// The mark on the board's frame when rows are scrolled out of view below: `↓ 5 more`.
pub fn more_below(lang: Language, arrow: &str, count: usize) -> String {
    say(lang, "board-more", &[("arrow", txt(arrow)), ("count", num(count))])
}

/// The losing elements of misère Kayles's quotient, listed: `a, bb, ac, …`.
pub fn quotient_losing(view: &QuotientView) -> String {
    view.p_portion.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
}

/// Why misère Kayles's best move is best, for the hint: the rows' product in the misère quotient
/// before and after it.
fn quotient_reason(lang: Language, view: &QuotientView) -> String {
    let shown = |words| txt(move_text(lang, words, Tense::Present));
    let (p, product) = (txt(quotient_losing(view)), txt(view.product.name()));
    match &view.reason {
        QuotientReason::GameOver => i18n::text(lang, "quotient-over"),
        QuotientReason::Win { words, row, from, to, after } => say(
            lang,
            "quotient-win",
            &[
                ("p", p),
                ("product", product),
                ("row", txt(numbered(lang, GameKind::Kayles, row + 1))),
                ("from", txt(from.name())),
                ("to", txt(to.name())),
                ("after", txt(after.name())),
                ("move", shown(words)),
            ],
        ),
        QuotientReason::Lost { words } => {
            say(lang, "quotient-lost", &[("p", p), ("product", product), ("move", shown(words))])
        }
    }
}

/// Why the best move of Euclid's game is best, for the hint.
fn euclid_reason(lang: Language, view: &EuclidView) -> String {
    let shown = |words| txt(move_text(lang, words, Tense::Present));
    let (larger, smaller) = (num(view.larger), num(view.smaller));
    match &view.reason {
        EuclidReason::GameOver => game_over_reason(lang, false),
        EuclidReason::Empty { words } => {
            say(lang, "euclid-empty", &[("larger", larger), ("smaller", smaller), ("move", shown(words))])
        }
        EuclidReason::Below { words, after: (x, y) } => say(
            lang,
            "euclid-below",
            &[
                ("larger", larger),
                ("smaller", smaller),
                ("quotient", num(view.quotient)),
                ("remainder", num(view.remainder)),
                ("move", shown(words)),
                ("x", num(*x)),
                ("y", num(*y)),
            ],
        ),
        EuclidReason::Lost { words } => {
            say(lang, "euclid-lost", &[("larger", larger), ("smaller", smaller), ("move", shown(words))])
        }
    }
}

/// Why Moore's Nim_k's best move is best, for the hint.
fn moore_reason(lang: Language, reason: &MooreReason) -> String {
    let shown = |mv| txt(move_text(lang, &MoveWords::plain(mv), Tense::Present));
    match reason {
        MooreReason::GameOver { mover_wins } => game_over_reason(lang, *mover_wins),
        MooreReason::EndgameWin { mv, modulus: m, ones_left: left } => {
            say(lang, "moore-endgame-win", &[("m", num(m)), ("ones", num(left)), ("move", shown(mv))])
        }
        MooreReason::EndgameLost { mv, modulus: m, ones, k } => say(
            lang,
            "moore-endgame-lost",
            &[("ones", Arg::Count(*ones as u64)), ("m", num(m)), ("k", num(k)), ("move", shown(mv))],
        ),
        MooreReason::Columns { mv, modulus: m, column, count, rest } => say(
            lang,
            "moore-columns",
            &[
                ("m", num(m)),
                ("column", txt(place(lang, *column))),
                ("count", num(count)),
                ("rest", num(rest)),
                ("move", shown(mv)),
            ],
        ),
        MooreReason::Lost { mv, modulus: m, k } => {
            say(lang, "moore-lost", &[("m", num(m)), ("k", num(k)), ("move", shown(mv))])
        }
    }
}

/// A binary column as a person names it: `1s`, `2s`, `4s`, ... (`2^40s` past 2^20).
fn place(lang: Language, column: usize) -> String {
    if column <= 20 {
        say(lang, "moore-place", &[("value", num(1u64 << column))])
    } else {
        say(lang, "moore-place-power", &[("power", num(column))])
    }
}

/// Why Fibonacci Nim's best move is best, for the hint.
fn fibonacci_reason(lang: Language, view: &FibonacciView) -> String {
    let (n, most) = (view.heap, view.most);
    let sum = view.terms.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
    let allowed = match view.first_move {
        true => say(lang, "fibonacci-allowed-first", &[("most", num(most))]),
        false => say(lang, "fibonacci-allowed", &[("most", num(most))]),
    };
    match view.reason {
        FibonacciReason::GameOver => game_over_reason(lang, false),
        FibonacciReason::Win { smallest, take } => say(
            lang,
            "fibonacci-win",
            &[
                ("n", num(n)),
                ("sum", txt(sum)),
                ("smallest", num(smallest)),
                ("allowed", txt(allowed)),
                ("take", num(take)),
                ("next", num(take.saturating_mul(2))),
            ],
        ),
        FibonacciReason::Lost { smallest, take } => say(
            lang,
            "fibonacci-lost",
            &[
                ("n", num(n)),
                ("sum", txt(sum)),
                ("smallest", num(smallest)),
                ("allowed", txt(allowed)),
                ("take", num(take)),
            ],
        ),
    }
}

/// Why the best move of Wythoff's game is best, for the hint.
fn wythoff_reason(lang: Language, view: &WythoffView) -> String {
    let shown = |words| txt(move_text(lang, words, Tense::Present));
    let [x, y] = view.heaps;
    match &view.reason {
        WythoffReason::GameOver => game_over_reason(lang, false),
        WythoffReason::Win { words, how, after: (ax, ay) } => {
            let how = match *how {
                WythoffHow::Both { difference, pair: (a, b) } => say(
                    lang,
                    "wythoff-how-both",
                    &[("difference", num(difference)), ("a", num(a)), ("b", num(b))],
                ),
                WythoffHow::One { other, pair: (a, b) } => {
                    say(lang, "wythoff-how-one", &[("other", num(other)), ("a", num(a)), ("b", num(b))])
                }
                WythoffHow::Unexplained => String::new(),
            };
            say(
                lang,
                "wythoff-win",
                &[("how", txt(how)), ("move", shown(words)), ("x", num(ax)), ("y", num(ay))],
            )
        }
        WythoffReason::Lost { words } => {
            say(lang, "wythoff-lost", &[("x", num(x)), ("y", num(y)), ("move", shown(words))])
        }
    }
}

/// Why the best move of a game valued by Grundy numbers is best, for the hint.
fn grundy_reason(lang: Language, view: &GrundyView) -> String {
    let sum = view.sum;
    let rows = view.game.describe().words.heap == HeapNoun::Row;
    let listed = || {
        let shown: Vec<String> = view.values.iter().map(u128::to_string).collect();
        if (2..=6).contains(&shown.len()) {
            say(lang, "grundy-listed", &[("values", txt(shown.join(" ⊕ "))), ("sum", num(sum))])
        } else if rows {
            say(lang, "grundy-xor-rows", &[("sum", num(sum))])
        } else {
            say(lang, "grundy-xor-heaps", &[("sum", num(sum))])
        }
    };
    if let Some(said) = take_to_multiple(lang, view) {
        return said;
    }
    if let Some(said) = in_disguise(lang, view) {
        return said;
    }
    match &view.reason {
        GrundyReason::GameOver => i18n::text(lang, "grundy-over"),
        GrundyReason::Win { words, step, split } => say(
            lang,
            if *split { "grundy-win-split" } else { "grundy-win" },
            &[
                ("listed", txt(listed())),
                ("heap", txt(numbered(lang, view.game, step.heap + 1))),
                ("from", num(step.from)),
                ("sum", num(sum)),
                ("to", num(step.to)),
                ("move", txt(move_text(lang, words, Tense::Present))),
            ],
        ),
        GrundyReason::Lost { words } => say(
            lang,
            "grundy-lost",
            &[
                ("listed", txt(listed())),
                ("word", txt(heap(lang, view.game))),
                ("move", txt(move_text(lang, words, Tense::Present))),
            ],
        ),
    }
}

/// The games that are Nim in disguise (Staircase Nim, the coin-turning games) say so, and what
/// their heaps are, before the working: `Staircase Nim is Nim on the odd steps: ...`. `None` for
/// any other game.
fn in_disguise(lang: Language, view: &GrundyView) -> Option<String> {
    if view.pattern? == GrundyPattern::Corners {
        return corners_hint(lang, view);
    }
    let (win, lost) = match view.pattern? {
        GrundyPattern::Staircase => ("staircase-win", "staircase-lost"),
        GrundyPattern::TurningTurtles => ("turtles-win", "turtles-lost"),
        GrundyPattern::MockTurtles => ("mock-turtles-win", "mock-turtles-lost"),
        GrundyPattern::Ruler => ("ruler-win", "ruler-lost"),
        GrundyPattern::Northcott => ("northcott-win", "northcott-lost"),
        GrundyPattern::Hackenbush { .. } => ("hackenbush-win", "hackenbush-lost"),
        _ => return None,
    };
    let trees = matches!(view.pattern, Some(GrundyPattern::Hackenbush { .. }));
    let staircase = view.pattern == Some(GrundyPattern::Staircase);
    // The heaps of the Nim in disguise: the odd steps' coins, or each head's value.
    let parts: Vec<String> = if staircase {
        view.values.iter().step_by(2).map(u128::to_string).collect()
    } else {
        view.values.iter().map(u128::to_string).collect()
    };
    let listed = if parts.len() <= 6 { parts.join(" ⊕ ") } else { "…".to_string() };
    let sum = view.sum;
    Some(match &view.reason {
        GrundyReason::GameOver => return None,
        GrundyReason::Win { words, step, .. } => {
            // Northcott's game names the row, whose gap is the heap.
            let at = if staircase || trees || view.pattern == Some(GrundyPattern::Northcott) {
                (step.heap + 1) as u64
            } else {
                view.heaps.get(step.heap).copied().unwrap_or(0)
            };
            say(
                lang,
                win,
                &[
                    ("colon", txt(colon(lang, view))),
                    ("values", txt(listed)),
                    ("sum", num(sum)),
                    ("at", num(at)),
                    ("from", num(step.from)),
                    ("to", num(step.to)),
                    ("move", txt(move_text(lang, words, Tense::Present))),
                ],
            )
        }
        GrundyReason::Lost { words } => say(
            lang,
            lost,
            &[
                ("colon", txt(colon(lang, view))),
                ("values", txt(listed)),
                ("move", txt(move_text(lang, words, Tense::Present))),
            ],
        ),
    })
}

/// Turning Corners' hint: each head's nim product, the head that wins and the rectangle whose
/// corners change the value by the rest, `(x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1)`.
fn corners_hint(lang: Language, view: &GrundyView) -> Option<String> {
    let products: Vec<String> =
        view.cells.iter().zip(&view.values).map(|(&(x, y), v)| format!("{}⊗{}={v}", x - 1, y - 1)).collect();
    let listed = if products.len() <= 5 { products.join(", ") } else { "…".to_string() };
    match &view.reason {
        GrundyReason::GameOver => None,
        GrundyReason::Win { words, step, .. } => {
            let &(x, y) = view.cells.get(step.heap)?;
            let MoveWords::Corners { corner: (a, b), .. } = words else { return None };
            let (p, q) = ((x - 1) ^ (a - 1), (y - 1) ^ (b - 1));
            Some(say(
                lang,
                "corners-win",
                &[
                    ("values", txt(listed)),
                    ("sum", num(view.sum)),
                    ("x", num(x)),
                    ("y", num(y)),
                    ("from", num(step.from)),
                    ("p", num(p)),
                    ("q", num(q)),
                    ("move", txt(move_text(lang, words, Tense::Present))),
                ],
            ))
        }
        GrundyReason::Lost { words } => Some(say(
            lang,
            "corners-lost",
            &[("values", txt(listed)), ("move", txt(move_text(lang, words, Tense::Present)))],
        )),
    }
}
/// Green Hackenbush's colon principle at work on one tree, as a sentence ending in a separator
/// for the hint to go on (`tree 2: the branches on its trunk are worth 2 ⊕ 3 = 1, so it is a
/// stalk of 1 + 1 = 2; `); empty for any other game, or when every tree is a stalk.
fn colon(lang: Language, view: &GrundyView) -> String {
    let Some(GrundyPattern::Hackenbush { colon: Some(c) }) = view.pattern else { return String::new() };
    let mut parts: Vec<String> = c.branch_values().iter().map(u64::to_string).collect();
    if c.count > parts.len() {
        parts.push("…".to_string());
    }
    say(
        lang,
        "hackenbush-colon",
        &[
            ("tree", num(c.tree + 1)),
            ("branches", Arg::Count(c.count as u64)),
            ("values", txt(parts.join(" ⊕ "))),
            ("sum", num(c.sum)),
            ("trunk", num(c.trunk)),
            ("value", num(c.value)),
        ],
    )
}

/// A subtraction game of 1 to k tokens on one heap (the 21 game, Bachet's game) has a rule a
/// child can keep, told instead of Grundy values: leave a multiple of k + 1. `None` for any other
/// game or position.
fn take_to_multiple(lang: Language, view: &GrundyView) -> Option<String> {
    let GameKind::Subtraction(set) = view.game else { return None };
    let k = set.max();
    if set.len() as u64 != k {
        return None;
    }
    let mut live = view.heaps.iter().filter(|&&h| h > 0);
    let (Some(&n), None) = (live.next(), live.next()) else { return None };
    let m = k + 1;
    Some(match &view.reason {
        GrundyReason::Win { words, .. } => {
            let left = n - n % m;
            let id = if left == 0 { "bachet-win-last" } else { "bachet-win" };
            say(
                lang,
                id,
                &[
                    ("move", txt(move_text(lang, words, Tense::Present))),
                    ("left", num(left)),
                    ("m", num(m)),
                    ("k", num(k)),
                ],
            )
        }
        GrundyReason::Lost { words } => say(
            lang,
            "bachet-lost",
            &[("n", num(n)), ("m", num(m)), ("move", txt(move_text(lang, words, Tense::Present)))],
        ),
        GrundyReason::GameOver => return None,
    })
}

/// The move being chosen, under the board: `Take 2 from heap 1`, after whose turn it is when two
/// people share the keyboard (`Ann: Take 2 from heap 1`), with the digits typed so far (`(typed
/// 12)`). `mv` is the move in words ([`move_text`], present tense).
pub fn choosing(lang: Language, who: Option<&str>, mv: &str, typed: &str) -> String {
    let mv = capitalised(mv);
    match (who, typed.is_empty()) {
        (None, true) => mv,
        (None, false) => say(lang, "choosing-typed", &[("move", txt(mv)), ("typed", txt(typed))]),
        (Some(who), true) => say(lang, "choosing-who", &[("p", txt(who)), ("m", txt(mv))]),
        (Some(who), false) => {
            say(lang, "choosing-who-typed", &[("who", txt(who)), ("move", txt(mv)), ("typed", txt(typed))])
        }
    }
}

/// A Nim take about to be played by `who`: `Ann takes 2 from heap 1…`.
pub fn about_to_take(lang: Language, who: &str, heap: usize, amount: u64) -> String {
    say(lang, "about-to-take", &[("who", txt(who)), ("heap", num(heap)), ("amount", num(amount))])
}

/// Another game's move about to be played by `who`, in the game's words: `Ann: split heap 2 into 3
/// and 4…`.
pub fn about_to_move(lang: Language, who: &str, mv: &str) -> String {
    say(lang, "about-to-move", &[("p", txt(who)), ("m", txt(mv))])
}

/// The coach on a move that gave the win away, with the winning moves it missed in the game's
/// words; `who` names whose move it was when two people share the keyboard.
pub fn coach_missed(lang: Language, who: Option<&str>, moves: &[String]) -> String {
    let list = txt(listed(lang, moves));
    match (who, moves.len() == 1) {
        (None, true) => say(lang, "coach-missed-move", &[("moves", list)]),
        (None, false) => say(lang, "coach-missed-moves", &[("moves", list)]),
        (Some(who), true) => say(lang, "coach-missed-move-who", &[("who", txt(who)), ("moves", list)]),
        (Some(who), false) => say(lang, "coach-missed-moves-who", &[("who", txt(who)), ("moves", list)]),
    }
}

/// The label before the hint's reason: the position is winning, or lost.
pub fn hint_label(lang: Language, winning: bool) -> &'static str {
    if winning { fixed(lang, "hint-label") } else { fixed(lang, "hint-label-losing") }
}

/// The answer being chosen in a puzzle: `Your answer: take 2 from heap 1`.
pub fn your_answer(lang: Language, mv: &str) -> String {
    say(lang, "puzzle-verdict-answer", &[("move", txt(mv))])
}

/// What the puzzle screen promises about its position: that exactly one move wins, and, where
/// the only puzzles of `kind` end the game at once (`last_tokens`), that too; `every_move_wins`
/// adds that in this game every move wins from a won position. (`crate::puzzle::promise` decides
/// which.)
pub fn puzzle_promise(lang: Language, kind: GameKind, last_tokens: bool, every_move_wins: bool) -> String {
    let promise = match last_tokens {
        true => say(lang, "puzzle-verdict-promise-last", &[("game", txt(title(lang, kind)))]),
        false => i18n::text(lang, "puzzle-verdict-promise"),
    };
    match every_move_wins {
        true => say(lang, "puzzle-verdict-promise-every", &[("promise", txt(promise))]),
        false => promise,
    }
}

/// The verdict on a puzzle's right answer found without the hint.
pub fn puzzle_right(lang: Language) -> &'static str {
    fixed(lang, "puzzle-verdict-right")
}

/// The verdict on a puzzle's right answer found with the hint's help; `counted` tells whether the
/// puzzle still counts, as not solved.
pub fn puzzle_right_with_hint(lang: Language, counted: bool) -> String {
    match counted {
        true => i18n::text(lang, "puzzle-verdict-right-with-hint-counted"),
        false => i18n::text(lang, "puzzle-verdict-right-with-hint"),
    }
}

/// A puzzle's first wrong answer, the move in words: `take 1 from heap 2 loses: one more try`.
pub fn puzzle_try_again(lang: Language, mv: &str) -> String {
    say(lang, "puzzle-verdict-try-again", &[("move", txt(mv))])
}

/// The verdict on a puzzle's right answer found on the second try.
pub fn puzzle_right_second_try(lang: Language) -> &'static str {
    fixed(lang, "puzzle-verdict-right-second-try")
}

/// The verdict on a puzzle's wrong answer (the second), the move in words: `Not that one: take 1
/// from heap 2 loses.`
pub fn puzzle_wrong(lang: Language, mv: &str) -> String {
    say(lang, "puzzle-verdict-wrong", &[("move", txt(mv))])
}

/// The puzzle's winning move with why it wins, after an answer.
pub fn puzzle_winning_move(lang: Language, explanation: &str) -> String {
    say(lang, "puzzle-verdict-winning-move", &[("explanation", txt(explanation))])
}

/// A replay's next Nim take: `Next: Ann takes 2 from heap 1`, or `Next: You take 2 from heap 1`
/// when `you` (the person against the AI) made it.
pub fn next_take(lang: Language, who: &str, you: bool, heap: usize, amount: u64) -> String {
    let args = [("who", txt(who)), ("heap", num(heap)), ("amount", num(amount))];
    match you {
        true => say(lang, "replay-line-next-take-you", &args),
        false => say(lang, "replay-line-next-take", &args),
    }
}

/// A replay's next move of another game, in the game's words: `Next: Ann: split heap 2 into 3 and
/// 4`.
pub fn next_move(lang: Language, who: &str, mv: &str) -> String {
    say(lang, "replay-line-next-move", &[("who", txt(who)), ("move", txt(mv))])
}

/// A replay at its end, with how the game ended when the record says so.
pub fn replay_end(lang: Language, how: Option<&str>) -> String {
    match how {
        Some(how) => say(lang, "replay-line-end-how", &[("how", txt(how))]),
        None => i18n::text(lang, "replay-line-end"),
    }
}

/// A review at its start, before any move is judged.
pub fn review_start(lang: Language) -> &'static str {
    fixed(lang, "review-line-start")
}

/// A move shown in a review, as played: `Move 3: Ann took 2 from heap 1` (`mv` in the past tense).
pub fn review_move(lang: Language, number: usize, who: &str, mv: &str) -> String {
    say(lang, "review-line-move", &[("number", num(number)), ("who", txt(who)), ("move", txt(mv))])
}

/// A review's verdict on a move that kept a winning position, after its mark.
pub fn review_kept(lang: Language, mark: &str) -> String {
    say(lang, "review-line-kept", &[("mark", txt(mark))])
}

/// A review's verdict on the move that won the game (the last of a game played to its end),
/// after its mark.
pub fn review_won(lang: Language, mark: &str) -> String {
    say(lang, "review-line-won", &[("mark", txt(mark))])
}

/// A review's verdict on a move from a position already lost.
pub fn review_already_lost(lang: Language) -> &'static str {
    fixed(lang, "review-line-already-lost")
}

/// A review's verdict on a move that gave the win away, after its mark, with the winning moves in
/// the game's words and the mark the board gives the first of them (`check`).
pub fn review_missed(lang: Language, mark: &str, check: &str, moves: &[String]) -> String {
    say(
        lang,
        "review-line-missed",
        &[("mark", txt(mark)), ("check", txt(check)), ("moves", txt(listed(lang, moves)))],
    )
}

/// A Nim take as the move list writes it: `2 from heap 1`.
pub fn listed_take(lang: Language, heap: usize, amount: u64) -> String {
    say(lang, "listed-take", &[("heap", num(heap)), ("amount", num(amount))])
}

/// How the Grundy values of `kind` go, in a sentence for the teaching panel and `solve`: `Grundy
/// values repeat every 12 from row 71 on: a row of n is worth what one of n - 12 is`.
pub fn grundy_pattern(lang: Language, kind: GameKind, pattern: GrundyPattern) -> String {
    match pattern {
        // Rows of pins and heaps of tokens each have their own sentence, so that a language can
        // say "a row of n pins" and "a heap of n tokens" in its own words; `$from` is a number, so
        // that a language can leave out "from 0 on".
        GrundyPattern::Periodic { from, period } if kind.describe().words.heap == HeapNoun::Row => say(
            lang,
            "grundy-pattern-periodic-rows",
            &[("period", num(period)), ("word", txt(heap(lang, kind))), ("from", Arg::Count(from))],
        ),
        GrundyPattern::Periodic { from, period } => say(
            lang,
            "grundy-pattern-periodic",
            &[("period", num(period)), ("word", txt(heap(lang, kind))), ("from", Arg::Count(from))],
        ),
        GrundyPattern::Lasker => i18n::text(lang, "grundy-pattern-lasker"),
        GrundyPattern::Staircase => i18n::text(lang, "grundy-pattern-staircase"),
        GrundyPattern::TurningTurtles => i18n::text(lang, "grundy-pattern-turtles"),
        GrundyPattern::MockTurtles => i18n::text(lang, "grundy-pattern-mock-turtles"),
        GrundyPattern::Ruler => i18n::text(lang, "grundy-pattern-ruler"),
        GrundyPattern::Northcott => i18n::text(lang, "grundy-pattern-northcott"),
        GrundyPattern::Corners => i18n::text(lang, "grundy-pattern-corners"),
        GrundyPattern::Hackenbush { .. } => i18n::text(lang, "grundy-pattern-hackenbush"),
    }
}

/// A move in words as one to make, from the move alone, without the position it is made from:
/// `take 2 from heap 1` (a split's new heap is told without its size; see [`MoveWords::plain`]).
pub fn plain_move(lang: Language, mv: &crate::engine::Move) -> String {
    move_text(lang, &MoveWords::plain(mv), Tense::Present)
}

/// The coach on a move that kept a winning position, about `who`, or about "you" when `None`.
pub fn coach_kept(lang: Language, who: Option<&str>) -> String {
    match who {
        Some(who) => say(lang, "coach-kept-who", &[("who", txt(who))]),
        None => i18n::text(lang, "coach-kept"),
    }
}

/// The coach on a move from a position already lost, about `who`, or plainly when `None`.
pub fn coach_already_lost(lang: Language, who: Option<&str>) -> String {
    match who {
        Some(who) => say(lang, "coach-already-lost-who", &[("who", txt(who))]),
        None => i18n::text(lang, "coach-already-lost"),
    }
}

/// The banner's title when the person playing the AI wins.
pub fn you_win(lang: Language) -> &'static str {
    fixed(lang, "banner-you-win")
}

/// The banner's title when the person playing the AI loses.
pub fn you_lose(lang: Language) -> &'static str {
    fixed(lang, "banner-you-lose")
}

/// The banner's title when `who` wins: `Ann wins!`.
pub fn wins(lang: Language, who: &str) -> String {
    say(lang, "banner-wins", &[("who", txt(who))])
}

/// A win with help (the hint, an undo), which streaks do not count: `Assisted win (hint, undo):
/// not counted in streaks`.
pub fn assisted_win(lang: Language, help: &[&str]) -> String {
    let help: Vec<String> = help.iter().map(|word| help_name(lang, word)).collect();
    say(lang, "banner-assisted-win", &[("help", txt(listed(lang, &help)))])
}

/// The player's streak of wins and the best one: `Streak 3 · best 5`.
pub fn streak(lang: Language, current: u64, best: u64) -> String {
    say(lang, "banner-streak", &[("current", num(current)), ("best", num(best))])
}

/// The status line when the game is over.
pub fn game_over(lang: Language) -> &'static str {
    fixed(lang, "status-game-over")
}

/// The status line when a demo is paused.
pub fn paused(lang: Language) -> &'static str {
    fixed(lang, "status-paused")
}

/// The status line when the person playing the AI is to move.
pub fn your_turn(lang: Language) -> &'static str {
    fixed(lang, "status-your-turn")
}

/// The status line when `who` is to move, two people sharing the keyboard: `Ann's turn`.
pub fn turn_of(lang: Language, who: &str) -> String {
    say(lang, "status-turn-of", &[("who", txt(who))])
}

/// The status line while `who`, a computer player, chooses its move: `AI is thinking…`.
pub fn thinking(lang: Language, who: &str) -> String {
    say(lang, "status-thinking", &[("who", txt(who))])
}

/// The score of a match between two people, each name beside its own wins: "Ann 2 – 1 Bob".
pub fn score(lang: Language, first: &str, first_wins: u32, second_wins: u32, second: &str) -> String {
    say(
        lang,
        "status-score",
        &[("a", txt(first)), ("x", num(first_wins)), ("y", num(second_wins)), ("b", txt(second))],
    )
}

/// Who opens a rematch between two people, and why: the first move alternates from game to game.
pub fn rematch_first(lang: Language, who: &str) -> String {
    say(lang, "banner-rematch-first", &[("who", txt(who))])
}

/// Beside a name field still holding the default name, which the first typed character replaces.
pub fn name_placeholder(lang: Language) -> &'static str {
    fixed(lang, "words-name-placeholder")
}

// The server's words (`nim-tui serve`): what a player connected over SSH reads from the server
// itself rather than from a screen of the game, from `serve.ftl` in the connection's language.

/// The server's message `id` with its arguments, each a piece of text.
fn serve_text(lang: Language, id: &str, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, crate::i18n::Arg)> =
        args.iter().map(|&(name, value)| (name, value.into())).collect();
    crate::i18n::text_with(lang, id, &args)
}

/// Told to a connection that asked to run a command or a subsystem, which the server refuses.
pub fn serve_no_commands(lang: Language) -> String {
    serve_text(lang, "serve-no-commands", &[])
}

/// The keyboard-interactive prompt for the class code.
pub fn serve_code_prompt(lang: Language) -> String {
    serve_text(lang, "serve-code-prompt", &[])
}

/// The line under the prompt for the class code.
pub fn serve_code_instructions(lang: Language) -> String {
    serve_text(lang, "serve-code-instructions", &[])
}

/// The line shown over the game when an idle player is about to be disconnected.
pub fn serve_idle_warning(lang: Language, seconds: u64) -> String {
    serve_text(lang, "serve-idle-warning", &[("seconds", &seconds.to_string())])
}

/// Said to a player disconnected for being idle.
pub fn serve_idle_kicked(lang: Language) -> String {
    serve_text(lang, "serve-idle-kicked", &[])
}

/// Said to everyone when the server stops.
pub fn serve_stopping(lang: Language, had_game: bool) -> String {
    match had_game {
        true => serve_text(lang, "serve-stopping-game", &[]),
        false => serve_text(lang, "serve-stopping", &[]),
    }
}

/// What the game says when a finished game's record is asked for on the server.
pub fn serve_no_records(lang: Language) -> String {
    serve_text(lang, "serve-no-records", &[])
}

/// The lobby's title line: `nim-tui · a classroom · you are alice`.
pub fn serve_lobby_title(lang: Language, me: &str) -> String {
    serve_text(lang, "serve-lobby-title", &[("me", me)])
}

/// The heading of the list of people on the server.
pub fn serve_people(lang: Language, count: usize) -> String {
    crate::i18n::text_with(lang, "serve-people", &[("n", count.into())])
}

/// Someone in the lobby, as the lobby lists them.
pub fn serve_in_lobby(lang: Language) -> String {
    serve_text(lang, "serve-in-lobby", &[])
}

/// Someone playing the AI (or on the game's own screens), as the lobby lists them.
pub fn serve_playing_ai(lang: Language) -> String {
    serve_text(lang, "serve-playing-ai", &[])
}

/// Someone playing `with`, as the lobby lists them.
pub fn serve_playing(lang: Language, with: &str) -> String {
    serve_text(lang, "serve-playing", &[("with", with)])
}

/// Someone watching `whom`, as the lobby lists them.
pub fn serve_watching_someone(lang: Language, whom: &str) -> String {
    serve_text(lang, "serve-watching-someone", &[("whom", whom)])
}

/// The player's own name as the lobby lists it: `alice (you)`.
pub fn serve_you(lang: Language, name: &str) -> String {
    serve_text(lang, "serve-you", &[("name", name)])
}

/// A teacher's name as the lobby lists it: `mr-smith (teacher)`.
pub fn serve_teacher(lang: Language, name: &str) -> String {
    serve_text(lang, "serve-teacher", &[("name", name)])
}

/// The heading of the leaderboard against the AI.
pub fn serve_board_ai(lang: Language) -> String {
    serve_text(lang, "serve-board-ai", &[])
}

/// The heading of the leaderboard between players.
pub fn serve_board_players(lang: Language) -> String {
    serve_text(lang, "serve-board-players", &[])
}

/// The leaderboard before anyone has finished a game.
pub fn serve_board_empty(lang: Language) -> String {
    serve_text(lang, "serve-board-empty", &[])
}

/// A line of the leaderboard against the AI: `nim · perfect: alice 3/4  bob 1/2`.
pub fn serve_board_line(lang: Language, game: &str, level: &str, names: &str) -> String {
    serve_text(lang, "serve-board-line", &[("game", game), ("level", level), ("names", names)])
}

/// The lobby's keys.
pub fn serve_lobby_keys(lang: Language, enter: &str, quit: &str) -> String {
    serve_text(lang, "serve-lobby-keys", &[("enter", enter), ("quit", quit)])
}

/// Said in the lobby to someone challenged.
pub fn serve_challenged(lang: Language, by: &str) -> String {
    serve_text(lang, "serve-challenged", &[("by", by)])
}

/// Said in the lobby to the challenger while the other decides.
pub fn serve_challenge_sent(lang: Language, to: &str) -> String {
    serve_text(lang, "serve-challenge-sent", &[("to", to)])
}

/// Said in the lobby when a challenge was declined.
pub fn serve_declined(lang: Language, by: &str) -> String {
    serve_text(lang, "serve-declined", &[("by", by)])
}

/// Said when the other player left a game between two people.
pub fn serve_left(lang: Language, who: &str) -> String {
    serve_text(lang, "serve-left", &[("who", who)])
}

/// A game on the server reached its most moves and ended, kept as ended by the server.
pub fn serve_move_limit(lang: Language, moves: usize) -> String {
    serve_text(lang, "serve-move-limit", &[("moves", &moves.to_string())])
}

/// Said when someone cannot be challenged now.
pub fn serve_busy(lang: Language, who: &str) -> String {
    serve_text(lang, "serve-busy", &[("who", who)])
}

/// Said when there is no game to watch.
pub fn serve_nothing_to_watch(lang: Language, who: &str) -> String {
    serve_text(lang, "serve-nothing-to-watch", &[("who", who)])
}

/// The line at the top of a game with watchers: `Watching: carol, dave`.
pub fn serve_watched_by(lang: Language, names: &[String]) -> String {
    let names = names.join(&serve_text(lang, "serve-list-separator", &[]));
    serve_text(lang, "serve-watched-by", &[("names", &names)])
}

/// The line at the top of a game being watched, for the watcher.
pub fn serve_watching(lang: Language, players: &str, quit: &str) -> String {
    serve_text(lang, "serve-watching", &[("players", players), ("quit", quit)])
}

/// Two players' names, for the watcher's line: `alice and bob`, or `alice` against the AI.
pub fn serve_players(lang: Language, first: &str, second: Option<&str>) -> String {
    match second {
        Some(second) => serve_text(lang, "serve-players-two", &[("first", first), ("second", second)]),
        None => serve_text(lang, "serve-players-ai", &[("first", first)]),
    }
}

/// One student's answer to the position given to everyone: `carol won in 42 s`.
pub fn serve_assignment_result(lang: Language, name: &str, won: bool, seconds: u64) -> String {
    let seconds = seconds.to_string();
    match won {
        true => serve_text(lang, "serve-assignment-won", &[("name", name), ("seconds", &seconds)]),
        false => serve_text(lang, "serve-assignment-lost", &[("name", name), ("seconds", &seconds)]),
    }
}

// The games' own pictures (src/ui/pins.rs, queen.rs, limit.rs).

/// The foot of a line of pins too long for the board, scrolled: `lines 2 to 3 of 5`.
pub fn pin_lines_shown(lang: Language, first: usize, last: usize, of: usize) -> String {
    say(lang, "board-pin-lines-shown", &[("first", num(first)), ("last", num(last)), ("of", num(of))])
}

/// Fibonacci Nim's limit on the bracket under the tokens it reaches: `take up to 6`.
pub fn limit_bracket(lang: Language, most: u64) -> String {
    say(lang, "board-limit-bracket", &[("most", num(most))])
}

/// Under Wythoff's grid: where the queen stands, `Queen: 4 across and 9 up from the corner +`.
pub fn queen_caption(lang: Language, across: u64, up: u64) -> String {
    say(lang, "board-queen-caption", &[("across", num(across)), ("up", num(up))])
}

/// Under Wythoff's grid when the heaps are too large for it: `A window, cut at ⋯: the queen is
/// 200 across, 150 up`.
pub fn queen_window(lang: Language, across: u64, up: u64, mark: &str) -> String {
    say(lang, "board-queen-window", &[("across", num(across)), ("up", num(up)), ("mark", txt(mark))])
}

// The web door's words (`nim-tui serve --web`): the join page's, and why a browser is not let in,
// from `serve.ftl` in the browser's language.

/// The join page's words, each under the name the page's script knows it by.
pub fn serve_web_page(lang: Language) -> Vec<(&'static str, String)> {
    [
        ("title", "serve-web-title"),
        ("name", "serve-web-name"),
        ("code", "serve-web-code"),
        ("codeHint", "serve-web-code-hint"),
        ("language", "serve-web-language"),
        ("languageAuto", "serve-web-language-auto"),
        ("join", "serve-web-join"),
        ("connecting", "serve-web-connecting"),
        ("lost", "serve-web-lost"),
        ("ended", "serve-web-ended"),
        ("rejoin", "serve-web-rejoin"),
        ("plain", "serve-web-plain"),
        ("plainHint", "serve-web-plain-hint"),
        ("lines", "serve-web-lines"),
        ("command", "serve-web-command"),
        ("send", "serve-web-send"),
    ]
    .into_iter()
    .map(|(key, id)| (key, serve_text(lang, id, &[])))
    .collect()
}

/// Why a browser is not let in, from the reason's name: `wrong-code`, `locked`, `full`,
/// `full-here`, `timeout`, `bad-hello` or `stopping`.
pub fn serve_web_refused(lang: Language, reason: &str) -> String {
    let id = match reason {
        "wrong-code" => "serve-web-wrong-code",
        "locked" => "serve-web-locked",
        "full" => "serve-web-full",
        "full-here" => "serve-web-full-here",
        "timeout" => "serve-web-timeout",
        "stopping" => "serve-web-stopping",
        _ => "serve-web-bad-hello",
    };
    serve_text(lang, id, &[])
}

/// The hint's reason in a lost position, followed by why its move is the AI's best try (#35),
/// unless the reason already tells it (the 21 game's "the least you can take").
pub fn with_best_try(
    lang: Language,
    teaching: &Teaching,
    reason: &str,
    why: crate::engine::TryWhy,
) -> String {
    if let Teaching::Grundy(view) = teaching
        && take_to_multiple(lang, view).is_some()
    {
        return reason.to_string();
    }
    let why = match why {
        crate::engine::TryWhy::Hardest { replies, .. } => {
            say(lang, "best-try-hardest", &[("replies", num(replies))])
        }
        crate::engine::TryWhy::Quick => i18n::text(lang, "best-try-quick"),
    };
    // A Chinese sentence ends in its own full stop; an English one is closed before the next.
    match lang {
        Language::English => format!("{}. {why}", reason.trim_end_matches('.')),
        _ => format!("{}。{why}", reason.trim_end_matches(['。', '.'])),
    }
}

/// The note that reports the AI's move, with why it was its best try from a lost position (#35).
pub fn note_best_try(lang: Language, note: &str, why: crate::engine::TryWhy) -> String {
    match why {
        crate::engine::TryWhy::Hardest { replies, .. } => say(
            lang,
            "note-best-try",
            &[("note", txt(note)), ("replies", Arg::Count(u64::try_from(replies).unwrap_or(u64::MAX)))],
        ),
        crate::engine::TryWhy::Quick => say(lang, "note-best-try-quick", &[("note", txt(note))]),
    }
}

/// A rating as a person reads it: `1523 ± 64`, or `1500? ± 350 (provisional)` while its deviation
/// is large (`nim_tui::rating::Rating::provisional`).
pub fn rating_value(lang: Language, rating: i64, deviation: i64, provisional: bool) -> String {
    let args =
        [("rating", i18n::Arg::Text(rating.to_string())), ("rd", i18n::Arg::Text(deviation.to_string()))];
    let id = if provisional { "rating-value-provisional" } else { "rating-value" };
    i18n::text_with(lang, id, &args)
}

/// A rating in a narrow column: `1523`, or `1500?` while provisional.
pub fn rating_short(lang: Language, rating: i64, provisional: bool) -> String {
    let args = [("rating", i18n::Arg::Text(rating.to_string()))];
    let id = if provisional { "rating-short-provisional" } else { "rating-short" };
    i18n::text_with(lang, id, &args)
}

/// What a game's puzzle rating is kept under, in place of a convention (`nim puzzles`: see
/// `crate::domain::puzzle_rating_key`), so that a rating's words name it.
pub const PUZZLES: &str = "puzzles";

/// A rating with its game and convention: `Nim · normal play: 1523 ± 64`; `game` is a game's
/// name (`nim`, `kayles`), `mode` a convention's (`normal`, `misere`).
pub fn rating_in(lang: Language, game: &str, mode: &str, value: &str) -> String {
    let game = game.parse::<GameKind>().map_or_else(|_| game.to_string(), |kind| short_title(lang, kind));
    let mode = match mode {
        PUZZLES => i18n::text(lang, "rating-puzzles"),
        _ => mode.parse::<Mode>().map_or_else(|_| mode.to_string(), |m| mode_title(lang, m).to_string()),
    };
    let args = [
        ("game", i18n::Arg::Text(game)),
        ("mode", i18n::Arg::Text(mode)),
        ("value", i18n::Arg::Text(value.to_string())),
    ];
    i18n::text_with(lang, "rating-in", &args)
}
