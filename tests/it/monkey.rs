//! A monkey at the keyboard: a thousand seeded random keys, clicks and resizes (three thousand at
//! full depth) sent to the real binary in a pseudo-terminal. The board must only ever show legal
//! positions, the program must stay alive, and afterwards it must still answer, quit cleanly and
//! restore the terminal.

#![cfg(unix)]

use crate::support::pty::Pty;
use crate::support::sized;

use std::time::Duration;

/// A small, seeded generator: the same seed sends the same keys, so a failure can be replayed.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Keys a player might press. q, Esc and Ctrl-C quit, so they are left out.
const KEYS: &[&[u8]] = &[
    b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"j", b"k", b"+", b"-", b"\x1b[H", b"\x1b[F", b"0", b"1",
    b"2", b"3", b"4", b"5", b"7", b"9", b"\x7f", b"\r", b" ", b"h", b"b", b"c", b"v", b"?", b"n", b"u", b"r",
    b"l", b"w",
];

/// Keys after which the heaps may legally grow: `n` (a new game from the start screen), Enter and
/// Space (play again from a banner, start from the start screen, the next puzzle), and undo / redo.
const MAY_GROW: &[&[u8]] = &[b"n", b"\r", b" ", b"u", b"r"];

/// The heap number and token count of each board row on the screen: rows that read
/// ` ▶  2 │         ○  4,000` (the count follows the tokens, which are cells of colour).
fn heap_rows(screen: &str) -> Vec<(usize, u64)> {
    let mut rows = Vec::new();
    for line in screen.lines() {
        let line = line.trim_start_matches(['│', ' ']);
        let Some((label, rest)) = line.split_once('│') else { continue };
        let Ok(heap) = label.trim_start_matches(['▶', ' ']).trim().parse::<usize>() else { continue };
        // Tokens are cells of colour (spaces, to the text), a marked one shows its glyph.
        let tokens_end = rest.find(|c: char| !matches!(c, '●' | '○' | '⋯' | ' ')).unwrap_or(rest.len());
        let rest = rest[tokens_end..].trim_start().strip_prefix("(empty)").unwrap_or(&rest[tokens_end..]);
        let word: String =
            rest.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
        if word.is_empty() || tokens_end == 0 && !line.contains("(empty)") {
            continue;
        }
        if let Ok(count) = word.replace(',', "").parse::<u64>() {
            rows.push((heap, count));
        }
    }
    rows
}

/// What a game must never show: a heap that grew. `limits` holds the largest count each heap
/// may show: the starting sizes, then whatever it was last seen at. Only the keys in `MAY_GROW`
/// can lead to a new game or take moves back, and after them the heaps seen become the new limits.
fn check_board(pty: &Pty, limits: &mut Vec<u64>, new_game: &mut bool, step: usize, seed: u64) -> bool {
    let screen = pty.contents();
    // Overlays cover parts of the rows; the review lists earlier positions on purpose.
    // A board shows its opponent on the status line: the AI, a second player, or a puzzle.
    let board = ["AI: ", "two players", " Puzzle "].iter().any(|s| screen.contains(s));
    if !board || screen.contains(" Keys ") || screen.contains("start: ") {
        return false;
    }
    let rows = heap_rows(&screen);
    if std::mem::take(new_game) {
        *limits = vec![u64::MAX; 16];
    }
    for &(heap, count) in &rows {
        assert!(
            (1..=limits.len()).contains(&heap) && count <= limits[heap - 1],
            "seed {seed}, step {step}: heap {heap} shows {count}, more than {}\n{screen}",
            limits.get(heap.wrapping_sub(1)).copied().unwrap_or(0)
        );
        limits[heap - 1] = count;
    }
    !rows.is_empty()
}

fn monkey(mode: &str, seed: u64) {
    let home = tempfile::tempdir().expect("temp dir");
    let mut pty = Pty::spawn(&["--heaps", "3,4,5", "--ai-delay", "0", "--mode", mode], home.path(), 30, 100);
    assert!(pty.wait_for("Your turn"), "the game did not start:\n{}", pty.contents());
    assert_eq!(heap_rows(&pty.contents()), vec![(1, 3), (2, 4), (3, 5)], "{}", pty.contents());

    let mut rng = XorShift(seed);
    let mut limits = vec![3, 4, 5];
    let mut new_game = false;
    let mut boards_checked = 0;
    let (mut rows, mut cols) = (30u16, 100u16);
    // The walk goes on past its length, up to four times it, until the board has been checked
    // three times: whether a check finds the board depends on how far the program has got with
    // the keys sent (a loaded machine draws later), not only on the seed, and the checks must
    // have checked something.
    let steps = sized(1000, 3000);
    let mut step = 0;
    while step < steps || boards_checked < 3 && step < 4 * steps {
        match rng.below(100) {
            0..=84 => {
                let key = KEYS[rng.below(KEYS.len() as u64) as usize];
                new_game |= MAY_GROW.contains(&key);
                pty.send(key);
            }
            85..=96 => {
                let (col, row) = (1 + rng.below(cols as u64), 1 + rng.below(rows as u64));
                pty.send(format!("\x1b[<0;{col};{row}M\x1b[<0;{col};{row}m").as_bytes());
            }
            _ => {
                (rows, cols) = if rng.below(3) == 0 {
                    (30, 100)
                } else {
                    (4 + rng.below(27) as u16, 8 + rng.below(93) as u16)
                };
                pty.resize(rows, cols);
            }
        }
        pty.pump(Duration::ZERO);
        if step % 50 == 49 {
            pty.settle(Duration::from_millis(60));
            assert!(pty.alive(), "seed {seed}, step {step}: nim-tui died\n{}", pty.contents());
            boards_checked += usize::from(check_board(&pty, &mut limits, &mut new_game, step, seed));
        }
        step += 1;
    }

    // The monkey must have seen the board often, or the checks above checked nothing.
    assert!(boards_checked >= 3, "seed {seed}: only {boards_checked} boards checked in {step} steps");
    eprintln!("seed {seed}: {boards_checked} boards checked in {step} steps");

    // Afterwards: full size, and the game still answers. The monkey types faster than a debug
    // build draws, so let it work through what is queued first.
    pty.resize(30, 100);
    // A loaded machine may still be working through the queue, and what it ends on (the help, the
    // rules, a question such as "resign?" or "show the answer?") may appear late: clear whatever
    // is open, then ask for the help, until the help opens.
    let mut opened = false;
    for _ in 0..5 {
        pty.settle(Duration::from_millis(800));
        if pty.contents().contains(" Keys ") {
            pty.send(b"?");
            assert!(pty.wait_for_gone(" Keys "), "seed {seed}: help did not close\n{}", pty.contents());
        }
        // So does the rules page, which the help leads to (`←`).
        if pty.contents().contains(" Rules ") {
            pty.send(b"?");
            assert!(pty.wait_for_gone(" Rules "), "seed {seed}: rules did not close\n{}", pty.contents());
        }
        // A question waits for its answer: say no. Every question's box ends in the same keys
        // (`confirm-keys`: "Enter or y: yes · q or n: no"), whatever it asks (resign, leave for a
        // new game, give up a saved game, show a puzzle's answer; counted or not).
        const QUESTION: &str = "or n: no";
        if pty.contents().contains(QUESTION) {
            pty.send(b"n");
            assert!(pty.wait_for_gone(QUESTION), "seed {seed}: the question stayed\n{}", pty.contents());
        }
        pty.send(b"?");
        if pty.wait_for(" Keys ") {
            opened = true;
            break;
        }
    }
    assert!(opened, "seed {seed}: help did not open\n{}", pty.contents());
    pty.send(b"?");
    assert!(pty.wait_for_gone(" Keys "), "seed {seed}: help did not close\n{}", pty.contents());

    // q quits a game; on the start screen or a banner it may take a second q. In a text field of
    // the start screen (a name, the custom heaps) q is typed, and Esc quits, as its status line says.
    for key in [&b"q"[..], b"q", b"q", b"\x1b", b"\x1b"] {
        pty.send(key);
        pty.settle(Duration::from_millis(300));
        if !pty.alive() {
            break;
        }
    }
    let status = pty.wait_exit().expect("nim-tui did not quit on q");
    assert!(status.success(), "seed {seed}: exit status {status:?}");
    assert!(!pty.screen.screen().alternate_screen(), "seed {seed}: the alternate screen was not left");
}

#[test]
fn monkey_normal_play() {
    monkey("normal", 0x6a09_e667_f3bc_c909);
}

#[test]
fn monkey_misere() {
    monkey("misere", 0x2545_f491_4f6c_dd1d);
}
