//! `nim-tui solve` for games other than Nim: reading a position in the game's own terms, and the
//! answer for a person in them.
//!
//! A position is its heaps, and for Fibonacci Nim `HEAP/LIMIT` when the next move may take at
//! most `LIMIT` (a heap alone is the first move). Positions with a limit are read from standard
//! input a line at a time here (`read_lines`); every other game's go through the parent's
//! streaming reader. The JSON answer is the parent's, one schema for every game.

use std::io::{self, BufRead, Write};

use super::{LineError, Options, Output, Report, SolveError, shown};
use crate::engine::{
    Game, Mode, Natural, Outcome, ParseHeapsError, Position, PositionError, Rules, Teaching, parse_heap,
    parse_heaps,
};
use crate::words::capitalised;

/// Why some text is not a position of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionInputError {
    #[error("{0}")]
    /// The heaps cannot be read.
    Heaps(#[from] ParseHeapsError),
    #[error("'{0}' is not a limit: after '/' comes the most the next move may take, a whole number from 1 to {max}", max = u64::MAX)]
    /// The limit after `/` cannot be read.
    Limit(String),
    #[error("only Fibonacci Nim has a limit (HEAP/LIMIT); {0} is written as heaps alone")]
    /// A limit given to a game without one.
    NoLimitHere(String),
    #[error("{0}")]
    /// The heaps do not fit the game (two for Wythoff's game, one for Fibonacci Nim).
    Shape(#[from] PositionError),
}

/// Reads a position of `game`: heaps separated by spaces and/or commas, and for Fibonacci Nim
/// `HEAP/LIMIT`.
pub fn parse_position(game: &Game, text: &str) -> Result<Position, PositionInputError> {
    let (heaps, limit) = match text.split_once('/') {
        Some((heaps, limit)) => (heaps, Some(limit.trim())),
        None => (text, None),
    };
    let heaps = parse_heaps(heaps).map_err(|e| match e {
        ParseHeapsError::Negative(w) => ParseHeapsError::Negative(shown(w.as_bytes(), false)),
        ParseHeapsError::TooLarge(w) => ParseHeapsError::TooLarge(shown(w.as_bytes(), false)),
        ParseHeapsError::NotANumber(w) => ParseHeapsError::NotANumber(shown(w.as_bytes(), false)),
        other => other,
    })?;
    let limit = match limit {
        None => None,
        Some(_) if !game.kind().describe().has_limit() => {
            return Err(PositionInputError::NoLimitHere(game.kind().title()));
        }
        Some(word) => match parse_heap(word) {
            Ok(limit) => Some(limit),
            Err(_) => return Err(PositionInputError::Limit(shown(word.as_bytes(), false))),
        },
    };
    let position = Position::with_limit(heaps, limit);
    game.check_position(&position)?;
    Ok(position)
}

/// Reads positions with a limit from standard input, one per line, and answers each; a bad line
/// ends the run, or under `--keep-going` is reported and skipped. Input is read in large pieces;
/// the answers are written out only before a read that may wait, not after every line.
pub(super) fn read_lines<W: Write>(
    game: &Game,
    options: Options,
    mut stdin: impl BufRead,
    out: &mut Output<W>,
    err: &mut impl Write,
    report: &mut Report,
) -> Result<(), SolveError> {
    let mut buf: Vec<u8> = Vec::new();
    let mut start = 0;
    let mut eof = false;
    let mut number = 0;
    loop {
        let end = match buf[start..].iter().position(|&b| b == b'\n') {
            Some(n) => start + n + 1,
            None if eof && start < buf.len() => buf.len(),
            None if eof => return Ok(()),
            None => {
                buf.drain(..start);
                start = 0;
                // Everything answered so far goes out before a read that may wait.
                out.flush()?;
                let before = buf.len();
                buf.resize(before + super::IN_CHUNK, 0);
                let read = loop {
                    match stdin.read(&mut buf[before..]) {
                        Ok(n) => break n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(SolveError::Read(e)),
                    }
                };
                buf.truncate(before + read);
                eof = read == 0;
                continue;
            }
        };
        let line = &buf[start..end];
        start = end;
        number += 1;
        let bad = |source: LineError, text: &[u8]| {
            let cut = text.len() > super::SHOWN_BYTES;
            let text = &text[..text.len().min(super::SHOWN_BYTES)];
            SolveError::BadLine { line: number, text: shown(super::trimmed(text), cut), source }
        };
        let position = match std::str::from_utf8(line) {
            Err(_) => Err(bad(LineError::NotUtf8, line)),
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => parse_position(game, text).map_err(|e| bad(LineError::Position(e), line)),
        };
        match position {
            Ok(position) => out.answer(game, &position, options)?,
            Err(failure) if options.keep_going => {
                out.bad_line(&failure, options, err)?;
                report.bad_lines += 1;
            }
            Err(failure) => return Err(failure),
        }
    }
}

/// The answer for a person: the position, the theory at work (`teaching`, the game's view of
/// `position`), the verdict and at most `limit` winning moves (`None`: the game's own list).
pub fn human_text(game: &Game, position: &Position, teaching: &Teaching, limit: Option<usize>) -> String {
    use std::fmt::Write as _;
    let kind = game.kind();
    let mode = game.mode();
    let word = crate::words::heap(kind);
    let heaps = position.heaps();
    let mut out = String::new();
    let rule = match mode {
        Mode::Normal => crate::words::normal_play(kind),
        Mode::Misere => crate::words::mode_rule(mode),
    };
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let _ = write!(
        out,
        "{}, {} ({rule}): {word}{} {}",
        capitalised(&kind.title()),
        crate::words::mode_title(mode),
        if heaps.len() == 1 { "" } else { "s" },
        list.join(" ")
    );
    if kind.describe().has_limit() {
        match position.limit() {
            None => out.push_str(", the first move"),
            Some(limit) => {
                let _ = write!(out, ", the next move takes at most {limit}");
            }
        }
    }
    let _ = writeln!(out, "\n{}.\n", capitalised(&crate::words::rule(kind)));

    let label_width = format!("{word} {}", heaps.len()).len();
    let value_width = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    match teaching {
        Teaching::Grundy(view) => {
            for (i, (&h, &g)) in heaps.iter().zip(&view.values).enumerate() {
                let label = format!("{word} {}", i + 1);
                let _ = writeln!(out, "  {label:<label_width$}  {h:>value_width$}  Grundy value {g}");
            }
            let values: Vec<String> = view.values.iter().map(u128::to_string).collect();
            let shown = if (2..=8).contains(&values.len()) {
                format!("{} = {}", values.join(" ⊕ "), view.sum)
            } else {
                view.sum.to_string()
            };
            let _ = writeln!(out, "  XOR of the Grundy values: {shown}");
            let note = view.pattern.map(|p| crate::words::grundy_pattern(view.game, p)).unwrap_or_default();
            let _ = writeln!(out, "  ({note})");
        }
        Teaching::Moore(view) => {
            let digits = view.digits;
            for (i, &h) in heaps.iter().enumerate() {
                let label = format!("heap {}", i + 1);
                let _ = writeln!(out, "  {label:<label_width$}  {h:>value_width$}  {h:0digits$b}");
            }
            let counts: Vec<String> = view.columns.iter().map(|c| c.0.to_string()).collect();
            let rests: Vec<String> = view.columns.iter().map(|c| c.1.to_string()).collect();
            let _ = writeln!(
                out,
                "  heaps with a 1 in each binary column, from the highest: {}",
                counts.join(" ")
            );
            let _ = writeln!(out, "  the same counts modulo {}: {}", u64::from(view.k) + 1, rests.join(" "));
            if view.endgame {
                let _ = writeln!(
                    out,
                    "  (misère endgame: at most {} heaps hold two or more, so the heaps of one decide)",
                    view.k
                );
            }
        }
        Teaching::Wythoff(view) => {
            let pairs: Vec<String> = view.nearby.iter().map(|(_, a, b)| format!("({a}, {b})")).collect();
            let _ = writeln!(out, "  losing pairs (⌊kφ⌋, ⌊kφ²⌋) near these heaps: {}", pairs.join(" "));
            let _ = writeln!(
                out,
                "  heap 1 ({}) makes a losing pair with {}; heap 2 ({}) with {}; the losing pair with difference {} is ({}, {})",
                view.heaps[0],
                view.partners[0],
                view.heaps[1],
                view.partners[1],
                view.heaps[0].abs_diff(view.heaps[1]),
                view.same_difference.0,
                view.same_difference.1
            );
        }
        Teaching::Fibonacci(view) => {
            let terms: Vec<String> = view.terms.iter().map(u64::to_string).collect();
            let sum = if terms.is_empty() { "0".to_string() } else { terms.join(" + ") };
            let _ = writeln!(
                out,
                "  heap {} = {sum} (Zeckendorf: Fibonacci numbers, no two neighbours)",
                view.heap
            );
            let _ = writeln!(
                out,
                "  the next move takes 1 to {}{}",
                view.most,
                if view.first_move { " (anything but the whole heap)" } else { "" }
            );
        }
        Teaching::Nim(_) => {}
    }
    out.push('\n');

    if game.is_over(position) {
        let verdict = match game.outcome(position) {
            Outcome::Win => "the player to move has won (the other player made the last move)",
            Outcome::Lose => "the player to move has lost (the other player made the last move)",
        };
        let _ = writeln!(out, "No move is left: the game is over, and {verdict}.");
        let _ = writeln!(out, "No winning move.");
        return out;
    }
    match game.outcome(position) {
        Outcome::Win => {
            let moves = match limit {
                None => game.winning_moves(position),
                Some(limit) => game.winning_moves_up_to(position, limit),
            };
            let count = game.count_winning_moves(position).raised_to(moves.len() as u128);
            let value = count.value();
            let plural = if value.to_u64() == Some(1) { "" } else { "s" };
            if count.is_exact() {
                let _ =
                    writeln!(out, "The player to move wins with perfect play. {value} winning move{plural}:");
            } else {
                let _ = writeln!(
                    out,
                    "The player to move wins with perfect play. At least {value} winning move{plural} (too many \
                     to count them all in the time allowed):"
                );
            }
            for mv in &moves {
                let _ = writeln!(
                    out,
                    "  {}",
                    crate::words::move_text(&game.move_words(position, mv), crate::words::Tense::Present)
                );
            }
            if *count.value() > Natural::from(moves.len() as u128) {
                let more = if count.is_exact() { "" } else { "at least " };
                let rest = count.value().saturating_sub(&Natural::from(moves.len() as u128));
                let listed = moves.len();
                let _ = writeln!(out, "  ... and {more}{rest} more (the first {listed} are listed)");
            }
            let _ = writeln!(out, "Why: {}.", crate::words::reason(teaching));
        }
        Outcome::Lose => {
            let _ = writeln!(out, "The player to move loses against perfect play: no winning move.");
            if let Some(mv) = teaching.best() {
                let _ = writeln!(
                    out,
                    "The AI would {}.",
                    crate::words::move_text(&game.move_words(position, &mv), crate::words::Tense::Present)
                );
            }
            let _ = writeln!(out, "Why: {}.", crate::words::reason(teaching));
        }
    }
    out
}
