//! Coin-turning games: a row of coins, each heads or tails, numbered from 1 at the left. The
//! position is the list of the heads' places, in increasing order (the position's heaps); every
//! other coin shows tails. A move turns over a few coins, the rightmost of which must go from
//! heads to tails; whoever makes the last move wins. The heads may be given in any order, each
//! once; a move leaves them in increasing order.
//!
//! - **Turning Turtles**: one or two coins. A head at place n is a Nim heap of n (turning n and
//!   m < n is taking n - m from it; if m showed heads, the two heads cancel, as two equal heaps do).
//! - **Mock Turtles**: one, two or three coins. A head at place n (from 1) is worth the
//!   (n - 1)-th odious number (a number with an odd count of ones in binary: 1, 2, 4, 7, 8, 11,
//!   13, 14, ..., OEIS A000069 from its offset 0), which is 2n - 2 or 2n - 1. Winning Ways numbers
//!   the coins from 0, where the coin at place p is worth 2p or 2p + 1; here place p is that
//!   book's coin p - 1.
//!
//! A coin-turning game is a sum of its heads: turning a set of coins changes the value by the
//! XOR of their values (a tail turned up adds its value, a head turned down takes it away). A
//! winning move turns the head `n` down and with it coins whose values XOR to `t = G ⊕ g(n)`, `G`
//! being the XOR of every head's value. In Turning Turtles that is the coin at place `t`. In Mock
//! Turtles `t = 0` is the head alone; an odious `t` is one coin, at place `t / 2 + 1`; an evil `t`
//! (an even count of ones, not 0) is two coins, whose values are odious numbers `o(k)` and
//! `o(k ⊕ u)` with `u = t / 2` (since `o(k) / 2 = k`, and the XOR of two odious numbers is evil):
//! one pair per `y` below `n - 1` with the highest bit of `u` set, `k = y ⊕ u`. So the moves are
//! counted in constant time and listed one at a time, however many there are.
//!
//! Each move turns at most three coins, so a position grows by at most two heads a move and
//! every place stays a `u64`: the game is exact for places up to `u64::MAX`.
//!
//! - **The ruler game** (Winning Ways): any run of neighbouring coins, the rightmost a head
//!   ([`Move::Run`]). A head at place n is worth the largest power of 2 dividing n, the ruler
//!   function (1, 2, 1, 4, 1, 2, 1, 8, ..., OEIS A006519). A run from `j + 1` to `n` changes the
//!   value by `R(n) ⊕ R(j)`, where `R(m)`, the XOR of the ruler function from 1 to m, is the Gray
//!   code of m, `m ⊕ (m >> 1)` (bit k of `R(m)` is the parity of the places up to m whose lowest
//!   one is bit k, `⌈⌊m / 2^k⌋ / 2⌉`, which is odd exactly when bits k and k+1 of m differ). So
//!   the one run that wins by turning head n down, if any, ends at `j = gray⁻¹(gray(n) ⊕ G)`, and
//!   wins when `j < n`: at most one winning move a head, found in constant time at any place. A
//!   run may hold up to n coins, so a move names its two ends, never each coin.

use super::grundy::{GrundyPattern, GrundyReason, GrundyStep, GrundyView};
use super::{GameKind, Mode, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Teaching};

/// Which coin-turning game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Turtles,
    Mock,
    Ruler,
}

/// A coin-turning game, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coins {
    rule: Rule,
}

/// The heads' places in increasing order (a position may give them in any order).
fn sorted(heads: &[u64]) -> Vec<u64> {
    let mut heads = heads.to_vec();
    heads.sort_unstable();
    heads
}

/// The ruler function: the largest power of 2 dividing `n` (OEIS A006519), 0 for 0.
pub fn ruler(n: u64) -> u64 {
    n & n.wrapping_neg()
}

/// The Gray code of `m`, `m ⊕ (m >> 1)`: the XOR of [`ruler`] over 1 to `m`.
pub fn gray(m: u64) -> u64 {
    m ^ (m >> 1)
}

/// The number whose Gray code is `g`.
pub fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// The `k`-th odious number (from 0): `2k` or `2k + 1`, whichever has an odd count of ones.
pub fn odious(k: u64) -> u128 {
    2 * u128::from(k) + u128::from(k.count_ones().is_multiple_of(2))
}

impl Coins {
    /// Turning Turtles.
    pub fn turtles() -> Coins {
        Coins { rule: Rule::Turtles }
    }

    /// Mock Turtles.
    pub fn mock_turtles() -> Coins {
        Coins { rule: Rule::Mock }
    }

    /// The ruler game.
    pub fn ruler() -> Coins {
        Coins { rule: Rule::Ruler }
    }

    /// The most coins a move turns, counted in a typed move (the ruler game's names a run's two
    /// ends).
    fn most(self) -> usize {
        match self.rule {
            Rule::Turtles | Rule::Ruler => 2,
            Rule::Mock => 3,
        }
    }

    /// What a head at place `n` (from 1) is worth.
    pub fn value(&self, n: u64) -> u128 {
        match self.rule {
            Rule::Turtles => u128::from(n),
            Rule::Mock => odious(n.saturating_sub(1)),
            Rule::Ruler => u128::from(ruler(n)),
        }
    }

    fn kind(self) -> GameKind {
        match self.rule {
            Rule::Turtles => GameKind::TurningTurtles,
            Rule::Mock => GameKind::MockTurtles,
            Rule::Ruler => GameKind::Ruler,
        }
    }

    fn sum(&self, heads: &[u64]) -> u128 {
        heads.iter().fold(0, |x, &n| x ^ self.value(n))
    }

    /// How many moves turn the head at `n` down.
    fn moves_of(self, n: u64) -> u128 {
        let left = u128::from(n - 1);
        match self.rule {
            Rule::Turtles => 1 + left,
            Rule::Mock => 1 + left + left * left.saturating_sub(1) / 2,
            // A run of 1 to n coins.
            Rule::Ruler => 1 + left,
        }
    }

    /// The winning moves of head `n` for `t = G ⊕ g(n)`, in the order of [`Move`], until `visit`
    /// returns false; false when stopped.
    fn winning_of(self, n: u64, t: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        if self.rule == Rule::Ruler {
            return match self.winning_run(n, t) {
                Some(left) => visit(Move::Run { right: n, left }),
                None => true,
            };
        }
        if t == 0 {
            return visit(Move::Turn(vec![n]));
        }
        match self.rule {
            Rule::Turtles => {
                if t < u128::from(n) {
                    return visit(Move::Turn(vec![n, t as u64]));
                }
                true
            }
            Rule::Mock if t.count_ones() % 2 == 1 => {
                // One coin, worth t: place t / 2 + 1, left of n.
                let place = (t >> 1) + 1;
                if place < u128::from(n) {
                    return visit(Move::Turn(vec![n, place as u64]));
                }
                true
            }
            Rule::Mock => {
                let (u, below) = (t >> 1, u128::from(n - 1));
                let high = 1u128 << (127 - u.leading_zeros());
                let mut y = high;
                while y < below {
                    // `y` and `y ⊕ u` are below `n - 1 < 2^64`.
                    if !visit(Move::Turn(vec![n, y as u64 + 1, (y ^ u) as u64 + 1])) {
                        return false;
                    }
                    y += 1;
                    if y & high == 0 {
                        y += high;
                    }
                }
                true
            }
            // Answered above, by its one run.
            Rule::Ruler => true,
        }
    }

    /// The ruler game: the leftmost coin of the run that turns head `n` down and leaves a nim-sum
    /// of 0, for `t = G ⊕ g(n)`, if there is one. The run from `j + 1` to `n` is worth
    /// `gray(n) ⊕ gray(j)`, which must be `G`: `j = gray⁻¹(gray(n) ⊕ G)`, a run when `j < n`.
    fn winning_run(self, n: u64, t: u128) -> Option<u64> {
        let g = (t ^ self.value(n)) as u64;
        let j = gray_inverse(gray(n) ^ g);
        (j < n).then_some(j + 1)
    }

    /// How many winning moves turn head `n` down, for `t = G ⊕ g(n)`.
    fn count_of(self, n: u64, t: u128) -> u128 {
        if self.rule == Rule::Ruler {
            return u128::from(self.winning_run(n, t).is_some());
        }
        if t == 0 {
            return 1;
        }
        let n = u128::from(n);
        match self.rule {
            Rule::Turtles => u128::from(t < n),
            Rule::Mock if t.count_ones() % 2 == 1 => u128::from((t >> 1) + 1 < n),
            Rule::Mock => {
                let (u, below) = (t >> 1, n - 1);
                let high = 1u128 << (127 - u.leading_zeros());
                // The numbers below `below` with bit `high` set.
                let whole = (below / (2 * high)) * high;
                whole + (below % (2 * high)).saturating_sub(high)
            }
            // Answered above, by its one run.
            Rule::Ruler => 0,
        }
    }

    /// Calls `visit` with the first `limit` winning moves, head by head, until it returns false.
    pub(crate) fn visit_winning_moves(
        &self,
        position: &Position,
        limit: usize,
        visit: &mut dyn FnMut(Move) -> bool,
    ) {
        let heads = &sorted(position.heaps());
        let g = self.sum(heads);
        if g == 0 || limit == 0 {
            return;
        }
        let mut left = limit;
        let mut each = |mv: Move| {
            left -= 1;
            visit(mv) && left > 0
        };
        for &n in heads {
            if !self.winning_of(n, g ^ self.value(n), &mut each) {
                return;
            }
        }
    }

    /// The move that turns the head at `n` alone.
    fn alone(self, n: u64) -> Move {
        match self.rule {
            Rule::Ruler => Move::Run { right: n, left: n },
            _ => Move::Turn(vec![n]),
        }
    }

    /// The heads after turning `coins` over (checked before).
    fn turned(heads: &[u64], coins: &[u64]) -> Vec<u64> {
        let mut out = heads.to_vec();
        for &c in coins {
            match out.binary_search(&c) {
                Ok(i) => {
                    out.remove(i);
                }
                Err(i) => out.insert(i, c),
            }
        }
        out
    }
}

impl Rules for Coins {
    fn kind(&self) -> GameKind {
        Coins::kind(*self)
    }
    fn mode(&self) -> Mode {
        Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        let heads = sorted(position.heaps());
        if heads.first() == Some(&0) {
            return Err(PositionError::Heads { found: "0 is not a place".into() });
        }
        if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
            return Err(PositionError::Heads { found: format!("{} is written twice", w[0]) });
        }
        Ok(())
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        let what = match self.rule {
            Rule::Turtles => "turns one or two coins, the rightmost a head",
            Rule::Mock => "turns one, two or three coins, the rightmost a head",
            Rule::Ruler => "turns a run of neighbouring coins, the rightmost a head",
        };
        let refused = || MoveError::NotInThisGame { game: self.kind().title(), what };
        if self.rule == Rule::Ruler {
            let &Move::Run { right, left } = mv else { return Err(refused()) };
            if left == 0 || left > right {
                return Err(refused());
            }
            if !position.heaps().contains(&right) {
                return Err(MoveError::NotAHead { place: right });
            }
            return Ok(());
        }
        let Move::Turn(coins) = mv else { return Err(refused()) };
        if coins.is_empty() || coins.len() > self.most() {
            return Err(refused());
        }
        if coins.windows(2).any(|w| w[0] <= w[1]) || coins.last() == Some(&0) {
            return Err(refused());
        }
        if !position.heaps().contains(&coins[0]) {
            return Err(MoveError::NotAHead { place: coins[0] });
        }
        Ok(())
    }
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.check(position, mv)?;
        match mv {
            Move::Turn(coins) => *position = Position::new(Coins::turned(&sorted(position.heaps()), coins)),
            run => {
                let mut sorted = Position::new(sorted(position.heaps()));
                run.apply_to(&mut sorted)?;
                *position = sorted;
            }
        }
        Ok(())
    }
    fn is_over(&self, position: &Position) -> bool {
        position.heaps().is_empty()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        if self.sum(position.heaps()) == 0 { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let position = &Position::new(sorted(position.heaps()));
        let mut out = Vec::new();
        self.visit_winning_moves(position, limit, &mut |mv| {
            out.push(mv);
            true
        });
        out
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        let heads = position.heaps();
        let g = self.sum(heads);
        if g == 0 {
            return Some(0);
        }
        Some(heads.iter().fold(0u128, |sum, &n| sum.saturating_add(self.count_of(n, g ^ self.value(n)))))
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        // Lost: the leftmost head alone, which changes least.
        let leftmost = position.heaps().iter().min().map(|&n| self.alone(n));
        self.winning_moves_up_to(position, 1).into_iter().next().or(leftmost)
    }
    fn move_count(&self, position: &Position) -> u128 {
        position.heaps().iter().fold(0u128, |sum, &n| sum.saturating_add(self.moves_of(n)))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let mut pick = index;
        for n in sorted(position.heaps()) {
            let count = self.moves_of(n);
            if pick >= count {
                pick -= count;
                continue;
            }
            if pick == 0 {
                return Some(self.alone(n));
            }
            let j = pick - 1;
            return Some(match self.rule {
                // Runs of 2 to n coins: `j < n - 1`.
                Rule::Ruler => Move::Run { right: n, left: n - 1 - j as u64 },
                // `j < n - 1`.
                Rule::Turtles => Move::Turn(vec![n, j as u64 + 1]),
                Rule::Mock => {
                    // Coin `a` opens a block of `a` moves: [n, a], then [n, a, b] for b < a. The
                    // block holding `j` is the largest `a` with a(a - 1) / 2 <= j.
                    let (mut lo, mut hi) = (1u128, u128::from(n));
                    while hi - lo > 1 {
                        let mid = (lo + hi) / 2;
                        if mid * (mid - 1) / 2 <= j { lo = mid } else { hi = mid }
                    }
                    let r = j - lo * (lo - 1) / 2;
                    match r {
                        0 => Move::Turn(vec![n, lo as u64]),
                        b => Move::Turn(vec![n, lo as u64, b as u64]),
                    }
                }
            });
        }
        None
    }
    fn teach(&self, position: &Position) -> Teaching {
        let heads = position.heaps().to_vec();
        let position = &Position::new(heads.clone());
        let values: Vec<u128> = heads.iter().map(|&n| self.value(n)).collect();
        let sum = values.iter().fold(0, |x, &v| x ^ v);
        let mut places: Vec<u64> =
            heads.iter().flat_map(|&n| n.saturating_sub(2).max(1)..=n.saturating_add(2)).collect();
        places.sort_unstable();
        places.dedup();
        let nearby = places.into_iter().map(|n| (n, self.value(n))).collect();
        let win = sum != 0;
        let best = self.ai_move(position);
        let working = best.as_ref().filter(|_| win).and_then(|mv| match mv {
            Move::Turn(coins) => heads.iter().position(|&n| n == coins[0]).map(|heap| {
                let from = values[heap];
                GrundyStep { heap, from, to: from ^ sum }
            }),
            Move::Run { right, .. } => heads.iter().position(|n| n == right).map(|heap| {
                let from = values[heap];
                GrundyStep { heap, from, to: from ^ sum }
            }),
            _ => None,
        });
        let reason = match (&best, working) {
            (None, _) => GrundyReason::GameOver,
            (Some(mv), Some(step)) => GrundyReason::Win { words: MoveWords::plain(mv), step, split: false },
            (Some(mv), None) => GrundyReason::Lost { words: MoveWords::plain(mv) },
        };
        let pattern = match self.rule {
            Rule::Turtles => GrundyPattern::TurningTurtles,
            Rule::Mock => GrundyPattern::MockTurtles,
            Rule::Ruler => GrundyPattern::Ruler,
        };
        Teaching::Grundy(Box::new(GrundyView {
            cells: Vec::new(),
            game: self.kind(),
            heaps: heads,
            values,
            sum,
            nearby,
            periodic: None,
            pattern: Some(pattern),
            working,
            best,
            reason,
            win,
        }))
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Turn(coins) => coins.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
            Move::Run { right, left } if right == left => right.to_string(),
            Move::Run { right, left } => format!("{right} {left}"),
            other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let expected = || {
            match self.rule {
            Rule::Ruler => {
                "expected the run's two ends, such as '9 4' (the head at 9, and every coin down to 4), or one place"
            }
            _ => "expected the places of the coins turned, such as '9 4' (the head at 9, and the coin at 4)",
        }
        .to_string()
        };
        let words: Vec<&str> =
            text.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).collect();
        let words = match words.split_first() {
            Some((&"turn", rest)) => rest,
            _ => &words[..],
        };
        if words.is_empty() || words.len() > self.most() {
            return Err(expected());
        }
        let mut coins = words
            .iter()
            .map(|w| super::parse_heap(w).map_err(|e| e.to_string()))
            .collect::<Result<Vec<u64>, _>>()?;
        coins.sort_unstable_by(|a, b| b.cmp(a));
        if self.rule == Rule::Ruler {
            // The run's two ends (or its one coin), in either order.
            return Ok(Move::Run { right: coins[0], left: coins[coins.len() - 1] });
        }
        Ok(Move::Turn(coins))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odious_numbers_are_2n_or_2n_plus_1() {
        let first: Vec<u128> = (0..12).map(odious).collect();
        assert_eq!(first, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]);
        // 2^64 - 1 has 64 ones (even), so its odious partner is 2(2^64 - 1) + 1.
        assert_eq!(odious(u64::MAX), 2 * u128::from(u64::MAX) + 1);
    }

    #[test]
    fn mock_turtles_pairs_are_counted_as_listed() {
        let game = Coins::mock_turtles();
        for n in 1..40u64 {
            for t in 0..140u128 {
                let mut listed = 0u128;
                game.winning_of(n, t, &mut |mv| {
                    let Move::Turn(coins) = &mv else { unreachable!() };
                    let value = coins[1..].iter().fold(0, |x, &c| x ^ game.value(c));
                    assert_eq!(value, t, "{coins:?}");
                    assert!(coins.windows(2).all(|w| w[0] > w[1]), "{coins:?}");
                    listed += 1;
                    true
                });
                assert_eq!(listed, game.count_of(n, t), "head {n}, t {t}");
            }
        }
    }
}
