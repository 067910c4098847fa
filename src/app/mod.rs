//! The game's model: everything on screen is drawn from here, and every key becomes an `Action`
//! that `App::update` applies. No drawing and no terminal I/O.

use std::fmt;
use std::str::FromStr;

mod action;
mod game;
mod model;

pub use action::Action;
pub use game::{Coaching, Game, GameOver, Hint, Note, Players, ReviewLine, Side, coaching};
pub use model::{
    App, Effect, HeapChoice, Input, PuzzleAnswer, PuzzleRun, Replay, Screen, Setup, StartMenu, StartRow,
    random_heaps,
};

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::engine::{Take, Position, Rules};

/// Who moves first in a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum First {
    #[default]
    You,
    Ai,
    Random,
}

impl First {
    pub fn as_str(self) -> &'static str {
        match self {
            First::You => "you",
            First::Ai => "ai",
            First::Random => "random",
        }
    }
}

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for First {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "you" => Ok(First::You),
            "ai" => Ok(First::Ai),
            "random" => Ok(First::Random),
            _ => Err(format!("unknown first player '{s}': expected 'you', 'ai' or 'random'")),
        }
    }
}

/// How well the AI plays. Only `Perfect` is perfect; the others sometimes play a uniformly random
/// legal move instead of the best one: `Hard` 10% of its moves, `Medium` 30%, `Easy` 60%.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Perfect,
    Hard,
    Medium,
    Easy,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Perfect, Level::Hard, Level::Medium, Level::Easy];

    /// The chance that one of the AI's moves is a uniformly random legal move.
    pub fn random_odds(self) -> f64 {
        match self {
            Level::Perfect => 0.0,
            Level::Hard => 0.1,
            Level::Medium => 0.3,
            Level::Easy => 0.6,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Hard => "hard",
            Level::Medium => "medium",
            Level::Easy => "easy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| format!("unknown level '{s}': expected 'perfect', 'hard', 'medium' or 'easy'"))
    }
}

/// The AI's move at `level`: the perfect move, or with the level's odds a uniformly random legal
/// move. The chance comes from `rng` (the game's seeded one), so a seeded game replays exactly;
/// the engine itself stays free of randomness. `None` once the game is over.
pub fn level_move(rules: &impl Rules, position: &Position, level: Level, rng: &mut impl Rng) -> Option<Take> {
    if position.is_over() {
        return None;
    }
    if level != Level::Perfect && rng.random_bool(level.random_odds()) {
        return random_move(position, rng);
    }
    rules.ai_move(position)
}

/// A legal move drawn uniformly from every (heap, take) pair, without listing them: heaps of up to
/// 10^18 tokens have that many moves.
pub fn random_move(position: &Position, rng: &mut impl Rng) -> Option<Take> {
    let total = position.tokens();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (heap, &size) in position.heaps().iter().enumerate() {
        let size = u128::from(size);
        if pick < size {
            // `pick < size <= u64::MAX`, so the take fits.
            return Some(Take::new(heap, u64::try_from(pick + 1).unwrap_or(u64::MAX)));
        }
        pick -= size;
    }
    None
}

/// Who the player plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    #[default]
    Ai,
    /// Another person at the same keyboard.
    Human,
}

impl FromStr for Opponent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ai" => Ok(Opponent::Ai),
            "human" => Ok(Opponent::Human),
            _ => Err(format!("unknown opponent '{s}': expected 'ai' or 'human'")),
        }
    }
}

/// The two players' names in a two-player game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names(pub [String; 2]);

impl Default for Names {
    fn default() -> Self {
        Names(["Player 1".to_string(), "Player 2".to_string()])
    }
}

impl FromStr for Names {
    type Err = String;

    /// Two names separated by a comma, such as `Ann,Bob`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let names: Vec<&str> = s.split(',').map(str::trim).collect();
        match names.as_slice() {
            [first, second] if !first.is_empty() && !second.is_empty() => {
                if first.chars().count() > 20 || second.chars().count() > 20 {
                    return Err(format!("names '{s}': each name has at most 20 characters"));
                }
                if s.chars().any(char::is_control) {
                    return Err(format!("names {s:?}: a name cannot hold control characters"));
                }
                Ok(Names([first.to_string(), second.to_string()]))
            }
            _ => Err(format!("names '{s}': expected two names separated by a comma, such as Ann,Bob")),
        }
    }
}

/// The most heaps a game starts with.
pub const MAX_HEAPS: usize = 16;
/// The most tokens a heap starts with (10^18).
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// Why a list of starting heaps cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartHeapsError {
    #[error(transparent)]
    Parse(#[from] crate::engine::ParseHeapsError),
    #[error("{count} heaps is too many: a game has 1 to {MAX_HEAPS} heaps")]
    TooMany { count: usize },
    #[error("heap {number} is empty: every heap starts with 1 to 10^18 tokens")]
    Empty { number: usize },
    #[error("heap {number} has {size} tokens: a heap starts with at most 10^18 tokens")]
    TooLarge { number: usize, size: u64 },
}

/// Checks that `heaps` can start a game.
pub fn check_start_heaps(heaps: &[u64]) -> Result<(), StartHeapsError> {
    if heaps.is_empty() {
        return Err(crate::engine::ParseHeapsError::Empty.into());
    }
    if heaps.len() > MAX_HEAPS {
        return Err(StartHeapsError::TooMany { count: heaps.len() });
    }
    for (i, &size) in heaps.iter().enumerate() {
        if size == 0 {
            return Err(StartHeapsError::Empty { number: i + 1 });
        }
        if size > MAX_HEAP {
            return Err(StartHeapsError::TooLarge { number: i + 1, size });
        }
    }
    Ok(())
}

/// Reads starting heaps such as `3,4,5` or `3 4 5` and checks them.
pub fn parse_start_heaps(text: &str) -> Result<Vec<u64>, StartHeapsError> {
    let heaps = crate::engine::parse_heaps(text)?;
    check_start_heaps(&heaps)?;
    Ok(heaps)
}
