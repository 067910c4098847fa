//! The game's model: everything on screen is drawn from here, and every key becomes an `Action`
//! that `App::update` applies. No drawing and no terminal I/O.

use std::fmt;
use std::str::FromStr;

mod action;
mod game;
mod model;

pub use action::Action;
pub use game::{Coaching, Game, GameOver, Hint, Note, ReviewLine, Side, coaching};
pub use model::{
    App, Effect, HeapChoice, Input, PuzzleAnswer, PuzzleRun, Screen, Setup, StartMenu, StartRow, random_heaps,
};

use serde::{Deserialize, Serialize};

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

/// How well the AI plays. Only `Perfect` is perfect; the others sometimes play a random move.
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
