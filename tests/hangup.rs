//! The terminal going away without a signal: started with its own session (as `setsid` does), the
//! game has no controlling terminal, so closing the terminal sends no SIGHUP and its input just
//! ends. The game must notice, save and exit, not spin on reads that return nothing.

#![cfg(unix)]

use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);

struct Terminal {
    master: Option<OwnedFd>,
    screen: vt100::Parser,
    child: Child,
}

impl Terminal {
    /// nim-tui in a new pseudo-terminal that is not its controlling terminal.
    fn spawn(args: &[&str], home: &Path) -> Terminal {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize { ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
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
        let stderr = File::create(home.join("stderr.txt")).expect("stderr file");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_nim-tui"));
        cmd.args(args)
            .env("TERM", "xterm-256color")
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave))
            .stderr(Stdio::from(stderr));
        // SAFETY: setsid is async-signal-safe. A new session has no controlling terminal, and
        // opening the pty as stdin does not make it one (no TIOCSCTTY).
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
        let child = cmd.spawn().expect("spawn nim-tui");
        Terminal { master: Some(master), screen: vt100::Parser::new(30, 100, 0), child }
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

    fn wait_for(&mut self, text: &str) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if self.screen.screen().contents().contains(text) {
                return true;
            }
            self.pump(Duration::from_millis(50));
        }
        false
    }

    fn send(&mut self, bytes: &[u8]) {
        // SAFETY: writing from a buffer of the stated length.
        let n = unsafe { libc::write(self.fd(), bytes.as_ptr().cast(), bytes.len()) };
        assert_eq!(n, bytes.len() as isize);
    }

    /// Waits for the screen to show `text` after sending `bytes`, reading everything meanwhile.
    fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + quiet;
        while Instant::now() < end {
            self.pump(Duration::from_millis(20));
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

#[test]
fn closing_the_terminal_without_sighup_saves_the_game_and_exits() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut term = Terminal::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home.path());
    assert!(term.wait_for("Your turn"), "the game did not start:\n{}", term.screen.screen().contents());
    term.send(b"h");
    term.settle(Duration::from_millis(200));
    term.send(b"\r");
    term.settle(Duration::from_millis(300));
    assert!(term.wait_for("Your turn"), "no turn after the move:\n{}", term.screen.screen().contents());

    // The window closes: the terminal's other end goes away, and no signal comes.
    drop(term.master.take());

    let end = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = term.child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > end {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = std::fs::read_to_string(home.path().join("stderr.txt")).unwrap_or_default();
    let status =
        status.unwrap_or_else(|| panic!("nim-tui kept running after its terminal closed; stderr: {stderr}"));
    assert!(status.code().is_some(), "killed by a signal ({status:?}), not an exit; stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        home.path().join("state").join("nim-tui").join("game.json").is_file(),
        "the game was not saved (exit {status:?}); stderr: {stderr}"
    );
}
