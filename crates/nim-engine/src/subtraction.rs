//! Subtraction games: a move takes exactly `s` tokens from one heap, `s` in a finite set.
//!
//! A heap's Grundy value is `g(n) = mex { g(n - s) : s in the set, s ≤ n }`. Each value depends
//! on the last `max(set)` values only, so the sequence is ultimately periodic; the table is
//! computed from the definition until a window of `max(set)` values repeats, which gives the
//! pre-period and the period, and every heap up to `u64::MAX` is then answered by reducing it into
//! the table. Tables are built once per set and shared ([`table_of`]). A set whose values do not
//! repeat within [`SEARCH_LIMIT`] values (rare, and only among sets of four or more amounts) is
//! refused by name, since no heap beyond the values computed could be answered.

use std::sync::{Arc, Mutex};

use super::grundy::{self, GrundyTable, HeapGame};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, Rules, SubtractionSet, Teaching};

/// The most Grundy values computed while looking for the period (one byte each). Most sets repeat
/// within a few hundred values; a few sets of four or more amounts take hundreds of thousands, and
/// rare ones more than this, which the name parser then refuses (see [`try_build_table`]).
pub const SEARCH_LIMIT: usize = 1 << 24;

/// A subtraction game, normal play.
#[derive(Debug, Clone)]
pub struct Subtraction {
    set: SubtractionSet,
    /// `None` for a set whose values do not repeat within [`SEARCH_LIMIT`]: every move is then
    /// refused (the name parser never lets such a set through).
    table: Option<Arc<GrundyTable>>,
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
        self.table.as_ref().map_or(0, |t| t.value(size))
    }

    /// The Grundy table with its pre-period and period (an empty table for a set refused).
    pub fn table(&self) -> GrundyTable {
        self.table.as_deref().cloned().unwrap_or(GrundyTable { values: vec![0], pre_period: 0, period: 1 })
    }
}

/// The table of `set`, built once and kept in a small cache shared by every [`Subtraction`]; `None`
/// when its values do not repeat within [`SEARCH_LIMIT`].
pub fn table_of(set: SubtractionSet) -> Option<Arc<GrundyTable>> {
    type Cache = Vec<(SubtractionSet, Option<Arc<GrundyTable>>)>;
    static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
    // A poisoned lock only means another thread panicked while holding it; the cache is still a
    // list of finished tables.
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, table)) = cache.iter().find(|(s, _)| *s == set) {
        return table.clone();
    }
    let table = try_build_table(set).map(Arc::new);
    if cache.len() >= 16 {
        cache.remove(0);
    }
    cache.push((set, table.clone()));
    table
}

/// Computes the Grundy values of `set` from the definition until they repeat, or `None` when they
/// do not within [`SEARCH_LIMIT`] values.
///
/// The state after heap `i` is the window of the last `m = max(set)` values, which decides every
/// later value. Brent's cycle search over these windows (compared by a rolling hash, then checked
/// value by value) finds the period `λ`; the first window that equals the one `λ` later gives where
/// the repetition starts; both are then made minimal for the values themselves. Only the values
/// are kept (one byte each) and the hashes of the two windows compared.
pub fn try_build_table(set: SubtractionSet) -> Option<GrundyTable> {
    let m = set.max() as usize;
    let amounts: Vec<usize> = set.amounts().map(|s| s as usize).collect();
    let mut values: Vec<u8> = Vec::new();
    let extend = |values: &mut Vec<u8>| {
        let n = values.len();
        let mut seen = 0u128;
        for &s in &amounts {
            if s > n {
                break;
            }
            // A value of 128 (only for the set 1..=128) is past every mex that could be below it.
            seen |= 1u128.checked_shl(u32::from(values[n - s])).unwrap_or(0);
        }
        values.push(grundy::mex(seen) as u8);
    };
    let fill = |values: &mut Vec<u8>, upto: usize| {
        while values.len() <= upto {
            extend(values);
        }
    };
    let window = Window::new(m);
    fill(&mut values, m);
    // Brent: the hare runs ahead; the tortoise jumps to it at powers of two. Windows are named by
    // their last index.
    let (mut power, mut lambda) = (1usize, 1usize);
    let mut tortoise = m - 1;
    let mut tortoise_hash = window.hash(&values, tortoise);
    let mut hare = m;
    let mut hare_hash = window.hash(&values, hare);
    while !(hare_hash == tortoise_hash && window.same(&values, tortoise, hare)) {
        if power == lambda {
            tortoise = hare;
            tortoise_hash = hare_hash;
            power *= 2;
            lambda = 0;
        }
        hare += 1;
        lambda += 1;
        if hare >= SEARCH_LIMIT {
            return None;
        }
        fill(&mut values, hare);
        hare_hash = window.roll(hare_hash, values[hare - m], values[hare]);
    }
    // The first window equal to the one `lambda` later.
    let mut start = m - 1;
    fill(&mut values, start + lambda);
    let (mut early, mut late) = (window.hash(&values, start), window.hash(&values, start + lambda));
    while !(early == late && window.same(&values, start, start + lambda)) {
        start += 1;
        fill(&mut values, start + lambda);
        early = window.roll(early, values[start - m], values[start]);
        late = window.roll(late, values[start + lambda - m], values[start + lambda]);
    }
    // Values repeat from the start of that window; perhaps from earlier.
    let mut pre = start + 1 - m;
    fill(&mut values, pre + 2 * lambda + m);
    while pre > 0 && values[pre - 1] == values[pre - 1 + lambda] {
        pre -= 1;
    }
    let period = (1..=lambda)
        .filter(|d| lambda % d == 0)
        .find(|&d| (pre..pre + lambda).all(|n| values[n] == values[n + d]))
        .unwrap_or(lambda);
    values.truncate(pre + period);
    values.shrink_to_fit();
    Some(GrundyTable { values, pre_period: pre as u64, period: period as u64 })
}

/// A polynomial hash of windows of `m` values, rolled one value at a time.
struct Window {
    m: usize,
    /// `BASE^m`, to take the oldest value out.
    top: u64,
}

impl Window {
    const BASE: u64 = 0x100_0000_01b3;

    fn new(m: usize) -> Window {
        Window { m, top: (0..m).fold(1u64, |p, _| p.wrapping_mul(Window::BASE)) }
    }

    /// The hash of the window ending at `end` (which is at least `m - 1`).
    fn hash(&self, values: &[u8], end: usize) -> u64 {
        values[end + 1 - self.m..=end]
            .iter()
            .fold(0u64, |h, &v| h.wrapping_mul(Window::BASE).wrapping_add(u64::from(v) + 1))
    }

    /// The hash after the window moves on by one: `out` leaves, `new` comes in.
    fn roll(&self, hash: u64, out: u8, new: u8) -> u64 {
        hash.wrapping_mul(Window::BASE)
            .wrapping_add(u64::from(new) + 1)
            .wrapping_sub((u64::from(out) + 1).wrapping_mul(self.top))
    }

    fn same(&self, values: &[u8], a: usize, b: usize) -> bool {
        values[a + 1 - self.m..=a] == values[b + 1 - self.m..=b]
    }
}

impl HeapGame for Subtraction {
    fn kind(&self) -> GameKind {
        GameKind::Subtraction(self.set)
    }
    fn grundy(&self, size: u64) -> u128 {
        u128::from(Subtraction::grundy(self, size))
    }
    fn takes_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        self.set
            .amounts()
            .take_while(|&s| s <= size)
            .filter(|&s| HeapGame::grundy(self, size - s) == target)
            .all(|s| visit(Move::take(heap, s)))
    }
    fn count_takes_to(&self, size: u64, target: u128) -> u128 {
        self.set
            .amounts()
            .take_while(|&s| s <= size)
            .filter(|&s| HeapGame::grundy(self, size - s) == target)
            .count() as u128
    }
    fn splits_to(&self, _: usize, _: u64, _: u128, _: &mut dyn FnMut(Move) -> bool) -> bool {
        true
    }
    fn count_splits_to(&self, _: u64, _: u128) -> u128 {
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
    /// From the largest heap that allows a move: where the set is every amount from 1 to k (the
    /// 21 game, Bachet's game) the smallest, 1, which leaves the most tokens and so the most turns
    /// in which the other player may slip (taking all it may is the move a child finds weakest),
    /// and costs nothing in length, since against perfect replies every pair of moves takes k + 1
    /// whatever the first of them takes. Otherwise the largest amount: such a game lasts at least
    /// (tokens) / max(set) moves whoever plays, so the AI shortens it as much as it can.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (heap, &size) = position
            .heaps()
            .iter()
            .enumerate()
            .filter(|(_, h)| self.take_count(**h) > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        let every_amount = self.set.len() as u64 == self.set.max();
        let s = match every_amount {
            true => self.set.amounts().next().filter(|&s| s <= size)?,
            false => self.set.amounts().take_while(|&s| s <= size).last()?,
        };
        Some(Move::take(heap, s))
    }
    fn move_words(&self, _: &Position, mv: &Move) -> MoveWords {
        MoveWords::plain(mv)
    }
    fn periodic(&self) -> Option<(u64, u64)> {
        self.table.as_ref().map(|t| (t.pre_period, t.period))
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
        if self.table.is_none() {
            return Err(MoveError::NoTable { game: GameKind::Subtraction(self.set).title() });
        }
        match mv {
            Move::Take(take) => {
                position.check(*take)?;
                if !self.set.contains(take.take) {
                    return Err(MoveError::NotInSet { take: take.take, allowed: self.set.spoken() });
                }
                Ok(())
            }
            _ => Err(MoveError::NotInThisGame {
                game: GameKind::Subtraction(self.set).title(),
                what: "one heap at a time",
            }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        grundy::is_over(self, position)
    }
    grundy::grundy_answers!();
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_take(text)
    }
}
