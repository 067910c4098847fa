//! `nim-tui solve`: perfect-play answers for scripts (one JSON line per position) and for people.
//!
//! Built for streams of millions of positions: standard input is read in large pieces into one
//! reused buffer and parsed byte by byte (a heap is never a `String`), answers are formatted
//! straight into one output buffer, and that buffer is written when it is large, when the next
//! read of standard input might block, and at the end. So a script that sends a line and waits
//! gets its answer at once, and a file of a million lines costs a few hundred writes. A line of
//! any length costs 8 bytes per heap plus the fixed buffers.

use std::io::{self, BufRead, Write};

use serde::Serialize;

use crate::engine::{Explanation, Mode, Outcome, ParseHeapsError, analyse, binary_digits, parse_heaps};

pub mod games;

pub use games::PositionInputError;

/// One answer of `solve --json`. Field names and order are a published interface.
///
/// `solve` itself formats the same bytes by hand ([`json_line`]); this is the reference form,
/// serialised with serde_json in the tests to check that both agree.
#[derive(Debug, Serialize)]
pub struct Answer<'a> {
    pub mode: Mode,
    pub heaps: &'a [u64],
    pub nim_sum: u64,
    pub outcome: &'static str,
    pub moves: Vec<JsonMove>,
}

/// A winning move as `solve --json` prints it: heaps numbered from 1.
#[derive(Debug, Serialize)]
pub struct JsonMove {
    pub heap: usize,
    pub take: u64,
}

/// How much output is gathered before it is written, when no read of input comes first.
const OUT_CHUNK: usize = 64 * 1024;
/// How much input is read at once.
const IN_CHUNK: usize = 64 * 1024;
/// At most this many characters of a bad line or word are echoed in a message.
const SHOWN_CHARS: usize = 80;
/// Enough bytes of a line or word to show [`SHOWN_CHARS`] characters of it.
const SHOWN_BYTES: usize = SHOWN_CHARS * 4 + 4;

/// The single JSON line answering `heaps` under `mode` (without the newline).
pub fn json_line(heaps: &[u64], mode: Mode) -> String {
    let mut out = Output::new(Vec::new());
    // Writing to a Vec cannot fail.
    let _ = out.json(heaps, mode);
    let _ = out.flush();
    let mut line = out.sink;
    line.pop();
    // Only ASCII is written: digits, field names and the mode's and outcome's words.
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

/// The answer for a person: the heaps in binary, the nim-sum, and every winning move with its reason.
pub fn human_text(heaps: &[u64], mode: Mode) -> String {
    let mut buf = Vec::new();
    // As in `json_line`: writing to a Vec cannot fail.
    let _ = write_human(&mut buf, heaps, mode, &mut |_| Ok(()));
    String::from_utf8(buf).unwrap_or_default()
}

/// Appends the answer for a person to `buf`, in time linear in the number of heaps; `spill` as
/// for [`write_json`].
fn write_human(
    buf: &mut Vec<u8>,
    heaps: &[u64],
    mode: Mode,
    spill: &mut impl FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    let explanation = Explanation::new(heaps, mode);
    let analysis = &explanation.analysis;
    let mut numbers = itoa::Buffer::new();
    write!(buf, "Nim, {} ({}): heaps", crate::words::mode_title(mode), crate::words::mode_rule(mode))?;
    for &h in heaps {
        buf.push(b' ');
        buf.extend_from_slice(numbers.format(h).as_bytes());
        if buf.len() >= OUT_CHUNK {
            spill(buf)?;
        }
    }
    buf.extend_from_slice(b"\n\n");

    let label_width = numbers.format(heaps.len()).len() + "heap ".len();
    let label_width = label_width.max("nim-sum".len());
    let widest = heaps.iter().copied().max().unwrap_or(0).max(analysis.nim_sum);
    let value_width = numbers.format(widest).len();
    let digits = binary_digits(heaps);
    for (i, &h) in heaps.iter().enumerate() {
        let label = numbers.format(i + 1);
        writeln!(buf, "  heap {label:<w$}  {h:>value_width$}  {h:0digits$b}", w = label_width - 5)?;
        if buf.len() >= OUT_CHUNK {
            spill(buf)?;
        }
    }
    let rule = "-".repeat(digits);
    writeln!(buf, "  {:<label_width$}  {:>value_width$}  {rule}", "", "")?;
    let nim_sum = analysis.nim_sum;
    writeln!(buf, "  {:<label_width$}  {nim_sum:>value_width$}  {nim_sum:0digits$b}", "nim-sum")?;
    writeln!(buf)?;

    if heaps.iter().all(|&h| h == 0) {
        let verdict = match analysis.outcome {
            Outcome::Win => "the player to move has won (the other player took the last token)",
            Outcome::Lose => "the player to move has lost (the other player took the last token)",
        };
        writeln!(buf, "Every heap is empty: the game is over, and {verdict}.")?;
        writeln!(buf, "No winning move.")?;
        return Ok(());
    }
    match analysis.outcome {
        Outcome::Win => {
            let count = analysis.move_count();
            writeln!(
                buf,
                "The player to move wins with perfect play. {count} winning move{}:",
                if count == 1 { "" } else { "s" }
            )?;
            for reason in explanation.winning_reasons() {
                writeln!(buf, "  {}", crate::words::move_reason(&reason))?;
                if buf.len() >= OUT_CHUNK {
                    spill(buf)?;
                }
            }
        }
        Outcome::Lose => {
            writeln!(buf, "The player to move loses against perfect play: no winning move.")?;
            writeln!(buf, "Why: {}.", crate::words::loss_reason(&explanation))?;
            if let Some(mv) = explanation.best.mv() {
                writeln!(buf, "The AI would {}, to make mistakes most likely.", crate::words::take(mv))?;
            }
        }
    }
    Ok(())
}

/// Where `solve` reads positions from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Heap sizes from the command line.
    Heaps(Vec<u64>),
    /// One position per line of standard input.
    Stdin,
}

/// What can stop a `solve` run.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("{0}")]
    Usage(#[from] ParseHeapsError),
    /// A position on the command line that is not one of the game's (`solve --game`).
    #[error("{0}")]
    Position(#[from] PositionInputError),
    /// `text` is the line as it can be shown safely: escaped and cut short (see [`shown`]).
    #[error("line {line}: '{text}' is not a position: {source}")]
    BadLine { line: usize, text: String, source: LineError },
    #[error("cannot read standard input: {0}")]
    Read(io::Error),
    #[error("cannot write the answer: {0}")]
    Write(io::Error),
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

/// Reads the heap words of the command line: every word must be a heap size, or the single word `-`.
/// A bad word is echoed escaped and cut short, as [`shown`] does.
pub fn parse_input(words: &[String]) -> Result<Input, ParseHeapsError> {
    if words.len() == 1 && words[0] == "-" {
        return Ok(Input::Stdin);
    }
    parse_heaps(&words.join(" ")).map(Input::Heaps).map_err(|e| match e {
        ParseHeapsError::Negative(w) => ParseHeapsError::Negative(shown(w.as_bytes(), false)),
        ParseHeapsError::TooLarge(w) => ParseHeapsError::TooLarge(shown(w.as_bytes(), false)),
        ParseHeapsError::NotANumber(w) => ParseHeapsError::NotANumber(shown(w.as_bytes(), false)),
        other => other,
    })
}

/// Runs `solve`. Answers are gathered in one buffer, written when it is large, before any read of
/// `stdin` (which might block) and at the end.
pub fn run(
    input: Input,
    mode: Mode,
    json: bool,
    stdin: impl BufRead,
    out: impl Write,
) -> Result<(), SolveError> {
    let mut out = Output::new(out);
    match input {
        Input::Heaps(heaps) => out.answer(&heaps, mode, json)?,
        Input::Stdin => {
            let mut lines = Lines::new(stdin);
            let mut heaps = Vec::new();
            let mut first = true;
            loop {
                match lines.next_line(&mut heaps, &mut out) {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => {
                        // The answers to the lines before the bad one are written first.
                        out.flush()?;
                        return Err(e);
                    }
                }
                if heaps.is_empty() {
                    continue;
                }
                if !json && !first {
                    out.put(b"\n");
                }
                first = false;
                out.answer(&heaps, mode, json)?;
            }
        }
    }
    out.flush()
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
    /// The text for people, formatted apart (its speed is not the point; its linearity is).
    text: Vec<u8>,
}

/// Room past [`OUT_CHUNK`] for the largest piece written between checks: one move.
const OUT_SLACK: usize = 256;

impl<W: Write> Output<W> {
    fn new(sink: W) -> Self {
        Output { buf: vec![0; OUT_CHUNK + OUT_SLACK].into_boxed_slice(), len: 0, sink, text: Vec::new() }
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

    #[inline(always)]
    fn spill_if_full(&mut self) -> io::Result<()> {
        if self.len >= OUT_CHUNK {
            self.sink.write_all(&self.buf[..self.len])?;
            self.len = 0;
        }
        Ok(())
    }

    /// The JSON line answering `heaps`, newline included.
    fn json(&mut self, heaps: &[u64], mode: Mode) -> io::Result<()> {
        let analysis = analyse(heaps, mode);
        self.put(match mode {
            Mode::Normal => br#"{"mode":"normal","heaps":["#,
            Mode::Misere => br#"{"mode":"misere","heaps":["#,
        });
        if let Some((&first, rest)) = heaps.split_first() {
            self.num(first);
            for &h in rest {
                self.put(b",");
                self.num(h);
                self.spill_if_full()?;
            }
        }
        self.put(br#"],"nim_sum":"#);
        self.num(analysis.nim_sum);
        self.put(match analysis.outcome {
            Outcome::Win => br#","outcome":"win","moves":["#,
            Outcome::Lose => br#","outcome":"lose","moves":["#,
        });
        let mut separator: &[u8] = br#"{"heap":"#;
        for mv in analysis.moves(heaps) {
            self.put(separator);
            separator = br#",{"heap":"#;
            self.num(mv.number() as u64);
            self.put(br#","take":"#);
            self.num(mv.take);
            self.put(b"}");
            self.spill_if_full()?;
        }
        self.put(b"]}\n");
        self.spill_if_full()
    }

    fn answer(&mut self, heaps: &[u64], mode: Mode, json: bool) -> Result<(), SolveError> {
        if json {
            return self.json(heaps, mode).map_err(SolveError::Write);
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
        write_human(&mut self.text, heaps, mode, &mut spill).map_err(SolveError::Write)?;
        self.sink.write_all(&self.text).map_err(SolveError::Write)?;
        self.text.clear();
        Ok(())
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
        Lines { src, buf: vec![0; IN_CHUNK].into_boxed_slice(), pos: 0, end: 0, eof: false, line: 0 }
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
