//! The log (`NIM_TUI_LOG`) as a hostile setup makes it: a FIFO or a device where the log goes, a
//! state directory whose name holds escape sequences, a disk that takes no more. No command waits,
//! nothing from outside reaches the log raw, and a failed write is told once.

#![cfg(unix)]

use crate::support::BIN;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);

/// Runs nim-tui with `args`, its state (and so its log) in `state`, the log on at debug level;
/// `prepare` runs in the child before exec. Fails the test if it does not finish in time.
fn run(args: &[&str], home: &Path, state: &Path, prepare: fn() -> std::io::Result<()>) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_STATE_HOME", state)
        .env("NIM_TUI_LOG", "debug")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: `prepare` only calls async-signal-safe functions (setrlimit, signal).
    unsafe {
        cmd.pre_exec(prepare);
    }
    let mut child = cmd.spawn().expect("nim-tui starts");
    let end = Instant::now() + PATIENCE;
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} did not finish: it waits on the log");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

fn nothing() -> std::io::Result<()> {
    Ok(())
}

fn log_path(state: &Path) -> PathBuf {
    state.join("nim-tui").join("nim-tui.log")
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("a path without NUL");
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// Every kind of command, a game's start among them (refused before it needs a terminal).
const COMMANDS: &[&[&str]] =
    &[&["--version"], &["paths"], &["--heaps", "3,4,5"], &["solve", "3", "4", "5"], &[]];

#[test]
fn a_fifo_or_a_device_as_the_log_is_refused_at_once_with_its_name() {
    let home = tempfile::tempdir().expect("temp dir");
    let state = home.path().join("state");
    let log = log_path(&state);
    std::fs::create_dir_all(log.parent().expect("a parent")).expect("the state directory");
    type Make = fn(&Path);
    let setups: [(&str, Make); 4] = [
        ("a FIFO", |log| mkfifo(log)),
        ("a character device", |log| std::os::unix::fs::symlink("/dev/null", log).expect("a link")),
        ("a character device", |log| std::os::unix::fs::symlink("/dev/full", log).expect("a link")),
        ("a directory", |log| std::fs::create_dir(log).expect("a directory")),
    ];
    for (what, make) in setups {
        make(&log);
        for args in COMMANDS {
            let out = run(args, home.path(), &state, nothing);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{what}, {args:?}: {err}");
            assert!(err.contains(what) && err.contains("nim-tui.log"), "{what}, {args:?}: {err}");
            assert!(err.contains("regular file"), "says what is accepted: {err}");
            assert!(out.stdout.is_empty(), "{what}, {args:?}: refused before anything else");
        }
        if log.is_dir() {
            std::fs::remove_dir(&log).expect("remove");
        } else {
            std::fs::remove_file(&log).expect("remove");
        }
    }
    // A regular file is taken as before.
    let out = run(&["paths"], home.path(), &state, nothing);
    assert!(out.status.success(), "{out:?}");
    assert!(std::fs::read_to_string(&log).expect("the log").contains("start"));
}

#[test]
fn text_from_outside_reaches_the_log_escaped() {
    let home = tempfile::tempdir().expect("temp dir");
    // A state directory whose name retitles the window and turns the text red.
    let state = home.path().join("st\x1b]0;pwned\x07ate\x1b[31m");
    let config = home.path().join("con\x1b[2Jfig.toml");
    let config = config.to_str().expect("UTF-8");
    for args in [&["paths"][..], &["--config", config, "paths"], &["--mode", "\x1b[5msideways"]] {
        let out = run(args, home.path(), &state, nothing);
        assert!(!out.stderr.contains(&0x1b), "{:?}", String::from_utf8_lossy(&out.stderr));
    }
    let log = std::fs::read(log_path(&state)).expect("the log was written");
    let text = String::from_utf8_lossy(&log);
    assert!(!log.iter().any(|&b| b == 0x1b || b == 0x07), "control characters in the log:\n{text:?}");
    assert!(text.contains("st\\x1b]0;pwned\\x07ate\\x1b[31m"), "the path is there, escaped:\n{text}");
    assert!(text.contains("sideways"), "the usage error is logged:\n{text}");
    // One event a line: every line starts with its time.
    for line in text.lines() {
        assert!(line.starts_with(|c: char| c.is_ascii_digit()), "a line of its own: {line:?}");
    }
}

/// A file-size limit the log is already at: every write to it fails (EFBIG), as on a full disk.
fn full_disk() -> std::io::Result<()> {
    let limit = libc::rlimit { rlim_cur: 4096, rlim_max: 4096 };
    // SAFETY: setrlimit and signal are async-signal-safe; the rlimit lives on this stack.
    unsafe {
        // The write fails instead of the process being ended by SIGXFSZ.
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

#[test]
fn a_log_that_cannot_be_written_is_told_once_and_the_command_works() {
    let home = tempfile::tempdir().expect("temp dir");
    let state = home.path().join("state");
    let log = log_path(&state);
    std::fs::create_dir_all(log.parent().expect("a parent")).expect("the state directory");
    std::fs::write(&log, vec![b'.'; 4096]).expect("a log at the limit");
    for args in [&["--version"][..], &["paths"], &["solve", "3", "4", "5"], &["--mode", "sideways"]] {
        let out = run(args, home.path(), &state, full_disk);
        let err = String::from_utf8_lossy(&out.stderr);
        let told = err.lines().filter(|l| l.contains("log")).count();
        // `--version` logs nothing; every other command does, and is told of it once.
        let logs = args[0] != "--version";
        assert_eq!(told, usize::from(logs), "{args:?}: the failure is told once:\n{err}");
        assert!(
            !logs || err.contains("could not write the log") && err.contains("nim-tui.log"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("tracing-subscriber"), "{args:?}: {err}");
        if args[0] != "--mode" {
            assert!(out.status.success(), "{args:?}: {err}");
            assert!(!out.stdout.is_empty(), "{args:?}: the command's output");
        } else {
            assert_eq!(out.status.code(), Some(2), "{err}");
        }
    }
    assert_eq!(std::fs::metadata(&log).expect("the log").len(), 4096, "nothing was written past the limit");
}
