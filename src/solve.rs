//! `nim-tui solve`: perfect-play answers for scripts (one JSON line per position) and for people.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};

use serde::Serialize;

use crate::engine::{Explanation, Mode, Outcome, ParseHeapsError, analyse, parse_heaps};

/// One answer of `solve --json`. Field names and order are a published interface.
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

/// The single JSON line answering `heaps` under `mode`.
pub fn json_line(heaps: &[u64], mode: Mode) -> String {
    let analysis = analyse(heaps, mode);
    let answer = Answer {
        mode,
        heaps,
        nim_sum: analysis.nim_sum,
        outcome: analysis.outcome.as_str(),
        moves: analysis
            .winning_moves
            .iter()
            .map(|mv| JsonMove { heap: mv.number(), take: mv.take })
            .collect(),
    };
    // Serialising plain numbers and strings cannot fail.
    serde_json::to_string(&answer).expect("a solve answer is always serialisable")
}

/// The answer for a person: the heaps in binary, the nim-sum, and every winning move with its reason.
pub fn human_text(heaps: &[u64], mode: Mode) -> String {
    let explanation = Explanation::new(heaps, mode);
    let analysis = &explanation.analysis;
    let mut out = String::new();
    let position: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let _ = writeln!(out, "Nim, {} ({}): heaps {}", mode.title(), mode.rule(), position.join(" "));
    let _ = writeln!(out);

    let label_width = format!("heap {}", heaps.len()).len().max("nim-sum".len());
    let value_width = heaps
        .iter()
        .chain(std::iter::once(&analysis.nim_sum))
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    for (i, &h) in heaps.iter().enumerate() {
        let label = format!("heap {}", i + 1);
        let _ = writeln!(out, "  {label:<label_width$}  {h:>value_width$}  {}", explanation.binary(h));
    }
    let rule = "-".repeat(explanation.digits());
    let _ = writeln!(out, "  {:<label_width$}  {:>value_width$}  {rule}", "", "");
    let _ = writeln!(
        out,
        "  {:<label_width$}  {:>value_width$}  {}",
        "nim-sum",
        analysis.nim_sum,
        explanation.binary(analysis.nim_sum)
    );
    let _ = writeln!(out);

    if heaps.iter().all(|&h| h == 0) {
        let verdict = match analysis.outcome {
            Outcome::Win => "the player to move has won (the other player took the last token)",
            Outcome::Lose => "the player to move has lost (the other player took the last token)",
        };
        let _ = writeln!(out, "Every heap is empty: the game is over, and {verdict}.");
        let _ = writeln!(out, "No winning move.");
        return out;
    }
    match analysis.outcome {
        Outcome::Win => {
            let count = analysis.winning_moves.len();
            let _ = writeln!(
                out,
                "The player to move wins with perfect play. {count} winning move{}:",
                if count == 1 { "" } else { "s" }
            );
            for reason in explanation.winning_reasons() {
                let _ = writeln!(out, "  {reason}");
            }
        }
        Outcome::Lose => {
            let _ = writeln!(out, "The player to move loses against perfect play: no winning move.");
            if let Some(mv) = explanation.best.mv() {
                let _ = writeln!(out, "The AI would {mv}, to make mistakes most likely.");
            }
        }
    }
    out
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
    #[error("line {line}: '{text}' is not a position: {source}")]
    BadLine { line: usize, text: String, source: ParseHeapsError },
    #[error("cannot read standard input: {0}")]
    Read(io::Error),
    #[error("cannot write the answer: {0}")]
    Write(io::Error),
}

/// Reads the heap words of the command line: every word must be a heap size, or the single word `-`.
pub fn parse_input(words: &[String]) -> Result<Input, ParseHeapsError> {
    if words.len() == 1 && words[0] == "-" {
        return Ok(Input::Stdin);
    }
    parse_heaps(&words.join(" ")).map(Input::Heaps)
}

/// Runs `solve`, writing each answer as soon as it is computed.
pub fn run(
    input: Input,
    mode: Mode,
    json: bool,
    stdin: impl BufRead,
    mut out: impl Write,
) -> Result<(), SolveError> {
    let answer = |heaps: &[u64]| if json { json_line(heaps, mode) + "\n" } else { human_text(heaps, mode) };
    match input {
        Input::Heaps(heaps) => {
            out.write_all(answer(&heaps).as_bytes()).map_err(SolveError::Write)?;
            out.flush().map_err(SolveError::Write)?;
        }
        Input::Stdin => {
            let mut first = true;
            for (index, line) in stdin.lines().enumerate() {
                let line = line.map_err(SolveError::Read)?;
                if line.trim().is_empty() {
                    continue;
                }
                let heaps = parse_heaps(&line).map_err(|source| SolveError::BadLine {
                    line: index + 1,
                    text: line.trim().to_string(),
                    source,
                })?;
                if !json && !first {
                    out.write_all(b"\n").map_err(SolveError::Write)?;
                }
                first = false;
                out.write_all(answer(&heaps).as_bytes()).map_err(SolveError::Write)?;
                out.flush().map_err(SolveError::Write)?;
            }
        }
    }
    Ok(())
}
