//! A nim-tui process in a real pseudo-terminal, read through a vt100 screen, for the tests that
//! drive the game as a person would. Waits are bounded by generous timeouts so that a broken build
//! fails instead of hanging; they are never used to judge speed.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};

/// How long any single wait may take before the test gives up.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Pty {
    pub child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    pub screen: vt100::Parser,
    /// Every byte the program wrote, since the last `clear_raw`.
    pub raw: Vec<u8>,
    /// The program closed the terminal (it exited).
    pub closed: bool,
}

fn size(rows: u16, cols: u16) -> PtySize {
    PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }
}

impl Pty {
    /// Starts nim-tui with `args` in a `cols`x`rows` terminal, with its data and config under `home`.
    pub fn spawn(args: &[&str], home: &Path, rows: u16, cols: u16) -> Pty {
        Pty::spawn_in_window(args, home, (rows, cols), (rows, cols))
    }

    /// Starts nim-tui in a window of `window` (rows, columns), read through a screen of `screen`:
    /// a window too large to model whole (65535x65535 would take this process's memory too) is
    /// read through the part the game draws on.
    pub fn spawn_in_window(args: &[&str], home: &Path, window: (u16, u16), screen: (u16, u16)) -> Pty {
        let (rows, cols) = screen;
        let pair = native_pty_system().openpty(size(window.0, window.1)).expect("open a pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_nim-tui"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOME", home);
        cmd.env("XDG_DATA_HOME", home.join("data"));
        cmd.env("XDG_STATE_HOME", home.join("state"));
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        cmd.env_remove("NO_COLOR");
        let child = pair.slave.spawn_command(cmd).expect("spawn nim-tui");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let (tx, output) = mpsc::channel();
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(buf[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Pty {
            child,
            master: pair.master,
            writer,
            output,
            screen: vt100::Parser::new(rows, cols, 0),
            raw: Vec::new(),
            closed: false,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("the child has a pid")
    }

    /// Sends bytes as if typed; a program that has gone away is noticed elsewhere.
    pub fn send(&mut self, bytes: &[u8]) {
        let _ = self.writer.write_all(bytes);
        let _ = self.writer.flush();
    }

    fn take(&mut self, bytes: Vec<u8>) {
        self.screen.process(&bytes);
        self.raw.extend_from_slice(&bytes);
    }

    /// Takes in what has arrived, waiting at most `wait` for the first piece.
    pub fn pump(&mut self, wait: Duration) {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => self.take(bytes),
            Err(RecvTimeoutError::Disconnected) => self.closed = true,
            Err(RecvTimeoutError::Timeout) => {}
        }
        while let Ok(bytes) = self.output.try_recv() {
            self.take(bytes);
        }
    }

    /// Takes in output until none arrives for `quiet`.
    pub fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end && !self.closed {
            match self.output.recv_timeout(quiet) {
                Ok(bytes) => self.take(bytes),
                Err(RecvTimeoutError::Disconnected) => self.closed = true,
                Err(RecvTimeoutError::Timeout) => return,
            }
        }
    }

    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Waits until the screen shows `text`; false if it never does.
    pub fn wait_for(&mut self, text: &str) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if self.contents().contains(text) {
                return true;
            }
            if self.closed {
                return false;
            }
            self.pump(Duration::from_millis(50));
        }
        false
    }

    /// Waits until the screen no longer shows `text`; false if it still does at the end.
    pub fn wait_for_gone(&mut self, text: &str) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if !self.contents().contains(text) {
                return true;
            }
            if self.closed {
                return false;
            }
            self.pump(Duration::from_millis(50));
        }
        false
    }

    /// Resizes the terminal; the program hears of it through SIGWINCH.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        // What the program wrote for the old size is read at the old size.
        self.pump(Duration::ZERO);
        self.screen.screen_mut().set_size(rows, cols);
        self.master.resize(size(rows, cols)).expect("resize the pty");
    }

    /// Resizes the window to `window` (rows, columns), read from now on through a blank screen of
    /// `screen`: what is then shown was drawn after the resize.
    pub fn resize_window(&mut self, window: (u16, u16), screen: (u16, u16)) {
        self.pump(Duration::ZERO);
        self.screen = vt100::Parser::new(screen.0, screen.1, 0);
        self.master.resize(size(window.0, window.1)).expect("resize the pty");
    }

    /// The most memory the program has held (VmHWM, in bytes), where /proc tells.
    pub fn peak_memory(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }

    /// Whether the terminal is in its ordinary (cooked) mode, lines edited and echoed, as a shell
    /// wants it; `None` where that cannot be asked.
    pub fn is_cooked(&self) -> Option<bool> {
        #[cfg(unix)]
        {
            let fd = self.master.as_raw_fd()?;
            // SAFETY: tcgetattr fills the termios it is given, which lives on this stack.
            let mut mode: libc::termios = unsafe { std::mem::zeroed() };
            // SAFETY: as above; `fd` is the open master of this pty.
            if unsafe { libc::tcgetattr(fd, &mut mode) } != 0 {
                return None;
            }
            Some(mode.c_lflag & libc::ICANON != 0 && mode.c_lflag & libc::ECHO != 0)
        }
        #[cfg(not(unix))]
        None
    }

    /// Whether the program is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits for the program to exit, reading its output meanwhile; `None` if it does not.
    pub fn wait_exit(&mut self) -> Option<ExitStatus> {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                // The last frame and the restore sequences may still be in the pipe.
                self.settle(Duration::from_millis(200));
                return Some(status);
            }
            self.pump(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
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
