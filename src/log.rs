//! The log for bug reports: off by default; `NIM_TUI_LOG=debug` (or `error`, `warn`, `info`,
//! `trace`) appends to `nim-tui.log` in the state directory, because a terminal game owns the
//! screen and has nowhere else to say what went wrong.
//!
//! Events are written with `tracing`; panics are logged by [`install_panic_hook`].

use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;

use tracing_subscriber::filter::LevelFilter;

/// The environment variable that switches the log on and sets its level.
pub const ENV: &str = "NIM_TUI_LOG";

/// Why the log could not be started.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// `NIM_TUI_LOG` holds something other than a level.
    #[error("{ENV}={value:?}: expected one of off, error, warn, info, debug, trace")]
    BadLevel {
        /// What it holds.
        value: String,
    },
    /// The log is asked for but there is nowhere to put it.
    #[error("{ENV} is set but there is no state directory for the log: is $HOME set?")]
    NoStateDir,
    /// The log file cannot be created or opened.
    #[error("cannot open the log {path}: {source}")]
    Open {
        /// The log file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// The level asked for in `NIM_TUI_LOG`, or `None` when the log is off (unset, empty or `off`).
pub fn level_from_env() -> Result<Option<LevelFilter>, LogError> {
    match std::env::var(ENV) {
        Ok(value) => parse_level(&value),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(value)) => {
            Err(LogError::BadLevel { value: value.to_string_lossy().into_owned() })
        }
    }
}

fn parse_level(value: &str) -> Result<Option<LevelFilter>, LogError> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    match LevelFilter::from_str(trimmed) {
        Ok(LevelFilter::OFF) => Ok(None),
        Ok(level) => Ok(Some(level)),
        Err(_) => Err(LogError::BadLevel { value: value.to_string() }),
    }
}

/// Starts the log if `NIM_TUI_LOG` asks for it, appending to `nim-tui.log` in `state_dir`
/// (created if needed). Returns the log file's path, or `None` when the log is off. Call once,
/// early in `main`; a second call leaves the first subscriber in place.
pub fn init(state_dir: Option<&Path>) -> Result<Option<PathBuf>, LogError> {
    let Some(level) = level_from_env()? else { return Ok(None) };
    let dir = state_dir.ok_or(LogError::NoStateDir)?;
    let path = crate::paths::log_file(dir);
    let open = || {
        fs::create_dir_all(dir)?;
        OpenOptions::new().create(true).append(true).open(&path)
    };
    let file = open().map_err(|source| LogError::Open { path: path.clone(), source })?;
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(Mutex::new(file))
        .with_ansi(false)
        .finish();
    // Fails only if a subscriber is already set, and then that one keeps logging.
    let _ = tracing::subscriber::set_global_default(subscriber);
    Ok(Some(path))
}

/// Installs a panic hook that logs the panic's message and location, then calls the hook that
/// was there before (the default one prints the message; ratatui's restores the terminal first).
/// Install it after the terminal's own hook so that the panic is logged even if restoring the
/// terminal fails.
pub fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Installed again over the terminal's own hook, so that the panic is logged before the
        // terminal is restored; a panic is logged by the first hook that sees it only.
        thread_local!(static LOGGED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
        if LOGGED.with(|logged| logged.replace(true)) {
            previous(info);
            LOGGED.with(|logged| logged.set(false));
            return;
        }
        // `PanicHookInfo::payload_as_str` would do this, but only from Rust 1.91 (MSRV is 1.88).
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(a panic without a message)");
        let location = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
        tracing::error!(location = location.as_deref().unwrap_or("unknown"), "panic: {message}");
        previous(info);
        LOGGED.with(|logged| logged.set(false));
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        assert_eq!(parse_level("debug").unwrap(), Some(LevelFilter::DEBUG));
        assert_eq!(parse_level(" TRACE ").unwrap(), Some(LevelFilter::TRACE));
        assert_eq!(parse_level("warn").unwrap(), Some(LevelFilter::WARN));
        assert_eq!(parse_level("").unwrap(), None);
        assert_eq!(parse_level("off").unwrap(), None);
        let message = parse_level("verbose").unwrap_err().to_string();
        assert!(message.contains("NIM_TUI_LOG=\"verbose\"") && message.contains("debug"), "{message}");
    }
}
