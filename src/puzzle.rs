//! Puzzles: positions with exactly one winning move. Each puzzle is named by a seed, its number in
//! the run and a difficulty, and is made from those alone, so "seed 42, puzzle 3" is the same
//! puzzle for everyone, and the day's puzzle is the same for everyone that day.
//!
//! Every game has its puzzles: [`PuzzleId::puzzle`] deals Nim's (as it always has), and
//! [`PuzzleId::puzzle_of`] any game's, the game's name mixed into the seed.

use std::fmt;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Game, GameKind, Mode, Position, Rules, Ruleset, analyse};

/// A puzzle: find the one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub mode: Mode,
    pub heaps: Vec<u64>,
    /// The game (Nim for the puzzles of [`PuzzleId::puzzle`]). A puzzle is always a game's
    /// starting position (Fibonacci Nim's is its first move), so it starts a game like any other.
    pub game: GameKind,
}

impl Puzzle {
    /// The position to solve.
    pub fn position(&self) -> Position {
        Position::new(self.heaps.clone())
    }

    /// The game and convention it is played under.
    pub fn rules(&self) -> Ruleset {
        Ruleset::new(self.game, self.mode)
    }
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

    /// The Nim puzzle itself, made from the id alone.
    pub fn puzzle(&self) -> Puzzle {
        generate_at(self.difficulty, &mut StdRng::seed_from_u64(self.mixed(0)))
    }

    /// The puzzle of `game` with this id: Nim's is [`PuzzleId::puzzle`]; another game's comes from
    /// the id with the game's name mixed in, so each game has its own run for every seed.
    pub fn puzzle_of(&self, game: GameKind) -> Puzzle {
        if game == GameKind::Nim {
            return self.puzzle();
        }
        // FNV-1a of the game's name: stable across versions and platforms.
        let name = game
            .name()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        generate_game(game, self.difficulty, &mut StdRng::seed_from_u64(self.mixed(name)))
    }

    /// SplitMix64 of the parts, so neighbouring numbers give unrelated puzzles.
    fn mixed(&self, game: u64) -> u64 {
        let mut z = self.seed
            ^ u64::from(self.number).wrapping_mul(0xbf58_476d_1ce4_e5b9)
            ^ (self.difficulty as u64 + 1).wrapping_mul(0x94d0_49bb_1331_11eb)
            ^ game;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
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
            return Puzzle { mode, heaps, game: GameKind::Nim };
        }
    }
}

/// Draws positions of `game` at the difficulty until one has exactly one winning move (see
/// [`one_answer`] for Lasker's Nim and Kayles). Harder means more and larger heaps (rows), and
/// for Moore's Nim_k more misère; Fibonacci Nim's puzzles are first moves, of larger heaps.
pub fn generate_game(game: GameKind, difficulty: Difficulty, rng: &mut impl Rng) -> Puzzle {
    use Difficulty::{Easy, Hard, Medium};
    let level = match difficulty {
        Easy => 0,
        Medium => 1,
        Hard => 2,
    };
    let heaps = |rng: &mut dyn rand::RngCore, count: (usize, usize), most: u64| -> Vec<u64> {
        let count = rng.random_range(count.0..=count.1);
        (0..count).map(|_| rng.random_range(1..=most)).collect()
    };
    // Every game tried deals a puzzle within a few hundred draws; should some subtraction set
    // never give a single answer, a won position is dealt after this many draws rather than none.
    let mut tries = 0u32;
    loop {
        tries += 1;
        let mut mode = Mode::Normal;
        let drawn = match game {
            GameKind::Nim => return generate_at(difficulty, rng),
            GameKind::Moore(_) => {
                if game.has_misere() && rng.random_ratio([0, 1, 1][level], [1, 3, 2][level]) {
                    mode = Mode::Misere;
                }
                heaps(rng, [(3, 3), (3, 5), (4, 6)][level], [7, 15, 31][level])
            }
            GameKind::Subtraction(set) => {
                let most = (set.max() + 1).saturating_mul([3, 6, 12][level]);
                heaps(rng, [(1, 2), (2, 3), (3, 4)][level], most)
            }
            GameKind::Lasker => heaps(rng, [(2, 2), (3, 3), (3, 4)][level], [7, 12, 20][level]),
            GameKind::Kayles => heaps(rng, [(2, 2), (2, 3), (3, 4)][level], [7, 10, 15][level]),
            GameKind::Wythoff => heaps(rng, (2, 2), [15, 40, 200][level]),
            GameKind::Fibonacci => vec![rng.random_range(2..=[20u64, 100, 1000][level])],
        };
        let rules = Ruleset::new(game, mode);
        let position = Position::new(drawn.clone());
        let playable = Game::of(rules);
        let fits = playable.check_position(&position).is_ok() && !playable.is_over(&position);
        if fits
            && (one_answer(&playable, &position)
                || (tries > 100_000 && playable.winning_move_count(&position).is_some_and(|n| n > 0)))
        {
            return Puzzle { mode, heaps: drawn, game };
        }
    }
}

/// Whether the position has exactly one winning move. In Lasker's Nim and Kayles a move and its
/// mirror image (a split into 3 and 4 or into 4 and 3; knocking down the first pin or the last)
/// leave the same heaps in another order, so they count as one: without that, almost no position
/// of Kayles would have a single answer.
pub fn one_answer(game: &Game, position: &Position) -> bool {
    let Some(count) = game.winning_move_count(position) else { return false };
    if count == 1 {
        return true;
    }
    if !game.kind().splits() || count == 0 || count > 4 {
        return false;
    }
    let mut left: Vec<Vec<u64>> = game
        .winning_moves(position)
        .iter()
        .filter_map(|mv| {
            let mut next = position.clone();
            game.play(&mut next, mv).ok()?;
            let mut heaps: Vec<u64> = next.heaps().iter().copied().filter(|&h| h > 0).collect();
            heaps.sort_unstable();
            Some(heaps)
        })
        .collect();
    left.sort();
    left.dedup();
    left.len() == 1
}
