//! Subtraction games: a move takes exactly `s` tokens from one heap, `s` in a finite set.
//!
//! A heap's Grundy value is `g(n) = mex { g(n - s) : s in the set, s ≤ n }`. Each value depends
//! on the last `max(set)` values only, so the sequence is ultimately periodic; the table is
//! computed from the definition until a window of `max(set)` values repeats, which gives the
//! pre-period and the period, and every heap up to `u64::MAX` is then answered by reducing it into
//! the table. Tables are built once per set and shared ([`table_of`]).

use std::sync::{Arc, Mutex};

use super::grundy::{self, GrundyTable, HeapGame};
use super::{GameKind, Move, MoveError, Outcome, Position, Rules, SubtractionSet, Teaching};

/// The most Grundy values computed while looking for the period. Sets of amounts up to 128 repeat
/// far sooner in every case tried (see the tests); a set that did not would be answered from the
/// values computed, as if they repeated from there.
const SEARCH_LIMIT: usize = 1 << 22;

/// A subtraction game, normal play.
#[derive(Debug, Clone)]
pub struct Subtraction {
    set: SubtractionSet,
    table: Arc<GrundyTable>,
}

impl Subtraction {
    /// The game of `set`, its table taken from the shared cache or built.
    pub fn new(set: SubtractionSet) -> Subtraction {
        Subtraction { set, table: table_of(set) }
    }

    /// The amounts a move may take.
    pub fn set(&self) -> SubtractionSet {
        self.set
    }

    /// The Grundy value of a heap of `size`.
    pub fn grundy(&self, size: u64) -> u64 {
        self.table.value(size)
    }

    /// The Grundy table with its pre-period and period.
    pub fn table(&self) -> GrundyTable {
        (*self.table).clone()
    }
}

/// The table of `set`, built once and kept in a small cache shared by every [`Subtraction`].
pub fn table_of(set: SubtractionSet) -> Arc<GrundyTable> {
    static CACHE: Mutex<Vec<(SubtractionSet, Arc<GrundyTable>)>> = Mutex::new(Vec::new());
    // A poisoned lock only means another thread panicked while holding it; the cache is still a
    // list of finished tables.
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, table)) = cache.iter().find(|(s, _)| *s == set) {
        return Arc::clone(table);
    }
    let table = Arc::new(build_table(set));
    if cache.len() >= 16 {
        cache.remove(0);
    }
    cache.push((set, Arc::clone(&table)));
    table
}

/// Computes the Grundy values of `set` from the definition until they repeat.
///
/// The state after heap `i` is the window of the last `m = max(set)` values, which decides every
/// later value. Brent's cycle search over these windows (compared by a rolling hash, then checked
/// value by value) finds the period `λ`; the first window that equals the one `λ` later gives where
/// the repetition starts; both are then made minimal for the values themselves.
pub fn build_table(set: SubtractionSet) -> GrundyTable {
    let m = set.max() as usize;
    let amounts: Vec<usize> = set.amounts().map(|s| s as usize).collect();
    const BASE: u64 = 0x100_0000_01b3;
    let base_m = (0..m).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut values: Vec<u8> = Vec::new();
    // hashes[i]: the hash of the window values[i + 1 - m ..= i], for i >= m - 1.
    let mut hashes: Vec<u64> = Vec::new();
    let mut rolling = 0u64;
    let mut extend = |values: &mut Vec<u8>, hashes: &mut Vec<u64>| {
        let n = values.len();
        let mut seen = 0u128;
        for &s in &amounts {
            if s > n {
                break;
            }
            // A value of 128 (only for the set 1..=128) is past every mex that could be below it.
            seen |= 1u128.checked_shl(u32::from(values[n - s])).unwrap_or(0);
        }
        let g = grundy::mex(seen) as u8;
        values.push(g);
        rolling = rolling.wrapping_mul(BASE).wrapping_add(u64::from(g) + 1);
        if n >= m {
            rolling = rolling.wrapping_sub((u64::from(values[n - m]) + 1).wrapping_mul(base_m));
        }
        hashes.push(rolling);
    };
    let same = |values: &[u8], hashes: &[u64], a: usize, b: usize| {
        hashes[a] == hashes[b] && values[a + 1 - m..=a] == values[b + 1 - m..=b]
    };
    while values.len() < m + 1 {
        extend(&mut values, &mut hashes);
    }
    // Brent: the hare runs ahead; the tortoise jumps to it at powers of two.
    let (mut power, mut lambda) = (1usize, 1usize);
    let mut tortoise = m - 1;
    let mut hare = m;
    let mut found = true;
    while !same(&values, &hashes, tortoise, hare) {
        if power == lambda {
            tortoise = hare;
            power *= 2;
            lambda = 0;
        }
        hare += 1;
        lambda += 1;
        if hare >= SEARCH_LIMIT {
            found = false;
            break;
        }
        while values.len() <= hare {
            extend(&mut values, &mut hashes);
        }
    }
    if !found {
        let len = values.len() as u64;
        return GrundyTable { values: values.into_iter().map(u64::from).collect(), pre_period: len - 1, period: 1 };
    }
    // The first window equal to the one `lambda` later.
    while values.len() < m + 2 * lambda + 1 {
        extend(&mut values, &mut hashes);
    }
    let mut start = m - 1;
    while !same(&values, &hashes, start, start + lambda) {
        start += 1;
        while values.len() <= start + lambda {
            extend(&mut values, &mut hashes);
        }
    }
    // Values repeat from the start of that window; perhaps from earlier.
    let mut pre = start + 1 - m;
    while values.len() < pre + 2 * lambda + m {
        extend(&mut values, &mut hashes);
    }
    while pre > 0 && values[pre - 1] == values[pre - 1 + lambda] {
        pre -= 1;
    }
    let period = (1..=lambda)
        .filter(|d| lambda % d == 0)
        .find(|&d| (pre..pre + lambda).all(|n| values[n] == values[n + d]))
        .unwrap_or(lambda);
    values.truncate(pre + period);
    GrundyTable { values: values.into_iter().map(u64::from).collect(), pre_period: pre as u64, period: period as u64 }
}

impl HeapGame for Subtraction {
    fn kind(&self) -> GameKind {
        GameKind::Subtraction(self.set)
    }
    fn grundy(&self, size: u64) -> u64 {
        self.table.value(size)
    }
    fn takes_to(&self, heap: usize, size: u64, target: u64, out: &mut Vec<Move>, limit: usize) {
        for s in self.set.amounts().take_while(|&s| s <= size) {
            if out.len() >= limit {
                return;
            }
            if self.grundy(size - s) == target {
                out.push(Move::take(heap, s));
            }
        }
    }
    fn count_takes_to(&self, size: u64, target: u64) -> u128 {
        self.set.amounts().take_while(|&s| s <= size).filter(|&s| self.grundy(size - s) == target).count() as u128
    }
    fn splits_to(&self, _: usize, _: u64, _: u64, _: &mut Vec<Move>, _: usize) {}
    fn count_splits_to(&self, _: u64, _: u64) -> u128 {
        0
    }
    fn take_count(&self, size: u64) -> u128 {
        self.set.amounts().take_while(|&s| s <= size).count() as u128
    }
    fn nth_take(&self, heap: usize, size: u64, index: u128) -> Option<Move> {
        let index = usize::try_from(index).ok()?;
        self.set.amounts().take_while(|&s| s <= size).nth(index).map(|s| Move::take(heap, s))
    }
    fn split_count(&self, _: u64) -> u128 {
        0
    }
    fn nth_split(&self, _: usize, _: u64, _: u128) -> Option<Move> {
        None
    }
    /// The largest amount from the largest heap that allows a move: a subtraction game lasts at
    /// least (tokens) / max(set) moves whoever plays, so the AI shortens it as much as it can.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (heap, &size) = position
            .heaps()
            .iter()
            .enumerate()
            .filter(|(_, h)| self.take_count(**h) > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        let s = self.set.amounts().take_while(|&s| s <= size).last()?;
        Some(Move::take(heap, s))
    }
    fn describe(&self, _: &Position, mv: &Move) -> String {
        mv.to_string()
    }
    fn periodic(&self) -> Option<(u64, u64)> {
        Some((self.table.pre_period, self.table.period))
    }
}

/// A subtraction game: exactly `s` tokens from one heap, `s` in the set.
impl Rules for Subtraction {
    fn kind(&self) -> GameKind {
        GameKind::Subtraction(self.set)
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match mv {
            Move::Take(take) => {
                position.check(*take)?;
                if !self.set.contains(take.take) {
                    return Err(MoveError::NotInSet { take: take.take, allowed: self.set.spoken() });
                }
                Ok(())
            }
            _ => Err(MoveError::NotInThisGame { game: GameKind::Subtraction(self.set).title(), what: "one heap at a time" }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        grundy::is_over(self, position)
    }
    fn outcome(&self, position: &Position) -> Outcome {
        grundy::outcome(self, position)
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        grundy::winning_moves(self, position, limit)
    }
    fn winning_move_count(&self, position: &Position) -> u128 {
        grundy::winning_move_count(self, position)
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
        Teaching::Grundy(grundy::teach(self, position))
    }
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_take(text)
    }
}
