//! Statistics, the saved game and game records on disk, shared safely between instances: files
//! written atomically under an advisory lock, read with a size limit, and moved aside (never
//! overwritten) when they cannot be read.
//!
//! Statistics (`stats.json`) and records (`records/`) live in the data directory
//! (`$XDG_DATA_HOME/nim-tui/` on Linux); the saved game (`game.json`) may live in another directory
//! (see [`Store::new`]).
//!
//! - Every write goes to a temporary file in the same directory, is flushed to disk and then renamed
//!   over the old file, so a crash mid-write leaves the old file whole. Temporary files left by a
//!   killed process are removed the next time the directory is read.
//! - Statistics are updated read-modify-write under an exclusive advisory lock on `.nim-tui.lock`
//!   ([`Store::update_stats`]), so games finished at the same moment in several instances are all
//!   counted. The wait for the lock is bounded: a stopped instance cannot hang the others.
//! - A record is saved under a name nobody else has: the complete file is linked into place,
//!   which fails rather than replace an existing file.
//! - The saved game is *claimed* when it is resumed ([`Store::claim_game`]): it is renamed to a
//!   name of this process, so that only one instance resumes it, and only that instance removes it
//!   ([`Store::release_claim`]); a game that finishes elsewhere never touches it.
//! - A file that cannot be read, parsed or validated is renamed to
//!   `<stem>.corrupt-<unix-seconds>.json` and the loader returns fresh data with a warning. A file
//!   from a newer nim-tui, or one that is not a regular file (a FIFO, a device), is left untouched
//!   and is not written over for the rest of the run. A missing file is fresh data and no warning.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fs4::fs_std::FileExt as _;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::domain::{History, Level, Names, Players, check_start_heaps};
use crate::engine::{GameKind, Mode, Move, Position, Rules, Ruleset, Take};

/// The statistics file's name in the data directory.
pub const STATS_FILE: &str = "stats.json";
/// The saved game's file name, in the state directory.
pub use crate::paths::GAME_FILE;
/// The lesson's progress file's name in the data directory.
pub const LESSON_FILE: &str = "lesson.json";
/// The format version written to `lesson.json`.
pub const LESSON_VERSION: u32 = 1;
/// The format version written to `stats.json`; a file with another version is not read.
pub const STATS_VERSION: u32 = 1;
/// The format version written to `game.json`. Version 1 files (no `game` or `players`) and version
/// 2 files (moves as `heap` and `take`) still load; a newer version is refused and left as it is.
pub const SAVED_GAME_VERSION: u32 = 3;
/// The only game so far, as named in `game.json`'s `game` field.
pub const GAME_NIM: &str = "nim";
/// The lock file that serialises updates to a directory's files between instances.
pub const LOCK_FILE: &str = ".nim-tui.lock";
/// How much of a parser's message about a bad file a warning quotes.
const REASON_MAX: usize = 300;
/// How long to wait for another instance to finish its update before giving up.
const LOCK_PATIENCE: Duration = Duration::from_secs(10);

/// What can go wrong when finding the data directory or writing to it. Reading never fails:
/// a file that cannot be read is moved aside and reported as a warning instead.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no data directory for nim-tui could be found: is $HOME set?")]
    NoDataDir,
    #[error("cannot create the directory {}: {source}", crate::text::path(path))]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("cannot write {}: {source}", crate::text::path(path))]
    Write { path: PathBuf, source: io::Error },
    #[error("cannot remove {}: {source}", crate::text::path(path))]
    Remove { path: PathBuf, source: io::Error },
    #[error("cannot encode {}: {source}", crate::text::path(path))]
    Encode { path: PathBuf, source: serde_json::Error },
    /// Refusing to overwrite a file that was left as it is: from a newer nim-tui, not a regular
    /// file, or unreadable and impossible to move aside.
    #[error("not overwriting {}: {reason}", crate::text::path(path))]
    Protected { path: PathBuf, reason: String },
    #[error("another nim-tui kept {} locked for {} seconds; try again", crate::text::path(path), LOCK_PATIENCE.as_secs())]
    Locked { path: PathBuf },
    #[error("cannot lock {}: {source}", crate::text::path(path))]
    Lock { path: PathBuf, source: io::Error },
    #[error("not saving the game: {0}")]
    InvalidGame(#[from] SavedGameError),
}

/// The result of one finished game, for [`Stats::record`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the player won.
    pub won: bool,
    /// Whether the player had help: hints, undo, or an AI weaker than `Level::Perfect`.
    /// Only meaningful for a win.
    pub assisted: bool,
    /// How the game ended: played to the end, or given up (a loss either way).
    pub how: How,
}

/// How a game ended, for the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum How {
    /// Played to the last token.
    #[default]
    Played,
    /// The player resigned.
    Resigned,
    /// The player left it for a new game after moves were made.
    Abandoned,
}

/// The figures for one mode.
///
/// `won` counts every win, assisted or not; `assisted_wins` is the part of `won` that had help.
/// Streaks count unassisted wins only: an assisted win neither extends nor breaks the current
/// streak, and a loss ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ModeStats {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
    pub current_streak: u64,
    pub best_streak: u64,
    /// Of the games lost, how many were resigned.
    #[serde(default)]
    pub resigned: u64,
    /// Of the games lost, how many were left unfinished for a new game.
    #[serde(default)]
    pub abandoned: u64,
}

impl ModeStats {
    fn record(&mut self, result: GameResult) {
        // At the largest count the figures stop moving together, so that they still agree with
        // each other (won + lost = played) and the file still loads.
        if self.played == u64::MAX {
            return;
        }
        self.played += 1;
        if !result.won {
            self.lost = self.lost.saturating_add(1);
            self.current_streak = 0;
            match result.how {
                How::Played => {}
                How::Resigned => self.resigned = self.resigned.saturating_add(1),
                How::Abandoned => self.abandoned = self.abandoned.saturating_add(1),
            }
            return;
        }
        self.won = self.won.saturating_add(1);
        if result.assisted {
            self.assisted_wins = self.assisted_wins.saturating_add(1);
        } else {
            self.current_streak = self.current_streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.current_streak);
        }
    }

    /// Whether the figures agree with each other; a file where they do not was not written by us.
    fn check(&self) -> Result<(), String> {
        if self.won.checked_add(self.lost) != Some(self.played) {
            return Err(format!("won ({}) + lost ({}) is not played ({})", self.won, self.lost, self.played));
        }
        if self.resigned.checked_add(self.abandoned).is_none_or(|given_up| given_up > self.lost) {
            return Err(format!(
                "resigned ({}) + abandoned ({}) is more than lost ({})",
                self.resigned, self.abandoned, self.lost
            ));
        }
        if self.assisted_wins > self.won {
            return Err(format!("assisted_wins ({}) is more than won ({})", self.assisted_wins, self.won));
        }
        if self.current_streak > self.best_streak {
            return Err(format!(
                "current_streak ({}) is more than best_streak ({})",
                self.current_streak, self.best_streak
            ));
        }
        if self.best_streak > self.won - self.assisted_wins {
            return Err(format!("best_streak ({}) is more than the unassisted wins", self.best_streak));
        }
        Ok(())
    }
}

/// Puzzles attempted and solved, and the run of puzzles solved in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PuzzleStats {
    pub attempted: u64,
    pub solved: u64,
    pub current_streak: u64,
    pub best_streak: u64,
    /// Days in a row on which the day's puzzle was solved (`nim-tui puzzle --daily`).
    #[serde(default)]
    pub daily_streak: u64,
    #[serde(default)]
    pub best_daily_streak: u64,
    /// The last day (counted from 1970-01-01, UTC) whose puzzle was answered; it counts once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_daily: Option<u64>,
}

impl PuzzleStats {
    fn check(&self) -> Result<(), String> {
        if self.solved > self.attempted {
            return Err(format!(
                "puzzles solved ({}) is more than attempted ({})",
                self.solved, self.attempted
            ));
        }
        if self.current_streak > self.best_streak || self.best_streak > self.solved {
            return Err(format!(
                "puzzle streaks ({} current, {} best) do not fit {} solved",
                self.current_streak, self.best_streak, self.solved
            ));
        }
        if self.daily_streak > self.best_daily_streak || self.best_daily_streak > self.solved {
            return Err(format!(
                "daily streaks ({} current, {} best) do not fit {} solved",
                self.daily_streak, self.best_daily_streak, self.solved
            ));
        }
        Ok(())
    }
}

/// Everything in `stats.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    /// Nim's games in normal play (files from before the other games hold only Nim's).
    pub normal: ModeStats,
    /// Nim's games in misère.
    pub misere: ModeStats,
    pub puzzle: PuzzleStats,
    /// The other games, by their name (`kayles`, `moore:2`, `subtraction:1,2,3`), each with its
    /// own figures in each mode. Absent from files that never counted one, so that those read as
    /// before.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub games: BTreeMap<String, GameStats>,
}

/// One game's figures (other than Nim's) in each mode.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GameStats {
    pub normal: ModeStats,
    pub misere: ModeStats,
}

impl GameStats {
    fn mode(&self, mode: Mode) -> &ModeStats {
        match mode {
            Mode::Normal => &self.normal,
            Mode::Misere => &self.misere,
        }
    }
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            normal: ModeStats::default(),
            misere: ModeStats::default(),
            puzzle: PuzzleStats::default(),
            games: BTreeMap::new(),
        }
    }
}

/// Games played, won and lost over both modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
}

impl Stats {
    /// Counts a finished game of Nim under `mode`.
    pub fn record(&mut self, mode: Mode, result: GameResult) {
        self.mode_mut(mode).record(result);
    }

    /// Counts a finished game of `game` under `mode`: Nim's in `normal` and `misere`, each other
    /// game's under its name.
    pub fn record_of(&mut self, game: GameKind, mode: Mode, result: GameResult) {
        if game == GameKind::Nim {
            return self.record(mode, result);
        }
        let figures = self.games.entry(game.name()).or_default();
        match mode {
            Mode::Normal => figures.normal.record(result),
            Mode::Misere => figures.misere.record(result),
        }
    }

    /// The figures of `game` under `mode` (all zero for a game never played).
    pub fn of(&self, game: GameKind, mode: Mode) -> ModeStats {
        match game {
            GameKind::Nim => *self.mode(mode),
            _ => self.games.get(&game.name()).map(|g| *g.mode(mode)).unwrap_or_default(),
        }
    }

    /// Counts a puzzle: solved extends the puzzle streak, failed ends it.
    /// Counts the day's puzzle of `day`: once a day, the first answer only; solved on the day after
    /// the last one extends the daily streak, solved later starts it again, failed ends it.
    pub fn record_daily(&mut self, day: u64, solved: bool) {
        if self.puzzle.last_daily.is_some_and(|last| last >= day) {
            return;
        }
        let follows = self.puzzle.last_daily.is_some_and(|last| last + 1 == day);
        self.record_puzzle(solved);
        let p = &mut self.puzzle;
        p.last_daily = Some(day);
        p.daily_streak = match (solved, follows) {
            (false, _) => 0,
            (true, true) => p.daily_streak.saturating_add(1),
            (true, false) => 1,
        };
        // `record_puzzle` counted it as solved, so one more daily streak fits the solved count.
        p.daily_streak = p.daily_streak.min(p.solved);
        p.best_daily_streak = p.best_daily_streak.max(p.daily_streak);
    }

    pub fn record_puzzle(&mut self, solved: bool) {
        let p = &mut self.puzzle;
        // As for games: at the largest count nothing moves, so the figures stay consistent.
        if p.attempted == u64::MAX {
            return;
        }
        p.attempted += 1;
        if solved {
            p.solved = p.solved.saturating_add(1);
            p.current_streak = p.current_streak.saturating_add(1);
            p.best_streak = p.best_streak.max(p.current_streak);
        } else {
            p.current_streak = 0;
        }
    }

    pub fn mode(&self, mode: Mode) -> &ModeStats {
        match mode {
            Mode::Normal => &self.normal,
            Mode::Misere => &self.misere,
        }
    }

    pub fn mode_mut(&mut self, mode: Mode) -> &mut ModeStats {
        match mode {
            Mode::Normal => &mut self.normal,
            Mode::Misere => &mut self.misere,
        }
    }

    /// Played, won and lost summed over both modes and every game. Streaks are per game and
    /// mode and are not summed.
    pub fn totals(&self) -> Totals {
        let all = [&self.normal, &self.misere]
            .into_iter()
            .chain(self.games.values().flat_map(|g| [&g.normal, &g.misere]));
        all.fold(Totals::default(), |t, s| Totals {
            played: t.played.saturating_add(s.played),
            won: t.won.saturating_add(s.won),
            lost: t.lost.saturating_add(s.lost),
            assisted_wins: t.assisted_wins.saturating_add(s.assisted_wins),
        })
    }

    /// Checks that a loaded file makes sense.
    pub fn validate(&self) -> Result<(), String> {
        if self.version != STATS_VERSION {
            return Err(format!("version {} is not the supported version {STATS_VERSION}", self.version));
        }
        for mode in Mode::ALL {
            self.mode(mode).check().map_err(|e| format!("{mode}: {e}"))?;
        }
        for (name, figures) in &self.games {
            let kind: GameKind = name.parse().map_err(|e| format!("games: {e}"))?;
            if kind == GameKind::Nim || kind.name() != *name {
                return Err(format!(
                    "games: '{}' is not another game's name",
                    crate::text::escape_short(name, 40)
                ));
            }
            for mode in Mode::ALL {
                figures.mode(mode).check().map_err(|e| format!("games: {name}: {mode}: {e}"))?;
            }
        }
        self.puzzle.check()
    }
}

/// The statistics as `nim-tui stats --json` prints them: totals over both modes at the top level,
/// beside each mode's figures. Field names are a published interface.
#[derive(Debug, Serialize)]
pub struct StatsReport<'a> {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
    pub normal: &'a ModeStats,
    pub misere: &'a ModeStats,
    pub puzzle: &'a PuzzleStats,
    /// The other games' figures by name; absent when none was played.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub games: &'a BTreeMap<String, GameStats>,
}

impl<'a> From<&'a Stats> for StatsReport<'a> {
    fn from(stats: &'a Stats) -> Self {
        let t = stats.totals();
        StatsReport {
            played: t.played,
            won: t.won,
            lost: t.lost,
            assisted_wins: t.assisted_wins,
            normal: &stats.normal,
            misere: &stats.misere,
            puzzle: &stats.puzzle,
            games: &stats.games,
        }
    }
}

/// The one-line JSON object of `nim-tui stats --json`.
pub fn stats_json(stats: &Stats) -> String {
    // Serialising plain integers and structs of them into a String cannot fail.
    serde_json::to_string(&StatsReport::from(stats)).unwrap_or_default()
}

/// The small table `nim-tui stats` prints for a person.
pub fn stats_table(stats: &Stats) -> String {
    let mut out = String::new();
    let row = |out: &mut String, name: &str, s: &ModeStats| {
        let _ = writeln!(
            out,
            "{name:<12} {:>7} {:>7} {:>7} {:>9} {:>7} {:>7} {:>9} {:>9}",
            s.played,
            s.won,
            s.lost,
            s.assisted_wins,
            s.current_streak,
            s.best_streak,
            s.resigned,
            s.abandoned
        );
    };
    let _ = writeln!(
        out,
        "{:<12} {:>7} {:>7} {:>7} {:>9} {:>7} {:>7} {:>9} {:>9}",
        "", "played", "won", "lost", "assisted", "streak", "best", "resigned", "abandoned"
    );
    // Nim's rows are named when other games follow them.
    if !stats.games.is_empty() {
        let _ = writeln!(out, "nim:");
    }
    row(&mut out, Mode::Normal.title(), &stats.normal);
    row(&mut out, Mode::Misere.title(), &stats.misere);
    for (name, figures) in &stats.games {
        let _ = writeln!(out, "{name}:");
        for mode in Mode::ALL {
            if figures.mode(mode).played > 0 {
                let name = if mode == Mode::Normal { "  normal" } else { "  misère" };
                row(&mut out, name, figures.mode(mode));
            }
        }
    }
    let t = stats.totals();
    let _ =
        writeln!(out, "{:<12} {:>7} {:>7} {:>7} {:>9}", "total", t.played, t.won, t.lost, t.assisted_wins);
    let p = &stats.puzzle;
    let _ = writeln!(
        out,
        "\npuzzles: {} solved of {}, streak {}, best {}",
        p.solved, p.attempted, p.current_streak, p.best_streak
    );
    let _ = writeln!(
        out,
        "Assisted wins (with hints, undo, or against an AI weaker than perfect) count as wins but not in\nstreaks. Resigned and abandoned games are among the losses."
    );
    out
}

/// One of the two players: the game's own `Side`, saved as `"you"` or `"ai"`.
pub use crate::domain::Seat as Player;

/// A move in a saved game, written by its game as a record writes it ([`Rules::write_move`]), so
/// that any move of any game can be saved: `{"by": "you", "move": "2 3"}` is Nim's "take 3 from
/// heap 2". Files of versions 1 and 2 wrote Nim's moves as `{"by", "heap", "take"}` (heap counted
/// from 1); they still load, as the same move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedMoveFields", into = "SavedMoveFields")]
pub struct SavedMove {
    pub by: Player,
    /// The move in its game's notation, read back with [`Rules::read_move`].
    pub notation: String,
}

/// A saved move's fields as the file holds them, in either form.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMoveFields {
    by: Player,
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
    pub fn new(by: Player, mv: Take) -> Self {
        SavedMove::of(&Ruleset::nim(Mode::Normal), by, &Move::Take(mv))
    }

    /// A move of the game `rules` played by `by`, in that game's notation.
    pub fn of(rules: &Ruleset, by: Player, mv: &Move) -> Self {
        SavedMove { by, notation: rules.write_move(mv) }
    }

    /// The move, read by the game `rules`; or why it cannot be read.
    pub fn to_move(&self, rules: &Ruleset) -> Result<Move, String> {
        rules.read_move(&self.notation)
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
    pub turn: Player,
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
    #[error("player {index}: {reason}")]
    BadName { index: usize, reason: String },
    #[error("the starting heaps cannot start a game: {0}")]
    StartHeaps(#[from] crate::domain::StartHeapsError),
    #[error("the starting heaps do not fit the game: {0}")]
    Shape(String),
    #[error("{heaps} current heaps but {start} starting heaps")]
    HeapCount { heaps: usize, start: usize },
    #[error("heap {number} holds {holds} tokens but started with {start}")]
    HeapGrew { number: usize, holds: u64, start: u64 },
    #[error("move {index} ('{notation}') cannot be played: {reason}")]
    BadMove { index: usize, notation: String, reason: String },
    #[error("move {index} is by {by:?} again: players take turns")]
    SameMover { index: usize, by: Player },
    #[error("the turn is {turn:?} but the last move was also by {turn:?}")]
    WrongTurn { turn: Player },
    #[error("the moves leave heaps {replayed:?}, not the saved {saved:?}")]
    Mismatch { replayed: Vec<u64>, saved: Vec<u64> },
    #[error("the game is over: no token is left")]
    Over,
}

impl SavedGame {
    /// A game about to start: no moves yet, `first` to move.
    pub fn new(mode: Mode, level: Level, start_heaps: Vec<u64>, first: Player, ai_delay_ms: u64) -> Self {
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
            moves: history.moves().iter().map(|(by, mv)| SavedMove::of(&rules, *by, mv)).collect(),
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
            let mv = saved.to_move(&rules).map_err(bad)?;
            if history.last_mover() == Some(saved.by) {
                return Err(SavedGameError::SameMover { index, by: saved.by });
            }
            history.push(saved.by, mv).map_err(|e| match e {
                crate::domain::HistoryError::Illegal { source, .. } => bad(source.to_string()),
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
        if self.game.parse::<GameKind>().is_err() {
            return Err(SavedGameError::UnknownGame(crate::text::escape_short(
                &self.game,
                crate::text::ECHO_MAX,
            )));
        }
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
        check_start_heaps(&self.start_heaps)?;
        // A game that splits heaps ends with more of them than it started with, never fewer.
        if self.heaps.len() < self.start_heaps.len() {
            return Err(SavedGameError::HeapCount { heaps: self.heaps.len(), start: self.start_heaps.len() });
        }
        // A split adds a heap, so only games without splits keep their heaps in place.
        if !self.rules().kind.splits() {
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

/// The directories and the files in them.
#[derive(Debug)]
pub struct Store {
    data_dir: PathBuf,
    state_dir: PathBuf,
    /// Set, with the reason, when `stats.json` is left as it is, so that saving does not destroy it.
    stats_protected: OnceLock<String>,
    game_protected: OnceLock<String>,
    /// The saved game this instance resumed, under its claimed name; only this instance removes it.
    claim: Mutex<Option<PathBuf>>,
}

/// Why a saved game could not be claimed for resuming.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    /// Another instance resumed it first (or it was removed).
    #[error("the saved game was resumed in another nim-tui meanwhile")]
    Taken,
    /// It was replaced by another game since it was offered; that one is left for later.
    #[error("the saved game was replaced by another one meanwhile")]
    Changed,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a data file could not be used.
enum LoadFailure {
    /// Corrupt or invalid: move it aside.
    Bad(String),
    /// From a newer nim-tui, or not a regular file: leave it as it is and do not write over it.
    Keep(String),
}

impl Store {
    /// The platform data directory: `$XDG_DATA_HOME/nim-tui/` (or `~/.local/share/nim-tui/`) on
    /// Linux, for everything. The directory is created on the first write, not here.
    pub fn open_default() -> Result<Store, StoreError> {
        let data = crate::paths::data_dir().ok_or(StoreError::NoDataDir)?;
        let state = crate::paths::state_dir().unwrap_or_else(|| data.clone());
        // A game saved by an earlier version in the data directory moves to the state directory,
        // never over one already there (then both are kept, and the log says where).
        match crate::paths::migrate_saved_game(&data, &state) {
            Ok(crate::paths::Migration::Nothing) => {}
            Ok(moved) => tracing::info!("saved game: {moved:?}"),
            Err(e) => tracing::warn!("could not move the saved game to {}: {e}", state.display()),
        }
        Ok(Store::new(data, state))
    }

    /// Statistics and records in `data_dir`, the saved game in `state_dir` (they may be the same).
    pub fn new(data_dir: PathBuf, state_dir: PathBuf) -> Store {
        Store {
            data_dir,
            state_dir,
            stats_protected: OnceLock::new(),
            game_protected: OnceLock::new(),
            claim: Mutex::new(None),
        }
    }

    /// A store with everything in `dir`.
    pub fn at(dir: PathBuf) -> Store {
        Store::new(dir.clone(), dir)
    }

    /// The data directory (statistics and records).
    pub fn dir(&self) -> &Path {
        &self.data_dir
    }

    /// The directory of the saved game.
    pub fn state_dir(&self) -> &Path {
        &self.state_dir
    }

    pub fn stats_path(&self) -> PathBuf {
        self.data_dir.join(STATS_FILE)
    }

    pub fn game_path(&self) -> PathBuf {
        self.state_dir.join(GAME_FILE)
    }

    /// The statistics, fresh if there are none yet. If `stats.json` cannot be read it is moved
    /// aside (or, from a newer nim-tui or not a regular file, left alone and protected) and the
    /// warning naming it is returned with fresh statistics.
    pub fn load_stats(&self) -> (Stats, Option<String>) {
        let lock = self.lock(&self.data_dir, false);
        let out = self.load_stats_unlocked();
        drop(lock);
        out
    }

    fn load_stats_unlocked(&self) -> (Stats, Option<String>) {
        let path = self.stats_path();
        remove_stale_temporaries(&self.data_dir);
        match load_json::<Stats>(&path, STATS_VERSION, |s| s.validate()) {
            Ok(stats) => (stats.unwrap_or_default(), None),
            Err(failure) => {
                let warning =
                    self.set_aside(&path, failure, "fresh statistics are used", &self.stats_protected);
                (Stats::default(), Some(warning))
            }
        }
    }

    /// Writes `stats.json` atomically, under the lock. This replaces whatever another instance
    /// counted meanwhile: to count a game, use [`Store::update_stats`].
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        self.write(&self.data_dir, &self.stats_path(), stats, &self.stats_protected)
    }

    /// Loads the statistics, applies `change` and saves them, all under the lock, so that games
    /// finished at the same moment in several instances are all counted. Returns the new
    /// statistics and any warning from loading.
    pub fn update_stats(
        &self,
        change: impl FnOnce(&mut Stats),
    ) -> Result<(Stats, Option<String>), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        let (mut stats, warning) = self.load_stats_unlocked();
        change(&mut stats);
        self.write(&self.data_dir, &self.stats_path(), &stats, &self.stats_protected)?;
        Ok((stats, warning))
    }

    /// Counts a finished game of Nim (see [`Store::update_stats`]).
    pub fn record_game(&self, mode: Mode, result: GameResult) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| stats.record(mode, result))
    }

    /// Counts a finished game of `game` (see [`Store::update_stats`]).
    pub fn record_game_of(
        &self,
        game: GameKind,
        mode: Mode,
        result: GameResult,
    ) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| stats.record_of(game, mode, result))
    }

    /// Counts a puzzle (see [`Store::update_stats`]).
    pub fn record_puzzle(&self, solved: bool) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| stats.record_puzzle(solved))
    }

    /// Counts the day's puzzle under the lock; see [`Stats::record_daily`].
    pub fn record_daily(&self, day: u64, solved: bool) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| stats.record_daily(day, solved))
    }

    /// The saved game, if there is one that can be resumed; it stays on disk until it is claimed.
    /// If `game.json` cannot be read or fails [`SavedGame::validate`] it is moved aside (or left
    /// alone, see [`Store::load_stats`]) and a warning is returned. A game claimed by an instance
    /// that has since died (killed during play) is put back first, so that it is not lost.
    pub fn load_game(&self) -> (Option<SavedGame>, Option<String>) {
        let lock = self.lock(&self.state_dir, false);
        remove_stale_temporaries(&self.state_dir);
        self.recover_dead_claims();
        let out = self.load_game_unlocked();
        drop(lock);
        out
    }

    fn load_game_unlocked(&self) -> (Option<SavedGame>, Option<String>) {
        let path = self.game_path();
        match load_json::<SavedGame>(&path, SAVED_GAME_VERSION, |g| g.validate().map_err(|e| e.to_string())) {
            Ok(game) => (game, None),
            Err(failure) => {
                let warning =
                    self.set_aside(&path, failure, "no saved game is resumed", &self.game_protected);
                (None, Some(warning))
            }
        }
    }

    /// Claims the saved game `offered` (as [`Store::load_game`] returned it) for this instance,
    /// when the player resumes it: `game.json` is renamed to a name of this process, so no other
    /// instance can resume it too. Only one claim is held; a second replaces nothing.
    pub fn claim_game(&self, offered: &SavedGame) -> Result<(), ClaimError> {
        let _lock = self.lock(&self.state_dir, true)?;
        let path = self.game_path();
        let claimed = self.state_dir.join(format!(".game.claimed-{}-{}.json", std::process::id(), unique()));
        match fs::rename(&path, &claimed) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ClaimError::Taken),
            Err(source) => return Err(StoreError::Write { path, source }.into()),
        }
        let same = load_json::<SavedGame>(&claimed, SAVED_GAME_VERSION, |_| Ok(()))
            .ok()
            .flatten()
            .is_some_and(|g| g == *offered);
        if !same {
            // Another instance saved a different game since this one was offered: put it back.
            let _ = fs::rename(&claimed, &path);
            return Err(ClaimError::Changed);
        }
        let old = self.claim.lock().unwrap_or_else(|e| e.into_inner()).replace(claimed);
        if let Some(old) = old {
            let _ = fs::remove_file(old);
        }
        Ok(())
    }

    /// Whether this instance holds a claimed saved game.
    pub fn has_claim(&self) -> bool {
        self.claim.lock().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// Removes the saved game this instance claimed (it was finished, saved anew or left for
    /// another game); without a claim this does nothing. Never touches `game.json`.
    pub fn release_claim(&self) -> Result<(), StoreError> {
        let claimed = self.claim.lock().unwrap_or_else(|e| e.into_inner()).take();
        match claimed.map(fs::remove_file) {
            None | Some(Ok(())) => Ok(()),
            Some(Err(e)) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Some(Err(source)) => Err(StoreError::Remove { path: self.game_path(), source }),
        }
    }

    /// The old name of [`Store::release_claim`]: clears only the game this instance resumed.
    pub fn clear_game(&self) -> Result<(), StoreError> {
        self.release_claim()
    }

    /// Writes `game.json` atomically and drops this instance's claim, the game having been saved
    /// anew. A game that would not load again (see [`SavedGame::validate`]; a finished game among
    /// them) is refused.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        game.validate()?;
        {
            let _lock = self.lock(&self.state_dir, true)?;
            self.write(&self.state_dir, &self.game_path(), game, &self.game_protected)?;
        }
        self.release_claim()
    }

    /// Where game records are saved.
    pub fn records_dir(&self) -> PathBuf {
        self.data_dir.join("records")
    }

    /// Saves a game record as the first free `records/game-NNNN.txt` and returns its path. The
    /// whole file is written first and then linked to its name, which fails if the name is taken,
    /// so instances saving at the same moment each get their own file.
    pub fn save_record(&self, text: &str) -> Result<PathBuf, StoreError> {
        let dir = self.records_dir();
        fs::create_dir_all(&dir).map_err(|source| StoreError::CreateDir { path: dir.clone(), source })?;
        remove_stale_temporaries(&dir);
        let tmp = dir.join(format!(".record.tmp-{}-{}", std::process::id(), unique()));
        let write_err = |source| StoreError::Write { path: tmp.clone(), source };
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(write_err)?;
        let written = file.write_all(text.as_bytes()).and_then(|()| file.sync_all());
        drop(file);
        if let Err(source) = written {
            let _ = fs::remove_file(&tmp);
            return Err(StoreError::Write { path: tmp, source });
        }
        let result = (|| {
            for n in 1..=9999 {
                let path = dir.join(format!("game-{n:04}.txt"));
                if path.exists() {
                    continue;
                }
                match link_new(&tmp, &path) {
                    Ok(()) => return Ok(path),
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                    Err(source) => return Err(StoreError::Write { path, source }),
                }
            }
            Err(StoreError::Write {
                path: dir.clone(),
                source: io::Error::new(io::ErrorKind::AlreadyExists, "9999 records are already there"),
            })
        })();
        let _ = fs::remove_file(&tmp);
        sync_dir(&tmp);
        result
    }

    /// Takes the lock of `dir`. For a write the directory is created and failing to lock is an
    /// error; for a read (`write` false) a missing directory or lock file just means no lock.
    fn lock(&self, dir: &Path, write: bool) -> Result<Option<fs::File>, StoreError> {
        let path = dir.join(LOCK_FILE);
        if write {
            fs::create_dir_all(dir)
                .map_err(|source| StoreError::CreateDir { path: dir.to_path_buf(), source })?;
        }
        let file = match OpenOptions::new().read(true).write(true).create(write).truncate(false).open(&path) {
            Ok(file) => file,
            Err(_) if !write => return Ok(None),
            Err(source) => return Err(StoreError::Lock { path, source }),
        };
        // Polling with a bound rather than blocking: an instance stopped with the lock held (Ctrl-Z
        // during a save) must not hang this one for ever.
        let end = Instant::now() + LOCK_PATIENCE;
        loop {
            match file.try_lock_exclusive() {
                Ok(true) => return Ok(Some(file)),
                Ok(false) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
                Ok(false) => return Err(StoreError::Locked { path }),
                // A file system without locks: carry on unlocked, as before locks existed.
                Err(e) if e.kind() == io::ErrorKind::Unsupported => return Ok(None),
                Err(source) => return Err(StoreError::Lock { path, source }),
            }
        }
    }

    /// Puts back saved games claimed by instances that are no longer running, when no other game
    /// has been saved since. Called under the state directory's lock.
    fn recover_dead_claims(&self) {
        let Ok(entries) = fs::read_dir(&self.state_dir) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(".game.claimed-")).and_then(pid_of)
            else {
                continue;
            };
            if process_alive(pid) {
                continue;
            }
            let game = self.game_path();
            if !game.exists() {
                let _ = fs::rename(entry.path(), &game);
            }
        }
    }

    /// Moves a bad file aside and words the warning. A file that must be kept (newer version, not
    /// a regular file), or that cannot be moved, is protected: later writes to it are refused
    /// rather than silently destroying it.
    fn set_aside(
        &self,
        path: &Path,
        failure: LoadFailure,
        carrying_on: &str,
        protect: &OnceLock<String>,
    ) -> String {
        let shown = crate::text::path(path);
        // Parser messages quote the file's content ("unknown variant `...`"): escaped and cut
        // short, since the warning is shown on screen and printed.
        let failure = match failure {
            LoadFailure::Bad(r) => LoadFailure::Bad(crate::text::escape_short(&r, REASON_MAX)),
            LoadFailure::Keep(r) => LoadFailure::Keep(crate::text::escape_short(&r, REASON_MAX)),
        };
        match failure {
            LoadFailure::Keep(reason) => {
                let _ = protect.set(reason.clone());
                format!(
                    "{shown}: {reason}; it is left as it is, {carrying_on} and it will not be overwritten"
                )
            }
            LoadFailure::Bad(reason) => match move_aside(path) {
                Ok(new) => format!(
                    "{shown} could not be read ({reason}); it was moved to {} and {carrying_on}",
                    crate::text::path(&new)
                ),
                Err(e) => {
                    let _ = protect.set("it could not be read and could not be moved aside".into());
                    format!(
                        "{shown} could not be read ({reason}) and could not be moved aside ({e}); \
                         {carrying_on} and it will not be overwritten"
                    )
                }
            },
        }
    }

    fn write<T: Serialize>(
        &self,
        dir: &Path,
        path: &Path,
        value: &T,
        protect: &OnceLock<String>,
    ) -> Result<(), StoreError> {
        if let Some(reason) = protect.get() {
            return Err(StoreError::Protected { path: path.to_path_buf(), reason: reason.clone() });
        }
        let mut bytes = serde_json::to_vec_pretty(value)
            .map_err(|source| StoreError::Encode { path: path.to_path_buf(), source })?;
        bytes.push(b'\n');
        fs::create_dir_all(dir)
            .map_err(|source| StoreError::CreateDir { path: dir.to_path_buf(), source })?;
        write_atomic(path, &bytes).map_err(|source| StoreError::Write { path: path.to_path_buf(), source })
    }
}

/// How far the lesson (`nim-tui learn`) got: the step to open at, and which exercises were done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    pub version: u32,
    /// The step to go on from, counting from 0.
    pub step: usize,
    /// Whether each step's exercise was answered right, by step.
    pub done: Vec<bool>,
}

impl Default for LessonProgress {
    fn default() -> Self {
        LessonProgress { version: LESSON_VERSION, step: 0, done: Vec::new() }
    }
}

impl Store {
    /// The lesson's progress: a fresh start when there is none, and also (with a warning) when
    /// the file cannot be used; a damaged progress file is not worth more than that.
    pub fn load_lesson(&self) -> (LessonProgress, Option<String>) {
        let path = self.data_dir.join(LESSON_FILE);
        let check =
            |p: &LessonProgress| if p.done.len() > 1000 { Err("too many steps".to_string()) } else { Ok(()) };
        match load_json::<LessonProgress>(&path, LESSON_VERSION, check) {
            Ok(found) => (found.unwrap_or_default(), None),
            Err(LoadFailure::Bad(why) | LoadFailure::Keep(why)) => (
                LessonProgress::default(),
                Some(format!(
                    "the lesson starts from the beginning: {} cannot be used: {why}",
                    crate::text::path(&path)
                )),
            ),
        }
    }

    /// Keeps the lesson's progress, written atomically.
    pub fn save_lesson(&self, progress: &LessonProgress) -> Result<(), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        let path = self.data_dir.join(LESSON_FILE);
        let unprotected = OnceLock::new();
        self.write(&self.data_dir, &path, progress, &unprotected)
    }
}

/// A number not used before by this process, for unique file names.
fn unique() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    COUNTER.fetch_add(1, Ordering::Relaxed)
}

/// The process id at the start of `<pid>-<n>...`.
fn pid_of(rest: &str) -> Option<u32> {
    rest.split('-').next()?.parse().ok()
}

/// Whether process `pid` is still running. Where this cannot be known, it is assumed to be, so
/// that nothing of a running instance is ever taken from it.
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return true };
        // SAFETY: kill with signal 0 sends nothing; it only checks that the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    true
}

/// Removes temporary files (`.<name>.tmp-<pid>-<n>`) left in `dir` by a save that was killed
/// before it could rename them; those of running instances are left alone.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some((_, rest)) = name.strip_prefix('.').and_then(|n| n.split_once(".tmp-")) else { continue };
        if pid_of(rest).is_some_and(|pid| !process_alive(pid)) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Gives `from`'s content the new name `to`, failing with `AlreadyExists` if `to` exists. A hard
/// link does that atomically; where links are not supported, the content is copied into a file
/// created exclusively.
fn link_new(from: &Path, to: &Path) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            let bytes = fs::read(from)?;
            let mut file = OpenOptions::new().write(true).create_new(true).open(to)?;
            file.write_all(&bytes)?;
            file.sync_all()
        }
    }
}

/// Reads and checks a JSON file, at most [`crate::files::DATA_LIMIT`] bytes of a regular file.
/// `Ok(None)` when there is no file; `Err` says why a file that is there cannot be used. Format
/// versions from 1 to `version` are read; a newer one is to be kept.
fn load_json<T: DeserializeOwned>(
    path: &Path,
    version: u32,
    validate: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Option<T>, LoadFailure> {
    let bytes = match crate::files::read_bounded(path, crate::files::DATA_LIMIT) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        // A directory in the way is moved aside like a corrupt file; a FIFO or a device was put
        // there on purpose and is not ours to move.
        Err(e) if e.kind() == io::ErrorKind::InvalidInput && !path.is_dir() => {
            return Err(LoadFailure::Keep(e.to_string()));
        }
        Err(e) => return Err(LoadFailure::Bad(e.to_string())),
    };
    // The version is looked at before the fields, so that a file from a newer nim-tui is named as
    // such rather than as having unknown fields.
    let value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| LoadFailure::Bad(format!("not valid JSON: {e}")))?;
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if (1..=u64::from(version)).contains(&v) => {}
        Some(v) if v > u64::from(version) => {
            return Err(LoadFailure::Keep(format!(
                "it was written by a newer nim-tui (format version {v}; this one reads up to {version})"
            )));
        }
        Some(v) => return Err(LoadFailure::Bad(format!("format version {v} is not a supported version"))),
        None => return Err(LoadFailure::Bad("no format version".to_string())),
    }
    let parsed: T = serde_json::from_value(value).map_err(|e| LoadFailure::Bad(e.to_string()))?;
    validate(&parsed).map_err(LoadFailure::Bad)?;
    Ok(Some(parsed))
}

/// Renames `path` to `<stem>.corrupt-<unix-seconds>[-n].<ext>` beside it, never over an earlier
/// copy: the new name is first claimed by creating it exclusively, then renamed over.
fn move_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    let is_dir = fs::symlink_metadata(path)?.is_dir();
    for n in 1..1000u32 {
        let suffix = if n == 1 { String::new() } else { format!("-{n}") };
        let target = path.with_file_name(format!("{stem}.corrupt-{secs}{suffix}{ext}"));
        // A directory can only be renamed over an empty directory, a file over a file.
        let claimed = if is_dir {
            fs::create_dir(&target)
        } else {
            OpenOptions::new().write(true).create_new(true).open(&target).map(drop)
        };
        match claimed {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        return match fs::rename(path, &target) {
            Ok(()) => Ok(target),
            Err(e) => {
                let _ = if is_dir { fs::remove_dir(&target) } else { fs::remove_file(&target) };
                Err(e)
            }
        };
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "too many corrupt copies with this timestamp"))
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk and renames it into place,
/// so a reader (or a crash) sees either the old file or the new one, never half of one. The
/// temporary name carries the process id, so that one left by a killed process can be recognised
/// and removed (see `remove_stale_temporaries`).
fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}-{}", std::process::id(), unique()));
    let result = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    sync_dir(path);
    Ok(())
}

/// Flushes the directory entry of a rename to disk where the platform allows it. Failing here
/// only weakens durability after a power cut, never the file's content, so it is not an error.
fn sync_dir(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let _ = fs::File::open(dir).and_then(|d| d.sync_all());
    }
    #[cfg(not(unix))]
    let _ = path;
}
