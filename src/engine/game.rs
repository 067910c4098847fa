//! The game interface: what every game played on heaps answers, so that the app, saved games,
//! records, puzzles and `solve` never need to know which game they hold.
//!
//! A [`Move`] can take from one heap, take from several at once (Moore's Nim_k, Wythoff's "the same
//! from both"), or split a heap in two (Lasker's Nim, Kayles), so other games fit without another
//! redesign. [`Ruleset`] names a game and its convention and dispatches to the game's rules; Nim is
//! its only game for now.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Explanation, Mode, MoveError, Nim, Outcome, Position, Take};

/// A move of any game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Tokens taken from one heap.
    Take(Take),
    /// Tokens taken from several heaps at once, one entry per heap, in heap order.
    TakeMany(Vec<Take>),
    /// `take` tokens removed from heap `heap` (none for a plain split) and the rest split in two:
    /// `left` tokens stay in the heap's place, the others become a new heap after the last one.
    Split {
        /// The heap split (0-based).
        heap: usize,
        /// Tokens removed before the split (0 for a plain split).
        take: u64,
        /// Tokens left in the heap's place; the rest form the new heap.
        left: u64,
    },
}

impl Move {
    /// Taking `take` tokens from the heap at index `heap`.
    pub fn take(heap: usize, take: u64) -> Move {
        Move::Take(Take::new(heap, take))
    }

    /// The move as a single take, when it is one.
    pub fn as_take(&self) -> Option<Take> {
        match self {
            Move::Take(take) => Some(*take),
            _ => None,
        }
    }

    /// Every heap the move takes tokens from, with how many.
    pub fn takes(&self) -> Vec<Take> {
        match self {
            Move::Take(take) => vec![*take],
            Move::TakeMany(takes) => takes.clone(),
            Move::Split { heap, take, .. } => vec![Take::new(*heap, *take)],
        }
    }

    /// Plays the move's mechanics on `position` without asking whether a game allows it; the
    /// game's [`Rules::check`] must have accepted it.
    fn apply_to(&self, position: &mut Position) -> Result<(), MoveError> {
        match self {
            Move::Take(take) => position.apply(*take),
            Move::TakeMany(takes) => {
                let mut next = position.clone();
                for take in takes {
                    next.apply(*take)?;
                }
                *position = next;
                Ok(())
            }
            Move::Split { heap, take, left } => {
                let mut next = position.clone();
                if *take > 0 {
                    next.apply(Take::new(*heap, *take))?;
                }
                let rest = next.heap(*heap).unwrap_or(0);
                if *left > rest {
                    return Err(MoveError::TooMany { number: heap + 1, holds: rest, take: *left });
                }
                *position = next.split(*heap, *left);
                Ok(())
            }
        }
    }
}

impl From<Take> for Move {
    fn from(take: Take) -> Move {
        Move::Take(take)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Take(take) => write!(f, "{take}"),
            Move::TakeMany(takes) => {
                for (i, take) in takes.iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        _ if i + 1 == takes.len() => " and ",
                        _ => ", ",
                    };
                    write!(f, "{sep}{take}")?;
                }
                Ok(())
            }
            Move::Split { heap, take: 0, left } => write!(f, "split heap {} leaving {left} in it", heap + 1),
            Move::Split { heap, take, left } => {
                write!(f, "take {take} from heap {} and leave {left} in it", heap + 1)
            }
        }
    }
}

/// The games nim-tui plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Nim: take any number of tokens from one heap.
    #[default]
    Nim,
}

impl GameKind {
    /// Every game, in the order menus list them.
    pub const ALL: [GameKind; 1] = [GameKind::Nim];

    /// The name used on the command line and in files.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Nim => "nim",
        }
    }

    /// The name a person reads.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Nim => "Nim",
        }
    }

    /// Whether the game has a misère form whose theory is settled.
    pub fn has_misere(self) -> bool {
        match self {
            GameKind::Nim => true,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown game name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}': expected 'nim'")]
pub struct ParseGameError(pub String);

impl FromStr for GameKind {
    type Err = ParseGameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| ParseGameError(s.to_string()))
    }
}

/// What a game shows to teach its strategy: for Nim, the heaps in binary and the nim-sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Teaching {
    /// Nim's binary view: the heaps in binary, the nim-sum and the best move's working.
    Nim(Explanation),
}

impl Teaching {
    /// The move the AI would play, if the game is not over.
    pub fn best(&self) -> Option<Move> {
        match self {
            Teaching::Nim(explanation) => explanation.best.mv().map(Move::Take),
        }
    }

    /// The best move's reason in one line, for the hint.
    pub fn reason(&self) -> String {
        match self {
            Teaching::Nim(explanation) => explanation.lesson(),
        }
    }

    /// Whether the player to move wins with perfect play.
    pub fn is_win(&self) -> bool {
        match self {
            Teaching::Nim(explanation) => explanation.analysis.is_win(),
        }
    }
}

/// The rules of one game under one convention, and its perfect strategy.
///
/// Everything that checks, plays, judges or explains a move goes through here. Implementations are
/// pure: no I/O and no randomness (a caller that wants a random move draws the index itself and
/// asks for [`Rules::nth_move`]).
pub trait Rules {
    /// The game.
    fn kind(&self) -> GameKind;
    /// The convention the game is played under.
    fn mode(&self) -> Mode;
    /// Checks a move without playing it.
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError>;
    /// Plays a move, or leaves the position untouched and says why it is illegal.
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.check(position, mv)?;
        mv.apply_to(position)
    }
    /// Whether no move is left: the player who made the last move won in normal play and lost
    /// in misère.
    fn is_over(&self, position: &Position) -> bool;
    /// Who wins with perfect play.
    fn outcome(&self, position: &Position) -> Outcome;
    /// Every winning move, in the game's order. Empty in a losing position.
    fn winning_moves(&self, position: &Position) -> Vec<Move>;
    /// The move the perfect AI plays, or `None` when the game is over.
    fn ai_move(&self, position: &Position) -> Option<Move>;
    /// How many legal moves there are (a `u128`: heaps of 10^18 tokens have that many).
    fn move_count(&self, position: &Position) -> u128;
    /// The legal move number `index` (from 0) in a fixed order, without listing the others.
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move>;
    /// The teaching view of the position: the theory at work, and the best move with its reason.
    fn teach(&self, position: &Position) -> Teaching;
    /// The move as a record writes it, such as `1 2` (heap 1, take 2).
    fn write_move(&self, mv: &Move) -> String;
    /// Reads a move as [`Rules::write_move`] writes it; heaps are counted from 1.
    fn read_move(&self, text: &str) -> Result<Move, String>;
}

/// A game and its convention: the one value the rest of the program holds to know the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Ruleset {
    /// The game.
    pub kind: GameKind,
    /// Its convention.
    pub mode: Mode,
}

impl Ruleset {
    /// `kind` played under `mode`.
    pub fn new(kind: GameKind, mode: Mode) -> Ruleset {
        Ruleset { kind, mode }
    }

    /// Nim under `mode`.
    pub fn nim(mode: Mode) -> Ruleset {
        Ruleset { kind: GameKind::Nim, mode }
    }

    fn rules(&self) -> &dyn Rules {
        match self.kind {
            GameKind::Nim => match self.mode {
                Mode::Normal => &Nim { mode: Mode::Normal },
                Mode::Misere => &Nim { mode: Mode::Misere },
            },
        }
    }
}

impl Rules for Ruleset {
    fn kind(&self) -> GameKind {
        self.kind
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.rules().check(position, mv)
    }
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.rules().play(position, mv)
    }
    fn is_over(&self, position: &Position) -> bool {
        self.rules().is_over(position)
    }
    fn outcome(&self, position: &Position) -> Outcome {
        self.rules().outcome(position)
    }
    fn winning_moves(&self, position: &Position) -> Vec<Move> {
        self.rules().winning_moves(position)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        self.rules().ai_move(position)
    }
    fn move_count(&self, position: &Position) -> u128 {
        self.rules().move_count(position)
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        self.rules().nth_move(position, index)
    }
    fn teach(&self, position: &Position) -> Teaching {
        self.rules().teach(position)
    }
    fn write_move(&self, mv: &Move) -> String {
        self.rules().write_move(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.rules().read_move(text)
    }
}

/// Nim: a move takes one or more tokens from one heap.
impl Rules for Nim {
    fn kind(&self) -> GameKind {
        GameKind::Nim
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Take(take) => position.check(*take),
            _ => Err(MoveError::NotInThisGame { game: GameKind::Nim.title(), what: "one heap at a time" }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        self.analyse(position).outcome
    }
    fn winning_moves(&self, position: &Position) -> Vec<Move> {
        let heaps = position.heaps();
        super::analyse(heaps, self.mode).moves(heaps).map(Move::Take).collect()
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        Nim::ai_move(self, position).map(Move::Take)
    }
    fn move_count(&self, position: &Position) -> u128 {
        position.tokens()
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let mut pick = index;
        for (heap, &size) in position.heaps().iter().enumerate() {
            let size = u128::from(size);
            if pick < size {
                // `pick < size <= u64::MAX`, so the take fits.
                return u64::try_from(pick + 1).ok().map(|take| Move::take(heap, take));
            }
            pick -= size;
        }
        None
    }
    fn teach(&self, position: &Position) -> Teaching {
        Teaching::Nim(self.explain(position))
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Take(take) => format!("{} {}", take.number(), take.take),
            other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [heap, take] = words.as_slice() else {
            return Err("expected a move such as '1 2' (heap 1, take 2)".to_string());
        };
        let heap = super::parse_heap(heap).map_err(|e| e.to_string())?;
        let take = super::parse_heap(take).map_err(|e| e.to_string())?;
        let index = usize::try_from(heap).ok().and_then(|h| h.checked_sub(1));
        let index = index.ok_or_else(|| "heap 0 does not exist: heaps are counted from 1".to_string())?;
        Ok(Move::take(index, take))
    }
}
