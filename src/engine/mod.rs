//! The rules of Nim and its perfect strategy: pure functions over positions, no I/O.
//!
//! Everything a player or a script can ask about a position is answered here, in time linear in
//! the number of heaps and without overflow for any heap up to `u64::MAX`: the nim-sum, who wins
//! with perfect play, every winning move, the move the AI plays, and an explanation of the move
//! built from the same computation.

mod explain;
mod nim;
mod position;

pub use explain::{Explanation, MoveReason, binary_digits};
pub use nim::{Analysis, Nim, Outcome, analyse, fallback_move};
pub use position::{
    Mode, Take, MoveError, ParseHeapsError, ParseModeError, Position, parse_heap, parse_heaps,
};

/// The interface the game and the solver use, so that other impartial games played on heaps
/// (subtraction games, Lasker's Nim, Kayles, Wythoff) can be added without touching the UI.
pub trait Rules {
    /// The convention the game is played under.
    fn mode(&self) -> Mode;
    /// Checks a move without applying it.
    fn check(&self, position: &Position, mv: Take) -> Result<(), MoveError>;
    /// Who wins with perfect play, and every winning move.
    fn analyse(&self, position: &Position) -> Analysis;
    /// The move the perfect AI plays, or `None` when the game is over.
    fn ai_move(&self, position: &Position) -> Option<Take>;
    /// The reasoning behind the best move, for teaching.
    fn explain(&self, position: &Position) -> Explanation;
}
