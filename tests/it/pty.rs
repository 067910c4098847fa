//! The real binary in a real pseudo-terminal: a whole game played with the keys, quitting with `q`
//! and with Ctrl-C, and the terminal left as it was found; windows of any size, up to 65535x65535.
//! Also the binary without a terminal.
//!
//! Every wait is bounded: each step has a few seconds, each test about twenty, and the child is
//! killed if a test fails half-way.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

use crate::support::pty;

const BIN: &str = env!("CARGO_BIN_EXE_nim-tui");
const ROWS: u16 = 30;
const COLS: u16 = 100;
const STEP: Duration = Duration::from_secs(5);
const WHOLE_TEST: Duration = Duration::from_secs(20);
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
const DISABLE_MOUSE: &[u8] = b"\x1b[?1000l";

/// Everything the program wrote, raw and as a screen.
struct Output {
    parser: vt100::Parser,
    raw: Vec<u8>,
}

/// A directory standing in for the home and config folders, removed at the end.
struct TempHome(PathBuf);

impl TempHome {
    fn new(name: &str) -> TempHome {
        let dir = std::env::temp_dir().join(format!("nim-tui-pty-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).expect("a temporary data folder");
        std::fs::create_dir_all(dir.join("config")).expect("a temporary config folder");
        TempHome(dir)
    }
}

impl Drop for TempHome {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The game running in a pseudo-terminal.
struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Output>>,
    /// Set by the reader once the terminal is closed: all output has been read.
    closed: Arc<AtomicBool>,
    deadline: Instant,
    _master: Box<dyn MasterPty + Send>,
    _home: TempHome,
}

impl Session {
    fn start(name: &str, args: &[&str]) -> Session {
        let home = TempHome::new(name);
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(BIN);
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("HOME", &home.0);
        cmd.env("XDG_DATA_HOME", home.0.join("data"));
        cmd.env("XDG_STATE_HOME", home.0.join("state"));
        cmd.env("XDG_CONFIG_HOME", home.0.join("config"));
        cmd.cwd(&home.0);
        let child = pty.slave.spawn_command(cmd).expect("the game starts");
        // Only the child holds the terminal's other end now, so reading ends when it exits.
        drop(pty.slave);

        let mut reader = pty.master.try_clone_reader().expect("a reader on the terminal");
        let writer = pty.master.take_writer().expect("a writer on the terminal");
        let output =
            Arc::new(Mutex::new(Output { parser: vt100::Parser::new(ROWS, COLS, 0), raw: Vec::new() }));
        let closed = Arc::new(AtomicBool::new(false));
        {
            let output = Arc::clone(&output);
            let closed = Arc::clone(&closed);
            thread::spawn(move || {
                let mut buf = [0u8; 8192];
                loop {
                    match reader.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
                            out.parser.process(&buf[..n]);
                            out.raw.extend_from_slice(&buf[..n]);
                        }
                    }
                }
                closed.store(true, Ordering::SeqCst);
            });
        }
        Session {
            child,
            writer,
            output,
            closed,
            deadline: Instant::now() + WHOLE_TEST,
            _master: pty.master,
            _home: home,
        }
    }

    fn screen_text(&self) -> String {
        self.output.lock().unwrap_or_else(|e| e.into_inner()).parser.screen().contents()
    }

    fn press(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("writing to the terminal");
        self.writer.flush().expect("writing to the terminal");
    }

    /// Waits until the screen satisfies `ready`, for at most one step and never past the test's
    /// deadline; fails with the screen as it is.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let until = (Instant::now() + STEP).min(self.deadline);
        loop {
            let text = self.screen_text();
            if ready(&text) {
                return text;
            }
            if Instant::now() >= until {
                panic!("timed out waiting for {what}; the screen shows:\n{text}");
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the program to exit and for its last output to be read.
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let until = (Instant::now() + STEP).min(self.deadline);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                break status;
            }
            if Instant::now() >= until {
                panic!("the game did not exit; the screen shows:\n{}", self.screen_text());
            }
            thread::sleep(Duration::from_millis(10));
        };
        while !self.closed.load(Ordering::SeqCst) && Instant::now() < until {
            thread::sleep(Duration::from_millis(10));
        }
        status
    }

    /// Checks that the program put the terminal back: main screen, cursor shown, mouse released.
    fn assert_terminal_restored(&self) {
        let out = self.output.lock().unwrap_or_else(|e| e.into_inner());
        let screen = out.parser.screen();
        assert!(!screen.alternate_screen(), "the alternate screen was not left");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse reporting is still on"
        );
        let raw = &out.raw;
        let find = |needle: &[u8]| raw.windows(needle.len()).rposition(|w| w == needle);
        let left = find(LEAVE_ALTERNATE_SCREEN).expect("the program never left the alternate screen");
        let entered = find(b"\x1b[?1049h").expect("the program never entered the alternate screen");
        assert!(left > entered, "the alternate screen was entered again after it was left");
        assert!(find(DISABLE_MOUSE).is_some(), "mouse reporting was never switched off");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn your_turn_without_hint(text: &str) -> bool {
    text.contains("Your turn") && !text.contains("Hint")
}

#[test]
fn a_whole_game_following_the_hints_is_won_and_q_restores_the_terminal() {
    let mut game = Session::start("win", &["--heaps", "3,4,5", "--ai-delay", "0"]);
    let first = game.wait_for("the board", your_turn_without_hint);
    assert!(first.contains("Normal play"), "{first}");
    // Each heap's row ends with its count, right after its tokens.
    for (heap, count) in [(1, "3"), (2, "4"), (3, "5")] {
        let row = first.lines().find(|l| l.contains(&format!(" {heap} │"))).unwrap_or_default();
        assert!(row.trim_end_matches([' ', '│']).ends_with(&format!(" {count}")), "heap {heap}: {first}");
    }

    let mut moves = 0;
    loop {
        game.press(b"h");
        game.wait_for("the hint", |t| t.contains("Hint:"));
        game.press(b"\r");
        // The hint goes away only once the move is played; then either the AI has replied or
        // the player has won.
        let text = game
            .wait_for("the AI's reply or the end", |t| your_turn_without_hint(t) || t.contains("You win!"));
        moves += 1;
        if text.contains("You win!") {
            assert!(text.contains("You took the last token"), "{text}");
            assert!(text.contains("Game over"), "{text}");
            break;
        }
        assert!(text.contains("AI took"), "the AI's move is reported:\n{text}");
        assert!(moves < 12, "3 4 5 has only 12 tokens; the game should be over:\n{text}");
    }

    game.press(b"q");
    let status = game.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    game.assert_terminal_restored();
}

#[test]
fn ctrl_c_while_the_ai_thinks_quits_cleanly() {
    // A long pause keeps the AI thinking when Ctrl-C comes.
    let mut game = Session::start("ctrl-c", &["--heaps", "3,4,5", "--ai-delay", "60000", "--mode", "misere"]);
    let text = game.wait_for("the board", your_turn_without_hint);
    assert!(text.contains("Misère"), "{text}");
    game.press(b"\r");
    game.wait_for("the AI's pause", |t| t.contains("AI is thinking…"));
    game.press(b"\x03");
    let status = game.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    game.assert_terminal_restored();
}

#[test]
fn ctrl_c_on_the_players_turn_quits_cleanly() {
    let mut game = Session::start("ctrl-c-turn", &["--heaps", "1,2", "--ai-delay", "0"]);
    game.wait_for("the board", your_turn_without_hint);
    // Esc closes the help overlay first; the game goes on.
    game.press(b"?");
    game.wait_for("the help overlay", |t| t.contains("Keys") && t.contains("quit (the game is kept)"));
    game.press(b"\x1b");
    game.wait_for("the overlay to close", |t| {
        !t.contains("quit (the game is kept)") && t.contains("Your turn")
    });
    assert!(game.child.try_wait().expect("the child's status").is_none(), "Esc under the overlay quit");
    game.press(b"h");
    game.wait_for("the hint", |t| t.contains("Hint:"));
    game.press(b"\x03");
    let status = game.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    game.assert_terminal_restored();
}

#[test]
fn without_a_terminal_the_game_points_to_solve_and_writes_no_escape_codes() {
    for args in [&["--heaps", "3,4,5"][..], &[][..]] {
        let home = TempHome::new(if args.is_empty() { "no-tty-start" } else { "no-tty-heaps" });
        let output = Command::new(BIN)
            .args(args)
            .env("HOME", &home.0)
            .env("XDG_DATA_HOME", home.0.join("data"))
            .env("XDG_STATE_HOME", home.0.join("state"))
            .env("XDG_CONFIG_HOME", home.0.join("config"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("nim-tui solve"), "{args:?}: {stderr}");
        assert!(stderr.contains("terminal"), "{args:?}: {stderr}");
        assert!(!output.stdout.contains(&0x1b), "escape codes on stdout: {:?}", output.stdout);
        assert!(!output.stderr.contains(&0x1b), "escape codes on stderr: {stderr:?}");
    }
}

/// The largest screen the game draws (`ui::MAX_WIDTH` x `ui::MAX_HEIGHT`): a larger window is read
/// through a screen of this size, which is all the game draws on.
const LARGEST: (u16, u16) = (nim_tui::ui::MAX_HEIGHT, nim_tui::ui::MAX_WIDTH);

/// Far more than the game needs at its largest screen (a few tens of MB), far less than a screen
/// of 10000x10000 took (9 GB) before the screen was clamped.
const MEMORY_BOUND: u64 = 1 << 30;

#[test]
fn a_huge_window_is_drawn_as_the_largest_screen_and_the_game_plays_on() {
    for huge in [65535, 10000] {
        let home = tempfile::tempdir().expect("temp dir");
        let mut pty = pty::Pty::spawn_in_window(
            &["--heaps", "5,6,7", "--ai-delay", "0"],
            home.path(),
            (huge, huge),
            LARGEST,
        );
        assert!(pty.wait_for("Your turn"), "{huge}x{huge}: the game did not start:\n{}", pty.contents());
        pty.send(b"\r");
        assert!(pty.wait_for("AI took"), "{huge}x{huge}: the move was not played:\n{}", pty.contents());

        // Back to an ordinary window, then huge again mid-game: the game is drawn afresh each time.
        pty.resize_window((ROWS, COLS), (ROWS, COLS));
        assert!(pty.wait_for("AI took"), "{huge}x{huge}, then {COLS}x{ROWS}:\n{}", pty.contents());
        pty.resize_window((huge, huge), LARGEST);
        assert!(pty.wait_for("AI took"), "{huge}x{huge} again:\n{}", pty.contents());
        pty.send(b"h");
        assert!(pty.wait_for("Hint"), "{huge}x{huge}: keys work:\n{}", pty.contents());

        if let Some(peak) = pty.peak_memory() {
            assert!(peak < MEMORY_BOUND, "{huge}x{huge}: {peak} bytes at the peak");
        }
        pty.send(b"q");
        let status = pty.wait_exit().expect("nim-tui did not quit");
        assert!(status.success(), "{huge}x{huge}: exit status {status:?}");
        assert!(!pty.screen.screen().alternate_screen(), "the alternate screen was not left");
        assert!(!pty.screen.screen().hide_cursor(), "the cursor is still hidden");
    }
}

#[test]
fn a_game_started_in_an_ordinary_window_survives_a_huge_one() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = pty::Pty::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home.path(), ROWS, COLS);
    assert!(pty.wait_for("Your turn"), "{}", pty.contents());
    for window in [(65535, 65535), (10000, 10000), (65535, 60), (24, 65535), (ROWS, COLS)] {
        let screen = (window.0.min(LARGEST.0), window.1.min(LARGEST.1));
        pty.resize_window(window, screen);
        assert!(pty.wait_for("Your turn"), "{window:?}:\n{}", pty.contents());
    }
    if let Some(peak) = pty.peak_memory() {
        assert!(peak < MEMORY_BOUND, "{peak} bytes at the peak");
    }
    pty.send(b"q");
    assert!(pty.wait_exit().expect("nim-tui did not quit").success());
}

#[test]
fn every_screen_in_a_huge_window() {
    for (args, shows) in [(&[][..], "New game"), (&["puzzle"][..], "Heaps"), (&["learn"][..], "Lesson")] {
        let home = tempfile::tempdir().expect("temp dir");
        let mut pty = pty::Pty::spawn_in_window(args, home.path(), (65535, 65535), LARGEST);
        assert!(pty.wait_for(shows), "{args:?}:\n{}", pty.contents());
        // A click anywhere, and the wheel, are taken as on any screen.
        pty.send(b"\x1b[<0;300;150M\x1b[<0;300;150m\x1b[<65;10;10M");
        pty.send(b"?");
        assert!(pty.wait_for(" Keys "), "{args:?}: the help opens:\n{}", pty.contents());
        if let Some(peak) = pty.peak_memory() {
            assert!(peak < MEMORY_BOUND, "{args:?}: {peak} bytes at the peak");
        }
        pty.send(b"q");
        assert!(pty.wait_for_gone(" Keys "), "{args:?}: the help closes:\n{}", pty.contents());
        pty.send(b"q");
        let status = pty.wait_exit().expect("nim-tui did not quit");
        assert!(status.success(), "{args:?}: exit status {status:?}");
    }
}
