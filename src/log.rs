//! The log for bug reports: off by default; `NIM_TUI_LOG=debug` (or `error`, `warn`, `info`,
//! `trace`) appends to `nim-tui.log` in the state directory, because a terminal game owns the
//! screen and has nowhere else to say what went wrong.
//!
//! Events are written with `tracing`; panics are logged by [`install_panic_hook`].
//!
//! The log is opened like every other file: a regular file only, never waited on (a FIFO or a
//! device in its place is refused at once, with the other usage errors, exit 2). Each line is
//! escaped as it is written, since much of what is logged comes from outside (paths, values) and a
//! log is read in a terminal. A failed write (a full disk) is never an error of the game's, and is
//! reported once, at the end ([`write_failure`]).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

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
    /// The log file cannot be created or opened, or is not a regular file.
    #[error(
        "cannot open the log {}: {source}; the log must be a regular file that can be written (or unset {ENV})",
        crate::text::path(path)
    )]
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
    let file = fs::create_dir_all(dir)
        .and_then(|()| open(&path))
        .map_err(|source| LogError::Open { path: path.clone(), source })?;
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(Mutex::new(LogWriter::new(file, path.clone())))
        .with_ansi(false)
        // Its own reports of a failed write go to stderr, once per event; ours go once.
        .log_internal_errors(false)
        .finish();
    // Fails only if a subscriber is already set, and then that one keeps logging.
    let _ = tracing::subscriber::set_global_default(subscriber);
    Ok(Some(path))
}

/// Opens the log for appending, refusing anything but a regular file without waiting on it: what
/// is there is looked at first as `files` reads a file (a FIFO with no reader would otherwise
/// block the open, and every command with it), then the file is opened without blocking and
/// checked again, in case it was replaced meanwhile.
fn open(path: &Path) -> io::Result<File> {
    match crate::files::open_regular(path) {
        // Missing (created below), or not readable (write-only is enough).
        Ok(_) => {}
        Err(e) if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied) => {}
        Err(e) => return Err(e),
    }
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NOCTTY: a terminal in its place must not become our controlling terminal.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    Ok(file)
}

/// Whether each line of the log also goes to standard error ([`also_to_stderr`]).
static ALSO_STDERR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes each line of the log to standard error too: for the server under systemd
/// (`JOURNAL_STREAM` set), whose journal keeps what a service says on standard error. A game never
/// calls it: its screen is on the terminal.
pub fn also_to_stderr() {
    ALSO_STDERR.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The first failed write to the log, as a message: set once, told once at the end.
static WRITE_FAILURE: OnceLock<String> = OnceLock::new();

/// Why the log could not be written, if a write failed (the first failure only): for a warning
/// once the program is done, instead of a line on stderr for every event.
pub fn write_failure() -> Option<&'static str> {
    WRITE_FAILURE.get().map(String::as_str)
}

/// The log file as `tracing` writes to it: each event's line escaped (control characters from
/// outside shown as `\x1b` and the like, a line break inside an event as `\n`, so that one event
/// is one line), and a failed write kept for [`write_failure`] instead of returned (which
/// tracing-subscriber would report on stderr, once per event).
struct LogWriter<W> {
    inner: W,
    path: PathBuf,
}

impl<W: Write> LogWriter<W> {
    fn new(inner: W, path: PathBuf) -> LogWriter<W> {
        LogWriter { inner, path }
    }
}

impl<W: Write> Write for LogWriter<W> {
    /// Takes `buf` whole: tracing-subscriber writes each event in one `write_all`.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let line = text.strip_suffix('\n').unwrap_or(&text);
        let mut escaped = crate::text::escape(line).into_owned();
        escaped.push('\n');
        if ALSO_STDERR.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = io::stderr().write_all(escaped.as_bytes());
        }
        if let Err(e) = self.inner.write_all(escaped.as_bytes()).and_then(|()| self.inner.flush()) {
            let _ =
                WRITE_FAILURE.set(format!("could not write the log {}: {e}", crate::text::path(&self.path)));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
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

    /// A disk that is always full.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_are_escaped_one_event_a_line() {
        let mut writer = LogWriter::new(Vec::new(), PathBuf::from("log"));
        writer.write_all(b"path=/tmp/\x1b[31mred\x07 two\nlines\n").unwrap();
        writer.write_all("caf\u{e9} \u{202e}txt\n".as_bytes()).unwrap();
        let text = String::from_utf8(writer.inner).unwrap();
        assert_eq!(text, "path=/tmp/\\x1b[31mred\\x07 two\\nlines\ncaf\u{e9} \\u{202e}txt\n");
    }

    #[test]
    fn a_failed_write_is_kept_once_and_never_returned() {
        let subscriber = tracing_subscriber::fmt()
            .with_writer(Mutex::new(LogWriter::new(Full, PathBuf::from("/full/nim-tui.log"))))
            .with_ansi(false)
            .log_internal_errors(false)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            for n in 0..100 {
                tracing::error!(n, "an event");
            }
        });
        let failure = write_failure().expect("the failure is kept");
        assert!(failure.contains("/full/nim-tui.log") && failure.contains("No space left"), "{failure}");
        let mut writer = LogWriter::new(Full, PathBuf::from("other"));
        assert_eq!(writer.write(b"x\n").unwrap(), 2, "the failure is not the caller's");
        assert_eq!(write_failure(), Some(failure), "the first failure is the one told");
    }

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
