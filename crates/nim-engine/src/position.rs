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
        match s.trim().to_lowercase().as_str() {
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
        game: String,
        /// What a move of the game takes from.
        what: &'static str,
    },
    #[error("a move takes from at most {most} heaps at once")]
    /// Moore's Nim_k: more heaps than the game allows in one move.
    TooManyHeaps {
        /// The most heaps one move may take from.
        most: u32,
    },
    #[error("a move on several heaps names each heap once, in order, and at least two of them")]
    /// A move on several heaps that is not written in its one canonical form.
    NotCanonical,
    #[error("{take} is not in the subtraction set: a move takes exactly {allowed} tokens")]
    /// A subtraction game: the amount is not one the set allows.
    NotInSet {
        /// What the move takes.
        take: u64,
        /// The amounts allowed, written for people (`1, 2 or 3`).
        allowed: String,
    },
    #[error("at most {limit} tokens can be taken now (twice what the other player just took), not {take}")]
    /// Fibonacci Nim: more than twice the previous take.
    OverLimit {
        /// What the move takes.
        take: u64,
        /// The most it may take.
        limit: u64,
    },
    #[error("the first move cannot take the whole heap")]
    /// Fibonacci Nim: the first move takes everything.
    WholeHeapFirst,
    #[error("a move on both heaps takes the same number from each")]
    /// Wythoff's game: a move on both heaps with different amounts.
    Uneven,
    #[error(
        "heap {number} holds {holds} tokens: a split leaves two heaps of at least one, so {left} cannot stay"
    )]
    /// Lasker's Nim: a split that leaves an empty part.
    BadSplit {
        /// The heap, from 1.
        number: usize,
        /// What it holds.
        holds: u64,
        /// The part asked to stay in place.
        left: u64,
    },
    #[error("row {number} has {pins} pins, so {knocked} cannot be knocked down")]
    /// Kayles: knocking down pins that are not in the row.
    NoSuchPins {
        /// The row, from 1.
        number: usize,
        /// The pins standing in it.
        pins: u64,
        /// The pins asked for, as a person reads them (`pin 4`, `pins 4 and 5`).
        knocked: String,
    },
    #[error("a move knocks down {allowed}, not {count}")]
    /// Kayles or Dawson's Kayles: a move that knocks down a number of pins the game does not allow.
    PinCount {
        /// How many pins the move knocks down.
        count: u64,
        /// What a move may knock down: `one pin or two neighbouring pins`.
        allowed: &'static str,
    },
    #[error(
        "{game}'s Grundy values do not repeat within the first 16777216, so it cannot be played perfectly here"
    )]
    /// A subtraction game whose Grundy table could not be built.
    NoTable {
        /// The game's name.
        game: String,
    },
    #[error("this run turns {tails} tails up, more than the {most} a position may gain in one move here")]
    /// The ruler game: a run of coins played that would turn up more tails than a position holds.
    RunTooLong {
        /// The tails the run would turn up.
        tails: u64,
        /// The most allowed ([`crate::RUN_TAILS_MOST`]).
        most: u64,
    },
    #[error(
        "the counter in row {row} cannot move to square {to}: it slides along its row, without jumping or landing on the other counter, and stays on the board"
    )]
    /// Northcott's game: a square the mover's counter cannot reach.
    BadSlide {
        /// The row, from 1.
        row: usize,
        /// The square asked for.
        to: u64,
    },
    #[error("tree {tree} has {edges} edges, so there is no edge {edge} to cut")]
    /// Green Hackenbush: an edge that is not in the tree.
    NoSuchEdge {
        /// The tree, from 1.
        tree: usize,
        /// Its edges.
        edges: u64,
        /// The edge asked for.
        edge: u64,
    },
    #[error("a move back spends a retreat, and none is left")]
    /// Northcott's game: a retreat with none left.
    NoRetreat,
    #[error("there is no head at {place}: a move turns a head over to tails, and more coins left of it")]
    /// A coin-turning game: the rightmost coin turned is not a head.
    NotAHead {
        /// The place named, from 1.
        place: u64,
    },
    #[error(
        "there is no head at ({x}, {y}): a move turns a head over to tails, with the corners of a rectangle above and left of it"
    )]
    /// Turning Corners: the corner farthest from the top left is not a head.
    NoHeadAt {
        /// Its column, from 1.
        x: u64,
        /// Its row, from 1.
        y: u64,
    },
    #[error(
        "{take} cannot be taken from number {number}: a move takes a multiple of the other number, {other}, from the larger"
    )]
    /// Euclid's game: the amount is not a multiple of the other number, or is taken from the smaller.
    NotMultiple {
        /// The number taken from, from 1.
        number: usize,
        /// What the move takes.
        take: u64,
        /// The other number.
        other: u64,
    },
    #[error("{}", octal_refusal(*.count, *.place))]
    /// An octal game: a move that knocks down a number of pins, or in a place, its code forbids.
    OctalMove {
        /// How many pins the move knocks down.
        count: u64,
        /// Where: [`crate::OctalPlace::Count`] when the code allows no move of that many.
        place: crate::OctalPlace,
    },
    #[error("{0}")]
    /// The game has no misère form, so no move is played under it.
    NoMisere(#[from] NoMisere),
    #[error("{0}")]
    /// The position is not one the game is played on.
    BadPosition(#[from] PositionError),
}

/// The English refusal of an octal move the code forbids.
fn octal_refusal(count: u64, place: crate::OctalPlace) -> String {
    let pins = if count == 1 { "1 pin".to_string() } else { format!("{count} neighbouring pins") };
    match place {
        crate::OctalPlace::Count => format!("this game's code allows no move that knocks down {pins}"),
        crate::OctalPlace::Whole => {
            format!("this game's code does not allow knocking down {pins} as a whole row")
        }
        crate::OctalPlace::End => {
            format!("this game's code does not allow knocking down {pins} at the end of a row")
        }
        crate::OctalPlace::Middle => {
            format!("this game's code does not allow knocking down {pins} inside a row, splitting it in two")
        }
    }
}

/// A game whose misère form is not offered (yet), asked for in misère.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no misère form here ({why}): play it in normal play")]
pub struct NoMisere {
    /// The game's name as a person reads it.
    pub game: String,
    /// Why: [`crate::GameKind::no_misere_why`].
    pub why: &'static str,
}

impl NoMisere {
    /// The refusal of misère `kind`, with its reason.
    pub fn of(kind: crate::GameKind) -> NoMisere {
        NoMisere { game: kind.title(), why: kind.no_misere_why().unwrap_or("not offered yet") }
    }
}

/// Why a position is not one the game is played on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{game} is played on exactly {heaps} heap{}, not {given}", if *.heaps == 1 { "" } else { "s" })]
    /// The game needs a fixed number of heaps.
    HeapCount {
        /// The game's name.
        game: String,
        /// How many heaps it is played on.
        heaps: usize,
        /// How many were given.
        given: usize,
    },
    #[error("only Fibonacci Nim carries a limit on the next take")]
    /// A limit in a game that has none.
    UnexpectedLimit,
    #[error(
        "a limit of 0 allows no move while tokens are left: the limit is twice the last take, at least 2"
    )]
    /// Fibonacci Nim: a limit of zero with tokens left.
    ZeroLimit,
    #[error(
        "Staircase Nim holds at most {max} coins in all, since coins moved down add to the step below; these steps hold {total}",
        max = u64::MAX
    )]
    /// Staircase Nim: more coins in all than a step could hold once they are moved onto it.
    TooManyCoins {
        /// The coins on every step together.
        total: u128,
    },
    #[error("Northcott's game: {0}")]
    /// Northcott's game: heaps that do not encode a board (see `northcott::encode`).
    Board(crate::northcott::BoardProblem),
    #[error("Green Hackenbush: {0}")]
    /// Green Hackenbush: heaps that do not encode trees (see `hackenbush.rs`).
    Forest(crate::hackenbush::ForestProblem),
    #[error("the heads' places are counted from 1, each written once (such as 3 5 9); {found}")]
    /// A coin-turning game: a place written twice, or a place 0.
    Heads {
        /// What was found instead, in a few words (`0 is not a place`, `5 is written twice`).
        found: String,
    },
}

/// The heaps on the table. An emptied heap keeps its place, so heap numbers never shift.
///
/// Fibonacci Nim also carries the most the next move may take ([`Position::limit`]): `None` before
/// the first move (which may take anything but the whole heap), then twice the last take. Every
/// other game leaves it `None`. Serialised as a plain list of heaps when there is no limit (as
/// every position was before limits existed), else as `{"heaps": [...], "limit": n}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Position {
    heaps: Vec<u64>,
    limit: Option<u64>,
    /// How many heaps hold a token, kept as moves are played so that [`Position::is_over`] costs
    /// nothing: a record of 200,000 splits is checked for its end after every move.
    live: usize,
}

/// The two serialised forms of a [`Position`].
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PositionForm {
    Heaps(Vec<u64>),
    Limited { heaps: Vec<u64>, limit: u64 },
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.limit {
            None => self.heaps.serialize(serializer),
            Some(limit) => PositionForm::Limited { heaps: self.heaps.clone(), limit }.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match PositionForm::deserialize(deserializer)? {
            PositionForm::Heaps(heaps) => Position::new(heaps),
            PositionForm::Limited { heaps, limit } => Position::with_limit(heaps, Some(limit)),
        })
    }
}

impl Position {
    /// Whether this is a position of a game played on two numbers and no limit (Wythoff's game,
    /// Euclid's game), `kind` naming the game in the refusal.
    pub(crate) fn check_pair(&self, kind: crate::GameKind) -> Result<(), PositionError> {
        if self.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        if self.len() != 2 {
            return Err(PositionError::HeapCount { game: kind.title(), heaps: 2, given: self.len() });
        }
        Ok(())
    }

    /// The position with these heaps (and no limit).
    pub fn new(heaps: Vec<u64>) -> Self {
        Position::with_limit(heaps, None)
    }

    /// The position with these heaps where the next move takes at most `limit` (Fibonacci Nim;
    /// `None` before the first move).
    pub fn with_limit(heaps: Vec<u64>, limit: Option<u64>) -> Self {
        let live = heaps.iter().filter(|&&h| h > 0).count();
        Position { heaps, limit, live }
    }

    /// The most the next move may take, in Fibonacci Nim after the first move.
    pub fn limit(&self) -> Option<u64> {
        self.limit
    }

    /// Sets the most the next move may take (Fibonacci Nim).
    pub fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The heaps, given back (so that a caller reading many positions reuses one list).
    pub fn into_heaps(self) -> Vec<u64> {
        self.heaps
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
        self.live == 0
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
        if self.heaps[mv.heap] == 0 {
            self.live -= 1;
        }
        Ok(())
    }

    /// Splits heap `index` in two: `left` tokens stay in its place, the rest become a new last heap.
    /// No empty heap is made: when `left` is 0 the rest stays in the heap's place, and when the rest
    /// is 0 no heap is added (a Kayles move at the end of a row shortens the row). The caller has
    /// checked that the heap holds at least `left`. In place, in time independent of the number
    /// of heaps.
    pub(crate) fn split_in_place(&mut self, index: usize, left: u64) {
        if let Some(heap) = self.heaps.get_mut(index) {
            let rest = heap.saturating_sub(left);
            if left == 0 {
                *heap = rest;
            } else {
                *heap = left;
                if rest > 0 {
                    self.heaps.push(rest);
                    self.live += 1;
                }
            }
        }
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
    /// Not written in the game's own notation ([`crate::Rules::read_position`]: Green
    /// Hackenbush's trees).
    #[error(transparent)]
    Notation(crate::hackenbush::NotationError),
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
