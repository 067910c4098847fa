//! A position as a person meets it: what a player chooses among, where the chooser may stand in
//! each of them, how a start's numbers become a position, and, for a game played on a board
//! rather than on heaps, the board as data.
//!
//! Every game answers through [`Rules`](super::Rules) (`choices`, `places`, `position_from`,
//! `board_view`), in its own module; the heap games share the defaults, which are the heaps
//! themselves. A program draws, words and moves its chooser from these answers alone, so a new
//! board game needs no branch of its own there. The engine gives data, never sentences.

/// A side of a partisan game: whose counter it is, whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first (the white counters).
    White,
    /// The other side (the black counters).
    Black,
}

impl Side {
    /// The place of this side's number in a pair kept for both (`[white, black]`).
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

/// A counter on a board: its square (from 1) and its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counter {
    /// Its square, from 1.
    pub square: u64,
    /// Whose counter it is.
    pub side: Side,
}

/// One row of a board as a person sees it: its squares (1 to `width`), every one empty but the
/// counters' (the rows may be up to `u64::MAX` squares long, hence not a list of cells).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardRow {
    /// How many squares the row has.
    pub width: u64,
    /// The counters on it, from the left.
    pub counters: Vec<Counter>,
    /// The row's Nim heap as the game's theory counts it (the empty squares between its counters).
    pub gap: u64,
}

impl BoardRow {
    /// The side whose counter stands on `square`, or `None` for an empty square.
    pub fn at(&self, square: u64) -> Option<Side> {
        self.counters.iter().find(|c| c.square == square).map(|c| c.side)
    }

    /// The square of `side`'s first counter on the row, if it has one.
    pub fn square_of(&self, side: Side) -> Option<u64> {
        self.counters.iter().find(|c| c.side == side).map(|c| c.square)
    }
}

/// A position of a game played on a board, as data for its picture and its words: the rows,
/// whose turn it is and the retreats each side has left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardView {
    /// The rows, in order: the things a player chooses among.
    pub rows: Vec<BoardRow>,
    /// Whose turn it is.
    pub to_move: Side,
    /// The retreats (moves back) each side has left, `[white, black]`.
    pub retreats: [u64; 2],
}

impl BoardView {
    /// The retreats `side` has left.
    pub fn retreats(&self, side: Side) -> u64 {
        self.retreats[side.index()]
    }

    /// Each row's gap, in order.
    pub fn gaps(&self) -> Vec<u64> {
        self.rows.iter().map(|r| r.gap).collect()
    }

    /// Each row's width, in order.
    pub fn widths(&self) -> Vec<u64> {
        self.rows.iter().map(|r| r.width).collect()
    }
}

/// Where a player's chooser may stand in one of the things chosen among (a heap, a row): the
/// count runs over the game's range ([`GameKind::count_range`](super::GameKind::count_range)),
/// less `skip`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Places {
    /// Whether any move can be made there (the chooser passes over it when not).
    pub open: bool,
    /// The place a newly chosen one starts on, when the game sets one (a board's row: its
    /// counter's first square forward); `None` keeps the count the chooser had.
    pub first: Option<u64>,
    /// A place inside the range the chooser steps over (the square of the counter that moves).
    pub skip: Option<u64>,
    /// The largest number a player may type there (a heap's size; a row's farthest square).
    pub typed_most: u64,
}

impl Places {
    /// The places of a heap of `size` from which a move takes at least `least`: any count up to
    /// the heap's size, the chooser keeping its count from heap to heap.
    pub fn heap(size: u64, least: u64) -> Places {
        Places { open: size >= least, first: None, skip: None, typed_most: size }
    }
}
