//! Northcott's game: Nim on the gaps between counters, where a counter may also move back.
//!
//! # The rules, as played here
//!
//! A board of rows, each `width` squares long (squares 1 to `width`, up to `u64::MAX`). Each row
//! holds one white counter and one black counter, the white one to the left of the black one. White
//! moves only white counters, Black only black ones. A move slides one of the mover's counters
//! along its row any number of squares, forward (towards the other counter) or back (towards its
//! own edge), without jumping over or landing on the other counter and without leaving the board.
//!
//! **How the game is kept finite.** A move back is a *retreat*, and each player has a number of
//! retreats for the whole game (the board's `retreats`, one count per colour, spent one a
//! retreat); a player with none left may only move forward. Every game ends: a move forward makes
//! its row's gap smaller, a retreat spends one of finitely many, so the pair (retreats left in
//! all, the sum of the gaps) falls at every move, in the order of words. **The player who cannot
//! move loses** (every gap closed and no retreat left or no room behind any counter).
//!
//! # The theory
//!
//! A row's *gap* is the number of empty squares between its two counters. Let `s` be the XOR
//! (nim-sum) of the gaps. **The player to move wins exactly when `s` is not 0**, whatever the
//! board's width and the retreats left on either side:
//!
//! 1. If `s != 0`, some row has a gap `g` with `g ^ s < g` (Nim's rule, on the gap's highest bit of
//!    `s`), and the mover's counter in that row moves forward `g - (g ^ s)` squares, making the
//!    nim-sum 0. Moving forward by at most the gap is always legal.
//! 2. If `s == 0`, every move changes exactly one gap, so the nim-sum after it is not 0.
//! 3. The player who made `s` 0 keeps it so without ever retreating: a move forward by the other
//!    side is answered by Nim's move (1), and a retreat that widens a gap by `k` by moving this
//!    player's own counter in that row forward `k` squares (legal: the gap is now at least `k`).
//!    So this player's counters only ever move forward, each move by at least one square, which
//!    can happen only finitely often (their distance to the board's far edge falls), and this
//!    player always has a reply. The other side is the one left without a move.
//!
//! The retreats left and the room behind the counters change how long a lost game lasts, never
//! who wins it. They do change the *winning moves*: a move wins exactly when it leaves a nim-sum
//! of 0, and a retreat that widens a gap `g` to `g ^ s > g` does so too when the mover has a
//! retreat left and room behind the counter. Each row has one gap that makes the nim-sum 0, so a
//! row gives at most one winning move. `tests/northcott.rs` checks all this against a search of
//! the game tree written from the rules alone.

use std::fmt;

use super::{
    BoardRow, BoardView, Counter, GameKind, GrundyPattern, GrundyReason, GrundyStep, GrundyView, Mode, Move,
    MoveError, MoveWords, Outcome, Places, Position, PositionError, Rules, Side, Teaching,
};

/// A colour of the counters, and the player who moves them. White moves first unless the game
/// says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// The counters on the left of each row, moving right to go forward.
    White,
    /// The counters on the right of each row, moving left to go forward.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }
}

/// One row of the board: its width and where its two counters stand (squares from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    /// How many squares the row has.
    pub width: u64,
    /// The white counter's square, left of the black one.
    pub white: u64,
    /// The black counter's square.
    pub black: u64,
}

impl Row {
    /// The empty squares between the two counters: the row's Nim heap.
    pub fn gap(self) -> u64 {
        self.black - self.white - 1
    }

    /// How many squares the counter of `colour` may move back: to its own edge of the board.
    pub fn room_behind(self, colour: Colour) -> u64 {
        match colour {
            Colour::White => self.white - 1,
            Colour::Black => self.width - self.black,
        }
    }

    /// The counter of `colour`'s square.
    pub fn square(self, colour: Colour) -> u64 {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }

    /// The square the counter of `colour` reaches when the gap becomes `gap` (no check).
    fn square_for_gap(self, colour: Colour, gap: u64) -> u64 {
        match colour {
            Colour::White => self.black - 1 - gap,
            Colour::Black => self.white + 1 + gap,
        }
    }
}

/// Why a board or a slide is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NorthcottError {
    /// A row whose counters are not on the board, or not white left of black.
    BadRow {
        /// The row (from 0).
        row: usize,
    },
    /// No such row.
    NoRow {
        /// The row asked for (from 0).
        row: usize,
    },
    /// The counter would stay where it is, jump the other counter, land on it or leave the board.
    BadSquare {
        /// The row (from 0).
        row: usize,
        /// The square asked for.
        to: u64,
    },
    /// A retreat with none left.
    NoRetreat,
}

impl fmt::Display for NorthcottError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NorthcottError::BadRow { row } => {
                write!(f, "row {} must hold white left of black, both on the board", row + 1)
            }
            NorthcottError::NoRow { row } => write!(f, "there is no row {}", row + 1),
            NorthcottError::BadSquare { row, to } => {
                write!(f, "the counter in row {} cannot move to square {to}", row + 1)
            }
            NorthcottError::NoRetreat => write!(f, "no retreat is left"),
        }
    }
}

impl std::error::Error for NorthcottError {}

/// A move: the mover's counter in row `row` (from 0) slid to square `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slide {
    /// The row (from 0).
    pub row: usize,
    /// The square the counter moves to.
    pub to: u64,
}

/// A position of Northcott's game: the rows, the retreats each colour has left, and whose turn
/// it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: Vec<Row>,
    retreats: [u64; 2],
    to_move: Colour,
}

impl Board {
    /// A board, checked: in every row `1 <= white < black <= width`.
    pub fn new(rows: Vec<Row>, retreats: [u64; 2], to_move: Colour) -> Result<Board, NorthcottError> {
        if let Some(row) =
            rows.iter().position(|r| !(1 <= r.white && r.white < r.black && r.black <= r.width))
        {
            return Err(NorthcottError::BadRow { row });
        }
        Ok(Board { rows, retreats, to_move })
    }

    /// The rows.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The retreats `colour` has left.
    pub fn retreats(&self, colour: Colour) -> u64 {
        self.retreats[colour.index()]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The gaps, the position's Nim heaps.
    pub fn gaps(&self) -> Vec<u64> {
        self.rows.iter().map(|r| r.gap()).collect()
    }

    /// The nim-sum of the gaps: the player to move wins exactly when it is not 0.
    pub fn nim_sum(&self) -> u64 {
        self.rows.iter().fold(0, |s, r| s ^ r.gap())
    }

    /// Whether the player to move wins with perfect play.
    pub fn mover_wins(&self) -> bool {
        self.nim_sum() != 0
    }

    /// Whether `slide` is a retreat (the counter moves back).
    pub fn is_retreat(&self, slide: Slide) -> bool {
        self.rows.get(slide.row).is_some_and(|r| match self.to_move {
            Colour::White => slide.to < r.white,
            Colour::Black => slide.to > r.black,
        })
    }

    /// Checks `slide` by the rules.
    pub fn check(&self, slide: Slide) -> Result<(), NorthcottError> {
        let r = *self.rows.get(slide.row).ok_or(NorthcottError::NoRow { row: slide.row })?;
        let bad = NorthcottError::BadSquare { row: slide.row, to: slide.to };
        let legal = match self.to_move {
            Colour::White => slide.to >= 1 && slide.to < r.black && slide.to != r.white,
            Colour::Black => slide.to > r.white && slide.to <= r.width && slide.to != r.black,
        };
        if !legal {
            return Err(bad);
        }
        if self.is_retreat(slide) && self.retreats(self.to_move) == 0 {
            return Err(NorthcottError::NoRetreat);
        }
        Ok(())
    }

    /// Plays `slide` for the player to move, who then hands the turn over.
    pub fn play(&mut self, slide: Slide) -> Result<(), NorthcottError> {
        self.check(slide)?;
        if self.is_retreat(slide) {
            self.retreats[self.to_move.index()] -= 1;
        }
        let row = &mut self.rows[slide.row];
        match self.to_move {
            Colour::White => row.white = slide.to,
            Colour::Black => row.black = slide.to,
        }
        self.to_move = self.to_move.other();
        Ok(())
    }

    /// The winning move in row `row`, if that row has one: the one slide that makes the nim-sum 0
    /// there (forward, or back when a retreat is left and there is room).
    pub fn winning_slide_in(&self, row: usize) -> Option<Slide> {
        let s = self.nim_sum();
        let r = *self.rows.get(row)?;
        if s == 0 {
            return None;
        }
        let gap = r.gap();
        let target = gap ^ s;
        let mover = self.to_move;
        if target > gap && (self.retreats(mover) == 0 || target - gap > r.room_behind(mover)) {
            return None;
        }
        Some(Slide { row, to: r.square_for_gap(mover, target) })
    }

    /// Every winning move, row by row: at most one a row.
    pub fn winning_slides(&self) -> Vec<Slide> {
        (0..self.rows.len()).filter_map(|row| self.winning_slide_in(row)).collect()
    }

    /// The move the perfect player makes: Nim's move forward on the first row that has one (it
    /// never spends a retreat), or, in a lost position, the widest gap closed by one square (a
    /// step back if no counter can move forward and a retreat is left), or none.
    pub fn best_slide(&self) -> Option<Slide> {
        let s = self.nim_sum();
        let mover = self.to_move;
        if s != 0 {
            return self.rows.iter().enumerate().find_map(|(row, r)| {
                let gap = r.gap();
                (gap ^ s < gap).then(|| Slide { row, to: r.square_for_gap(mover, gap ^ s) })
            });
        }
        // Lost: the largest gap closed by one, else a step back.
        let forward = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.gap() > 0)
            .max_by_key(|(_, r)| r.gap())
            .map(|(row, r)| Slide { row, to: r.square_for_gap(mover, r.gap() - 1) });
        forward.or_else(|| {
            (self.retreats(mover) > 0)
                .then(|| {
                    self.rows
                        .iter()
                        .enumerate()
                        .find(|(_, r)| r.room_behind(mover) > 0)
                        .map(|(row, r)| Slide { row, to: r.square_for_gap(mover, r.gap() + 1) })
                })
                .flatten()
        })
    }
}

/// The retreats each colour has when a start is made of plain heaps ([`fit_heaps`]).
pub const START_RETREATS: u64 = 2;

/// The room behind each counter when a start is made of plain heaps ([`fit_heaps`]).
pub const START_ROOM: u64 = 2;

/// A board as a position's heaps: `[mover, white's retreats + 1, black's retreats + 1]` (the
/// mover 1 for White, 2 for Black), then three heaps a row: its width, the white counter's
/// square and the black counter's square. No number is 0, as a game's starting heaps never are
/// (saved games and records hold them), hence the retreats written plus one.
///
/// ```
/// use nim_engine::northcott::{decode, encode};
///
/// // White to move with 2 retreats each; one row of 10 squares, counters at 3 and 7.
/// let heaps = vec![1, 3, 3, 10, 3, 7];
/// let board = decode(&heaps).unwrap();
/// assert_eq!(board.gaps(), [3]);
/// assert_eq!(encode(&board), heaps);
/// ```
pub fn encode(board: &Board) -> Vec<u64> {
    let mut heaps = vec![
        board.to_move.index() as u64 + 1,
        board.retreats[0].saturating_add(1),
        board.retreats[1].saturating_add(1),
    ];
    for r in &board.rows {
        heaps.extend([r.width, r.white, r.black]);
    }
    heaps
}

/// Why heaps are not a board's encoding ([`encode`]), as data for the words that tell it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardProblem {
    /// Not 3 + 3 x rows numbers, with at least one row.
    #[error(
        "the numbers are the mover (1 White, 2 Black), White's and Black's retreats plus one, then each row's width, white square and black square: 3 + 3 x rows numbers, not {given}"
    )]
    Count {
        /// How many numbers were given.
        given: usize,
    },
    /// The first number is not 1 (White) or 2 (Black).
    #[error("the first number is the mover, 1 for White or 2 for Black, not {found}")]
    Mover {
        /// What was given.
        found: u64,
    },
    /// A count of retreats written as 0 (they are written plus one: 1 for none).
    #[error("the second and third numbers are White's and Black's retreats plus one (1 for none), not 0")]
    Retreats,
    /// A row whose counters are not `1 <= white < black <= width`.
    #[error(
        "row {row} (width {width}, white at {white}, black at {black}) needs 1 <= white < black <= width"
    )]
    Row {
        /// The row, from 1.
        row: usize,
        /// Its width.
        width: u64,
        /// The white counter's square.
        white: u64,
        /// The black counter's square.
        black: u64,
    },
}

/// Why heaps are not a board's encoding ([`encode`]), or `None` when they are.
fn encoding_problem(heaps: &[u64]) -> Option<BoardProblem> {
    if heaps.len() < 6 || !heaps.len().is_multiple_of(3) {
        return Some(BoardProblem::Count { given: heaps.len() });
    }
    if !(1..=2).contains(&heaps[0]) {
        return Some(BoardProblem::Mover { found: heaps[0] });
    }
    if heaps[1] == 0 || heaps[2] == 0 {
        return Some(BoardProblem::Retreats);
    }
    heaps[3..].chunks(3).enumerate().find_map(|(i, r)| {
        let (width, white, black) = (r[0], r[1], r[2]);
        (!(1 <= white && white < black && black <= width)).then_some(BoardProblem::Row {
            row: i + 1,
            width,
            white,
            black,
        })
    })
}

/// The board that heaps encode ([`encode`]), or why they do not encode one.
pub fn decode(heaps: &[u64]) -> Result<Board, BoardProblem> {
    if let Some(problem) = encoding_problem(heaps) {
        return Err(problem);
    }
    let to_move = if heaps[0] == 1 { Colour::White } else { Colour::Black };
    let rows = heaps[3..].chunks(3).map(|r| Row { width: r[0], white: r[1], black: r[2] }).collect();
    Ok(Board { rows, retreats: [heaps[1] - 1, heaps[2] - 1], to_move })
}

/// Heaps drawn for a start (random, a puzzle's, typed) made a board: heaps that already encode
/// one ([`encode`]) stay; otherwise each heap is a row's gap, with [`START_ROOM`] squares behind
/// each counter (less when the width would pass `u64::MAX`), [`START_RETREATS`] retreats for
/// each colour, and White to move.
///
/// ```
/// use nim_engine::northcott::{decode, fit_heaps};
///
/// let board = decode(&fit_heaps(vec![5, 3])).unwrap();
/// assert_eq!(board.gaps(), [5, 3]);
/// assert_eq!(board.rows()[0].width, 5 + 2 + 2 * 2);
/// assert_eq!(fit_heaps(vec![1, 1, 1, 9, 2, 5]), [1, 1, 1, 9, 2, 5]);
/// ```
pub fn fit_heaps(heaps: Vec<u64>) -> Vec<u64> {
    if encoding_problem(&heaps).is_none() {
        return heaps;
    }
    let gaps = if heaps.is_empty() { vec![1] } else { heaps };
    let rows = gaps
        .into_iter()
        .map(|gap| {
            let gap = gap.min(u64::MAX - 2);
            let room = START_ROOM.min((u64::MAX - 2 - gap) / 2);
            let white = 1 + room;
            Row { width: gap + 2 + 2 * room, white, black: white + gap + 1 }
        })
        .collect();
    encode(&Board { rows, retreats: [START_RETREATS; 2], to_move: Colour::White })
}

impl Board {
    /// Whether the player to move has no move: every gap closed, and no retreat left or no room
    /// behind any of their counters.
    pub fn is_over(&self) -> bool {
        let mover = self.to_move;
        self.rows.iter().all(|r| r.gap() == 0 && (self.retreats(mover) == 0 || r.room_behind(mover) == 0))
    }

    /// The squares row `row`'s moving counter may reach, as ranges in increasing order (the
    /// retreats' and the forward moves'), each `(first, last)` inclusive.
    fn reach(&self, row: usize) -> Vec<(u64, u64)> {
        let Some(&r) = self.rows.get(row) else { return Vec::new() };
        let back = self.retreats(self.to_move) > 0;
        let mut out = Vec::new();
        match self.to_move {
            Colour::White => {
                if back && r.white > 1 {
                    out.push((1, r.white - 1));
                }
                if r.gap() > 0 {
                    out.push((r.white + 1, r.black - 1));
                }
            }
            Colour::Black => {
                if r.gap() > 0 {
                    out.push((r.white + 1, r.black - 1));
                }
                if back && r.black < r.width {
                    out.push((r.black + 1, r.width));
                }
            }
        }
        out
    }

    /// The leftmost and the rightmost square row `row`'s moving counter may reach (its own square
    /// lies between them when it may also retreat), or `None` when it has no move.
    pub fn reach_span(&self, row: usize) -> Option<(u64, u64)> {
        let reach = self.reach(row);
        Some((reach.first()?.0, reach.last()?.1))
    }

    /// The square a player's chooser starts on in row `row`: one square forward, or one back
    /// when the gap is closed (and a retreat is left), or `None` when the counter has no move.
    pub fn first_choice(&self, row: usize) -> Option<u64> {
        let r = *self.rows.get(row)?;
        let forward = match self.to_move {
            Colour::White => r.white + 1,
            Colour::Black => r.black - 1,
        };
        let back = match self.to_move {
            Colour::White => r.white.checked_sub(1).filter(|&s| s >= 1),
            Colour::Black => (r.black < r.width).then(|| r.black + 1),
        };
        let slide = |to| Slide { row, to };
        [Some(forward), back].into_iter().flatten().find(|&to| self.check(slide(to)).is_ok())
    }

    /// How many legal moves there are.
    pub fn move_count(&self) -> u128 {
        (0..self.rows.len()).flat_map(|row| self.reach(row)).map(|(a, b)| u128::from(b - a) + 1).sum()
    }

    /// The legal move number `index` (from 0), by row and then by square.
    pub fn nth_slide(&self, mut index: u128) -> Option<Slide> {
        for row in 0..self.rows.len() {
            for (a, b) in self.reach(row) {
                let n = u128::from(b - a) + 1;
                if index < n {
                    return Some(Slide { row, to: a + index as u64 });
                }
                index -= n;
            }
        }
        None
    }
}

/// Northcott's game as a [`Rules`] on a position of heaps that encode a board ([`encode`]):
/// normal play only (the player with no move loses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Northcott;

impl Northcott {
    /// The board of `position`, or `None` when its heaps encode none (refused by
    /// [`Rules::check_position`]).
    fn board(position: &Position) -> Option<Board> {
        decode(position.heaps()).ok()
    }

    /// The slide as the engine's move.
    fn mv(slide: Slide) -> Move {
        Move::Slide { row: slide.row, to: slide.to }
    }

    /// The Grundy view of the board: the gaps are the Nim heaps.
    fn view(board: &Board) -> GrundyView {
        let gaps = board.gaps();
        let sum = board.nim_sum();
        let best = board.best_slide();
        let words = |slide: Slide| Northcott::words_of(board, slide);
        let working = best.filter(|_| sum != 0).map(|slide| GrundyStep {
            heap: slide.row,
            from: u128::from(gaps[slide.row]),
            to: u128::from(gaps[slide.row] ^ sum),
        });
        let reason = match (best, working) {
            (None, _) => GrundyReason::GameOver,
            (Some(slide), Some(step)) => GrundyReason::Win { words: words(slide), step, split: false },
            (Some(slide), None) => GrundyReason::Lost { words: words(slide) },
        };
        GrundyView {
            cells: Vec::new(),
            game: GameKind::Northcott,
            heaps: gaps.clone(),
            values: gaps.iter().map(|&g| u128::from(g)).collect(),
            sum: u128::from(sum),
            nearby: Vec::new(),
            periodic: None,
            pattern: Some(GrundyPattern::Northcott),
            working,
            best: best.map(Northcott::mv),
            reason,
            win: sum != 0,
        }
    }

    /// What `slide` does on `board`, as data for its words.
    fn words_of(board: &Board, slide: Slide) -> MoveWords {
        let from = board.rows().get(slide.row).map_or(0, |r| r.square(board.to_move()));
        MoveWords::Slide {
            row: slide.row + 1,
            from,
            to: slide.to,
            retreat: board.is_retreat(slide),
            white: board.to_move() == Colour::White,
        }
    }

    /// The slide a move names, or why the game has no such move.
    fn slide(mv: &Move) -> Result<Slide, MoveError> {
        match *mv {
            Move::Slide { row, to } => Ok(Slide { row, to }),
            _ => Err(MoveError::NotInThisGame {
                game: GameKind::Northcott.title(),
                what: "one row, sliding the mover's counter to a square",
            }),
        }
    }
}

/// Plays a slide's mechanics on a position that encodes a board (for [`Move::apply_to`]).
pub(crate) fn apply(position: &mut Position, row: usize, to: u64) -> Result<(), MoveError> {
    let mut board =
        decode(position.heaps()).map_err(|_| MoveError::NoSuchHeap { number: row + 1, heaps: 0 })?;
    board.play(Slide { row, to }).map_err(|e| refusal(&board, e))?;
    *position = Position::new(encode(&board));
    Ok(())
}

/// The engine's refusal of a slide the board refused.
fn refusal(board: &Board, error: NorthcottError) -> MoveError {
    match error {
        NorthcottError::NoRow { row } | NorthcottError::BadRow { row } => {
            MoveError::NoSuchHeap { number: row + 1, heaps: board.rows().len() }
        }
        NorthcottError::BadSquare { row, to } => MoveError::BadSlide { row: row + 1, to },
        NorthcottError::NoRetreat => MoveError::NoRetreat,
    }
}

impl Rules for Northcott {
    fn kind(&self) -> GameKind {
        GameKind::Northcott
    }
    fn mode(&self) -> Mode {
        Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        decode(position.heaps()).map(|_| ()).map_err(PositionError::Board)
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        let slide = Northcott::slide(mv)?;
        let board =
            Northcott::board(position).ok_or(MoveError::NoSuchHeap { number: slide.row + 1, heaps: 0 })?;
        board.check(slide).map_err(|e| refusal(&board, e))
    }
    fn is_over(&self, position: &Position) -> bool {
        Northcott::board(position).is_none_or(|b| b.is_over())
    }
    fn outcome(&self, position: &Position) -> Outcome {
        match Northcott::board(position).is_some_and(|b| b.mover_wins()) {
            true => Outcome::Win,
            false => Outcome::Lose,
        }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        Northcott::board(position)
            .map(|b| b.winning_slides().into_iter().take(limit).map(Northcott::mv).collect())
            .unwrap_or_default()
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(Northcott::board(position).map_or(0, |b| b.winning_slides().len() as u128))
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        let board = Northcott::board(position)?;
        if board.mover_wins() {
            return board.best_slide().map(Northcott::mv);
        }
        // Lost: the best try every game makes (the fewest winning replies left, weighed over
        // every move of a small board), the widest gap closed by one past that.
        super::best_try(self, position, || board.best_slide().map(Northcott::mv))
    }
    fn move_count(&self, position: &Position) -> u128 {
        Northcott::board(position).map_or(0, |b| b.move_count())
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        Northcott::board(position)?.nth_slide(index).map(Northcott::mv)
    }
    fn teach(&self, position: &Position) -> Teaching {
        let board = Northcott::board(position).unwrap_or_else(|| Board {
            rows: Vec::new(),
            retreats: [0, 0],
            to_move: Colour::White,
        });
        Teaching::Grundy(Box::new(Northcott::view(&board)))
    }
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        match (Northcott::board(position), Northcott::slide(mv)) {
            (Some(board), Ok(slide)) => Northcott::words_of(&board, slide),
            _ => MoveWords::plain(mv),
        }
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Slide { row, to } => format!("{} to {to}", row + 1),
            other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().filter(|w| !w.eq_ignore_ascii_case("to")).collect();
        let usage = || format!("a move is a row and a square, such as '2 to 7', not '{}'", text.trim());
        let [row, to] = words.as_slice() else { return Err(usage()) };
        let row: usize = row.parse().map_err(|_| usage())?;
        let to: u64 = to.parse().map_err(|_| usage())?;
        if row == 0 {
            return Err(usage());
        }
        Ok(Move::Slide { row: row - 1, to })
    }
    fn choices(&self, position: &Position) -> usize {
        Northcott::board(position).map_or(position.len(), |b| b.rows().len())
    }
    fn places(&self, position: &Position, index: usize) -> Places {
        let Some(board) = Northcott::board(position) else {
            return Places {
                open: false,
                first: None,
                skip: None,
                typed_most: position.heap(index).unwrap_or(0),
            };
        };
        let span = board.reach_span(index);
        Places {
            open: span.is_some(),
            first: board.first_choice(index),
            skip: board.rows().get(index).map(|r| r.square(board.to_move())),
            // The count's range ends on the farthest square (1 when the counter has no move).
            typed_most: span.map_or(1, |(_, last)| last),
        }
    }
    fn position_from(&self, numbers: Vec<u64>) -> Vec<u64> {
        fit_heaps(numbers)
    }
    fn board_view(&self, position: &Position) -> Option<BoardView> {
        Northcott::board(position).map(|b| b.view())
    }
}

impl From<Colour> for Side {
    fn from(colour: Colour) -> Side {
        match colour {
            Colour::White => Side::White,
            Colour::Black => Side::Black,
        }
    }
}

impl Board {
    /// The board as a person sees it: each row's width, its white counter then its black one,
    /// and its gap; whose turn; the retreats left.
    ///
    /// ```
    /// use nim_engine::northcott::decode;
    /// use nim_engine::Side;
    ///
    /// let view = decode(&[2, 3, 1, 10, 3, 7]).unwrap().view();
    /// assert_eq!(view.rows[0].at(7), Some(Side::Black));
    /// assert_eq!(view.rows[0].gap, 3);
    /// assert_eq!((view.to_move, view.retreats), (Side::Black, [2, 0]));
    /// ```
    pub fn view(&self) -> BoardView {
        let rows = self
            .rows
            .iter()
            .map(|r| BoardRow {
                width: r.width,
                counters: vec![
                    Counter { square: r.white, side: Side::White },
                    Counter { square: r.black, side: Side::Black },
                ],
                gap: r.gap(),
            })
            .collect();
        BoardView { rows, to_move: self.to_move.into(), retreats: self.retreats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(width: u64, white: u64, black: u64) -> Row {
        Row { width, white, black }
    }

    #[test]
    fn a_retreat_can_win_when_it_makes_the_nim_sum_zero() {
        // Gaps 1 and 2: forward in row 2 (2 -> 1), or back in row 1 (1 -> 2).
        let board = Board::new(vec![row(6, 2, 4), row(6, 1, 4)], [1, 1], Colour::White).unwrap();
        assert_eq!(board.winning_slides(), vec![Slide { row: 0, to: 1 }, Slide { row: 1, to: 2 }]);
        let spent = Board::new(board.rows().to_vec(), [0, 1], Colour::White).unwrap();
        assert_eq!(spent.winning_slides(), vec![Slide { row: 1, to: 2 }]);
    }

    #[test]
    fn the_widest_board_is_answered_in_constant_time() {
        let board = Board::new(
            vec![row(u64::MAX, 1, u64::MAX), row(u64::MAX, u64::MAX / 2, u64::MAX / 2 + 3)],
            [5, 5],
            Colour::Black,
        )
        .unwrap();
        assert!(board.mover_wins());
        let mut next = board.clone();
        let best = board.best_slide().unwrap();
        assert!(board.winning_slides().contains(&best));
        next.play(best).unwrap();
        assert_eq!(next.nim_sum(), 0);
    }

    #[test]
    fn a_person_chooses_among_the_rows_and_stands_on_the_squares_the_counter_reaches() {
        // White to move with one retreat; row 1: 10 squares, counters at 3 and 7; row 2: a closed
        // gap with White at the edge (no move); row 3: a closed gap with room behind (a retreat).
        let board =
            Board::new(vec![row(10, 3, 7), row(4, 1, 2), row(6, 3, 4)], [1, 0], Colour::White).unwrap();
        let position = Position::new(encode(&board));
        let game = Northcott;
        assert_eq!(game.choices(&position), 3);
        let first = game.places(&position, 0);
        assert_eq!(first, Places { open: true, first: Some(4), skip: Some(3), typed_most: 6 });
        assert!(!game.places(&position, 1).open);
        // Only back: the chooser starts on the retreat, the one move there is.
        assert_eq!(game.places(&position, 2).first, Some(2));
        let view = game.board_view(&position).unwrap();
        assert_eq!(view.gaps(), [3, 0, 0]);
        assert_eq!(view.widths(), [10, 4, 6]);
        assert_eq!(
            (view.to_move, view.retreats(Side::White), view.retreats(Side::Black)),
            (Side::White, 1, 0)
        );
        assert_eq!((view.rows[0].at(3), view.rows[0].at(5)), (Some(Side::White), None));
        assert_eq!(view.rows[2].square_of(Side::Black), Some(4));
        // A start's numbers are the gaps, made a board; a board's numbers stay.
        assert_eq!(game.position_from(vec![5, 3]), fit_heaps(vec![5, 3]));
        assert_eq!(game.position_from(encode(&board)), encode(&board));
    }

    #[test]
    fn a_game_of_heaps_is_met_as_its_heaps() {
        use crate::{Mode, Ruleset};
        let position = Position::new(vec![3, 1, 4]);
        // Northcott's game is met as a board, Turning Corners as heads of two numbers each
        // (`corners.rs` tests its own answers).
        let heaps = |k: &GameKind| !matches!(k, GameKind::Northcott | GameKind::Corners);
        for kind in GameKind::ALL.into_iter().filter(heaps) {
            let game = Ruleset::new(kind, Mode::Normal).game();
            assert_eq!(game.board_view(&position), None, "{kind:?}");
            assert_eq!(game.choices(&position), 3, "{kind:?}");
            assert_eq!(game.places(&position, 2).typed_most, 4, "{kind:?}");
            // Green Hackenbush's stalks are heaps, but drawn numbers become small trees.
            if kind != GameKind::Hackenbush {
                assert_eq!(game.position_from(vec![2, 5]), [2, 5], "{kind:?}");
            }
        }
        let hackenbush = Ruleset::new(GameKind::Hackenbush, Mode::Normal).game();
        let trees = crate::hackenbush::decode(&hackenbush.position_from(vec![2, 5])).unwrap();
        assert_eq!(trees.iter().map(|t| t.edges()).collect::<Vec<_>>(), [2, 5]);
        let dawson = Ruleset::new(GameKind::Dawson, Mode::Normal).game();
        assert!(!dawson.places(&position, 1).open);
        assert!(Ruleset::new(GameKind::Kayles, Mode::Normal).game().places(&position, 1).open);
    }

    #[test]
    fn bad_slides_are_refused() {
        let mut board = Board::new(vec![row(5, 2, 4)], [0, 0], Colour::White).unwrap();
        assert_eq!(board.play(Slide { row: 0, to: 4 }), Err(NorthcottError::BadSquare { row: 0, to: 4 }));
        assert_eq!(board.play(Slide { row: 0, to: 1 }), Err(NorthcottError::NoRetreat));
        assert_eq!(board.play(Slide { row: 1, to: 1 }), Err(NorthcottError::NoRow { row: 1 }));
        assert!(Board::new(vec![row(5, 4, 4)], [0, 0], Colour::White).is_err());
    }
}
