//! `nim-tui solve`: perfect-play answers for scripts (one JSON line per position) and for people,
//! for every game, in one versioned schema (`assets/solve.schema.json`).
//!
//! Built for streams of millions of positions: standard input is read in large pieces into one
//! reused buffer and parsed byte by byte (a heap is never a `String`), answers are formatted
//! straight into one output buffer, and that buffer is written when it is large, when the next
//! read of standard input might block, and at the end. So a script that sends a line and waits
//! gets its answer at once, and a file of a million lines costs a few hundred writes. A line of
//! any length costs 8 bytes per heap plus the fixed buffers. The engine answers each position
//! without listing more moves than are printed ([`Game::verdict`], [`Game::visit_winning_moves`]).

use std::io::{self, BufRead, Write};

use crate::i18n::Language;
use serde::Serialize;

use crate::engine::{
    Explanation, Game, Listing, Mode, Move, MoveCount, Natural, Outcome, ParseHeapsError, Position, Rules,
    Teaching, Working, binary_digits,
};

pub mod games;

pub use games::{PositionInputError, parse_position};

/// The version of the JSON answers' schema, written first in every object (`"version":1`). It
/// changes only when a field changes meaning or goes away; new fields may be added within it.
pub const SCHEMA_VERSION: u64 = 1;

/// The JSON Schema of `solve --json`'s answers (and its error objects), as shipped.
pub const SCHEMA: &str = include_str!("../assets/solve.schema.json");

/// How many winning moves the text form lists when `--limit` is not given: a screenful. The
/// JSON form lists the game's own list by default (every move for Nim, at most
/// [`crate::engine::MOVE_LIST_LIMIT`] for the others).
pub const TEXT_LIMIT: usize = 20;

/// How a run of `solve` answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// One JSON object per position instead of the text for people.
    pub json: bool,
    /// The most winning moves listed per position (the count still counts them all); `None` for
    /// the game's own list.
    pub limit: Option<usize>,
    /// A bad line of standard input is reported and skipped instead of ending the run.
    pub keep_going: bool,
}

/// What a finished run reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Lines of standard input that were not positions, skipped under `--keep-going`.
    pub bad_lines: usize,
}

/// The reference form of one answer of `solve --json`, serialised by serde: field names and order
/// are the published interface (`assets/solve.schema.json`).
///
/// `solve` formats the same bytes by hand ([`json_line`]); [`reference_answer`] builds this from
/// the engine's plain answers (listing, then counting), and the tests check that both agree.
#[derive(Debug, Serialize)]
pub struct Answer<'a> {
    pub version: u64,
    pub game: String,
    pub mode: Mode,
    pub heaps: &'a [u64],
    /// The theory at work, as the engine writes it: `nim_sum` (Nim); `limit` and `zeckendorf`
    /// (Fibonacci Nim); `grundy` and `grundy_sum` (the games valued by Grundy numbers, a value
    /// past `u64::MAX` as a string of digits); `quotient`, `quotient_product` and `quotient_p`
    /// (misère Kayles); nothing for the others.
    #[serde(flatten)]
    pub working: Working,
    pub outcome: &'static str,
    /// How many winning moves there are, all of them, whatever `moves` lists.
    pub count: JsonCount,
    /// `false` when `count` is only a lower bound; absent when it is exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_exact: Option<bool>,
    pub moves: Vec<JsonMove<'a>>,
    /// `true` when `moves` stops before `min(count, limit)` (Moore's Nim_k past
    /// [`crate::engine::MOORE_LIST_MAX`] moves, or when its search's budget runs out); absent when
    /// the list is all that was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_truncated: Option<bool>,
    /// In a losing position only: the move the AI plays there (`null` once the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_try: Option<Option<JsonMove<'a>>>,
}

/// A count (or a Grundy value) as JSON writes it: a number while it fits a `u64`, else its digits
/// as a string (many JSON readers lose digits past 2^64; JavaScript's past 2^53, which the README
/// says).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum JsonCount {
    Number(u64),
    Digits(String),
}

impl From<u128> for JsonCount {
    fn from(value: u128) -> JsonCount {
        match u64::try_from(value) {
            Ok(n) => JsonCount::Number(n),
            Err(_) => JsonCount::Digits(value.to_string()),
        }
    }
}

impl From<&MoveCount> for JsonCount {
    fn from(count: &MoveCount) -> JsonCount {
        match count.value().to_u64() {
            Some(n) => JsonCount::Number(n),
            None => JsonCount::Digits(count.value().digits()),
        }
    }
}

/// A move as `solve --json` writes it: the engine's JSON of the move ([`Move::json`]), kept with
/// the position it is made from.
#[derive(Debug)]
pub struct JsonMove<'a> {
    mv: Move,
    position: &'a Position,
}

impl<'a> JsonMove<'a> {
    /// `mv` from `position` in its JSON shape.
    pub fn of(position: &'a Position, mv: &Move) -> JsonMove<'a> {
        JsonMove { mv: mv.clone(), position }
    }
}

impl Serialize for JsonMove<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.mv.json(self.position).serialize(serializer)
    }
}

/// The answer to `position` built the plain way: the outcome, the list of winning moves, their
/// count and the teaching view, each asked of the engine on its own. The reference that the tests
/// hold [`json_line`]'s fast path to.
pub fn reference_answer<'a>(game: &Game, position: &'a Position, limit: Option<usize>) -> Answer<'a> {
    let outcome = game.outcome(position);
    let moves = match limit {
        None => game.winning_moves(position),
        Some(limit) => game.winning_moves_up_to(position, limit),
    };
    // A lower bound is raised to the moves listed, as `solve` does.
    let count = game.count_winning_moves(position).raised_to(moves.len() as u128);
    // Whether the list was cut is the engine's to say; the moves themselves come from the plain list.
    let listing = Listing { listed: moves.len(), ..game.visit_winning_moves(position, limit, &mut |_| {}) };
    let mut answer = Answer {
        version: SCHEMA_VERSION,
        game: game.kind().name(),
        mode: game.mode(),
        heaps: position.heaps(),
        working: Working::Plain,
        outcome: outcome.as_str(),
        count: JsonCount::from(&count),
        count_exact: (!count.is_exact()).then_some(false),
        moves: moves.iter().map(|mv| JsonMove::of(position, mv)).collect(),
        moves_truncated: list_cut(&count, &listing, limit).then_some(true),
        best_try: (outcome == Outcome::Lose)
            .then(|| game.ai_move(position).map(|mv| JsonMove::of(position, &mv))),
    };
    answer.working = game.teach(position).working(position);
    answer
}

/// Whether a list of winning moves stopped before `min(count, limit)`: the engine says so when it
/// stopped early (Moore's Nim_k past [`crate::engine::MOORE_LIST_MAX`] moves, or out of budget),
/// and an exact count with fewer moves listed than it and the limit allow says so too. With no
/// limit the game's own list is asked for, which the engine alone knows the length of.
pub(crate) fn list_cut(count: &MoveCount, listing: &Listing, limit: Option<usize>) -> bool {
    if !listing.complete {
        return true;
    }
    let Some(limit) = limit else { return false };
    let listed = Natural::from(listing.listed as u128);
    count.is_exact() && listed < *count.value() && listed < Natural::from(limit as u128)
}

/// How much output is gathered before it is written, when no read of input comes first.
const OUT_CHUNK: usize = 64 * 1024;
/// How much input is read at once.
const IN_CHUNK: usize = 64 * 1024;
/// At most this many characters of a bad line or word are echoed in a message.
const SHOWN_CHARS: usize = 80;
/// Enough bytes of a line or word to show [`SHOWN_CHARS`] characters of it.
const SHOWN_BYTES: usize = SHOWN_CHARS * 4 + 4;

/// The single JSON line answering `position` (without the newline), listing at most `limit`
/// winning moves (`None`: the game's own list).
pub fn json_line(game: &Game, position: &Position, limit: Option<usize>) -> String {
    let mut out = Output::new(Vec::new(), game);
    // Writing to a Vec cannot fail.
    let _ = out.json(game, position, limit);
    let _ = out.flush();
    let mut line = out.sink;
    line.pop();
    // Only UTF-8 is written: digits, ASCII field names and words, the game's name.
    String::from_utf8(line).unwrap_or_default()
}

/// Two decimal digits for each of 0 to 99, so numbers are written two digits at a time.
const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// The answer for a person, listing at most `limit` winning moves (`None`: the game's own list).
/// Nim shows the heaps in binary, the nim-sum and each winning move with its reason; the other
/// games their own working (`games::write_text`).
pub fn human_text(lang: Language, game: &Game, position: &Position, limit: Option<usize>) -> String {
    let mut buf = Vec::new();
    // As in `json_line`: writing to a Vec cannot fail.
    let _ = write_text(lang, &mut buf, game, position, limit, &mut |_| Ok(()));
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends the answer for a person to `buf`; `spill` may write out and empty `buf` when it is
/// large (a line of a million heaps).
fn write_text(
    lang: Language,
    buf: &mut Vec<u8>,
    game: &Game,
    position: &Position,
    limit: Option<usize>,
    spill: &mut impl FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    match game.teach(position) {
        Teaching::Nim(explanation) => write_binary(lang, buf, position.heaps(), &explanation, limit, spill),
        teaching => games::write_text(lang, buf, game, position, &teaching, limit, spill),
    }
}

/// The binary working of Nim's view, in time linear in the number of heaps.
fn write_binary(
    lang: Language,
    buf: &mut Vec<u8>,
    heaps: &[u64],
    explanation: &Explanation,
    limit: Option<usize>,
    spill: &mut impl FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    use crate::i18n::{Arg, text, text_with};
    let analysis = &explanation.analysis;
    let mode = analysis.mode;
    let mut numbers = itoa::Buffer::new();
    let heading = text_with(
        lang,
        "solve-nim-heading",
        &[
            ("mode", crate::words::mode_title(lang, mode).into()),
            ("rule", crate::words::mode_rule(lang, mode).into()),
        ],
    );
    buf.extend_from_slice(heading.as_bytes());
    for &h in heaps {
        buf.push(b' ');
        buf.extend_from_slice(numbers.format(h).as_bytes());
        if buf.len() >= OUT_CHUNK {
            spill(buf)?;
        }
    }
    buf.extend_from_slice(b"\n\n");

    // A heap's label is the message with its number put in: asked for once, as the text before
    // and after the number, since a line may hold a million heaps.
    let label = text_with(lang, "solve-heap-label", &[("n", Arg::Text(NUMBER_MARK.to_string()))]);
    let (before, after) = label.split_once(NUMBER_MARK).unwrap_or((label.as_str(), ""));
    let nim_sum_label = text(lang, "solve-nim-sum-label");
    let (before_width, after_width) = (width(before), width(after));
    let label_width =
        (before_width + numbers.format(heaps.len()).len() + after_width).max(width(&nim_sum_label));
    let widest = heaps.iter().copied().max().unwrap_or(0).max(analysis.nim_sum);
    let value_width = numbers.format(widest).len();
    let digits = binary_digits(heaps);
    for (i, &h) in heaps.iter().enumerate() {
        let number = numbers.format(i + 1);
        let pad = label_width.saturating_sub(before_width + number.len() + after_width);
        // The label as bytes: this line is written a million times for a line of a million heaps.
        buf.extend_from_slice(b"  ");
        buf.extend_from_slice(before.as_bytes());
        buf.extend_from_slice(number.as_bytes());
        buf.extend_from_slice(after.as_bytes());
        buf.resize(buf.len() + pad, b' ');
        writeln!(buf, "  {h:>value_width$}  {h:0digits$b}")?;
        if buf.len() >= OUT_CHUNK {
            spill(buf)?;
        }
    }
    let rule = "-".repeat(digits);
    writeln!(buf, "  {:<label_width$}  {:>value_width$}  {rule}", "", "")?;
    let nim_sum = analysis.nim_sum;
    let pad = label_width.saturating_sub(width(&nim_sum_label));
    writeln!(buf, "  {nim_sum_label}{:pad$}  {nim_sum:>value_width$}  {nim_sum:0digits$b}", "")?;
    writeln!(buf)?;

    if heaps.iter().all(|&h| h == 0) {
        let over = match analysis.outcome {
            Outcome::Win => text(lang, "solve-nim-over-won"),
            Outcome::Lose => text(lang, "solve-nim-over-lost"),
        };
        writeln!(buf, "{over}")?;
        writeln!(buf, "{}", text(lang, "solve-no-winning-move"))?;
        return Ok(());
    }
    match analysis.outcome {
        Outcome::Win => {
            let count = analysis.move_count();
            writeln!(buf, "{}", text_with(lang, "solve-wins", &[("n", Arg::from(count))]))?;
            let shown = limit.unwrap_or(usize::MAX).min(count);
            for reason in explanation.winning_reasons().take(shown) {
                writeln!(buf, "  {}", crate::words::move_reason(lang, &reason))?;
                if buf.len() >= OUT_CHUNK {
                    spill(buf)?;
                }
            }
            if shown < count {
                let more = text_with(
                    lang,
                    "solve-more",
                    &[
                        ("rest", Arg::Text((count - shown).to_string())),
                        ("listed", Arg::Text(shown.to_string())),
                    ],
                );
                writeln!(buf, "  {more}")?;
            }
        }
        Outcome::Lose => {
            writeln!(buf, "{}", text(lang, "solve-loses"))?;
            let why = crate::words::loss_reason(lang, explanation);
            writeln!(buf, "{}", text_with(lang, "solve-why", &[("reason", Arg::Text(why))]))?;
            if let Some(mv) = explanation.best.mv() {
                let ai = text_with(
                    lang,
                    "solve-ai-would-nim",
                    &[("move", Arg::Text(crate::words::take(lang, mv)))],
                );
                writeln!(buf, "{ai}")?;
            }
        }
    }
    Ok(())
}

/// Stands for a number in a message asked for once and filled in many times: a character no
/// message holds.
const NUMBER_MARK: char = '\u{1}';

/// How many columns `text` takes on a terminal: two for each CJK character.
fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Where `solve` reads positions from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// One position from the command line.
    Position(Position),
    /// One position per line of standard input.
    Stdin,
}

/// What can stop a `solve` run. Its message (`Display`) is for people, in the language chosen;
/// the JSON error objects write a bad line's [`LineError`] in English, as the schema has it.
#[derive(Debug)]
pub enum SolveError {
    Usage(ParseHeapsError),
    /// A position on the command line that is not one of the game's.
    Position(PositionInputError),
    /// `text` is the line as it can be shown safely: escaped and cut short (see [`shown`]).
    BadLine {
        line: usize,
        text: String,
        source: LineError,
    },
    Read(io::Error),
    Write(io::Error),
}

impl From<ParseHeapsError> for SolveError {
    fn from(e: ParseHeapsError) -> SolveError {
        SolveError::Usage(e)
    }
}

impl From<PositionInputError> for SolveError {
    fn from(e: PositionInputError) -> SolveError {
        SolveError::Position(e)
    }
}

impl std::fmt::Display for SolveError {
    /// The error in English (the error's text as a library's caller sees it; the command writes
    /// it in the player's language with [`SolveError::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::English))
    }
}

impl SolveError {
    /// The error in `lang`.
    pub fn text(&self, lang: Language) -> String {
        use crate::i18n::{Arg, text_with};
        match self {
            SolveError::Usage(e) => heaps_error_text(lang, e),
            SolveError::Position(e) => input_error_text(lang, e),
            SolveError::BadLine { line, text, source } => text_with(
                lang,
                "solve-error-line",
                &[
                    ("line", Arg::Text(line.to_string())),
                    ("text", Arg::Text(text.clone())),
                    ("why", Arg::Text(line_error_text(lang, source))),
                ],
            ),
            SolveError::Read(e) => {
                text_with(lang, "solve-error-read", &[("error", Arg::Text(e.to_string()))])
            }
            SolveError::Write(e) => {
                text_with(lang, "solve-error-write", &[("error", Arg::Text(e.to_string()))])
            }
        }
    }
}

impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::Usage(e) => Some(e),
            SolveError::Position(e) => Some(e),
            SolveError::BadLine { source, .. } => Some(source),
            SolveError::Read(e) | SolveError::Write(e) => Some(e),
        }
    }
}

/// Why heaps cannot be read, for people in the language chosen (the engine's `Display` is the
/// English of JSON's error objects).
pub fn heaps_error_text(lang: Language, e: &ParseHeapsError) -> String {
    use crate::i18n::{Arg, text, text_with};
    let word = |id: &str, word: &str| {
        text_with(
            lang,
            id,
            &[("word", Arg::Text(word.to_string())), ("max", Arg::Text(u64::MAX.to_string()))],
        )
    };
    match e {
        ParseHeapsError::Empty => text(lang, "solve-error-empty"),
        ParseHeapsError::Negative(w) => word("solve-error-negative", w),
        ParseHeapsError::TooLarge(w) => word("solve-error-too-large", w),
        ParseHeapsError::NotANumber(w) => word("solve-error-not-a-number", w),
        ParseHeapsError::Notation(problem) => crate::words::notation_problem(lang, problem),
    }
}

/// Why some text is not a position of the game, for people in the language chosen.
pub fn input_error_text(lang: Language, e: &PositionInputError) -> String {
    use crate::i18n::{Arg, text_with};
    match e {
        PositionInputError::Heaps(e) => heaps_error_text(lang, e),
        PositionInputError::Limit(w) => text_with(
            lang,
            "solve-error-limit",
            &[("word", Arg::Text(w.clone())), ("max", Arg::Text(u64::MAX.to_string()))],
        ),
        PositionInputError::NoLimitHere(game) => text_with(
            lang,
            "solve-error-no-limit-here",
            &[("game", Arg::Text(crate::words::game_named(lang, game)))],
        ),
        PositionInputError::Shape(problem) => crate::words::position_problem(lang, problem),
    }
}

/// Why a line of standard input is not a position, for people in the language chosen.
fn line_error_text(lang: Language, e: &LineError) -> String {
    match e {
        LineError::Heaps(e) => heaps_error_text(lang, e),
        LineError::NotUtf8 => crate::i18n::text(lang, "solve-error-not-utf8"),
        LineError::Position(e) => input_error_text(lang, e),
    }
}

/// Why one line of standard input is not a position. Words in it are shown safely.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    #[error(transparent)]
    Heaps(#[from] ParseHeapsError),
    #[error("it is not UTF-8 text")]
    NotUtf8,
    #[error(transparent)]
    Position(PositionInputError),
}

/// Reads the position words of the command line, or the single word `-` for standard input. A
/// bad word is echoed escaped and cut short, as [`shown`] does.
pub fn parse_input(game: &Game, words: &[String]) -> Result<Input, PositionInputError> {
    if words.len() == 1 && words[0] == "-" {
        return Ok(Input::Stdin);
    }
    parse_position(game, &words.join(" ")).map(Input::Position)
}

/// Runs `solve` for `game`. Answers are gathered in one buffer, written when it is large, before
/// any read of `stdin` (which might block) and at the end. Under `keep_going` a bad line is
/// reported (a JSON object in its place on `out`, or a message on `err`) and the run goes on.
pub fn run(
    lang: Language,
    game: &Game,
    input: Input,
    options: Options,
    stdin: impl BufRead,
    out: impl Write,
    mut err: impl Write,
) -> Result<Report, SolveError> {
    let mut out = Output::new(out, game);
    let mut report = Report::default();
    match input {
        Input::Position(position) => out.answer(lang, game, &position, options)?,
        // A position with a limit (`HEAP/LIMIT`), or in a game's own notation (trees), is read a
        // line at a time.
        Input::Stdin if game.kind().describe().has_limit() || game.has_notation() => {
            games::read_lines(lang, game, options, stdin, &mut out, &mut err, &mut report)?;
        }
        Input::Stdin => {
            let mut lines = Lines::new(stdin);
            let mut heaps = Vec::new();
            loop {
                let failure = match lines.next_line(&mut heaps, &mut out) {
                    Ok(true) if heaps.is_empty() => continue,
                    Ok(true) => {
                        let position = Position::new(std::mem::take(&mut heaps));
                        let checked = game.check_position(&position);
                        if checked.is_ok() {
                            out.answer(lang, game, &position, options)?;
                        }
                        heaps = position.into_heaps();
                        match checked {
                            Ok(()) => continue,
                            // The line was read whole: its heaps are what can be shown of it.
                            Err(e) => SolveError::BadLine {
                                line: lines.line,
                                text: shown_heaps(&heaps),
                                source: LineError::Position(PositionInputError::Shape(e)),
                            },
                        }
                    }
                    Ok(false) => break,
                    Err(e) => e,
                };
                if !options.keep_going || !matches!(failure, SolveError::BadLine { .. }) {
                    // The answers to the lines before the bad one are written first.
                    out.flush()?;
                    return Err(failure);
                }
                out.bad_line(lang, &failure, options, &mut err)?;
                report.bad_lines += 1;
                lines.skip_line(&mut out)?;
            }
        }
    }
    out.flush()?;
    Ok(report)
}

/// The first heaps of a line, as [`shown`] would show the line.
fn shown_heaps(heaps: &[u64]) -> String {
    let words: Vec<String> = heaps.iter().take(SHOWN_CHARS / 2 + 1).map(u64::to_string).collect();
    shown(words.join(" ").as_bytes(), false)
}

/// The output buffer and where it goes.
///
/// The JSON is written by hand into a fixed buffer with room to spare past [`OUT_CHUNK`]: a
/// number or a move is copied in without a capacity check or a call, which matters in the
/// size-optimised release build, where `Vec::extend_from_slice` is not inlined.
struct Output<W> {
    buf: Box<[u8]>,
    len: usize,
    sink: W,
    /// `{"version":1,"game":"…","mode":"…","heaps":[`, the same for every answer of the run.
    head: Box<[u8]>,
    /// The text for people, formatted apart (its speed is not the point; its linearity is).
    text: Vec<u8>,
    /// Whether an answer in the text form was written (answers are separated by a blank line).
    texts: bool,
}

/// Room past [`OUT_CHUNK`] for the largest piece written between checks: one move on up to eight
/// heaps, or a count of a few hundred digits.
const OUT_SLACK: usize = 2048;

impl<W: Write> Output<W> {
    fn new(sink: W, game: &Game) -> Self {
        let mut head = format!(r#"{{"version":{SCHEMA_VERSION},"game":"#).into_bytes();
        // A game's name is plain ASCII (`moore:2`, `subtraction:1,2,3`), quoted all the same.
        head.extend_from_slice(serde_json::to_string(&game.kind().name()).unwrap_or_default().as_bytes());
        head.extend_from_slice(format!(r#","mode":"{}","heaps":["#, game.mode().as_str()).as_bytes());
        Output {
            buf: vec![0; OUT_CHUNK + OUT_SLACK].into_boxed_slice(),
            len: 0,
            sink,
            head: head.into_boxed_slice(),
            text: Vec::new(),
            texts: false,
        }
    }

    #[inline(always)]
    fn put(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        self.buf[self.len..end].copy_from_slice(bytes);
        self.len = end;
    }

    /// Writes `value` in decimal, from its last digits back.
    #[inline(always)]
    fn num(&mut self, value: u64) {
        let width = value.checked_ilog10().map_or(1, |log| log as usize + 1);
        let mut end = self.len + width;
        let digits = &mut self.buf[self.len..end];
        end = width;
        let mut rest = value;
        while rest >= 100 {
            let pair = (rest % 100) as usize * 2;
            rest /= 100;
            digits[end - 2..end].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
            end -= 2;
        }
        if rest >= 10 {
            let pair = rest as usize * 2;
            digits[end - 2..end].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        } else {
            digits[end - 1] = b'0' + rest as u8;
        }
        self.len += width;
    }

    /// A number that may pass `u64` (a Grundy value of Lasker's Nim reaches 2^64): past it, a
    /// string of digits, as the schema's `wide` says.
    fn wide(&mut self, value: u128) {
        match u64::try_from(value) {
            Ok(small) => self.num(small),
            Err(_) => {
                let mut digits = itoa::Buffer::new();
                let text = digits.format(value);
                self.put(b"\"");
                self.put(text.as_bytes());
                self.put(b"\"");
            }
        }
    }

    #[inline(always)]
    fn spill_if_full(&mut self) -> io::Result<()> {
        if self.len >= OUT_CHUNK {
            self.sink.write_all(&self.buf[..self.len])?;
            self.len = 0;
        }
        Ok(())
    }

    /// A list of numbers, `[1,2,3]`, written out as it grows.
    fn list(&mut self, values: impl IntoIterator<Item = u128>) -> io::Result<()> {
        self.put(b"[");
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.put(b",");
            }
            self.wide(value);
            self.spill_if_full()?;
        }
        self.put(b"]");
        Ok(())
    }

    /// One move in its JSON shape (see [`Move::json`]). Nim's, the Grundy games' and the pins'
    /// shapes, the ones a long line is made of, are written by hand (the same bytes); every other
    /// shape is the engine's serialisation, so a new move shape needs nothing here.
    fn mv(&mut self, position: &Position, mv: &Move) -> io::Result<()> {
        match mv {
            Move::Take(take) => {
                self.put(br#"{"heap":"#);
                self.num(take.number() as u64);
                self.put(br#","take":"#);
                self.num(take.take);
                self.put(b"}");
            }
            Move::Split { heap, take: 0, left } => {
                let rest = position.heap(*heap).unwrap_or(0).saturating_sub(*left);
                self.put(br#"{"heap":"#);
                self.num(*heap as u64 + 1);
                self.put(br#","split":["#);
                self.num(*left);
                self.put(b",");
                self.num(rest);
                self.put(b"]}");
            }
            Move::Split { heap, take, left } => {
                self.put(br#"{"heap":"#);
                self.num(*heap as u64 + 1);
                self.put(br#","pins":["#);
                for pin in left + 1..=left.saturating_add(*take) {
                    if pin > left + 1 {
                        self.put(b",");
                    }
                    self.num(pin);
                }
                self.put(b"]}");
            }
            _ => {
                let bytes = serde_json::to_vec(&mv.json(position)).map_err(io::Error::other)?;
                // A move of any size: in pieces no larger than the buffer's slack.
                for piece in bytes.chunks(OUT_SLACK) {
                    self.put(piece);
                    self.spill_if_full()?;
                }
            }
        }
        Ok(())
    }

    /// The JSON line answering `position`, newline included.
    fn json(&mut self, game: &Game, position: &Position, limit: Option<usize>) -> io::Result<()> {
        let mut verdict = game.verdict(position);
        if !verdict.count.is_exact() {
            // A lower bound is at least the moves listed (rare: Moore's Nim_k on many heaps).
            let listing = game.visit_winning_moves(position, limit, &mut |_| {});
            verdict.count = verdict.count.raised_to(listing.listed as u128);
        }
        let head = std::mem::take(&mut self.head);
        self.put(&head);
        self.head = head;
        let heaps = position.heaps();
        if let Some((&first, rest)) = heaps.split_first() {
            self.num(first);
            for &h in rest {
                self.put(b",");
                self.num(h);
                self.spill_if_full()?;
            }
        }
        self.put(b"]");
        // Nim's and the Grundy games' working by hand, the same bytes as the engine's
        // serialisation (the tests hold them to `reference_answer`'s): their lines may hold a
        // million heaps, written as they go.
        match &verdict.working {
            Working::NimSum(nim_sum) => {
                self.put(br#","nim_sum":"#);
                self.num(*nim_sum);
            }
            Working::Grundy { values, sum } => {
                self.put(br#","grundy":"#);
                self.list(values.iter().copied())?;
                self.put(br#","grundy_sum":"#);
                self.wide(*sum);
            }
            // Every other working (small: Fibonacci's terms, a misère quotient's names) as the
            // engine serialises it, its fields spliced in after `heaps`.
            other => {
                let fields = serde_json::to_vec(other).map_err(io::Error::other)?;
                if fields.len() > 2 {
                    self.put(b",");
                    self.put(&fields[1..fields.len() - 1]);
                }
            }
        }
        self.put(match verdict.outcome {
            Outcome::Win => br#","outcome":"win","count":"#,
            Outcome::Lose => br#","outcome":"lose","count":"#,
        });
        match verdict.count.value().to_u64() {
            Some(count) => self.num(count),
            None => {
                self.put(b"\"");
                self.put(verdict.count.value().digits().as_bytes());
                self.put(b"\"");
            }
        }
        if !verdict.count.is_exact() {
            self.put(br#","count_exact":false"#);
        }
        self.put(br#","moves":["#);
        let mut first = true;
        let mut written = Ok(());
        let listing = game.visit_winning_moves_after(position, &verdict, limit, &mut |mv| {
            if !first {
                self.put(b",");
            }
            first = false;
            written = self.mv(position, mv).and_then(|()| self.spill_if_full());
            // A reader that has gone away ends the list: the rest would never be read.
            written.is_ok()
        });
        written?;
        self.put(b"]");
        if list_cut(&verdict.count, &listing, limit) {
            self.put(br#","moves_truncated":true"#);
        }
        if verdict.outcome == Outcome::Lose {
            self.put(br#","best_try":"#);
            match game.ai_move(position) {
                Some(mv) => self.mv(position, &mv)?,
                None => self.put(b"null"),
            }
        }
        self.put(b"}\n");
        self.spill_if_full()
    }

    fn answer(
        &mut self,
        lang: Language,
        game: &Game,
        position: &Position,
        options: Options,
    ) -> Result<(), SolveError> {
        if options.json {
            return self.json(game, position, options.limit).map_err(SolveError::Write);
        }
        if std::mem::replace(&mut self.texts, true) {
            self.put(b"\n");
        }
        self.sink.write_all(&self.buf[..self.len]).map_err(SolveError::Write)?;
        self.len = 0;
        let sink = &mut self.sink;
        let mut spill = |text: &mut Vec<u8>| {
            sink.write_all(text)?;
            text.clear();
            Ok(())
        };
        self.text.clear();
        write_text(lang, &mut self.text, game, position, options.limit, &mut spill)
            .map_err(SolveError::Write)?;
        self.sink.write_all(&self.text).map_err(SolveError::Write)?;
        self.text.clear();
        Ok(())
    }

    /// A bad line under `--keep-going`: `{"version":1,"line":N,"error":"…"}` in its place in the
    /// JSON, or its message on `err` (after the answers before it).
    fn bad_line(
        &mut self,
        lang: Language,
        failure: &SolveError,
        options: Options,
        err: &mut impl Write,
    ) -> Result<(), SolveError> {
        let SolveError::BadLine { line, text, source } = failure else { return Ok(()) };
        if options.json {
            let error = format!("'{text}' is not a position: {source}");
            let quoted = serde_json::to_string(&error).unwrap_or_default();
            let object = format!(r#"{{"version":{SCHEMA_VERSION},"line":{line},"error":{quoted}}}"#);
            self.put(object.as_bytes());
            self.put(b"\n");
            return self.spill_if_full().map_err(SolveError::Write);
        }
        self.flush()?;
        // The message holds only text made safe by `shown`.
        writeln!(err, "nim-tui: {}", failure.text(lang)).and_then(|()| err.flush()).map_err(SolveError::Write)
    }

    fn flush(&mut self) -> Result<(), SolveError> {
        if self.len > 0 {
            self.sink.write_all(&self.buf[..self.len]).map_err(SolveError::Write)?;
            self.len = 0;
        }
        self.sink.flush().map_err(SolveError::Write)
    }
}

/// Standard input, read in large pieces into one buffer and cut into lines of heaps.
struct Lines<R> {
    src: R,
    /// Unparsed input is `buf[pos..end]`.
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The number of the line being read, counting from 1.
    line: usize,
    /// A bad line was left before its end: [`Lines::skip_line`] reads on past it.
    unfinished: bool,
}

/// What is known of the word being read, fed one byte at a time, so that a word may run across
/// any number of reads. It follows [`crate::engine::parse_heap`] exactly: an optional `+` before
/// digits, and `-0`, `-00`, ... are 0.
#[derive(Debug, Clone, Copy, Default)]
struct Word {
    len: usize,
    sign: u8,
    digits: usize,
    value: u64,
    overflow: bool,
    bad: bool,
}

impl Word {
    #[inline]
    fn digit(&mut self, d: u8) {
        let (times_ten, o1) = self.value.overflowing_mul(10);
        let (value, o2) = times_ten.overflowing_add(u64::from(d));
        self.value = value;
        self.overflow |= o1 | o2;
        self.digits += 1;
        self.len += 1;
    }

    /// Any byte that is not a separator and not a digit (`len` counts bytes, for the echo).
    fn other(&mut self, b: u8) {
        if self.len == 0 && (b == b'+' || b == b'-') {
            self.sign = b;
        } else {
            self.bad = true;
        }
        self.len += 1;
    }

    /// The heap, or what is wrong with the word (`text`, the word as it can be shown).
    fn finish(&self, text: impl FnOnce() -> String) -> Result<u64, ParseHeapsError> {
        if self.bad || self.digits == 0 {
            Err(ParseHeapsError::NotANumber(text()))
        } else if self.sign == b'-' {
            if self.value == 0 && !self.overflow { Ok(0) } else { Err(ParseHeapsError::Negative(text())) }
        } else if self.overflow {
            Err(ParseHeapsError::TooLarge(text()))
        } else {
            Ok(self.value)
        }
    }
}

/// Where the text of a bad line or word is kept until it is shown: its first [`SHOWN_BYTES`]
/// are copied out of the buffer when the buffer moves on, the rest is read where it is.
#[derive(Debug, Default)]
struct Kept {
    /// Where the part not yet copied out starts in the buffer.
    start: usize,
    saved: Vec<u8>,
    /// Bytes of it were dropped without being saved.
    dropped: bool,
}

impl Kept {
    fn at(&mut self, start: usize) {
        self.start = start;
        self.saved.clear();
        self.dropped = false;
    }

    /// The buffer is about to drop `buf[..keep]` and move the rest to its front.
    fn before_shift(&mut self, buf: &[u8], keep: usize) {
        if self.start < keep {
            let room = SHOWN_BYTES - self.saved.len().min(SHOWN_BYTES);
            let take = (keep - self.start).min(room);
            self.saved.extend_from_slice(&buf[self.start..self.start + take]);
            self.dropped |= keep - self.start > take;
            self.start = 0;
        } else {
            self.start -= keep;
        }
    }

    /// The first [`SHOWN_BYTES`] of the text, which runs to `buf[upto]`, and whether there is more.
    fn text(&self, buf: &[u8], upto: usize) -> (Vec<u8>, bool) {
        let mut text = self.saved.clone();
        let room = SHOWN_BYTES - text.len().min(SHOWN_BYTES);
        let upto = upto.max(self.start);
        let till = upto.min(self.start + room);
        text.extend_from_slice(&buf[self.start..till]);
        (text, self.dropped || upto > till)
    }
}

impl<R: BufRead> Lines<R> {
    fn new(src: R) -> Self {
        Lines {
            src,
            buf: vec![0; IN_CHUNK].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 0,
            unfinished: false,
        }
    }

    /// Reads more input after `buf[..keep]` is dropped, writing the answers so far first (the read
    /// may block). Returns false at the end of input.
    fn refill<W: Write>(&mut self, keep: usize, out: &mut Output<W>) -> Result<bool, SolveError> {
        self.buf.copy_within(keep..self.end, 0);
        self.end -= keep;
        self.pos = self.end;
        out.flush()?;
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(SolveError::Read(e)),
            }
        }
    }

    /// Reads on past the end of a bad line that was left before its end, so that the next line
    /// can be read (`--keep-going`).
    fn skip_line<W: Write>(&mut self, out: &mut Output<W>) -> Result<(), SolveError> {
        if !std::mem::take(&mut self.unfinished) {
            return Ok(());
        }
        loop {
            if let Some(n) = self.buf[self.pos..self.end].iter().position(|&b| b == b'\n') {
                self.pos += n + 1;
                return Ok(());
            }
            if self.eof || !self.refill(self.end, out)? {
                self.pos = self.end;
                return Ok(());
            }
        }
    }

    /// Reads the next line into `heaps` (empty for a blank line). Returns false at the end of input.
    fn next_line<W: Write>(&mut self, heaps: &mut Vec<u64>, out: &mut Output<W>) -> Result<bool, SolveError> {
        heaps.clear();
        if self.pos == self.end && (self.eof || !self.refill(self.pos, out)?) {
            return Ok(false);
        }
        self.line += 1;
        if let Some(next) = self.plain_line(heaps) {
            self.pos = next;
            return Ok(true);
        }
        heaps.clear();
        let mut line = Kept::default();
        line.at(self.pos);
        let mut word_text = Kept::default();
        let mut word = Word::default();
        let mut in_word = false;
        let mut comma = false;
        let mut i = self.pos;
        loop {
            if !in_word {
                // The common case on a long line: plain numbers between spaces or commas, each
                // whole in the buffer, taken without the byte-by-byte machinery below.
                i = self.plain_words(i, heaps, &mut comma);
                self.pos = i;
            }
            if in_word {
                // The common case, a run of digits, without the full dispatch below.
                while i < self.end {
                    let d = self.buf[i].wrapping_sub(b'0');
                    if d > 9 {
                        break;
                    }
                    word.digit(d);
                    i += 1;
                }
            }
            if i == self.end {
                if self.eof {
                    break;
                }
                // Keep only an unfinished UTF-8 character (at most 3 bytes) for the next read.
                let keep = i;
                line.before_shift(&self.buf, keep);
                word_text.before_shift(&self.buf, keep);
                if !self.refill(keep, out)? {
                    i = self.end;
                    break;
                }
                i = 0;
                self.pos = 0;
                continue;
            }
            let b = self.buf[i];
            let (separator, width) = if b < 0x80 {
                (b == b',' || b == b' ' || (b'\t'..=b'\r').contains(&b), 1)
            } else {
                match self.char_at(i) {
                    Some(Ok((c, width))) => (c.is_whitespace(), width),
                    Some(Err(())) => {
                        self.pos = i;
                        self.unfinished = true;
                        let (text, cut) = line.text(&self.buf, self.line_end(i));
                        return Err(SolveError::BadLine {
                            line: self.line,
                            text: shown(trimmed(&text), cut),
                            source: LineError::NotUtf8,
                        });
                    }
                    None => {
                        // The character runs past the data: read more, keeping it.
                        self.pos = i;
                        let keep = i;
                        line.before_shift(&self.buf, keep);
                        word_text.before_shift(&self.buf, keep);
                        if !self.refill(keep, out)? {
                            // Cut short by the end of input: not UTF-8.
                            let (text, cut) = line.text(&self.buf, self.end);
                            return Err(SolveError::BadLine {
                                line: self.line,
                                text: shown(trimmed(&text), cut),
                                source: LineError::NotUtf8,
                            });
                        }
                        i = 0;
                        self.pos = 0;
                        continue;
                    }
                }
            };
            if separator || b == b'\n' {
                if in_word {
                    let heap = word.finish(|| {
                        let (text, cut) = word_text.text(&self.buf, i);
                        shown(&text, cut)
                    });
                    match heap {
                        Ok(h) => heaps.push(h),
                        Err(e) => {
                            self.pos = i;
                            self.unfinished = true;
                            let (text, cut) = line.text(&self.buf, self.line_end(i));
                            return Err(SolveError::BadLine {
                                line: self.line,
                                text: shown(trimmed(&text), cut),
                                source: e.into(),
                            });
                        }
                    }
                    in_word = false;
                }
                comma |= b == b',';
                i += width;
                self.pos = i;
                if b == b'\n' {
                    break;
                }
                continue;
            }
            if !in_word {
                in_word = true;
                word = Word::default();
                word_text.at(i);
            }
            if b.is_ascii_digit() {
                word.digit(b - b'0');
            } else {
                word.other(b);
                word.len += width - 1;
            }
            i += width;
            self.pos = i;
        }
        self.pos = i;
        if in_word {
            let heap = word.finish(|| {
                let (text, cut) = word_text.text(&self.buf, i);
                shown(&text, cut)
            });
            match heap {
                Ok(h) => heaps.push(h),
                Err(e) => {
                    let (text, cut) = line.text(&self.buf, i);
                    return Err(SolveError::BadLine {
                        line: self.line,
                        text: shown(trimmed(&text), cut),
                        source: e.into(),
                    });
                }
            }
        }
        if heaps.is_empty() && comma {
            let (text, cut) = line.text(&self.buf, i.min(self.end));
            return Err(SolveError::BadLine {
                line: self.line,
                text: shown(trimmed(&text), cut),
                source: ParseHeapsError::Empty.into(),
            });
        }
        Ok(true)
    }

    /// The common case in one tight loop: a whole line already in the buffer, made of numbers
    /// without signs that fit a u64, spaces, tabs and commas, with at least one number. Returns
    /// where the next line starts, or `None` (with `heaps` partly filled) for anything else, which
    /// the general parser then reads from the start of the line.
    #[inline]
    fn plain_line(&self, heaps: &mut Vec<u64>) -> Option<usize> {
        let data = &self.buf[self.pos..self.end];
        let mut i = 0;
        loop {
            let b = *data.get(i)?;
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                match b {
                    b' ' | b',' | b'\t' | b'\r' => {
                        i += 1;
                        continue;
                    }
                    b'\n' if !heaps.is_empty() => return Some(self.pos + i + 1),
                    _ => return None,
                }
            }
            let start = i;
            let mut value = u64::from(d);
            i += 1;
            loop {
                let d = data.get(i)?.wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                // 19 digits always fit in a u64; from the 20th on, overflow is checked.
                value = if i - start < 19 {
                    value * 10 + u64::from(d)
                } else {
                    value.checked_mul(10)?.checked_add(u64::from(d))?
                };
                i += 1;
            }
            heaps.push(value);
        }
    }

    /// Reads plain numbers and the spaces and commas between them from `buf[i]` on, as long as
    /// each number ends within the data with such a separator; returns where it stopped.
    #[inline]
    fn plain_words(&self, mut i: usize, heaps: &mut Vec<u64>, comma: &mut bool) -> usize {
        let data = &self.buf[..self.end];
        while let Some(&b) = data.get(i) {
            if b == b' ' || b == b',' {
                *comma |= b == b',';
                i += 1;
                continue;
            }
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return i;
            }
            let mut j = i + 1;
            let mut value = u64::from(d);
            loop {
                let Some(&b) = data.get(j) else { return i };
                let d = b.wrapping_sub(b'0');
                if d > 9 {
                    if b != b' ' && b != b',' {
                        return i;
                    }
                    break;
                }
                // As in `plain_line`: 19 digits always fit; past them overflow is checked.
                value = if j - i < 19 {
                    value * 10 + u64::from(d)
                } else {
                    match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(d))) {
                        Some(v) => v,
                        None => return i,
                    }
                };
                j += 1;
            }
            heaps.push(value);
            i = j;
        }
        i
    }

    /// The character starting with the non-ASCII byte at `buf[i]` and its width; `None` when it
    /// runs past the data and more may come.
    fn char_at(&self, i: usize) -> Option<Result<(char, usize), ()>> {
        let width = match self.buf[i] {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return Some(Err(())),
        };
        if i + width > self.end {
            // Bytes that are there already may show it is not UTF-8 at all.
            if std::str::from_utf8(&self.buf[i..self.end]).is_err_and(|e| e.error_len().is_some()) {
                return Some(Err(()));
            }
            return if self.eof { Some(Err(())) } else { None };
        }
        match std::str::from_utf8(&self.buf[i..i + width]) {
            Ok(s) => s.chars().next().map(|c| Ok((c, width))),
            Err(_) => Some(Err(())),
        }
    }

    /// Where the line containing `buf[i]` ends, as far as the data goes.
    fn line_end(&self, i: usize) -> usize {
        let i = i.min(self.end);
        self.buf[i..self.end].iter().position(|&b| b == b'\n').map_or(self.end, |n| i + n)
    }
}

/// `bytes` without the whitespace around it, as `str::trim` would cut it.
fn trimmed(bytes: &[u8]) -> &[u8] {
    let valid = match std::str::from_utf8(bytes) {
        Ok(_) => bytes,
        // A character cut in two at the end of the kept text is dropped; other bad bytes stay.
        Err(e) if e.error_len().is_none() => &bytes[..e.valid_up_to()],
        Err(_) => return bytes.trim_ascii(),
    };
    std::str::from_utf8(valid).map_or(valid, |s| s.trim().as_bytes())
}

/// Text from outside made safe for a terminal: control characters, escape sequences, bidi
/// controls and zero-width characters shown escaped (`\x1b`, `\u{202e}`), bytes that are not UTF-8
/// as `\xff`, and at most 80 characters (`SHOWN_CHARS`), then `…` (also when `cut`: more was there).
pub fn shown(bytes: &[u8], cut: bool) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let mut count = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if count == SHOWN_CHARS {
                text.push('…');
                return text;
            }
            count += 1;
            let invisible = matches!(
                c,
                '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
                    | '\u{2060}'..='\u{2069}' | '\u{feff}'
            );
            if c == '\\' {
                text.push_str("\\\\");
            } else if c.is_ascii_control() {
                let _ = write!(text, "\\x{:02x}", c as u32);
            } else if c.is_control() || invisible {
                let _ = write!(text, "\\u{{{:x}}}", c as u32);
            } else {
                text.push(c);
            }
        }
        for &b in chunk.invalid() {
            if count == SHOWN_CHARS {
                text.push('…');
                return text;
            }
            count += 1;
            let _ = write!(text, "\\x{b:02x}");
        }
    }
    if cut {
        text.push('…');
    }
    text
}
