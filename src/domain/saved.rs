//! The saved game as plain data: `game.json`'s format (every version it has had), the moves in
//! their game's notation, and the checks a game must pass to be resumed. Where the file lives, and
//! how it is claimed and written, is the store's.

use serde::{Deserialize, Serialize};

use crate::engine::{GameKind, Mode, Move, Position, Rules, Ruleset, Take};

use super::heaps::{StartHeapsError, check_heaps_for, check_start_for};
use super::history::{History, HistoryError};
use super::players::{Level, Names, Players, Seat};

/// The format version written to `game.json`. Version 1 files (no `game` or `players`) and version
/// 2 files (moves as `heap` and `take`) still load; a newer version is refused and left as it is.
pub const SAVED_GAME_VERSION: u32 = 3;
/// The only game so far, as named in `game.json`'s `game` field.
pub const GAME_NIM: &str = "nim";
/// The members of `game.json` this version reads; a file with another was written by a newer one.
pub const SAVED_GAME_FIELDS: [&str; 12] = [
    "version",
    "game",
    "hotseat",
    "mode",
    "level",
    "start_heaps",
    "heaps",
    "turn",
    "moves",
    "used_undo",
    "ai_delay_ms",
    "seed",
];

/// A move in a saved game, written by its game as a record writes it ([`Rules::write_move`]), so
/// that any move of any game can be saved: `{"by": "you", "move": "2 3"}` is Nim's "take 3 from
/// heap 2". Files of versions 1 and 2 wrote Nim's moves as `{"by", "heap", "take"}` (heap counted
/// from 1); they still load, as the same move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedMoveFields", into = "SavedMoveFields")]
pub struct SavedMove {
    pub by: Seat,
    /// The move in its game's notation, read back with [`Rules::read_move`].
    pub notation: String,
}

/// A saved move's fields as the file holds them, in either form.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMoveFields {
    by: Seat,
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    notation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heap: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    take: Option<u64>,
}

impl TryFrom<SavedMoveFields> for SavedMove {
    type Error = String;

    fn try_from(fields: SavedMoveFields) -> Result<Self, String> {
        let notation = match fields {
            SavedMoveFields { notation: Some(notation), heap: None, take: None, .. } => notation,
            // The old form could only hold Nim's moves, which Nim writes as "heap take".
            SavedMoveFields { notation: None, heap: Some(heap), take: Some(take), .. } => {
                format!("{heap} {take}")
            }
            _ => {
                return Err("a move is written as {\"by\": ..., \"move\": \"...\"} (or, in files of \
                            version 1 and 2, {\"by\": ..., \"heap\": ..., \"take\": ...})"
                    .to_string());
            }
        };
        Ok(SavedMove { by: fields.by, notation })
    }
}

impl From<SavedMove> for SavedMoveFields {
    fn from(mv: SavedMove) -> Self {
        SavedMoveFields { by: mv.by, notation: Some(mv.notation), heap: None, take: None }
    }
}

impl SavedMove {
    /// A take in Nim (heap counted from 0) played by `by`.
    pub fn new(by: Seat, mv: Take) -> Self {
        SavedMove::of(&Ruleset::nim(Mode::Normal).game(), by, &Move::Take(mv))
    }

    /// A move of the game `game` played by `by`, in that game's notation.
    pub fn of(game: &impl Rules, by: Seat, mv: &Move) -> Self {
        SavedMove { by, notation: game.write_move(mv) }
    }

    /// The move, read by the game `game`; or why it cannot be read.
    pub fn to_move(&self, game: &impl Rules) -> Result<Move, String> {
        game.read_move(&self.notation)
    }
}

/// A game in progress, as kept in `game.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The format version the file was written in; a file is always written in this version's
    /// format (moves included), so it is always written as [`SAVED_GAME_VERSION`].
    #[serde(serialize_with = "current_saved_game_version")]
    pub version: u32,
    /// Which game this is, by its name (`nim` for version 1 files, which had no such field); a
    /// name this version does not know is refused when the file is checked.
    #[serde(default = "default_game")]
    pub game: String,
    /// The two people's names in a two-player game (the first plays `you`, the second `ai`);
    /// absent in a game against the AI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hotseat: Option<[String; 2]>,
    pub mode: Mode,
    pub level: Level,
    /// The heaps the game started with.
    pub start_heaps: Vec<u64>,
    /// The heaps now; always what `moves` leave of `start_heaps`.
    pub heaps: Vec<u64>,
    /// Who moves next.
    pub turn: Seat,
    /// Every move so far, oldest first (moves taken back with undo are not here).
    pub moves: Vec<SavedMove>,
    /// Whether undo was used in this game, so that a win after resuming still counts as assisted.
    #[serde(default)]
    pub used_undo: bool,
    pub ai_delay_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

fn current_saved_game_version<S: serde::Serializer>(_: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u32(SAVED_GAME_VERSION)
}

fn default_game() -> String {
    GAME_NIM.to_string()
}

/// Why a saved game cannot be resumed. Heaps and moves are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedGameError {
    #[error("version {0} is not a supported version (1 to {SAVED_GAME_VERSION})")]
    Version(u32),
    #[error("the game '{0}' is not one this nim-tui plays")]
    UnknownGame(String),
    /// The game is known, but not as saved: a mode it has no form of, or heaps it is not played
    /// on (perhaps a newer nim-tui's; this one would never move).
    #[error("{game} cannot be resumed as saved: {problem}")]
    Misfit { game: String, problem: String },
    #[error("player {index}: {reason}")]
    BadName { index: usize, reason: String },
    #[error("the starting heaps cannot start a game: {0}")]
    StartHeaps(#[from] StartHeapsError),
    #[error("the starting heaps do not fit the game: {0}")]
    Shape(String),
    #[error("{heaps} current heaps but {start} starting heaps")]
    HeapCount { heaps: usize, start: usize },
    #[error("heap {number} holds {holds} tokens but started with {start}")]
    HeapGrew { number: usize, holds: u64, start: u64 },
    #[error("move {index} ('{notation}') cannot be played: {reason}")]
    BadMove { index: usize, notation: String, reason: String },
    #[error("move {index} is by {by:?} again: players take turns")]
    SameMover { index: usize, by: Seat },
    #[error("the turn is {turn:?} but the last move was also by {turn:?}")]
    WrongTurn { turn: Seat },
    #[error("the moves leave heaps {replayed:?}, not the saved {saved:?}")]
    Mismatch { replayed: Vec<u64>, saved: Vec<u64> },
    #[error("the game is over: no token is left")]
    Over,
}

impl SavedGameError {
    /// Whether a newer nim-tui may have written the game: one this version does not play, or not
    /// in this form. The store leaves such a file as it is, for that version, rather than moving
    /// it aside.
    pub fn may_be_newer(&self) -> bool {
        matches!(self, SavedGameError::UnknownGame(_) | SavedGameError::Misfit { .. })
    }
}

impl SavedGame {
    /// A game about to start: no moves yet, `first` to move.
    pub fn new(mode: Mode, level: Level, start_heaps: Vec<u64>, first: Seat, ai_delay_ms: u64) -> Self {
        SavedGame {
            version: SAVED_GAME_VERSION,
            game: default_game(),
            hotseat: None,
            mode,
            level,
            heaps: start_heaps.clone(),
            start_heaps,
            turn: first,
            moves: Vec::new(),
            used_undo: false,
            ai_delay_ms,
            seed: None,
        }
    }

    /// The saved game of a game in progress between `players`.
    pub fn of(
        history: &History,
        players: &Players,
        level: Level,
        used_undo: bool,
        ai_delay_ms: u64,
        seed: Option<u64>,
    ) -> Self {
        let rules = history.rules();
        SavedGame {
            version: SAVED_GAME_VERSION,
            game: rules.kind.to_string(),
            hotseat: match players {
                Players::Hotseat(Names(names)) => Some(names.clone()),
                _ => None,
            },
            mode: rules.mode,
            level,
            start_heaps: history.start().to_vec(),
            heaps: history.position().heaps().to_vec(),
            turn: history.to_move(),
            moves: history.moves().iter().map(|(by, mv)| SavedMove::of(history.game(), *by, mv)).collect(),
            used_undo,
            ai_delay_ms,
            seed,
        }
    }

    /// The game's rules.
    pub fn rules(&self) -> Ruleset {
        // The name was checked by `validate`; an unknown one cannot get here.
        Ruleset::new(self.game.parse().unwrap_or_default(), self.mode)
    }

    /// Who sits at the table: two people when the file names them, else a person and the AI.
    pub fn players(&self) -> Players {
        match &self.hotseat {
            Some(names) => Players::Hotseat(Names(names.clone())),
            None => Players::Ai,
        }
    }

    /// The moves replayed from the starting heaps, each checked.
    pub fn history(&self) -> Result<History, SavedGameError> {
        let first = self.moves.first().map_or(self.turn, |m| m.by);
        let rules = self.rules();
        let mut history = History::new(rules, self.start_heaps.clone(), first);
        for (i, saved) in self.moves.iter().enumerate() {
            let index = i + 1;
            let bad = |reason: String| SavedGameError::BadMove {
                index,
                notation: crate::text::escape_short(&saved.notation, crate::text::ECHO_MAX),
                reason,
            };
            let mv = saved.to_move(history.game()).map_err(bad)?;
            if history.last_mover() == Some(saved.by) {
                return Err(SavedGameError::SameMover { index, by: saved.by });
            }
            history.push(saved.by, mv).map_err(|e| match e {
                HistoryError::Illegal { source, .. } => bad(source.to_string()),
                other => bad(other.to_string()),
            })?;
        }
        Ok(history)
    }

    /// The current heaps as an engine position.
    pub fn position(&self) -> Position {
        Position::new(self.heaps.clone())
    }

    /// Checks everything a resumed game relies on: the starting heaps could start a game, the
    /// moves replayed from them are legal, alternate between the players and give the current
    /// heaps, the turn follows the last move, and the game is not over.
    pub fn validate(&self) -> Result<(), SavedGameError> {
        if !(1..=SAVED_GAME_VERSION).contains(&self.version) {
            return Err(SavedGameError::Version(self.version));
        }
        let Ok(kind) = self.game.parse::<GameKind>() else {
            return Err(SavedGameError::UnknownGame(crate::text::escape_short(
                &self.game,
                crate::text::ECHO_MAX,
            )));
        };
        for (i, name) in self.hotseat.iter().flatten().enumerate() {
            match crate::text::check_name(name) {
                Ok(checked) if checked == *name => {}
                Ok(_) => {
                    return Err(SavedGameError::BadName {
                        index: i + 1,
                        reason: "a name has no spaces around it".into(),
                    });
                }
                Err(reason) => return Err(SavedGameError::BadName { index: i + 1, reason }),
            }
        }
        check_start_for(kind, &self.start_heaps)?;
        // Checked as a new game's start is: a game whose heaps or mode do not fit it would be
        // offered and then never move.
        let misfit = |problem: String| SavedGameError::Misfit { game: kind.title(), problem };
        let rules = Ruleset::checked(kind, self.mode).map_err(|e| misfit(e.to_string()))?;
        check_heaps_for(kind, &self.start_heaps).map_err(misfit)?;
        rules
            .game()
            .check_position(&Position::new(self.start_heaps.clone()))
            .map_err(|e| misfit(e.to_string()))?;
        // A game that splits heaps ends with more of them than it started with, never fewer.
        if kind.splits() && self.heaps.len() < self.start_heaps.len() {
            return Err(SavedGameError::HeapCount { heaps: self.heaps.len(), start: self.start_heaps.len() });
        }
        // Where heaps only shrink in their places, a heap that grew is caught before the
        // replay; in the others (Staircase Nim, the coin games) the replay below is the check.
        if kind.heaps_only_shrink() {
            if self.heaps.len() != self.start_heaps.len() {
                return Err(SavedGameError::HeapCount {
                    heaps: self.heaps.len(),
                    start: self.start_heaps.len(),
                });
            }
            for (i, (&holds, &start)) in self.heaps.iter().zip(&self.start_heaps).enumerate() {
                if holds > start {
                    return Err(SavedGameError::HeapGrew { number: i + 1, holds, start });
                }
            }
        }
        let history = self.history()?;
        if history.last_mover() == Some(self.turn) {
            return Err(SavedGameError::WrongTurn { turn: self.turn });
        }
        let position = history.position();
        if position.heaps() != self.heaps.as_slice() {
            return Err(SavedGameError::Mismatch {
                replayed: position.heaps().to_vec(),
                saved: self.heaps.clone(),
            });
        }
        if history.is_over() {
            return Err(SavedGameError::Over);
        }
        Ok(())
    }
}
