//! Bouton's strategy for Nim under both conventions.
//!
//! Normal play: the player to move loses exactly when the nim-sum (the XOR of the heaps) is 0, and
//! a winning move reduces a heap `h` to `h ⊕ x` wherever that is smaller than `h`.
//!
//! Misère differs only at the end. While two or more heaps hold two or more tokens the normal rule
//! applies unchanged. Once no heap would be left with two or more tokens, the winning move leaves an
//! odd number of heaps of one (normal play would leave an even number). So the player to move in
//! misère loses exactly when the nim-sum is 0 with some heap of two or more, or when every heap
//! holds at most one token and an odd number hold one.

use super::{Explanation, Mode, MoveError, Position, Take};

/// The result of perfect play for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with perfect play (an N-position).
    Win,
    /// The player to move loses against perfect play (a P-position).
    Lose,
}

impl Outcome {
    /// `win` or `lose`, as `solve` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
        }
    }
}

/// Everything perfect play says about one position.
///
/// The winning moves are described, not listed: a position of a million heaps has about half a
/// million of them, and most callers need their number, the first one, or to stream them out.
/// [`Analysis::moves`] produces them from the heaps; [`Analysis::winning_moves`] collects them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The convention analysed.
    pub mode: Mode,
    /// The XOR of all heaps.
    pub nim_sum: u64,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// Which heaps have a winning move, and how many. [`WinningMoves::None`] in a losing position
    /// and once the game is over.
    pub moves: WinningMoves,
    /// True in misère once the endgame rule decides the play: no heap would keep two or more
    /// tokens after the winning move, so the aim is an odd number of heaps of one.
    pub endgame: bool,
}

/// The winning moves of a position in a few words; at most one per heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinningMoves {
    /// No winning move.
    None,
    /// Reduce each heap `h` that has the nim-sum's highest bit to `h ⊕ nim_sum`; `count` heaps
    /// have that bit.
    NimSum {
        /// The nim-sum of the position.
        nim_sum: u64,
        /// How many heaps have its highest bit.
        count: usize,
    },
    /// Misère endgame with one big heap: the single winning move.
    One(Take),
    /// Misère with every heap at most one and an even number of ones: take any of the `count`
    /// heaps of one.
    Ones {
        /// How many heaps hold one token.
        count: usize,
    },
}

impl WinningMoves {
    /// How many winning moves there are.
    pub fn len(&self) -> usize {
        match *self {
            WinningMoves::None => 0,
            WinningMoves::NimSum { count, .. } | WinningMoves::Ones { count } => count,
            WinningMoves::One(_) => 1,
        }
    }

    /// Whether there is no winning move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The winning moves from `heaps` (the heaps this was computed from), ordered by heap.
    pub fn iter<'a>(&self, heaps: &'a [u64]) -> Moves<'a> {
        let (take_from, single) = match *self {
            WinningMoves::None => (Select::Nothing, None),
            WinningMoves::NimSum { nim_sum, .. } => (Select::NimSum(nim_sum), None),
            WinningMoves::One(mv) => (Select::Nothing, Some(mv)),
            WinningMoves::Ones { .. } => (Select::Ones, None),
        };
        Moves { heaps, select: take_from, single, block: 0, mask: 0, left: self.len() }
    }
}

#[derive(Debug, Clone, Copy)]
enum Select {
    Nothing,
    NimSum(u64),
    Ones,
}

/// The winning moves produced lazily from the heaps, 64 heaps at a time: a bit mask of the heaps
/// in a block that give a move is built without branches, then its set bits are visited. Random
/// heaps give a move about every other heap, which a branch per heap would mispredict.
#[derive(Debug, Clone)]
pub struct Moves<'a> {
    heaps: &'a [u64],
    select: Select,
    single: Option<Take>,
    /// The index of the first heap of the next block to scan.
    block: usize,
    /// The heaps of the current block (starting at `block - 64`) that give a move, not yet visited.
    mask: u64,
    left: usize,
}

impl Moves<'_> {
    fn fill(&mut self) -> bool {
        while self.mask == 0 {
            if self.block >= self.heaps.len() {
                return false;
            }
            let chunk = &self.heaps[self.block..(self.block + 64).min(self.heaps.len())];
            self.mask = match self.select {
                Select::Nothing => 0,
                Select::NimSum(x) => {
                    let bit = 63 - x.leading_zeros();
                    chunk.iter().enumerate().fold(0, |m, (i, &h)| m | (h >> bit & 1) << i)
                }
                Select::Ones => chunk.iter().enumerate().fold(0, |m, (i, &h)| m | u64::from(h == 1) << i),
            };
            self.block += 64;
        }
        true
    }
}

impl Iterator for Moves<'_> {
    type Item = Take;

    #[inline]
    fn next(&mut self) -> Option<Take> {
        if let Some(mv) = self.single.take() {
            self.left = 0;
            return Some(mv);
        }
        if self.mask == 0 && !self.fill() {
            return None;
        }
        let heap = self.block - 64 + self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        self.left = self.left.saturating_sub(1);
        let h = self.heaps[heap];
        let take = match self.select {
            // `h` has the nim-sum's top bit, so `h ⊕ x < h`.
            Select::NimSum(x) => h - (h ^ x),
            _ => 1,
        };
        Some(Take { heap, take })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Moves<'_> {}

impl Analysis {
    /// Whether the player to move wins with perfect play.
    pub fn is_win(&self) -> bool {
        self.outcome == Outcome::Win
    }

    /// How many winning moves there are.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The winning moves from `heaps` (the heaps analysed), ordered by heap, produced lazily.
    pub fn moves<'a>(&self, heaps: &'a [u64]) -> Moves<'a> {
        self.moves.iter(heaps)
    }

    /// Every winning move from `heaps` (the heaps analysed), ordered by heap, as a list.
    pub fn winning_moves(&self, heaps: &[u64]) -> Vec<Take> {
        self.moves(heaps).collect()
    }

    /// The first winning move (the one the AI plays), if any.
    pub fn first_move(&self, heaps: &[u64]) -> Option<Take> {
        self.moves(heaps).next()
    }

    /// Whether `mv` is one of the winning moves from `heaps` (the heaps analysed), in constant time.
    pub fn is_winning_move(&self, heaps: &[u64], mv: Take) -> bool {
        let Some(&h) = heaps.get(mv.heap) else { return false };
        match self.moves {
            WinningMoves::None => false,
            WinningMoves::NimSum { nim_sum, .. } => {
                let bit = 63 - nim_sum.leading_zeros();
                h >> bit & 1 == 1 && mv.take == h - (h ^ nim_sum)
            }
            WinningMoves::One(one) => one == mv,
            WinningMoves::Ones { .. } => h == 1 && mv.take == 1,
        }
    }
}

/// Nim under one convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nim {
    /// The convention.
    pub mode: Mode,
}

impl Nim {
    /// Nim under `mode`.
    pub fn new(mode: Mode) -> Self {
        Nim { mode }
    }
}

/// Nim's own answers in its own terms (single takes); the game interface, [`super::Rules`], is
/// built on these.
impl Nim {
    /// Checks a take without applying it.
    pub fn check(&self, position: &Position, mv: Take) -> Result<(), MoveError> {
        position.check(mv)
    }

    /// Who wins with perfect play, and the winning moves.
    pub fn analyse(&self, position: &Position) -> Analysis {
        analyse(position.heaps(), self.mode)
    }

    /// The take the perfect AI plays, or `None` when the game is over.
    pub fn ai_move(&self, position: &Position) -> Option<Take> {
        let analysis = self.analyse(position);
        match analysis.first_move(position.heaps()) {
            Some(mv) => Some(mv),
            None => fallback_move(position.heaps(), self.mode),
        }
    }

    /// The reasoning behind the best move, for teaching.
    pub fn explain(&self, position: &Position) -> Explanation {
        Explanation::new(position.heaps(), self.mode)
    }
}

/// Perfect play from `heaps` under `mode`: the nim-sum, the outcome and the winning moves.
///
/// Two passes over the heaps, both free of branches: the XOR fold, and the count of heaps that
/// have the nim-sum's highest bit (`h ⊕ x < h` exactly for those).
///
/// ```
/// use nim_engine::{Mode, Outcome, Take, analyse};
///
/// // Three heaps of one: whoever moves takes the first of three last tokens. In normal play that
/// // wins (the nim-sum is 1); in misère it loses, since the other player is left to take the last.
/// assert_eq!(analyse(&[1, 1, 1], Mode::Normal).outcome, Outcome::Win);
/// assert_eq!(analyse(&[1, 1, 1], Mode::Misere).outcome, Outcome::Lose);
///
/// // In misère with a heap of two or more left, play as in normal play until the move that
/// // would leave only heaps of one: then leave an odd number of them.
/// let heaps = [1, 1, 5];
/// assert_eq!(analyse(&heaps, Mode::Normal).winning_moves(&heaps), [Take::new(2, 5)]);
/// assert_eq!(analyse(&heaps, Mode::Misere).winning_moves(&heaps), [Take::new(2, 4)]);
/// ```
pub fn analyse(heaps: &[u64], mode: Mode) -> Analysis {
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
    if mode == Mode::Misere {
        // Heaps of two or more decide which rule applies; counting stops at two.
        let big = heaps.iter().filter(|&&h| h > 1).take(2).count();
        if big < 2 {
            return misere_endgame(heaps, nim_sum, big);
        }
    }
    if nim_sum == 0 {
        return Analysis { mode, nim_sum, outcome: Outcome::Lose, moves: WinningMoves::None, endgame: false };
    }
    let bit = 63 - nim_sum.leading_zeros();
    let count = heaps.iter().map(|&h| (h >> bit & 1) as usize).sum();
    Analysis {
        mode,
        nim_sum,
        outcome: Outcome::Win,
        moves: WinningMoves::NimSum { nim_sum, count },
        endgame: false,
    }
}

/// Misère with at most one heap of two or more tokens.
fn misere_endgame(heaps: &[u64], nim_sum: u64, big: usize) -> Analysis {
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let mode = Mode::Misere;
    if let Some((heap, &h)) = heaps.iter().enumerate().find(|&(_, &h)| h > 1).filter(|_| big == 1) {
        // Always a win: reduce the big heap to 0 or 1 so that an odd number of ones is left.
        let keep = if ones % 2 == 0 { 1 } else { 0 };
        return Analysis {
            mode,
            nim_sum,
            outcome: Outcome::Win,
            moves: WinningMoves::One(Take { heap, take: h - keep }),
            endgame: true,
        };
    }
    // Every heap holds 0 or 1: the player facing an even number of ones (none at all included:
    // the opponent took the last token) wins, by taking any one of them.
    if ones % 2 == 1 {
        return Analysis { mode, nim_sum, outcome: Outcome::Lose, moves: WinningMoves::None, endgame: true };
    }
    let moves = if ones == 0 { WinningMoves::None } else { WinningMoves::Ones { count: ones } };
    Analysis { mode, nim_sum, outcome: Outcome::Win, moves, endgame: ones > 0 }
}

/// The AI's move from a losing position, where every move loses against perfect play: the best
/// try every game shares (`game::best_try`, every move weighed: no heap of two or more emptied
/// while another move exists, the fewest winning replies, then the fewest tokens taken, then the
/// largest heap) while the heaps hold at most [`crate::BEST_TRY_MOVES`] tokens, and Nim's quick
/// rule past that. Returns `None` only when the game is over.
///
/// ```
/// use nim_engine::{Mode, Take, fallback_move};
///
/// // 1, 2, 3: every move leaves one winning reply; the least taken is 1, from the largest heap.
/// assert_eq!(fallback_move(&[1, 2, 3], Mode::Normal), Some(Take::new(2, 1)));
/// // A heap of 2 and a heap of 2: taking 1 leaves one reply too, and does not empty a heap.
/// assert_eq!(fallback_move(&[2, 2], Mode::Normal), Some(Take::new(0, 1)));
/// ```
pub fn fallback_move(heaps: &[u64], mode: Mode) -> Option<Take> {
    // The quick rule goes through the best try too, which holds it to its first rule (no heap of
    // two or more emptied while another move exists).
    let quick = || quick_fallback(heaps, mode).map(crate::Move::Take);
    let nim = Nim::new(mode);
    super::best_try(&nim, &Position::new(heaps.to_vec()), quick).and_then(|mv| mv.as_take())
}

/// Nim's quick rule from a lost position of many tokens.
///
/// The AI never resigns. It leaves the opponent the fewest winning replies, so a person has the
/// most chances to go wrong, and it keeps the game finite in the number of binary digits: every
/// move it considers takes a power of two, `2^k`, from a heap that has bit `k` set, which clears
/// exactly that one bit. Among the moves leaving the fewest replies it takes the fewest tokens
/// (the longest game the rule allows), then from the larger heap, then the lower heap number.
/// Returns `None` only when the game is over.
///
/// Why this is enough: from a position of nim-sum 0, any move from `h` to `h'` gives a nim-sum
/// whose highest bit `k` is a bit `h` has and `h'` has not, and the winning replies are the heaps
/// left with bit `k`: `with_bit[k] - 1`, whatever the lower bits of `h'` are. Taking exactly `2^k`
/// reaches every `k` of every heap, so the fewest replies among these moves are the fewest among
/// all moves (misère's endgame is counted by its own rule below). And since each of the AI's
/// moves clears one bit, and the winning reply to a nim-sum of `2^k` clears bit `k` of one heap,
/// a game against a player who follows the hint lasts at most as many moves as the heaps have
/// bits set (at most 64 per heap), not as many as they have tokens.
fn quick_fallback(heaps: &[u64], mode: Mode) -> Option<Take> {
    let mut with_bit = [0usize; 64];
    for &h in heaps {
        let mut rest = h;
        while rest != 0 {
            with_bit[rest.trailing_zeros() as usize] += 1;
            rest &= rest - 1;
        }
    }
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let replies = |h: u64, after: u64| -> usize {
        if mode == Mode::Misere {
            let big_after = big - usize::from(h > 1 && after <= 1);
            if big_after == 0 {
                // Only heaps of one remain: each of them is a winning reply, or none is.
                let ones_after = ones - usize::from(h == 1) + usize::from(after == 1);
                return if ones_after % 2 == 0 { ones_after } else { 0 };
            }
            if big_after == 1 {
                // The endgame rule gives exactly one winning reply.
                return 1;
            }
        }
        let nim_sum_after = nim_sum ^ h ^ after;
        if nim_sum_after == 0 {
            return 0;
        }
        let k = 63 - nim_sum_after.leading_zeros() as usize;
        with_bit[k] - usize::from(h >> k & 1 == 1) + usize::from(after >> k & 1 == 1)
    };
    heaps
        .iter()
        .enumerate()
        .flat_map(|(heap, &h)| {
            // Each set bit of the heap: take exactly that power of two.
            let mut rest = h;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let take = rest & rest.wrapping_neg();
                rest &= rest - 1;
                Some((heap, h, take))
            })
        })
        .map(|(heap, h, take)| (heap, h, take, replies(h, h - take)))
        .min_by(|a, b| a.3.cmp(&b.3).then(a.2.cmp(&b.2)).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)))
        .map(|(heap, _, take, _)| Take { heap, take })
}
