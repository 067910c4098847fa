//! Where nim-tui keeps its files, as each platform expects: the config file, the data directory
//! (statistics, game records, lesson progress) and the state directory (the unfinished game, the
//! log).
//!
//! The platform's directories come from the `directories` crate, already used before this module
//! existed, so statistics stay where earlier versions wrote them on every platform. It follows the
//! XDG base directories on Linux and the BSDs, Application Support on macOS and AppData on
//! Windows. Two conventions are added on top:
//!
//! - State: `$XDG_STATE_HOME/nim-tui/` (`~/.local/state/nim-tui/`) on Linux; macOS and Windows
//!   have no state directory, so there it is the data directory. [`migrate_saved_game`] moves a
//!   saved game from where earlier versions kept it (the data directory).
//! - On macOS, command-line users keep dotfiles under `~/.config` (helix, lazygit and bottom read
//!   it there), so `$XDG_CONFIG_HOME/nim-tui/config.toml` and `~/.config/nim-tui/config.toml` are
//!   read when they exist, before Application Support.
//!
//! `$HOME` (or an `XDG_*` directory) may be a regular file, a dangling symbolic link or a directory
//! that cannot be searched. Then no file of nim-tui's is there to read ([`not_there`]: the config's
//! defaults, fresh statistics) and none can be written: the game is played without saving, and
//! says why ([`unusable`]), as it does with a read-only data directory.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The unfinished game's file name, in the state directory (and, before, the data directory).
pub const GAME_FILE: &str = "game.json";
/// The config file's name in the config directory.
pub const CONFIG_FILE: &str = "config.toml";
/// The log's file name in the state directory.
pub const LOG_FILE: &str = "nim-tui.log";

/// The platform's directories for nim-tui, or `None` when there is no home directory.
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "nim-tui")
}

/// The config file read when `--config` is not given (it may not exist).
pub fn config_file() -> Option<PathBuf> {
    let platform = project_dirs()?.config_dir().join(CONFIG_FILE);
    if cfg!(target_os = "macos") {
        let xdg = std::env::var_os("XDG_CONFIG_HOME").map(PathBuf::from);
        let home = directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
        return Some(macos_config_file(xdg, home, platform, |path| path.is_file()));
    }
    Some(platform)
}

/// What `nim-tui paths` says of the config file: found and readable, missing (the built-in
/// defaults, or with `--config` an error), or there but refused, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigStatus {
    /// A regular file within the size limit, UTF-8 text.
    Readable,
    /// Nothing there; `given` is whether `--config` named it, which makes that an error.
    Missing { given: bool },
    /// Its directory cannot be reached (`$HOME` cannot be searched), and why: as good as missing.
    Unreachable { why: String, given: bool },
    /// Something is there that nim-tui will not start with, and why.
    Refused(String),
}

impl ConfigStatus {
    /// The config file at `path`, read as the game reads it (bounded, without waiting on a FIFO),
    /// so that `paths` and the game cannot disagree: a FIFO, a device, a directory or a file too
    /// large is there, but refused.
    pub fn of(path: &Path, given: bool) -> ConfigStatus {
        match crate::files::read_text(path, crate::files::CONFIG_LIMIT) {
            Ok(_) => ConfigStatus::Readable,
            Err(e) if not_there(path, &e) => match unusable(parent_of(path)) {
                Some(why) if e.kind() == io::ErrorKind::PermissionDenied => {
                    ConfigStatus::Unreachable { why, given }
                }
                _ => ConfigStatus::Missing { given },
            },
            Err(e) => ConfigStatus::Refused(e.to_string()),
        }
    }
}

impl std::fmt::Display for ConfigStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigStatus::Readable => f.write_str("exists"),
            ConfigStatus::Missing { given: true } => {
                f.write_str("not found: nim-tui will refuse to start with it")
            }
            ConfigStatus::Missing { given: false } => {
                f.write_str("not found: the built-in defaults are used")
            }
            ConfigStatus::Unreachable { why, given } => write!(
                f,
                "cannot be looked for ({}): {}",
                crate::text::escape_short(why, crate::text::ECHO_MAX * 4),
                if *given {
                    "nim-tui will refuse to start with it"
                } else {
                    "the built-in defaults are used"
                }
            ),
            ConfigStatus::Refused(why) => write!(
                f,
                "exists, but nim-tui will refuse to start with it: {}",
                crate::text::escape_short(why, crate::text::ECHO_MAX * 4)
            ),
        }
    }
}

/// Whether the error `e` from opening `path` means that there is no file there to read: nothing
/// there, something on the way that is not a directory (`$HOME` a regular file), or a directory on
/// the way that cannot be searched ([`unusable`] says which). A file that is there but cannot be
/// read is another matter: it is the user's, and refused by name.
pub fn not_there(path: &Path, e: &io::Error) -> bool {
    match e.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => true,
        io::ErrorKind::PermissionDenied => {
            fs::symlink_metadata(path).is_err() && unusable(parent_of(path)).is_some()
        }
        _ => false,
    }
}

/// Why the directory `dir` cannot hold nim-tui's files, found without creating anything: a
/// directory on its way is a regular file, a symbolic link to nothing, or cannot be searched. `None`
/// when it is there or can be made (a read-only one is found when writing, as before).
pub fn unusable(dir: &Path) -> Option<String> {
    // The first that is there, from `dir` upwards, and the one below it on the way to `dir`.
    let mut below: Option<(&Path, io::Error)> = None;
    for ancestor in dir.ancestors().filter(|a| !a.as_os_str().is_empty()) {
        match fs::metadata(ancestor) {
            Ok(meta) if meta.is_dir() => {
                let (child, e) = below?;
                let shown = crate::text::path(child);
                return match e.kind() {
                    io::ErrorKind::NotFound if fs::symlink_metadata(child).is_ok() => {
                        Some(format!("{shown} is a symbolic link to nothing"))
                    }
                    io::ErrorKind::NotFound => None,
                    io::ErrorKind::PermissionDenied => {
                        Some(format!("{} cannot be searched: permission denied", crate::text::path(ancestor)))
                    }
                    _ => Some(format!("{shown}: {e}")),
                };
            }
            Ok(_) => return Some(format!("{} is not a directory", crate::text::path(ancestor))),
            Err(e) => below = Some((ancestor, e)),
        }
    }
    None
}

/// What to say of a failure `source` to create or use `path`: why the directory cannot be used,
/// when [`unusable`] finds it (`$HOME` is a regular file), else the system's word.
pub fn why_not(path: &Path, source: &io::Error) -> String {
    unusable(path).unwrap_or_else(|| source.to_string())
}

/// The directory a file named by `path` is in (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The macOS choice, apart so that it can be tested anywhere: the first of
/// `$XDG_CONFIG_HOME/nim-tui/config.toml` (when the variable is an absolute path, as the XDG spec
/// requires), `~/.config/nim-tui/config.toml` and the Application Support file that exists; when
/// none does, the XDG one if the variable is set (the user has said where configs go), else
/// Application Support.
#[cfg_attr(not(target_os = "macos"), allow(dead_code))]
fn macos_config_file(
    xdg_config_home: Option<PathBuf>,
    home: Option<PathBuf>,
    platform: PathBuf,
    exists: impl Fn(&Path) -> bool,
) -> PathBuf {
    let xdg =
        xdg_config_home.filter(|dir| dir.is_absolute()).map(|dir| dir.join("nim-tui").join(CONFIG_FILE));
    let dot_config = home.map(|home| home.join(".config").join("nim-tui").join(CONFIG_FILE));
    let candidates = [xdg.clone(), dot_config, Some(platform.clone())];
    candidates.into_iter().flatten().find(|path| exists(path)).or(xdg).unwrap_or(platform)
}

/// Statistics, game records and lesson progress: `$XDG_DATA_HOME/nim-tui/` on Linux.
pub fn data_dir() -> Option<PathBuf> {
    Some(project_dirs()?.data_dir().to_path_buf())
}

/// The unfinished game and the log: `$XDG_STATE_HOME/nim-tui/` on Linux, the data directory where
/// the platform has no state directory.
pub fn state_dir() -> Option<PathBuf> {
    let dirs = project_dirs()?;
    Some(dirs.state_dir().unwrap_or(dirs.data_dir()).to_path_buf())
}

/// The server's host key (`nim-tui serve`), generated once, in the state directory.
pub const HOST_KEY_FILE: &str = "server_ed25519_key";

/// The server's database of players and results (`nim-tui serve`), in the data directory.
pub const SERVER_DB_FILE: &str = "server.sqlite3";

/// The host key file in `state_dir`.
pub fn host_key_file(state_dir: &Path) -> PathBuf {
    state_dir.join(HOST_KEY_FILE)
}

/// The server's database in `data_dir`.
pub fn server_db(data_dir: &Path) -> PathBuf {
    data_dir.join(SERVER_DB_FILE)
}

/// The log file in `state_dir`.
pub fn log_file(state_dir: &Path) -> PathBuf {
    state_dir.join(LOG_FILE)
}

/// What [`migrate_saved_game`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Migration {
    /// No saved game in the old place (or the two places are one, as on macOS and Windows).
    Nothing,
    /// The saved game was moved.
    Moved {
        /// Where it was (the data directory).
        from: PathBuf,
        /// Where it is now (the state directory).
        to: PathBuf,
    },
    /// Both places hold a saved game. The new one is used; the old one is left where it is, not
    /// overwritten and not deleted.
    KeptBoth {
        /// The saved game in the data directory, left in place.
        old: PathBuf,
        /// The saved game in the state directory, the one resumed.
        new: PathBuf,
    },
}

/// Moves `game.json` from `data_dir` (where earlier versions kept it) to `state_dir`, creating
/// `state_dir` if needed. It never overwrites and never loses a game: the new file is linked or
/// copied with "create new" semantics before the old one is removed, so a second copy of nim-tui
/// starting at the same moment cannot clobber it, and a crash leaves at least one whole copy.
pub fn migrate_saved_game(data_dir: &Path, state_dir: &Path) -> io::Result<Migration> {
    let old = data_dir.join(GAME_FILE);
    let new = state_dir.join(GAME_FILE);
    if data_dir == state_dir || !old.is_file() {
        return Ok(Migration::Nothing);
    }
    if new.exists() {
        return Ok(Migration::KeptBoth { old, new });
    }
    fs::create_dir_all(state_dir)?;
    // A hard link is atomic and fails if `new` exists; across file systems (or where links are
    // not supported) copy into a file that must not exist yet.
    match fs::hard_link(&old, &new) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(Migration::KeptBoth { old, new }),
        Err(_) => {
            let bytes = fs::read(&old)?;
            let mut file = match OpenOptions::new().write(true).create_new(true).open(&new) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Ok(Migration::KeptBoth { old, new });
                }
                Err(e) => return Err(e),
            };
            if let Err(e) = file.write_all(&bytes).and_then(|()| file.sync_all()) {
                // Half a copy must not be mistaken for the game: the old file is still whole.
                let _ = fs::remove_file(&new);
                return Err(e);
            }
        }
    }
    fs::remove_file(&old)?;
    Ok(Migration::Moved { from: old, to: new })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> PathBuf {
        PathBuf::from(s)
    }

    #[test]
    fn macos_prefers_an_existing_xdg_config() {
        let platform = p("/Users/a/Library/Application Support/nim-tui/config.toml");
        let pick = |xdg: Option<&str>, existing: &[&str]| {
            let existing: Vec<PathBuf> = existing.iter().map(|s| p(s)).collect();
            macos_config_file(xdg.map(p), Some(p("/Users/a")), platform.clone(), |path| {
                existing.iter().any(|e| e == path)
            })
        };
        let xdg_file = "/Users/a/xdg/nim-tui/config.toml";
        let dot_file = "/Users/a/.config/nim-tui/config.toml";
        assert_eq!(pick(Some("/Users/a/xdg"), &[xdg_file, dot_file]), p(xdg_file));
        assert_eq!(pick(Some("/Users/a/xdg"), &[dot_file]), p(dot_file));
        assert_eq!(pick(None, &[dot_file, platform.to_str().unwrap()]), p(dot_file));
        assert_eq!(pick(None, &[platform.to_str().unwrap()]), platform);
        // Nothing exists: the place the user pointed at, else the platform's.
        assert_eq!(pick(Some("/Users/a/xdg"), &[]), p(xdg_file));
        assert_eq!(pick(None, &[]), platform);
        // A relative XDG_CONFIG_HOME is ignored, as the spec says.
        assert_eq!(pick(Some("xdg"), &["xdg/nim-tui/config.toml"]), platform);
    }

    #[test]
    fn same_directory_means_nothing_to_move() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(GAME_FILE), "{}").unwrap();
        assert_eq!(migrate_saved_game(dir.path(), dir.path()).unwrap(), Migration::Nothing);
        assert!(dir.path().join(GAME_FILE).exists());
    }
}
