//! The game's model: everything on screen is drawn from here, and every key becomes an `Action`
//! that `App::update` applies. No drawing and no terminal I/O.

use std::fmt;
use std::str::FromStr;

mod action;

pub use action::Action;

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
