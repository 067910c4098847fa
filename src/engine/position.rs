//! Positions, moves and the conventions of play.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which player wins when the last token is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Normal play: whoever takes the last token wins.
    #[default]
    Normal,
    /// Misère: whoever takes the last token loses.
    Misere,
}

impl Mode {
    /// Both conventions, normal play first.
    pub const ALL: [Mode; 2] = [Mode::Normal, Mode::Misere];

    /// The word used on the command line and in files: `normal` or `misere`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Normal => "normal",
            Mode::Misere => "misere",
        }
    }

    /// The name a person reads.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Normal => "normal play",
            Mode::Misere => "misère",
        }
    }

    /// The rule in one line, so the two conventions are never confused.
    pub fn rule(self) -> &'static str {
        match self {
            Mode::Normal => "whoever takes the last token wins",
            Mode::Misere => "whoever takes the last token loses",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown convention name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown mode '{0}': expected 'normal' or 'misere'")]
pub struct ParseModeError(pub String);

impl FromStr for Mode {
    type Err = ParseModeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(Mode::Normal),
            "misere" | "misère" => Ok(Mode::Misere),
            _ => Err(ParseModeError(s.to_string())),
        }
    }
}

/// Taking `take` tokens from the heap at index `heap` (0-based; people see `heap + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Take {
    /// The heap's index, from 0.
    pub heap: usize,
    /// How many tokens are taken (at least one).
    pub take: u64,
}

impl Take {
    /// Taking `take` tokens from the heap at index `heap`.
    pub fn new(heap: usize, take: u64) -> Self {
        Take { heap, take }
    }

    /// The heap's number as players see it, counting from 1.
    pub fn number(self) -> usize {
        self.heap + 1
    }
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from heap {}", self.take, self.number())
    }
}

/// Why a move cannot be played. Heaps are named by their number, counting from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("there is no heap {number}: the heaps are numbered 1 to {heaps}")]
    /// The move names a heap that is not on the table.
    NoSuchHeap {
        /// The heap named, from 1.
        number: usize,
        /// How many heaps there are.
        heaps: usize,
    },
    #[error("a move takes at least one token")]
    /// The move takes no token.
    TakeNothing,
    #[error("heap {number} holds {holds} tokens, so {take} cannot be taken from it")]
    /// The move takes more than the heap holds.
    TooMany {
        /// The heap, from 1.
        number: usize,
        /// What it holds.
        holds: u64,
        /// What the move takes.
        take: u64,
    },
    #[error("in {game} a move takes from {what}")]
    /// The move has a shape the game does not allow.
    NotInThisGame {
        /// The game's name.
        game: &'static str,
        /// What a move of the game takes from.
        what: &'static str,
    },
}

/// The heaps on the table. An emptied heap keeps its place, so heap numbers never shift.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Position {
    heaps: Vec<u64>,
}

impl Position {
    /// The position with these heaps.
    pub fn new(heaps: Vec<u64>) -> Self {
        Position { heaps }
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// How many heaps there are (empty ones included).
    pub fn len(&self) -> usize {
        self.heaps.len()
    }

    /// Whether there are no heaps at all.
    pub fn is_empty(&self) -> bool {
        self.heaps.is_empty()
    }

    /// The heap at `index`, if there is one.
    pub fn heap(&self, index: usize) -> Option<u64> {
        self.heaps.get(index).copied()
    }

    /// The game is over when no token is left.
    pub fn is_over(&self) -> bool {
        self.heaps.iter().all(|&h| h == 0)
    }

    /// All tokens on the table; a `u128` because many heaps of `u64::MAX` overflow a `u64`.
    pub fn tokens(&self) -> u128 {
        self.heaps.iter().map(|&h| u128::from(h)).sum()
    }

    /// Checks that `mv` is legal here.
    pub fn check(&self, mv: Take) -> Result<(), MoveError> {
        let holds = self
            .heap(mv.heap)
            .ok_or(MoveError::NoSuchHeap { number: mv.heap.saturating_add(1), heaps: self.heaps.len() })?;
        if mv.take == 0 {
            return Err(MoveError::TakeNothing);
        }
        if mv.take > holds {
            return Err(MoveError::TooMany { number: mv.number(), holds, take: mv.take });
        }
        Ok(())
    }

    /// Plays `mv`, or leaves the position untouched and says why it is illegal.
    pub fn apply(&mut self, mv: Take) -> Result<(), MoveError> {
        self.check(mv)?;
        self.heaps[mv.heap] -= mv.take;
        Ok(())
    }

    /// Splits heap `index` in two: `left` tokens stay in its place, the rest become a new last heap.
    /// The caller has checked that the heap holds at least `left`.
    pub(crate) fn split(mut self, index: usize, left: u64) -> Position {
        if let Some(heap) = self.heaps.get_mut(index) {
            let rest = heap.saturating_sub(left);
            *heap = left;
            self.heaps.push(rest);
        }
        self
    }

    /// The position after `mv`, leaving `self` as it was.
    pub fn after(&self, mv: Take) -> Result<Position, MoveError> {
        let mut next = self.clone();
        next.apply(mv)?;
        Ok(next)
    }

    /// Every legal move, heap by heap and then by `take`. Only sensible for small heaps.
    pub fn legal_moves(&self) -> impl Iterator<Item = Take> + '_ {
        self.heaps.iter().enumerate().flat_map(|(heap, &h)| (1..=h).map(move |take| Take { heap, take }))
    }
}

impl From<Vec<u64>> for Position {
    fn from(heaps: Vec<u64>) -> Self {
        Position::new(heaps)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.heaps.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

/// Why a list of heaps could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseHeapsError {
    #[error("no heaps given: write heap sizes such as '3 4 5' or '3,4,5'")]
    /// Nothing but separators.
    Empty,
    #[error("'{0}' is negative: a heap holds a whole number of tokens from 0 to {max}", max = u64::MAX)]
    /// A negative number.
    Negative(String),
    #[error("'{0}' is too large: a heap holds at most {max} tokens", max = u64::MAX)]
    /// A number above `u64::MAX`.
    TooLarge(String),
    #[error("'{0}' is not a heap size: expected a whole number from 0 to {max}", max = u64::MAX)]
    /// Not a whole number.
    NotANumber(String),
}

/// Reads heap sizes separated by spaces and/or commas, such as `3 4 5`, `3,4,5` or `3, 4, 5`.
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, ParseHeapsError> {
    let heaps = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(parse_heap)
        .collect::<Result<Vec<_>, _>>()?;
    if heaps.is_empty() {
        return Err(ParseHeapsError::Empty);
    }
    Ok(heaps)
}

/// Reads one heap size, saying exactly what is wrong with a bad one.
pub fn parse_heap(word: &str) -> Result<u64, ParseHeapsError> {
    let word = word.trim();
    let digits = word.strip_prefix('+').unwrap_or(word);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits.parse::<u64>().map_err(|_| ParseHeapsError::TooLarge(word.to_string()));
    }
    if let Some(rest) = word.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        if rest.bytes().all(|b| b == b'0') {
            return Ok(0);
        }
        return Err(ParseHeapsError::Negative(word.to_string()));
    }
    Err(ParseHeapsError::NotANumber(word.to_string()))
}
