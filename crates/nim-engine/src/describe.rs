//! What each game says about itself, as plain data: how a player builds a move, the words the game
//! uses (as values, not English), the heaps it starts from, the puzzles it deals, whether it has a
//! misère form and which teaching view explains it.
//!
//! A program that plays every game reads these instead of asking which game it holds: it matches
//! on a [`MoveShape`], a [`ViewKind`] or a [`Words`] value, and turns the words into text in one
//! place of its own. This file and the game's own file are the only places that know a game by
//! name.

use super::{GameKind, GamePreset, Move, Position, Take};

/// How a player builds a move of the game, key by key or click by click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveShape {
    /// Take from one heap, as much as `cap` allows (Nim, subtraction games, Fibonacci Nim).
    OneHeap {
        /// The most one move takes.
        cap: Cap,
    },
    /// Take from one heap up to `K` heaps at once (Moore's Nim_k): each heap keeps its own count,
    /// and 0 leaves a heap out of the move.
    UpToHeaps(u32),
    /// Take from one heap, or (the alternative) the same from both (Wythoff's game).
    OneOrBoth,
    /// Turn coins of a row (the coin-turning games): the player chooses a head (the heap), which
    /// goes to tails, and a count, the place of another coin turned (0 for none); `most` is how
    /// many coins a move turns at most. With three, the switch keeps the count's coin and the
    /// count chooses a third ([`MoveShape::build_in`]).
    Turn {
        /// The most coins a move turns, when that is bounded.
        most: Option<u64>,
    },
    /// Take from one heap, or (the alternative) split it in two (Lasker's Nim).
    TakeOrSplit,
    /// Knock down neighbouring pins of a row: bit `k - 1` of `falls` is set when a move may knock
    /// down `k` neighbours (Kayles: 1 or 2, `0b11`, the alternative being two; Dawson's Kayles: 2
    /// only, `0b10`; an octal game: its code's non-zero digits, up to
    /// [`OCTAL_DIGITS_MAX`](super::OCTAL_DIGITS_MAX)). The count is the first pin knocked down,
    /// from 1. With more than two numbers of pins, the number chosen is the choice's first kept
    /// count ([`Choice::counts`]), which the switch steps through.
    Pins {
        /// The numbers of neighbouring pins a move may knock down, as bits (`1 << (k - 1)`).
        falls: u8,
    },
    /// Slide the mover's counter in a row to a square (Northcott's game): the heap chosen is the
    /// row (a row is three of the position's heaps after its first three, see
    /// `northcott::encode`), the count the square.
    Slide,
    /// Turn the four corners of a rectangle on a grid (Turning Corners): the heap chosen is a
    /// head (in reading order), the count the opposite corner, numbered row by row within the
    /// rectangle above and left of it ([`crate::corner_of_count`]).
    Corners,
    /// Cut an edge of a tree (Green Hackenbush): the heap chosen is the tree, the count the edge
    /// (from 1, counted up each segment in preorder, see `hackenbush.rs`).
    Cut,
}

impl MoveShape {
    /// The second kind of move a player may switch to, if the game has one.
    pub fn alternative(self) -> Option<Alternative> {
        match self {
            MoveShape::OneOrBoth => Some(Alternative::Both),
            MoveShape::TakeOrSplit => Some(Alternative::Split),
            MoveShape::Pins { falls: 0b11 } => Some(Alternative::TwoPins),
            MoveShape::Pins { falls } if falls.count_ones() > 1 => Some(Alternative::PinCount),
            MoveShape::Turn { most: Some(3) } => Some(Alternative::ThirdCoin),
            _ => None,
        }
    }

    /// The shape of Kayles' moves: one pin or two neighbours.
    pub const KAYLES: MoveShape = MoveShape::Pins { falls: 0b11 };

    /// The numbers of neighbouring pins a move may knock down, least first, in a game of pins
    /// (empty for any other shape).
    ///
    /// ```
    /// use nim_engine::MoveShape;
    ///
    /// assert_eq!(MoveShape::KAYLES.pin_counts(), [1, 2]);
    /// assert_eq!(MoveShape::Pins { falls: 0b101 }.pin_counts(), [1, 3]);
    /// ```
    pub fn pin_counts(self) -> Vec<u64> {
        match self {
            MoveShape::Pins { falls } => (1..=8).filter(|k| falls & (1 << (k - 1)) != 0).collect(),
            _ => Vec::new(),
        }
    }

    /// How many pins a move knocks down, in a game of pins: the count kept in `counts` when the
    /// game has more than two ([`Alternative::PinCount`]), or else the least, or the other with
    /// the alternative chosen.
    fn pins(self, alternative: bool, counts: &[u64]) -> Option<u64> {
        let allowed = self.pin_counts();
        let kept = counts.first().copied().filter(|k| allowed.contains(k));
        match (self.alternative(), kept) {
            (Some(Alternative::PinCount), Some(k)) => Some(k),
            (Some(Alternative::TwoPins), _) if alternative => allowed.get(1).copied(),
            _ => allowed.first().copied(),
        }
    }

    /// The next number of pins the switch chooses after `pins`, round to the least: for a game
    /// of pins with more than two ([`Alternative::PinCount`]).
    ///
    /// ```
    /// use nim_engine::MoveShape;
    ///
    /// let code_0_137 = MoveShape::Pins { falls: 0b111 };
    /// assert_eq!(code_0_137.next_pin_count(1), 2);
    /// assert_eq!(code_0_137.next_pin_count(3), 1);
    /// ```
    pub fn next_pin_count(self, pins: u64) -> u64 {
        let allowed = self.pin_counts();
        allowed.iter().copied().find(|&k| k > pins).or_else(|| allowed.first().copied()).unwrap_or(1)
    }

    /// The move a player has chosen: `count` from heap `heap` (how many stay, in a split; the
    /// first pin, in a game of pins), the alternative or not, and in Moore's Nim_k the counts kept
    /// on the other heaps (`counts[i]` for heap `i`, 0 for none).
    ///
    /// ```
    /// use nim_engine::{Move, MoveShape};
    ///
    /// let kayles = MoveShape::KAYLES;
    /// assert_eq!(kayles.build(0, 3, true, &[]), Move::pins(0, 3, 2));
    /// let dawson = MoveShape::Pins { falls: 0b10 };
    /// assert_eq!(dawson.build(0, 3, false, &[]), Move::pins(0, 3, 2));
    /// assert_eq!(MoveShape::OneOrBoth.build(0, 2, true, &[]), Move::both(2));
    /// ```
    pub fn build(self, heap: usize, count: u64, alternative: bool, counts: &[u64]) -> Move {
        self.build_in(&[], heap, count, alternative, counts)
    }

    /// [`MoveShape::build`] on `heaps`, the position's: a coin-turning game's move names the
    /// head chosen by its place, read there; in Mock Turtles `counts[0]`, when set, is a coin
    /// kept by the switch, turned with the count's.
    ///
    /// ```
    /// use nim_engine::{Move, MoveShape};
    ///
    /// let turtles = MoveShape::Turn { most: Some(2) };
    /// assert_eq!(turtles.build_in(&[3, 9], 1, 4, false, &[]), Move::Turn(vec![9, 4]));
    /// let mock = MoveShape::Turn { most: Some(3) };
    /// assert_eq!(mock.build_in(&[9], 0, 2, true, &[6]), Move::Turn(vec![9, 6, 2]));
    /// assert_eq!(mock.build_in(&[9], 0, 0, false, &[]), Move::Turn(vec![9]));
    /// ```
    pub fn build_in(self, heaps: &[u64], heap: usize, count: u64, alternative: bool, counts: &[u64]) -> Move {
        match (self, alternative) {
            (MoveShape::UpToHeaps(_), _) => {
                let mut takes: Vec<Take> = counts
                    .iter()
                    .enumerate()
                    .filter(|&(i, &n)| i != heap && n > 0)
                    .map(|(i, &n)| Take::new(i, n))
                    .collect();
                if count > 0 || takes.is_empty() {
                    takes.push(Take::new(heap, count));
                }
                Move::take_many(takes)
            }
            (MoveShape::OneOrBoth, true) => Move::both(count),
            (MoveShape::TakeOrSplit, true) => Move::split(heap, count),
            (MoveShape::Pins { .. }, _) => {
                Move::pins(heap, count, self.pins(alternative, counts).unwrap_or(1))
            }
            // The ruler game: the run from the count's coin (0 for none) to the head.
            (MoveShape::Turn { most: None }, _) => {
                let right = heaps.get(heap).copied().unwrap_or(0);
                let left = if count > 0 && count < right { count } else { right };
                Move::Run { right, left }
            }
            (MoveShape::Slide, _) => Move::Slide { row: heap, to: count },
            (MoveShape::Corners, _) => {
                let head = super::heads(heaps).get(heap).copied().unwrap_or(super::Head { x: 0, y: 0 });
                let (a, b) = super::corner_of_count(head, count).unwrap_or((0, 0));
                Move::Corners { y: head.y, x: head.x, b, a }
            }
            (MoveShape::Cut, _) => Move::Cut { tree: heap, edge: count },
            (MoveShape::Turn { .. }, _) => {
                let right = heaps.get(heap).copied().unwrap_or(0);
                let kept = counts.first().copied().filter(|&c| alternative && c > 0 && c < right);
                let mut coins: Vec<u64> = [Some(right), kept, Some(count).filter(|&c| c > 0 && c < right)]
                    .into_iter()
                    .flatten()
                    .collect();
                coins.sort_unstable_by(|a, b| b.cmp(a));
                coins.dedup();
                Move::Turn(coins)
            }
            _ => Move::take(heap, count),
        }
    }
}

/// A move as a player's chooser holds it: the heap chosen, the count, whether the alternative is
/// switched on, and the counts kept on other heaps (Moore's Nim_k: `counts[i]` for heap `i`; Mock
/// Turtles: `counts[0]`, the coin kept by the switch). What [`MoveShape::build_in`] builds a move
/// from, and what [`MoveShape::choice_of`] reads back from one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    /// The heap (row, head) chosen, from 0.
    pub heap: usize,
    /// The count: how many to take, how many stay in a split, the first pin, another coin's place.
    pub count: u64,
    /// Whether the alternative (the game's second kind of move) is switched on.
    pub alternative: bool,
    /// The counts kept apart from the chosen heap's (empty when the shape keeps none).
    pub counts: Vec<u64>,
}

impl MoveShape {
    /// The choice that builds `mv` on `heaps`, the position's: the inverse of
    /// [`MoveShape::build_in`], so that a program shows any move (a hint, a review's move, a
    /// puzzle's answer) in its chooser without knowing the move's shape.
    ///
    /// ```
    /// use nim_engine::{Move, MoveShape};
    ///
    /// let mock = MoveShape::Turn { most: Some(3) };
    /// let mv = Move::Turn(vec![9, 6, 2]);
    /// let choice = mock.choice_of(&[9], &mv);
    /// assert_eq!(mock.build_in(&[9], choice.heap, choice.count, choice.alternative, &choice.counts), mv);
    /// let kayles = MoveShape::KAYLES;
    /// let choice = kayles.choice_of(&[7], &Move::pins(0, 3, 2));
    /// assert_eq!((choice.heap, choice.count, choice.alternative), (0, 3, true));
    /// // octal:0.137: three pins, their number kept as the choice's count.
    /// let three = MoveShape::Pins { falls: 0b111 }.choice_of(&[7], &Move::pins(0, 3, 3));
    /// assert_eq!((three.count, three.alternative, three.counts), (3, true, vec![3]));
    /// ```
    pub fn choice_of(self, heaps: &[u64], mv: &Move) -> Choice {
        let place = |coin: u64| heaps.binary_search(&coin).unwrap_or(0);
        match mv {
            Move::Take(take) => Choice { heap: take.heap, count: take.take, ..Choice::default() },
            Move::TakeMany(takes) if self == MoveShape::OneOrBoth => Choice {
                heap: 0,
                count: takes.first().map_or(1, |t| t.take),
                alternative: true,
                counts: Vec::new(),
            },
            Move::TakeMany(takes) => {
                let mut counts = vec![0; heaps.len()];
                for take in takes {
                    if let Some(slot) = counts.get_mut(take.heap) {
                        *slot = take.take;
                    }
                }
                Choice {
                    heap: takes.first().map_or(0, |t| t.heap),
                    count: takes.first().map_or(1, |t| t.take),
                    alternative: false,
                    counts,
                }
            }
            &Move::Split { heap, take: 0, left } => {
                Choice { heap, count: left, alternative: true, counts: Vec::new() }
            }
            &Move::Split { heap, take, left } => {
                let least = self.pin_counts().first().copied().unwrap_or(1);
                let counts = match self.alternative() {
                    Some(Alternative::PinCount) => vec![take],
                    _ => Vec::new(),
                };
                Choice { heap, count: left + 1, alternative: take != least, counts }
            }
            // A coin-turning move: the head by its place, the leftmost other coin as the count,
            // and a third coin (Mock Turtles) kept as by the switch.
            Move::Turn(coins) => Choice {
                heap: coins.first().map_or(0, |&c| place(c)),
                count: if coins.len() > 1 { coins[coins.len() - 1] } else { 0 },
                alternative: coins.len() == 3,
                counts: if coins.len() == 3 { vec![coins[1]] } else { Vec::new() },
            },
            // A run of coins: the head by its place, the run's leftmost coin as the count (0 for
            // the head alone).
            &Move::Run { right, left } => Choice {
                heap: place(right),
                count: if left < right { left } else { 0 },
                alternative: false,
                counts: Vec::new(),
            },
            &Move::Slide { row, to } => Choice { heap: row, count: to, ..Choice::default() },
            // A rectangle: the head in reading order, the corner as its count within the head's.
            &Move::Corners { y, x, b, a } => {
                let head = super::Head { x, y };
                let index = super::heads(heaps).iter().position(|&h| h == head).unwrap_or(0);
                Choice { heap: index, count: super::count_of_corner(head, a, b), ..Choice::default() }
            }
            &Move::Cut { tree, edge } => Choice { heap: tree, count: edge, ..Choice::default() },
        }
    }
}

/// The most one move takes from a heap, in a game whose moves take from one heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cap {
    /// Any number, up to the whole heap (Nim).
    None,
    /// Only some amounts, up to this one (a subtraction game: the others are refused).
    Amounts(u64),
    /// A limit that each move sets for the next (Fibonacci Nim: twice the last take; the first
    /// move takes anything but the whole heap).
    Limit,
    /// Multiples of the other heap, from the larger heap only (Euclid's game): the count steps by
    /// the other heap ([`GameKind::snap_count`]).
    Multiples,
}

/// The second kind of move of a game that has two (chosen with a switch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Alternative {
    /// The same number from both heaps (Wythoff's game).
    Both,
    /// A split of the heap, the count being how many stay in its place (Lasker's Nim).
    Split,
    /// Two neighbouring pins instead of one (Kayles).
    TwoPins,
    /// Another number of neighbouring pins (an octal game whose moves knock down more than two
    /// numbers of pins): the switch steps through them ([`MoveShape::next_pin_count`]).
    PinCount,
    /// A third coin turned besides the one kept (Mock Turtles).
    ThirdCoin,
}

/// What a heap is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeapNoun {
    /// A heap (of tokens).
    Heap,
    /// A row (of pins).
    Row,
    /// A step (of a staircase).
    Step,
    /// A head (a coin showing heads, in a row of coins).
    Head,
    /// A tree (of edges, Green Hackenbush).
    Tree,
}

/// What a heap is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Tokens.
    Token,
    /// Pins.
    Pin,
    /// Coins.
    Coin,
    /// Squares (of a board's rows: Northcott's game).
    Square,
    /// Edges (of trees: Green Hackenbush).
    Edge,
}

/// What a move does to them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    /// Takes tokens.
    Take,
    /// Knocks pins down.
    KnockDown,
    /// Moves coins down a step.
    MoveDown,
    /// Turns coins over.
    Turn,
    /// Slides a counter along its row (Northcott's game).
    Slide,
    /// Cuts an edge of a tree (Green Hackenbush).
    Cut,
}

/// How the last move of a game in normal play is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LastMove {
    /// The winner took the last token.
    TookLastToken,
    /// The winner knocked down the last pin.
    KnockedDownLastPin,
    /// The winner made the last move (pins that no move can reach may still stand).
    MadeLastMove,
    /// The winner made a number 0 (Euclid's game, which has numbers, not tokens).
    MadeZero,
}

/// The game's words, as values: a program turns them into text (in any language) in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Words {
    /// What a heap is called.
    pub heap: HeapNoun,
    /// What a heap is made of.
    pub unit: Unit,
    /// What a move does.
    pub verb: Verb,
    /// How the last move is told.
    pub last: LastMove,
}

/// Why a heap must start with more than one token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeastReason {
    /// The first move may not take the whole heap (Fibonacci Nim).
    FirstMoveNotAll,
    /// A smaller row allows no move (Dawson's Kayles).
    NoMove,
}

/// The heaps a game may start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StartLimits {
    /// The number of heaps, when the game is played on a fixed number (two for Wythoff's game,
    /// one for Fibonacci Nim).
    pub heaps: Option<usize>,
    /// The fewest tokens a heap starts with, and why, when that is more than one.
    pub least: Option<(u64, LeastReason)>,
    /// The most tokens a heap starts with, when the game's moves take a few at a time (see
    /// [`BOUNDED_MOVES`]); `max_take` is the most a move takes.
    pub most: Option<u64>,
    /// The most tokens one move takes from a heap, when that is bounded.
    pub max_take: Option<u64>,
}

/// The most a head's place is, in a game of the ruler game that is played (`solve` answers any
/// place): a run turns up to that many coins, each tail a new head of the position.
pub const RULER_MOST: u64 = 64;

/// The most of its largest moves a starting heap lasts, in a game whose moves take a bounded
/// number: such a game lasts a move per token or two, so its heaps are kept small.
pub const BOUNDED_MOVES: u64 = 12;

/// The positions a game deals as puzzles at one difficulty: `heaps.0` to `heaps.1` heaps of
/// `least` to `most` tokens each, in misère with odds `misere.0` in `misere.1` (0 for never).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleSize {
    /// The fewest and the most heaps.
    pub heaps: (usize, usize),
    /// The fewest tokens in a heap.
    pub least: u64,
    /// The most tokens in a heap.
    pub most: u64,
    /// The odds of misère: `misere.0` in `misere.1`.
    pub misere: (u32, u32),
}

/// Which teaching view explains the game: the variant of [`crate::Teaching`] it gives.
/// `#[non_exhaustive]`: a new game may bring a new kind of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ViewKind {
    /// Heaps in binary and the nim-sum (Nim).
    Binary,
    /// Binary columns counted modulo K+1 (Moore's Nim_k).
    Columns,
    /// Grundy values and their XOR (subtraction games, Lasker's Nim, the games of pins).
    Grundy,
    /// The losing pairs (Wythoff's game).
    Pairs,
    /// Zeckendorf representations (Fibonacci Nim).
    Zeckendorf,
    /// The ratio of the two numbers against the golden ratio (Euclid's game).
    Ratio,
}

/// Everything a game says about itself: see the module's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Description {
    /// How a move is built.
    pub shape: MoveShape,
    /// Its words.
    pub words: Words,
    /// The heaps it starts from.
    pub start: StartLimits,
    /// Whether it has a misère form ([`GameKind::has_misere`]).
    pub has_misere: bool,
    /// The teaching view that explains it.
    pub view: ViewKind,
}

/// An entry of a menu of games: a game, or a preset of one (which chooses its heaps too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuEntry {
    /// The game.
    pub kind: GameKind,
    /// The preset's name (`21`, `bachet`), if the entry is one.
    pub preset: Option<&'static str>,
}

impl Description {
    /// Whether a position of the game carries a limit that each move sets for the next (Fibonacci
    /// Nim's), which a position written for the game may give.
    pub fn has_limit(&self) -> bool {
        self.shape == MoveShape::OneHeap { cap: Cap::Limit }
    }
}

impl GameKind {
    /// What the game says about itself.
    ///
    /// ```
    /// use nim_engine::{GameKind, HeapNoun, MoveShape, ViewKind};
    ///
    /// let dawson = GameKind::Dawson.describe();
    /// assert_eq!(dawson.shape, MoveShape::Pins { falls: 0b10 });
    /// assert_eq!((dawson.words.heap, dawson.view), (HeapNoun::Row, ViewKind::Grundy));
    /// assert!(!dawson.has_misere);
    /// ```
    pub fn describe(self) -> Description {
        let tokens = Words {
            heap: HeapNoun::Heap,
            unit: Unit::Token,
            verb: Verb::Take,
            last: LastMove::TookLastToken,
        };
        let pins = |last| Words { heap: HeapNoun::Row, unit: Unit::Pin, verb: Verb::KnockDown, last };
        let (shape, words, view) = match self {
            GameKind::Nim => (MoveShape::OneHeap { cap: Cap::None }, tokens, ViewKind::Binary),
            GameKind::Moore(k) => (MoveShape::UpToHeaps(k), tokens, ViewKind::Columns),
            GameKind::Subtraction(set) => {
                (MoveShape::OneHeap { cap: Cap::Amounts(set.max()) }, tokens, ViewKind::Grundy)
            }
            GameKind::Lasker => (MoveShape::TakeOrSplit, tokens, ViewKind::Grundy),
            GameKind::Kayles => (MoveShape::KAYLES, pins(LastMove::KnockedDownLastPin), ViewKind::Grundy),
            GameKind::Dawson => {
                (MoveShape::Pins { falls: 0b10 }, pins(LastMove::MadeLastMove), ViewKind::Grundy)
            }
            GameKind::Wythoff => (MoveShape::OneOrBoth, tokens, ViewKind::Pairs),
            GameKind::Fibonacci => (MoveShape::OneHeap { cap: Cap::Limit }, tokens, ViewKind::Zeckendorf),
            GameKind::Staircase => (
                MoveShape::OneHeap { cap: Cap::None },
                Words {
                    heap: HeapNoun::Step,
                    unit: Unit::Coin,
                    verb: Verb::MoveDown,
                    last: LastMove::MadeLastMove,
                },
                ViewKind::Grundy,
            ),
            GameKind::TurningTurtles | GameKind::MockTurtles | GameKind::Ruler => {
                // The ruler game's runs are bounded by the head's place alone.
                let most = match self {
                    GameKind::TurningTurtles => Some(2),
                    GameKind::MockTurtles => Some(3),
                    _ => None,
                };
                (
                    MoveShape::Turn { most },
                    Words {
                        heap: HeapNoun::Head,
                        unit: Unit::Coin,
                        verb: Verb::Turn,
                        last: LastMove::MadeLastMove,
                    },
                    ViewKind::Grundy,
                )
            }
            GameKind::Euclid => (
                MoveShape::OneHeap { cap: Cap::Multiples },
                Words { last: LastMove::MadeZero, ..tokens },
                ViewKind::Ratio,
            ),
            // Rows of squares with two counters; the gaps are the Nim heaps.
            GameKind::Northcott => (
                MoveShape::Slide,
                Words {
                    heap: HeapNoun::Row,
                    unit: Unit::Square,
                    verb: Verb::Slide,
                    last: LastMove::MadeLastMove,
                },
                ViewKind::Grundy,
            ),
            // Coins on a grid: a head is chosen, and a corner of its rectangle.
            GameKind::Corners => (
                MoveShape::Corners,
                Words {
                    heap: HeapNoun::Head,
                    unit: Unit::Coin,
                    verb: Verb::Turn,
                    last: LastMove::MadeLastMove,
                },
                ViewKind::Grundy,
            ),
            // Trees of edges; each is a stalk of its value (the colon principle).
            GameKind::Hackenbush => (
                MoveShape::Cut,
                Words {
                    heap: HeapNoun::Tree,
                    unit: Unit::Edge,
                    verb: Verb::Cut,
                    last: LastMove::MadeLastMove,
                },
                ViewKind::Grundy,
            ),
            // Rows of pins, as Kayles: as many neighbours as the code's non-zero digits allow.
            GameKind::Octal(code) => {
                (MoveShape::Pins { falls: code.falls() }, pins(LastMove::MadeLastMove), ViewKind::Grundy)
            }
        };
        let least = match self {
            GameKind::Fibonacci => Some((2, LeastReason::FirstMoveNotAll)),
            GameKind::Dawson => Some((2, LeastReason::NoMove)),
            // The shortest row with a move, when a row of one has none (0.4: three pins).
            GameKind::Octal(code) => super::Octal::least_row(code).map(|n| (n, LeastReason::NoMove)),
            _ => None,
        };
        let max_take = self.max_take();
        let most = match self {
            // A run may turn up to its head's place in coins, and every tail it turns up is a new
            // head: places stay at most this, so a position holds at most this many heads.
            GameKind::Ruler => Some(RULER_MOST),
            _ => None,
        };
        let most = most.or(max_take.map(|take| {
            let preset = GamePreset::all()
                .iter()
                .filter(|p| p.kind == self)
                .flat_map(|p| p.heaps.iter().copied())
                .max();
            preset.unwrap_or(0).max(take.saturating_mul(BOUNDED_MOVES))
        }));
        Description {
            shape,
            words,
            start: StartLimits { heaps: self.fixed_heaps(), least, most, max_take },
            has_misere: self.has_misere(),
            view,
        }
    }

    /// Heaps drawn for a start (a preset, a random draw) made a position of the game: a row of
    /// coins names each head once (a place drawn twice is one head), and Staircase Nim's coins in
    /// all fit a `u64` (the highest steps are emptied until they do); any other game's as they are.
    ///
    /// ```
    /// use nim_engine::GameKind;
    ///
    /// assert_eq!(GameKind::TurningTurtles.fit_start(vec![5, 3, 5]), [3, 5]);
    /// assert_eq!(GameKind::Staircase.fit_start(vec![u64::MAX, 1]), [u64::MAX, 0]);
    /// ```
    pub fn fit_start(self, mut heaps: Vec<u64>) -> Vec<u64> {
        match self.describe().shape {
            MoveShape::Slide => return super::northcott::fit_heaps(heaps),
            MoveShape::Corners => return super::corners::fit_heaps(heaps),
            MoveShape::Cut => return super::hackenbush::fit_heaps(heaps),
            MoveShape::Turn { .. } => {
                heaps.retain(|&h| h > 0);
                heaps.sort_unstable();
                heaps.dedup();
                if heaps.is_empty() {
                    heaps.push(1);
                }
            }
            _ if self.describe().words.verb == Verb::MoveDown => {
                let mut room = u64::MAX;
                for heap in &mut heaps {
                    *heap = (*heap).min(room);
                    room -= *heap;
                }
            }
            _ => {}
        }
        heaps
    }

    /// The least and the most a player's count can be on heap `heap` of `position`, the
    /// alternative ([`MoveShape::alternative`]) chosen or not: how many to take (up to a
    /// subtraction set's largest amount, or Fibonacci Nim's limit), how many stay in a split, or
    /// the first pin knocked down. Never below 1 as a most, so that an empty heap still has a
    /// range.
    ///
    /// ```
    /// use nim_engine::{GameKind, Position};
    ///
    /// let row = Position::new(vec![5]);
    /// assert_eq!(GameKind::Kayles.count_range(&row, 0, false), (1, 5));
    /// assert_eq!(GameKind::Dawson.count_range(&row, 0, false), (1, 4));
    /// // octal:0.53: one pin falls only from inside a row (or as a whole row of one).
    /// let octal: GameKind = "octal:0.53".parse().unwrap();
    /// assert_eq!(octal.count_range(&row, 0, false), (2, 4));
    /// ```
    pub fn count_range(self, position: &Position, heap: usize, alternative: bool) -> (u64, u64) {
        self.count_range_in(position, heap, alternative, &[])
    }

    /// [`GameKind::count_range`] with the chooser's kept counts ([`Choice::counts`]): in a game
    /// of pins with more than two numbers of pins, the number chosen.
    ///
    /// ```
    /// use nim_engine::{GameKind, Position};
    ///
    /// let row = Position::new(vec![5]);
    /// let game: GameKind = "octal:0.137".parse().unwrap();
    /// // Three pins fall from the middle of a row or from its end: the first is pin 1, 2 or 3.
    /// assert_eq!(game.count_range_in(&row, 0, true, &[3]), (1, 3));
    /// ```
    pub fn count_range_in(
        self,
        position: &Position,
        heap: usize,
        alternative: bool,
        counts: &[u64],
    ) -> (u64, u64) {
        let size = position.heap(heap).unwrap_or(0);
        match (self.describe().shape, alternative) {
            // The squares the mover's counter in row `heap` can reach, from the leftmost.
            (MoveShape::Slide, _) => super::northcott::decode(position.heaps())
                .ok()
                .and_then(|board| board.reach_span(heap))
                .unwrap_or((1, 1)),
            // The edges of tree `heap`.
            (MoveShape::Cut, _) => super::hackenbush::decode(position.heaps())
                .ok()
                .and_then(|trees| trees.get(heap).map(|t| (1, t.edges().max(1))))
                .unwrap_or((1, 1)),
            // Moore's Nim_k: 0 leaves this heap out of the move.
            (MoveShape::UpToHeaps(_), _) => (0, size),
            // The corners of the head's rectangle, numbered row by row.
            (MoveShape::Corners, _) => {
                let head = super::heads(position.heaps()).get(heap).copied();
                let most = head.filter(|h| h.has_move()).map_or(1, |h| {
                    u64::try_from(u128::from(h.x - 1) * u128::from(h.y - 1)).unwrap_or(u64::MAX)
                });
                (1, most)
            }
            (MoveShape::OneOrBoth, true) => {
                let both = position.heap(0).unwrap_or(0).min(position.heap(1).unwrap_or(0));
                (1, both.max(1))
            }
            // How many stay: both parts non-empty.
            (MoveShape::TakeOrSplit, true) => (1, size.saturating_sub(1).max(1)),
            // An octal game: the first pin where the code lets that many fall, when it does.
            (shape @ MoveShape::Pins { .. }, _)
                if let Some(range) = self.octal().and_then(|code| {
                    super::Octal::first_pins(code, size, shape.pins(alternative, counts).unwrap_or(1))
                }) =>
            {
                range
            }
            // The first pin: two pins must both be in the row.
            (shape @ MoveShape::Pins { .. }, _) => {
                let pins = shape.pins(alternative, counts).unwrap_or(1);
                (1, (size + 1).saturating_sub(pins).max(1))
            }
            (MoveShape::OneHeap { cap: Cap::Amounts(most) }, _) => (1, size.min(most).max(1)),
            // The leftmost other coin's place, 0 for none; with a third coin, one place fewer.
            (MoveShape::Turn { .. }, third) => {
                let least = u64::from(third);
                (least, size.saturating_sub(1 + u64::from(third)).max(least))
            }
            (MoveShape::OneHeap { cap: Cap::Multiples }, _) => match super::Euclid::amounts(position, heap) {
                Some((most, step)) => (step, most.max(step)),
                None => (1, 1),
            },
            (MoveShape::OneHeap { cap: Cap::Limit }, _) => {
                let most = position.limit().unwrap_or(size.saturating_sub(1));
                (1, size.min(most).max(1))
            }
            _ => (1, size.max(1)),
        }
    }

    /// The puzzles the game deals at a difficulty (`level` 0, 1 or 2: easy to hard), or `None` for
    /// Nim, whose puzzles come from a generator of their own (older than the others, and kept so
    /// that a seed deals the same Nim puzzles as ever).
    pub fn puzzle_size(self, level: usize) -> Option<PuzzleSize> {
        let level = level.min(2);
        let size = |heaps: (usize, usize), most: u64| PuzzleSize { heaps, least: 1, most, misere: (0, 1) };
        Some(match self {
            GameKind::Nim => return None,
            GameKind::Moore(k) => {
                // More heaps than a move can take from, so that taking everything does not win.
                let more = k as usize + 1;
                let (least, most) = [(3, 3), (3, 5), (4, 6)][level];
                PuzzleSize {
                    misere: [(0, 1), (1, 3), (1, 2)][level],
                    ..size((least.max(more), most.max(more + level)), [7, 15, 31][level])
                }
            }
            GameKind::Subtraction(set) => {
                size([(1, 2), (2, 3), (3, 4)][level], (set.max() + 1).saturating_mul([3, 6, 12][level]))
            }
            GameKind::Lasker => size([(2, 2), (3, 3), (3, 4)][level], [7, 12, 20][level]),
            // Two rows of up to 7 almost never have a single winning move (a knock and its mirror
            // image are two), so the easy ones may be one to three rows.
            GameKind::Kayles => size([(1, 3), (2, 3), (3, 4)][level], [7, 10, 15][level]),
            GameKind::Dawson => size([(1, 3), (2, 3), (3, 4)][level], [9, 14, 20][level]),
            GameKind::Wythoff => size((2, 2), [15, 40, 200][level]),
            GameKind::Fibonacci => PuzzleSize { least: 2, ..size((1, 1), [20u64, 100, 1000][level]) },
            GameKind::Staircase => size([(2, 3), (3, 4), (4, 5)][level], [5, 9, 20][level]),
            // The heads' places. Two heads never make a puzzle (the one winning move turns both
            // over and ends the game); Mock Turtles' winning moves are single coins only when the
            // heads are even in number.
            GameKind::TurningTurtles => size([(3, 4), (3, 5), (4, 6)][level], [8, 16, 40][level]),
            GameKind::MockTurtles => size([(4, 4), (4, 4), (6, 6)][level], [10, 20, 40][level]),
            // A head has at most one winning run, so three or more heads make a puzzle with few
            // answers.
            GameKind::Ruler => size([(3, 4), (3, 5), (4, 6)][level], [8, 16, 32][level]),
            GameKind::Euclid => size((2, 2), [20, 100, 10_000][level]),
            GameKind::Octal(_) => size([(1, 3), (2, 3), (3, 4)][level], [9, 14, 20][level]),
            // The gaps, made boards by `fit_start`.
            GameKind::Northcott => size([(2, 3), (3, 4), (4, 5)][level], [7, 15, 31][level]),
            // Drawn numbers made heads on the grid (`corners::fit_heaps`), each a cell of 36.
            GameKind::Corners => size([(2, 3), (3, 4), (4, 5)][level], 36),
            // Each tree's edges, made small trees by `fit_start`.
            GameKind::Hackenbush => size([(2, 3), (3, 3), (3, 4)][level], [6, 9, 14][level]),
        })
    }

    /// The count a player's step from `from` to `to` lands on, on heap `heap`: `to` itself, but in
    /// Euclid's game the next multiple of the other number in the direction of the step, so that
    /// the keys step from one legal amount to the next.
    ///
    /// ```
    /// use nim_engine::{GameKind, Position};
    ///
    /// let numbers = Position::new(vec![23, 5]);
    /// assert_eq!(GameKind::Euclid.snap_count(&numbers, 0, 5, 6), 10);
    /// assert_eq!(GameKind::Euclid.snap_count(&numbers, 0, 10, 9), 5);
    /// assert_eq!(GameKind::Nim.snap_count(&numbers, 0, 5, 6), 6);
    /// ```
    pub fn snap_count(self, position: &Position, heap: usize, from: u64, to: u64) -> u64 {
        if self.describe().shape != (MoveShape::OneHeap { cap: Cap::Multiples }) {
            return to;
        }
        let Some((most, step)) = super::Euclid::amounts(position, heap) else { return to };
        let down = to.saturating_sub(to % step);
        let snapped = if to > from && down < to { down.saturating_add(step) } else { down };
        snapped.clamp(step, most.max(step))
    }

    /// The games and presets a menu offers, in order: Nim, Moore's Nim_2 and Nim_3, the
    /// subtraction game {1, 2, 3}, the presets ([`GamePreset`]), then one of each other game.
    pub fn menu() -> Vec<MenuEntry> {
        let game = |kind| MenuEntry { kind, preset: None };
        let mut all = vec![game(GameKind::Nim), game(GameKind::Moore(2)), game(GameKind::Moore(3))];
        all.push(game(GameKind::ALL[2]));
        all.extend(GamePreset::all().into_iter().map(|p| MenuEntry { kind: p.kind, preset: Some(p.name) }));
        // The rest of the games, in `GameKind::ALL`'s order: a game added there is on the menu.
        all.extend(GameKind::ALL[3..].iter().map(|&kind| game(kind)));
        all
    }
}

/// A move as data, for the words that tell it: what it does and its numbers, never its English.
/// A program turns it into a sentence of its own language, in the tense it needs ("take 2 from
/// heap 1", "took 2 from heap 1"), in one place. Heaps, rows and pins are counted from 1.
///
/// ```
/// use nim_engine::{GameKind, Mode, Move, MoveWords, Position, Rules, Ruleset};
///
/// let lasker = Ruleset::new(GameKind::Lasker, Mode::Normal).game();
/// let words = lasker.move_words(&Position::new(vec![3, 7]), &Move::split(1, 3));
/// assert_eq!(words, MoveWords::Split { heap: 2, left: 3, right: Some(4) });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveWords {
    /// Take `amount` tokens from heap `heap`.
    Take {
        /// The heap, from 1.
        heap: usize,
        /// How many tokens.
        amount: u64,
    },
    /// Take `amount` tokens from the only heap there is (Fibonacci Nim), naming no heap.
    TakeFromTheHeap {
        /// How many tokens.
        amount: u64,
    },
    /// Take from several heaps at once (Moore's Nim_k): `(heap, amount)` for each, in order.
    TakeMany(Vec<(usize, u64)>),
    /// Take the same `amount` from both heaps (Wythoff's game).
    TakeFromBoth {
        /// How many tokens from each heap.
        amount: u64,
    },
    /// Split heap `heap`, leaving `left` in its place and the rest as a new heap (Lasker's Nim);
    /// `right` is that rest when the heap's size is known.
    Split {
        /// The heap, from 1.
        heap: usize,
        /// What stays in its place.
        left: u64,
        /// What becomes the new heap, if the heap's size is known.
        right: Option<u64>,
    },
    /// Take `amount` from heap `heap` and leave `left` in it, the rest becoming a new heap.
    TakeAndLeave {
        /// The heap, from 1.
        heap: usize,
        /// How many tokens are taken.
        amount: u64,
        /// What stays in the heap's place.
        left: u64,
    },
    /// Knock down `count` neighbouring pins (1 or 2) of row `row`, the first being pin `first`;
    /// `breaking` is the two rows left when the move breaks the row in two.
    KnockDown {
        /// The row, from 1.
        row: usize,
        /// The first pin knocked down, from 1.
        first: u64,
        /// How many pins: 1, or 2 (pins `first` and `first + 1`).
        count: u64,
        /// The rows left on either side, when both hold pins.
        breaking: Option<(u64, u64)>,
    },
    /// Move `amount` coins from step `step` down to the step below (Staircase Nim); from step 1
    /// they go to the ground.
    MoveDown {
        /// The step, from 1.
        step: usize,
        /// How many coins.
        amount: u64,
    },
    /// Turn over the coins at these places (from 1), the first being the head turned to tails
    /// and the others left of it, right to left (Turning Turtles, Mock Turtles).
    Turn(Vec<u64>),
    /// Turn over the run of coins from place `left` to place `right` (from 1), `right` being the
    /// head turned to tails (the ruler game); `left == right` is the head alone.
    Run {
        /// The head, the run's rightmost coin.
        right: u64,
        /// The run's leftmost coin.
        left: u64,
    },
    /// Slide the mover's counter in row `row` (from 1) from square `from` to square `to`
    /// (Northcott's game); `retreat` when it moves back (spending a retreat), `white` when the
    /// counter is White's.
    Slide {
        /// The row, from 1.
        row: usize,
        /// The square the counter leaves.
        from: u64,
        /// The square it moves to.
        to: u64,
        /// Whether the move is a retreat.
        retreat: bool,
        /// Whether the counter is White's (else Black's).
        white: bool,
    },
    /// Turn over the four corners of the rectangle from the head at `head` (column, row, from 1)
    /// to the opposite corner `corner` (Turning Corners).
    Corners {
        /// The head's column and row.
        head: (u64, u64),
        /// The opposite corner's column and row.
        corner: (u64, u64),
    },
    /// Cut edge `edge` of tree `tree` (both from 1; Green Hackenbush); `falls` edges fall with
    /// it (itself counted; 0 when the position is not known).
    Cut {
        /// The tree, from 1.
        tree: usize,
        /// The edge, from 1.
        edge: u64,
        /// The edges that fall, the cut one counted.
        falls: u64,
    },
}

impl MoveWords {
    /// The move's mechanics as data, with nothing a particular game adds: each heap's take, a
    /// split with what it leaves. A game's [`crate::Rules::move_words`] starts from this.
    pub fn plain(mv: &Move) -> MoveWords {
        match mv {
            Move::Take(take) => MoveWords::Take { heap: take.number(), amount: take.take },
            Move::TakeMany(takes) => {
                MoveWords::TakeMany(takes.iter().map(|t| (t.number(), t.take)).collect())
            }
            Move::Split { heap, take: 0, left } => {
                MoveWords::Split { heap: heap + 1, left: *left, right: None }
            }
            Move::Split { heap, take, left } => {
                MoveWords::TakeAndLeave { heap: heap + 1, amount: *take, left: *left }
            }
            Move::Turn(coins) => MoveWords::Turn(coins.clone()),
            Move::Run { right, left } => MoveWords::Run { right: *right, left: *left },
            &Move::Slide { row, to } => {
                MoveWords::Slide { row: row + 1, from: 0, to, retreat: false, white: true }
            }
            &Move::Corners { y, x, b, a } => MoveWords::Corners { head: (x, y), corner: (a, b) },
            &Move::Cut { tree, edge } => MoveWords::Cut { tree: tree + 1, edge, falls: 0 },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{GameKind, Mode, Position, Rules, Ruleset};

    /// `choice_of` is the inverse of `build_in`: every legal move of every game, read back into a
    /// choice, builds the same move again (what the app relies on to show a hint's move).
    #[test]
    fn every_legal_move_is_read_back_into_the_choice_that_builds_it() {
        let positions: [&[u64]; 5] = [&[5], &[3, 4], &[2, 5, 7], &[1, 6, 9, 12], &[23, 5]];
        let mut moves_checked = 0;
        // Every game of the menus, and octal games knocking down three pins or more.
        let octal =
            ["octal:0.137", "octal:0.107", "octal:0.0077"].map(|code| code.parse::<GameKind>().expect(code));
        for kind in GameKind::ALL.into_iter().chain(octal) {
            let game = Ruleset::new(kind, Mode::Normal).game();
            let shape = kind.describe().shape;
            for heaps in positions {
                let position = Position::new(heaps.to_vec());
                if game.check_position(&position).is_err() {
                    continue;
                }
                for index in 0..game.move_count(&position).min(400) {
                    let Some(mv) = game.nth_move(&position, index) else { continue };
                    let choice = shape.choice_of(heaps, &mv);
                    let built =
                        shape.build_in(heaps, choice.heap, choice.count, choice.alternative, &choice.counts);
                    assert_eq!(built, mv, "{} on {heaps:?}: {choice:?}", kind.name());
                    // The choice's first pin is one the chooser can stand on.
                    let (least, most) =
                        kind.count_range_in(&position, choice.heap, choice.alternative, &choice.counts);
                    if matches!(shape, crate::MoveShape::Pins { .. }) {
                        assert!(
                            (least..=most).contains(&choice.count),
                            "{} on {heaps:?}: {choice:?}",
                            kind.name()
                        );
                    }
                    moves_checked += 1;
                }
            }
        }
        assert!(moves_checked > 500, "{moves_checked} moves");
    }
}
