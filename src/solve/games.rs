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
};
use crate::i18n::Language;
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
    let heaps = game.read_position(heaps).map_err(|e| match e {
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
    lang: Language,
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
            Ok(position) => out.answer(lang, game, &position, options)?,
            Err(failure) if options.keep_going => {
                out.bad_line(lang, &failure, options, err)?;
                report.bad_lines += 1;
            }
            Err(failure) => return Err(failure),
        }
    }
}

/// The answer for a person, appended to `buf`: the position, the theory at work (`teaching`, the
/// game's view of `position`), the verdict and at most `limit` winning moves (`None`: the game's
/// own list). The moves are written as they are found, `spill` writing out and emptying `buf`
/// when it is large, so a list of any length costs no memory of its own.
pub(super) fn write_text(
    lang: Language,
    buf: &mut Vec<u8>,
    game: &Game,
    position: &Position,
    teaching: &Teaching,
    limit: Option<usize>,
    spill: &mut impl FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    use std::fmt::Write as _;

    use crate::i18n::{Arg, text, text_with};
    let kind = game.kind();
    let mode = game.mode();
    let word = crate::words::heap(lang, kind);
    let heaps = position.heaps();
    let mut out = String::new();
    let rule = match mode {
        Mode::Normal => crate::words::normal_play(lang, kind),
        Mode::Misere => crate::words::mode_rule(lang, mode),
    };
    // As a person writes the position: the heaps, or the game's own notation (trees), then
    // counted by what a player chooses among.
    let (count, written) = match game.write_position(position) {
        Some(written) => (game.choices(position), written),
        None => (heaps.len(), heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
    };
    let mut args = vec![
        ("game", Arg::Text(capitalised(&crate::words::title(lang, kind)))),
        ("mode", crate::words::mode_title(lang, mode).into()),
        ("rule", rule.into()),
        ("word", word.into()),
        ("n", Arg::from(count)),
        ("heaps", Arg::Text(written)),
    ];
    let heading = match (kind.describe().has_limit(), position.limit()) {
        (false, _) => "solve-game-heading",
        (true, None) => "solve-game-heading-first-move",
        (true, Some(limit)) => {
            args.push(("limit", Arg::Text(limit.to_string())));
            "solve-game-heading-limit"
        }
    };
    let _ = writeln!(out, "{}", text_with(lang, heading, &args));
    let rule = capitalised(&crate::words::rule(lang, kind));
    let _ = writeln!(out, "{}\n", text_with(lang, "solve-game-rule", &[("rule", Arg::Text(rule))]));

    for line in crate::words::solve_lines(lang, kind, heaps, teaching) {
        let _ = writeln!(out, "  {line}");
    }
    out.push('\n');

    if game.is_over(position) {
        let over = match game.outcome(position) {
            Outcome::Win => text(lang, "solve-game-over-won"),
            Outcome::Lose => text(lang, "solve-game-over-lost"),
        };
        let _ = writeln!(out, "{over}");
        let _ = writeln!(out, "{}", text(lang, "solve-no-winning-move"));
        buf.extend_from_slice(out.as_bytes());
        return Ok(());
    }
    let why = text_with(lang, "solve-why", &[("reason", Arg::Text(crate::words::reason(lang, teaching)))]);
    match game.outcome(position) {
        Outcome::Win => {
            let mut count = game.count_winning_moves(position);
            if !count.is_exact() {
                // A lower bound is at least the moves listed: counted first, as the JSON does.
                let listing = game.visit_winning_moves(position, limit, &mut |_| {});
                count = count.raised_to(listing.listed as u128);
            }
            let value = count.value();
            // A count past a u64 is written as its digits and read as many (the plural).
            let n = match value.to_u64() {
                Some(n) => vec![("n", Arg::Count(n))],
                None => vec![("n", Arg::Text(value.to_string())), ("n-digits", Arg::Text(value.to_string()))],
            };
            let head = if count.is_exact() { "solve-wins" } else { "solve-wins-at-least" };
            let _ = writeln!(out, "{}", text_with(lang, head, &n));
            buf.extend_from_slice(out.as_bytes());
            out.clear();
            let mut written = Ok(());
            let listing = game.visit_winning_moves_while(position, limit, &mut |mv| {
                let said = crate::words::move_text(
                    lang,
                    &game.move_words(position, mv),
                    crate::words::Tense::Present,
                );
                buf.extend_from_slice(b"  ");
                buf.extend_from_slice(said.as_bytes());
                buf.push(b'\n');
                if buf.len() >= super::OUT_CHUNK {
                    written = spill(buf);
                }
                // A reader that has gone away ends the list.
                written.is_ok()
            });
            written?;
            let listed = Natural::from(listing.listed as u128);
            if *count.value() > listed {
                let more = if count.is_exact() { "solve-more" } else { "solve-more-at-least" };
                let rest = count.value().saturating_sub(&listed);
                let args = [
                    ("rest", Arg::Text(rest.to_string())),
                    ("listed", Arg::Text(listing.listed.to_string())),
                ];
                let _ = writeln!(out, "  {}", text_with(lang, more, &args));
            }
            if super::list_cut(&count, &listing, limit) {
                let args = [("listed", Arg::Text(listing.listed.to_string()))];
                let _ = writeln!(out, "  {}", text_with(lang, "solve-list-cut", &args));
            }
            let _ = writeln!(out, "{why}");
        }
        Outcome::Lose => {
            let _ = writeln!(out, "{}", text(lang, "solve-loses"));
            if let Some(mv) = teaching.best() {
                let said = crate::words::move_text(
                    lang,
                    &game.move_words(position, &mv),
                    crate::words::Tense::Present,
                );
                let _ = writeln!(out, "{}", text_with(lang, "solve-ai-would", &[("move", Arg::Text(said))]));
            }
            let _ = writeln!(out, "{why}");
        }
    }
    buf.extend_from_slice(out.as_bytes());
    Ok(())
}
