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
//!
//! A long-running program (the server) caps the log's size with [`rotate_past`]: past the cap the
//! file is renamed `nim-tui.log.1` (replacing the one before) and a new one is started, under the
//! same lock as the writes, so that no line is lost or split across the rotation.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
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
    let mut writer = LogWriter::new(file, path.clone());
    writer.written = writer.inner.metadata().map_or(0, |m| m.len());
    writer.max = ROTATE_PAST.load(Ordering::Relaxed);
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(Mutex::new(writer))
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

/// The most bytes the log file holds before it is rotated (0: never); see [`rotate_past`].
static ROTATE_PAST: AtomicU64 = AtomicU64::new(0);

/// Keeps the log within `max` bytes, with the one before it in `nim-tui.log.1` (so at most
/// twice `max` on disk): a line that would take the file past `max` is written to a new file,
/// the full one renamed `nim-tui.log.1` first. For the server, whose log is written for days;
/// call it before [`init`].
pub fn rotate_past(max: u64) {
    ROTATE_PAST.store(max, Ordering::Relaxed);
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
/// tracing-subscriber would report on stderr, once per event). Rotated past `max` bytes (see
/// [`rotate_past`]): the writes and the rotation are under one lock (the `Mutex` the subscriber
/// holds it in), so every line is whole in one file or the other.
struct LogWriter<W> {
    inner: W,
    path: PathBuf,
    /// Bytes in the file now: what was there when it was opened, and every line since.
    written: u64,
    /// Past this many bytes the file is rotated; 0: never.
    max: u64,
    /// Opens a new, empty file at the log's path (after the full one was renamed).
    reopen: fn(&Path) -> io::Result<W>,
}

impl LogWriter<File> {
    fn new(inner: File, path: PathBuf) -> LogWriter<File> {
        LogWriter { inner, path, written: 0, max: 0, reopen: open }
    }
}

impl<W: Write> LogWriter<W> {
    /// Renames the full file `PATH.1` and goes on in a new one at `PATH`. On failure the
    /// writer goes on in the file it has (the failure kept for [`write_failure`]).
    fn rotate(&mut self) {
        let mut old = self.path.as_os_str().to_owned();
        old.push(".1");
        match fs::rename(&self.path, &old).and_then(|()| (self.reopen)(&self.path)) {
            Ok(file) => {
                self.inner = file;
                self.written = 0;
            }
            Err(e) => {
                let _ = WRITE_FAILURE
                    .set(format!("could not rotate the log {}: {e}", crate::text::path(&self.path)));
                // Not tried again for every line: only once as much again has been written.
                self.written = 0;
            }
        }
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
        let len = escaped.len() as u64;
        if self.max > 0 && self.written > 0 && self.written + len > self.max {
            self.rotate();
        }
        match self.inner.write_all(escaped.as_bytes()).and_then(|()| self.inner.flush()) {
            Ok(()) => self.written += len,
            Err(e) => {
                let _ = WRITE_FAILURE
                    .set(format!("could not write the log {}: {e}", crate::text::path(&self.path)));
            }
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

    /// A writer into `inner` that never rotates.
    fn writer<W: Write>(inner: W, path: &str) -> LogWriter<W> {
        LogWriter {
            inner,
            path: PathBuf::from(path),
            written: 0,
            max: 0,
            reopen: |_| Err(io::Error::other("never reopened")),
        }
    }

    #[test]
    fn lines_are_escaped_one_event_a_line() {
        let mut writer = writer(Vec::new(), "log");
        writer.write_all(b"path=/tmp/\x1b[31mred\x07 two\nlines\n").unwrap();
        writer.write_all("caf\u{e9} \u{202e}txt\n".as_bytes()).unwrap();
        let text = String::from_utf8(writer.inner).unwrap();
        assert_eq!(text, "path=/tmp/\\x1b[31mred\\x07 two\\nlines\ncaf\u{e9} \\u{202e}txt\n");
    }

    #[test]
    fn a_failed_write_is_kept_once_and_never_returned() {
        let subscriber = tracing_subscriber::fmt()
            .with_writer(Mutex::new(writer(Full, "/full/nim-tui.log")))
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
        let mut full = writer(Full, "other");
        assert_eq!(full.write(b"x\n").unwrap(), 2, "the failure is not the caller's");
        assert_eq!(write_failure(), Some(failure), "the first failure is the one told");
    }

    #[test]
    fn no_line_is_lost_or_split_across_a_rotation() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("nim-tui.log");
        std::fs::write(&path, "from before\n").expect("an old log");
        let mut first = LogWriter::new(open(&path).expect("open"), path.clone());
        first.written = first.inner.metadata().expect("metadata").len();
        // Room for about 60 of the 100 lines below: one rotation, in the middle of them.
        first.max = 60 * 16;
        let writer = std::sync::Arc::new(Mutex::new(first));
        // Four threads writing at once, as the server's do; each line one write, as tracing's.
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let writer = writer.clone();
                std::thread::spawn(move || {
                    for n in 0..25 {
                        let line = format!("line t{t} n{n:02} ok\n");
                        writer.lock().expect("the lock").write_all(line.as_bytes()).expect("write");
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().expect("a writer");
        }
        let old = std::fs::read_to_string(dir.path().join("nim-tui.log.1")).expect("the rotated log");
        let new = std::fs::read_to_string(&path).expect("the log");
        assert!(old.starts_with("from before\n"), "{old}");
        assert!(old.len() as u64 <= 60 * 16, "the rotated log is past the cap: {} bytes", old.len());
        assert!(!new.is_empty() && new.ends_with('\n') && old.ends_with('\n'));
        let mut lines: Vec<&str> = old.lines().chain(new.lines()).filter(|l| *l != "from before").collect();
        assert!(
            lines.iter().all(|l| l.starts_with("line t") && l.ends_with(" ok")),
            "a split line: {lines:?}"
        );
        lines.sort_unstable();
        lines.dedup();
        assert_eq!(lines.len(), 100, "lines lost or doubled across the rotation");
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
