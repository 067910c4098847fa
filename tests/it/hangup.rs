//! The terminal going away, as when its window is closed: the other end of the pseudo-terminal is
//! closed, with standard input, output *and* error all on it, as in every real session (with stderr
//! elsewhere a failed write to it stays hidden). Either the terminal is the game's controlling
//! terminal, and the hang-up comes with SIGHUP, or the game was started with its own session (as
//! `setsid` does) and its input just ends. On every screen the game must notice, save what there is
//! to save, and exit by itself: no signal, no panic, no spinning on reads that return nothing.

#![cfg(unix)]

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);
const ROWS: u16 = 30;
const COLS: u16 = 100;

struct Terminal {
    master: Option<OwnedFd>,
    screen: vt100::Parser,
    child: Child,
}

impl Terminal {
    /// nim-tui in a new pseudo-terminal holding all three of its standard descriptors; with
    /// `controlling`, the terminal is its controlling terminal (closing it sends SIGHUP), without,
    /// it has none (closing it only ends the input).
    fn spawn(args: &[&str], home: &Path, controlling: bool) -> Terminal {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize { ws_row: ROWS, ws_col: COLS, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: out-pointers to two ints; no name buffer and default terminal settings.
        let r =
            unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned two open descriptors that nothing else owns.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        // openpty's descriptors are inherited by default: the child must not keep the master open,
        // or closing it here would not close the terminal.
        for fd in [&master, &slave] {
            // SAFETY: setting a flag on a descriptor we own.
            unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC) };
        }
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_nim-tui"));
        cmd.args(args)
            .env("TERM", "xterm-256color")
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env_remove("NIM_TUI_LOG")
            .stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave.try_clone().expect("dup")))
            .stderr(Stdio::from(slave));
        // SAFETY: setsid and ioctl are async-signal-safe. A new session has no controlling
        // terminal; TIOCSCTTY on the pty (now stdin) makes it the controlling one.
        unsafe {
            cmd.pre_exec(move || {
                libc::setsid();
                if controlling && libc::ioctl(0, libc::TIOCSCTTY as _, 0) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("spawn nim-tui");
        Terminal { master: Some(master), screen: vt100::Parser::new(ROWS, COLS, 0), child }
    }

    fn fd(&self) -> i32 {
        self.master.as_ref().expect("terminal open").as_raw_fd()
    }

    /// Reads what has arrived, waiting at most `wait` for it.
    fn pump(&mut self, wait: Duration) {
        let mut pfd = libc::pollfd { fd: self.fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd.
        let n = unsafe { libc::poll(&mut pfd, 1, wait.as_millis() as i32) };
        if n <= 0 || pfd.revents & libc::POLLIN == 0 {
            return;
        }
        let mut buf = [0u8; 8192];
        // SAFETY: reading into a buffer of the stated length.
        let got = unsafe { libc::read(self.fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if got > 0 {
            self.screen.process(&buf[..got as usize]);
        }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    fn wait_for(&mut self, text: &str) {
        let end = Instant::now() + PATIENCE;
        while !self.contents().contains(text) {
            assert!(Instant::now() < end, "'{text}' never appeared:\n{}", self.contents());
            self.pump(Duration::from_millis(50));
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        // SAFETY: writing from a buffer of the stated length.
        let n = unsafe { libc::write(self.fd(), bytes.as_ptr().cast(), bytes.len()) };
        assert_eq!(n, bytes.len() as isize);
    }

    /// Reads everything for `quiet`.
    fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + quiet;
        while Instant::now() < end {
            self.pump(Duration::from_millis(20));
        }
    }

    /// Closes the window: the terminal's other end goes away. Returns how the game ended.
    fn hang_up(&mut self) -> ExitStatus {
        drop(self.master.take());
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(Instant::now() < end, "nim-tui kept running after its terminal closed");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn saved_game(home: &Path) -> PathBuf {
    home.join("state").join("nim-tui").join("game.json")
}

/// An exit of its own, 0 or 1, and not death by a signal (SIGABRT after a panic in a panic).
fn assert_clean_exit(status: ExitStatus, what: &str) {
    assert!(status.signal().is_none(), "{what}: killed by signal {:?}", status.signal());
    assert!(matches!(status.code(), Some(0 | 1)), "{what}: exit status {status:?}");
}

/// A game of 5 6 7 with one move each, so that there is something to save.
fn game_with_a_move(home: &Path, controlling: bool, ai_delay: &str) -> Terminal {
    let mut term = Terminal::spawn(&["--heaps", "5,6,7", "--ai-delay", ai_delay], home, controlling);
    term.wait_for("Your turn");
    term.send(b"\r");
    term.settle(Duration::from_millis(200));
    term
}

#[test]
fn closing_the_window_mid_game_saves_the_game_and_exits_with_or_without_sighup() {
    for controlling in [true, false] {
        let what = if controlling { "with SIGHUP" } else { "without a controlling terminal" };
        let home = tempfile::tempdir().expect("temp dir");
        let mut term = game_with_a_move(home.path(), controlling, "0");
        term.wait_for("AI took");
        let status = term.hang_up();
        assert_clean_exit(status, what);
        assert!(saved_game(home.path()).is_file(), "{what}: the game was not saved (exit {status:?})");

        // The next start offers it.
        let mut again = Terminal::spawn(&[], home.path(), controlling);
        again.wait_for("Resume");
        assert_clean_exit(again.hang_up(), what);
        assert!(saved_game(home.path()).is_file(), "{what}: closing the menu lost the saved game");
    }
}

#[test]
fn closing_the_window_during_the_ais_pause_saves_the_game() {
    for controlling in [true, false] {
        let home = tempfile::tempdir().expect("temp dir");
        // The AI waits a minute before its move: the window closes while it waits.
        let mut term = game_with_a_move(home.path(), controlling, "60000");
        term.wait_for("AI");
        let status = term.hang_up();
        assert_clean_exit(status, "during the AI's pause");
        assert!(saved_game(home.path()).is_file(), "the game was not saved (exit {status:?})");
    }
}

#[test]
fn closing_the_window_with_an_overlay_open_saves_the_game() {
    for controlling in [true, false] {
        for (key, shows) in [(&b"?"[..], " Keys "), (b"n", "Leave this game"), (b"R", "esign")] {
            let home = tempfile::tempdir().expect("temp dir");
            let mut term = game_with_a_move(home.path(), controlling, "0");
            term.wait_for("AI took");
            term.send(key);
            term.wait_for(shows);
            let status = term.hang_up();
            assert_clean_exit(status, &format!("overlay {shows}"));
            assert!(
                saved_game(home.path()).is_file(),
                "the game was not saved with '{shows}' open (exit {status:?})"
            );
        }
    }
}

#[test]
fn closing_the_window_elsewhere_exits_cleanly() {
    for controlling in [true, false] {
        for (args, shows) in [
            (&[][..], "New game"),
            (&["puzzle"][..], "Heaps"),
            (&["learn"][..], "Lesson"),
            (&["demo", "--ai-delay", "0"][..], "Heaps"),
        ] {
            let home = tempfile::tempdir().expect("temp dir");
            let mut term = Terminal::spawn(args, home.path(), controlling);
            term.wait_for(shows);
            assert_clean_exit(term.hang_up(), &format!("{args:?}"));
            assert!(!saved_game(home.path()).exists(), "{args:?}: nothing to save, nothing saved");
        }
    }
}
