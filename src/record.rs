//! Game records: a finished game as a small text file, written from the game-over screen and
//! stepped through by `nim-tui replay`.
//!
//! ```text
//! # nim-tui game record
//! mode normal
//! heaps 3 4 5
//! players ai
//! you 1 2
//! ai 2 3
//! ```
//!
//! One move per line: who moved (`you` is the side that moves where the player would, `ai` the
//! other) and the heap (counted from 1) and the number of tokens taken. `players` is `ai`,
//! `human FIRST,SECOND` (two names) or `demo`. Lines starting with `#` and blank lines are ignored.
//! A record is read whole and checked move by move with the engine before anything is shown.

use std::fmt::Write as _;

use crate::app::{Game, Names, Players, Side, StartHeapsError, check_start_heaps};
use crate::engine::{Mode, Take, Position, Rules, parse_heap, parse_heaps};

/// The first line of every record.
pub const HEADER: &str = "# nim-tui game record";

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub mode: Mode,
    pub start: Vec<u64>,
    pub players: Players,
    pub moves: Vec<(Side, Take)>,
}

/// Why a record cannot be replayed: the line (counted from 1) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    pub line: usize,
    pub problem: String,
}

impl Record {
    /// The record of `game`.
    pub fn of(game: &Game) -> Record {
        Record {
            mode: game.mode(),
            start: game.start.clone(),
            players: game.players.clone(),
            moves: game.moves.clone(),
        }
    }

    /// The record as text, which [`Record::parse`] reads back.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\nmode {}\n", self.mode.as_str());
        let heaps: Vec<String> = self.start.iter().map(u64::to_string).collect();
        let _ = writeln!(out, "heaps {}", heaps.join(" "));
        let players = match &self.players {
            Players::Ai => "ai".to_string(),
            Players::Hotseat([first, second]) => format!("human {first},{second}"),
            Players::Demo => "demo".to_string(),
        };
        let _ = writeln!(out, "players {players}");
        for (side, mv) in &self.moves {
            let _ = writeln!(out, "{} {} {}", side_word(*side), mv.number(), mv.take);
        }
        out
    }

    /// Reads a record and checks it whole: the header, the settings, and every move legal in turn,
    /// with the players alternating, until no token is left.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let err = |line: usize, problem: String| RecordError { line, problem };
        match lines.next() {
            Some((_, HEADER)) => {}
            _ => return Err(err(1, format!("not a game record: the first line must be '{HEADER}'"))),
        }
        let mut content = lines.filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let mut setting = |name: &str| -> Result<(usize, String), RecordError> {
            match content.next() {
                Some((n, line)) => match line.split_once(' ') {
                    Some((key, value)) if key == name => Ok((n, value.trim().to_string())),
                    _ => Err(err(n, format!("expected '{name} ...', found '{line}'"))),
                },
                None => Err(err(text.lines().count().max(1), format!("the record ends before '{name}'"))),
            }
        };
        let (n, mode) = setting("mode")?;
        let mode: Mode = mode.parse().map_err(|e: crate::engine::ParseModeError| err(n, e.to_string()))?;
        let (n, heaps) = setting("heaps")?;
        let start = parse_heaps(&heaps).map_err(|e| err(n, e.to_string()))?;
        check_start_heaps(&start).map_err(|e: StartHeapsError| err(n, e.to_string()))?;
        let (n, players) = setting("players")?;
        let players = match players.split_once(' ') {
            None if players == "ai" => Players::Ai,
            None if players == "demo" => Players::Demo,
            Some(("human", names)) => Players::Hotseat(names.parse::<Names>().map_err(|e| err(n, e))?.0),
            _ => {
                return Err(err(
                    n,
                    format!("unknown players '{players}': expected ai, human FIRST,SECOND or demo"),
                ));
            }
        };

        let rules = crate::engine::Nim::new(mode);
        let mut position = Position::new(start.clone());
        let mut moves: Vec<(Side, Take)> = Vec::new();
        let mut last_line = n;
        for (n, line) in content {
            last_line = n;
            let words: Vec<&str> = line.split_whitespace().collect();
            let [who, heap, take] = words.as_slice() else {
                return Err(err(
                    n,
                    format!("expected a move such as 'you 1 2' (heap 1, take 2), found '{line}'"),
                ));
            };
            let side = match *who {
                "you" => Side::You,
                "ai" => Side::Ai,
                other => return Err(err(n, format!("unknown player '{other}': expected 'you' or 'ai'"))),
            };
            let heap = parse_heap(heap).map_err(|e| err(n, e.to_string()))?;
            let take = parse_heap(take).map_err(|e| err(n, e.to_string()))?;
            if position.is_over() {
                return Err(err(n, "a move after the last token was taken".to_string()));
            }
            if moves.last().is_some_and(|&(prev, _)| prev == side) {
                return Err(err(n, format!("'{who}' moves twice in a row: players take turns")));
            }
            let index = usize::try_from(heap).ok().and_then(|h| h.checked_sub(1));
            let Some(index) = index else {
                return Err(err(n, "heap 0 does not exist: heaps are counted from 1".to_string()));
            };
            let mv = Take::new(index, take);
            rules.check(&position, mv).map_err(|e| err(n, format!("illegal move: {e}")))?;
            let _ = position.apply(mv);
            moves.push((side, mv));
        }
        if !position.is_over() {
            return Err(err(last_line, "the record ends before the game does: tokens are left".to_string()));
        }
        Ok(Record { mode, start, players, moves })
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::You => "you",
        Side::Ai => "ai",
    }
}
