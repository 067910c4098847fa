//! Sprague-Grundy theory, shared by the games that are sums of heaps played apart: subtraction
//! games, Lasker's Nim and Kayles.
//!
//! Every heap has a Grundy value, the least value none of its moves reaches (its "mex"); a
//! position is lost for the player to move exactly when the XOR of its heaps' values is 0, like a
//! position of Nim whose heaps are those values. A winning move changes one heap of value `g` into
//! heaps worth `g ⊕ X`, `X` being the XOR of them all. Each game says what a heap is worth in
//! constant time and which of its moves reach a given value; the rest is here.

use super::{GameKind, Move, MoveWords, Outcome, Position, Rules};

/// A table of Grundy values that repeat: `values[n]` for every heap below `pre_period + period`,
/// and `value(n) = value(n - period)` from `pre_period` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    /// The values of heaps `0..pre_period + period` (a Grundy value of these games is at most 128).
    pub values: Vec<u8>,
    /// The first heap from which the values repeat.
    pub pre_period: u64,
    /// How often they repeat.
    pub period: u64,
}

impl GrundyTable {
    /// The Grundy value of a heap of `n`, in constant time.
    pub fn value(&self, n: u64) -> u64 {
        let index = if n < self.pre_period + self.period {
            n
        } else {
            self.pre_period + (n - self.pre_period) % self.period
        };
        // `index < pre_period + period <= values.len()` by construction.
        self.values.get(index as usize).map_or(0, |&v| u64::from(v))
    }
}

/// What the teaching panel shows for a game valued by Grundy numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyView {
    /// The game.
    pub game: GameKind,
    /// The heaps (rows of pins in Kayles).
    pub heaps: Vec<u64>,
    /// Each head's column and row (from 1), for a game on a grid (Turning Corners), in the order
    /// of `values`; empty for every other game.
    pub cells: Vec<(u64, u64)>,
    /// Each heap's Grundy value (a `u128`: Lasker's Nim values a heap of `u64::MAX` at 2^64).
    pub values: Vec<u128>,
    /// The XOR of the values: 0 exactly when the player to move loses.
    pub sum: u128,
    /// Table entries `(heap, value)` near the heaps on the table (two either side of each),
    /// smallest heap first.
    pub nearby: Vec<(u64, u128)>,
    /// When the values repeat: from which heap, and how often (Lasker's values never repeat; they
    /// follow a pattern of period 4, told in `pattern`).
    pub periodic: Option<(u64, u64)>,
    /// How the values go, as data for the sentence that tells it (`None` when nothing is told).
    pub pattern: Option<GrundyPattern>,
    /// The best move with the heap it changes, its value before, and the value it reaches.
    pub working: Option<GrundyStep>,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why the best move is best, as data for the hint's sentence.
    pub reason: GrundyReason,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// How a winning move works: heap `heap`, worth `from`, becomes worth `to = from ⊕ sum`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrundyStep {
    /// The heap changed (from 0).
    pub heap: usize,
    /// Its Grundy value before the move.
    pub from: u128,
    /// The Grundy value of what the move leaves of it (one heap, or the XOR of two after a split).
    pub to: u128,
}

/// Sprague-Grundy applied to a sum of heaps: what each game provides.
pub(crate) trait HeapGame {
    /// The game.
    fn kind(&self) -> GameKind;
    /// The Grundy value of a heap of `size`, in constant time.
    fn grundy(&self, size: u64) -> u128;
    /// Calls `visit` with each move that takes tokens from heap `heap` (of `size`) and leaves it
    /// worth `target`, by amount, until `visit` returns false. Returns false when stopped.
    fn takes_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool;
    /// How many moves [`HeapGame::takes_to`] would give without a limit.
    fn count_takes_to(&self, size: u64, target: u128) -> u128;
    /// Calls `visit` with each split (and knock-down) of heap `heap` leaving heaps worth `target`
    /// together, in the order of [`Move`], until `visit` returns false. Returns false when stopped.
    /// The moves are made one at a time: a row of 2^64 - 1 pins has about 2^63 of them.
    fn splits_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool;
    /// How many moves [`HeapGame::splits_to`] would give without a limit.
    fn count_splits_to(&self, size: u64, target: u128) -> u128;
    /// How many legal takes a heap of `size` has.
    fn take_count(&self, size: u64) -> u128;
    /// Take number `index` (from 0) of heap `heap`, in the order of [`Move`].
    fn nth_take(&self, heap: usize, size: u64, index: u128) -> Option<Move>;
    /// How many legal splits (knock-downs) a heap of `size` has.
    fn split_count(&self, size: u64) -> u128;
    /// Split number `index` (from 0) of heap `heap`, in the order of [`Move`].
    fn nth_split(&self, heap: usize, size: u64, index: u128) -> Option<Move>;
    /// The AI's move from a lost position (`None` when no move is left).
    fn fallback(&self, position: &Position) -> Option<Move>;
    /// What the move does, as data for the words that tell it.
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords;
    /// When the values repeat: from which heap, and how often.
    fn periodic(&self) -> Option<(u64, u64)>;
    /// How the values go, as data for the sentence that tells it.
    fn pattern(&self) -> Option<GrundyPattern> {
        self.periodic().map(|(from, period)| GrundyPattern::Periodic { from, period })
    }
}

/// How a game's Grundy values go, as data: the words that tell it are the program's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrundyPattern {
    /// The values repeat every `period` from heaps of `from` on: a heap of n is worth what one of
    /// n - `period` is.
    Periodic {
        /// The first heap from which the values repeat.
        from: u64,
        /// How often they repeat.
        period: u64,
    },
    /// Lasker's Nim's pattern of period 4: a heap of 4k+1 or 4k+2 is worth itself, 4k+3 is worth
    /// 4k+4 and 4k+4 is worth 4k+3.
    Lasker,
    /// Staircase Nim: the odd steps are Nim heaps, the even steps are worth 0.
    Staircase,
    /// Turning Turtles: a head at place n is worth n (Nim).
    TurningTurtles,
    /// Mock Turtles: a head at place n is worth the odious number 2n - 2 or 2n - 1.
    MockTurtles,
    /// The ruler game: a head at place n is worth the largest power of 2 dividing n, and a run
    /// from j + 1 to n is worth the XOR of the Gray codes of n and j.
    Ruler,
    /// Northcott's game: a row's gap between its counters is a Nim heap (a retreat is answered by
    /// closing the gap again).
    Northcott,
    /// Turning Corners: a head at column x, row y (from 1) is worth the nim product
    /// (x - 1) ⊗ (y - 1).
    Corners,
    /// Green Hackenbush: each tree is a stalk of its value by the colon principle, told on one
    /// tree that branches (the best move's, or the first), when one does.
    Hackenbush {
        /// The colon principle on one tree.
        colon: Option<crate::hackenbush::Colon>,
    },
}

/// The `Rules` answers every game valued by Grundy numbers gives the same way, from its
/// [`HeapGame`]: written once here, expanded inside each game's `impl Rules`.
macro_rules! grundy_answers {
    () => {
        fn outcome(&self, position: &Position) -> Outcome {
            grundy::outcome(self, position)
        }
        fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
            grundy::winning_moves(self, position, limit)
        }
        fn winning_move_count(&self, position: &Position) -> Option<u128> {
            Some(grundy::winning_move_count(self, position))
        }
        fn ai_move(&self, position: &Position) -> Option<Move> {
            grundy::ai_move(self, position)
        }
        fn move_count(&self, position: &Position) -> u128 {
            grundy::move_count(self, position)
        }
        fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
            grundy::nth_move(self, position, index)
        }
        fn teach(&self, position: &Position) -> Teaching {
            Teaching::Grundy(Box::new(grundy::teach(self, position)))
        }
    };
}
pub(crate) use grundy_answers;

/// The XOR of the heaps' Grundy values.
pub(crate) fn sum(game: &impl HeapGame, heaps: &[u64]) -> u128 {
    heaps.iter().fold(0, |x, &h| x ^ game.grundy(h))
}

pub(crate) fn outcome(game: &impl HeapGame, position: &Position) -> Outcome {
    if sum(game, position.heaps()) == 0 { Outcome::Lose } else { Outcome::Win }
}

/// The first `limit` winning moves: every heap's takes, then every heap's splits (the order of
/// [`Move`]).
pub(crate) fn winning_moves(game: &impl HeapGame, position: &Position, limit: usize) -> Vec<Move> {
    let mut out = Vec::new();
    visit_winning_moves(game, position, limit, &mut |mv| {
        out.push(mv);
        true
    });
    out
}

/// Calls `visit` with the first `limit` winning moves in the order of [`Move`], one at a time,
/// until it returns false: nothing is gathered, so any `limit` costs the same memory.
pub(crate) fn visit_winning_moves(
    game: &impl HeapGame,
    position: &Position,
    limit: usize,
    visit: &mut dyn FnMut(Move) -> bool,
) {
    let heaps = position.heaps();
    let x = sum(game, heaps);
    if x == 0 || limit == 0 {
        return;
    }
    let mut left = limit;
    let mut each = |mv: Move| {
        left -= 1;
        visit(mv) && left > 0
    };
    for (heap, &h) in heaps.iter().enumerate() {
        if !game.takes_to(heap, h, game.grundy(h) ^ x, &mut each) {
            return;
        }
    }
    for (heap, &h) in heaps.iter().enumerate() {
        if !game.splits_to(heap, h, game.grundy(h) ^ x, &mut each) {
            return;
        }
    }
}

pub(crate) fn winning_move_count(game: &impl HeapGame, position: &Position) -> u128 {
    let heaps = position.heaps();
    let x = sum(game, heaps);
    if x == 0 {
        return 0;
    }
    heaps.iter().fold(0u128, |n, &h| {
        let target = game.grundy(h) ^ x;
        n.saturating_add(game.count_takes_to(h, target)).saturating_add(game.count_splits_to(h, target))
    })
}

pub(crate) fn ai_move(game: &(impl HeapGame + Rules), position: &Position) -> Option<Move> {
    winning_moves(game, position, 1)
        .into_iter()
        .next()
        .or_else(|| super::best_try(game, position, || game.fallback(position)))
}

pub(crate) fn move_count(game: &impl HeapGame, position: &Position) -> u128 {
    position
        .heaps()
        .iter()
        .fold(0u128, |n, &h| n.saturating_add(game.take_count(h)).saturating_add(game.split_count(h)))
}

pub(crate) fn nth_move(game: &impl HeapGame, position: &Position, index: u128) -> Option<Move> {
    let mut pick = index;
    for (heap, &h) in position.heaps().iter().enumerate() {
        let count = game.take_count(h);
        if pick < count {
            return game.nth_take(heap, h, pick);
        }
        pick -= count;
    }
    for (heap, &h) in position.heaps().iter().enumerate() {
        let count = game.split_count(h);
        if pick < count {
            return game.nth_split(heap, h, pick);
        }
        pick -= count;
    }
    None
}

/// Whether no move is left: every heap is worth 0 and has no move (a heap with no move is worth
/// 0, so only those are looked at).
pub(crate) fn is_over(game: &impl HeapGame, position: &Position) -> bool {
    position.heaps().iter().all(|&h| game.take_count(h) == 0 && game.split_count(h) == 0)
}

/// The heap a move changes.
fn moved_heap(mv: &Move) -> usize {
    match mv {
        Move::Take(take) => take.heap,
        Move::TakeMany(takes) => takes.first().map_or(0, |t| t.heap),
        Move::Split { heap, .. } => *heap,
        Move::Turn(_) | Move::Run { .. } | Move::Slide { .. } | Move::Corners { .. } => 0,
        Move::Cut { tree, .. } => *tree,
    }
}

/// Why the best move of a game valued by Grundy numbers is best, with its numbers (the values
/// and their XOR are in [`GrundyView`]): a program writes the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrundyReason {
    /// No move is left: the other player made the last one and won.
    GameOver,
    /// The move changes one heap's value as `step` says, leaving an XOR of 0.
    Win {
        /// What the move does.
        words: MoveWords,
        /// The heap changed, its value before and after.
        step: GrundyStep,
        /// Whether the move splits the heap (what it leaves is worth the new value), rather than
        /// leaving one heap of that value.
        split: bool,
    },
    /// The XOR is 0: lost; `words` tells the AI's fallback.
    Lost {
        /// What the AI's fallback move does.
        words: MoveWords,
    },
}

/// The teaching view: values, their XOR, the table near the heaps, and the best move's working.
pub(crate) fn teach(game: &(impl HeapGame + Rules), position: &Position) -> GrundyView {
    let heaps = position.heaps().to_vec();
    let values: Vec<u128> = heaps.iter().map(|&h| game.grundy(h)).collect();
    let sum = values.iter().fold(0, |x, &g| x ^ g);
    let mut sizes: Vec<u64> =
        heaps.iter().flat_map(|&h| (h.saturating_sub(2)..=h.saturating_add(2)).collect::<Vec<_>>()).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let nearby = sizes.into_iter().map(|n| (n, game.grundy(n))).collect();
    let win = sum != 0;
    let best = ai_move(game, position);
    let working = best.as_ref().filter(|_| win).map(|mv| {
        let heap = moved_heap(mv);
        let from = values.get(heap).copied().unwrap_or(0);
        GrundyStep { heap, from, to: from ^ sum }
    });
    let reason = match (&best, working) {
        (None, _) => GrundyReason::GameOver,
        (Some(mv), Some(step)) => GrundyReason::Win {
            words: HeapGame::move_words(game, position, mv),
            step,
            split: matches!(mv, Move::Split { .. }),
        },
        (Some(mv), None) => GrundyReason::Lost { words: HeapGame::move_words(game, position, mv) },
    };
    GrundyView {
        cells: Vec::new(),
        game: HeapGame::kind(game),
        heaps,
        values,
        sum,
        nearby,
        periodic: game.periodic(),
        pattern: game.pattern(),
        working,
        best,
        reason,
        win,
    }
}

/// The mex: the least value not in `seen` (a bit set of values below 128).
pub(crate) fn mex(seen: u128) -> u64 {
    u64::from((!seen).trailing_zeros())
}
