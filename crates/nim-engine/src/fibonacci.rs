//! Fibonacci Nim: one heap; the first move takes any number but not all, and after that a move takes
//! from one to twice what the other player just took. Whoever takes the last token wins.
//!
//! A position is the heap and the most the next move may take ([`Position::limit`]: `None` before
//! the first move, when the most is the heap less one). Write the heap in Zeckendorf form (a sum of
//! non-neighbouring Fibonacci numbers 1, 2, 3, 5, 8, ...): the player to move loses exactly when
//! the smallest term is more than they may take, and otherwise taking that term wins.
//!
//! Every winning move is listed, not just that one: a take `x` wins when it empties the heap, or
//! when the smallest term of `n - x` is more than `2x`. For each Fibonacci number `F` at most one
//! such `n - x` has `F` as its smallest term (they lie within `F / 2` below `n`, and numbers whose
//! smallest term is `F` are further apart than that): the largest number below `n` made of `F` and
//! terms at least two places above it, found by cutting `n - F - 1`'s representation. So there are
//! at most about 90 candidates, each checked exactly.

use super::zeckendorf::{FIB, smallest_term, terms, value, zeckendorf};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Take, Teaching};

/// Fibonacci Nim, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fibonacci;

/// What the teaching panel shows for Fibonacci Nim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FibonacciView {
    /// The heap.
    pub heap: u64,
    /// The most the next move may take (the heap less one before the first move).
    pub most: u64,
    /// Whether this is the first move (which may not take the whole heap).
    pub first_move: bool,
    /// The heap's Zeckendorf representation, largest term first.
    pub terms: Vec<u64>,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why the best move is best, as data for the hint's sentence.
    pub reason: FibonacciReason,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// Why the best move of Fibonacci Nim is best, with its numbers (the heap's Zeckendorf terms and
/// the most a move may take are in [`FibonacciView`]): a program writes the sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FibonacciReason {
    /// No token is left: the other player took the last one and won.
    GameOver,
    /// Taking the smallest Zeckendorf term `smallest` (`take`) leaves the opponent unable to take
    /// the smallest term of what is left.
    Win {
        /// The heap's smallest Zeckendorf term.
        smallest: u64,
        /// What the move takes.
        take: u64,
    },
    /// The smallest term is more than the move may take: lost, `take` is the AI's fallback.
    Lost {
        /// The heap's smallest Zeckendorf term.
        smallest: u64,
        /// What the AI's fallback takes.
        take: u64,
    },
}

/// The most the next move may take from `position`.
pub(crate) fn most(position: &Position) -> u64 {
    let n = position.heap(0).unwrap_or(0);
    match position.limit() {
        None => n.saturating_sub(1),
        Some(limit) => limit.min(n),
    }
}

/// Whether the player to move from a heap of `n`, allowed at most `most`, loses.
fn loses(n: u64, most: u64) -> bool {
    smallest_term(n).is_none_or(|term| term > most)
}

/// Who wins a heap of `n` allowed at most `most`, how many winning takes there are, and the heap's
/// Zeckendorf terms, largest first: [`winning_takes`]'s count and the teaching's terms from one
/// Zeckendorf representation (what `solve` asks of every position).
fn verdict(position: &Position) -> (Outcome, usize, Vec<u64>) {
    let n = Fibonacci::heap(position);
    let most = most(position);
    let bits = zeckendorf(u128::from(n));
    let mut terms = Vec::with_capacity(bits.count_ones() as usize);
    let (mut below, mut count) = (0u64, 0usize);
    let mut rest = bits;
    while rest != 0 {
        let term = FIB[rest.trailing_zeros() as usize];
        rest &= rest - 1;
        count += usize::from(below >= 1 && below <= most && term > 2 * u128::from(below));
        below += term as u64;
        terms.push(term as u64);
    }
    terms.reverse();
    count += usize::from(n >= 1 && most >= 1 && n <= most);
    // As `loses`: lost when the smallest term may not be taken (or nothing is left).
    let lost = terms.last().is_none_or(|&smallest| smallest > most);
    (if lost { Outcome::Lose } else { Outcome::Win }, if most == 0 { 0 } else { count }, terms)
}

/// Every winning take from a heap of `n` allowed at most `most`, smallest first.
///
/// A take `x` wins when it empties the heap, or leaves `m = n - x` whose smallest Zeckendorf term
/// `f` is more than `2x` (the other player may then take at most `2x`, never `f`). Then
/// `x < f / 2 <` the Fibonacci number below `f`, so `x`'s terms and `m`'s are no neighbours, and
/// together they are `n`'s own terms: `m` is the sum of `n`'s terms from some term `f` up and `x`
/// the sum of those below it. So the winning takes are found among `n`'s few terms, one split
/// each, in time that grows with the number of terms (at most 46), not with `n`.
pub fn winning_takes(n: u64, most: u64) -> Vec<u64> {
    let mut takes = [0u64; MOST_TAKES];
    let count = winning_takes_into(n, most, &mut takes);
    takes[..count].to_vec()
}

/// The most winning takes a heap has: one per Zeckendorf term of a `u64` (at most 46) and the
/// whole heap.
pub(crate) const MOST_TAKES: usize = 48;

/// [`winning_takes`] written into `takes`, smallest first, without a list made: how many there are.
pub(crate) fn winning_takes_into(n: u64, most: u64, takes: &mut [u64; MOST_TAKES]) -> usize {
    let mut count = 0;
    if n == 0 || most == 0 {
        return count;
    }
    // Terms smallest first, read off the representation's bits; `below` sums those passed.
    let mut below = 0u64;
    let mut bits = zeckendorf(u128::from(n));
    while bits != 0 {
        let term = FIB[bits.trailing_zeros() as usize];
        bits &= bits - 1;
        // Written always, kept when it wins: no branch on the terms (unpredictable), and
        // `count` stays below the terms seen, within the array.
        takes[count] = below;
        count += usize::from(below >= 1 && below <= most && term > 2 * u128::from(below));
        // The terms of a u64 sum to it.
        below += term as u64;
    }
    if n <= most {
        takes[count] = n;
        count += 1;
    }
    count
}

/// [`winning_takes_into`] from the heap's Zeckendorf terms, largest first (as [`verdict`] gives
/// them), instead of its representation: the same takes.
pub(crate) fn takes_from_terms(terms: &[u64], n: u64, most: u64, takes: &mut [u64; MOST_TAKES]) -> usize {
    let mut count = 0;
    if n == 0 || most == 0 {
        return count;
    }
    let mut below = 0u64;
    for &term in terms.iter().rev().take(MOST_TAKES - 1) {
        takes[count] = below;
        count += usize::from(below >= 1 && below <= most && u128::from(term) > 2 * u128::from(below));
        below = below.saturating_add(term);
    }
    if n <= most {
        takes[count] = n;
        count += 1;
    }
    count
}

impl Fibonacci {
    /// Calls `visit` with the first `limit` winning moves, smallest take first, without a list.
    pub(crate) fn visit_winning_moves(&self, position: &Position, limit: usize, visit: &mut dyn FnMut(Move)) {
        let mut takes = [0u64; MOST_TAKES];
        let count = winning_takes_into(Fibonacci::heap(position), most(position), &mut takes);
        for &take in &takes[..count.min(limit)] {
            visit(Move::take(0, take));
        }
    }

    /// Calls `visit` with the first `limit` winning moves read off the heap's Zeckendorf `terms`
    /// (a verdict's working), so that a verdict and its moves cost one representation.
    pub(crate) fn visit_winning_moves_from_terms(
        &self,
        position: &Position,
        terms: &[u64],
        limit: usize,
        visit: &mut dyn FnMut(&Move),
    ) {
        let mut takes = [0u64; MOST_TAKES];
        let count = takes_from_terms(terms, Fibonacci::heap(position), most(position), &mut takes);
        for &take in &takes[..count.min(limit)] {
            visit(&Move::take(0, take));
        }
    }

    /// Who wins `position`, how many winning takes it has, and the heap's Zeckendorf terms, from
    /// one representation (see `verdict`).
    pub(crate) fn verdict(&self, position: &Position) -> (Outcome, usize, Vec<u64>) {
        verdict(position)
    }

    fn heap(position: &Position) -> u64 {
        position.heap(0).unwrap_or(0)
    }

    /// The AI's take from a lost position: the take that leaves the largest smallest Zeckendorf
    /// term, among the takes that leave more than twice as much (so that the other player cannot
    /// simply take the rest; any take when none does), the smallest such take.
    ///
    /// The other player's winning reply is that smallest term, so each reply, and with it the AI's
    /// next limit, is as large as the AI can make it: from a heap of `n` the game lasts about as
    /// many moves as `n` has digits (see the tests), where taking little would let it last about
    /// `n` moves.
    fn fallback(position: &Position) -> Option<u64> {
        let n = Fibonacci::heap(position);
        let most = most(position);
        if most == 0 {
            return None;
        }
        let safe = most.min(n.saturating_sub(1) / 3);
        let highest = if safe >= 1 { safe } else { most };
        // The rest lies in [n - highest, n - 1]: find in it the number made of the largest terms
        // only, by cutting n - 1's representation below ever smaller terms.
        let below = zeckendorf(u128::from(n - 1));
        for t in (0..FIB.len()).rev() {
            let rest = value(below & !((1u128 << t) - 1));
            if rest >= u128::from(n - highest) && rest >= 1 {
                return u64::try_from(rest).ok().map(|rest| n - rest);
            }
        }
        Some(1)
    }
}

/// Fibonacci Nim: at most twice the last take.
impl Rules for Fibonacci {
    fn kind(&self) -> GameKind {
        GameKind::Fibonacci
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.len() != 1 {
            return Err(PositionError::HeapCount {
                game: GameKind::Fibonacci.title(),
                heaps: 1,
                given: position.len(),
            });
        }
        if position.limit() == Some(0) && Fibonacci::heap(position) > 0 {
            return Err(PositionError::ZeroLimit);
        }
        Ok(())
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match mv {
            Move::Take(take) => {
                position.check(*take)?;
                let n = Fibonacci::heap(position);
                match position.limit() {
                    None if take.take == n => Err(MoveError::WholeHeapFirst),
                    Some(limit) if take.take > limit => Err(MoveError::OverLimit { take: take.take, limit }),
                    _ => Ok(()),
                }
            }
            _ => Err(MoveError::NotInThisGame { game: GameKind::Fibonacci.title(), what: "its one heap" }),
        }
    }
    /// Takes the tokens and sets the limit to twice the take.
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.check(position, mv)?;
        mv.apply_to(position)?;
        let take = mv.as_take().map_or(0, |t| t.take);
        position.set_limit(Some(take.saturating_mul(2)));
        Ok(())
    }
    fn is_over(&self, position: &Position) -> bool {
        most(position) == 0
    }
    fn outcome(&self, position: &Position) -> Outcome {
        if loses(Fibonacci::heap(position), most(position)) { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let mut moves = Vec::new();
        self.visit_winning_moves(position, limit, &mut |mv| moves.push(mv));
        moves
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        let mut takes = [0u64; MOST_TAKES];
        Some(winning_takes_into(Fibonacci::heap(position), most(position), &mut takes) as u128)
    }
    /// The smallest term of the heap's Zeckendorf representation when it may be taken (always a
    /// winning move), else the fallback.
    fn ai_move(&self, position: &Position) -> Option<Move> {
        let n = Fibonacci::heap(position);
        let most = most(position);
        if most == 0 {
            return None;
        }
        match smallest_term(n).filter(|&t| t <= most) {
            Some(term) => Some(Move::take(0, term)),
            None => {
                super::best_try(self, position, || Fibonacci::fallback(position).map(|t| Move::take(0, t)))
            }
        }
    }
    fn move_count(&self, position: &Position) -> u128 {
        u128::from(most(position))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let take = u64::try_from(index).ok()?.checked_add(1).filter(|&t| t <= most(position))?;
        Some(Move::Take(Take::new(0, take)))
    }
    fn teach(&self, position: &Position) -> Teaching {
        let n = Fibonacci::heap(position);
        let most = most(position);
        let terms = terms(n);
        let win = self.outcome(position) == Outcome::Win;
        let best = self.ai_move(position);
        let take = best.as_ref().and_then(Move::as_take).map_or(0, |t| t.take);
        let reason = match terms.last() {
            None => FibonacciReason::GameOver,
            Some(_) if best.is_none() => FibonacciReason::GameOver,
            Some(&smallest) if win => FibonacciReason::Win { smallest, take },
            Some(&smallest) => FibonacciReason::Lost { smallest, take },
        };
        Teaching::Fibonacci(FibonacciView {
            heap: n,
            most,
            first_move: position.limit().is_none(),
            terms,
            best,
            reason,
            win,
        })
    }
    fn move_words(&self, _: &Position, mv: &Move) -> MoveWords {
        match mv.as_take() {
            Some(take) => MoveWords::TakeFromTheHeap { amount: take.take },
            None => MoveWords::plain(mv),
        }
    }
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_take(text)
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;

    /// The takes as they were first found: for every Fibonacci number, the largest rest below the
    /// heap with it as its smallest term.
    fn by_every_fibonacci(n: u64, most: u64) -> Vec<u64> {
        let mut takes = Vec::new();
        if n == 0 || most == 0 {
            return takes;
        }
        if n <= most {
            takes.push(n);
        }
        for (j, &f) in FIB.iter().enumerate() {
            let Ok(f) = u64::try_from(f) else { break };
            if f >= n {
                break;
            }
            let rest = zeckendorf(u128::from(n - f - 1));
            let high = rest & !((1u128 << (j + 2)) - 1);
            let Ok(m) = u64::try_from(u128::from(f) + value(high)) else { continue };
            let x = n - m;
            if x >= 1 && x <= most && u128::from(f) > 2 * u128::from(x) {
                takes.push(x);
            }
        }
        takes.sort_unstable();
        takes.dedup();
        takes
    }

    #[test]
    fn the_terms_give_the_same_takes() {
        for n in 0..1500u64 {
            for most in [0, 1, 2, 3, 5, 10, n / 3, n.saturating_sub(1), n, u64::MAX] {
                assert_eq!(winning_takes(n, most), by_every_fibonacci(n, most), "{n} {most}");
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = state >> (state % 64);
            for most in [n.saturating_sub(1), n / 7, 1 + state % 1000, u64::MAX] {
                assert_eq!(winning_takes(n, most), by_every_fibonacci(n, most), "{n} {most}");
                let position = Position::with_limit(vec![n], Some(most));
                let outcome = if loses(n, super::most(&position)) { Outcome::Lose } else { Outcome::Win };
                let count = winning_takes(n, super::most(&position)).len();
                assert_eq!(verdict(&position), (outcome, count, terms(n)), "{n} {most}");
                let (mut from_terms, mut found) = ([0u64; MOST_TAKES], [0u64; MOST_TAKES]);
                let m = super::most(&position);
                let k = takes_from_terms(&terms(n), n, m, &mut from_terms);
                let j = winning_takes_into(n, m, &mut found);
                assert_eq!(from_terms[..k], found[..j], "{n} {most}");
            }
        }
    }
}
