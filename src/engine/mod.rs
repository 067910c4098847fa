//! The rules of Nim and its perfect strategy: pure functions over positions, no I/O.
//!
//! Everything a player or a script can ask about a position is answered here, in time linear in
//! the number of heaps and without overflow for any heap up to `u64::MAX`: the nim-sum, who wins
//! with perfect play, every winning move, the move the AI plays, and an explanation of the move
//! built from the same computation.

#![warn(missing_docs)]

mod explain;
mod game;
mod nim;
mod position;

pub use explain::{Explanation, MoveReason, binary_digits};
pub use game::{GameKind, Move, ParseGameError, Rules, Ruleset, Teaching};
pub use nim::{Analysis, Moves, Nim, Outcome, WinningMoves, analyse, fallback_move};
pub use position::{
    Mode, MoveError, ParseHeapsError, ParseModeError, Position, Take, parse_heap, parse_heaps,
};
