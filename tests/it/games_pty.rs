//! One game of each kind won in a real pseudo-terminal by following the hint: `h`, then Enter,
//! until "You win!", with small heaps and no pause before the AI's moves.

#![cfg(unix)]

use crate::support::pty::Pty;

fn win_by_the_hint(args: &[&str]) {
    let home = tempfile::tempdir().expect("temp dir");
    let mut all = vec!["--ai-delay", "0"];
    all.extend_from_slice(args);
    let mut pty = Pty::spawn(&all, home.path(), 24, 80);
    assert!(pty.wait_for("Your turn"), "{args:?}: the game did not start:\n{}", pty.contents());
    for _ in 0..40 {
        // The AI's answer (or the end), waited for, never a time.
        assert!(
            pty.wait_until(|s| s.contains("You win!") || s.contains("You lose") || s.contains("Your turn")),
            "{args:?}: neither the turn nor the end came:\n{}",
            pty.contents()
        );
        if pty.contents().contains("You win!") {
            pty.send(b"q");
            pty.wait_exit().expect("nim-tui did not exit");
            return;
        }
        assert!(!pty.contents().contains("You lose"), "{args:?}:\n{}", pty.contents());
        pty.send(b"h");
        assert!(pty.wait_for("Hint"), "{args:?}: no hint:\n{}", pty.contents());
        pty.send(b"\r");
        // The hint goes with the move; then the AI replies at once, or the game is over.
        assert!(pty.wait_for_gone("Hint"), "{args:?}: the move was not played:\n{}", pty.contents());
    }
    panic!("{args:?}: not won after 40 moves:\n{}", pty.contents());
}

#[test]
fn moores_nim_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "moore:2", "--heaps", "1,2,3"]);
}

#[test]
fn a_subtraction_game_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "subtraction:1,2,3", "--heaps", "7"]);
}

#[test]
fn lasker_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "lasker", "--heaps", "3,2"]);
}

#[test]
fn kayles_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "kayles", "--heaps", "3,4"]);
}

#[test]
fn wythoff_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "wythoff", "--heaps", "2,4"]);
}

#[test]
fn fibonacci_is_won_by_the_hint() {
    win_by_the_hint(&["--game", "fibonacci", "--heaps", "10"]);
}

#[test]
fn a_demo_plays_another_game_to_its_end() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty =
        Pty::spawn(&["demo", "--game", "kayles", "--heaps", "3,4", "--ai-delay", "0"], home.path(), 24, 80);
    assert!(pty.wait_for("wins!"), "the demo did not end:\n{}", pty.contents());
    assert!(pty.contents().contains("Kayles"), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("nim-tui did not exit");
}

#[test]
fn a_preset_game_opens_the_start_screen_with_its_heaps() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = Pty::spawn(&["--game", "21"], home.path(), 24, 80);
    assert!(pty.wait_for("The 21 game"), "{}", pty.contents());
    assert!(pty.contents().contains("Custom: 21"), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("nim-tui did not exit");
}
