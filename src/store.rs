//! Statistics and the saved game: JSON files in the data directory, written atomically, and moved
//! aside (never overwritten) when they cannot be read.
//!
//! Two files live in the data directory (`$XDG_DATA_HOME/nim-tui/` on Linux):
//!
//! - `stats.json`: games played, won and lost per mode, winning streaks, and the puzzle streak.
//! - `game.json`: the game in progress, so that it can be resumed after quitting.
//!
//! Every write goes to a temporary file in the same directory, is flushed to disk and then renamed
//! over the old file, so a crash mid-write leaves the old file whole. A file that cannot be read,
//! parsed or validated is renamed to `<stem>.corrupt-<unix-seconds>.json` (with `-2`, `-3`, ...
//! added if that name is taken) and the loader returns fresh data with a warning for the caller
//! to show. Because the bad file has been moved, the warning is given once. A missing file is
//! not an error: it means fresh data and no warning.

use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::app::{Level, check_start_heaps};
use crate::engine::{Mode, Take, Position};

/// The statistics file's name in the data directory.
pub const STATS_FILE: &str = "stats.json";
/// The saved game's file name in the data directory.
pub const GAME_FILE: &str = "game.json";
/// The format version written to `stats.json`; a file with another version is not read.
pub const STATS_VERSION: u32 = 1;
/// The format version written to `game.json`; a file with another version is not read.
pub const SAVED_GAME_VERSION: u32 = 1;

/// What can go wrong when finding the data directory or writing to it. Reading never fails:
/// a file that cannot be read is moved aside and reported as a warning instead.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no data directory for nim-tui could be found: is $HOME set?")]
    NoDataDir,
    #[error("cannot create the data directory {path}: {source}")]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("cannot write {path}: {source}")]
    Write { path: PathBuf, source: io::Error },
    #[error("cannot remove {path}: {source}")]
    Remove { path: PathBuf, source: io::Error },
    #[error("cannot encode {path}: {source}")]
    Encode { path: PathBuf, source: serde_json::Error },
    /// Refusing to overwrite a file that could be neither read nor moved aside.
    #[error("not overwriting {path}: it could not be read and could not be moved aside")]
    Protected { path: PathBuf },
    #[error("not saving the game: {0}")]
    InvalidGame(#[from] SavedGameError),
}

/// The result of one finished game, for [`Stats::record`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the player won.
    pub won: bool,
    /// Whether the player had help: used undo, or played an AI weaker than `Level::Perfect`.
    /// Only meaningful for a win.
    pub assisted: bool,
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
}

impl ModeStats {
    fn record(&mut self, result: GameResult) {
        self.played = self.played.saturating_add(1);
        if !result.won {
            self.lost = self.lost.saturating_add(1);
            self.current_streak = 0;
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
        Ok(())
    }
}

/// Everything in `stats.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub normal: ModeStats,
    pub misere: ModeStats,
    pub puzzle: PuzzleStats,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            normal: ModeStats::default(),
            misere: ModeStats::default(),
            puzzle: PuzzleStats::default(),
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
    /// Counts a finished game under `mode`.
    pub fn record(&mut self, mode: Mode, result: GameResult) {
        self.mode_mut(mode).record(result);
    }

    /// Counts a puzzle: solved extends the puzzle streak, failed ends it.
    pub fn record_puzzle(&mut self, solved: bool) {
        let p = &mut self.puzzle;
        p.attempted = p.attempted.saturating_add(1);
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

    /// Played, won and lost summed over both modes. Streaks are per mode and are not summed.
    pub fn totals(&self) -> Totals {
        let (n, m) = (&self.normal, &self.misere);
        Totals {
            played: n.played.saturating_add(m.played),
            won: n.won.saturating_add(m.won),
            lost: n.lost.saturating_add(m.lost),
            assisted_wins: n.assisted_wins.saturating_add(m.assisted_wins),
        }
    }

    /// Checks that a loaded file makes sense.
    pub fn validate(&self) -> Result<(), String> {
        if self.version != STATS_VERSION {
            return Err(format!("version {} is not the supported version {STATS_VERSION}", self.version));
        }
        for mode in Mode::ALL {
            self.mode(mode).check().map_err(|e| format!("{mode}: {e}"))?;
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
            "{name:<12} {:>7} {:>7} {:>7} {:>9} {:>7} {:>7}",
            s.played, s.won, s.lost, s.assisted_wins, s.current_streak, s.best_streak
        );
    };
    let _ = writeln!(
        out,
        "{:<12} {:>7} {:>7} {:>7} {:>9} {:>7} {:>7}",
        "", "played", "won", "lost", "assisted", "streak", "best"
    );
    row(&mut out, Mode::Normal.title(), &stats.normal);
    row(&mut out, Mode::Misere.title(), &stats.misere);
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
        "Assisted wins (with undo, or against an AI weaker than perfect) count as wins but not in streaks."
    );
    out
}

/// One of the two players: the game's own `Side`, saved as `"you"` or `"ai"`.
pub use crate::app::Side as Player;

/// A move in a saved game. `heap` counts from 1, as players see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMove {
    pub by: Player,
    pub heap: usize,
    pub take: u64,
}

impl SavedMove {
    /// Records `mv` (heap counted from 0) played by `by`.
    pub fn new(by: Player, mv: Take) -> Self {
        SavedMove { by, heap: mv.number(), take: mv.take }
    }

    /// The engine's move (heap counted from 0), or `None` for heap 0, which does not exist.
    pub fn to_move(self) -> Option<Take> {
        self.heap.checked_sub(1).map(|heap| Take::new(heap, self.take))
    }
}

/// A game in progress, as kept in `game.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub version: u32,
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

/// Why a saved game cannot be resumed. Heaps and moves are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedGameError {
    #[error("version {0} is not the supported version {SAVED_GAME_VERSION}")]
    Version(u32),
    #[error("the starting heaps cannot start a game: {0}")]
    StartHeaps(#[from] crate::app::StartHeapsError),
    #[error("{heaps} current heaps but {start} starting heaps")]
    HeapCount { heaps: usize, start: usize },
    #[error("heap {number} holds {holds} tokens but started with {start}")]
    HeapGrew { number: usize, holds: u64, start: u64 },
    #[error("move {index} ({take} from heap {heap}) cannot be played: {reason}")]
    BadMove { index: usize, heap: usize, take: u64, reason: String },
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

    /// The current heaps as an engine position.
    pub fn position(&self) -> Position {
        Position::new(self.heaps.clone())
    }

    /// Checks everything a resumed game relies on: the starting heaps could start a game, the
    /// moves replayed from them are legal, alternate between the players and give the current
    /// heaps, the turn follows the last move, and the game is not over.
    pub fn validate(&self) -> Result<(), SavedGameError> {
        if self.version != SAVED_GAME_VERSION {
            return Err(SavedGameError::Version(self.version));
        }
        check_start_heaps(&self.start_heaps)?;
        if self.heaps.len() != self.start_heaps.len() {
            return Err(SavedGameError::HeapCount { heaps: self.heaps.len(), start: self.start_heaps.len() });
        }
        for (i, (&holds, &start)) in self.heaps.iter().zip(&self.start_heaps).enumerate() {
            if holds > start {
                return Err(SavedGameError::HeapGrew { number: i + 1, holds, start });
            }
        }
        let mut position = Position::new(self.start_heaps.clone());
        let mut previous: Option<Player> = None;
        for (i, saved) in self.moves.iter().enumerate() {
            let index = i + 1;
            let bad = |reason: String| SavedGameError::BadMove {
                index,
                heap: saved.heap,
                take: saved.take,
                reason,
            };
            let mv = saved.to_move().ok_or_else(|| bad("heaps are numbered from 1".to_string()))?;
            position.apply(mv).map_err(|e| bad(e.to_string()))?;
            if previous == Some(saved.by) {
                return Err(SavedGameError::SameMover { index, by: saved.by });
            }
            previous = Some(saved.by);
        }
        if previous == Some(self.turn) {
            return Err(SavedGameError::WrongTurn { turn: self.turn });
        }
        if position.heaps() != self.heaps.as_slice() {
            return Err(SavedGameError::Mismatch {
                replayed: position.heaps().to_vec(),
                saved: self.heaps.clone(),
            });
        }
        if position.is_over() {
            return Err(SavedGameError::Over);
        }
        Ok(())
    }
}

/// The data directory and the files in it.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    /// Set when the file could be neither read nor moved aside, so that saving does not destroy it.
    stats_protected: AtomicBool,
    game_protected: AtomicBool,
}

impl Store {
    /// The platform data directory: `$XDG_DATA_HOME/nim-tui/` (or `~/.local/share/nim-tui/`) on
    /// Linux. The directory is created on the first write, not here.
    pub fn open_default() -> Result<Store, StoreError> {
        let dirs = directories::ProjectDirs::from("", "", "nim-tui").ok_or(StoreError::NoDataDir)?;
        Ok(Store::at(dirs.data_dir().to_path_buf()))
    }

    /// A store in `dir`, for tests and for a data directory chosen elsewhere.
    pub fn at(dir: PathBuf) -> Store {
        Store { dir, stats_protected: AtomicBool::new(false), game_protected: AtomicBool::new(false) }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    pub fn game_path(&self) -> PathBuf {
        self.dir.join(GAME_FILE)
    }

    /// The statistics, fresh if there are none yet. If `stats.json` cannot be read it is moved
    /// aside and the warning (naming both files) is returned with fresh statistics.
    pub fn load_stats(&self) -> (Stats, Option<String>) {
        let path = self.stats_path();
        match load_json::<Stats>(&path, STATS_VERSION, |s| s.validate()) {
            Ok(stats) => (stats.unwrap_or_default(), None),
            Err(reason) => {
                let warning =
                    self.set_aside(&path, &reason, "fresh statistics are used", &self.stats_protected);
                (Stats::default(), Some(warning))
            }
        }
    }

    /// Writes `stats.json` atomically.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        self.write(&self.stats_path(), stats, &self.stats_protected)
    }

    /// Loads the statistics, counts `result` and saves them at once, so that two games running
    /// side by side both get counted. Returns the new statistics and any warning from loading.
    pub fn record_game(&self, mode: Mode, result: GameResult) -> Result<(Stats, Option<String>), StoreError> {
        let (mut stats, warning) = self.load_stats();
        stats.record(mode, result);
        self.save_stats(&stats)?;
        Ok((stats, warning))
    }

    /// The saved game, if there is one that can be resumed. If `game.json` cannot be read or
    /// fails [`SavedGame::validate`] it is moved aside and a warning is returned.
    pub fn load_game(&self) -> (Option<SavedGame>, Option<String>) {
        let path = self.game_path();
        match load_json::<SavedGame>(&path, SAVED_GAME_VERSION, |g| g.validate().map_err(|e| e.to_string())) {
            Ok(game) => (game, None),
            Err(reason) => {
                let warning =
                    self.set_aside(&path, &reason, "no saved game is resumed", &self.game_protected);
                (None, Some(warning))
            }
        }
    }

    /// Writes `game.json` atomically. A game that would not load again (see
    /// [`SavedGame::validate`]; a finished game among them) is refused: clear it instead.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        game.validate()?;
        self.write(&self.game_path(), game, &self.game_protected)
    }

    /// Where game records are saved.
    pub fn records_dir(&self) -> PathBuf {
        self.dir.join("records")
    }

    /// Saves a game record as the first free `records/game-NNNN.txt` and returns its path.
    pub fn save_record(&self, text: &str) -> Result<PathBuf, StoreError> {
        let dir = self.records_dir();
        fs::create_dir_all(&dir).map_err(|source| StoreError::CreateDir { path: dir.clone(), source })?;
        let path = (1..=9999)
            .map(|n| dir.join(format!("game-{n:04}.txt")))
            .find(|p| !p.exists())
            .ok_or_else(|| StoreError::Write {
                path: dir.clone(),
                source: io::Error::new(io::ErrorKind::AlreadyExists, "9999 records are already there"),
            })?;
        write_atomic(&path, text.as_bytes())
            .map_err(|source| StoreError::Write { path: path.clone(), source })?;
        Ok(path)
    }

    /// Removes the saved game; there being none is fine.
    pub fn clear_game(&self) -> Result<(), StoreError> {
        let path = self.game_path();
        if self.game_protected.load(Ordering::Relaxed) {
            return Err(StoreError::Protected { path });
        }
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(StoreError::Remove { path, source }),
        }
    }

    /// Moves a bad file aside and words the warning. If it cannot be moved, later writes to it
    /// are refused rather than silently destroying it.
    fn set_aside(&self, path: &Path, reason: &str, carrying_on: &str, protect: &AtomicBool) -> String {
        match move_aside(path) {
            Ok(new) => format!(
                "{} could not be read ({reason}); it was moved to {} and {carrying_on}",
                path.display(),
                new.display()
            ),
            Err(e) => {
                protect.store(true, Ordering::Relaxed);
                format!(
                    "{} could not be read ({reason}) and could not be moved aside ({e}); \
                     {carrying_on} and it will not be overwritten",
                    path.display()
                )
            }
        }
    }

    fn write<T: Serialize>(&self, path: &Path, value: &T, protect: &AtomicBool) -> Result<(), StoreError> {
        if protect.load(Ordering::Relaxed) {
            return Err(StoreError::Protected { path: path.to_path_buf() });
        }
        let mut bytes = serde_json::to_vec_pretty(value)
            .map_err(|source| StoreError::Encode { path: path.to_path_buf(), source })?;
        bytes.push(b'\n');
        fs::create_dir_all(&self.dir)
            .map_err(|source| StoreError::CreateDir { path: self.dir.clone(), source })?;
        write_atomic(path, &bytes).map_err(|source| StoreError::Write { path: path.to_path_buf(), source })
    }
}

/// Reads and checks a JSON file. `Ok(None)` when there is no file; `Err` says why a file that is
/// there cannot be used.
fn load_json<T: DeserializeOwned>(
    path: &Path,
    version: u32,
    validate: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Option<T>, String> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    // The version is looked at before the fields, so that a file from a newer nim-tui is named as
    // such rather than as having unknown fields.
    let value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("not valid JSON: {e}"))?;
    match value.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(version) => {}
        Some(v) => return Err(format!("format version {v} is not the supported version {version}")),
        None => return Err("no format version".to_string()),
    }
    let parsed: T = serde_json::from_value(value).map_err(|e| e.to_string())?;
    validate(&parsed)?;
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
/// so a reader (or a crash) sees either the old file or the new one, never half of one.
fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_file_name(format!(".{name}.tmp-{}-{count}", std::process::id()));
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
