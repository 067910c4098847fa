//! The games' rules and perfect strategies: pure functions over positions, no I/O.
//!
//! Everything a player or a script can ask about a position is answered here, without overflow for
//! any heap up to `u64::MAX`: who wins with perfect play, every winning move, the move the AI
//! plays, and an explanation built from the same computation. Nim (`nim.rs`, `explain.rs`) is
//! answered in time linear in the number of heaps; Moore's Nim_k, subtraction games, Lasker's Nim,
//! Kayles, Wythoff's game and Fibonacci Nim each have a file of their own, and every one of them
//! analyses a heap in constant time. [`Rules`] is the interface they share; [`Ruleset`] names a
//! game and its convention, and [`Game`] is one built and ready to answer.

#![warn(missing_docs)]

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
