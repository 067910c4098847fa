//! Statistics, the saved game and game records on disk, shared safely between instances: files
//! written atomically under an advisory lock, read with a size limit, and moved aside (never
//! overwritten) when they cannot be read.
//!
//! Statistics (`stats.json`) and records (`records/`) live in the data directory
//! (`$XDG_DATA_HOME/nim-tui/` on Linux); the saved game (`game.json`) may live in another directory
//! (see [`Store::new`]).
//!
//! - Every write goes to a temporary file with a random name in the target's directory (the
//!   `tempfile` crate), is flushed to disk and then renamed over the old file, and the directory is
//!   flushed too, so a crash mid-write leaves the old file whole. A file that is a symbolic link (into
//!   a synced folder, say) is written through: its target is replaced and the link stays. Temporary
//!   files left by a killed save never stand in the way of a new one (their names are random) and
//!   are removed once they are stale (see `remove_stale_temporaries`).
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
//!   and is not written over for the rest of the run; so is a saved game of a game this version does
//!   not play, or whose heaps or mode do not fit its game (see [`SavedGame::validate`]). A missing
//!   file is fresh data and no warning.
//! - What a newer nim-tui added is kept: the statistics of a game this version does not know, and
//!   members of `stats.json` and `lesson.json` it does not read, are written back unchanged on every
//!   save (see `overlay`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fs4::fs_std::FileExt as _;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::domain::{History, Level, Names, Players, check_heaps_for, check_start_heaps};
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
/// The members of `game.json` this version reads; a file with another was written by a newer one.
const SAVED_GAME_FIELDS: [&str; 12] = [
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
/// How old a temporary file must be before it is removed as left by a killed save. A save takes
/// milliseconds; one stopped for longer than this (Ctrl-Z in the middle of it) finds its
/// temporary file gone, fails, and leaves the old file whole.
const STALE_AFTER: Duration = Duration::from_secs(3600);
/// The end of every temporary file's name: `.stats.json.<random>.tmp`.
const TEMP_SUFFIX: &str = ".tmp";
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
    #[error(
        "cannot create the directory {}: {}",
        crate::text::path(path),
        crate::paths::why_not(path, source)
    )]
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
#[serde(try_from = "StatsFields")]
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
    /// The names of games in the file that this nim-tui does not play (written by a newer one),
    /// sorted. Their figures are not read: they stay in the file, written back unchanged on every
    /// save, and are not in `games` or the totals.
    #[serde(skip)]
    pub other_games: Vec<String>,
}

/// `stats.json` as read: each game's figures are read only when this version knows its name.
#[derive(Deserialize)]
struct StatsFields {
    version: u32,
    normal: ModeStats,
    misere: ModeStats,
    puzzle: PuzzleStats,
    #[serde(default)]
    games: BTreeMap<String, serde_json::Value>,
}

impl TryFrom<StatsFields> for Stats {
    type Error = String;

    fn try_from(fields: StatsFields) -> Result<Self, String> {
        let mut games = BTreeMap::new();
        let mut other_games = Vec::new();
        for (name, figures) in fields.games {
            // Only the name is read: building a game's tables is for playing it.
            let known = GameKind::parse_name(&name).is_ok_and(|k| k != GameKind::Nim && k.name() == name);
            if !known {
                other_games.push(name);
                continue;
            }
            let figures: GameStats =
                serde_json::from_value(figures).map_err(|e| format!("games: {name}: {e}"))?;
            games.insert(name, figures);
        }
        Ok(Stats {
            version: fields.version,
            normal: fields.normal,
            misere: fields.misere,
            puzzle: fields.puzzle,
            games,
            other_games,
        })
    }
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
            other_games: Vec::new(),
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
            let kind = GameKind::parse_name(name).map_err(|e| format!("games: {e}"))?;
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
    if !stats.other_games.is_empty() {
        let names: Vec<String> =
            stats.other_games.iter().take(10).map(|n| crate::text::escape_short(n, 40)).collect();
        let more = stats.other_games.len().saturating_sub(names.len());
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let _ = writeln!(
            out,
            "Kept as they are, not counted here: the figures of games this nim-tui does not play ({}{more}).",
            names.join(", ")
        );
    }
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
    /// The game is known, but not as saved: a mode it has no form of, or heaps it is not played
    /// on (perhaps a newer nim-tui's; this one would never move).
    #[error("{game} cannot be resumed as saved: {problem}")]
    Misfit { game: String, problem: String },
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

impl SavedGameError {
    /// Whether the file is to be left as it is rather than moved aside: a game this version does
    /// not play, or not in this form, may well be a newer version's, and is kept for it.
    fn keep(&self) -> bool {
        matches!(self, SavedGameError::UnknownGame(_) | SavedGameError::Misfit { .. })
    }
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
        check_start_heaps(&self.start_heaps)?;
        // Checked as a new game's start is: a game whose heaps or mode do not fit it would be
        // offered and then never move.
        let misfit = |problem: String| SavedGameError::Misfit { game: kind.title(), problem };
        let rules = Ruleset::checked(kind, self.mode).map_err(|e| misfit(e.to_string()))?;
        check_heaps_for(kind, &self.start_heaps).map_err(misfit)?;
        rules.check_position(&Position::new(self.start_heaps.clone())).map_err(|e| misfit(e.to_string()))?;
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
    lesson_protected: OnceLock<String>,
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
            lesson_protected: OnceLock::new(),
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
    ///
    /// When the data directory cannot be made (`$HOME` is a file, say), the warning says so: the
    /// statistics are fresh and nothing will be saved, and the game is played all the same.
    pub fn load_stats(&self) -> (Stats, Option<String>) {
        let lock = self.lock(&self.data_dir, false);
        let (stats, warning, _) = self.load_stats_unlocked();
        drop(lock);
        let warning = warning.or_else(|| {
            crate::paths::unusable(&self.data_dir).map(|why| {
                format!(
                    "{} cannot hold nim-tui's files ({why}): statistics, records and lesson progress are \
                     not saved",
                    crate::text::path(&self.data_dir)
                )
            })
        });
        (stats, warning)
    }

    /// The statistics with the file's JSON as read, whose members this version does not read are
    /// written back (see `overlay`).
    fn load_stats_unlocked(&self) -> (Stats, Option<String>, Option<serde_json::Value>) {
        let path = self.stats_path();
        remove_stale_temporaries(&self.data_dir);
        match load_json::<Stats>(&path, STATS_VERSION, |s| s.validate().map_err(LoadFailure::Bad)) {
            Ok(Some((stats, raw))) => (stats, None, Some(raw)),
            Ok(None) => (Stats::default(), None, None),
            Err(failure) => {
                let warning =
                    self.set_aside(&path, failure, "fresh statistics are used", &self.stats_protected);
                (Stats::default(), Some(warning), None)
            }
        }
    }

    /// Writes `stats.json` atomically, under the lock. This replaces whatever another instance
    /// counted meanwhile: to count a game, use [`Store::update_stats`]. What the file holds that
    /// this version does not read (another game's figures) is kept.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        let path = self.stats_path();
        let raw = read_json(&path, STATS_VERSION).ok().flatten();
        self.write(&self.data_dir, &path, stats, &self.stats_protected, raw.as_ref())
    }

    /// Loads the statistics, applies `change` and saves them, all under the lock, so that games
    /// finished at the same moment in several instances are all counted. Returns the new
    /// statistics and any warning from loading.
    pub fn update_stats(
        &self,
        change: impl FnOnce(&mut Stats),
    ) -> Result<(Stats, Option<String>), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        let (mut stats, warning, raw) = self.load_stats_unlocked();
        change(&mut stats);
        self.write(&self.data_dir, &self.stats_path(), &stats, &self.stats_protected, raw.as_ref())?;
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
    ///
    /// A saved game of a game this version does not play, or whose heaps or mode do not fit its
    /// game, or with members this version does not know, is not offered and is left where it is,
    /// protected like a newer version's file: perhaps a newer nim-tui wrote it, and will resume it.
    /// When the state directory cannot be made, the warning says that a game will not be saved.
    pub fn load_game(&self) -> (Option<SavedGame>, Option<String>) {
        let lock = self.lock(&self.state_dir, false);
        remove_stale_temporaries(&self.state_dir);
        self.recover_dead_claims();
        let (game, warning) = self.load_game_unlocked();
        drop(lock);
        let warning = warning.or_else(|| {
            crate::paths::unusable(&self.state_dir).map(|why| {
                format!(
                    "{} cannot hold nim-tui's files ({why}): an unfinished game is not saved",
                    crate::text::path(&self.state_dir)
                )
            })
        });
        (game, warning)
    }

    fn load_game_unlocked(&self) -> (Option<SavedGame>, Option<String>) {
        let path = self.game_path();
        let check = |raw: &serde_json::Value| -> Result<(), LoadFailure> {
            let unknown = raw
                .as_object()
                .and_then(|fields| fields.keys().find(|k| !SAVED_GAME_FIELDS.contains(&k.as_str())));
            match unknown {
                Some(name) => Err(LoadFailure::Keep(format!(
                    "it holds '{}', which this nim-tui does not know (a newer nim-tui may have written it)",
                    crate::text::escape_short(name, crate::text::ECHO_MAX)
                ))),
                None => Ok(()),
            }
        };
        let loaded = read_json(&path, SAVED_GAME_VERSION).and_then(|raw| match raw {
            Some(raw) => {
                check(&raw)?;
                let game = SavedGame::deserialize(&raw).map_err(|e| LoadFailure::Bad(e.to_string()))?;
                game.validate().map_err(|e| {
                    if e.keep() { LoadFailure::Keep(e.to_string()) } else { LoadFailure::Bad(e.to_string()) }
                })?;
                Ok(Some(game))
            }
            None => Ok(None),
        });
        match loaded {
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
        // Through a symbolic link, the target is claimed (beside it), so that the link is still
        // there for the next save.
        let target = resolve_links(&path).unwrap_or_else(|_| path.clone());
        let write_err = |source| StoreError::Write { path: path.clone(), source };
        // The claimed name is first created, empty and exclusively, with a random part: it can be
        // neither another claim nor one left by an earlier process that had this process's id.
        let claimed = tempfile::Builder::new()
            .prefix(&format!(".game.claimed-{}-", std::process::id()))
            .suffix(".json")
            .rand_bytes(10)
            .tempfile_in(parent_of(&target))
            .map_err(write_err)?
            .into_temp_path()
            .keep()
            .map_err(|e| write_err(e.error))?;
        match fs::rename(&target, &claimed) {
            Ok(()) => {}
            Err(e) => {
                let _ = fs::remove_file(&claimed);
                return Err(match e.kind() {
                    io::ErrorKind::NotFound => ClaimError::Taken,
                    _ => write_err(e).into(),
                });
            }
        }
        let same = read_json(&claimed, SAVED_GAME_VERSION)
            .ok()
            .flatten()
            .and_then(|raw| SavedGame::deserialize(&raw).ok())
            .is_some_and(|g| g == *offered);
        if !same {
            // Another instance saved a different game since this one was offered: put it back.
            let _ = fs::rename(&claimed, &target);
            return Err(ClaimError::Changed);
        }
        held_claims().push(claimed.clone());
        let old = self.claim.lock().unwrap_or_else(|e| e.into_inner()).replace(claimed);
        if let Some(old) = old {
            let _ = fs::remove_file(&old);
            held_claims().retain(|p| *p != old);
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
        if let Some(claimed) = &claimed {
            held_claims().retain(|p| p != claimed);
        }
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
            self.write(&self.state_dir, &self.game_path(), game, &self.game_protected, None)?;
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
        let write_err = |source| StoreError::Write { path: dir.clone(), source };
        // Removed when dropped, at the end of this function, whatever happens.
        let mut tmp = temporary(&dir, ".record.", None).map_err(write_err)?;
        tmp.write_all(text.as_bytes()).and_then(|()| tmp.as_file().sync_all()).map_err(write_err)?;
        let result = (|| {
            for n in 1..=9999 {
                let path = dir.join(format!("game-{n:04}.txt"));
                if path.exists() {
                    continue;
                }
                match link_new(tmp.path(), &path) {
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
        drop(tmp);
        sync_dir(&dir.join(GAME_FILE));
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
    /// A claim with this process's id that this process does not hold was left by an earlier
    /// process that had the same id. Claims are looked for beside the saved game's target too,
    /// where a `game.json` that is a symbolic link has its claims.
    fn recover_dead_claims(&self) {
        let game = self.game_path();
        let target = resolve_links(&game).unwrap_or_else(|_| game.clone());
        let mut dirs = vec![self.state_dir.clone()];
        if parent_of(&target) != self.state_dir {
            dirs.push(parent_of(&target).to_path_buf());
        }
        for dir in dirs {
            let Ok(entries) = fs::read_dir(&dir) else { continue };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(".game.claimed-")).and_then(pid_of)
                else {
                    continue;
                };
                let alive = if pid == std::process::id() {
                    held_claims().contains(&entry.path())
                } else {
                    process_alive(pid)
                };
                if !alive && !target.exists() {
                    let _ = fs::rename(entry.path(), &target);
                }
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

    /// Writes `value` to `path` atomically, unless the file is protected. `raw` is the file as it
    /// was read: what it holds that `value` does not (a newer version's additions) is kept.
    fn write<T: Serialize>(
        &self,
        dir: &Path,
        path: &Path,
        value: &T,
        protect: &OnceLock<String>,
        raw: Option<&serde_json::Value>,
    ) -> Result<(), StoreError> {
        if let Some(reason) = protect.get() {
            return Err(StoreError::Protected { path: path.to_path_buf(), reason: reason.clone() });
        }
        let encode = |source| StoreError::Encode { path: path.to_path_buf(), source };
        let kept = match raw {
            Some(raw) => overlay(raw, serde_json::to_value(value).map_err(encode)?),
            None => None,
        };
        // Without additions to keep, the value is written as itself, its members in their order.
        let mut bytes = match kept {
            Some(merged) => serde_json::to_vec_pretty(&merged),
            None => serde_json::to_vec_pretty(value),
        }
        .map_err(encode)?;
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
        let check = |p: &LessonProgress| {
            if p.done.len() > 1000 { Err(LoadFailure::Bad("too many steps".to_string())) } else { Ok(()) }
        };
        match load_json::<LessonProgress>(&path, LESSON_VERSION, check) {
            Ok(found) => (found.map(|(progress, _)| progress).unwrap_or_default(), None),
            // A newer nim-tui's progress is not written over (see `save_lesson`).
            Err(LoadFailure::Keep(why)) => {
                let _ = self.lesson_protected.set(why.clone());
                (
                    LessonProgress::default(),
                    Some(format!(
                        "the lesson starts from the beginning: {} cannot be used: {why}; it is left as it is \
                         and it will not be overwritten",
                        crate::text::path(&path)
                    )),
                )
            }
            Err(LoadFailure::Bad(why)) => (
                LessonProgress::default(),
                Some(format!(
                    "the lesson starts from the beginning: {} cannot be used: {why}",
                    crate::text::path(&path)
                )),
            ),
        }
    }

    /// Keeps the lesson's progress, written atomically; what the file holds that this version
    /// does not read is kept. A file from a newer nim-tui found by [`Store::load_lesson`] is not
    /// written over.
    pub fn save_lesson(&self, progress: &LessonProgress) -> Result<(), StoreError> {
        let _lock = self.lock(&self.data_dir, true)?;
        let path = self.data_dir.join(LESSON_FILE);
        let raw = read_json(&path, LESSON_VERSION).ok().flatten();
        self.write(&self.data_dir, &path, progress, &self.lesson_protected, raw.as_ref())
    }
}

/// The claims this process holds, whatever `Store` made them: a claim with this process's id that
/// is not among them was left by an earlier process with the same id.
fn held_claims() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    static HELD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    // A poisoned lock only means a thread panicked while holding it; the list is still whole.
    HELD.lock().unwrap_or_else(|e| e.into_inner())
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

/// Removes temporary files left in `dir` by saves that were killed before they could rename them.
/// They are in the way of nothing (a new save picks a random name), so only those surely stale
/// go: any older than [`STALE_AFTER`], and those of earlier versions (`.<name>.tmp-<pid>-<n>`)
/// whose process is gone. A running instance's temporary file is never taken from it.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.starts_with('.') {
            continue;
        }
        let old_style = name.split_once(".tmp-").map(|(_, rest)| rest);
        if old_style.is_none() && !name.ends_with(TEMP_SUFFIX) {
            continue;
        }
        let dead = old_style.and_then(pid_of).is_some_and(|pid| !process_alive(pid));
        let old = entry
            .metadata()
            .ok()
            .filter(fs::Metadata::is_file)
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if dead || old {
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

/// Reads a JSON file this version may read: at most [`crate::files::DATA_LIMIT`] bytes of a
/// regular file, with a format version from 1 to `version`. `Ok(None)` when there is no file (or no
/// directory on the way to it); `Err` says why a file that is there cannot be used, and whether to
/// keep it (a newer version's).
fn read_json(path: &Path, version: u32) -> Result<Option<serde_json::Value>, LoadFailure> {
    let bytes = match crate::files::read_bounded(path, crate::files::DATA_LIMIT) {
        Ok(bytes) => bytes,
        Err(e) if crate::paths::not_there(path, &e) => return Ok(None),
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
    Ok(Some(value))
}

/// Reads and checks a JSON file (see [`read_json`]), and returns it with the JSON it was read
/// from, whose members `T` does not read are kept when it is written again.
fn load_json<T: DeserializeOwned>(
    path: &Path,
    version: u32,
    validate: impl FnOnce(&T) -> Result<(), LoadFailure>,
) -> Result<Option<(T, serde_json::Value)>, LoadFailure> {
    let Some(raw) = read_json(path, version)? else { return Ok(None) };
    let parsed = T::deserialize(&raw).map_err(|e| LoadFailure::Bad(e.to_string()))?;
    validate(&parsed)?;
    Ok(Some((parsed, raw)))
}

/// `new` laid over `raw`, the file as it was read: members of `raw` that `new` lacks (written by a
/// newer version: another game's figures, a setting) are kept, at every depth; everything `new`
/// holds replaces what was there. `None` when nothing is kept, so that `new` is written as it is.
fn overlay(raw: &serde_json::Value, new: serde_json::Value) -> Option<serde_json::Value> {
    fn lay(base: &mut serde_json::Value, new: serde_json::Value) {
        match (base, new) {
            (serde_json::Value::Object(base), serde_json::Value::Object(new)) => {
                for (key, value) in new {
                    match base.get_mut(&key) {
                        Some(old) => lay(old, value),
                        None => {
                            base.insert(key, value);
                        }
                    }
                }
            }
            (base, new) => *base = new,
        }
    }
    let mut merged = raw.clone();
    lay(&mut merged, new.clone());
    (merged != new).then_some(merged)
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

/// Writes `bytes` to a temporary file beside the file `path` names, flushes it to disk, renames it
/// into place and flushes the directory, so a reader (or a crash) sees either the old file or the
/// new one, never half of one. When `path` is a symbolic link, its target is what is replaced, and
/// the link stays. The temporary file's name is random, so a leftover of a killed save is never in
/// the way; it is removed if anything fails. The file keeps its permissions.
fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_links(path)?;
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let permissions = fs::metadata(&target).ok().map(|m| m.permissions());
    let mut file = temporary(parent_of(&target), &format!(".{name}."), permissions)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(&target).map_err(|e| e.error)?;
    sync_dir(&target);
    Ok(())
}

/// A new temporary file in `dir` named `<prefix><random>.tmp`, created exclusively, with
/// `permissions` (where the platform has them) or else those a new file gets (0666 less the
/// umask), and removed when dropped unless persisted.
fn temporary(
    dir: &Path,
    prefix: &str,
    permissions: Option<fs::Permissions>,
) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(TEMP_SUFFIX).rand_bytes(12);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(permissions.unwrap_or_else(|| fs::Permissions::from_mode(0o666)));
    }
    #[cfg(not(unix))]
    let _ = permissions;
    builder.tempfile_in(dir)
}

/// The file a write to `path` replaces: `path` itself, or, when it is a symbolic link (a chain of
/// them), the file it leads to, which need not exist yet. Relative links are read from the link's
/// directory, as the system reads them.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // As many links as Linux follows before it gives up (ELOOP).
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = parent_of(&current).join(link);
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!("{}: too many levels of symbolic links", path.display())))
}

/// The directory a file named by `path` is in (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
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
