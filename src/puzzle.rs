//! Puzzles: positions with exactly one winning move, generated from a seed so a puzzle can be shared.

use rand::Rng;

use crate::engine::{Mode, analyse};

/// A puzzle: find the one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub mode: Mode,
    pub heaps: Vec<u64>,
}

/// Draws puzzles until one has exactly one winning move. Modes alternate at random; about one in
/// three is misère, where the endgame rule makes the single move harder to see.
pub fn generate(rng: &mut impl Rng) -> Puzzle {
    loop {
        let mode = if rng.random_ratio(1, 3) { Mode::Misere } else { Mode::Normal };
        let count = rng.random_range(3..=5);
        let heaps: Vec<u64> = (0..count).map(|_| rng.random_range(1..=15)).collect();
        if analyse(&heaps, mode).move_count() == 1 {
            return Puzzle { mode, heaps };
        }
    }
}
