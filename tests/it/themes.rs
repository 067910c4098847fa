//! Themes and glyphs as a terminal gets them: the real binary in a pseudo-terminal that answers
//! the background query as a light or a dark terminal would, or not at all, or too late; with
//! `COLORFGBG`, `NO_COLOR` and the locale set as a user's shell might set them.
//!
//! Every wait is bounded, and generous: these tests judge what is drawn, never how fast.

#![cfg(unix)]

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use crate::support::BIN;
use crate::support::pty::{PATIENCE, Pty};

/// The design size, where tokens are drawn as single glyphs (bigger terminals draw blocks).
const ROWS: u16 = 24;
const COLS: u16 = 80;

/// The device-attributes query, which the game sends after the colour queries.
const DA1_QUERY: &[u8] = b"\x1b[c";
const DA1_ANSWER: &[u8] = b"\x1b[?62;22c";
const LIGHT_ANSWER: &[u8] = b"\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x07";
const DARK_ANSWER: &[u8] = b"\x1b]10;rgb:e5e5/e5e5/e5e5\x07\x1b]11;rgb:0000/0000/0000\x07";

/// How the pretend terminal answers the query.
#[derive(Clone, Copy, PartialEq)]
enum Answer {
    /// Its colours, then the device attributes, as xterm does.
    Colours(&'static [u8]),
    /// Only the device attributes: it knows no colour queries.
    DeviceOnly,
    /// Nothing at all.
    Nothing,
}

/// The environment variables a test sets (`Some`) or removes (`None`) beyond the common ones.
type Env<'a> = &'a [(&'a str, Option<&'a str>)];

/// The game in a terminal of this test's, with a home of its own.
struct Term {
    pty: Pty,
    _home: tempfile::TempDir,
}

impl std::ops::Deref for Term {
    type Target = Pty;
    fn deref(&self) -> &Pty {
        &self.pty
    }
}

impl std::ops::DerefMut for Term {
    fn deref_mut(&mut self) -> &mut Pty {
        &mut self.pty
    }
}

impl Term {
    /// nim-tui with `args` in an 80x24 terminal that answers as `answer` says, with a UTF-8
    /// locale and no COLORFGBG or NO_COLOR unless `env` says otherwise.
    fn start(args: &[&str], answer: Answer, env: Env<'_>) -> Term {
        let home = tempfile::tempdir().expect("a temporary home");
        let mut launch = Pty::with(args, home.path()).size(ROWS, COLS);
        for var in ["NO_COLOR", "COLORFGBG", "LC_ALL", "LC_CTYPE"] {
            launch = launch.env_remove(var);
        }
        launch = launch.env("LANG", "C.UTF-8");
        for (var, value) in env {
            launch = match value {
                Some(value) => launch.env(var, value),
                None => launch.env_remove(var),
            };
        }
        let launch = match answer {
            Answer::Colours(colours) => launch.answering(DA1_QUERY, &[colours, DA1_ANSWER].concat()),
            Answer::DeviceOnly => launch.answering(DA1_QUERY, DA1_ANSWER),
            Answer::Nothing => launch,
        };
        Term { pty: launch.spawn(), _home: home }
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&mut self, text: &str) {
        assert!(self.pty.wait_for(text), "'{text}' never appeared:\n{}", self.contents());
    }

    /// Takes in output until none comes for a moment.
    fn settle(&mut self) {
        self.pty.settle(Duration::from_millis(300));
    }

    /// The colours of the cells that show `glyph`, each once.
    /// The tokens' fill: the background colour most cells on the screen are painted in (the
    /// tokens are cells of colour), `Default` when none is (no colour: they are reversed cells).
    fn token_fill(&self) -> vt100::Color {
        let screen = self.screen.screen();
        let mut counts: Vec<(vt100::Color, usize)> = Vec::new();
        let mut reversed = 0;
        for row in 0..ROWS {
            for col in 0..COLS {
                let Some(cell) = screen.cell(row, col) else { continue };
                reversed += usize::from(cell.inverse() && cell.contents() == " ");
                let colour = cell.bgcolor();
                if colour == vt100::Color::Default {
                    continue;
                }
                match counts.iter_mut().find(|(c, _)| *c == colour) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((colour, 1)),
                }
            }
        }
        let most = counts.into_iter().max_by_key(|&(_, n)| n);
        match most {
            Some((colour, _)) => colour,
            None => {
                assert!(reversed > 0, "tokens are drawn as cells: of colour, or reversed without it");
                vt100::Color::Default
            }
        }
    }

    /// Whether the program asked the terminal its background colour.
    fn asked(&self) -> bool {
        self.raw_contains(b"\x1b]11;?\x07")
    }
}

/// A game at once, 3 4 5, with no pause for the AI.
const GAME: &[&str] = &["--heaps", "3,4,5", "--ai-delay", "0"];

/// The token colours of the shipped themes, in the 256-colour palette.
const DARK_TOKEN: vt100::Color = vt100::Color::Idx(3);
const LIGHT_TOKEN: vt100::Color = vt100::Color::Idx(26);

#[test]
fn a_light_terminal_gets_the_light_theme_and_a_dark_one_the_dark() {
    let mut term = Term::start(GAME, Answer::Colours(LIGHT_ANSWER), &[]);
    term.wait_for("Your turn");
    term.settle();
    assert!(term.asked(), "the terminal was asked its colours");
    assert_eq!(term.token_fill(), LIGHT_TOKEN, "{}", term.contents());

    // The answer is believed over COLORFGBG.
    let mut term = Term::start(GAME, Answer::Colours(DARK_ANSWER), &[("COLORFGBG", Some("0;15"))]);
    term.wait_for("Your turn");
    term.settle();
    assert_eq!(term.token_fill(), DARK_TOKEN);
}

#[test]
fn a_terminal_that_cannot_answer_is_judged_by_colorfgbg_then_taken_for_dark() {
    for (answer, colorfgbg, token) in [
        (Answer::DeviceOnly, Some("0;15"), LIGHT_TOKEN),
        (Answer::DeviceOnly, Some("15;0"), DARK_TOKEN),
        (Answer::DeviceOnly, None, DARK_TOKEN),
        (Answer::Nothing, Some("0;default;15"), LIGHT_TOKEN),
        (Answer::Nothing, None, DARK_TOKEN),
    ] {
        let mut term = Term::start(GAME, answer, &[("COLORFGBG", colorfgbg)]);
        term.wait_for("Your turn");
        term.settle();
        assert_eq!(term.token_fill(), token, "COLORFGBG={colorfgbg:?}");
    }
}

#[test]
fn no_color_and_a_named_theme_ask_the_terminal_nothing() {
    let mut term = Term::start(GAME, Answer::Colours(LIGHT_ANSWER), &[("NO_COLOR", Some("1"))]);
    term.wait_for("Your turn");
    term.settle();
    assert!(!term.asked());
    assert_eq!(term.token_fill(), vt100::Color::Default, "mono");

    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "theme = \"high-contrast-light\"\n").expect("a config");
    let args = [GAME, &["--config", config.to_str().expect("a UTF-8 path")]].concat();
    let mut term = Term::start(&args, Answer::Colours(DARK_ANSWER), &[]);
    term.wait_for("Your turn");
    term.settle();
    assert!(!term.asked());
    assert_eq!(term.token_fill(), vt100::Color::Idx(17));
}

/// Over a slow link the answer may come after the wait for it: it must not be read as keys
/// (`b` in `rgb` would open the binary view, the digits would type a count).
#[test]
fn a_late_answer_is_not_taken_for_keys() {
    let mut term = Term::start(GAME, Answer::Nothing, &[]);
    term.wait_for("Your turn");
    term.settle();
    let before = term.contents();
    term.send(&[LIGHT_ANSWER, DA1_ANSWER].concat());
    term.settle();
    thread::sleep(Duration::from_millis(300));
    term.settle();
    assert_eq!(term.contents(), before, "the answer changed the screen");
    // Keys still work: the binary view opens.
    term.send(b"b");
    term.wait_for("nim-sum");
}

/// The first frame never waits for the answer: a terminal that answers late (over a slow link)
/// gets the game at once, in the colours guessed from `COLORFGBG`, and then its own.
#[test]
fn a_late_answer_still_sets_the_theme() {
    for (answer, colorfgbg, before, after) in
        [(LIGHT_ANSWER, None, DARK_TOKEN, LIGHT_TOKEN), (DARK_ANSWER, Some("0;15"), LIGHT_TOKEN, DARK_TOKEN)]
    {
        let mut term = Term::start(GAME, Answer::Nothing, &[("COLORFGBG", colorfgbg)]);
        term.wait_for("Your turn");
        term.settle();
        assert!(term.asked(), "the terminal was asked its colours");
        assert_eq!(term.token_fill(), before, "before the answer (COLORFGBG={colorfgbg:?})");
        let screen = term.contents();
        // In two pieces, cut inside the background's colour.
        let whole = [answer, DA1_ANSWER].concat();
        term.send(&whole[..30]);
        term.pump(Duration::from_millis(50));
        term.send(&whole[30..]);
        let end = Instant::now() + PATIENCE;
        while term.token_fill() != after {
            assert!(Instant::now() < end, "the late answer did not change the theme");
            term.pump(Duration::from_millis(20));
        }
        assert_eq!(term.contents(), screen, "the answer was read as keys");
    }
}

/// The answer may come at any time, in pieces cut anywhere: right after its ESC (which alone is
/// the Esc key, and quits), in the middle, or whole long after the start. None of it is a key, and
/// the game goes on.
#[test]
fn a_late_answer_split_anywhere_or_very_late_is_not_taken_for_keys() {
    let answer = [LIGHT_ANSWER, DA1_ANSWER].concat();
    let colours_only = LIGHT_ANSWER;
    // (name, the pieces, the pause before each piece)
    let after_esc: Vec<&[u8]> = vec![&answer[..1], &answer[1..]];
    let after_esc_no_da1: Vec<&[u8]> = vec![&colours_only[..1], &colours_only[1..]];
    let middle: Vec<&[u8]> = vec![&answer[..9], &answer[9..27], &answer[27..]];
    let before_st: Vec<&[u8]> = answer.split_inclusive(|&b| b == 0x1b).collect();
    let every_byte: Vec<&[u8]> = answer.chunks(1).collect();
    let whole: Vec<&[u8]> = vec![&answer];
    let pause = Duration::from_millis(100);
    let cases: [(&str, Vec<&[u8]>, Duration); 6] = [
        ("after-esc", after_esc, pause),
        ("after-esc-no-da1", after_esc_no_da1, pause),
        ("middle", middle, pause),
        ("at-each-esc", before_st, pause),
        ("every-byte", every_byte, Duration::from_millis(5)),
        // After the five seconds a late answer used to be looked out for.
        ("six-seconds", whole, Duration::from_secs(6)),
    ];
    // Each case in a terminal of its own, side by side: most of their time is spent waiting.
    thread::scope(|scope| {
        for (name, pieces, pause) in cases {
            scope.spawn(move || {
                let mut term = Term::start(GAME, Answer::Nothing, &[]);
                term.wait_for("Your turn");
                term.settle();
                let before = term.contents();
                for piece in pieces {
                    thread::sleep(pause);
                    term.send(piece);
                    term.pump(Duration::ZERO);
                }
                term.settle();
                thread::sleep(Duration::from_millis(700));
                term.settle();
                assert!(matches!(term.child.try_wait(), Ok(None)), "{name}: the answer ended the game");
                assert_eq!(term.contents(), before, "{name}: the answer changed the screen");
                // Keys still work: the binary view opens.
                term.send(b"b");
                term.wait_for("nim-sum");
            });
        }
    });
}

/// While an answer may still come, a lone ESC is held a moment to see whether `]` follows; a real
/// Esc is still Esc: it closes the help, and then quits.
#[test]
fn a_real_esc_works_while_an_answer_may_still_come_and_after_it_came() {
    for late in [false, true] {
        let mut term = Term::start(GAME, Answer::Nothing, &[]);
        term.wait_for("Your turn");
        if late {
            term.send(&[LIGHT_ANSWER, DA1_ANSWER].concat());
        }
        term.send(b"?");
        term.wait_for(" Keys ");
        term.send(b"\x1b");
        let end = Instant::now() + PATIENCE;
        while term.contents().contains(" Keys ") {
            assert!(Instant::now() < end, "Esc did not close the help (late answer: {late})");
            term.pump(Duration::from_millis(50));
        }
        term.send(b"\x1b");
        let end = Instant::now() + PATIENCE;
        let status = loop {
            if let Ok(Some(status)) = term.child.try_wait() {
                break status;
            }
            assert!(Instant::now() < end, "Esc did not quit (late answer: {late})");
            term.pump(Duration::from_millis(20));
        };
        assert!(status.success(), "exit status {status:?}");
    }
}

/// While the terminal is asked its colours it is in raw mode, for up to the wait for an answer: a
/// signal that comes then still ends the game as every signal does, with the terminal left as it
/// was found (it used to end the program there, leaving the terminal raw).
#[test]
fn a_signal_during_the_colour_query_leaves_the_terminal_as_it_was() {
    let mut term = Term::start(GAME, Answer::Nothing, &[]);
    let end = Instant::now() + PATIENCE;
    while !term.asked() {
        assert!(Instant::now() < end, "the terminal was never asked its colours");
        term.pump(Duration::from_millis(5));
    }
    let pid = term.pid();
    // SAFETY: kill(2) with a child's pid and a signal number; no memory is involved.
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) }, 0);
    let end = Instant::now() + PATIENCE;
    let status = loop {
        if let Ok(Some(status)) = term.child.try_wait() {
            break status;
        }
        assert!(Instant::now() < end, "nim-tui did not exit on SIGTERM");
        term.pump(Duration::from_millis(20));
    };
    assert!(status.success(), "exit status {status:?}");
    assert_eq!(term.is_cooked(), Some(true), "the terminal was left raw");
}

#[test]
fn the_locale_picks_unicode_or_ascii_glyphs() {
    let mut term = Term::start(GAME, Answer::DeviceOnly, &[("LANG", Some("C"))]);
    term.wait_for("Your turn");
    term.settle();
    let screen = term.contents();
    // Tokens keep a character in ASCII, so that they show without colour too.
    assert!(screen.contains(" o ") && screen.is_ascii(), "{screen}");
    assert!(screen.contains("Left/Right"), "the arrow keys by name: {screen}");

    let env = [("LANG", Some("C")), ("LC_CTYPE", Some("en_US.UTF-8"))];
    let mut term = Term::start(GAME, Answer::DeviceOnly, &env);
    term.wait_for("Your turn");
    term.settle();
    assert!(!term.contents().contains(" o ") && term.contents().contains('─'), "{}", term.contents());

    // `glyphs = "ascii"` forces them in a UTF-8 locale too.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = dir.path().join("ascii.toml");
    std::fs::write(&config, "glyphs = \"ascii\"\n").expect("a config");
    let args = [GAME, &["--config", config.to_str().expect("a UTF-8 path")]].concat();
    let mut term = Term::start(&args, Answer::DeviceOnly, &[]);
    term.wait_for("Your turn");
    term.settle();
    assert!(term.contents().contains(" o ") && term.contents().is_ascii(), "{}", term.contents());
}

#[test]
fn print_config_is_the_shipped_file() {
    let out = std::process::Command::new(BIN).arg("--print-config").output().expect("runs");
    let shipped = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")).expect("read");
    assert_eq!(out.stdout, shipped);
    let text = String::from_utf8(shipped).expect("UTF-8");
    assert!(text.contains("\ntheme = \"auto\"\n") && text.contains("\nglyphs = \"auto\"\n"));
}

#[test]
fn the_look_carries_the_glyphs() {
    use nim_tui::app::Action;
    use nim_tui::theme::Glyphs;
    use nim_tui::ui::Look;
    let unicode = Look::default();
    assert_eq!(unicode.glyphs, Glyphs::unicode());
    assert_eq!((unicode.glyphs.token.as_str(), unicode.glyphs.marked.as_str()), ("●", "○"));
    assert_eq!(unicode.key(Action::Less), "←");
    let ascii = Look::default().with_glyphs(Glyphs::ascii());
    assert_eq!((ascii.glyphs.token.as_str(), ascii.glyphs.marked.as_str()), ("o", "x"));
    assert_eq!((ascii.glyphs.cursor.as_str(), ascii.glyphs.xor.as_str()), (">", "^"));
    assert_eq!(ascii.glyphs.border.top_left, "+");
    assert_eq!((ascii.key(Action::Less), ascii.key(Action::Up)), ("Left".to_string(), "Up".to_string()));
}
