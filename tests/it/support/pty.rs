//! nim-tui in a real pseudo-terminal, read through a vt100 screen: the one driver of every test
//! that drives the game as a person would.
//!
//! As in a real session the terminal holds all three of the program's standard descriptors, and
//! it is the program's controlling terminal (so that a resize sends SIGWINCH and closing it sends
//! SIGHUP) unless the test starts it in a session of its own without one, as `setsid` does.
//! The test reads the terminal itself, with poll(2), rather than from a reader thread: no thread
//! holds a copy of the terminal, so closing it (`hang_up`) closes it, as closing a window does.
//!
//! Waits are bounded by generous timeouts so that a broken build fails instead of hanging; they
//! are never used to judge speed.

use std::ffi::OsStr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::{XDG, command};

/// How long any single wait may take before the test gives up.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The program in its terminal.
pub struct Pty {
    pub child: Child,
    /// The terminal's end the test holds; `None` once it is closed (`hang_up`).
    master: Option<OwnedFd>,
    pub screen: vt100::Parser,
    /// Every byte the program wrote, since the last `raw.clear()`.
    pub raw: Vec<u8>,
    /// The program closed the terminal (it, and whatever it started, exited).
    pub closed: bool,
    /// A query the terminal answers, once, as a real one would (`Launch::answering`).
    answer: Option<(Vec<u8>, Vec<u8>)>,
}

/// How to start the program: its arguments, home, window and surroundings.
pub struct Launch {
    command: Command,
    window: (u16, u16),
    screen: (u16, u16),
    controlling: bool,
    answer: Option<(Vec<u8>, Vec<u8>)>,
    /// Standard input from this file instead of the terminal (`nim-tui replay - < FILE`).
    stdin: Option<std::path::PathBuf>,
}

impl Launch {
    pub fn stdin_file(mut self, path: &Path) -> Launch {
        self.stdin = Some(path.to_path_buf());
        self
    }

    /// The terminal's size, in rows and columns.
    pub fn size(self, rows: u16, cols: u16) -> Launch {
        self.window((rows, cols), (rows, cols))
    }

    /// A window of `window` (rows, columns), read through a screen of `screen`: a window too large
    /// to model whole (65535x65535 would take this process's memory too) is read through the part
    /// the game draws on.
    pub fn window(mut self, window: (u16, u16), screen: (u16, u16)) -> Launch {
        (self.window, self.screen) = (window, screen);
        self
    }

    pub fn env(mut self, name: &str, value: impl AsRef<OsStr>) -> Launch {
        self.command.env(name, value);
        self
    }

    pub fn env_remove(mut self, name: &str) -> Launch {
        self.command.env_remove(name);
        self
    }

    /// No `XDG_*` variable at all: the program finds its directories from `HOME` alone.
    pub fn without_xdg(mut self) -> Launch {
        for (name, _) in XDG {
            self.command.env_remove(name);
        }
        self
    }

    /// Starts the program in `dir` (by default in its home, when that is a directory).
    pub fn cwd(mut self, dir: &Path) -> Launch {
        self.command.current_dir(dir);
        self
    }

    /// A session of its own with no controlling terminal: closing the terminal only ends the
    /// program's input, and sends no SIGHUP.
    pub fn without_controlling_terminal(mut self) -> Launch {
        self.controlling = false;
        self
    }

    /// The terminal answers `query`, the first time the program sends it, with `reply`.
    pub fn answering(mut self, query: &[u8], reply: &[u8]) -> Launch {
        self.answer = Some((query.to_vec(), reply.to_vec()));
        self
    }

    pub fn spawn(mut self) -> Pty {
        let (mut master, mut slave) = (-1, -1);
        let mut size = winsize(self.window);
        // SAFETY: out-pointers to two ints; no name buffer and default terminal settings. The
        // settings and the size are passed as `*mut`, which coerces to Linux's `*const` and is
        // macOS's own type (there openpty takes `*mut termios` and `*mut winsize`).
        let r = unsafe {
            libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null_mut(), &raw mut size)
        };
        assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned two open descriptors that nothing else owns.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        // openpty's descriptors are inherited by default: no other child may keep them open, or
        // closing the master here would not close the terminal. The master never blocks: the test
        // reads what has come, and writes what fits, while the program may be writing too.
        // SAFETY: setting flags on descriptors this function owns.
        unsafe {
            for fd in [&master, &slave] {
                libc::fcntl(fd.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC);
            }
            let flags = libc::fcntl(master.as_raw_fd(), libc::F_GETFL);
            libc::fcntl(master.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
        let dup = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup the terminal"));
        let stdin = match &self.stdin {
            Some(path) => Stdio::from(std::fs::File::open(path).expect("the file for standard input")),
            None => dup(&slave),
        };
        self.command.stdin(stdin).stdout(dup(&slave)).stderr(Stdio::from(slave));
        let controlling = self.controlling;
        // SAFETY: setsid, ioctl, syscall and fcntl are async-signal-safe, and nothing is allocated.
        // A new session has no controlling terminal; TIOCSCTTY on the terminal (now stdin) makes
        // it the controlling one. Any descriptor another test's terminal left open in this
        // process at the fork is closed at the exec, so that no child keeps another's terminal.
        unsafe {
            self.command.pre_exec(move || {
                libc::setsid();
                if controlling && libc::ioctl(1, libc::TIOCSCTTY as _, 0) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                close_at_exec_from(3);
                Ok(())
            });
        }
        let child = self.command.spawn().expect("spawn nim-tui");
        // The child holds the only copies of the terminal's other end now, so the test sees the
        // terminal close when the program (and whatever it started) has exited.
        Pty {
            child,
            master: Some(master),
            screen: vt100::Parser::new(self.screen.0, self.screen.1, 0),
            raw: Vec::new(),
            closed: false,
            answer: self.answer,
        }
    }
}

/// Marks every descriptor from `first` up to be closed at the exec. Run in the child between fork
/// and exec, so only async-signal-safe calls.
fn close_at_exec_from(first: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: close_range(2) with CLOSE_RANGE_CLOEXEC only sets a flag on descriptors.
    if unsafe { libc::syscall(libc::SYS_close_range, first as u32, u32::MAX, libc::CLOSE_RANGE_CLOEXEC) } == 0
    {
        return;
    }
    for fd in first..4096 {
        // SAFETY: fcntl on a descriptor that may not be open fails harmlessly.
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    }
}

fn winsize((rows, cols): (u16, u16)) -> libc::winsize {
    libc::winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 }
}

impl Pty {
    /// nim-tui with `args`, its data, state and config under `home` (`support::command`), started
    /// there, with `TERM=xterm-256color` and no `NO_COLOR`; in a terminal of 30x100 unless the
    /// test says otherwise.
    pub fn with(args: &[&str], home: &Path) -> Launch {
        let mut cmd = command(home);
        cmd.args(args).env("TERM", "xterm-256color").env_remove("NO_COLOR");
        if home.is_dir() {
            cmd.current_dir(home);
        }
        Launch {
            command: cmd,
            window: (30, 100),
            screen: (30, 100),
            controlling: true,
            answer: None,
            stdin: None,
        }
    }

    /// Another program in the terminal (the OpenSSH client, for `serve`'s tests), with
    /// `TERM=xterm-256color`, in a terminal of 30x100 unless the test says otherwise.
    #[allow(dead_code, reason = "used by the server's tests, which share this file")]
    pub fn program(program: &str, args: &[&str]) -> Launch {
        let mut cmd = Command::new(program);
        cmd.args(args).env("TERM", "xterm-256color");
        Launch {
            command: cmd,
            window: (30, 100),
            screen: (30, 100),
            controlling: true,
            answer: None,
            stdin: None,
        }
    }

    /// Starts nim-tui with `args` in a `cols`x`rows` terminal, with its data and config under `home`.
    pub fn spawn(args: &[&str], home: &Path, rows: u16, cols: u16) -> Pty {
        Pty::with(args, home).size(rows, cols).spawn()
    }

    /// Starts nim-tui in a window of `window` (rows, columns), read through a screen of `screen`.
    pub fn spawn_in_window(args: &[&str], home: &Path, window: (u16, u16), screen: (u16, u16)) -> Pty {
        Pty::with(args, home).window(window, screen).spawn()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn fd(&self) -> Option<i32> {
        self.master.as_ref().map(AsRawFd::as_raw_fd)
    }

    /// Sends bytes as if typed; a program that has gone away is noticed elsewhere. What the program
    /// writes meanwhile is read, so that neither side waits on the other.
    pub fn send(&mut self, bytes: &[u8]) {
        let end = Instant::now() + PATIENCE;
        let mut rest = bytes;
        while !rest.is_empty() && Instant::now() < end {
            let Some(fd) = self.fd() else { return };
            let mut pfd = libc::pollfd { fd, events: libc::POLLIN | libc::POLLOUT, revents: 0 };
            // SAFETY: one valid pollfd.
            if unsafe { libc::poll(&mut pfd, 1, 50) } <= 0 {
                continue;
            }
            if pfd.revents & libc::POLLOUT != 0 {
                // SAFETY: writing from a buffer of the stated length.
                let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
                if n > 0 {
                    rest = &rest[n as usize..];
                } else if std::io::Error::last_os_error().kind() != std::io::ErrorKind::WouldBlock {
                    return;
                }
            }
            if pfd.revents & (libc::POLLIN | libc::POLLHUP | libc::POLLERR) != 0 && !self.read_available() {
                return;
            }
        }
    }

    /// Reads everything that has arrived; false once the terminal has closed.
    fn read_available(&mut self) -> bool {
        let Some(fd) = self.fd() else { return false };
        let mut buf = [0u8; 8192];
        loop {
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
            if got > 0 {
                self.take(&buf[..got as usize]);
                continue;
            }
            if got < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::WouldBlock {
                return true;
            }
            // End of file, or EIO: every copy of the other end is closed.
            self.closed = true;
            return false;
        }
    }

    fn take(&mut self, bytes: &[u8]) {
        self.screen.process(bytes);
        self.raw.extend_from_slice(bytes);
    }

    /// Answers the query the terminal answers, once it has been asked.
    fn answer_if_asked(&mut self) {
        let asked = self.answer.as_ref().is_some_and(|(query, _)| self.raw_contains(query));
        if asked && let Some((_, reply)) = self.answer.take() {
            self.send(&reply);
        }
    }

    /// Takes in what has arrived, waiting at most `wait` for the first piece; whether anything
    /// came.
    pub fn pump(&mut self, wait: Duration) -> bool {
        let Some(fd) = self.fd() else { return false };
        let mut pfd = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd.
        let n = unsafe { libc::poll(&mut pfd, 1, wait.as_millis().min(i32::MAX as u128) as i32) };
        let before = self.raw.len();
        if n > 0 {
            self.read_available();
            self.answer_if_asked();
        }
        self.raw.len() > before
    }

    /// Reads on while more keeps coming within a moment (for at most a quarter of a second), so
    /// that a frame written in several pieces is judged whole, even where output never stops.
    fn finish_frame(&mut self) {
        let end = Instant::now() + Duration::from_millis(250);
        while Instant::now() < end && self.pump(Duration::from_millis(25)) {}
    }

    /// Takes in output until none arrives for `quiet`.
    pub fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end && !self.closed {
            let before = self.raw.len();
            self.pump(quiet);
            if self.raw.len() == before {
                return;
            }
        }
    }

    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Whether the program has written `needle` since the last `raw.clear()`.
    pub fn raw_contains(&self, needle: &[u8]) -> bool {
        self.raw.windows(needle.len()).any(|w| w == needle)
    }

    /// Waits until the screen satisfies `ready`, judged on whole frames; false if it never does.
    pub fn wait_until(&mut self, ready: impl Fn(&str) -> bool) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if ready(&self.contents()) {
                return true;
            }
            if self.closed {
                return false;
            }
            if self.pump(Duration::from_millis(50)) {
                self.finish_frame();
            }
        }
        false
    }

    /// Waits until the screen shows `text`; false if it never does.
    pub fn wait_for(&mut self, text: &str) -> bool {
        self.wait_until(|screen| screen.contains(text))
    }

    /// Waits until the screen no longer shows `text`; false if it still does at the end.
    pub fn wait_for_gone(&mut self, text: &str) -> bool {
        self.wait_until(|screen| !screen.contains(text))
    }

    fn set_window(&mut self, window: (u16, u16)) {
        let fd = self.fd().expect("the terminal is open");
        let size = winsize(window);
        // SAFETY: TIOCSWINSZ reads the winsize it is given, which lives on this stack.
        let r = unsafe { libc::ioctl(fd, libc::TIOCSWINSZ, &size) };
        assert_eq!(r, 0, "resize the terminal: {}", std::io::Error::last_os_error());
    }

    /// Resizes the terminal; the program hears of it through SIGWINCH.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        // What the program wrote for the old size is read at the old size.
        self.pump(Duration::ZERO);
        self.screen.screen_mut().set_size(rows, cols);
        self.set_window((rows, cols));
    }

    /// Resizes the window to `window` (rows, columns), read from now on through a blank screen of
    /// `screen`: what is then shown was drawn after the resize.
    pub fn resize_window(&mut self, window: (u16, u16), screen: (u16, u16)) {
        self.pump(Duration::ZERO);
        self.screen = vt100::Parser::new(screen.0, screen.1, 0);
        self.set_window(window);
    }

    /// The most memory the program has held (VmHWM, in bytes), where /proc tells.
    pub fn peak_memory(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// Whether the terminal is in its ordinary (cooked) mode, lines edited and echoed, as a shell
    /// wants it; `None` once the terminal is closed.
    pub fn is_cooked(&self) -> Option<bool> {
        let fd = self.fd()?;
        // SAFETY: tcgetattr fills the termios it is given, which lives on this stack.
        let mut mode: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: as above; `fd` is the open master of this terminal.
        if unsafe { libc::tcgetattr(fd, &mut mode) } != 0 {
            return None;
        }
        Some(mode.c_lflag & libc::ICANON != 0 && mode.c_lflag & libc::ECHO != 0)
    }

    /// Whether the program is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the program to exit, reading its output meanwhile; `None` (and the program
    /// killed) if it does not.
    pub fn wait_exit(&mut self) -> Option<ExitStatus> {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                // The last frame and the restore sequences may still be on their way.
                self.settle(Duration::from_millis(200));
                return Some(status);
            }
            self.pump(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }

    /// Closes the window: the terminal's other end goes away. Returns how the program ended; it
    /// must end by itself.
    pub fn hang_up(&mut self) -> ExitStatus {
        drop(self.master.take());
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for nim-tui") {
                return status;
            }
            assert!(Instant::now() < end, "nim-tui kept running after its terminal closed");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if self.alive() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Where the saved game is kept under a home given to `Pty::with`.
pub fn saved_game(home: &Path) -> PathBuf {
    home.join("state").join("nim-tui").join("game.json")
}

/// Starts a 5-6-7 game (with `flags` too) and makes one move, the hint's, so that there is
/// something to save; the AI answers at once and it is the player's turn again.
pub fn game_with_a_move(home: &Path, flags: &[&str]) -> Pty {
    let mut args = vec!["--heaps", "5,6,7", "--ai-delay", "0"];
    args.extend_from_slice(flags);
    let mut pty = Pty::spawn(&args, home, 30, 100);
    assert!(pty.wait_for("Your turn"), "the game did not start:\n{}", pty.contents());
    pty.send(b"h");
    pty.settle(Duration::from_millis(200));
    pty.send(b"\r");
    pty.settle(Duration::from_millis(300));
    assert!(pty.wait_for("Your turn"), "no turn after the move:\n{}", pty.contents());
    pty
}

/// Opens the start screen in a new window, resumes the saved game there and waits until this
/// window has claimed it (the saved file is no longer on offer).
pub fn resume_and_claim(home: &Path) -> Pty {
    let mut pty = Pty::spawn(&[], home, 30, 100);
    assert!(pty.wait_for("Resume"), "no Resume offered:\n{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Your turn"), "the game did not resume:\n{}", pty.contents());
    let end = std::time::Instant::now() + PATIENCE;
    while saved_game(home).exists() && std::time::Instant::now() < end {
        pty.pump(Duration::from_millis(50));
    }
    pty
}
