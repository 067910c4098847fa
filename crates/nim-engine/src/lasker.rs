//! Lasker's Nim: take any number of tokens from one heap, or split a heap into two non-empty heaps.
//!
//! The Grundy values repeat with period 4: `g(0) = 0` and, for `n ≥ 1`, `g(4k+1) = 4k+1`,
//! `g(4k+2) = 4k+2`, `g(4k+3) = 4k+4`, `g(4k+4) = 4k+3` (checked against the definition in the
//! tests). `g` swaps `4k+3` and `4k+4`, so it is its own inverse, and a take reaching a value is
//! found at once.
//!
//! The winning splits of a heap can be very many (about a quarter of a huge heap's splits may win),
//! so they are counted and listed without trying each one. Write `n = 4q + r` with `r` in 1..=4;
//! then `g(n) = 4q' + ρ` with `(q', ρ) = (q, 1), (q, 2), (q + 1, 0), (q, 3)` for `r = 1, 2, 3, 4`.
//! A split `a + b = n` reaches `t` when `ρ_a ⊕ ρ_b = t mod 4` and `q'_a ⊕ q'_b = t div 4 = D`,
//! while `q'_a + q'_b = C` is fixed by `r_a` and `n`. Sum and XOR fixed means `q'_a & q'_b = A =
//! (C - D) / 2` (with `A & D = 0`), and each bit of `D` goes to one side or the other: `2^|D|`
//! splits per `r_a`, listed in increasing `a` by counting through the subsets of `D`'s bits.

use super::grundy::{self, HeapGame};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, Rules, Teaching};

/// Lasker's Nim, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lasker;

impl Lasker {
    /// The Grundy value of a heap of `n`, by the period-4 formula (2^64 for `u64::MAX`).
    pub fn grundy(&self, n: u64) -> u128 {
        value(u128::from(n))
    }
}

/// `g(n)`: `n`, except that `4k+3` and `4k+4` swap.
fn value(n: u128) -> u128 {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

/// The splits `a + b = n` (a, b ≥ 1) with `g(a) ⊕ g(b) = t` and `a ≡ r_a (mod 4)`, by increasing
/// `a`.
#[derive(Debug, Clone)]
struct Stream {
    r_a: u64,
    ind_a: u64,
    ind_b: u64,
    and: u64,
    xor: u64,
    /// The next subset of `xor`'s bits given to `a`; `None` once every subset has been seen.
    next: Option<u64>,
}

impl Stream {
    fn new(n: u64, t: u128, r_a: u64) -> Option<Stream> {
        let rho = |r: u64| -> u8 { [1, 2, 0, 3][(r - 1) as usize] };
        // r_b ≡ n - r_a (mod 4), from 1 to 4.
        let r_b = match (n % 4 + 4 - r_a % 4) % 4 {
            0 => 4,
            r => r,
        };
        let low = n.checked_sub(r_a + r_b)?;
        if low % 4 != 0 || u128::from(rho(r_a) ^ rho(r_b)) != t & 3 {
            return None;
        }
        let (ind_a, ind_b) = (u64::from(r_a == 3), u64::from(r_b == 3));
        let sum = low / 4 + ind_a + ind_b;
        // `t` is below 2^65, so its quarter fits.
        let xor = u64::try_from(t >> 2).ok()?;
        let and = sum.checked_sub(xor).filter(|d| d % 2 == 0)? / 2;
        if and & xor != 0 {
            return None;
        }
        Some(Stream { r_a, ind_a, ind_b, and, xor, next: Some(0) })
    }

    /// Whether giving the bits `x` to `a` leaves both heaps non-empty.
    fn valid(&self, x: u64) -> bool {
        let q_a = self.and | x;
        let q_b = self.and | (self.xor ^ x);
        !(self.ind_a == 1 && q_a == 0 || self.ind_b == 1 && q_b == 0)
    }

    fn left(&self, x: u64) -> u64 {
        4 * ((self.and | x) - self.ind_a) + self.r_a
    }

    /// The smallest `a` still to come.
    fn peek(&mut self) -> Option<u64> {
        while let Some(x) = self.next {
            if self.valid(x) {
                return Some(self.left(x));
            }
            self.advance();
        }
        None
    }

    fn advance(&mut self) {
        if let Some(x) = self.next {
            let following = (x | !self.xor).wrapping_add(1) & self.xor;
            self.next = (following != 0).then_some(following);
        }
    }

    fn count(&self) -> u128 {
        let all = 1u128 << self.xor.count_ones();
        let bad_a = self.ind_a == 1 && self.and == 0;
        let bad_b = self.ind_b == 1 && self.and == 0;
        let same = bad_a && bad_b && self.xor == 0;
        all - u128::from(bad_a) - u128::from(bad_b) + u128::from(same)
    }
}

fn streams(n: u64, t: u128) -> Vec<Stream> {
    (1..=4).filter_map(|r_a| Stream::new(n, t, r_a)).collect()
}

impl HeapGame for Lasker {
    fn kind(&self) -> GameKind {
        GameKind::Lasker
    }
    fn grundy(&self, size: u64) -> u128 {
        value(u128::from(size))
    }
    fn takes_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        // `g` is its own inverse.
        let to = value(target);
        to >= u128::from(size) || visit(Move::take(heap, size - to as u64))
    }
    fn count_takes_to(&self, size: u64, target: u128) -> u128 {
        u128::from(value(target) < u128::from(size))
    }
    fn splits_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        let mut streams = streams(size, target);
        loop {
            let next = streams.iter_mut().enumerate().filter_map(|(i, s)| s.peek().map(|a| (a, i))).min();
            let Some((left, i)) = next else { return true };
            if !visit(Move::split(heap, left)) {
                return false;
            }
            streams[i].advance();
        }
    }
    fn count_splits_to(&self, size: u64, target: u128) -> u128 {
        streams(size, target).iter().map(Stream::count).sum()
    }
    fn take_count(&self, size: u64) -> u128 {
        u128::from(size)
    }
    fn nth_take(&self, heap: usize, size: u64, index: u128) -> Option<Move> {
        let take = u64::try_from(index).ok()?.checked_add(1).filter(|&t| t <= size)?;
        Some(Move::take(heap, take))
    }
    fn split_count(&self, size: u64) -> u128 {
        u128::from(size.saturating_sub(1))
    }
    fn nth_split(&self, heap: usize, size: u64, index: u128) -> Option<Move> {
        let left = u64::try_from(index).ok()?.checked_add(1).filter(|&l| l < size)?;
        Some(Move::split(heap, left))
    }
    /// The quick rule past [`crate::BEST_TRY_MOVES`] moves: takes half of the largest heap (the
    /// larger half), never the whole of it. The other player's winning reply adds at most one heap
    /// (a split), and every move of the AI halves the largest heap: a game against a player who
    /// follows the hint lasts a number of moves proportional to the heaps times the digits, not the
    /// tokens.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (heap, &size) = position
            .heaps()
            .iter()
            .enumerate()
            .filter(|(_, h)| **h > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        Some(Move::take(heap, size - size / 2))
    }
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        match *mv {
            Move::Split { heap, take: 0, left } => MoveWords::Split {
                heap: heap + 1,
                left,
                right: position.heap(heap).map(|size| size.saturating_sub(left)),
            },
            _ => MoveWords::plain(mv),
        }
    }
    fn periodic(&self) -> Option<(u64, u64)> {
        None
    }
    fn pattern(&self) -> Option<grundy::GrundyPattern> {
        Some(grundy::GrundyPattern::Lasker)
    }
}

/// Lasker's Nim: take from one heap, or split one heap in two.
impl Rules for Lasker {
    fn kind(&self) -> GameKind {
        GameKind::Lasker
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match *mv {
            Move::Take(take) => position.check(take),
            Move::Split { heap, take: 0, left } => {
                let holds = position
                    .heap(heap)
                    .ok_or(MoveError::NoSuchHeap { number: heap.saturating_add(1), heaps: position.len() })?;
                if left == 0 || left >= holds {
                    return Err(MoveError::BadSplit { number: heap + 1, holds, left });
                }
                Ok(())
            }
            _ => Err(MoveError::NotInThisGame {
                game: GameKind::Lasker.title(),
                what: "one heap at a time, taking tokens or splitting it in two",
            }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    grundy::grundy_answers!();
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        HeapGame::move_words(self, position, mv)
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Split { heap, take: 0, left } => format!("{} split {left}", heap + 1),
            other => super::game::write_takes(other),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [heap, "split", left] => {
                let heap = super::game::read_heap_number(heap)?;
                let left = super::parse_heap(left).map_err(|e| e.to_string())?;
                Ok(Move::split(heap, left))
            }
            _ => super::game::read_take(text).map_err(|_| {
                "expected a move such as '1 2' (heap 1, take 2) or '1 split 3' (split heap 1, leaving 3 in it)"
                    .to_string()
            }),
        }
    }
}
