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

use super::{Explanation, Mode, Take, MoveError, Position, Rules};

/// The result of perfect play for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins with perfect play (an N-position).
    Win,
    /// The player to move loses against perfect play (a P-position).
    Lose,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Lose => "lose",
        }
    }
}

/// Everything perfect play says about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub mode: Mode,
    /// The XOR of all heaps.
    pub nim_sum: u64,
    pub outcome: Outcome,
    /// Every winning move, ordered by heap; at most one per heap. Empty in a losing position and
    /// once the game is over.
    pub winning_moves: Vec<Take>,
    /// True in misère once the endgame rule decides the play: no heap would keep two or more
    /// tokens after the winning move, so the aim is an odd number of heaps of one.
    pub endgame: bool,
}

impl Analysis {
    pub fn is_win(&self) -> bool {
        self.outcome == Outcome::Win
    }
}

/// Nim under one convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nim {
    pub mode: Mode,
}

impl Nim {
    pub fn new(mode: Mode) -> Self {
        Nim { mode }
    }
}

impl Rules for Nim {
    fn mode(&self) -> Mode {
        self.mode
    }

    fn check(&self, position: &Position, mv: Take) -> Result<(), MoveError> {
        position.check(mv)
    }

    fn analyse(&self, position: &Position) -> Analysis {
        analyse(position.heaps(), self.mode)
    }

    fn ai_move(&self, position: &Position) -> Option<Take> {
        let analysis = self.analyse(position);
        match analysis.winning_moves.first() {
            Some(&mv) => Some(mv),
            None => fallback_move(position.heaps(), self.mode),
        }
    }

    fn explain(&self, position: &Position) -> Explanation {
        Explanation::new(position.heaps(), self.mode)
    }
}

/// Perfect play from `heaps` under `mode`: the nim-sum, the outcome and every winning move.
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
        return Analysis { mode, nim_sum, outcome: Outcome::Lose, winning_moves: Vec::new(), endgame: false };
    }
    let winning_moves = nim_sum_moves(heaps, nim_sum);
    Analysis { mode, nim_sum, outcome: Outcome::Win, winning_moves, endgame: false }
}

/// Every move reducing a heap `h` to `h ⊕ nim_sum`, for a nim-sum other than 0.
///
/// `h ⊕ x < h` exactly when `h` has the highest set bit of `x`. With many heaps about half of them
/// have it, at random, so testing heap by heap would mispredict a branch for every other heap.
fn nim_sum_moves(heaps: &[u64], nim_sum: u64) -> Vec<Take> {
    let bit = 63 - nim_sum.leading_zeros();
    let count: usize = heaps.iter().map(|&h| (h >> bit & 1) as usize).sum();
    // Every heap is written to the next free slot, and the slot is kept only when the heap has the
    // nim-sum's top bit: no branch to mispredict. `kept` never exceeds `count`, and one slot of
    // slack takes the writes of heaps after the last kept one. (For a heap without the bit,
    // `h ^ nim_sum > h`, hence the wrapping subtraction of a value that is then overwritten.)
    let mut moves = vec![Take { heap: 0, take: 0 }; count + 1];
    let mut kept = 0;
    for (heap, &h) in heaps.iter().enumerate() {
        moves[kept] = Take { heap, take: h.wrapping_sub(h ^ nim_sum) };
        kept += (h >> bit & 1) as usize;
    }
    moves.truncate(count);
    moves
}

/// Misère with at most one heap of two or more tokens.
fn misere_endgame(heaps: &[u64], nim_sum: u64, big: usize) -> Analysis {
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let mode = Mode::Misere;
    if big == 1 {
        // Always a win: reduce the big heap to 0 or 1 so that an odd number of ones is left.
        let (heap, &h) = heaps
            .iter()
            .enumerate()
            .find(|&(_, &h)| h > 1)
            .expect("big == 1 means one heap holds two or more");
        let keep = if ones % 2 == 0 { 1 } else { 0 };
        return Analysis {
            mode,
            nim_sum,
            outcome: Outcome::Win,
            winning_moves: vec![Take { heap, take: h - keep }],
            endgame: true,
        };
    }
    // Every heap holds 0 or 1: the player facing an even number of ones (none at all included:
    // the opponent took the last token) wins, by taking any one of them.
    if ones % 2 == 1 {
        return Analysis { mode, nim_sum, outcome: Outcome::Lose, winning_moves: Vec::new(), endgame: true };
    }
    let winning_moves =
        heaps.iter().enumerate().filter(|&(_, &h)| h == 1).map(|(heap, _)| Take { heap, take: 1 }).collect();
    Analysis { mode, nim_sum, outcome: Outcome::Win, winning_moves, endgame: ones > 0 }
}

/// The AI's move from a losing position, where every move loses against perfect play.
///
/// The AI never resigns and never stalls. It takes a single token, which keeps the game as long as
/// possible, and chooses the heap that leaves the opponent the fewest winning replies, so a person
/// has the most chances to go wrong. Ties go to the larger heap, then to the lower heap number.
/// Returns `None` only when the game is over.
///
/// After taking one token from `h` in a position of nim-sum 0, the nim-sum becomes `h ⊕ (h-1)`,
/// whose highest bit is the lowest set bit `k` of `h`; the winning replies are the other heaps that
/// have bit `k` set. That count is read from a table of how many heaps have each bit, so the whole
/// choice stays linear in the number of heaps.
pub fn fallback_move(heaps: &[u64], mode: Mode) -> Option<Take> {
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
    let replies = |h: u64| -> usize {
        let after = h - 1;
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
        .filter(|&(_, &h)| h > 0)
        .map(|(heap, &h)| (heap, h, replies(h)))
        .min_by(|a, b| a.2.cmp(&b.2).then(b.1.cmp(&a.1)).then(a.0.cmp(&b.0)))
        .map(|(heap, _, _)| Take { heap, take: 1 })
}
