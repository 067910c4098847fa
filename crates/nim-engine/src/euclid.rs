//! Euclid's game (Cole and Davie, 1969): two numbers; a move subtracts a positive multiple of the
//! smaller from the larger, leaving it at least 0. Whoever makes a number 0 wins: a position with
//! a 0 has no move, so this is normal play (the player who cannot move loses).
//!
//! With `a ≥ b > 0`, the player to move wins exactly when `a = b` (take `b` from `a`) or
//! `a / b > φ`, the golden ratio. Since φ is irrational, `a / b > φ` is decided exactly in integers:
//! for `x = a / b ≥ 1`, `x > φ` exactly when `x² − x − 1 > 0`, that is `a² − ab − b² > 0`, written
//! `a·(a − b) > b²` so that nothing overflows a `u128` whatever the two `u64`s.
//!
//! The moves from `(a, b)` with `a = q·b + r`, `0 ≤ r < b`, leave `(r + j·b, b)` for `j` from 0 to
//! `q − 1`. When `r = 0` taking everything (`j = 0`) wins at once. Otherwise exactly one of
//! `(r, b)` and `(r + b, b)` is lost for the player then to move (`b / r > φ` or not, and
//! `(r + b) / b = 1 + r / b`), and every other move leaves a ratio of 2 or more, which wins for the
//! other player. So a winning position has one winning move (two when `a = b`: either number may
//! be emptied), found in constant time, exactly, up to `u64::MAX`.

use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Teaching};

/// Euclid's game, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Euclid;

/// Whether the player to move wins from the two numbers (in any order; a 0 means the game is over
/// and the player to move has lost).
///
/// ```
/// use nim_engine::euclid_wins;
///
/// assert!(euclid_wins(5, 5)); // take 5 from one
/// assert!(!euclid_wins(8, 5)); // 8/5 < φ: the only move leaves (3, 5), 5/3 > φ
/// assert!(euclid_wins(13, 5)); // 13/5 > φ
/// assert!(!euclid_wins(u64::MAX, 0));
/// ```
pub fn euclid_wins(x: u64, y: u64) -> bool {
    let (a, b) = (x.max(y), x.min(y));
    if b == 0 {
        return false;
    }
    a == b || above_phi(a, b)
}

/// Whether `a / b > φ` for `a ≥ b > 0`: `a² − ab − b² > 0`, as `a·(a − b) > b²` in `u128`.
fn above_phi(a: u64, b: u64) -> bool {
    u128::from(a) * u128::from(a - b) > u128::from(b) * u128::from(b)
}

/// Why Euclid's game's best move is best, as data for the hint's sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EuclidReason {
    /// A number is 0: the other player made the last move and won.
    GameOver,
    /// The larger number is a multiple of the smaller: subtract it all and win at once.
    Empty {
        /// What the move does.
        words: MoveWords,
    },
    /// The move leaves the numbers `after` (larger first), whose ratio is below φ: the other
    /// player's only move gives the ratio back above φ.
    Below {
        /// What the move does.
        words: MoveWords,
        /// The two numbers left, larger first.
        after: (u64, u64),
    },
    /// No move wins: the ratio is below φ (and the numbers differ), so the only move leaves a
    /// ratio above φ. `words` tells the AI's move.
    Lost {
        /// What the AI's move does.
        words: MoveWords,
    },
}

/// What the teaching panel shows for Euclid's game: the two numbers, how often the smaller goes
/// into the larger, and the ratio against φ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EuclidView {
    /// The two numbers, in heap order.
    pub heaps: [u64; 2],
    /// The larger and the smaller.
    pub larger: u64,
    /// The smaller.
    pub smaller: u64,
    /// How many times the smaller goes into the larger (0 when the smaller is 0).
    pub quotient: u64,
    /// What is left over.
    pub remainder: u64,
    /// Whether larger / smaller > φ (`larger² − larger·smaller − smaller² > 0`).
    pub above_phi: bool,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why, as data.
    pub reason: EuclidReason,
    /// Whether the player to move wins.
    pub win: bool,
}

impl Euclid {
    fn pair(position: &Position) -> (u64, u64) {
        (position.heap(0).unwrap_or(0), position.heap(1).unwrap_or(0))
    }

    /// The heap the moves take from (the larger; the first when they are equal) and the other.
    fn larger(position: &Position) -> (usize, u64, u64) {
        let (x, y) = Euclid::pair(position);
        if x >= y { (0, x, y) } else { (1, y, x) }
    }

    /// The winning moves, in the order of [`Move`]: none, one, or two when the numbers are equal.
    fn winning(position: &Position) -> Vec<Move> {
        let (x, y) = Euclid::pair(position);
        let (heap, a, b) = Euclid::larger(position);
        if b == 0 || !euclid_wins(x, y) {
            return Vec::new();
        }
        if a == b {
            return vec![Move::take(0, a), Move::take(1, a)];
        }
        let r = a % b;
        if r == 0 {
            return vec![Move::take(heap, a)];
        }
        // Leave (r, b) when b / r < φ (the other player then loses), else (r + b, b).
        let leave = if above_phi(b, r) { r + b } else { r };
        vec![Move::take(heap, a - leave)]
    }

    /// The AI's move from a lost position: the smallest subtraction, which keeps the game going.
    fn fallback(position: &Position) -> Option<Move> {
        let (heap, _, b) = Euclid::larger(position);
        (b > 0).then(|| Move::take(heap, b))
    }

    fn words(mv: &Move) -> MoveWords {
        MoveWords::plain(mv)
    }

    /// The most a move may take from heap `heap` and the step between amounts: the multiples of
    /// the other number up to this one, or nothing from the smaller (unless they are equal).
    pub(crate) fn amounts(position: &Position, heap: usize) -> Option<(u64, u64)> {
        let size = position.heap(heap)?;
        let other = position.heap(1 - heap.min(1))?;
        (other > 0 && size >= other).then(|| (size - size % other, other))
    }
}

impl Rules for Euclid {
    fn kind(&self) -> GameKind {
        GameKind::Euclid
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        position.check_pair(GameKind::Euclid)
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        let Move::Take(take) = mv else {
            return Err(MoveError::NotInThisGame {
                game: GameKind::Euclid.title(),
                what: "the larger number, a multiple of the smaller",
            });
        };
        position.check(*take)?;
        let size = position.heap(take.heap).unwrap_or(0);
        let other = position.heap(1 - take.heap.min(1)).unwrap_or(0);
        if other == 0 || size < other || take.take % other != 0 {
            return Err(MoveError::NotMultiple { number: take.heap + 1, take: take.take, other });
        }
        Ok(())
    }
    /// A number is 0: no move is left.
    fn is_over(&self, position: &Position) -> bool {
        let (x, y) = Euclid::pair(position);
        x == 0 || y == 0
    }
    fn outcome(&self, position: &Position) -> Outcome {
        let (x, y) = Euclid::pair(position);
        if euclid_wins(x, y) { Outcome::Win } else { Outcome::Lose }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let mut moves = Euclid::winning(position);
        moves.truncate(limit);
        moves
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(Euclid::winning(position).len() as u128)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        Euclid::winning(position).into_iter().next().or_else(|| Euclid::fallback(position))
    }
    fn move_count(&self, position: &Position) -> u128 {
        let (x, y) = Euclid::pair(position);
        let (a, b) = (x.max(y), x.min(y));
        match (a, b) {
            (_, 0) => 0,
            _ if a == b => 2,
            _ => u128::from(a / b),
        }
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let (x, y) = Euclid::pair(position);
        if x == 0 || y == 0 {
            return None;
        }
        if x == y {
            return (index < 2).then(|| Move::take(index as usize, x));
        }
        let (heap, a, b) = Euclid::larger(position);
        let k = u64::try_from(index).ok()?.checked_add(1)?;
        (k <= a / b).then(|| Move::take(heap, k * b))
    }
    fn teach(&self, position: &Position) -> Teaching {
        let (x, y) = Euclid::pair(position);
        let (_, a, b) = Euclid::larger(position);
        let win = euclid_wins(x, y);
        let best = self.ai_move(position);
        let reason = match &best {
            None => EuclidReason::GameOver,
            Some(mv) if win && a % b == 0 => EuclidReason::Empty { words: Euclid::words(mv) },
            Some(mv) if win => {
                let mut after = position.clone();
                let _ = self.play(&mut after, mv);
                let (p, q) = Euclid::pair(&after);
                EuclidReason::Below { words: Euclid::words(mv), after: (p.max(q), p.min(q)) }
            }
            Some(mv) => EuclidReason::Lost { words: Euclid::words(mv) },
        };
        let (quotient, remainder) = (a.checked_div(b).unwrap_or(0), a.checked_rem(b).unwrap_or(a));
        Teaching::Euclid(EuclidView {
            heaps: [x, y],
            larger: a,
            smaller: b,
            quotient,
            remainder,
            above_phi: b > 0 && above_phi(a, b),
            best,
            reason,
            win,
        })
    }
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_take(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game tree from the rules, for small numbers: `won[a][b]` from smaller sums up.
    fn game_tree(most: usize) -> Vec<Vec<bool>> {
        let mut won = vec![vec![false; most + 1]; most + 1];
        for sum in 0..=2 * most {
            for a in sum.saturating_sub(most)..=sum.min(most) {
                let b = sum - a;
                let (hi, lo) = (a.max(b), a.min(b));
                won[a][b] = lo > 0
                    && (1..=hi / lo).any(|k| {
                        let left = hi - k * lo;
                        !won[left.max(lo)][left.min(lo)]
                    });
            }
        }
        won
    }

    #[test]
    fn the_golden_ratio_rule_is_the_game_tree() {
        let won = game_tree(300);
        for (a, row) in won.iter().enumerate() {
            for (b, &won) in row.iter().enumerate() {
                assert_eq!(euclid_wins(a as u64, b as u64), won, "({a}, {b})");
            }
        }
    }

    #[test]
    fn consecutive_fibonacci_numbers_straddle_phi_even_at_the_top() {
        // F(93) and F(92), the largest Fibonacci numbers below 2^64: F(n+1)/F(n) alternates about
        // φ, below it for odd n, so the ratio is decided by the last digits of 128-bit products.
        let (mut f, mut g) = (1u64, 1u64); // F(1), F(2)
        let mut n = 2;
        while let Some(h) = f.checked_add(g) {
            (f, g) = (g, h);
            n += 1;
        }
        // g = F(n), f = F(n-1); g/f < φ exactly when n - 1 is odd.
        assert_eq!(euclid_wins(g, f), (n - 1) % 2 == 0, "F({n}) = {g}, F({}) = {f}", n - 1);
        assert!(euclid_wins(u64::MAX, 1));
        assert!(euclid_wins(u64::MAX, u64::MAX));
        assert!(!euclid_wins(u64::MAX, u64::MAX - 1));
    }
}
