//! The games' rules and perfect strategies: pure functions over positions, no I/O.
//!
//! Everything a player or a script can ask about a position is answered here, without overflow for
//! any heap up to `u64::MAX`: who wins with perfect play, every winning move, the move the AI
//! plays, and an explanation built from the same computation. Nim (`nim.rs`, `explain.rs`) is
//! answered in time linear in the number of heaps; Moore's Nim_k, subtraction games, Lasker's Nim,
//! Kayles, Wythoff's game and Fibonacci Nim each have a file of their own, and every one of them
//! analyses a heap in constant time. [`Rules`] is the interface they share; [`Ruleset`] names a
//! game and its convention, and [`Game`] is one built and ready to answer.
//!
//! A puzzle site checking an answer, or a program playing, needs no more than this:
//!
//! ```
//! use nim_engine::{Mode, Move, Outcome, Position, Rules, Ruleset, analyse};
//!
//! // Nim from 3 4 5: the nim-sum is 3 ⊕ 4 ⊕ 5 = 2, so the player to move wins, and the one
//! // winning move reduces heap 1 to 3 ⊕ 2 = 1 (heaps are counted from 0 in code).
//! let heaps = [3, 4, 5];
//! let analysis = analyse(&heaps, Mode::Normal);
//! assert_eq!((analysis.nim_sum, analysis.outcome), (2, Outcome::Win));
//! assert_eq!(analysis.winning_moves(&heaps), [nim_engine::Take::new(0, 2)]);
//!
//! // The same through the interface every game shares; here Wythoff's game, where a move may
//! // take the same number from both heaps: (1, 2) is a losing position, so from (4, 5) taking 3
//! // from both wins.
//! let wythoff = Ruleset::new("wythoff".parse().unwrap(), Mode::Normal);
//! let mut position = Position::new(vec![4, 5]);
//! assert!(wythoff.winning_moves(&position).contains(&Move::both(3)));
//! wythoff.play(&mut position, &Move::both(3)).unwrap();
//! assert_eq!(wythoff.outcome(&position), Outcome::Lose);
//!
//! // Huge heaps are answered exactly, in the time of a few small ones.
//! let huge = [u64::MAX, u64::MAX - 1, 1 << 40];
//! assert!(analyse(&huge, Mode::Misere).is_win());
//! ```

#![deny(missing_docs)]

mod count;
mod explain;
mod fibonacci;
mod game;
mod grundy;
mod kayles;
mod kind;
mod lasker;
mod moore;
mod nim;
mod position;
mod subtraction;
mod wythoff;
mod zeckendorf;

pub use count::{MoveCount, Natural};
pub use explain::{Explanation, MoveReason, binary_digits};
pub use fibonacci::{Fibonacci, FibonacciView, winning_takes};
pub use game::{Game, MOVE_LIST_LIMIT, Move, Rules, Ruleset, Teaching};
pub use grundy::{GrundyStep, GrundyTable, GrundyView};
pub use kayles::{KAYLES_PERIOD, KAYLES_PRE_PERIOD, Kayles};
pub use kind::{
    GAMES_EXPECTED, GameKind, GamePreset, MOORE_MAX_K, ParseGameError, SUBTRACTION_MAX, SubtractionSet,
};
pub use lasker::Lasker;
pub use moore::{Moore, MooreView};
pub use nim::{Analysis, Moves, Nim, Outcome, WinningMoves, analyse, fallback_move};
pub use position::{
    Mode, MoveError, NoMisere, ParseHeapsError, ParseModeError, Position, PositionError, Take, parse_heap,
    parse_heaps,
};
pub use subtraction::{SEARCH_LIMIT, Subtraction, table_of, try_build_table};
pub use wythoff::{Wythoff, WythoffView, is_losing_pair, losing_pair, partner};
pub use zeckendorf::{smallest_term as zeckendorf_smallest, terms as zeckendorf_terms};
