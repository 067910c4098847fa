//! The saved game between instances, driven as a person would in real pseudo-terminals: a game
//! finished elsewhere leaves it alone, resuming it claims it so a second window cannot resume it
//! too, and leaving it unfinished saves it again.

#![cfg(unix)]

mod pty_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use pty_support::Pty;

fn saved_game(home: &Path) -> PathBuf {
    home.join("state").join("nim-tui").join("game.json")
}

/// Leaves an unfinished 5-6-7 game saved, as closing a window would.
fn leave_a_saved_game(home: &Path) {
    let mut pty = Pty::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home, 30, 100);
    assert!(pty.wait_for("Your turn"), "the game did not start:\n{}", pty.contents());
    pty.send(b"h");
    pty.settle(Duration::from_millis(200));
    pty.send(b"\r");
    pty.settle(Duration::from_millis(300));
    assert!(pty.wait_for("Your turn"), "no turn after the move:\n{}", pty.contents());
    let status = Command::new("kill").args(["-HUP", &pty.pid().to_string()]).status().expect("kill");
    assert!(status.success());
    pty.wait_exit().expect("nim-tui did not exit on SIGHUP");
    assert!(saved_game(home).is_file(), "no saved game to start from");
}

#[test]
fn finishing_an_unrelated_game_keeps_the_saved_one() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path());
    let before = std::fs::read(saved_game(home.path())).unwrap();

    // A one-token game started with flags: take it and win.
    let mut other = Pty::spawn(&["--heaps", "1", "--first", "you", "--ai-delay", "0"], home.path(), 30, 100);
    assert!(other.wait_for("Your turn"), "{}", other.contents());
    other.send(b"\r");
    assert!(other.wait_for("win"), "the game did not end:\n{}", other.contents());
    other.send(b"q");
    other.wait_exit().expect("did not quit");
    assert_eq!(std::fs::read(saved_game(home.path())).ok(), Some(before), "the saved game was touched");
}

#[test]
fn a_resumed_game_is_claimed_and_saved_again_when_left() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path());

    let mut first = Pty::spawn(&[], home.path(), 30, 100);
    assert!(first.wait_for("Resume"), "no Resume offered:\n{}", first.contents());
    first.send(b"\r");
    assert!(first.wait_for("Your turn"), "the game did not resume:\n{}", first.contents());
    // Claimed: no longer offered to anyone else.
    let end = std::time::Instant::now() + pty_support::PATIENCE;
    while saved_game(home.path()).exists() && std::time::Instant::now() < end {
        first.pump(Duration::from_millis(50));
    }
    assert!(!saved_game(home.path()).exists(), "the resumed game is still on offer");

    let mut second = Pty::spawn(&[], home.path(), 30, 100);
    assert!(second.wait_for("First move"), "no start screen:\n{}", second.contents());
    assert!(!second.contents().contains("Resume"), "offered twice:\n{}", second.contents());
    second.send(b"q");
    second.wait_exit().expect("the second window did not quit");

    // Leaving it unfinished saves it again, for next time.
    first.send(b"q");
    first.wait_exit().expect("the first window did not quit");
    assert!(saved_game(home.path()).is_file(), "the resumed game was lost");
    let leftovers: Vec<_> = std::fs::read_dir(home.path().join("state").join("nim-tui"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("claimed") || n.contains("tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}
