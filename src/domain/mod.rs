//! What every outer layer shares: seats, players and names, AI levels, who moves first, the
//! starting-heap choices and their limits, and one checked move history that replays itself.
//! Everything that saves, parses or plays a game imports these from here, never from the app.

mod action;
mod heaps;
mod history;
mod players;

pub use action::Action;
pub use heaps::{
    HeapChoice, MAX_HEAP, MAX_HEAPS, Preset, StartHeapsError, check_start_heaps, parse_start_heaps,
};
pub use history::{History, HistoryError};
pub use players::{First, Level, Names, Opponent, Players, Seat, level_move};

use crate::engine::{GameKind, Mode};

/// The choices a new game starts from: the settings of the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    pub game: GameKind,
    pub mode: Mode,
    /// Kept as a choice (a preset, random or custom), not as the heaps it gave last time.
    pub heaps: HeapChoice,
    pub first: First,
    pub level: Level,
    pub opponent: Opponent,
    pub names: Names,
}

impl GameSetup {
    /// Who sits at the table in a game from this setup (a demo seats the AI twice).
    pub fn players(&self, demo: bool) -> Players {
        match (demo, self.opponent) {
            (true, _) => Players::Demo,
            (false, Opponent::Human) => Players::Hotseat(self.names.clone()),
            (false, Opponent::Ai) => Players::Ai,
        }
    }
}
