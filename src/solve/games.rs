//! `nim-tui solve --game`: the answers for every game but Nim, in the game's own terms.
//!
//! Nim keeps its own streaming path (the parent module), byte for byte as before. The other games
//! are answered here from one [`Game`] built once per run (a subtraction game's Grundy table is
//! built once, not per line), one position per command line or per line of standard input, as
//! text for people or one JSON object per line. A position is its heaps, and for Fibonacci Nim
//! `HEAP/LIMIT` when the next move may take at most `LIMIT` (a heap alone is the first move).

use std::io::{self, BufRead, Write};

use serde::Serialize;

use super::{LineError, SolveError, shown};
use crate::engine::{
    Game, MOVE_LIST_LIMIT, Mode, Move, MoveCount, Natural, Outcome, ParseHeapsError, Position, PositionError,
    Rules, Teaching, parse_heap, parse_heaps,
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

/// Where `solve --game` reads positions from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameInput {
    /// One position from the command line.
    Position(Position),
    /// One position per line of standard input.
    Stdin,
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

/// Reads the position words of the command line, or the single word `-` for standard input.
pub fn parse_input(game: &Game, words: &[String]) -> Result<GameInput, PositionInputError> {
    if words.len() == 1 && words[0] == "-" {
        return Ok(GameInput::Stdin);
    }
    parse_position(game, &words.join(" ")).map(GameInput::Position)
}

/// Runs `solve --game`: each answer written as it is found.
pub fn run(
    game: &Game,
    input: GameInput,
    json: bool,
    mut stdin: impl BufRead,
    out: impl Write,
) -> Result<(), SolveError> {
    let mut out = io::BufWriter::new(out);
    match input {
        GameInput::Position(position) => answer(game, &position, json, &mut out)?,
        GameInput::Stdin => {
            let mut line = Vec::new();
            let mut number = 0;
            let mut first = true;
            loop {
                line.clear();
                // Everything answered so far goes out before a read that may wait.
                out.flush().map_err(SolveError::Write)?;
                match stdin.read_until(b'\n', &mut line) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(SolveError::Read(e)),
                }
                number += 1;
                let bad = |source: LineError, text: &[u8]| {
                    let cut = text.len() > super::SHOWN_BYTES;
                    let text = &text[..text.len().min(super::SHOWN_BYTES)];
                    SolveError::BadLine { line: number, text: shown(super::trimmed(text), cut), source }
                };
                let Ok(text) = std::str::from_utf8(&line) else {
                    return Err(bad(LineError::NotUtf8, &line));
                };
                if text.trim().is_empty() {
                    continue;
                }
                let position = parse_position(game, text).map_err(|e| bad(LineError::Position(e), &line))?;
                if !json && !first {
                    out.write_all(b"\n").map_err(SolveError::Write)?;
                }
                first = false;
                answer(game, &position, json, &mut out)?;
            }
        }
    }
    out.flush().map_err(SolveError::Write)
}

fn answer(game: &Game, position: &Position, json: bool, out: &mut impl Write) -> Result<(), SolveError> {
    let text = if json { json_line(game, position) + "\n" } else { human_text(game, position) };
    out.write_all(text.as_bytes()).map_err(SolveError::Write)
}

/// One answer of `solve --game ... --json`. Field names and order are a published interface.
#[derive(Debug, Serialize)]
struct Answer<'a> {
    game: String,
    mode: Mode,
    heaps: &'a [u64],
    /// Fibonacci Nim only: the most the next move may take (`null` before the first move).
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<Option<u64>>,
    /// Subtraction games, Lasker's Nim and Kayles: each heap's Grundy value, and their XOR.
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<Vec<u128>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy_sum: Option<u128>,
    /// Fibonacci Nim: the heap's Zeckendorf terms, largest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    zeckendorf: Option<Vec<u64>>,
    outcome: &'static str,
    /// How many winning moves there are; `moves` lists at most [`MOVE_LIST_LIMIT`] of them. A
    /// number up to `u64::MAX`, past it a string of digits (JSON readers lose digits past 2^53,
    /// many past 2^64).
    count: JsonCount,
    /// `false` when `count` is only a lower bound (Moore's Nim_k on many heaps, where counting
    /// every winning move would cost more than its budget); absent when it is exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    count_exact: Option<bool>,
    moves: Vec<JsonMove>,
}

/// A count as JSON writes it: a number while it fits a `u64`, else its digits as a string.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum JsonCount {
    Number(u64),
    Digits(String),
}

impl From<&MoveCount> for JsonCount {
    fn from(count: &MoveCount) -> JsonCount {
        match count.value().to_u64() {
            Some(n) => JsonCount::Number(n),
            None => JsonCount::Digits(count.value().digits()),
        }
    }
}

/// A move as `solve --game --json` writes it: heaps (rows) and pins numbered from 1.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum JsonMove {
    /// `{"heap":1,"take":2}`
    Take { heap: usize, take: u64 },
    /// `{"take":[{"heap":1,"take":2},{"heap":3,"take":1}]}`: several heaps at once (Moore's Nim_k,
    /// Wythoff's "the same from both").
    Many { take: Vec<JsonTake> },
    /// `{"heap":1,"split":[3,4]}`: Lasker's split, the part staying in place first.
    Split { heap: usize, split: [u64; 2] },
    /// `{"heap":1,"pins":[3,4]}`: the Kayles pins knocked down.
    Pins { heap: usize, pins: Vec<u64> },
}

#[derive(Debug, Serialize)]
struct JsonTake {
    heap: usize,
    take: u64,
}

fn json_move(position: &Position, mv: &Move) -> JsonMove {
    match mv {
        Move::Take(take) => JsonMove::Take { heap: take.number(), take: take.take },
        Move::TakeMany(takes) => JsonMove::Many {
            take: takes.iter().map(|t| JsonTake { heap: t.number(), take: t.take }).collect(),
        },
        Move::Split { heap, take: 0, left } => {
            let rest = position.heap(*heap).unwrap_or(0).saturating_sub(*left);
            JsonMove::Split { heap: heap + 1, split: [*left, rest] }
        }
        Move::Split { heap, take, left } => {
            JsonMove::Pins { heap: heap + 1, pins: (left + 1..=left + take).collect() }
        }
    }
}

/// How many winning moves `position` has, a lower bound raised to the moves listed.
fn tally(game: &Game, position: &Position, moves: &[Move]) -> MoveCount {
    game.count_winning_moves(position).raised_to(moves.len() as u128)
}

/// The JSON line answering `position` (without the newline).
pub fn json_line(game: &Game, position: &Position) -> String {
    let teaching = game.teach(position);
    let (grundy, grundy_sum) = match &teaching {
        Teaching::Grundy(view) => (Some(view.values.clone()), Some(view.sum)),
        _ => (None, None),
    };
    let zeckendorf = match &teaching {
        Teaching::Fibonacci(view) => Some(view.terms.clone()),
        _ => None,
    };
    let moves = game.winning_moves(position);
    let count = tally(game, position, &moves);
    let answer = Answer {
        game: game.kind().name(),
        mode: game.mode(),
        heaps: position.heaps(),
        limit: game.kind().describe().has_limit().then_some(position.limit()),
        grundy,
        grundy_sum,
        zeckendorf,
        outcome: game.outcome(position).as_str(),
        count: JsonCount::from(&count),
        count_exact: (!count.is_exact()).then_some(false),
        moves: moves.iter().map(|mv| json_move(position, mv)).collect(),
    };
    // Serialising plain numbers, strings and lists cannot fail.
    serde_json::to_string(&answer).unwrap_or_default()
}

/// The answer for a person: the position, the theory at work, the verdict and every winning move.
pub fn human_text(game: &Game, position: &Position) -> String {
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

    let teaching = game.teach(position);
    let label_width = format!("{word} {}", heaps.len()).len();
    let value_width = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    match &teaching {
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
            let moves = game.winning_moves(position);
            let count = tally(game, position, &moves);
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
                let _ = writeln!(out, "  ... and {more}{rest} more (the first {MOVE_LIST_LIMIT} are listed)");
            }
            let _ = writeln!(out, "Why: {}.", crate::words::reason(&teaching));
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
            let _ = writeln!(out, "Why: {}.", crate::words::reason(&teaching));
        }
    }
    out
}
