//! The saved game between instances, driven as a person would in real pseudo-terminals: a game
//! finished elsewhere leaves it alone, resuming it claims it so a second window cannot resume it
//! too, and leaving it unfinished saves it again.

#![cfg(unix)]

use crate::support::pty::{self, Pty, saved_game};

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use nim_tui::engine::{GameKind, Mode};

/// The claimed copies of the saved game in the state directory.
fn claimed_files(home: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(home.join("state").join("nim-tui"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("claimed"))
        .map(|e| e.path())
        .collect()
}

/// Leaves an unfinished 5-6-7 game saved (with `flags` too), as closing a window would.
fn leave_a_saved_game(home: &Path, flags: &[&str]) {
    let mut pty = pty::game_with_a_move(home, flags);
    let status = Command::new("kill").args(["-HUP", &pty.pid().to_string()]).status().expect("kill");
    assert!(status.success());
    pty.wait_exit().expect("nim-tui did not exit on SIGHUP");
    assert!(saved_game(home).is_file(), "no saved game to start from");
}

#[test]
fn finishing_an_unrelated_game_keeps_the_saved_one() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);

    // One window resumes the saved game: it is claimed, and no longer on offer.
    let mut first = pty::resume_and_claim(home.path());
    let claimed = claimed_files(home.path());
    assert_eq!(claimed.len(), 1, "{claimed:?}");
    let before = std::fs::read(&claimed[0]).unwrap();

    // A one-token game started with flags in another window, with nothing saved to give up: take
    // it and win.
    let mut other = Pty::spawn(&["--heaps", "1", "--first", "you", "--ai-delay", "0"], home.path(), 30, 100);
    assert!(other.wait_for("Your turn"), "{}", other.contents());
    other.send(b"\r");
    assert!(other.wait_for("win"), "the game did not end:\n{}", other.contents());
    other.send(b"q");
    other.wait_exit().expect("did not quit");
    assert_eq!(std::fs::read(&claimed[0]).ok(), Some(before), "the resumed game was touched");
    assert!(!saved_game(home.path()).exists(), "a finished game was saved");

    // The window that resumed it keeps it.
    first.send(b"q");
    first.wait_exit().expect("the first window did not quit");
    assert!(saved_game(home.path()).is_file(), "the resumed game was lost");
}

#[test]
fn a_resumed_game_is_claimed_and_saved_again_when_left() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);

    let mut first = pty::resume_and_claim(home.path());
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

// Starting a new game over the saved one, by every way the menu and the flags offer: it asks
// first, as `n` does in a game; yes counts the saved game as abandoned (a loss, in its own game
// and mode) and no leaves the file, the statistics and the menu as they were.

const UP: &[u8] = b"\x1b[A";
const DOWN: &[u8] = b"\x1b[B";
const RIGHT: &[u8] = b"\x1b[C";
const QUESTION: &str = "Start a new game?";

fn store(home: &Path) -> nim_tui::store::Store {
    nim_tui::store::Store::new(home.join("data").join("nim-tui"), home.join("state").join("nim-tui"))
}

fn stats_file(home: &Path) -> Option<Vec<u8>> {
    std::fs::read(home.join("data").join("nim-tui").join("stats.json")).ok()
}

/// The figures of Nim in `mode` on disk.
fn nim(home: &Path, mode: Mode) -> nim_tui::domain::ModeStats {
    let (stats, warning) = store(home).load_stats();
    assert_eq!(warning, None);
    stats.of(GameKind::Nim, mode)
}

/// Sends `keys` one at a time, letting each be drawn.
/// The screen as text, each line without its trailing blanks.
fn shown(pty: &Pty) -> String {
    trimmed(&pty.contents())
}

fn trimmed(screen: &str) -> String {
    screen.lines().map(str::trim_end).collect::<Vec<_>>().join("\n")
}

/// Waits until the screen shows `expected` (as [`shown`] gives it), then says whether it does.
fn comes_back_as(pty: &mut Pty, expected: &str) -> bool {
    pty.wait_until(|s| trimmed(s) == expected)
}

fn keys(pty: &mut Pty, keys: &[&[u8]]) {
    // Each key here changes the screen: waited for, never a time.
    for key in keys {
        let before = pty.contents();
        pty.send(key);
        assert!(pty.wait_until(|s| s != before), "{key:?} changed nothing:\n{}", pty.contents());
    }
}

/// Waits until the saved game was counted as abandoned in `mode`: the statistics are written
/// after the answer, by the session.
fn wait_counted(pty: &mut Pty, home: &Path, mode: Mode) {
    let end = std::time::Instant::now() + pty::PATIENCE;
    while nim(home, mode).played == 0 && std::time::Instant::now() < end {
        pty.pump(Duration::from_millis(50));
    }
    let figures = nim(home, mode);
    assert_eq!((figures.played, figures.lost, figures.abandoned), (1, 1, 1), "{figures:?}");
}

/// Makes one move in the new game and quits, so that it is the game saved now.
fn move_and_quit(pty: &mut Pty) {
    assert!(pty.wait_for("Your turn"), "no new game:\n{}", pty.contents());
    pty.send(b"h");
    assert!(pty.wait_for("Hint"), "no hint:\n{}", pty.contents());
    let before = pty.contents();
    pty.send(b"\r");
    // The move made and answered (the AI has no pause here): the turn is the player's again.
    let answered = |s: &str| s != before && s.contains("Your turn") && !s.contains("Hint");
    assert!(pty.wait_until(answered), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("did not quit");
}

/// Asked, and answered no: everything as it was, Resume still offered.
fn decline(pty: &mut Pty, home: &Path, saved: &[u8], stats: &Option<Vec<u8>>) {
    assert!(pty.wait_for(QUESTION), "no question before the saved game is replaced:\n{}", pty.contents());
    assert!(pty.contents().contains("counts as a loss"), "{}", pty.contents());
    pty.send(b"n");
    assert!(pty.wait_for_gone(QUESTION), "the question stayed:\n{}", pty.contents());
    assert!(pty.contents().contains("Resume"), "no longer offered:\n{}", pty.contents());
    assert_eq!(std::fs::read(saved_game(home)).ok().as_deref(), Some(saved), "the saved game was touched");
    assert_eq!(&stats_file(home), stats, "something was counted");
}

#[test]
fn enter_on_start_over_a_saved_game_asks_and_counts_it_as_abandoned() {
    let home = tempfile::tempdir().expect("temp dir");
    // A misère game is saved; the menu's game is the config's, in normal play.
    leave_a_saved_game(home.path(), &["--mode", "misere"]);
    let saved = std::fs::read(saved_game(home.path())).unwrap();
    let stats = stats_file(home.path());

    let mut pty = Pty::spawn(&["--ai-delay", "0"], home.path(), 30, 100);
    assert!(pty.wait_for("Resume"), "no Resume offered:\n{}", pty.contents());
    // From Resume, up past Learn and Puzzles to Start.
    keys(&mut pty, &[UP, UP, UP, b"\r"]);
    decline(&mut pty, home.path(), &saved, &stats);

    // Start again, and yes: the saved game counts as a loss in its own mode, and goes.
    pty.send(b"\r");
    assert!(pty.wait_for(QUESTION), "{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Your turn"), "no new game:\n{}", pty.contents());
    wait_counted(&mut pty, home.path(), Mode::Misere);
    assert_eq!(nim(home.path(), Mode::Normal).played, 0, "counted in the new game's mode");
    assert!(!saved_game(home.path()).exists(), "the saved game is still on offer");
    move_and_quit(&mut pty);

    // The game saved now is the new one, and nothing was left behind.
    let (now, _) = store(home.path()).load_game();
    assert_eq!(now.expect("the new game is saved").mode, Mode::Normal);
    assert!(claimed_files(home.path()).is_empty());
    let figures = nim(home.path(), Mode::Misere);
    assert_eq!((figures.played, figures.abandoned), (1, 1), "counted once: {figures:?}");
}

#[test]
fn a_click_on_start_over_a_saved_game_asks_too() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);
    let saved = std::fs::read(saved_game(home.path())).unwrap();
    let stats = stats_file(home.path());

    let mut pty = Pty::spawn(&["--ai-delay", "0"], home.path(), 30, 100);
    assert!(pty.wait_for("Resume"), "no Resume offered:\n{}", pty.contents());
    let click_start = |pty: &mut Pty| {
        let frame = |c: char| c.is_whitespace() || "│▶>".contains(c);
        let has_start = |s: &str| s.lines().any(|l| l.trim_matches(frame) == "Start");
        assert!(pty.wait_until(has_start), "no Start row:\n{}", pty.contents());
        let screen = pty.contents();
        let (row, line) =
            screen.lines().enumerate().find(|(_, l)| l.trim_matches(frame) == "Start").expect("a Start row");
        let col = line.chars().take_while(|&c| c != 'S').count() + 2;
        let row = row + 1;
        pty.send(format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m").as_bytes());
    };
    click_start(&mut pty);
    decline(&mut pty, home.path(), &saved, &stats);
    click_start(&mut pty);
    assert!(pty.wait_for(QUESTION), "{}", pty.contents());
    pty.send(b"y");
    wait_counted(&mut pty, home.path(), Mode::Normal);
    move_and_quit(&mut pty);
    assert_ne!(std::fs::read(saved_game(home.path())).ok(), Some(saved), "the new game was not saved");
}

#[test]
fn puzzles_and_back_keep_the_menu_as_it_was_with_resume() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);
    let saved = std::fs::read(saved_game(home.path())).unwrap();

    let mut pty = Pty::spawn(&["--ai-delay", "0"], home.path(), 30, 100);
    assert!(pty.wait_for("Resume"), "no Resume offered:\n{}", pty.contents());
    // Misère on the Mode row, then down to Puzzles (Mode, Heaps, First, Level, Opponent, Start).
    keys(&mut pty, &[DOWN, DOWN, RIGHT]);
    assert!(pty.contents().contains("Misère  whoever"), "{}", pty.contents());
    let menu = shown(&pty);
    keys(&mut pty, &[DOWN, DOWN, DOWN, DOWN, DOWN, DOWN]);
    let on_puzzles = shown(&pty);
    pty.send(b"\r");
    assert!(pty.wait_for("Puzzle 1"), "no puzzle:\n{}", pty.contents());
    pty.send(b"q");
    assert!(pty.wait_for("Resume"), "Resume is gone after the puzzles:\n{}", pty.contents());
    comes_back_as(&mut pty, &on_puzzles);
    assert_eq!(shown(&pty), on_puzzles, "the menu came back changed (before: {menu})");
    assert_eq!(std::fs::read(saved_game(home.path())).ok(), Some(saved));

    // Start from there: asked, and yes counts the saved game in its own mode (normal play).
    keys(&mut pty, &[UP, b"\r"]);
    assert!(pty.wait_for(QUESTION), "{}", pty.contents());
    pty.send(b"y");
    wait_counted(&mut pty, home.path(), Mode::Normal);
    assert_eq!(nim(home.path(), Mode::Misere).played, 0);
    move_and_quit(&mut pty);
    let (now, _) = store(home.path()).load_game();
    assert_eq!(now.expect("the new game is saved").mode, Mode::Misere, "the menu's choice was lost");
}

#[test]
fn the_lesson_and_back_keep_the_menu_and_no_keeps_the_saved_game() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);
    let saved = std::fs::read(saved_game(home.path())).unwrap();
    let stats = stats_file(home.path());

    let mut pty = Pty::spawn(&["--ai-delay", "0"], home.path(), 30, 100);
    assert!(pty.wait_for("Resume"), "no Resume offered:\n{}", pty.contents());
    // Up from Resume is Learn.
    keys(&mut pty, &[UP]);
    let on_learn = shown(&pty);
    pty.send(b"\r");
    assert!(pty.wait_for_gone("Resume"), "no lesson:\n{}", pty.contents());
    pty.send(b"q");
    assert!(pty.wait_for("Resume"), "Resume is gone after the lesson:\n{}", pty.contents());
    comes_back_as(&mut pty, &on_learn);
    assert_eq!(shown(&pty), on_learn, "the menu came back changed");

    keys(&mut pty, &[UP, UP, b"\r"]);
    decline(&mut pty, home.path(), &saved, &stats);
    pty.send(b"q");
    pty.wait_exit().expect("did not quit");
    assert_eq!(std::fs::read(saved_game(home.path())).ok(), Some(saved), "the saved game was touched");
    assert_eq!(stats_file(home.path()), stats);
}

#[test]
fn a_game_started_with_flags_over_a_saved_one_asks_first() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);
    let saved = std::fs::read(saved_game(home.path())).unwrap();
    let stats = stats_file(home.path());

    // No: the menu, with the flags' choices and the saved game offered; Enter resumes it.
    let mut pty = Pty::spawn(&["--heaps", "3,4,5", "--ai-delay", "0"], home.path(), 30, 100);
    decline(&mut pty, home.path(), &saved, &stats);
    pty.send(b"\r");
    assert!(pty.wait_for("Your turn"), "the saved game did not resume:\n{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("did not quit");
    let (again, _) = store(home.path()).load_game();
    assert_eq!(again.expect("the resumed game was lost").start_heaps, [5, 6, 7], "not the saved game");
    assert_eq!(stats_file(home.path()), stats);

    // Yes, with another game: the saved game counts as a loss of Nim, not of Kayles.
    let mut pty =
        Pty::spawn(&["--game", "kayles", "--heaps", "3,4,5", "--ai-delay", "0"], home.path(), 30, 100);
    assert!(pty.wait_for(QUESTION), "{}", pty.contents());
    pty.send(b"y");
    wait_counted(&mut pty, home.path(), Mode::Normal);
    let (all, _) = store(home.path()).load_stats();
    assert_eq!(all.of(GameKind::Kayles, Mode::Normal).played, 0);
    move_and_quit(&mut pty);
    let (now, _) = store(home.path()).load_game();
    assert_eq!(now.expect("the new game is saved").game, "kayles");
}

#[test]
fn a_saved_game_resumed_elsewhere_meanwhile_is_neither_counted_nor_removed() {
    let home = tempfile::tempdir().expect("temp dir");
    leave_a_saved_game(home.path(), &[]);

    // Offered in this window...
    let mut late = Pty::spawn(&["--ai-delay", "0"], home.path(), 30, 100);
    assert!(late.wait_for("Resume"), "no Resume offered:\n{}", late.contents());
    // ...and resumed in another.
    let mut first = pty::resume_and_claim(home.path());
    let claimed = claimed_files(home.path());
    assert_eq!(claimed.len(), 1);
    let kept = std::fs::read(&claimed[0]).unwrap();

    // Giving it up here, too late: the other window's game is left alone and nothing is counted.
    keys(&mut late, &[UP, UP, UP, b"\r"]);
    assert!(late.wait_for(QUESTION), "{}", late.contents());
    late.send(b"y");
    assert!(late.wait_for("resumed in another"), "not told:\n{}", late.contents());
    assert_eq!(std::fs::read(&claimed[0]).ok(), Some(kept), "the other window's game was touched");
    assert_eq!(stats_file(home.path()), None, "a game resumed elsewhere was counted");
    late.send(b"q");
    late.wait_exit().expect("did not quit");
    first.send(b"q");
    first.wait_exit().expect("did not quit");
    assert!(saved_game(home.path()).is_file(), "the resumed game was lost");
}
