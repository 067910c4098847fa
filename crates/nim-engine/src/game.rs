//! The game interface: what every game played on heaps answers, so that the app, saved games,
//! records, puzzles and `solve` never need to know which game they hold.
//!
//! A [`Move`] can take from one heap, take from several at once (Moore's Nim_k, Wythoff's "the same
//! from both"), split a heap in two (Lasker's Nim), or knock pins out of a row (Kayles, as a split
//! that takes one or two). [`Ruleset`] names a game and its convention; [`Game`] is that ruleset
//! built and ready to answer, dispatching to the game's own rules.

use std::fmt;

use super::{
    Euclid, EuclidView, Explanation, Fibonacci, FibonacciView, GameKind, GrundyTable, GrundyView, Lasker,
    Mode, Moore, MooreView, MoveCount, MoveError, MoveWords, Nim, NoMisere, Outcome, Position, PositionError,
    Subtraction, Take, Wythoff, WythoffView,
};

/// A move of any game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Tokens taken from one heap.
    Take(Take),
    /// Tokens taken from several heaps at once, one entry per heap, in heap order.
    TakeMany(Vec<Take>),
    /// `take` tokens removed from heap `heap` (none for a plain split) and the rest split in two:
    /// `left` tokens stay in the heap's place, the others become a new heap after the last one.
    Split {
        /// The heap split (0-based).
        heap: usize,
        /// Tokens removed before the split (0 for a plain split).
        take: u64,
        /// Tokens left in the heap's place; the rest form the new heap.
        left: u64,
    },
    /// Coins turned over in a row of coins (the coin-turning games), by their places (from 1),
    /// right to left: the first is a head, turned to tails. The position's heaps are the heads'
    /// places, and the move is played by turning each coin over.
    Turn(Vec<u64>),
    /// A run of neighbouring coins turned over (the ruler game): every coin from place `left` to
    /// place `right` (from 1, `left <= right`), the rightmost, `right`, a head turned to tails. A
    /// run may hold up to `right` coins, so it is named by its ends, never coin by coin.
    Run {
        /// The rightmost coin, a head.
        right: u64,
        /// The leftmost coin turned.
        left: u64,
    },
    /// Northcott's game: the mover's counter in row `row` (from 0) slid to square `to` (from 1),
    /// forward or back (see `northcott.rs`).
    Slide {
        /// The row, from 0.
        row: usize,
        /// The square the counter moves to, from 1.
        to: u64,
    },
    /// Turning Corners: the four corners of a rectangle turned over, the head at column `x`, row
    /// `y` (from 1) turned to tails, and the coins at `(a, y)`, `(x, b)` and `(a, b)`, `a < x`,
    /// `b < y` (see `corners.rs`). Rows come first, so that the order of moves reads the grid
    /// as a person does: by row, then column.
    Corners {
        /// The head's row.
        y: u64,
        /// The head's column.
        x: u64,
        /// The opposite corner's row, above the head's.
        b: u64,
        /// The opposite corner's column, left of the head's.
        a: u64,
    },
    /// Green Hackenbush: edge `edge` (from 1, see `hackenbush.rs`) of tree `tree` (from 0) cut.
    Cut {
        /// The tree, from 0.
        tree: usize,
        /// The edge, from 1.
        edge: u64,
    },
}

impl Move {
    /// Taking `take` tokens from the heap at index `heap`.
    pub fn take(heap: usize, take: u64) -> Move {
        Move::Take(Take::new(heap, take))
    }

    /// The move as a single take, when it is one.
    pub fn as_take(&self) -> Option<Take> {
        match self {
            Move::Take(take) => Some(*take),
            _ => None,
        }
    }

    /// Every heap the move takes tokens from, with how many.
    pub fn takes(&self) -> Vec<Take> {
        match self {
            Move::Take(take) => vec![*take],
            Move::TakeMany(takes) => takes.clone(),
            Move::Split { heap, take, .. } => vec![Take::new(*heap, *take)],
            Move::Turn(_)
            | Move::Run { .. }
            | Move::Slide { .. }
            | Move::Corners { .. }
            | Move::Cut { .. } => Vec::new(),
        }
    }

    /// Taking from several heaps at once, in its one canonical form: sorted by heap, and a plain
    /// [`Move::Take`] when only one heap is named. (Two takes from one heap stay two entries, which
    /// every game refuses.)
    pub fn take_many(mut takes: Vec<Take>) -> Move {
        takes.sort();
        match takes.as_slice() {
            [one] => Move::Take(*one),
            _ => Move::TakeMany(takes),
        }
    }

    /// Wythoff's move on both heaps: `take` tokens from each.
    pub fn both(take: u64) -> Move {
        Move::TakeMany(vec![Take::new(0, take), Take::new(1, take)])
    }

    /// Lasker's split of heap `heap`: `left` tokens stay in its place, the rest become a new last
    /// heap.
    pub fn split(heap: usize, left: u64) -> Move {
        Move::Split { heap, take: 0, left }
    }

    /// A Kayles move: `count` pins (1 or 2) knocked down from row `row` (from 0), starting at pin
    /// `first` (counted from 1, as players see them). The pins before them stay in the row's
    /// place and the pins after them become a new last row; a move at either end of a row just
    /// shortens it.
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Move, Position, Rules, Ruleset};
    ///
    /// // Pins 2 and 3 of a row of 6: one pin stays in the row's place, three form a new last row.
    /// let mut position = Position::new(vec![6]);
    /// Ruleset::new(GameKind::Kayles, Mode::Normal).game().play(&mut position, &Move::pins(0, 2, 2)).unwrap();
    /// assert_eq!(position.heaps(), [1, 3]);
    /// assert_eq!(Move::pins(0, 2, 2).as_pins(), Some((0, 2, 2)));
    /// ```
    pub fn pins(row: usize, first: u64, count: u64) -> Move {
        Move::Split { heap: row, take: count, left: first.saturating_sub(1) }
    }

    /// A Kayles move read back: the row (from 0), the first pin knocked down (from 1) and how many.
    pub fn as_pins(&self) -> Option<(usize, u64, u64)> {
        match *self {
            Move::Split { heap, take, left } if take > 0 => Some((heap, left + 1, take)),
            _ => None,
        }
    }

    /// Whether a coin-turning move turns the coin at `place` over (a drawing marks it).
    pub fn turns_coin(&self, place: u64) -> bool {
        match *self {
            Move::Turn(ref coins) => coins.contains(&place),
            Move::Run { right, left } => (left..=right).contains(&place),
            _ => false,
        }
    }

    /// The coins a drawing of a coin-turning move shows by their places: every coin it turns,
    /// or a long run's two ends (a played game's runs are short; `solve`'s may hold 2^64 - 1).
    pub fn coins_shown(&self) -> Vec<u64> {
        match *self {
            Move::Turn(ref coins) => coins.clone(),
            Move::Run { right, left } if right - left < 64 => (left..=right).collect(),
            Move::Run { right, left } => vec![left, right],
            _ => Vec::new(),
        }
    }

    /// Where a drawing of a move on a board ([`BoardView`](super::BoardView)) marks it: the row
    /// (from 0) and the square (from 1) a counter goes to. `None` for a move on heaps or coins.
    pub fn lands_on(&self) -> Option<(usize, u64)> {
        match *self {
            Move::Slide { row, to } => Some((row, to)),
            _ => None,
        }
    }

    /// Plays the move's mechanics on `position` without asking whether a game allows it; the
    /// game's [`Rules::check`] must have accepted it. Leaves `position` as it was on an error.
    ///
    /// Everything is checked before anything changes, and the position is changed in place: a
    /// record of 200,000 Lasker splits has that many heaps by its end, and copying them for
    /// every move made replaying it quadratic (88 s).
    pub(crate) fn apply_to(&self, position: &mut Position) -> Result<(), MoveError> {
        match self {
            Move::Take(take) => position.apply(*take),
            Move::TakeMany(takes) => {
                if takes.windows(2).all(|w| w[0].heap < w[1].heap) {
                    takes.iter().try_for_each(|take| position.check(*take))?;
                    for take in takes {
                        position.apply(*take)?;
                    }
                    return Ok(());
                }
                // Two takes from one heap (refused by every game): checked on a copy.
                let mut next = position.clone();
                for take in takes {
                    next.apply(*take)?;
                }
                *position = next;
                Ok(())
            }
            Move::Split { heap, take, left } => {
                if *take > 0 {
                    position.check(Take::new(*heap, *take))?;
                }
                let rest = position.heap(*heap).unwrap_or(0).saturating_sub(*take);
                if *left > rest {
                    return Err(MoveError::TooMany { number: heap + 1, holds: rest, take: *left });
                }
                if *take > 0 {
                    position.apply(Take::new(*heap, *take))?;
                }
                position.split_in_place(*heap, *left);
                Ok(())
            }
            Move::Turn(coins) => {
                let mut heads = position.heaps().to_vec();
                for &c in coins {
                    match heads.binary_search(&c) {
                        Ok(i) => {
                            heads.remove(i);
                        }
                        Err(i) => heads.insert(i, c),
                    }
                }
                *position = Position::new(heads);
                Ok(())
            }
            Move::Run { right, left } => {
                let heads = position.heaps();
                let inside = heads.iter().filter(|&&h| (*left..=*right).contains(&h)).count() as u64;
                let tails = right.saturating_sub(*left).saturating_add(1).saturating_sub(inside);
                if tails > RUN_TAILS_MOST {
                    return Err(MoveError::RunTooLong { tails, most: RUN_TAILS_MOST });
                }
                let mut out: Vec<u64> =
                    heads.iter().copied().filter(|h| !(*left..=*right).contains(h)).collect();
                out.extend((*left..=*right).filter(|c| !heads.contains(c)));
                out.sort_unstable();
                *position = Position::new(out);
                Ok(())
            }
            &Move::Slide { row, to } => super::northcott::apply(position, row, to),
            Move::Corners { .. } => super::corners::apply(position, self),
            &Move::Cut { tree, edge } => super::hackenbush::apply(position, tree, edge),
        }
    }
}

/// A move in the JSON shape of `solve --json` (the schema's `move`, `assets/solve.schema.json`):
/// heaps (rows) and pins numbered from 1, written from the move and the position it is made from
/// (a split names the part that moves away by its size, which the position holds). Made by
/// [`Move::json`]; the program's only JSON of a move, so a new move shape writes its JSON here.
///
/// ```
/// use nim_engine::{Move, Position};
///
/// let row = Position::new(vec![7]);
/// let json = |mv: &Move| serde_json::to_string(&mv.json(&row)).unwrap();
/// assert_eq!(json(&Move::take(0, 2)), r#"{"heap":1,"take":2}"#);
/// assert_eq!(json(&Move::split(0, 3)), r#"{"heap":1,"split":[3,4]}"#);
/// assert_eq!(json(&Move::pins(0, 3, 2)), r#"{"heap":1,"pins":[3,4]}"#);
/// assert_eq!(json(&Move::Run { right: 9, left: 4 }), r#"{"run":[9,4]}"#);
/// assert_eq!(json(&Move::Slide { row: 1, to: 5 }), r#"{"row":2,"to":5}"#);
/// assert_eq!(json(&Move::Corners { y: 4, x: 5, b: 1, a: 2 }), r#"{"corners":[[5,4],[2,1]]}"#);
/// assert_eq!(json(&Move::Cut { tree: 0, edge: 3 }), r#"{"tree":1,"edge":3}"#);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct MoveJson<'a> {
    mv: &'a Move,
    position: &'a Position,
}

impl Move {
    /// The move from `position` in its JSON shape (see [`MoveJson`]).
    pub fn json<'a>(&'a self, position: &'a Position) -> MoveJson<'a> {
        MoveJson { mv: self, position }
    }
}

impl serde::Serialize for MoveJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        /// One heap's part of a move on several heaps: `{"heap":1,"take":2}`.
        struct Part(Take);
        impl serde::Serialize for Part {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("heap", &self.0.number())?;
                map.serialize_entry("take", &self.0.take)?;
                map.end()
            }
        }
        /// The pins knocked down, listed as they are written (a move knocks down one to seven).
        struct Pins(u64, u64);
        impl serde::Serialize for Pins {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0..=self.1)
            }
        }

        match self.mv {
            Move::Take(take) => Part(*take).serialize(serializer),
            Move::TakeMany(takes) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("take", &takes.iter().map(|t| Part(*t)).collect::<Vec<_>>())?;
                map.end()
            }
            &Move::Split { heap, take: 0, left } => {
                let rest = self.position.heap(heap).unwrap_or(0).saturating_sub(left);
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("heap", &(heap + 1))?;
                map.serialize_entry("split", &[left, rest])?;
                map.end()
            }
            &Move::Split { heap, take, left } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("heap", &(heap + 1))?;
                map.serialize_entry("pins", &Pins(left + 1, left.saturating_add(take)))?;
                map.end()
            }
            Move::Turn(coins) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("turn", coins)?;
                map.end()
            }
            &Move::Run { right, left } => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("run", &[right, left])?;
                map.end()
            }
            &Move::Slide { row, to } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("row", &(row + 1))?;
                map.serialize_entry("to", &to)?;
                map.end()
            }
            &Move::Corners { y, x, b, a } => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("corners", &[[x, y], [a, b]])?;
                map.end()
            }
            &Move::Cut { tree, edge } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("tree", &(tree + 1))?;
                map.serialize_entry("edge", &edge)?;
                map.end()
            }
        }
    }
}

impl From<Take> for Move {
    fn from(take: Take) -> Move {
        Move::Take(take)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Take(take) => write!(f, "{take}"),
            Move::TakeMany(takes) => {
                for (i, take) in takes.iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        _ if i + 1 == takes.len() => " and ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{take}")?;
                }
                Ok(())
            }
            Move::Split { heap, take: 0, left } => write!(f, "split heap {} leaving {left} in it", heap + 1),
            Move::Split { heap, take, left } => {
                write!(f, "take {take} from heap {} and leave {left} in it", heap + 1)
            }
            Move::Turn(coins) => {
                let places: Vec<String> = coins.iter().map(u64::to_string).collect();
                write!(f, "turn over the coins at {}", places.join(", "))
            }
            Move::Run { right, left } if right == left => write!(f, "turn over the coin at {right}"),
            Move::Run { right, left } => write!(f, "turn over the coins from {left} to {right}"),
            Move::Slide { row, to } => write!(f, "slide the counter in row {} to square {to}", row + 1),
            Move::Corners { y, x, b, a } => {
                write!(f, "turn over the corners of ({x}, {y}) and ({a}, {b})")
            }
            Move::Cut { tree, edge } => write!(f, "cut edge {edge} of tree {}", tree + 1),
        }
    }
}

/// The most tails a run of coins may turn up when it is played ([`Move::Run`]): a position lists
/// its heads, so a run that would make more is refused. Played games start with places of at most
/// [`crate::GameKind::describe`]'s `most` (a run never reaches right of its head, so they stay
/// there); `solve` answers any place up to `u64::MAX` without playing a move.
pub const RUN_TAILS_MOST: u64 = 1 << 16;

/// What a game shows to teach its strategy, built from the same computation the AI plays by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Teaching {
    /// Nim's binary view: the heaps in binary, the nim-sum and the best move's working.
    Nim(Explanation),
    /// Moore's Nim_k: the binary columns, each counted modulo K+1.
    Moore(MooreView),
    /// Subtraction games, Lasker's Nim and Kayles: each heap's Grundy value and their XOR.
    Grundy(Box<GrundyView>),
    /// Wythoff's game: the losing pairs nearest the heaps.
    Wythoff(WythoffView),
    /// Fibonacci Nim: the heap's Zeckendorf representation against the limit.
    Fibonacci(FibonacciView),
    /// Euclid's game: the two numbers' ratio against the golden ratio.
    Euclid(EuclidView),
    /// Misère Kayles: each row's element of the misère quotient and their product.
    Quotient(super::QuotientView),
}

impl Teaching {
    /// The move the AI would play, if the game is not over.
    pub fn best(&self) -> Option<Move> {
        match self {
            Teaching::Nim(explanation) => explanation.best.mv().map(Move::Take),
            Teaching::Moore(view) => view.best.clone(),
            Teaching::Grundy(view) => view.best.clone(),
            Teaching::Wythoff(view) => view.best.clone(),
            Teaching::Fibonacci(view) => view.best.clone(),
            Teaching::Euclid(view) => view.best.clone(),
            Teaching::Quotient(view) => view.best.clone(),
        }
    }

    /// The working this view shows of `position` (the position it was made of), as a verdict
    /// gives it: the view's own figures, for `solve`'s reference answer.
    pub fn working(&self, position: &Position) -> Working {
        match self {
            Teaching::Nim(explanation) => Working::NimSum(explanation.analysis.nim_sum),
            Teaching::Grundy(view) => Working::Grundy { values: view.values.clone(), sum: view.sum },
            Teaching::Fibonacci(view) => {
                Working::Zeckendorf { limit: position.limit(), terms: view.terms.clone() }
            }
            Teaching::Quotient(view) => {
                Working::Quotient { elements: view.elements.clone(), product: view.product }
            }
            Teaching::Moore(_) | Teaching::Wythoff(_) | Teaching::Euclid(_) => Working::Plain,
        }
    }

    /// Whether the player to move wins with perfect play.
    pub fn is_win(&self) -> bool {
        match self {
            Teaching::Nim(explanation) => explanation.analysis.is_win(),
            Teaching::Moore(view) => view.win,
            Teaching::Grundy(view) => view.win,
            Teaching::Wythoff(view) => view.win,
            Teaching::Fibonacci(view) => view.win,
            Teaching::Euclid(view) => view.win,
            Teaching::Quotient(view) => view.win,
        }
    }
}

/// How many winning moves [`Rules::winning_moves`] lists at most. Only games whose moves reshape
/// a heap freely (Moore's Nim_k, the splits of Lasker's Nim and Kayles) can have more; Nim's list
/// is always whole. [`Rules::winning_move_count`] counts them all.
pub const MOVE_LIST_LIMIT: usize = 1000;

/// The most legal moves, and the most tokens, of a position in which the AI's best try from a lost
/// position weighs every move (`best_try`); past either, each game's own quick rule answers (see
/// [`TryWhy::Quick`]). At this bound a best try costs a few hundred counts of winning replies, each
/// constant or linear in the heaps, so the AI never searches a move set of u64 size; and the
/// tokens bound it too, since taking the least from a huge heap (Fibonacci Nim's, a subtraction
/// game's, whose moves are few) would make a game against the hint last as many moves as tokens.
pub const BEST_TRY_MOVES: u128 = 400;

/// Why the AI plays the move it plays from a lost position, as data for the words that tell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TryWhy {
    /// Every legal move was weighed: this one leaves the other player the fewest winning replies
    /// (`replies`), and of those takes the fewest tokens (`taken`), so the game lasts longest.
    /// It empties a heap of two or more only when every move does.
    Hardest {
        /// How many winning replies the other player has after it.
        replies: u128,
        /// How many tokens it takes (0 for a plain split).
        taken: u128,
    },
    /// More than [`BEST_TRY_MOVES`] legal moves or tokens: the game's own quick rule, which keeps a game of
    /// huge heaps a matter of their digits, not their tokens (each game's `fallback` says how).
    Quick,
}

/// How a move ranks as a try, the smallest first: whether it empties a heap of two or more, the
/// winning replies it leaves, the tokens it takes, and the largest heap it takes from (reversed).
type TryRank = (bool, u128, u128, std::cmp::Reverse<u64>);

/// Whether the best try weighs every one of a position's `moves` legal moves ([`BEST_TRY_MOVES`]).
fn weighs_every_move<R: Rules + ?Sized>(game: &R, position: &Position, moves: u128) -> bool {
    moves <= BEST_TRY_MOVES && game.size_of(position) <= BEST_TRY_MOVES
}

/// Whether `mv` empties a heap of two or more tokens: the "take everything" a child finds weakest.
fn empties_big_heap(position: &Position, mv: &Move) -> bool {
    mv.takes().iter().any(|t| position.heap(t.heap).is_some_and(|h| h >= 2 && t.take == h))
}

/// A quick rule's `mv` held to the best try's first rule: it empties no heap of two or more when
/// another move exists. A move that would is played one token short on each heap it would empty
/// (one short on every heap, for Wythoff's same number from both), or else the first legal move in
/// the game's order that empties none, among the first [`BEST_TRY_MOVES`]; only when none is
/// found does `mv` stand. Each candidate is checked by the game's own rules.
fn keep_heaps<R: Rules + ?Sized>(game: &R, position: &Position, count: u128, mv: Move) -> Move {
    if !empties_big_heap(position, &mv) {
        return mv;
    }
    let size = |heap: usize| position.heap(heap).unwrap_or(0);
    let short = |take: Take, every: bool| match every || size(take.heap) == take.take {
        true => Take::new(take.heap, take.take.saturating_sub(1)),
        false => take,
    };
    let shorter = |every: bool| -> Option<Move> {
        match &mv {
            Move::Take(take) => Some(Move::Take(short(*take, every))),
            Move::TakeMany(takes) => Some(Move::TakeMany(takes.iter().map(|t| short(*t, every)).collect())),
            // A row knocked down whole keeps its last pin.
            Move::Split { heap, take, left } => {
                Some(Move::Split { heap: *heap, take: take.saturating_sub(1), left: *left })
            }
            Move::Turn(_)
            | Move::Run { .. }
            | Move::Slide { .. }
            | Move::Corners { .. }
            | Move::Cut { .. } => None,
        }
    };
    let keeps = |candidate: &Move| {
        candidate.takes().iter().all(|t| t.take > 0)
            && !empties_big_heap(position, candidate)
            && game.check(position, candidate).is_ok()
    };
    [shorter(false), shorter(true)]
        .into_iter()
        .flatten()
        .find(|candidate| keeps(candidate))
        .or_else(|| (0..count.min(BEST_TRY_MOVES)).filter_map(|i| game.nth_move(position, i)).find(keeps))
        .unwrap_or(mv)
}

/// The AI's best try from a lost position, one rule for every game: when the position has at most
/// [`BEST_TRY_MOVES`] legal moves and tokens, every one of them is weighed and the AI plays, in this order of
/// preference, a move that does not empty a heap of two or more (when there is one), that leaves
/// the other player the fewest winning replies (the hardest position to answer), that takes the
/// fewest tokens (the longest game), that takes from the largest heap, and the first such in the
/// game's order of moves ([`Rules::nth_move`]). Past that bound the game's own `quick` rule answers.
/// `None` when no move is left.
pub(crate) fn best_try<R: Rules + ?Sized>(
    game: &R,
    position: &Position,
    quick: impl FnOnce() -> Option<Move>,
) -> Option<Move> {
    let count = game.move_count(position);
    if !weighs_every_move(game, position, count) {
        return quick().map(|mv| keep_heaps(game, position, count, mv));
    }
    let mut best: Option<(TryRank, Move)> = None;
    for index in 0..count {
        let Some(mv) = game.nth_move(position, index) else { continue };
        let mut after = position.clone();
        if game.play(&mut after, &mv).is_err() {
            continue;
        }
        let replies = game
            .winning_move_count(&after)
            .or_else(|| game.count_winning_moves(&after).value().to_u128())
            .unwrap_or(u128::MAX);
        let takes = mv.takes();
        let taken = takes.iter().map(|t| u128::from(t.take)).sum::<u128>();
        let largest = takes.iter().filter_map(|t| position.heap(t.heap)).max().unwrap_or(0);
        let key = (empties_big_heap(position, &mv), replies, taken, std::cmp::Reverse(largest));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

impl Game {
    /// Why the AI's move `mv` is its best try from `position`, or `None` when the position is not
    /// lost (the move is a winning one) or the game is over.
    pub fn try_why(&self, position: &Position, mv: &Move) -> Option<TryWhy> {
        if self.is_over(position) || self.outcome(position) == Outcome::Win {
            return None;
        }
        if !weighs_every_move(self, position, self.move_count(position)) {
            return Some(TryWhy::Quick);
        }
        let mut after = position.clone();
        self.play(&mut after, mv).ok()?;
        let replies = self
            .winning_move_count(&after)
            .or_else(|| self.count_winning_moves(&after).value().to_u128())
            .unwrap_or(u128::MAX);
        let taken = mv.takes().iter().map(|t| u128::from(t.take)).sum();
        // A move that ends the game (misère's last token) is no try: nothing is left to tell.
        (replies > 0 && !self.is_over(&after)).then_some(TryWhy::Hardest { replies, taken })
    }
}

/// The rules of one game under one convention, and its perfect strategy.
///
/// Everything that checks, plays, judges or explains a move goes through here. Implementations are
/// pure: no I/O and no randomness (a caller that wants a random move draws the index itself and
/// asks for [`Rules::nth_move`]).
///
/// Moves are listed in one fixed order, `Move`'s own (`Ord`): single takes by heap and amount,
/// then moves on several heaps, then splits and knock-downs by heap, pins and what stays.
pub trait Rules {
    /// The game.
    fn kind(&self) -> GameKind;
    /// The convention the game is played under.
    fn mode(&self) -> Mode;
    /// Checks that the game is played on this position: the number of heaps (two for Wythoff's
    /// game, one for Fibonacci Nim) and the limit (only Fibonacci Nim has one).
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        Ok(())
    }
    /// Checks a move without playing it.
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError>;
    /// Plays a move, or leaves the position untouched and says why it is illegal.
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.check(position, mv)?;
        mv.apply_to(position)
    }
    /// Whether no move is left: the player who made the last move won in normal play and lost
    /// in misère.
    fn is_over(&self, position: &Position) -> bool;
    /// Who wins with perfect play.
    fn outcome(&self, position: &Position) -> Outcome;
    /// The winning moves in the game's order, at most [`MOVE_LIST_LIMIT`] of them (Nim lists
    /// every one). Empty in a losing position.
    fn winning_moves(&self, position: &Position) -> Vec<Move> {
        self.winning_moves_up_to(position, MOVE_LIST_LIMIT)
    }
    /// The first `limit` winning moves in the game's order. Moore's Nim_k, whose winning moves can
    /// be too many to list, gives `limit` of them (those that leave the most in the highest binary
    /// columns), in the game's order, and never more than [`crate::MOORE_LIST_MAX`] (fewer when its
    /// search's budget runs out; [`Game::visit_winning_moves`] says when). A caller that wants a
    /// long list without holding it asks [`Game::visit_winning_moves`].
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move>;
    /// How many winning moves there are, when that is known exactly and fits a `u128`; `None`
    /// only for Moore's Nim_k, whose count may pass `u128` or cost more than its budget (see
    /// [`Rules::count_winning_moves`]). Every other game's count is below heaps × 2^65.
    fn winning_move_count(&self, position: &Position) -> Option<u128>;
    /// How many winning moves there are, of any size: exact, or a lower bound where counting
    /// them all would cost more than the game's budget (Moore's Nim_k on many heaps, see
    /// `moore.rs`). Never a bound passed off as exact.
    fn count_winning_moves(&self, position: &Position) -> MoveCount {
        match self.winning_move_count(position) {
            Some(count) => MoveCount::exact(count),
            // Only a game that counts for itself gives up on `winning_move_count`; a winning
            // position has at least one winning move.
            None => MoveCount::at_least(u64::from(self.outcome(position) == Outcome::Win)),
        }
    }
    /// Whether `mv` is legal and wins: it leaves a position lost for the player then to move.
    fn is_winning_move(&self, position: &Position, mv: &Move) -> bool {
        let mut next = position.clone();
        self.play(&mut next, mv).is_ok() && self.outcome(&next) == Outcome::Lose
    }
    /// The move the perfect AI plays, or `None` when the game is over.
    fn ai_move(&self, position: &Position) -> Option<Move>;
    /// How many legal moves there are (a `u128`: heaps of 10^18 tokens have that many; Moore's
    /// Nim_k saturates at `u128::MAX`).
    fn move_count(&self, position: &Position) -> u128;
    /// The legal move number `index` (from 0) in a fixed order, without listing the others.
    ///
    /// With [`Rules::move_count`], this is how a caller picks a random move with its own
    /// randomness, or walks every move:
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Move, Position, Rules, Ruleset};
    ///
    /// // A row of 3 pins: three single pins, and two pairs of neighbours.
    /// let kayles = Ruleset::new(GameKind::Kayles, Mode::Normal).game();
    /// let row = Position::new(vec![3]);
    /// assert_eq!(kayles.move_count(&row), 5);
    /// let moves: Vec<Move> = (0..5).filter_map(|i| kayles.nth_move(&row, i)).collect();
    /// assert_eq!(moves[0], Move::pins(0, 1, 1));
    /// assert!(moves.iter().all(|mv| kayles.check(&row, mv).is_ok()));
    /// assert_eq!(kayles.nth_move(&row, 5), None);
    /// ```
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move>;
    /// The teaching view of the position: the theory at work, and the best move with its reason.
    fn teach(&self, position: &Position) -> Teaching;
    /// What the move from `position` does, as data for the words that tell it: take 2 from
    /// heap 1, split heap 2 into 3 and 4, knock down pins 3 and 4 of row 1, take 3 from both
    /// heaps. The program writes the sentence, in the tense it needs.
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        let _ = position;
        MoveWords::plain(mv)
    }
    /// The move as a record writes it, such as `1 2` (heap 1, take 2).
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Move, Rules, Ruleset};
    ///
    /// let wythoff = Ruleset::new(GameKind::Wythoff, Mode::Normal).game();
    /// assert_eq!(wythoff.write_move(&Move::both(3)), "both 3");
    /// assert_eq!(wythoff.read_move("both 3"), Ok(Move::both(3)));
    ///
    /// let kayles = Ruleset::new(GameKind::Kayles, Mode::Normal).game();
    /// assert_eq!(kayles.write_move(&Move::pins(0, 4, 1)), "1 pin 4");
    /// assert_eq!(kayles.read_move("1 pins 5 6"), Ok(Move::pins(0, 5, 2)));
    /// ```
    fn write_move(&self, mv: &Move) -> String;
    /// Reads a move as [`Rules::write_move`] writes it; heaps are counted from 1.
    fn read_move(&self, text: &str) -> Result<Move, String>;
    /// How many things a player chooses among in `position`: its heaps, or a board's rows.
    fn choices(&self, position: &Position) -> usize {
        position.len()
    }
    /// Where a player's chooser may stand in heap (or row) `index` of `position`
    /// ([`Places`](super::Places)): by default a heap from which a move takes at least one token
    /// (two neighbouring pins in a game whose moves knock down two), any count up to its size.
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Position, Rules, Ruleset};
    ///
    /// let dawson = Ruleset::new(GameKind::Dawson, Mode::Normal).game();
    /// let row = Position::new(vec![1, 4]);
    /// assert!(!dawson.places(&row, 0).open);
    /// assert_eq!(dawson.places(&row, 1).typed_most, 4);
    /// ```
    fn places(&self, position: &Position, index: usize) -> super::Places {
        // A row shorter than the fewest pins a move knocks down has no move.
        let least = self.kind().describe().shape.pin_counts().first().copied().unwrap_or(1);
        super::Places::heap(position.heap(index).unwrap_or(0), least)
    }
    /// How a start's numbers (drawn at random, a puzzle's, typed) become a position's heaps: a
    /// board game's numbers are its rows' gaps, made its board; any other game's are its heaps.
    fn position_from(&self, numbers: Vec<u64>) -> Vec<u64> {
        numbers
    }
    /// The position as a board, for a game played on one (its picture and its words); `None`
    /// for a game played on heaps, whose heaps are what a person sees.
    fn board_view(&self, position: &Position) -> Option<super::BoardView> {
        let _ = position;
        None
    }
    /// How large the position is for the best try's bound ([`BEST_TRY_MOVES`]): its tokens, or
    /// a game's own measure when its heaps encode something else (Green Hackenbush's edges).
    fn size_of(&self, position: &Position) -> u128 {
        position.tokens()
    }
    /// The position as trees, for a game played on them (Green Hackenbush: its picture); `None`
    /// for any other game.
    fn forest_view(&self, position: &Position) -> Option<Vec<super::hackenbush::Tree>> {
        let _ = position;
        None
    }
    /// Whether a person writes this game's positions in a notation of its own
    /// ([`Rules::read_position`], [`Rules::write_position`]) rather than as its heaps' numbers.
    fn has_notation(&self) -> bool {
        false
    }
    /// A start or position as a person writes it, read into the position's heaps (`--heaps`, the
    /// start menu's custom heaps, `solve`): numbers separated by spaces and/or commas
    /// ([`super::parse_heaps`]), unless the game's heaps encode something a person writes
    /// otherwise (Green Hackenbush's trees, `3 1(2,3)`).
    fn read_position(&self, text: &str) -> Result<Vec<u64>, super::ParseHeapsError> {
        super::parse_heaps(text)
    }
    /// The position as a person writes it, in the notation [`Rules::read_position`] reads;
    /// `None` when that is its heaps' numbers (every game without
    /// [`has_notation`](Rules::has_notation)).
    fn write_position(&self, position: &Position) -> Option<String> {
        let _ = position;
        None
    }
}

/// A game and its convention: an identity only, small and `Copy`, fit to store, compare or send.
///
/// It answers nothing itself: [`Ruleset::game`] builds the [`Game`] that answers [`Rules`] (for a
/// subtraction game, a lookup in a small shared cache of Grundy tables), and a caller that asks
/// questions holds that [`Game`]. What a game says about itself without a position (its move
/// shape, words and limits) is [`GameKind::describe`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Ruleset {
    /// The game.
    pub kind: GameKind,
    /// Its convention.
    pub mode: Mode,
}

impl Ruleset {
    /// `kind` played under `mode`. A game without a misère form ([`GameKind::has_misere`]) in
    /// misère refuses every move; [`Ruleset::checked`] refuses it up front.
    pub fn new(kind: GameKind, mode: Mode) -> Ruleset {
        Ruleset { kind, mode }
    }

    /// `kind` played under `mode`, or why that convention is not offered for the game.
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Ruleset};
    ///
    /// assert!(Ruleset::checked(GameKind::Moore(3), Mode::Misere).is_ok());
    /// assert!(Ruleset::checked(GameKind::Kayles, Mode::Misere).is_ok());
    /// let refused = Ruleset::checked(GameKind::Dawson, Mode::Misere).unwrap_err();
    /// assert_eq!(refused.game, "Dawson's Kayles");
    /// assert!(refused.to_string().contains("open problem"), "{refused}");
    /// ```
    pub fn checked(kind: GameKind, mode: Mode) -> Result<Ruleset, NoMisere> {
        if mode == Mode::Misere && !kind.has_misere() {
            return Err(NoMisere::of(kind));
        }
        Ok(Ruleset { kind, mode })
    }

    /// Nim under `mode`.
    pub fn nim(mode: Mode) -> Ruleset {
        Ruleset { kind: GameKind::Nim, mode }
    }

    /// The game with everything it needs to answer quickly (a subtraction game's Grundy table).
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Move, Outcome, Position, Rules, Ruleset, SubtractionSet};
    ///
    /// // Subtraction {1, 3, 4}: its Grundy values repeat 0 1 0 1 2 3 2 with period 7.
    /// let set = SubtractionSet::new([1, 3, 4]).expect("amounts from 1 to 128");
    /// let game = Ruleset::new(GameKind::Subtraction(set), Mode::Normal).game();
    /// let position = Position::new(vec![10, 7]);
    /// assert_eq!(game.outcome(&position), Outcome::Win);
    /// assert_eq!(game.winning_moves(&position), [Move::take(0, 1), Move::take(0, 3), Move::take(1, 4)]);
    /// ```
    pub fn game(&self) -> Game {
        Game::of(*self)
    }
}

/// One game's rules and strategy, ready to answer: what a [`Ruleset`] builds to answer a question.
///
/// Building it is free for every game but a subtraction game, whose Grundy table (with its
/// pre-period and period) is built once per set and shared.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Ruleset,
    play: Play,
    /// Set when the ruleset asks for misère in a game without it: every move is refused, and the
    /// other answers are those of normal play.
    refused: Option<NoMisere>,
}

#[derive(Debug, Clone)]
enum Play {
    Nim(Nim),
    Moore(Moore),
    Subtraction(Subtraction),
    Lasker(Lasker),
    Pins(super::Pins),
    Wythoff(Wythoff),
    Fibonacci(Fibonacci),
    Staircase(super::Staircase),
    Coins(super::Coins),
    Euclid(Euclid),
    MisereKayles(super::MisereKayles),
    Octal(super::Octal),
    Northcott(super::northcott::Northcott),
    Corners(super::corners::Corners),
    Hackenbush(super::hackenbush::Hackenbush),
}

/// Calls the same method on whichever game is played.
macro_rules! each {
    ($self:expr, $game:ident => $body:expr) => {
        match &$self.play {
            Play::Nim($game) => $body,
            Play::Moore($game) => $body,
            Play::Subtraction($game) => $body,
            Play::Lasker($game) => $body,
            Play::Pins($game) => $body,
            Play::Wythoff($game) => $body,
            Play::Fibonacci($game) => $body,
            Play::Staircase($game) => $body,
            Play::Coins($game) => $body,
            Play::Euclid($game) => $body,
            Play::MisereKayles($game) => $body,
            Play::Octal($game) => $body,
            Play::Northcott($game) => $body,
            Play::Corners($game) => $body,
            Play::Hackenbush($game) => $body,
        }
    };
}

impl Game {
    /// The game of `rules`, or why its convention is not offered.
    pub fn new(rules: Ruleset) -> Result<Game, NoMisere> {
        Ruleset::checked(rules.kind, rules.mode)?;
        Ok(Game::of(rules))
    }

    /// The game of `rules`; misère in a game without it refuses every move (see [`Game::new`]).
    pub fn of(rules: Ruleset) -> Game {
        let refused =
            (rules.mode == Mode::Misere && !rules.kind.has_misere()).then(|| NoMisere::of(rules.kind));
        let mode = if refused.is_some() { Mode::Normal } else { rules.mode };
        let play = match rules.kind {
            GameKind::Nim => Play::Nim(Nim::new(mode)),
            GameKind::Moore(k) => Play::Moore(Moore::new(k, mode)),
            GameKind::Subtraction(set) => Play::Subtraction(Subtraction::new(set)),
            GameKind::Lasker => Play::Lasker(Lasker),
            GameKind::Kayles if mode == Mode::Misere => Play::MisereKayles(super::MisereKayles),
            GameKind::Kayles => Play::Pins(super::Pins::kayles()),
            GameKind::Dawson => Play::Pins(super::Pins::dawson()),
            GameKind::Wythoff => Play::Wythoff(Wythoff),
            GameKind::Fibonacci => Play::Fibonacci(Fibonacci),
            GameKind::Staircase => Play::Staircase(super::Staircase),
            GameKind::TurningTurtles => Play::Coins(super::Coins::turtles()),
            GameKind::MockTurtles => Play::Coins(super::Coins::mock_turtles()),
            GameKind::Ruler => Play::Coins(super::Coins::ruler()),
            GameKind::Euclid => Play::Euclid(Euclid),
            GameKind::Octal(code) => Play::Octal(super::Octal::new(code)),
            GameKind::Northcott => Play::Northcott(super::northcott::Northcott),
            GameKind::Corners => Play::Corners(super::corners::Corners),
            GameKind::Hackenbush => Play::Hackenbush(super::hackenbush::Hackenbush),
        };
        Game { rules, play, refused }
    }

    /// The game's ruleset.
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// The Grundy value of a heap of `size` in a game valued by Grundy numbers (subtraction games,
    /// Lasker's Nim, Kayles), in constant time.
    pub fn grundy(&self, size: u64) -> Option<u128> {
        match &self.play {
            Play::Subtraction(game) => Some(u128::from(game.grundy(size))),
            Play::Lasker(game) => Some(game.grundy(size)),
            Play::Pins(game) => Some(super::grundy::HeapGame::grundy(game, size)),
            Play::Octal(game) => Some(u128::from(game.grundy(size))),
            // A row of coins: what a head at place `size` is worth.
            Play::Coins(game) => Some(game.value(size)),
            _ => None,
        }
    }

    /// A subtraction game's Grundy values from 0 through their pre-period and one period, with the
    /// pre-period and the period: every heap's value is read from these.
    pub fn grundy_table(&self) -> Option<GrundyTable> {
        match &self.play {
            Play::Subtraction(game) => Some(game.table()),
            Play::Pins(game) => Some(game.grundy_table()),
            Play::Octal(game) => Some(game.table()),
            _ => None,
        }
    }
}

/// What a position's answer shows of the theory at work, besides the verdict: cheap to compute,
/// without the teaching view's best move and reasons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Working {
    /// Nim: the XOR of the heaps.
    NimSum(u64),
    /// Subtraction games, Lasker's Nim, Kayles and Dawson's Kayles: each heap's Grundy value and
    /// their XOR.
    Grundy {
        /// Each heap's Grundy value, in heap order.
        values: Vec<u128>,
        /// Their XOR: the position is lost exactly when it is 0.
        sum: u128,
    },
    /// Fibonacci Nim: the most the next move may take (`None` before the first move) and the
    /// heap's Zeckendorf terms, largest first.
    Zeckendorf {
        /// The limit of the position.
        limit: Option<u64>,
        /// The heap as a sum of Fibonacci numbers, no two neighbours.
        terms: Vec<u64>,
    },
    /// Misère Kayles: each row's element of the misère quotient and their product.
    Quotient {
        /// Each row's element, in row order.
        elements: Vec<super::QuotientElement>,
        /// Their product: the position is lost exactly when it is in the P-portion.
        product: super::QuotientElement,
    },
    /// Nothing beyond the heaps (Moore's Nim_k, Wythoff's game).
    Plain,
}

/// The working as `solve --json` writes it (`assets/solve.schema.json`): a map of the fields it
/// adds after `heaps`, none for `Plain`. So a new kind of working is written here, once, and
/// `solve` writes whatever it is given. A Grundy value past `u64::MAX` is a string of digits, as
/// every count in the schema.
impl serde::Serialize for Working {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        /// A value as the schema writes a count: a number while it fits a `u64`, else its digits.
        struct Count(u128);
        impl serde::Serialize for Count {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match u64::try_from(self.0) {
                    Ok(n) => serializer.serialize_u64(n),
                    Err(_) => serializer.serialize_str(&self.0.to_string()),
                }
            }
        }
        let mut map = serializer.serialize_map(None)?;
        match self {
            Working::NimSum(sum) => map.serialize_entry("nim_sum", sum)?,
            Working::Grundy { values, sum } => {
                let values: Vec<Count> = values.iter().map(|&v| Count(v)).collect();
                map.serialize_entry("grundy", &values)?;
                map.serialize_entry("grundy_sum", &Count(*sum))?;
            }
            Working::Zeckendorf { limit, terms } => {
                map.serialize_entry("limit", limit)?;
                map.serialize_entry("zeckendorf", terms)?;
            }
            Working::Quotient { elements, product } => {
                let names: Vec<&str> = elements.iter().map(|x| x.name()).collect();
                map.serialize_entry("quotient", &names)?;
                map.serialize_entry("quotient_product", product.name())?;
                let p: Vec<&str> = super::MisereKayles.p_portion().into_iter().map(|x| x.name()).collect();
                map.serialize_entry("quotient_p", &p)?;
            }
            Working::Plain => {}
        }
        map.end()
    }
}

/// Who wins, how many winning moves there are and the working, worked out without listing the
/// moves: what `solve` prints for every position before the moves it lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// How many winning moves there are: exact, or a lower bound that says so.
    pub count: MoveCount,
    /// The theory at work.
    pub working: Working,
}

impl Game {
    /// The verdict on `position`: outcome, count and working, in time that does not grow with the
    /// number of winning moves (Nim analyses the heaps once).
    ///
    /// ```
    /// use nim_engine::{GameKind, Mode, Outcome, Position, Ruleset, Working};
    ///
    /// let nim = Ruleset::new(GameKind::Nim, Mode::Normal).game();
    /// let verdict = nim.verdict(&Position::new(vec![3, 5, 7]));
    /// assert_eq!(verdict.outcome, Outcome::Win);
    /// assert_eq!(verdict.count.exact_u128(), Some(3));
    /// assert_eq!(verdict.working, Working::NimSum(1));
    /// ```
    pub fn verdict(&self, position: &Position) -> Verdict {
        if let Play::Nim(nim) = &self.play {
            let analysis = nim.analyse(position);
            return Verdict {
                outcome: analysis.outcome,
                count: MoveCount::exact(analysis.move_count() as u128),
                working: Working::NimSum(analysis.nim_sum),
            };
        }
        if let Play::Wythoff(wythoff) = &self.play {
            // A pair is lost exactly when no move wins: one look at its losing pairs for both.
            let count = wythoff.count(position);
            let outcome = if count == 0 { Outcome::Lose } else { Outcome::Win };
            return Verdict { outcome, count: MoveCount::exact(count as u128), working: Working::Plain };
        }
        if let Play::Fibonacci(fibonacci) = &self.play {
            let (outcome, count, terms) = fibonacci.verdict(position);
            return Verdict {
                outcome,
                count: MoveCount::exact(count as u128),
                working: Working::Zeckendorf { limit: position.limit(), terms },
            };
        }
        let working = match &self.play {
            Play::Staircase(_) => {
                let heaps = position.heaps();
                let values: Vec<u128> = heaps
                    .iter()
                    .enumerate()
                    .map(|(i, &h)| if i % 2 == 0 { u128::from(h) } else { 0 })
                    .collect();
                let sum = u128::from(super::Staircase::nim_sum(heaps));
                Working::Grundy { values, sum }
            }
            Play::Coins(coins) => {
                let values: Vec<u128> = position.heaps().iter().map(|&n| coins.value(n)).collect();
                let sum = values.iter().fold(0, |x, v| x ^ v);
                Working::Grundy { values, sum }
            }
            Play::Subtraction(_) | Play::Lasker(_) | Play::Pins(_) | Play::Octal(_) => {
                let values: Vec<u128> =
                    position.heaps().iter().map(|&h| self.grundy(h).unwrap_or_default()).collect();
                let sum = values.iter().fold(0, |x, v| x ^ v);
                Working::Grundy { values, sum }
            }
            Play::Fibonacci(_) => Working::Zeckendorf {
                limit: position.limit(),
                terms: super::zeckendorf::terms(position.heap(0).unwrap_or(0)),
            },
            // Northcott's game: the gaps are the Nim heaps.
            Play::Northcott(_) => match super::northcott::decode(position.heaps()) {
                Ok(board) => Working::Grundy {
                    values: board.gaps().into_iter().map(u128::from).collect(),
                    sum: u128::from(board.nim_sum()),
                },
                Err(_) => Working::Plain,
            },
            Play::Corners(_) => {
                let values: Vec<u128> =
                    super::corners::heads(position.heaps()).iter().map(|h| u128::from(h.value())).collect();
                let sum = values.iter().fold(0, |x, v| x ^ v);
                Working::Grundy { values, sum }
            }
            // Green Hackenbush: each tree is a Nim heap of its value (the colon principle).
            Play::Hackenbush(_) => match super::hackenbush::decode(position.heaps()) {
                Ok(trees) => {
                    let values: Vec<u128> = trees.iter().map(|t| u128::from(t.value())).collect();
                    let sum = values.iter().fold(0, |x, v| x ^ v);
                    Working::Grundy { values, sum }
                }
                Err(_) => Working::Plain,
            },
            Play::MisereKayles(game) => Working::Quotient {
                elements: position.heaps().iter().map(|&n| game.element(n)).collect(),
                product: game.product(position.heaps()),
            },
            _ => Working::Plain,
        };
        let outcome = match &working {
            Working::Grundy { sum, .. } => {
                if *sum == 0 {
                    Outcome::Lose
                } else {
                    Outcome::Win
                }
            }
            _ => self.outcome(position),
        };
        let count = if outcome == Outcome::Lose {
            MoveCount::exact(0u64)
        } else {
            self.count_winning_moves(position)
        };
        Verdict { outcome, count, working }
    }

    /// [`Game::visit_winning_moves_while`] after [`Game::verdict`] on the same position, using what
    /// the verdict worked out: Fibonacci Nim's winning takes are read off its Zeckendorf terms, not
    /// found again. The same moves in the same order.
    pub fn visit_winning_moves_after(
        &self,
        position: &Position,
        verdict: &Verdict,
        limit: Option<usize>,
        visit: &mut dyn FnMut(&Move) -> bool,
    ) -> Listing {
        // Through the game's type, not a path into its file (no cycle between the two files).
        if let (Play::Fibonacci(fibonacci), Working::Zeckendorf { terms, .. }) =
            (&self.play, &verdict.working)
        {
            let (mut listed, mut going) = (0, true);
            fibonacci.visit_winning_moves_from_terms(
                position,
                terms,
                limit.unwrap_or(MOVE_LIST_LIMIT),
                &mut |mv| {
                    if going {
                        listed += 1;
                        going = visit(mv);
                    }
                },
            );
            return Listing { listed, complete: true };
        }
        self.visit_winning_moves_while(position, limit, visit)
    }

    /// Calls `visit` with the first `limit` winning moves in the game's order, or with the game's
    /// own list ([`Rules::winning_moves`]: every one for Nim, at most [`MOVE_LIST_LIMIT`] for the
    /// others) when `limit` is `None`, and says how many it gave and whether that is all that was
    /// asked for. See [`Game::visit_winning_moves_while`].
    pub fn visit_winning_moves(
        &self,
        position: &Position,
        limit: Option<usize>,
        visit: &mut dyn FnMut(&Move),
    ) -> Listing {
        self.visit_winning_moves_while(position, limit, &mut |mv| {
            visit(mv);
            true
        })
    }

    /// [`Game::visit_winning_moves`] until `visit` returns false (a reader that has gone away):
    /// the moves after it are not made.
    ///
    /// Memory does not grow with `limit`. Every game but Moore's Nim_k makes its moves one at a
    /// time and never gathers them, so a row of 2^64 - 1 pins can list its 3 * 10^18 winning
    /// moves (for as long as the reader cares to read). Moore's Nim_k lists its moves in an order
    /// it must sort, so it lists at most [`crate::MOORE_LIST_MAX`] of them per position, and fewer
    /// when its search's budget runs out: then the [`Listing`] is not complete, and says so.
    pub fn visit_winning_moves_while(
        &self,
        position: &Position,
        limit: Option<usize>,
        visit: &mut dyn FnMut(&Move) -> bool,
    ) -> Listing {
        let mut listed = 0;
        let mut each = |mv: &Move| {
            listed += 1;
            visit(mv)
        };
        match &self.play {
            Play::Nim(nim) => {
                let heaps = position.heaps();
                let analysis = nim.analyse(position);
                for take in analysis.moves(heaps).take(limit.unwrap_or(usize::MAX)) {
                    if !each(&Move::Take(take)) {
                        break;
                    }
                }
            }
            Play::Fibonacci(fibonacci) => {
                let mut going = true;
                fibonacci.visit_winning_moves(position, limit.unwrap_or(MOVE_LIST_LIMIT), &mut |mv| {
                    if going {
                        going = each(&mv);
                    }
                });
            }
            Play::Moore(moore) => {
                let (moves, complete) = moore.listing(position, limit.unwrap_or(MOVE_LIST_LIMIT));
                for mv in &moves {
                    if !each(mv) {
                        break;
                    }
                }
                return Listing { listed, complete };
            }
            Play::Subtraction(game) => visit_grundy(game, position, limit, &mut each),
            Play::Lasker(game) => visit_grundy(game, position, limit, &mut each),
            Play::Pins(game) => visit_grundy(game, position, limit, &mut each),
            Play::Octal(game) => visit_grundy(game, position, limit, &mut each),
            Play::Coins(coins) => {
                let mut going = true;
                coins.visit_winning_moves(position, limit.unwrap_or(MOVE_LIST_LIMIT), &mut |mv| {
                    going = going && each(&mv);
                    going
                });
            }
            Play::MisereKayles(game) => {
                game.visit_winning_moves(position, limit.unwrap_or(MOVE_LIST_LIMIT), &mut each);
            }
            Play::Corners(game) => {
                // The search is bounded: a list cut short by it says so.
                let moves = game.winning_moves_up_to(position, limit.unwrap_or(MOVE_LIST_LIMIT));
                let complete =
                    game.winning_move_count(position).is_some() || moves.len() >= limit.unwrap_or(0);
                for mv in &moves {
                    if !each(mv) {
                        break;
                    }
                }
                return Listing { listed, complete };
            }
            Play::Wythoff(_)
            | Play::Staircase(_)
            | Play::Euclid(_)
            | Play::Northcott(_)
            | Play::Hackenbush(_) => {
                // At most three winning moves (one a step in Staircase Nim, two in Euclid's
                // game): a list costs nothing.
                let moves = match limit {
                    None => self.winning_moves(position),
                    Some(limit) => self.winning_moves_up_to(position, limit),
                };
                for mv in &moves {
                    if !each(mv) {
                        break;
                    }
                }
            }
        }
        Listing { listed, complete: true }
    }
}

/// A game valued by Grundy numbers, its moves made one at a time.
fn visit_grundy(
    game: &impl super::grundy::HeapGame,
    position: &Position,
    limit: Option<usize>,
    visit: &mut dyn FnMut(&Move) -> bool,
) {
    super::grundy::visit_winning_moves(game, position, limit.unwrap_or(MOVE_LIST_LIMIT), &mut |mv| {
        visit(&mv)
    });
}

/// What [`Game::visit_winning_moves`] did: how many moves it gave, and whether they are all it was
/// asked for, `min(count, limit)`. Only Moore's Nim_k gives fewer: past [`crate::MOORE_LIST_MAX`] moves,
/// or when its search's budget runs out on many heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listing {
    /// How many winning moves were given.
    pub listed: usize,
    /// False when the list stopped before `min(count, limit)`.
    pub complete: bool,
}

impl Rules for Game {
    fn kind(&self) -> GameKind {
        self.rules.kind
    }
    fn mode(&self) -> Mode {
        self.rules.mode
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        each!(self, game => Rules::check_position(game, position))
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        if let Some(refused) = &self.refused {
            return Err(MoveError::NoMisere(refused.clone()));
        }
        each!(self, game => Rules::check(game, position, mv))
    }
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        if let Some(refused) = &self.refused {
            return Err(MoveError::NoMisere(refused.clone()));
        }
        each!(self, game => Rules::play(game, position, mv))
    }
    fn is_over(&self, position: &Position) -> bool {
        each!(self, game => Rules::is_over(game, position))
    }
    fn outcome(&self, position: &Position) -> Outcome {
        each!(self, game => Rules::outcome(game, position))
    }
    fn winning_moves(&self, position: &Position) -> Vec<Move> {
        each!(self, game => Rules::winning_moves(game, position))
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        each!(self, game => Rules::winning_moves_up_to(game, position, limit))
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        each!(self, game => Rules::winning_move_count(game, position))
    }
    fn count_winning_moves(&self, position: &Position) -> MoveCount {
        each!(self, game => Rules::count_winning_moves(game, position))
    }
    fn is_winning_move(&self, position: &Position, mv: &Move) -> bool {
        self.refused.is_none() && each!(self, game => Rules::is_winning_move(game, position, mv))
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        each!(self, game => Rules::ai_move(game, position))
    }
    fn move_count(&self, position: &Position) -> u128 {
        each!(self, game => Rules::move_count(game, position))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        each!(self, game => Rules::nth_move(game, position, index))
    }
    fn teach(&self, position: &Position) -> Teaching {
        each!(self, game => Rules::teach(game, position))
    }
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        each!(self, game => Rules::move_words(game, position, mv))
    }
    fn write_move(&self, mv: &Move) -> String {
        each!(self, game => Rules::write_move(game, mv))
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        each!(self, game => Rules::read_move(game, text))
    }
    fn choices(&self, position: &Position) -> usize {
        each!(self, game => Rules::choices(game, position))
    }
    fn places(&self, position: &Position, index: usize) -> super::Places {
        each!(self, game => Rules::places(game, position, index))
    }
    fn position_from(&self, numbers: Vec<u64>) -> Vec<u64> {
        each!(self, game => Rules::position_from(game, numbers))
    }
    fn board_view(&self, position: &Position) -> Option<super::BoardView> {
        each!(self, game => Rules::board_view(game, position))
    }
    fn size_of(&self, position: &Position) -> u128 {
        each!(self, game => Rules::size_of(game, position))
    }
    fn forest_view(&self, position: &Position) -> Option<Vec<super::hackenbush::Tree>> {
        each!(self, game => Rules::forest_view(game, position))
    }
    fn has_notation(&self) -> bool {
        each!(self, game => Rules::has_notation(game))
    }
    fn read_position(&self, text: &str) -> Result<Vec<u64>, super::ParseHeapsError> {
        each!(self, game => Rules::read_position(game, text))
    }
    fn write_position(&self, position: &Position) -> Option<String> {
        each!(self, game => Rules::write_position(game, position))
    }
}

/// Nim: a move takes one or more tokens from one heap.
impl Rules for Nim {
    fn kind(&self) -> GameKind {
        GameKind::Nim
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Take(take) => position.check(*take),
            _ => Err(MoveError::NotInThisGame { game: GameKind::Nim.title(), what: "one heap at a time" }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        self.analyse(position).outcome
    }
    fn winning_moves(&self, position: &Position) -> Vec<Move> {
        let heaps = position.heaps();
        super::analyse(heaps, self.mode).moves(heaps).map(Move::Take).collect()
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let heaps = position.heaps();
        super::analyse(heaps, self.mode).moves(heaps).take(limit).map(Move::Take).collect()
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(self.analyse(position).move_count() as u128)
    }
    fn is_winning_move(&self, position: &Position, mv: &Move) -> bool {
        let heaps = position.heaps();
        mv.as_take().is_some_and(|take| super::analyse(heaps, self.mode).is_winning_move(heaps, take))
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        Nim::ai_move(self, position).map(Move::Take)
    }
    fn move_count(&self, position: &Position) -> u128 {
        position.tokens()
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        nth_take(position.heaps(), index).map(Move::Take)
    }
    fn teach(&self, position: &Position) -> Teaching {
        Teaching::Nim(self.explain(position))
    }
    fn write_move(&self, mv: &Move) -> String {
        write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        read_take(text)
    }
}

/// Take number `index` (from 0) of every take from `heaps`, heap by heap, then by amount.
pub(crate) fn nth_take(heaps: &[u64], index: u128) -> Option<Take> {
    let mut pick = index;
    for (heap, &size) in heaps.iter().enumerate() {
        let size = u128::from(size);
        if pick < size {
            // `pick < size <= u64::MAX`, so the take fits.
            return u64::try_from(pick + 1).ok().map(|take| Take::new(heap, take));
        }
        pick -= size;
    }
    None
}

/// A take as a record writes it, `1 2` (heap 1, take 2); several as `1 2, 3 1`.
pub(crate) fn write_takes(mv: &Move) -> String {
    match mv {
        Move::Take(take) => format!("{} {}", take.number(), take.take),
        Move::TakeMany(takes) => {
            takes.iter().map(|t| format!("{} {}", t.number(), t.take)).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}

/// Reads `HEAP TAKE`, the heap counted from 1.
pub(crate) fn read_take(text: &str) -> Result<Move, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [heap, take] = words.as_slice() else {
        return Err("expected a move such as '1 2' (heap 1, take 2)".to_string());
    };
    let heap = read_heap_number(heap)?;
    let take = super::parse_heap(take).map_err(|e| e.to_string())?;
    Ok(Move::take(heap, take))
}

/// Reads a heap's number as people write it (from 1) and gives its index (from 0).
pub(crate) fn read_heap_number(word: &str) -> Result<usize, String> {
    let heap = super::parse_heap(word).map_err(|e| e.to_string())?;
    let index = usize::try_from(heap).ok().and_then(|h| h.checked_sub(1));
    index.ok_or_else(|| "heap 0 does not exist: heaps are counted from 1".to_string())
}

/// Reads `1 2, 3 1`: takes from several heaps (one take is a plain take).
pub(crate) fn read_takes(text: &str) -> Result<Move, String> {
    let mut takes = Vec::new();
    for part in text.split(',') {
        match read_take(part)? {
            Move::Take(take) => takes.push(take),
            _ => return Err("expected takes such as '1 2, 3 1'".to_string()),
        }
    }
    Ok(Move::take_many(takes))
}
