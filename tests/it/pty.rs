//! The real binary in a real pseudo-terminal: a whole game played with the keys, quitting with `q`
//! and with Ctrl-C, and the terminal left as it was found; windows of any size, up to 65535x65535.
//! Also the binary without a terminal.
//!
//! Every wait is bounded (`support::pty::PATIENCE`), and the child is killed if a test fails
//! half-way.

#![cfg(unix)]

use std::process::Stdio;

use crate::support::command;
use crate::support::pty::Pty;

const ROWS: u16 = 30;
const COLS: u16 = 100;
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
const DISABLE_MOUSE: &[u8] = b"\x1b[?1000l";

/// The game in an ordinary window, with a home of its own.
fn start(args: &[&str]) -> (Pty, tempfile::TempDir) {
    let home = tempfile::tempdir().expect("a temporary home");
    (Pty::spawn(args, home.path(), ROWS, COLS), home)
}

/// Waits until the screen satisfies `ready`; fails with the screen as it is.
fn wait_for(pty: &mut Pty, what: &str, ready: impl Fn(&str) -> bool) -> String {
    assert!(pty.wait_until(&ready), "timed out waiting for {what}; the screen shows:\n{}", pty.contents());
    pty.contents()
}

/// Waits for the program to exit and for its last output to be read.
fn wait_exit(pty: &mut Pty) -> std::process::ExitStatus {
    pty.wait_exit().unwrap_or_else(|| panic!("the game did not exit; the screen shows:\n{}", pty.contents()))
}

/// Checks that the program put the terminal back: main screen, cursor shown, mouse released.
fn assert_terminal_restored(pty: &Pty) {
    let screen = pty.screen.screen();
    assert!(!screen.alternate_screen(), "the alternate screen was not left");
    assert!(!screen.hide_cursor(), "the cursor is still hidden");
    assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse reporting is still on");
    let raw = &pty.raw;
    let find = |needle: &[u8]| raw.windows(needle.len()).rposition(|w| w == needle);
    let left = find(LEAVE_ALTERNATE_SCREEN).expect("the program never left the alternate screen");
    let entered = find(b"\x1b[?1049h").expect("the program never entered the alternate screen");
    assert!(left > entered, "the alternate screen was entered again after it was left");
    assert!(find(DISABLE_MOUSE).is_some(), "mouse reporting was never switched off");
}

fn your_turn_without_hint(text: &str) -> bool {
    text.contains("Your turn") && !text.contains("Hint")
}

#[test]
fn a_whole_game_following_the_hints_is_won_and_q_restores_the_terminal() {
    let (mut game, _home) = start(&["--heaps", "3,4,5", "--ai-delay", "0"]);
    let first = wait_for(&mut game, "the board", your_turn_without_hint);
    assert!(first.contains("Normal play"), "{first}");
    // Each heap's row ends with its count, right after its tokens.
    for (heap, count) in [(1, "3"), (2, "4"), (3, "5")] {
        let row = first.lines().find(|l| l.contains(&format!(" {heap} │"))).unwrap_or_default();
        assert!(row.trim_end_matches([' ', '│']).ends_with(&format!(" {count}")), "heap {heap}: {first}");
    }

    let mut moves = 0;
    loop {
        game.send(b"h");
        wait_for(&mut game, "the hint", |t| t.contains("Hint:"));
        game.send(b"\r");
        // The hint goes away only once the move is played; then either the AI has replied or
        // the player has won.
        let text = wait_for(&mut game, "the AI's reply or the end", |t| {
            your_turn_without_hint(t) || t.contains("You win!")
        });
        moves += 1;
        if text.contains("You win!") {
            assert!(text.contains("You took the last token"), "{text}");
            assert!(text.contains("Game over"), "{text}");
            break;
        }
        assert!(text.contains("AI took"), "the AI's move is reported:\n{text}");
        assert!(moves < 12, "3 4 5 has only 12 tokens; the game should be over:\n{text}");
    }

    game.send(b"q");
    let status = wait_exit(&mut game);
    assert!(status.success(), "exit status {status:?}");
    assert_terminal_restored(&game);
}

#[test]
fn ctrl_c_while_the_ai_thinks_quits_cleanly() {
    // A long pause keeps the AI thinking when Ctrl-C comes.
    let (mut game, _home) = start(&["--heaps", "3,4,5", "--ai-delay", "60000", "--mode", "misere"]);
    let text = wait_for(&mut game, "the board", your_turn_without_hint);
    assert!(text.contains("Misère"), "{text}");
    game.send(b"\r");
    wait_for(&mut game, "the AI's pause", |t| t.contains("AI is thinking…"));
    game.send(b"\x03");
    let status = wait_exit(&mut game);
    assert!(status.success(), "exit status {status:?}");
    assert_terminal_restored(&game);
}

#[test]
fn ctrl_c_on_the_players_turn_quits_cleanly() {
    let (mut game, _home) = start(&["--heaps", "1,2", "--ai-delay", "0"]);
    wait_for(&mut game, "the board", your_turn_without_hint);
    // Esc closes the help overlay first; the game goes on.
    game.send(b"?");
    wait_for(&mut game, "the help overlay", |t| t.contains("Keys") && t.contains("quit (the game is kept)"));
    game.send(b"\x1b");
    wait_for(&mut game, "the overlay to close", |t| {
        !t.contains("quit (the game is kept)") && t.contains("Your turn")
    });
    assert!(game.alive(), "Esc under the overlay quit");
    game.send(b"h");
    wait_for(&mut game, "the hint", |t| t.contains("Hint:"));
    game.send(b"\x03");
    let status = wait_exit(&mut game);
    assert!(status.success(), "exit status {status:?}");
    assert_terminal_restored(&game);
}

#[test]
fn without_a_terminal_the_game_points_to_solve_and_writes_no_escape_codes() {
    for args in [&["--heaps", "3,4,5"][..], &[][..]] {
        let home = tempfile::tempdir().expect("a temporary home");
        let home = home.path();
        let output = command(home)
            .args(args)
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
        let mut pty = Pty::spawn_in_window(
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
    let mut pty = Pty::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home.path(), ROWS, COLS);
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
        let mut pty = Pty::spawn_in_window(args, home.path(), (65535, 65535), LARGEST);
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
