//! Wythoff's game: two heaps; a move takes any number from one heap, or the same number from both.
//!
//! The player to move loses exactly at the pairs `(a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋)` (in either order),
//! φ the golden ratio: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), ... Every whole number is in
//! exactly one pair, and `b_k - a_k = k`. They are computed exactly, in integers, with no floating
//! point and no square root: `⌊nψ⌋` (`ψ = φ - 1 = 1/φ`) is read from a 128-bit fixed-point `ψ`,
//! whose error can move the floor by at most one, and only when the fraction is within `n / 2^128`
//! of the next whole number; then an exact comparison of squares decides ([`floor_psi`]). A
//! number `x > 0` is the smaller of its pair exactly when `⌊kφ⌋ = x` for `k = ⌊(x+1)ψ⌋` (the
//! count of smaller numbers up to `x`, every whole number being in one pair): its partner is then
//! `x + k`, and otherwise `x = b_{x-k}` and its partner is `k`. The tests check this against a
//! game-tree search up to 60, against Zeckendorf representations (`a_k = σ(k - 1) + 1`, `σ`
//! moving every term up one) near every Fibonacci number and power of two, and against an exact
//! big-integer computation of `⌊kφ⌋` for random huge `k`.

use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Take, Teaching};

/// Wythoff's game, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wythoff;

/// `ψ = (√5 - 1) / 2 = 1/φ` as a 128-bit fraction, rounded down: `⌊ψ · 2^128⌋`.
const PSI: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;

/// `⌊nψ⌋` exactly, for `n <= 2^64`.
///
/// `PSI / 2^128` is below `ψ` by less than `2^-128`, so `n · PSI / 2^128` is below `nψ` by less
/// than `n / 2^128 <= 2^-64`: its floor `q` is the answer or one less, and one less only when its
/// fraction is within `n / 2^128` of 1. Then `q + 1 <= nψ` is decided exactly ([`fits_below`]).
pub fn floor_psi(n: u128) -> u128 {
    debug_assert!(n <= 1 << 64);
    let (q, fraction) = if n == 1 << 64 {
        (PSI >> 64, PSI << 64)
    } else {
        let (high, low) = (PSI >> 64, PSI & u128::from(u64::MAX));
        let n = n as u64 as u128;
        let (top, bottom) = (n * high, n * low);
        // `top <= (2^64 - 1)^2`, so adding the carry out of `bottom` cannot overflow.
        let middle = top + (bottom >> 64);
        (middle >> 64, middle << 64 | (bottom & u128::from(u64::MAX)))
    };
    if fraction.checked_add(n).is_some() {
        return q;
    }
    // Rare (only for n past about 2^63): the fraction is within n / 2^128 of 1.
    q + u128::from(fits_below(n, q + 1))
}

/// Whether `p <= nψ`, exactly, for `n <= 2^64` and `p` within a few of `nψ`: `2p + n <= n√5`,
/// i.e. with `u = 2p - n`, `(2n + u)² <= 5n²`, `u(4n + u) <= n²` (never equal: √5 is irrational).
fn fits_below(n: u128, p: u128) -> bool {
    let Some(u) = (2 * p).checked_sub(n) else {
        // 2p + n < 2n < n√5.
        return true;
    };
    match (u.checked_mul(4 * n + u), n.checked_mul(n)) {
        (Some(left), Some(square)) => left < square,
        // n = 2^64: n² = 2^128 is past u128, and `left` is below it exactly when it fits.
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// The `k`-th losing pair `(⌊kφ⌋, ⌊kφ²⌋)`, exactly (`(0, 0)` for `k = 0`). A `u128`, since the
/// larger number passes `u64::MAX` for `k` past about 7·10^18.
pub fn losing_pair(k: u64) -> (u128, u128) {
    let k = u128::from(k);
    // ⌊kφ⌋ = k + ⌊kψ⌋, since φ = 1 + ψ.
    let a = k + floor_psi(k);
    (a, a + k)
}

/// The number that makes a losing pair with `x` (0 with 0), and the pair's index `k`.
pub fn partner(x: u64) -> (u128, u64) {
    // How many smaller numbers of pairs `⌊jφ⌋` (j >= 1) are at most x: those with jφ < x + 1.
    let k = floor_psi(u128::from(x) + 1);
    if k + floor_psi(k) == u128::from(x) {
        // x = ⌊kφ⌋ is the smaller of pair k (and 0 the smaller of pair 0).
        (u128::from(x) + k, k as u64)
    } else {
        // Of the numbers 1 to x, k are smaller numbers of pairs and x - k larger ones, x the last:
        // x = b_{x-k}, whose partner is x - (x - k) = k.
        (k, x - k as u64)
    }
}

/// Whether `(x, y)` is a losing pair.
pub fn is_losing_pair(x: u64, y: u64) -> bool {
    partner(x).0 == u128::from(y)
}

/// What the teaching panel shows for Wythoff's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffView {
    /// The two heaps.
    pub heaps: [u64; 2],
    /// For each heap, the number that would make a losing pair with it.
    pub partners: [u128; 2],
    /// The losing pair whose difference is the heaps' difference (reached by taking from both).
    pub same_difference: (u128, u128),
    /// Losing pairs `(k, a_k, b_k)` around the smaller heap's pair, smallest first.
    pub nearby: Vec<(u64, u128, u128)>,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why the best move is best, as data for the hint's sentence.
    pub reason: WythoffReason,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// Why the best move of Wythoff's game is best, with its numbers (the heaps are in
/// [`WythoffView`]): a program writes the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WythoffReason {
    /// No token is left: the other player took the last one and won.
    GameOver,
    /// The move reaches a losing pair, `after`, in the way `how` tells.
    Win {
        /// What the move does.
        words: MoveWords,
        /// How the losing pair is reached.
        how: WythoffHow,
        /// The heaps after the move, a losing pair.
        after: (u64, u64),
    },
    /// The heaps are a losing pair; `words` tells the AI's fallback.
    Lost {
        /// What the AI's fallback move does.
        words: MoveWords,
    },
}

/// How a winning move of Wythoff's game finds its losing pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WythoffHow {
    /// Taking the same from both keeps the `difference`, whose losing pair is `pair`.
    Both {
        /// The heaps' difference.
        difference: u64,
        /// The losing pair with that difference.
        pair: (u128, u128),
    },
    /// Taking from one heap: the losing pair with the other heap, `other`, is `pair`.
    One {
        /// The heap not taken from.
        other: u64,
        /// The losing pair it belongs to.
        pair: (u128, u128),
    },
    /// A move the game does not have (a split): nothing to tell.
    Unexplained,
}

impl Wythoff {
    fn pair(position: &Position) -> (u64, u64) {
        (position.heap(0).unwrap_or(0), position.heap(1).unwrap_or(0))
    }

    /// The three ways a move can reach a losing pair, each at most once: what to take from
    /// heap 1, from heap 2, and from both (`None` where that way has no winning move).
    fn takes(position: &Position) -> [Option<u64>; 3] {
        if position.len() != 2 {
            return [None; 3];
        }
        let (x, y) = Wythoff::pair(position);
        let down_to =
            |heap: u64, to: u128| u64::try_from(to).ok().filter(|&to| to < heap).map(|to| heap - to);
        let (low, high) = (x.min(y), x.max(y));
        [down_to(x, partner(y).0), down_to(y, partner(x).0), down_to(low, losing_pair(high - low).0)]
    }

    fn winning(&self, position: &Position) -> Vec<Move> {
        let [from_x, from_y, both] = Wythoff::takes(position);
        let mut moves = Vec::with_capacity(3);
        moves.extend(from_x.map(|t| Move::take(0, t)));
        moves.extend(from_y.map(|t| Move::take(1, t)));
        moves.extend(both.map(Move::both));
        moves
    }

    /// How many winning moves `position` has (0 to 3), without listing them: lost exactly at 0.
    pub(crate) fn count(&self, position: &Position) -> usize {
        Wythoff::takes(position).iter().flatten().count()
    }

    /// The AI's move from a losing pair: the larger heap brought down to a quarter of itself.
    /// The other player's winning reply then leaves a losing pair no larger than about half the
    /// larger heap, so a game against a player who follows the hint lasts a number of moves
    /// proportional to the heaps' digits (see the tests), and each reply is still to be found.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (x, y) = Wythoff::pair(position);
        let (heap, size) = if y >= x { (1, y) } else { (0, x) };
        (size > 0).then(|| Move::take(heap, size - size / 4))
    }

    /// What a move does: the same from both heaps, or a plain take.
    fn words(mv: &Move) -> MoveWords {
        match mv {
            Move::TakeMany(takes) if takes.len() == 2 => MoveWords::TakeFromBoth { amount: takes[0].take },
            other => MoveWords::plain(other),
        }
    }
}

/// Wythoff's game: take from one heap, or the same from both.
impl Rules for Wythoff {
    fn kind(&self) -> GameKind {
        GameKind::Wythoff
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        position.check_pair(GameKind::Wythoff)
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match mv {
            Move::Take(take) => position.check(*take),
            Move::TakeMany(takes) => match takes.as_slice() {
                [first @ Take { heap: 0, .. }, second @ Take { heap: 1, .. }] => {
                    position.check(*first)?;
                    position.check(*second)?;
                    if first.take != second.take {
                        return Err(MoveError::Uneven);
                    }
                    Ok(())
                }
                _ => Err(MoveError::NotCanonical),
            },
            Move::Split { .. }
            | Move::Turn(_)
            | Move::Run { .. }
            | Move::Slide { .. }
            | Move::Corners { .. }
            | Move::Cut { .. } => Err(MoveError::NotInThisGame {
                game: GameKind::Wythoff.title(),
                what: "one heap, or the same number from both",
            }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        let (x, y) = Wythoff::pair(position);
        if is_losing_pair(x, y) { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let mut moves = self.winning(position);
        moves.truncate(limit);
        moves
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(self.count(position) as u128)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        self.winning(position)
            .into_iter()
            .next()
            .or_else(|| super::best_try(self, position, || self.fallback(position)))
    }
    fn move_count(&self, position: &Position) -> u128 {
        let (x, y) = Wythoff::pair(position);
        u128::from(x) + u128::from(y) + u128::from(x.min(y))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let (x, y) = Wythoff::pair(position);
        let (x128, y128) = (u128::from(x), u128::from(y));
        let take = |i: u128| u64::try_from(i + 1).ok();
        if index < x128 {
            take(index).map(|t| Move::take(0, t))
        } else if index < x128 + y128 {
            take(index - x128).map(|t| Move::take(1, t))
        } else if index < x128 + y128 + u128::from(x.min(y)) {
            take(index - x128 - y128).map(Move::both)
        } else {
            None
        }
    }
    fn teach(&self, position: &Position) -> Teaching {
        let (x, y) = Wythoff::pair(position);
        let (px, kx) = partner(x);
        let (py, ky) = partner(y);
        let (low, high) = (x.min(y), x.max(y));
        let same_difference = losing_pair(high - low);
        let k = if x <= y { kx } else { ky };
        let nearby = (k.saturating_sub(2)..=k.saturating_add(2)).map(|k| {
            let (a, b) = losing_pair(k);
            (k, a, b)
        });
        let nearby = nearby.collect();
        let win = self.outcome(position) == Outcome::Win;
        let best = self.ai_move(position);
        let reason = match &best {
            None => WythoffReason::GameOver,
            Some(mv) if win => {
                let mut after = position.clone();
                let _ = self.play(&mut after, mv);
                let how = match mv {
                    Move::TakeMany(_) => WythoffHow::Both { difference: high - low, pair: same_difference },
                    Move::Take(take) => {
                        let other = if take.heap == 0 { y } else { x };
                        let (to, _) = partner(other);
                        WythoffHow::One {
                            other,
                            pair: (to.min(u128::from(other)), to.max(u128::from(other))),
                        }
                    }
                    Move::Split { .. }
                    | Move::Turn(_)
                    | Move::Run { .. }
                    | Move::Slide { .. }
                    | Move::Corners { .. } => WythoffHow::Unexplained,
                    Move::Cut { .. } => WythoffHow::Unexplained,
                };
                WythoffReason::Win { words: Wythoff::words(mv), how, after: Wythoff::pair(&after) }
            }
            Some(mv) => WythoffReason::Lost { words: Wythoff::words(mv) },
        };
        Teaching::Wythoff(WythoffView {
            heaps: [x, y],
            partners: [px, py],
            same_difference,
            nearby,
            best,
            reason,
            win,
        })
    }
    fn move_words(&self, _: &Position, mv: &Move) -> MoveWords {
        Wythoff::words(mv)
    }
    /// `1 3` (heap 1, take 3) or `both 3`.
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::TakeMany(takes) if takes.len() == 2 => format!("both {}", takes[0].take),
            other => super::game::write_takes(other),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["both", take] => Ok(Move::both(super::parse_heap(take).map_err(|e| e.to_string())?)),
            _ => super::game::read_take(text).map_err(|_| {
                "expected a move such as '1 3' (heap 1, take 3) or 'both 3' (take 3 from both heaps)"
                    .to_string()
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::zeckendorf::{FIB, shift_up, value, zeckendorf};
    use super::*;

    /// The losing pair as first computed, from Zeckendorf representations: `a_k = σ(k - 1) + 1`.
    fn pair_by_zeckendorf(k: u64) -> (u128, u128) {
        if k == 0 {
            return (0, 0);
        }
        let a = shift_up(u128::from(k - 1)) + 1;
        (a, a + u128::from(k))
    }

    /// The partner as first computed: `x` is the smaller of its pair when `x - 1` has no 1 among
    /// its Zeckendorf terms.
    fn partner_by_zeckendorf(x: u64) -> (u128, u64) {
        if x == 0 {
            return (0, 0);
        }
        let below = zeckendorf(u128::from(x - 1));
        if below & 1 == 0 {
            let k = value(below >> 1) + 1;
            (u128::from(x) + k, k as u64)
        } else {
            let a = value(zeckendorf(u128::from(x)) >> 1);
            (a, x - a as u64)
        }
    }

    /// Numbers where a floor could go wrong: around every Fibonacci number (the best
    /// approximations of φ), every power of two, and the top of `u64`, with random ones.
    fn hard_numbers() -> Vec<u64> {
        let mut numbers: Vec<u64> = (0..3000).collect();
        let near = |n: u128, numbers: &mut Vec<u64>| {
            for d in 0..=4u128 {
                numbers.extend(
                    [n.checked_sub(d), n.checked_add(d)]
                        .into_iter()
                        .flatten()
                        .filter_map(|n| u64::try_from(n).ok()),
                );
            }
        };
        for &f in &FIB {
            near(f, &mut numbers);
        }
        for b in 0..=64 {
            near(1u128 << b, &mut numbers);
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            numbers.push(state >> (state % 64));
            numbers.push(state);
        }
        numbers
    }

    #[test]
    fn the_fixed_point_pairs_are_the_zeckendorf_pairs() {
        for n in hard_numbers() {
            assert_eq!(partner(n), partner_by_zeckendorf(n), "partner of {n}");
            assert_eq!(losing_pair(n), pair_by_zeckendorf(n), "pair {n}");
        }
        assert_eq!(partner(u64::MAX), partner_by_zeckendorf(u64::MAX));
        assert_eq!(losing_pair(u64::MAX), pair_by_zeckendorf(u64::MAX));
    }

    /// `⌊nψ⌋` against the definition, in exact integers: `q <= nψ < q + 1`, i.e. `2q + n <= n√5 <
    /// 2q + 2 + n`, compared as squares in 256 bits; and the exact step alone, on both sides.
    #[test]
    fn floor_psi_is_exact() {
        fn square(x: u128) -> (u128, u128) {
            let (high, low) = (x >> 64, x & u128::from(u64::MAX));
            let (hh, hl, ll) = (high * high, high * low, low * low);
            let (low_part, carry) = ll.overflowing_add(hl << 65);
            (hh + (hl >> 63) + u128::from(carry), low_part)
        }
        let check = |n: u128| {
            let q = floor_psi(n);
            let (high, low) = square(n);
            let (low5, carry) = low.overflowing_add(low << 2);
            let five_n2 = (high * 5 + (low >> 126) + u128::from(carry), low5);
            assert!(square(2 * q + n) <= five_n2, "{n}: {q} too large");
            assert!(square(2 * q + 2 + n) > five_n2, "{n}: {q} too small");
            // (For n = 0, nψ = 0 is whole: the step is only asked of large n.)
            assert!(n == 0 || fits_below(n, q) && !fits_below(n, q + 1), "{n}");
            if q > 0 {
                assert!(fits_below(n, q - 1), "{n}");
            }
        };
        for n in hard_numbers() {
            check(u128::from(n));
            check(u128::from(n) + 1);
        }
        check(1 << 64);
    }
}
