//! Puzzles: positions with exactly one winning move. Each puzzle is named by a seed, its number in
//! the run and a difficulty, and is made from those alone, so "seed 42, puzzle 3" is the same
//! puzzle for everyone, and the day's puzzle is the same for everyone that day.

use std::fmt;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Mode, analyse};

/// A puzzle: find the one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub mode: Mode,
    pub heaps: Vec<u64>,
}

/// How hard the puzzles are: more and larger heaps, and more misère endgames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// Three heaps of up to 7, normal play.
    Easy,
    /// Three to five heaps of up to 15; one in three misère.
    #[default]
    Medium,
    /// Four to six heaps of up to 31; half misère, often in the endgame where the rule changes.
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL.into_iter().find(|d| d.as_str() == s.trim().to_ascii_lowercase()).ok_or_else(|| {
            format!(
                "unknown difficulty '{}': expected 'easy', 'medium' or 'hard'",
                crate::text::escape_short(s, 40)
            )
        })
    }
}

/// Which puzzle: the run's seed, its number in the run (from 1) and the difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleId {
    pub seed: u64,
    pub number: u32,
    pub difficulty: Difficulty,
}

impl PuzzleId {
    /// The day's puzzle: the same for everyone on that (UTC) day, counted from 1970-01-01.
    pub fn daily(day: u64) -> PuzzleId {
        PuzzleId {
            seed: day.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xda11,
            number: 1,
            difficulty: Difficulty::Medium,
        }
    }

    /// The next puzzle of the run.
    pub fn next(self) -> PuzzleId {
        PuzzleId { number: self.number.saturating_add(1), ..self }
    }

    /// The puzzle itself, made from the id alone.
    pub fn puzzle(&self) -> Puzzle {
        // SplitMix64 of the three parts, so neighbouring numbers give unrelated puzzles.
        let mut z = self.seed
            ^ u64::from(self.number).wrapping_mul(0xbf58_476d_1ce4_e5b9)
            ^ (self.difficulty as u64 + 1).wrapping_mul(0x94d0_49bb_1331_11eb);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        generate_at(self.difficulty, &mut StdRng::seed_from_u64(z))
    }
}

/// A medium puzzle drawn from `rng`.
pub fn generate(rng: &mut impl Rng) -> Puzzle {
    generate_at(Difficulty::Medium, rng)
}

/// Draws positions of the difficulty until one has exactly one winning move.
pub fn generate_at(difficulty: Difficulty, rng: &mut impl Rng) -> Puzzle {
    loop {
        let (mode, heaps): (Mode, Vec<u64>) = match difficulty {
            Difficulty::Easy => (Mode::Normal, (0..3).map(|_| rng.random_range(1..=7)).collect()),
            Difficulty::Medium => {
                let mode = if rng.random_ratio(1, 3) { Mode::Misere } else { Mode::Normal };
                let count = rng.random_range(3..=5);
                (mode, (0..count).map(|_| rng.random_range(1..=15)).collect())
            }
            Difficulty::Hard if rng.random_bool(0.5) => {
                // A misère endgame: one big heap among heaps of one, where normal play's move loses.
                let ones = rng.random_range(2..=5);
                let mut heaps: Vec<u64> = vec![1; ones];
                heaps.push(rng.random_range(2..=31));
                let turn = rng.random_range(0..heaps.len());
                heaps.rotate_right(turn);
                (Mode::Misere, heaps)
            }
            Difficulty::Hard => {
                let mode = if rng.random_bool(0.5) { Mode::Misere } else { Mode::Normal };
                let count = rng.random_range(4..=6);
                (mode, (0..count).map(|_| rng.random_range(1..=31)).collect())
            }
        };
        if heaps.iter().all(|&h| h > 0) && analyse(&heaps, mode).move_count() == 1 {
            return Puzzle { mode, heaps };
        }
    }
}
