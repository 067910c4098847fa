//! Statistics, the saved game, the lesson's progress and game records on disk, shared safely
//! between instances: files written atomically under an advisory lock, read with a size limit, and
//! moved aside (never overwritten) when they cannot be read. What the files hold is plain data of
//! `domain` ([`Stats`], [`SavedGame`], [`LessonProgress`]); this module only keeps it.
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

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fs4::fs_std::FileExt as _;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::domain::{
    GameResult, LESSON_VERSION, LessonProgress, SAVED_GAME_FIELDS, SAVED_GAME_VERSION, STATS_VERSION,
    SavedGame, SavedGameError, Stats,
};
use crate::engine::{GameKind, Mode};
use crate::i18n::Language;

/// The statistics file's name in the data directory.
pub const STATS_FILE: &str = "stats.json";
/// The saved game's file name, in the state directory.
pub use crate::paths::GAME_FILE;
/// The lesson's progress file's name in the data directory.
pub const LESSON_FILE: &str = "lesson.json";
/// How old a temporary file must be before it is removed as left by a killed save. A save takes
/// milliseconds; one stopped for longer than this (Ctrl-Z in the middle of it) finds its
/// temporary file gone, fails, and leaves the old file whole.
const STALE_AFTER: Duration = Duration::from_secs(3600);
/// The end of every temporary file's name: `.stats.json.<random>.tmp`.
const TEMP_SUFFIX: &str = ".tmp";
/// The lock file that serialises updates to a directory's files between instances.
pub const LOCK_FILE: &str = ".nim-tui.lock";

/// The file a window holds locked for as long as it runs, with its process id in it, so that a
/// second window on the same home knows at once that it is not alone ([`Store::hold_home`]).
pub const WINDOW_FILE: &str = ".nim-tui.window";

/// Whether this window is the only one on its home.
#[derive(Debug)]
pub enum HomeHold {
    /// This window holds the home: the lock is kept while this lives (the open file), and
    /// released by the system when the process ends, however it ends.
    Ours(Option<fs::File>),
    /// Another running window holds it; its process id when it could be read.
    Theirs(Option<u32>),
}
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
    /// Whether this instance wrote `game.json` (so that saving again replaces only its own).
    wrote_game: std::sync::atomic::AtomicBool,
    /// The language the warnings about the files are written in ([`Store::speaking`]).
    language: Language,
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
            wrote_game: std::sync::atomic::AtomicBool::new(false),
            language: Language::English,
        }
    }

    /// The same store, writing its warnings about the files in `language` (English until told).
    pub fn speaking(self, language: Language) -> Store {
        Store { language, ..self }
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
                crate::i18n::text_with(
                    self.language,
                    "store-data-unusable",
                    &[("dir", crate::text::path(&self.data_dir).into()), ("why", why.into())],
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
                let carrying_on = crate::i18n::text(self.language, "store-fresh-statistics");
                let warning = self.set_aside(&path, failure, &carrying_on, &self.stats_protected);
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

    /// Counts a finished game of `game` and, when it is rated against the AI at `rated`, moves
    /// the player's rating in it (`crate::rating::against_ai`), under one lock.
    pub fn record_rated_game(
        &self,
        game: GameKind,
        mode: Mode,
        result: GameResult,
        rated: Option<crate::domain::Level>,
    ) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| {
            stats.record_of(game, mode, result);
            let Some(level) = rated else { return };
            let figures = stats.rating(game, mode);
            let before = figures.as_ref().map_or(crate::rating::START, crate::rating::Rating::from_figures);
            if let Some(after) = crate::rating::against_ai(before, level, result.won) {
                stats.set_rating(game, mode, after.rating, after.deviation, after.volatility);
            }
        })
    }

    /// Counts an answered puzzle (the day's puzzle of `daily` once a day) and rates the player
    /// against it (#39): at one terminal a puzzle keeps its difficulty's fixed rating
    /// (`rating::puzzle_anchor`), so only the player's puzzle rating in the game moves. `None` when
    /// the answer did not count (the day's puzzle answered again).
    pub fn record_rated_puzzle(
        &self,
        puzzle: crate::domain::PuzzleKey,
        daily: Option<u64>,
        solved: bool,
    ) -> Result<(Stats, Option<String>, Option<crate::domain::PuzzleRated>), StoreError> {
        let mut rated = None;
        let (stats, warning) = self.update_stats(|stats| {
            if let Some(day) = daily {
                if !stats.daily_open(day) {
                    return;
                }
                stats.record_daily(day, solved);
            } else {
                stats.record_puzzle(solved);
            }
            let before = stats.puzzle_rating(puzzle.game);
            let player = before.as_ref().map_or(crate::rating::START, crate::rating::Rating::from_figures);
            let anchor = crate::rating::puzzle_anchor(puzzle.id.difficulty);
            let (after, _) = crate::rating::puzzle_answered(player, anchor, solved);
            let after = after.figures(before.map_or(0, |b| b.games).saturating_add(1));
            stats.set_puzzle_rating(puzzle.game, after);
            rated = Some(crate::domain::PuzzleRated {
                puzzle,
                before: before.unwrap_or_else(|| crate::rating::START.figures(0)),
                after,
                puzzle_rating: anchor.figures(0),
                solved_by: None,
            });
        })?;
        Ok((stats, warning, rated))
    }

    /// Counts a puzzle (see [`Store::update_stats`]).
    pub fn record_puzzle(&self, solved: bool) -> Result<(Stats, Option<String>), StoreError> {
        self.update_stats(|stats| stats.record_puzzle(solved))
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
                crate::i18n::text_with(
                    self.language,
                    "store-state-unusable",
                    &[("dir", crate::text::path(&self.state_dir).into()), ("why", why.into())],
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
                    if e.may_be_newer() {
                        LoadFailure::Keep(e.to_string())
                    } else {
                        LoadFailure::Bad(e.to_string())
                    }
                })?;
                Ok(Some(game))
            }
            None => Ok(None),
        });
        match loaded {
            Ok(game) => (game, None),
            Err(failure) => {
                let carrying_on = crate::i18n::text(self.language, "store-no-game-resumed");
                let warning = self.set_aside(&path, failure, &carrying_on, &self.game_protected);
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

    /// Saves `game` as [`Store::save_game`] does, unless a saved game this instance did not write
    /// is there: another window with the same home saved its unfinished game since this one
    /// started (or left the one it was offered). Then nothing is written and `Ok(false)` says so,
    /// so that the caller keeps this game another way and tells the player; one window never
    /// overwrites another's game.
    pub fn save_game_beside(&self, game: &SavedGame) -> Result<bool, StoreError> {
        use std::sync::atomic::Ordering;
        game.validate()?;
        {
            let _lock = self.lock(&self.state_dir, true)?;
            let path = self.game_path();
            // Through a symbolic link, what matters is whether its target holds a game.
            if fs::metadata(&path).is_ok() && !self.wrote_game.load(Ordering::SeqCst) {
                return Ok(false);
            }
            self.write(&self.state_dir, &path, game, &self.game_protected, None)?;
            self.wrote_game.store(true, Ordering::SeqCst);
        }
        self.release_claim()?;
        Ok(true)
    }

    /// Takes the home for this window, or says which running window has it. The lock is an
    /// advisory lock on [`WINDOW_FILE`] in the state directory, taken without waiting; the system
    /// releases it when its process ends, so a lock left by a process that died is simply taken
    /// over (and its process id written anew). Where the file system has no locks, the process id
    /// in the file decides: a live process other than this one holds the home.
    pub fn hold_home(&self) -> Result<HomeHold, StoreError> {
        fs::create_dir_all(&self.state_dir)
            .map_err(|source| StoreError::CreateDir { path: self.state_dir.clone(), source })?;
        let path = self.state_dir.join(WINDOW_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|source| StoreError::Lock { path: path.clone(), source })?;
        let written_pid = || fs::read_to_string(&path).ok().and_then(|text| text.trim().parse::<u32>().ok());
        match file.try_lock_exclusive() {
            Ok(true) => {}
            Ok(false) => return Ok(HomeHold::Theirs(written_pid())),
            Err(e) if e.kind() == io::ErrorKind::Unsupported => {
                if let Some(pid) =
                    written_pid().filter(|&pid| pid != std::process::id() && process_alive(pid))
                {
                    return Ok(HomeHold::Theirs(Some(pid)));
                }
            }
            Err(source) => return Err(StoreError::Lock { path, source }),
        }
        let write = |file: &mut fs::File| -> io::Result<()> {
            file.set_len(0)?;
            io::Seek::seek(file, io::SeekFrom::Start(0))?;
            write!(file, "{}", std::process::id())?;
            file.flush()
        };
        write(&mut file).map_err(|source| StoreError::Write { path, source })?;
        Ok(HomeHold::Ours(Some(file)))
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
                crate::i18n::text_with(
                    self.language,
                    "store-kept",
                    &[("file", shown.into()), ("reason", reason.into()), ("then", carrying_on.into())],
                )
            }
            LoadFailure::Bad(reason) => match move_aside(path) {
                Ok(new) => crate::i18n::text_with(
                    self.language,
                    "store-moved-aside",
                    &[
                        ("file", shown.into()),
                        ("reason", reason.into()),
                        ("new", crate::text::path(&new).into()),
                        ("then", carrying_on.into()),
                    ],
                ),
                Err(e) => {
                    let _ = protect.set("it could not be read and could not be moved aside".into());
                    crate::i18n::text_with(
                        self.language,
                        "store-not-moved",
                        &[
                            ("file", shown.into()),
                            ("reason", reason.into()),
                            ("error", e.to_string().into()),
                            ("then", carrying_on.into()),
                        ],
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
                    Some(crate::i18n::text_with(
                        self.language,
                        "store-lesson-kept",
                        &[("file", crate::text::path(&path).into()), ("why", why.into())],
                    )),
                )
            }
            Err(LoadFailure::Bad(why)) => (
                LessonProgress::default(),
                Some(crate::i18n::text_with(
                    self.language,
                    "store-lesson-bad",
                    &[("file", crate::text::path(&path).into()), ("why", why.into())],
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
    let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| {
        LoadFailure::Bad(crate::i18n::text_with(
            Language::English,
            "store-not-json",
            &[("error", e.to_string().into())],
        ))
    })?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{How, Level};

    /// A rated game against a weaker level moves the player's rating in that game and mode, kept
    /// in `stats.json` and read back; a game against the perfect level counts and rates nothing;
    /// `nim-tui stats` shows the rating with its deviation, "provisional" while it is large.
    #[test]
    fn a_game_against_a_weaker_level_rates_the_player_and_the_file_keeps_it() {
        let home = tempfile::tempdir().expect("temp dir");
        let store = Store::at(home.path().to_path_buf());
        let won = GameResult { won: true, assisted: true, how: How::Played };
        let (stats, _) =
            store.record_rated_game(GameKind::Nim, Mode::Normal, won, Some(Level::Easy)).expect("kept");
        let easy = crate::rating::against_ai(crate::rating::START, Level::Easy, true).expect("rated");
        assert_eq!(stats.rating(GameKind::Nim, Mode::Normal), Some(easy.figures(1)));
        let (stats, _) = store.record_rated_game(GameKind::Nim, Mode::Normal, won, None).expect("kept");
        assert_eq!(stats.normal.played, 2);
        assert_eq!(stats.rating(GameKind::Nim, Mode::Normal).map(|r| r.games), Some(1));
        assert_eq!(stats.rating(GameKind::Nim, Mode::Misere), None);
        let lost = GameResult { won: false, assisted: false, how: How::Resigned };
        let (stats, _) =
            store.record_rated_game(GameKind::Kayles, Mode::Normal, lost, Some(Level::Hard)).expect("kept");
        let hard = crate::rating::against_ai(crate::rating::START, Level::Hard, false).expect("rated");
        assert_eq!(stats.rating(GameKind::Kayles, Mode::Normal), Some(hard.figures(1)));
        let (again, warning) = store.load_stats();
        assert_eq!((again, warning), (stats.clone(), None));
        let table = crate::domain::stats_table(crate::i18n::Language::English, &stats);
        let shown = format!("{}? ± {} (provisional)", easy.shown(), easy.shown_deviation());
        assert!(table.contains(&shown), "{shown:?} in\n{table}");
        assert!(table.contains("1 rated game"), "{table}");
        assert!(crate::domain::stats_json(&stats).contains("\"ratings\":{\"kayles normal\""));
    }

    /// A file whose rating is not one (a deviation of 0) is refused, as other impossible figures are.
    #[test]
    fn a_rating_that_is_no_rating_is_refused() {
        let mut stats = Stats::default();
        stats.set_rating(GameKind::Nim, Mode::Normal, 1500.0, 0.0, 0.06);
        assert!(stats.validate().is_err_and(|e| e.contains("ratings: 'nim normal'")));
        stats.set_rating(GameKind::Nim, Mode::Normal, 1500.0, 200.0, 0.06);
        assert!(stats.validate().is_ok());
    }
}
