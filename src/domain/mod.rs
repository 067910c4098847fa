//! What every outer layer shares: seats, players and names, AI levels, who moves first, the
//! starting-heap choices and their limits, one checked move history that replays itself, and the
//! plain data of the statistics, the saved game and the lesson's progress (which the store keeps
//! on disk). Everything that saves, parses or plays a game imports these from here, never from the
//! app; nothing here touches a file.

mod action;
mod heaps;
mod history;
mod lesson;
mod players;
mod puzzles;
mod saved;
mod stats;

pub use action::Action;
pub use heaps::{
    BOUNDED_MOVES, HeapChoice, MAX_HEAP, MAX_HEAPS, Preset, StartHeapsError, check_heaps_for,
    check_start_for, check_start_heaps, fit_heaps, largest_start_heap, parse_start_heaps,
    parse_start_heaps_for,
};
pub use history::{History, HistoryError};
pub use lesson::{LESSON_VERSION, LessonProgress};
pub use players::{First, Level, Names, Opponent, Players, Score, Seat, level_move};
pub use puzzles::{Difficulty, PuzzleId, PuzzleKey, PuzzleRated};
pub use saved::{GAME_NIM, SAVED_GAME_FIELDS, SAVED_GAME_VERSION, SavedGame, SavedGameError, SavedMove};
pub use stats::{
    GameResult, GameStats, How, ModeStats, PROVISIONAL_RD, PUZZLES, PuzzleStats, RatingFigures,
    STATS_VERSION, Stats, StatsReport, Totals, rating_key, stats_json, stats_table,
};

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
    /// The game and its convention; a game without a misère form ([`GameKind::has_misere`]) is
    /// played in normal play whatever the mode says (a flag asking for misère is refused before).
    pub fn rules(&self) -> crate::engine::Ruleset {
        let mode = if self.game.has_misere() { self.mode } else { Mode::Normal };
        crate::engine::Ruleset::new(self.game, mode)
    }

    /// The heaps of a new game: custom heaps as given (checked for the game where they were
    /// chosen), a preset or a random draw made fit for the game ([`fit_heaps`]).
    pub fn start_heaps(&self, rng: &mut impl rand::Rng) -> Vec<u64> {
        let heaps = self.heaps.heaps(rng);
        match &self.heaps {
            HeapChoice::Custom(_) if check_heaps_for(self.game, &heaps).is_ok() => heaps,
            _ => fit_heaps(self.game, heaps),
        }
    }

    /// Who sits at the table in a game from this setup (a demo seats the AI twice).
    pub fn players(&self, demo: bool) -> Players {
        match (demo, self.opponent) {
            (true, _) => Players::Demo,
            (false, Opponent::Human) => Players::Hotseat(self.names.clone()),
            (false, Opponent::Ai) => Players::Ai,
        }
    }
}
