//! Every way out saves the game and restores the terminal: SIGTERM, SIGHUP and Ctrl-C, sent to the
//! real binary in a pseudo-terminal.

#![cfg(unix)]

use crate::support::pty::{self, Pty, saved_game};

use std::path::Path;
use std::process::Command;
use std::time::Duration;

const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";

fn game_with_a_move(home: &Path) -> Pty {
    pty::game_with_a_move(home, &[])
}

fn send_signal(pty: &Pty, signal: &str) {
    let status = Command::new("kill").args([signal, &pty.pid().to_string()]).status().expect("run kill");
    assert!(status.success(), "kill {signal} failed");
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

/// Whether the screen is back in the shell's (main) screen, after the restore sequence.
fn restored(pty: &Pty) -> bool {
    pty.raw.windows(LEAVE_ALTERNATE_SCREEN.len()).any(|w| w == LEAVE_ALTERNATE_SCREEN)
        && !pty.screen.screen().alternate_screen()
}

#[test]
fn every_terminating_signal_saves_the_game_and_restores_the_terminal() {
    for signal in ["-QUIT", "-USR1", "-USR2", "-ALRM", "-PIPE", "-INT"] {
        let home = tempfile::tempdir().expect("temp dir");
        let mut pty = game_with_a_move(home.path());
        pty.raw.clear();
        send_signal(&pty, signal);
        let status = pty.wait_exit().unwrap_or_else(|| panic!("nim-tui did not exit on {signal}"));
        assert!(saved_game(home.path()).is_file(), "no game.json after {signal} (exit {status:?})");
        assert!(
            restored(&pty),
            "{signal}: the terminal was not restored: {:?}",
            String::from_utf8_lossy(&pty.raw)
        );
        // Mouse reporting is switched off again.
        assert!(
            pty.raw.windows(8).any(|w| w == b"\x1b[?1000l"),
            "{signal}: mouse reporting left on: {:?}",
            String::from_utf8_lossy(&pty.raw)
        );
    }
}

/// The process state letter from /proc (T when stopped), if there is a /proc.
fn state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The state follows the command name in parentheses, which may itself hold spaces.
    stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next())
}

/// Waits (generously) until the process is stopped, or no longer is.
fn wait_stopped(pid: u32, stopped: bool) -> bool {
    let end = std::time::Instant::now() + pty::PATIENCE;
    while std::time::Instant::now() < end {
        match state(pid) {
            Some(s) if (s == 'T') == stopped => return true,
            None => return false,
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

fn check_suspend_and_continue(mut pty: Pty, suspend: impl FnOnce(&mut Pty)) {
    pty.raw.clear();
    suspend(&mut pty);
    assert!(wait_stopped(pty.pid(), true), "nim-tui did not stop");
    pty.settle(Duration::from_millis(200));
    assert!(
        restored(&pty),
        "the terminal was not restored before stopping: {:?}",
        String::from_utf8_lossy(&pty.raw)
    );
    // Fully: the shell gets its cursor, no mouse reports and its line editing back.
    let screen = pty.screen.screen();
    assert!(
        !screen.hide_cursor(),
        "the cursor is hidden while stopped: {:?}",
        String::from_utf8_lossy(&pty.raw)
    );
    assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse reporting left on");
    assert_ne!(pty.is_cooked(), Some(false), "the terminal was left raw");

    // The shell may have drawn over everything meanwhile.
    pty.screen.process(b"\x1b[2J\x1b[Hshell was here");
    pty.raw.clear();
    send_signal(&pty, "-CONT");
    assert!(wait_stopped(pty.pid(), false), "nim-tui did not go on after SIGCONT");
    assert!(pty.wait_for("Your turn"), "the screen was not drawn again:\n{}", pty.contents());
    assert!(pty.screen.screen().alternate_screen(), "not back in the alternate screen");
    assert!(
        !pty.contents().contains("shell was here"),
        "the screen was not redrawn whole:\n{}",
        pty.contents()
    );
    // Raw mode is back: a single key works without Enter.
    pty.send(b"q");
    let status = pty.wait_exit().expect("nim-tui did not quit after resuming");
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn sigtstp_then_sigcont_restores_then_sets_the_terminal_up_again() {
    let home = tempfile::tempdir().expect("temp dir");
    let pty = game_with_a_move(home.path());
    check_suspend_and_continue(pty, |pty| send_signal(pty, "-TSTP"));
}

#[test]
fn ctrl_z_suspends_and_fg_resumes() {
    let home = tempfile::tempdir().expect("temp dir");
    let pty = game_with_a_move(home.path());
    check_suspend_and_continue(pty, |pty| pty.send(b"\x1a"));
}

#[test]
fn ctrl_z_at_a_prompt_suspends_and_fg_brings_the_prompt_back() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = game_with_a_move(home.path());
    pty.send(b"n");
    assert!(pty.wait_for("Leave this game"), "no question:\n{}", pty.contents());
    pty.raw.clear();
    pty.send(b"\x1a");
    assert!(wait_stopped(pty.pid(), true), "nim-tui did not stop");
    pty.settle(Duration::from_millis(200));
    assert!(restored(&pty), "not restored: {:?}", String::from_utf8_lossy(&pty.raw));
    assert!(!pty.screen.screen().hide_cursor(), "the cursor is hidden while stopped");
    assert_ne!(pty.is_cooked(), Some(false), "the terminal was left raw");
    send_signal(&pty, "-CONT");
    assert!(wait_stopped(pty.pid(), false), "nim-tui did not go on after SIGCONT");
    assert!(pty.wait_for("Leave this game"), "the question is gone after fg:\n{}", pty.contents());
    assert!(pty.screen.screen().hide_cursor(), "the game hides the cursor again");
    // The question is answered as before: no.
    pty.send(b"q");
    assert!(pty.wait_for_gone("Leave this game"), "{}", pty.contents());
    pty.send(b"q");
    assert!(pty.wait_exit().expect("nim-tui did not quit").success());
    assert!(saved_game(home.path()).is_file(), "the game is kept");
}
