//! The plain mode (`--plain`, `TERM=dumb`, `ACCESSIBLE=1`): lines of text, as a screen reader or a
//! program gets them. In a real terminal it writes no escape sequence and no drawing glyph; through
//! pipes, every game is played whole in both modes by typed lines; its transcripts in both
//! languages are pinned; the environment chooses it; the end of input keeps the game; and the
//! example bot of the README wins.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use nim_tui::engine::{Game, GameKind, Mode, Position, Rules, Ruleset};

use crate::support::command;
#[cfg(unix)]
use crate::support::pty::Pty;

/// How long a line may take to come before the test gives up: a failure bound, never a measure.
const WAIT: Duration = Duration::from_secs(30);

/// Whether `text` holds a character the plain mode must never write: ESC (any escape sequence)
/// or a box-drawing, block or braille glyph. Returns the first found.
fn forbidden(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        c == '\u{1b}' || ('\u{2500}'..='\u{259F}').contains(&c) || ('\u{2800}'..='\u{28FF}').contains(&c)
    })
}

/// nim-tui with `args` through pipes, its lines read by a thread into a channel.
struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    transcript: Vec<String>,
}

impl Piped {
    fn start(home: &Path, args: &[&str]) -> Piped {
        let mut child = command(home)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("nim-tui starts");
        let stdout = child.stdout.take().expect("its standard output");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Piped { child, stdin, lines, transcript: Vec::new() }
    }

    /// The next line, or `None` at the end of output.
    fn next(&mut self) -> Option<String> {
        let line = self.lines.recv_timeout(WAIT).ok()?;
        self.transcript.push(line.clone());
        Some(line)
    }

    /// Lines until one for which `done` holds, which is returned.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> String {
        loop {
            match self.next() {
                Some(line) if done(&line) => return line,
                Some(_) => {}
                None => panic!("the line waited for never came:\n{}", self.transcript.join("\n")),
            }
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("standard input open");
        writeln!(stdin, "{line}").expect("the line is written");
        stdin.flush().expect("flushed");
    }

    /// Closes standard input and waits for the end: every line left, and the exit status.
    fn finish(mut self) -> (Vec<String>, std::process::ExitStatus) {
        drop(self.stdin.take());
        while self.next().is_some() {}
        let status = self.child.wait().expect("nim-tui exits");
        (self.transcript, status)
    }
}

/// A position line as the protocol writes it: `Heaps: 3, 4, 5. Take at most 2. Your move.`
fn read_position(line: &str) -> Position {
    read_position_of(&Game::new(Ruleset::new(GameKind::Nim, Mode::Normal)).expect("Nim"), line)
}

/// A position line of `game`'s: its heaps, or a game's own notation (`Trees: 3 1(2,3).`), read
/// as the game reads a position a person writes.
fn read_position_of(game: &Game, line: &str) -> Position {
    let (_, rest) = line.split_once(": ").expect("a position line has a colon");
    let (numbers, rest) = rest.split_once('.').expect("the heaps end in a full stop");
    let heaps: Vec<u64> = game.read_position(numbers).expect("a position");
    let mut position = Position::new(heaps);
    if let Some(limit) = rest.strip_prefix(" Take at most ") {
        let limit = limit.split('.').next().and_then(|n| n.parse().ok()).expect("a limit");
        position.set_limit(Some(limit));
    }
    position
}

/// The name `--game` takes for an entry of the start menu's list.
fn game_names() -> Vec<(String, GameKind)> {
    GameKind::menu()
        .into_iter()
        .map(|entry| (entry.preset.map_or_else(|| entry.kind.to_string(), str::to_string), entry.kind))
        .collect()
}

/// Every game of the menu, in both modes where it has both, played to its end by typed lines:
/// each of the player's moves the engine's own best, written in the game's notation, read from
/// the position the program wrote. The program tells every move and the result, and ends at `q`.
#[test]
fn every_game_in_both_modes_is_played_whole_by_typed_lines() {
    for (name, kind) in game_names() {
        for mode in [Mode::Normal, Mode::Misere] {
            if mode == Mode::Misere && !kind.has_misere() {
                continue;
            }
            let home = tempfile::tempdir().unwrap();
            let mode_name = if mode == Mode::Normal { "normal" } else { "misere" };
            let args = [
                "--plain",
                "--game",
                &name,
                "--mode",
                mode_name,
                "--first",
                "you",
                "--seed",
                "3",
                "--ai-delay",
                "0",
            ];
            let mut game = Piped::start(home.path(), &args);
            let engine = Game::new(Ruleset::new(kind, mode)).expect("the game is offered");
            let mut mine = 0;
            loop {
                let line = game.until(|l| l.ends_with("Your move.") || l.starts_with("Game over."));
                if line.starts_with("Game over.") {
                    break;
                }
                let position = read_position_of(&engine, &line);
                let mv = engine.ai_move(&position).expect("a move while the game goes on");
                game.send(&engine.write_move(&mv));
                mine += 1;
                assert!(mine < 200, "{name} {mode_name} does not end:\n{}", game.transcript.join("\n"));
            }
            game.send("q");
            let (lines, status) = game.finish();
            let text = lines.join("\n");
            assert!(status.success(), "{name} {mode_name}: {status}\n{text}");
            let result = |l: &&String| l.ends_with("You win.") || l.ends_with("You lose.");
            let told = lines.iter().filter(|l| l.starts_with("You ") && !result(l)).count();
            assert_eq!(told, mine, "{name} {mode_name}: each of the player's moves is told:\n{text}");
            assert!(
                lines.iter().any(|l| l.ends_with("You win.") || l.ends_with("You lose.")),
                "{name} {mode_name}: the result is one line:\n{text}"
            );
            assert!(!lines.iter().any(|l| l.starts_with("Not understood")), "{name} {mode_name}:\n{text}");
            assert_eq!(forbidden(&text), None, "{name} {mode_name}:\n{text}");
        }
    }
}

/// A game without a misère form asked for in misère is bad usage: exit status 2, one line on
/// standard error, nothing on standard output.
#[test]
fn bad_usage_is_exit_2_with_nothing_on_standard_output() {
    let home = tempfile::tempdir().unwrap();
    for args in [
        &["--plain", "--game", "dawson", "--mode", "misere"][..],
        &["--plain", "--heaps", "0,x"],
        &["--plain", "replay", "record.txt"],
    ] {
        let out = command(home.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim().lines().count(), 1, "{args:?}");
    }
}

/// The script of the golden transcripts: help, a hint, the view, a line not understood, moves
/// the rules refuse, the coach, a mistake taken back, and a game won.
const SCRIPT: &[&str] = &[
    "?",
    "h",
    "b",
    "1 2",
    "xyz",
    "9 9",
    "2 9",
    "b",
    "c",
    "take 1 from 3",
    "u",
    "1 1",
    "take 4 from heap 3",
    "",
    "q",
];

/// The lines of a scripted game, typed all at once into a pipe.
fn transcript(lang: &str) -> String {
    let home = tempfile::tempdir().unwrap();
    let args =
        ["--plain", "--lang", lang, "--heaps", "3,4,5", "--first", "you", "--seed", "1", "--ai-delay", "0"];
    let mut game = Piped::start(home.path(), &args);
    for line in SCRIPT {
        game.send(line);
    }
    let (lines, status) = game.finish();
    assert!(status.success(), "{status}");
    lines.join("\n") + "\n"
}

#[test]
fn the_transcript_in_english() {
    let text = transcript("en");
    assert_eq!(forbidden(&text), None);
    insta::assert_snapshot!("plain_transcript_en", text);
}

#[test]
fn the_transcript_in_chinese() {
    let text = transcript("zh-CN");
    assert_eq!(forbidden(&text), None);
    insta::assert_snapshot!("plain_transcript_zh", text);
}

/// The end of input ends the session at once and cleanly, the AI's reply played; the unfinished
/// game is kept as the full-screen game keeps it, and offered (and resumed) next time.
#[test]
fn the_end_of_input_keeps_the_game() {
    let home = tempfile::tempdir().unwrap();
    let args = ["--plain", "--heaps", "3,4,5", "--first", "you", "--ai-delay", "0"];
    let game = Piped::start(home.path(), &args);
    let mut game = game;
    game.send("1 2");
    let (lines, status) = game.finish();
    assert!(status.success(), "{status}");
    assert!(lines.iter().any(|l| l.starts_with("AI took")), "{lines:#?}");
    assert!(crate::support::pty::saved_game(home.path()).is_file(), "the game was saved");

    let mut again = Piped::start(home.path(), &["--plain", "--ai-delay", "0"]);
    again.until(|l| l == "A game you left unfinished is saved.");
    again.until(|l| l.starts_with("Type p to play"));
    again.send("r");
    let position = again.until(|l| l.ends_with("Your move."));
    assert_eq!(read_position(&position).heaps(), &[1, 4, 4], "{position}");
    let (_, status) = again.finish();
    assert!(status.success());
}

/// Games whose heaps do not only shrink in place are kept and resumed too: in Staircase Nim the
/// coins moved down add to the step below, and in Turning Turtles a tail turned over is a new
/// head (the save once refused both as "a heap grew").
#[test]
fn games_whose_heaps_grow_are_kept_and_resumed() {
    for (game, heaps, typed) in [("staircase", "3,4,5", "2 1"), ("turtles", "4,7,12", "12 2")] {
        let home = tempfile::tempdir().unwrap();
        let args = ["--plain", "--game", game, "--heaps", heaps, "--first", "you", "--ai-delay", "0"];
        let mut first = Piped::start(home.path(), &args);
        first.send(typed);
        let (lines, status) = first.finish();
        assert!(status.success(), "{game}: {status}");
        assert!(!lines.iter().any(|l| l.contains("could not save")), "{game}: {lines:#?}");
        assert!(crate::support::pty::saved_game(home.path()).is_file(), "{game}: the game was not saved");
        // The position as the first session left it, after the AI's reply.
        let left = lines.iter().rev().find(|l| l.ends_with("Your move.")).expect("a position").clone();

        let mut again = Piped::start(home.path(), &["--plain", "--game", game, "--ai-delay", "0"]);
        again.until(|l| l == "A game you left unfinished is saved.");
        again.until(|l| l.starts_with("Type p to play"));
        again.send("r");
        let position = again.until(|l| l.ends_with("Your move."));
        let (_, status) = again.finish();
        assert!(status.success(), "{game}");
        assert_eq!(position, left, "{game}: the game resumed elsewhere");
    }
}

/// A puzzle and a lesson are answered by typed lines too.
#[test]
fn puzzles_and_lessons_by_lines() {
    let home = tempfile::tempdir().unwrap();
    let mut puzzle = Piped::start(home.path(), &["--plain", "puzzle", "--seed", "7"]);
    let line = puzzle.until(|l| l.ends_with("Your answer."));
    let position = read_position(&line);
    let engine = Game::new(Ruleset::new(GameKind::Nim, Mode::Normal)).unwrap();
    let answer = engine.winning_moves(&position)[0].clone();
    puzzle.send(&engine.write_move(&answer));
    puzzle.until(|l| l.starts_with("Type n for the next puzzle"));
    puzzle.send("q");
    let (lines, status) = puzzle.finish();
    assert!(status.success());
    assert!(lines.iter().any(|l| l.starts_with("Right")), "{lines:#?}");
    // Rated (#39): found at the first try, the first rated puzzle lifts the player from where
    // everyone starts (1500); at one terminal the puzzle keeps its difficulty's rating.
    let rated = lines.iter().find(|l| l.starts_with("Your puzzle rating: ")).expect("the rating line");
    assert!(rated.contains(", +") && rated.contains("This puzzle is rated 1300 (medium)."), "{rated}");
    let stats = command(home.path()).args(["stats"]).output().unwrap();
    let stats = String::from_utf8_lossy(&stats.stdout);
    let line = stats.lines().find(|l| l.contains("Nim · puzzles: 1")).expect("the puzzle rating");
    assert!(line.contains("(1 rated puzzle;") && !line.contains("the AI's"), "{stats}");

    let mut lesson = Piped::start(home.path(), &["--plain", "learn"]);
    lesson.until(|l| l.starts_with("Nim, step 1 of 7"));
    lesson.until(|l| l.starts_with("Your answer"));
    lesson.send("lose");
    lesson.until(|l| l.starts_with("Type n for the next step"));
    lesson.send("n");
    lesson.until(|l| l.contains("step 2 of 7"));
    lesson.until(|l| l.starts_with("Your answer"));
    lesson.send("1011");
    lesson.until(|l| l.starts_with("Type n for the next step"));
    // On to misère's step, whose example game is stepped through a position at a time.
    for step in 3..=6 {
        lesson.send("n");
        lesson.until(|l| l.contains(&format!("step {step} of 7")));
    }
    lesson.until(|l| l.starts_with("Example, position 1 of 8"));
    lesson.send("f");
    lesson.until(|l| l.starts_with("Example, position 2 of 8: Heaps: 1, 4, 5."));
    lesson.send("rewind");
    lesson.until(|l| l.starts_with("Example, position 1 of 8"));
    lesson.send("q");
    let (lines, status) = lesson.finish();
    assert!(status.success(), "{lines:#?}");
}

/// In a real terminal (stdin, stdout and stderr on a pty, `TERM=xterm-256color`), `--plain` writes
/// not one ESC byte and no drawing glyph: no alternate screen, no colour, no cursor addressing.
/// The terminal stays in its cooked mode, echoing what is typed.
#[cfg(unix)]
#[test]
fn in_a_terminal_plain_writes_no_escape() {
    let home = tempfile::tempdir().unwrap();
    let mut pty = Pty::spawn(
        &["--plain", "--heaps", "3,4,5", "--first", "you", "--ai-delay", "0"],
        home.path(),
        30,
        100,
    );
    assert!(pty.wait_for("Your move."), "{}", pty.contents());
    for line in ["h", "b", "c", "1 2", "?"] {
        pty.send(format!("{line}\n").as_bytes());
    }
    assert!(pty.wait_for("q or quit"), "{}", pty.contents());
    assert_eq!(pty.is_cooked(), Some(true), "the terminal is left as it was");
    pty.send(b"q\n");
    let status = pty.wait_exit().expect("it ends");
    assert!(status.success(), "{status}");
    let raw = String::from_utf8_lossy(&pty.raw).into_owned();
    assert!(!pty.raw.contains(&0x1b), "an ESC byte was written:\n{raw:?}");
    assert_eq!(forbidden(&raw), None, "{raw}");
    assert!(raw.contains("AI took"), "{raw}");
}

/// `TERM=dumb` and `ACCESSIBLE=1` choose the plain mode without the flag; `ACCESSIBLE=0` does not.
#[cfg(unix)]
#[test]
fn term_dumb_and_accessible_choose_it() {
    for (name, value) in [("TERM", "dumb"), ("ACCESSIBLE", "1")] {
        let home = tempfile::tempdir().unwrap();
        let mut pty =
            Pty::with(&["--heaps", "3,4,5", "--first", "you"], home.path()).env(name, value).spawn();
        assert!(pty.wait_for("Your move."), "{name}={value}: {}", pty.contents());
        assert!(pty.contents().contains("plain mode, protocol 2"), "{name}={value}");
        pty.send(b"q\n");
        assert!(pty.wait_exit().is_some_and(|s| s.success()), "{name}={value}");
        assert!(!pty.raw.contains(&0x1b), "{name}={value}: an ESC byte was written");
    }
    // Through pipes too, where the full-screen game would refuse to start.
    let home = tempfile::tempdir().unwrap();
    let mut game = Piped::start(home.path(), &["--heaps", "3,4,5", "--first", "you"]);
    drop(game.stdin.take());
    let out = game.child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "without the plain mode a pipe is no terminal");

    let home = tempfile::tempdir().unwrap();
    let out = command(home.path())
        .args(["--heaps", "3,4,5", "--first", "you"])
        .env("ACCESSIBLE", "1")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Heaps: 3, 4, 5. Your move."));
}

/// The README's example bot (Python, standard library only) plays whole games against
/// `nim-tui --plain` through a pipe and wins from a winning position, in both modes.
#[test]
fn the_example_bot_wins() {
    if std::process::Command::new("python3").arg("--version").output().is_err() {
        println!("skipped: python3 is not installed, so examples/plain_bot.py cannot run");
        return;
    }
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join("plain_bot.py");
    for args in [
        &["--heaps", "3,4,5"][..],
        &["--heaps", "1,2,3,4,5,6,7,9"],
        &["--misere"],
        &["--misere", "--heaps", "2,3,7"],
    ] {
        let home = tempfile::tempdir().unwrap();
        let mut python = std::process::Command::new("python3");
        python
            .arg(&bot)
            .arg(crate::support::BIN)
            .args(args)
            .env("HOME", home.path())
            .env_remove("ACCESSIBLE");
        for (name, dir) in crate::support::XDG {
            python.env(name, home.path().join(dir));
        }
        let out = python.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: the bot did not win:\n{text}");
        assert!(text.contains("< ") && text.contains("You win."), "{args:?}:\n{text}");
    }
}

/// The full-screen game puts the terminal's real cursor on the chosen heap's row, so that a
/// braille display or a magnifier follows the choice; it moves with the choice and is hidden
/// while something is open over the board.
#[cfg(unix)]
#[test]
fn the_full_ui_puts_the_cursor_on_the_chosen_heap() {
    use std::time::Instant;
    let home = tempfile::tempdir().unwrap();
    let mut pty = Pty::spawn(&["--heaps", "3,4,5", "--first", "you"], home.path(), 30, 100);
    assert!(pty.wait_for("Your turn"), "{}", pty.contents());
    // Waits, bounded, until the cursor is hidden (`None`) or shown on the row that holds `label`.
    // A frame moves the cursor as it writes; only the end of one satisfies this.
    let settle = |pty: &mut Pty, label: Option<&str>| {
        let deadline = Instant::now() + crate::support::pty::PATIENCE;
        loop {
            let screen = pty.screen.screen();
            let (hidden, at) = (screen.hide_cursor(), screen.cursor_position());
            let row = pty.contents().lines().nth(usize::from(at.0)).unwrap_or_default().to_string();
            let there = match label {
                None => hidden,
                Some(label) => !hidden && row.contains(label),
            };
            if there {
                return at;
            }
            assert!(
                Instant::now() < deadline,
                "the cursor is at {at:?} ({row:?}), not {label:?}:\n{}",
                pty.contents()
            );
            pty.pump(Duration::from_millis(50));
        }
    };
    // Heap 1 is chosen: the cursor is on its row.
    let first = settle(&mut pty, Some("▶  1 │"));
    // The choice moves down: so does the cursor.
    pty.send(b"\x1b[B");
    let second = settle(&mut pty, Some("▶  2 │"));
    assert_eq!(second.0, first.0 + 4, "one heap's rows further down");
    // The help over the board hides it; closing the help brings it back.
    pty.send(b"?");
    settle(&mut pty, None);
    pty.send(b"?");
    assert_eq!(settle(&mut pty, Some("▶  2 │")), second);
    pty.send(b"q");
    assert!(pty.wait_exit().is_some_and(|s| s.success()));
}
