//! Every way out saves the game and restores the terminal: SIGTERM, SIGHUP and Ctrl-C, sent to the
//! real binary in a pseudo-terminal.

mod pty_support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use pty_support::Pty;

const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";

/// Starts a 5-6-7 game and makes one move, so that there is something to save.
fn game_with_a_move(home: &Path) -> Pty {
    let mut pty = Pty::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home, 30, 100);
    assert!(pty.wait_for("Your turn"), "the game did not start:\n{}", pty.contents());
    pty.send(b"h");
    pty.settle(Duration::from_millis(200));
    pty.send(b"\r");
    // The AI answers at once; then it is the player's turn again.
    pty.settle(Duration::from_millis(300));
    assert!(pty.wait_for("Your turn"), "no turn after the move:\n{}", pty.contents());
    pty
}

fn send_signal(pty: &Pty, signal: &str) {
    let status = Command::new("kill").args([signal, &pty.pid().to_string()]).status().expect("run kill");
    assert!(status.success(), "kill {signal} failed");
}

fn saved_game(home: &Path) -> std::path::PathBuf {
    home.join("data").join("nim-tui").join("game.json")
}

#[test]
fn sigterm_saves_the_game_restores_the_terminal_and_offers_resume() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = game_with_a_move(home.path());
    pty.raw.clear();
    send_signal(&pty, "-TERM");
    let status = pty.wait_exit().expect("nim-tui did not exit on SIGTERM");
    assert!(saved_game(home.path()).is_file(), "no game.json after SIGTERM (exit {status:?})");
    assert!(
        pty.raw.windows(LEAVE_ALTERNATE_SCREEN.len()).any(|w| w == LEAVE_ALTERNATE_SCREEN),
        "the alternate screen was not left: {:?}",
        String::from_utf8_lossy(&pty.raw)
    );
    assert!(!pty.screen.screen().alternate_screen());

    let mut again = Pty::spawn(&[], home.path(), 30, 100);
    assert!(again.wait_for("Resume"), "no Resume on the start screen:\n{}", again.contents());
    again.send(b"q");
    let status = again.wait_exit().expect("nim-tui did not quit from the start screen");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn sighup_saves_the_game() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = game_with_a_move(home.path());
    send_signal(&pty, "-HUP");
    pty.wait_exit().expect("nim-tui did not exit on SIGHUP");
    assert!(saved_game(home.path()).is_file(), "no game.json after SIGHUP");
}

#[test]
fn ctrl_c_quits_cleanly() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = game_with_a_move(home.path());
    pty.raw.clear();
    pty.send(b"\x03");
    let status = pty.wait_exit().expect("nim-tui did not exit on Ctrl-C");
    assert!(status.success(), "exit status {status:?}");
    assert!(pty.raw.windows(LEAVE_ALTERNATE_SCREEN.len()).any(|w| w == LEAVE_ALTERNATE_SCREEN));
    assert!(!pty.screen.screen().alternate_screen());
    // An unfinished game is kept on a quit too.
    assert!(saved_game(home.path()).is_file(), "no game.json after Ctrl-C");
}
