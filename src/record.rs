//! Game records: a finished game as a small text file, written from the game-over screen and
//! stepped through by `nim-tui replay`.
//!
//! ```text
//! # nim-tui game record
//! game nim
//! mode normal
//! heaps 3 4 5
//! players ai
//! you 1 2
//! ai 2 3
//! resigned you
//! ```
//!
//! One move per line: who moved (`you` is the first seat, where the player sits against the AI,
//! `ai` the other) and the move in the game's notation (for Nim the heap, counted from 1, and the
//! number of tokens taken). `players` is `ai`, `human FIRST,SECOND` (two names) or `demo`. The
//! `game` line names the game (`kayles`, `moore:2`, ...; see `GameKind`); records written before
//! it existed have none and are Nim. Each game writes its moves in its own notation: `1 2, 3 1`
//! on several heaps (Moore's Nim_k), `both 3` (Wythoff's game), `2 split 3` (Lasker's Nim: heap 2
//! split, 3 staying in place), `1 pin 3` or `1 pins 3 4` (Kayles). A game that ends before its last
//! move, because the player to move resigned, ends with `resigned` and that player; records
//! without it were played to the end, as before. Lines starting with `#` and blank lines are
//! ignored. A record is read whole and checked before anything is shown: its game and mode, its
//! heaps against the game (as a new game's are: two heaps for Wythoff's game, one for Fibonacci
//! Nim, the limits on heaps), and every move in turn.

use std::fmt::Write as _;

use crate::domain::{History, Names, Players, Seat, StartHeapsError, check_heaps_for, check_start_for};
use crate::engine::{GameKind, Mode, Position, Rules, Ruleset, parse_heaps};

/// The first line of every record.
pub const HEADER: &str = "# nim-tui game record";

/// The word that starts the line of a resignation, the last line of a resigned game.
const RESIGNED: &str = "resigned";

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub players: Players,
    /// The game's rules, starting heaps and every move, checked.
    pub history: History,
    /// Who resigned, when the game ended that way rather than with its last move: always the
    /// player to move after the last move in `history`.
    pub resigned: Option<Seat>,
}

/// Why a record cannot be replayed: the line (counted from 1) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    pub line: usize,
    pub problem: String,
}

impl Record {
    /// The record of a game played to its end (or not over yet).
    pub fn of(history: &History, players: &Players) -> Record {
        Record { players: players.clone(), history: history.clone(), resigned: None }
    }

    /// The record of a game that the player to move resigned.
    pub fn resigned(history: &History, players: &Players) -> Record {
        Record { resigned: Some(history.to_move()), ..Record::of(history, players) }
    }

    pub fn mode(&self) -> Mode {
        self.history.rules().mode
    }

    /// The record as text, which [`Record::parse`] reads back.
    pub fn to_text(&self) -> String {
        let rules = self.history.rules();
        let mut out = format!("{HEADER}\ngame {}\nmode {}\n", rules.kind, rules.mode.as_str());
        let heaps: Vec<String> = self.history.start().iter().map(u64::to_string).collect();
        let _ = writeln!(out, "heaps {}", heaps.join(" "));
        let players = match &self.players {
            // A watcher's view of a game against the AI is the same game.
            Players::Ai | Players::Watched(_) => "ai".to_string(),
            Players::Hotseat(Names([first, second])) => format!("human {first},{second}"),
            Players::Demo => "demo".to_string(),
        };
        let _ = writeln!(out, "players {players}");
        for (seat, mv) in self.history.moves() {
            let _ = writeln!(out, "{} {}", seat.word(), self.history.game().write_move(mv));
        }
        if let Some(seat) = self.resigned {
            let _ = writeln!(out, "{RESIGNED} {}", seat.word());
        }
        out
    }

    /// Reads a record and checks it whole: the header, the settings, and every move legal in turn,
    /// with the players alternating, until the game is over.
    pub fn parse(lang: crate::i18n::Language, text: &str) -> Result<Record, RecordError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let err = |line: usize, problem: String| RecordError { line, problem };
        match lines.next() {
            Some((_, HEADER)) => {}
            _ => {
                let header = [("header", crate::i18n::Arg::from(HEADER))];
                return Err(err(1, crate::i18n::text_with(lang, "record-error-header", &header)));
            }
        }
        let mut content = lines.filter(|(_, l)| !l.is_empty() && !l.starts_with('#')).peekable();
        let last_line = text.lines().count().max(1);
        // The `game` line is optional: records from before it existed are Nim.
        let kind = match content.next_if(|(_, line)| line.starts_with("game ")) {
            Some((n, line)) => {
                line["game ".len()..].trim().parse::<GameKind>().map_err(|e| err(n, shown(&e.to_string())))?
            }
            None => GameKind::default(),
        };
        let mut setting = |name: &str| -> Result<(usize, String), RecordError> {
            match content.next() {
                Some((n, line)) => match line.split_once(' ') {
                    Some((key, value)) if key == name => Ok((n, value.trim().to_string())),
                    _ => Err(err(n, format!("expected '{name} ...', found '{}'", shown(line)))),
                },
                None => Err(err(last_line, format!("the record ends before '{name}'"))),
            }
        };
        let (n, mode) = setting("mode")?;
        let mode: Mode = mode.parse().map_err(|e: crate::engine::ParseModeError| err(n, e.to_string()))?;
        let rules = Ruleset::checked(kind, mode).map_err(|e| err(n, e.to_string()))?;
        let (n, heaps) = setting("heaps")?;
        let start = parse_heaps(&heaps).map_err(|e| err(n, e.to_string()))?;
        check_start_for(kind, &start).map_err(|e: StartHeapsError| err(n, e.to_string()))?;
        // Built once: every move of the record is read by it.
        let game = rules.game();
        game.check_position(&Position::new(start.clone())).map_err(|e| err(n, e.to_string()))?;
        // Checked as a new game's heaps are: a record this version would never write is not
        // replayed as if it could have been played.
        check_heaps_for(kind, &start).map_err(|e| err(n, e))?;
        let (n, players) = setting("players")?;
        let players = match players.split_once(' ') {
            None if players == "ai" => Players::Ai,
            None if players == "demo" => Players::Demo,
            Some(("human", names)) => Players::Hotseat(names.parse::<Names>().map_err(|e| err(n, e))?),
            _ => {
                return Err(err(
                    n,
                    format!("unknown players '{}': expected ai, human FIRST,SECOND or demo", shown(&players)),
                ));
            }
        };

        let mut history: Option<History> = None;
        let mut last_line = n;
        let mut resigned: Option<(usize, Seat)> = None;
        let seat_of = |n: usize, who: &str| match who {
            "you" => Ok(Seat::First),
            "ai" => Ok(Seat::Second),
            other => Err(err(n, format!("unknown player '{}': expected 'you' or 'ai'", shown(other)))),
        };
        for (n, line) in content {
            last_line = n;
            if resigned.is_some() {
                return Err(err(n, format!("'{}' after the resignation, which ends the game", shown(line))));
            }
            let (who, notation) = line.split_once(' ').unwrap_or((line, ""));
            if who == RESIGNED {
                resigned = Some((n, seat_of(n, notation.trim())?));
                continue;
            }
            let seat = seat_of(n, who)?;
            let mv = game.read_move(notation).map_err(|e| err(n, format!("{e}, found '{}'", shown(line))))?;
            let history = history.get_or_insert_with(|| History::new(rules, start.clone(), seat));
            if history.is_over() {
                return Err(err(n, "a move after the last token was taken".to_string()));
            }
            if history.last_mover() == Some(seat) {
                return Err(err(n, format!("'{who}' moves twice in a row: players take turns")));
            }
            history.push(seat, mv).map_err(|e| match e {
                crate::domain::HistoryError::Illegal { source, .. } => {
                    err(n, format!("illegal move: {source}"))
                }
                other => err(n, other.to_string()),
            })?;
        }
        // With no move, who moved first is not written down: a player who resigned at once was
        // the one to move.
        let first = resigned.map_or(Seat::First, |(_, seat)| seat);
        let history = history.unwrap_or_else(|| History::new(rules, start, first));
        match resigned {
            Some((n, _)) if history.is_over() => {
                Err(err(n, "a resignation after the last token was taken".to_string()))
            }
            Some((n, seat)) if seat != history.to_move() => Err(err(
                n,
                format!(
                    "'{}' resigns, but it is '{}' to move: only the player to move can resign",
                    seat.word(),
                    history.to_move().word()
                ),
            )),
            Some((_, seat)) => Ok(Record { players, history, resigned: Some(seat) }),
            None if !history.is_over() => Err(err(
                last_line,
                "the record ends before the game does: tokens are left (and no one resigned)".to_string(),
            )),
            None => Ok(Record { players, history, resigned: None }),
        }
    }
}

/// Text from the file as a message may show it: control characters escaped, cut short.
fn shown(text: &str) -> String {
    crate::text::escape_short(text, crate::text::ECHO_MAX)
}
