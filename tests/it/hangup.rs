//! The terminal going away, as when its window is closed: the other end of the pseudo-terminal is
//! closed, with standard input, output *and* error all on it, as in every real session (with stderr
//! elsewhere a failed write to it stays hidden). Either the terminal is the game's controlling
//! terminal, and the hang-up comes with SIGHUP, or the game was started with its own session (as
//! `setsid` does) and its input just ends. On every screen the game must notice, save what there is
//! to save, and exit by itself: no signal, no panic, no spinning on reads that return nothing.

#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;

use crate::support::pty::{Pty, saved_game};

/// nim-tui in a new pseudo-terminal holding all three of its standard descriptors; with
/// `controlling`, the terminal is its controlling terminal (closing it sends SIGHUP), without, it
/// has none (closing it only ends the input).
fn spawn(args: &[&str], home: &Path, controlling: bool) -> Pty {
    let launch = Pty::with(args, home);
    if controlling { launch } else { launch.without_controlling_terminal() }.spawn()
}

fn wait_for(term: &mut Pty, text: &str) {
    assert!(term.wait_for(text), "'{text}' never appeared:\n{}", term.contents());
}

/// An exit of its own, 0 or 1, and not death by a signal (SIGABRT after a panic in a panic).
fn assert_clean_exit(status: ExitStatus, what: &str) {
    assert!(status.signal().is_none(), "{what}: killed by signal {:?}", status.signal());
    assert!(matches!(status.code(), Some(0 | 1)), "{what}: exit status {status:?}");
}

/// A game of 5 6 7 with one move each, so that there is something to save.
fn game_with_a_move(home: &Path, controlling: bool, ai_delay: &str) -> Pty {
    let mut term = spawn(&["--heaps", "5,6,7", "--ai-delay", ai_delay], home, controlling);
    wait_for(&mut term, "Your turn");
    term.send(b"\r");
    // The move made: the AI thinks (in its pause) or has answered.
    assert!(
        term.wait_until(|s| s.contains("AI is thinking") || s.contains("AI took")),
        "the move was not made:\n{}",
        term.contents()
    );
    term
}

#[test]
fn closing_the_window_mid_game_saves_the_game_and_exits_with_or_without_sighup() {
    for controlling in [true, false] {
        let what = if controlling { "with SIGHUP" } else { "without a controlling terminal" };
        let home = tempfile::tempdir().expect("temp dir");
        let mut term = game_with_a_move(home.path(), controlling, "0");
        wait_for(&mut term, "AI took");
        let status = term.hang_up();
        assert_clean_exit(status, what);
        assert!(saved_game(home.path()).is_file(), "{what}: the game was not saved (exit {status:?})");

        // The next start offers it.
        let mut again = spawn(&[], home.path(), controlling);
        wait_for(&mut again, "Resume");
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
        wait_for(&mut term, "AI is thinking");
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
            wait_for(&mut term, "AI took");
            term.send(key);
            wait_for(&mut term, shows);
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
            let mut term = spawn(args, home.path(), controlling);
            wait_for(&mut term, shows);
            assert_clean_exit(term.hang_up(), &format!("{args:?}"));
            assert!(!saved_game(home.path()).exists(), "{args:?}: nothing to save, nothing saved");
        }
    }
}
