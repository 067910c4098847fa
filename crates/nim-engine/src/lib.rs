//! Perfect play for Nim and its relatives: pure functions over positions, no I/O.
//!
//! Everything a player or a program can ask about a position is answered here, exactly and without
//! overflow for any heap up to `u64::MAX`: who wins with perfect play, every winning move and how
//! many there are, the move a perfect player makes, the legal moves one by one, and a teaching view
//! built from the same computation. This is the engine of the terminal game nim-tui, as a library
//! of its own: it depends on no terminal, no randomness and no I/O (a caller that wants a random
//! move draws an index itself and asks for [`Rules::nth_move`]).
//!
//! # The games
//!
//! | Game | Name ([`GameKind`]) | A move | Theory |
//! |---|---|---|---|
//! | Nim | `nim` | takes any number from one heap | the nim-sum ([`analyse`]) |
//! | Moore's Nim_k | `moore:2` to `moore:8` | takes from one to K heaps at once | binary columns modulo K+1 ([`Moore`]) |
//! | subtraction games | `subtraction:1,2,3`, `21`, `bachet` | takes an amount of the set from one heap | periodic Grundy values ([`Subtraction`]) |
//! | Lasker's Nim | `lasker` | takes from one heap, or splits one in two | Grundy values with period 4 ([`Lasker`]) |
//! | Kayles | `kayles` | knocks down one pin or two neighbours in a row | Grundy values with period 12 from 71 ([`Kayles`]) |
//! | Dawson's Kayles | `dawson` | knocks down two neighbours in a row | Grundy values with period 34 from 53 ([`Dawson`]) |
//! | Wythoff's game | `wythoff` | takes from one of two heaps, or the same from both | the losing pairs `(⌊kφ⌋, ⌊kφ²⌋)` ([`Wythoff`]) |
//! | Fibonacci Nim | `fibonacci` | takes up to twice the last take from one heap | Zeckendorf representations ([`Fibonacci`]) |
//! | Staircase Nim | `staircase` | moves coins from one step down to the next | Nim on the odd steps ([`Staircase`]) |
//! | Turning Turtles | `turtles` | turns one or two coins, the rightmost heads to tails | Nim, a head at n a heap of n ([`Coins`]) |
//! | Mock Turtles | `mock-turtles` | turns one to three coins, the rightmost heads to tails | a head at n worth the odious 2n−2 or 2n−1 ([`odious`]) |
//! | Euclid's game | `euclid` | takes a multiple of the smaller number from the larger | the ratio against the golden ratio φ ([`Euclid`]) |
//!
//! Every game is played in normal play (who takes last wins); Nim and Moore's Nim_k also in misère
//! ([`Mode::Misere`], who takes last loses). Each game analyses a heap in constant time, and Nim a
//! position in time linear in the number of heaps.
//!
//! # One interface for every game
//!
//! [`Rules`] is the interface the games share. A [`Ruleset`] names a game and its convention (a
//! small `Copy` value, fit to store or send); [`Ruleset::game`] builds the [`Game`] that answers.
//! Moves are [`Move`] values: a take from one heap, takes from several heaps at once, or a split
//! (which is also how a Kayles knock-down is written). Heaps are counted from 0 in code.
//!
//! A question for each game, answered:
//!
//! ```
//! use nim_engine::{Game, GameKind, Mode, Move, Outcome, Position, Rules, Ruleset, Take};
//!
//! // A game is named as on nim-tui's command line, and built once to answer many questions.
//! fn game(name: &str) -> Game {
//!     let kind: GameKind = name.parse().expect("a game's name");
//!     Ruleset::new(kind, Mode::Normal).game()
//! }
//!
//! // Nim from 3 4 5: the nim-sum 3 ⊕ 4 ⊕ 5 = 2 is not 0, so the player to move wins, and the one
//! // winning move reduces the first heap to 3 ⊕ 2 = 1.
//! let nim = game("nim");
//! let position = Position::new(vec![3, 4, 5]);
//! assert_eq!(nim.outcome(&position), Outcome::Win);
//! assert_eq!(nim.winning_moves(&position), [Move::take(0, 2)]);
//!
//! // Moore's Nim_2 (take from one or two heaps at once) from 1 2 3: a position is lost when every
//! // binary column holds a multiple of 3 ones. Leaving 1 1 1 does it, taking from two heaps.
//! let moore = game("moore:2");
//! let position = Position::new(vec![1, 2, 3]);
//! let both = Move::take_many(vec![Take::new(1, 1), Take::new(2, 2)]);
//! assert_eq!(moore.winning_moves(&position), [both]);
//!
//! // The subtraction game {1, 2, 3} from 21 (the "21 game"): the multiples of 4 are lost, so
//! // taking 1 wins; with 20 left, every move loses.
//! let subtraction = game("subtraction:1,2,3");
//! assert_eq!(subtraction.ai_move(&Position::new(vec![21])), Some(Move::take(0, 1)));
//! assert_eq!(subtraction.outcome(&Position::new(vec![20])), Outcome::Lose);
//!
//! // Lasker's Nim from 3 1 2: the Grundy values are 4, 1 and 2, and the two winning moves both
//! // split the heap of 3 (into 1 and 2, or into 2 and 1), leaving values that cancel.
//! let lasker = game("lasker");
//! let position = Position::new(vec![3, 1, 2]);
//! assert_eq!(lasker.winning_moves(&position), [Move::split(0, 1), Move::split(0, 2)]);
//!
//! // Kayles on one row of 7 pins: the first player wins, for example by knocking down the middle
//! // pin (pin 4, counted from 1 as players see them) and then copying every move on the other row
//! // of 3. There are three winning moves in all.
//! let kayles = game("kayles");
//! let mut position = Position::new(vec![7]);
//! assert!(kayles.is_winning_move(&position, &Move::pins(0, 4, 1)));
//! assert_eq!(kayles.count_winning_moves(&position).to_string(), "3");
//! kayles.play(&mut position, &Move::pins(0, 4, 1)).expect("a legal move");
//! assert_eq!(position.heaps(), [3, 3]);
//!
//! // Wythoff's game from (4, 5): (1, 2) is a losing pair, reached by taking 3 from both heaps;
//! // (3, 5) is one too, reached by taking 1 from the first.
//! let wythoff = game("wythoff");
//! let position = Position::new(vec![4, 5]);
//! assert_eq!(wythoff.winning_moves(&position), [Move::take(0, 1), Move::both(3)]);
//!
//! // Fibonacci Nim from 20 = 13 + 5 + 2 (Zeckendorf): taking the smallest term, 2, wins. The other
//! // player may then take at most 4 from 18 = 13 + 5, whose smallest term is more than that.
//! let fibonacci = game("fibonacci");
//! let mut position = Position::new(vec![20]);
//! assert_eq!(fibonacci.winning_moves(&position), [Move::take(0, 2)]);
//! fibonacci.play(&mut position, &Move::take(0, 2)).expect("a legal move");
//! assert_eq!((position.heaps(), position.limit()), (&[18][..], Some(4)));
//! assert_eq!(fibonacci.outcome(&position), Outcome::Lose);
//! ```
//!
//! A perfect player against itself, here in misère Nim, where the last to take loses; the first
//! player starts from a winning position, so the second takes the last token:
//!
//! ```
//! use nim_engine::{Mode, Outcome, Position, Rules, Ruleset};
//!
//! let game = Ruleset::nim(Mode::Misere).game();
//! let mut position = Position::new(vec![1, 4, 6]);
//! assert_eq!(game.outcome(&position), Outcome::Win);
//! let mut moves = 0;
//! while let Some(mv) = game.ai_move(&position) {
//!     game.play(&mut position, &mv).expect("the AI plays legal moves");
//!     moves += 1;
//! }
//! assert!(game.is_over(&position));
//! assert_eq!(moves % 2, 0, "the second player took the last token");
//! ```
//!
//! # Nim's own road
//!
//! Nim is also answered without building anything, from a slice of heaps, in one pass. A puzzle
//! site checking an answer, or a program playing, needs no more than this:
//!
//! ```
//! use nim_engine::{Mode, Outcome, Take, analyse};
//!
//! let heaps = [3, 4, 5];
//! let analysis = analyse(&heaps, Mode::Normal);
//! assert_eq!((analysis.nim_sum, analysis.outcome), (2, Outcome::Win));
//! assert_eq!(analysis.winning_moves(&heaps), [Take::new(0, 2)]);
//!
//! // Huge heaps are answered exactly, in the time of a few small ones.
//! let huge = [u64::MAX, u64::MAX - 1, 1 << 40];
//! assert!(analyse(&huge, Mode::Misere).is_win());
//! ```
//!
//! # Names and files
//!
//! [`GameKind`] and [`Mode`] read and write the names used on nim-tui's command line (`moore:3`,
//! `subtraction:1-3,5`, `misere`), through [`FromStr`](std::str::FromStr), `Display` and serde
//! alike; a [`Position`] serialises as its list of heaps (with its limit, in Fibonacci Nim). [`Rules::write_move`] and
//! [`Rules::read_move`] write and read a move as a game record does.

#![deny(missing_docs)]

mod coins;
mod corners;
mod count;
mod describe;
mod euclid;
mod explain;
mod fibonacci;
mod game;
mod grundy;
pub mod hackenbush;
mod kayles;
mod kind;
mod lasker;
mod misere_kayles;
mod moore;
mod nim;
pub mod northcott;
mod octal;
mod person;
mod position;
mod staircase;
mod subtraction;
mod wythoff;
mod zeckendorf;

pub use coins::{Coins, gray, gray_inverse, odious, ruler};
pub use corners::{
    CORNERS_GRID, CORNERS_SEARCH, Head, corner_of_count, corner_value, count_of_corner, heads, nim_inverse,
    nim_product,
};
pub use count::{MoveCount, Natural};
pub use describe::{
    Alternative, BOUNDED_MOVES, Cap, Choice, Description, HeapNoun, LastMove, LeastReason, MenuEntry,
    MoveShape, MoveWords, PuzzleSize, RULER_MOST, StartLimits, Unit, Verb, ViewKind, Words,
};
pub use euclid::{Euclid, EuclidReason, EuclidView, euclid_wins};
pub use explain::{Explanation, MoveReason, binary_digits};
pub use fibonacci::{Fibonacci, FibonacciReason, FibonacciView, winning_takes};
pub(crate) use game::best_try;
pub use game::{
    BEST_TRY_MOVES, Game, Listing, MOVE_LIST_LIMIT, Move, MoveJson, RUN_TAILS_MOST, Rules, Ruleset, Teaching,
    TryWhy, Verdict, Working,
};
pub use grundy::{GrundyPattern, GrundyReason, GrundyStep, GrundyTable, GrundyView};
pub(crate) use kayles::Pins;
pub use kayles::{DAWSON_PERIOD, DAWSON_PRE_PERIOD, Dawson, KAYLES_PERIOD, KAYLES_PRE_PERIOD, Kayles};
pub use kind::{
    GAMES_EXPECTED, GAMES_QUOTED, GameKind, GamePreset, MOORE_MAX_K, MessageIds, ParseGameError,
    SUBTRACTION_MAX, SubtractionSet,
};
pub use lasker::Lasker;
pub use misere_kayles::{
    MISERE_KAYLES_ELEMENTS, MISERE_KAYLES_PERIOD, MISERE_KAYLES_PRE_PERIOD, MisereKayles, QuotientElement,
    QuotientReason, QuotientView,
};
pub use moore::{MOORE_LIST_MAX, Moore, MooreReason, MooreView};
pub use nim::{Analysis, Moves, Nim, Outcome, WinningMoves, analyse, fallback_move};
pub use northcott::{Board, BoardProblem, Colour, NorthcottError, Row, Slide};
pub use octal::{
    OCTAL_COMPUTED, OCTAL_DIGITS_MAX, Octal, OctalCode, OctalPlace, OctalRefusal, octal_table, octal_values,
    proved_period,
};
pub use person::{BoardRow, BoardView, Counter, Places, Side};
pub use position::{
    Mode, MoveError, NoMisere, ParseHeapsError, ParseModeError, Position, PositionError, Take, parse_heap,
    parse_heaps,
};
pub use staircase::Staircase;
pub use subtraction::{SEARCH_LIMIT, Subtraction, table_of, try_build_table};
pub use wythoff::{Wythoff, WythoffHow, WythoffReason, WythoffView, is_losing_pair, losing_pair, partner};
pub use zeckendorf::{smallest_term as zeckendorf_smallest, terms as zeckendorf_terms};

// The README's example runs with the doc tests, so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
