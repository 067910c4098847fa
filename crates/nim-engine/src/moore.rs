//! Moore's Nim_k: a move takes any number of tokens from each of at least one and at most K heaps.
//!
//! **Normal play** (Moore, 1910). Count, in each binary column, the heaps with a 1 there. The
//! player to move loses exactly when every count is a multiple of K+1. A winning move is found
//! from the highest column down, keeping the set `S` of heaps already lowered (whose lower digits
//! are then free): in a column whose count outside `S` is `c`, with `r = c mod (K+1)` and
//! `s = |S|`, either `s + r ≤ K` and `r` more heaps with a 1 there are lowered to 0 in that column
//! (joining `S`), or `s + r ≥ K + 1` and `K + 1 - r` of the free heaps get a 1 there. Either way
//! the column's count becomes a multiple of K+1 and `S` never holds more than K heaps.
//!
//! **Misère.** Call a heap of two or more big. With no big heap, `m` heaps of one, the player to
//! move loses exactly when `m ≡ 1 (mod K+1)`: a move removes 1 to K of them. With 1 to K big heaps
//! the player to move always wins: one move can touch every big heap, leave each with 0 or 1, and
//! remove up to the K left over heaps of one, which reaches every remainder modulo K+1. With K+1
//! or more big heaps no move leaves none (it touches at most K), so play is as in normal play: the
//! player to move loses exactly when every column count is a multiple of K+1. (A normal-play
//! losing position always has K+1 big heaps or none: a column above the ones digit is counted only
//! by big heaps.) The tests check both conventions against an exhaustive search.
//!
//! **Every winning move.** A winning move can reshape several huge heaps digit by digit, so there
//! may be astronomically many (about 10^51 on 16 heaps of 10^17 with K = 6): they are counted as
//! a [`Natural`], never saturated. They are counted by a search over the columns from the highest,
//! whose state is the set of heaps already lowered (memoised). The cost grows like (heaps)^K: a
//! game at the table (16 heaps) mostly takes milliseconds, but dozens of heaps with a large K
//! would take hours, so each position has a budget: [`SEARCH_BUDGET`] steps (under a second,
//! in a release build) and [`MEMO_LIMIT`] remembered results (a few tens of MB). Past it the count
//! is a lower bound, said to be one ([`MoveCount::at_least`]): the larger of the part counted and
//! the exact count of the moves on a few heaps (those of the column rule's move and the largest
//! others). The list needs no such search: from any set of lowered heaps the column rule always
//! finishes a winning move (but from none, when every column below is settled), so every branch
//! the listing enters gives a move, and listing 1000 costs about 1000 × columns × heaps.

use std::collections::HashMap;

use super::explain::binary_digits;
use super::{
    GameKind, MOORE_MAX_K, Mode, Move, MoveCount, MoveError, Natural, Outcome, Position, Rules, Take,
    Teaching,
};

/// Moore's Nim_k under one convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moore {
    k: u32,
    mode: Mode,
}

/// What the teaching panel shows for Moore's Nim_k.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MooreView {
    /// The most heaps a move takes from.
    pub k: u32,
    /// The convention.
    pub mode: Mode,
    /// The heaps.
    pub heaps: Vec<u64>,
    /// How many binary digits the widest heap needs (at least one).
    pub digits: usize,
    /// For each binary column, highest first (`digits` of them): how many heaps have a 1 there,
    /// and that count modulo K+1 (0 in every column exactly when the position is lost in normal
    /// play).
    pub columns: Vec<(u64, u64)>,
    /// True in misère when no more than K heaps hold two or more: the endgame rule decides.
    pub endgame: bool,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why the best move is best, as data for the hint's sentence.
    pub reason: MooreReason,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// How much work the exhaustive search may do before it gives up: about 0.6 s in a release
/// build, and under a second with the lower bound's smaller searches after it (a unit is one way
/// to play a column, or sixteen columns of a product). A game at the table (16 heaps of up to
/// 10^18, K up to 8) mostly needs far less; `solve` on dozens of heaps with a large K could
/// otherwise run for hours. Past it, the count is a lower bound.
pub const SEARCH_BUDGET: u64 = 500_000;

/// The most winning moves of Moore's Nim_k listed for one position, whatever the limit asked:
/// they are listed in the order of the binary columns and sorted into the game's order, so they
/// are held at once (at most a few tens of MB). A list stopped here says so
/// ([`crate::Listing::complete`]).
pub const MOORE_LIST_MAX: usize = 100_000;

/// The most results the search remembers (each a set of at most K heaps and a count of a few
/// words): a few tens of MB at most. Past it, the search goes on without remembering more.
const MEMO_LIMIT: usize = 100_000;

/// The most states [`Moore::class_count`] keeps for one column: a few tens of MB at most.
const WALK_STATES: usize = 100_000;

/// The most steps (one way to play one column from one state) [`Moore::class_count`] takes:
/// about a second at most in a release build.
const WALK_BUDGET: u64 = 5_000_000;

/// How many ways to drop at most `room` heaps [`each_drop`] visits for these candidates
/// (saturating): the coefficients up to `room` of the product of `1 + x + ... + x^a`.
fn leaves(candidates: &[(u32, u64)], room: usize) -> u64 {
    let mut by_dropped = vec![0u64; room + 1];
    by_dropped[0] = 1;
    for &(_, a) in candidates {
        let most = (a as usize).min(room);
        for total in (0..=room).rev() {
            let sum = (1..=most.min(total))
                .fold(by_dropped[total], |sum, d| sum.saturating_add(by_dropped[total - d]));
            by_dropped[total] = sum;
        }
    }
    by_dropped.iter().fold(0u64, |all, &n| all.saturating_add(n))
}

/// What [`each_drop`] calls with each way to drop heaps: the classes with how many of each, how
/// many in all, and the ways it stands for.
type DropVisit<'a> = dyn FnMut(&[(u32, u8)], usize, &Natural) + 'a;

/// Calls `visit(chosen, dropped, weight)` for every way to drop at most `room` heaps, `d` of the
/// `a` heaps of each candidate class `(class, a)` from `at` on: `chosen` the classes with their
/// `d > 0`, `dropped` the heaps dropped, `weight` the product of the `C(a, d)`.
fn each_drop(
    candidates: &[(u32, u64)],
    at: usize,
    room: usize,
    dropped: usize,
    weight: Natural,
    chosen: &mut Vec<(u32, u8)>,
    visit: &mut DropVisit<'_>,
) {
    let Some(&(class, a)) = candidates.get(at) else {
        visit(chosen, dropped, &weight);
        return;
    };
    each_drop(candidates, at + 1, room, dropped, weight.clone(), chosen, visit);
    for d in 1..=(a as usize).min(room - dropped) {
        // d <= room <= K = 8: fits a u8.
        chosen.push((class, d as u8));
        let weight = weight.mul(&Natural::choose(a, d as u64));
        each_drop(candidates, at + 1, room, dropped + d, weight, chosen, visit);
        chosen.pop();
    }
}

/// The most non-empty heaps [`Moore::column_count`] takes on: its table holds one count per set
/// of them (2^12 of 16 bytes at most); with more, the search counts.
const COLUMN_HEAPS: usize = 12;

/// `C(s, z)` for the at most K = 8 heaps of a column.
const BINOMIALS: [[u128; 9]; 9] = {
    let mut table = [[0u128; 9]; 9];
    let mut s = 0;
    while s < 9 {
        table[s][0] = 1;
        let mut z = 1;
        while z <= s {
            table[s][z] = table[s - 1][z - 1] + if z < s { table[s - 1][z] } else { 0 };
            z += 1;
        }
        s += 1;
    }
    table
};

/// The most sets of at most K heaps the lower bound's search takes on ([`Moore::family_count`]).
const FAMILY_SETS: u64 = 4_000;

/// Calls `visit` with every subset of `items` of at most `most` elements, smallest first, in
/// lexicographic order, until it returns false. Returns false when stopped.
fn subsets_up_to(items: &[usize], most: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    (0..=most.min(items.len())).all(|size| combinations(items, size, visit))
}

/// Calls `visit` with every `size`-element subset of `items`, in lexicographic order, until it
/// returns false. Returns false when stopped.
fn combinations(items: &[usize], size: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn walk(
        items: &[usize],
        size: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if chosen.len() == size {
            return visit(chosen);
        }
        for i in from..items.len() {
            if items.len() - i < size - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            let go_on = walk(items, size, i + 1, chosen, visit);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    walk(items, size, 0, &mut Vec::new(), visit)
}

/// Calls `visit(dropped, raised)` for every way to play one column that leaves a multiple of `m`
/// ones in it, `fixed` of them in heaps that stay as they are: `dropped` heaps of `ones` (not yet
/// lowered, with a 1 there) fall to 0, at most
/// `room` of them, and `raised` heaps of `lowered` (whose digits here are free) get a 1. They come
/// in the order of the column left, read as heaps 1, 2, ... with a 1 before a 0: the column with
/// the most left in the first heaps first. Generated one at a time, so a column with millions of
/// ways costs no memory; a branch is entered only if it reaches at least one way. Returns false
/// when `visit` stopped it.
fn each_choice(
    ones: &[usize],
    fixed: usize,
    lowered: &[usize],
    room: usize,
    m: usize,
    visit: &mut dyn FnMut(&[usize], &[usize]) -> bool,
) -> bool {
    // Every heap that can hold a 1 in the column, in heap order; true for the heaps of `ones`.
    let mut candidates: Vec<(usize, bool)> =
        ones.iter().map(|&i| (i, true)).chain(lowered.iter().map(|&i| (i, false))).collect();
    candidates.sort_unstable();
    struct Walk<'v> {
        candidates: Vec<(usize, bool)>,
        /// `ones_after[p]`: heaps of `ones` among the candidates from `p` on; the rest are free.
        ones_after: Vec<usize>,
        room: usize,
        m: usize,
        dropped: Vec<usize>,
        raised: Vec<usize>,
        visit: &'v mut dyn FnMut(&[usize], &[usize]) -> bool,
    }
    impl Walk<'_> {
        /// Whether some way on from candidate `p`, with `set` ones so far, leaves a multiple of m.
        fn reachable(&self, p: usize, set: usize) -> bool {
            let ones = self.ones_after[p];
            let free = self.candidates.len() - p - ones;
            let least = set + ones.saturating_sub(self.room - self.dropped.len());
            let most = set + ones + free;
            least.div_ceil(self.m) * self.m <= most
        }
        fn go(&mut self, p: usize, set: usize) -> bool {
            let Some(&(heap, one)) = self.candidates.get(p) else {
                return (self.visit)(&self.dropped, &self.raised);
            };
            // A 1 in this heap first: kept, or raised.
            if !one {
                self.raised.push(heap);
            }
            let go_on = !self.reachable(p + 1, set + 1) || self.go(p + 1, set + 1);
            if !one {
                self.raised.pop();
            }
            if !go_on {
                return false;
            }
            // Then a 0: dropped (if there is room), or left free at 0.
            if one {
                if self.dropped.len() == self.room {
                    return true;
                }
                self.dropped.push(heap);
            }
            let go_on = !self.reachable(p + 1, set) || self.go(p + 1, set);
            if one {
                self.dropped.pop();
            }
            go_on
        }
    }
    let mut ones_after = vec![0; candidates.len() + 1];
    for p in (0..candidates.len()).rev() {
        ones_after[p] = ones_after[p + 1] + usize::from(candidates[p].1);
    }
    let mut walk = Walk { candidates, ones_after, room, m, dropped: Vec::new(), raised: Vec::new(), visit };
    !walk.reachable(0, fixed) || walk.go(0, fixed)
}

/// `h` with bit `j` and every bit below it cleared.
fn above(h: u64, j: u32) -> u64 {
    h & !(u64::MAX >> (63 - j))
}

/// The search over columns behind the count and the list of normal play's winning moves.
///
/// From the highest column down, its state is the set of heaps already lowered (at most K, kept
/// sorted): below the column where a heap was first lowered its digits are free. The count from a
/// column down depends on that set alone, and is remembered (up to [`MEMO_LIMIT`] of them).
/// `movable` may restrict the heaps a move touches: the count is then that of the winning moves
/// on those heaps only, a lower bound of the whole.
struct Search<'a> {
    heaps: &'a [u64],
    k: usize,
    m: usize,
    /// The heaps a move may touch.
    movable: Vec<bool>,
    /// How many heaps have a 1 in each column (index = the column's bit).
    counts: [u64; 64],
    /// `settled[j]`: every column below `j` holds a multiple of K+1 ones as the heaps stand.
    settled: [bool; 65],
    memo: HashMap<(u32, Box<[u32]>), Natural>,
    /// Work done so far, against `budget`.
    work: u64,
    budget: u64,
    /// Set once the budget is spent: every count from then on is a lower bound only.
    exhausted: bool,
}

impl<'a> Search<'a> {
    fn new(heaps: &'a [u64], k: u32, movable: Vec<bool>, budget: u64) -> Search<'a> {
        let m = k as usize + 1;
        let counts = Moore::counts(heaps);
        let mut settled = [true; 65];
        for j in 1..65 {
            settled[j] = settled[j - 1] && counts[j - 1].is_multiple_of(m as u64);
        }
        Search {
            heaps,
            k: k as usize,
            m,
            movable,
            counts,
            settled,
            memo: HashMap::new(),
            work: 0,
            budget,
            exhausted: false,
        }
    }

    fn top(&self) -> Option<u32> {
        self.heaps.iter().copied().max().filter(|&h| h > 0).map(|h| 63 - h.leading_zeros())
    }

    /// In column `j`: the movable heaps not yet lowered with a 1 there, and how many ones the
    /// heaps not lowered hold there in all.
    fn column(&self, j: u32, lowered: &[usize]) -> (Vec<usize>, usize) {
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.movable[i] && self.heaps[i] >> j & 1 == 1 && !lowered.contains(&i))
            .collect();
        let in_lowered = lowered.iter().filter(|&&i| self.heaps[i] >> j & 1 == 1).count() as u64;
        // Every heap with a 1 there is counted in `counts`, the lowered ones among them.
        (ones, (self.counts[j as usize] - in_lowered) as usize)
    }

    /// Counts `units` of work; false once the budget is spent.
    fn spend(&mut self, units: u64) -> bool {
        self.work += units;
        if self.work > self.budget {
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// The ways to give `free` lowered heaps their digits in a column that holds `kept` ones
    /// besides, leaving a multiple of K+1: `C(free, z)` for each `z` that does. Since
    /// `free <= K < K+1`, at most one `z` does.
    fn ways(&self, free: usize, kept: usize) -> u64 {
        let z = (self.m - kept % self.m) % self.m;
        if z <= free { choose_small(free, z) } else { 0 }
    }

    /// Whether the columns `j` and below can be played at all, given the heaps already lowered.
    /// They always can but in one case: in a column whose count outside the lowered heaps is `r`
    /// more than a multiple of K+1, with `s` heaps lowered, either `s + r <= K` and `r` more are
    /// lowered, or `r >= K + 1 - s` and `K + 1 - r` lowered heaps get a 1 (the column rule). The
    /// case: no heap lowered yet, and every column below already a multiple of K+1.
    fn reachable(&self, j: Option<u32>, lowered: &[usize]) -> bool {
        !lowered.is_empty() || !self.settled[j.map_or(0, |j| j as usize + 1)]
    }

    /// How many ways the columns `j` and below can be played, given the heaps already lowered,
    /// to leave a multiple of K+1 in every column with at least one heap lowered in all. Exact
    /// unless the budget ran out (then a lower bound: a sum of some of its terms).
    fn count(&mut self, j: Option<u32>, lowered: &[usize]) -> Natural {
        let Some(j) = j else { return Natural::from(u64::from(!lowered.is_empty())) };
        if self.exhausted || !self.reachable(Some(j), lowered) {
            return Natural::zero();
        }
        let key = (j, lowered.iter().map(|&i| i as u32).collect::<Box<[u32]>>());
        if let Some(known) = self.memo.get(&key) {
            return known.clone();
        }
        if lowered.len() == self.k {
            let count = self.count_full(j, lowered);
            if !self.exhausted && self.memo.len() < MEMO_LIMIT {
                self.memo.insert(key, count.clone());
            }
            return count;
        }
        let (ones, all) = self.column(j, lowered);
        let free = lowered.len();
        let mut total = Natural::zero();
        subsets_up_to(&ones, self.k - free, &mut |drop| {
            if !self.spend(1) {
                return false;
            }
            let ways = self.ways(free, all - drop.len());
            if ways > 0 {
                let mut next: Vec<usize> = lowered.iter().chain(drop).copied().collect();
                next.sort_unstable();
                let below = self.count(j.checked_sub(1), &next);
                total = total.add(&below.mul(&Natural::from(ways)));
            }
            true
        });
        if !self.exhausted && self.memo.len() < MEMO_LIMIT {
            self.memo.insert(key, total.clone());
        }
        total
    }

    /// [`Search::count`] when K heaps are lowered already: no other heap may change, and each
    /// column below is played in `C(K, z)` ways, `z` the ones it lacks (there are always K free
    /// digits to give them), so the count is their product.
    fn count_full(&mut self, j: u32, lowered: &[usize]) -> Natural {
        if !self.spend(1 + u64::from(j) / 16) {
            return Natural::zero();
        }
        let mut product = Natural::from(1u64);
        let mut part = 1u128;
        for column in (0..=j).rev() {
            let in_lowered = lowered.iter().filter(|&&i| self.heaps[i] >> column & 1 == 1).count() as u64;
            let ways =
                u128::from(self.ways(lowered.len(), (self.counts[column as usize] - in_lowered) as usize));
            part = match part.checked_mul(ways) {
                Some(p) => p,
                None => {
                    product = product.mul(&Natural::from(part));
                    ways
                }
            };
        }
        product.mul(&Natural::from(part))
    }

    /// Lists winning moves from column `j` down into `out`, at most `limit` in all. Every branch
    /// it enters leads to a winning move ([`Search::reachable`]), so the work is about the
    /// number of moves listed times the columns and heaps.
    fn list(
        &mut self,
        j: Option<u32>,
        lowered: &[usize],
        values: &mut [u64],
        out: &mut Vec<Move>,
        limit: usize,
    ) {
        if out.len() >= limit || self.exhausted {
            return;
        }
        let Some(j) = j else {
            if !lowered.is_empty() {
                let takes = lowered.iter().map(|&i| Take::new(i, self.heaps[i] - values[i])).collect();
                out.push(Move::take_many(takes));
            }
            return;
        };
        let (ones, all) = self.column(j, lowered);
        let room = self.k - lowered.len();
        each_choice(&ones, all - ones.len(), lowered, room, self.m, &mut |dropped, raised| {
            if out.len() >= limit || !self.spend(1) {
                return false;
            }
            let mut next: Vec<usize> = lowered.iter().chain(dropped).copied().collect();
            next.sort_unstable();
            if !self.reachable(j.checked_sub(1), &next) {
                return true;
            }
            // A heap dropped here was not lowered before, so it held its own value; a lowered
            // heap's digit here was cleared when it was lowered.
            for &i in dropped {
                values[i] = above(self.heaps[i], j);
            }
            for &i in raised {
                values[i] |= 1 << j;
            }
            self.list(j.checked_sub(1), &next, values, out, limit);
            for &i in dropped {
                values[i] = self.heaps[i];
            }
            for &i in raised {
                values[i] &= !(1 << j);
            }
            true
        });
    }
}

/// [`Search::list`] for up to 64 heaps, the sets of heaps as bit masks: the same moves in the same
/// order, the same budget, without a list made or a set copied at each step (the tests' reference
/// for [`Lister`]).
#[cfg(test)]
struct MaskList<'a> {
    heaps: &'a [u64],
    k: usize,
    m: usize,
    /// `columns[j]`: the heaps with a 1 in column `j`.
    columns: [u64; 64],
    /// As in [`Search`].
    settled: [bool; 65],
    /// The heaps as the move being built leaves them.
    values: Vec<u64>,
    out: Vec<Move>,
    limit: usize,
    work: u64,
    budget: u64,
    exhausted: bool,
}

#[cfg(test)]
impl<'a> MaskList<'a> {
    fn new(heaps: &'a [u64], k: u32, limit: usize, budget: u64) -> Option<MaskList<'a>> {
        if heaps.len() > 64 {
            return None;
        }
        let m = k as usize + 1;
        let mut columns = [0u64; 64];
        let mut counts = [0u64; 64];
        for (i, &h) in heaps.iter().enumerate() {
            let mut rest = h;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                columns[j] |= 1 << i;
                counts[j] += 1;
                rest &= rest - 1;
            }
        }
        let mut settled = [true; 65];
        for j in 1..65 {
            settled[j] = settled[j - 1] && counts[j - 1].is_multiple_of(m as u64);
        }
        Some(MaskList {
            heaps,
            k: k as usize,
            m,
            columns,
            settled,
            values: heaps.to_vec(),
            out: Vec::new(),
            limit,
            work: 0,
            budget,
            exhausted: false,
        })
    }

    fn spend(&mut self) -> bool {
        self.work += 1;
        if self.work > self.budget {
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// As [`Search::list`], from column `j` down with the heaps of `lowered` lowered.
    fn list(&mut self, j: Option<u32>, lowered: u64) {
        if self.out.len() >= self.limit || self.exhausted {
            return;
        }
        let Some(j) = j else {
            if lowered != 0 {
                let takes = bits(lowered).map(|i| Take::new(i, self.heaps[i] - self.values[i])).collect();
                self.out.push(Move::take_many(takes));
            }
            return;
        };
        let ones = self.columns[j as usize] & !lowered;
        let room = self.k - lowered.count_ones() as usize;
        let choice = Choice { j, lowered, ones, room };
        if choice.reachable(ones | lowered, 0, 0, self.m) {
            self.choose(&choice, ones | lowered, 0, 0, 0);
        }
    }

    /// [`each_choice`]'s walk over the heaps of `left`, in heap order: a 1 first (kept, or
    /// raised), then a 0 (dropped, room allowing, or left free). False once stopped.
    fn choose(&mut self, choice: &Choice, left: u64, set: usize, dropped: u64, raised: u64) -> bool {
        if left == 0 {
            return self.visit(choice, dropped, raised);
        }
        let heap = left.trailing_zeros();
        let rest = left & (left - 1);
        let one = choice.ones >> heap & 1 == 1;
        let raised_here = if one { raised } else { raised | 1 << heap };
        if choice.reachable(rest, set + 1, dropped.count_ones() as usize, self.m)
            && !self.choose(choice, rest, set + 1, dropped, raised_here)
        {
            return false;
        }
        let dropped_here = if one {
            if dropped.count_ones() as usize == choice.room {
                return true;
            }
            dropped | 1 << heap
        } else {
            dropped
        };
        !choice.reachable(rest, set, dropped_here.count_ones() as usize, self.m)
            || self.choose(choice, rest, set, dropped_here, raised)
    }

    /// One way to play the column: on to the columns below. False once stopped.
    fn visit(&mut self, choice: &Choice, dropped: u64, raised: u64) -> bool {
        if self.out.len() >= self.limit || !self.spend() {
            return false;
        }
        let j = choice.j;
        let next = choice.lowered | dropped;
        // As `Search::reachable` for the column below.
        if next == 0 && self.settled[j as usize] {
            return true;
        }
        for i in bits(dropped) {
            self.values[i] = above(self.heaps[i], j);
        }
        for i in bits(raised) {
            self.values[i] |= 1 << j;
        }
        self.list(j.checked_sub(1), next);
        for i in bits(dropped) {
            self.values[i] = self.heaps[i];
        }
        for i in bits(raised) {
            self.values[i] &= !(1 << j);
        }
        true
    }
}

/// [`Search::list`] for up to 64 heaps: the same moves in the same order, the same budget, as
/// bit masks with heap `i` at bit `63 - i`. Then a column's ways to play, each read as the mask of
/// the heaps left with a 1 there, come in the search's order (heap 1 first, a 1 before a 0) as
/// the numbers fall: the sub-masks of the column's candidates, counted down. A column where K
/// heaps are lowered already (most of them) is played by choosing which lowered heaps get a 1:
/// only those sub-masks are walked. So listing ten moves of five huge heaps costs about one walk
/// down the columns.
struct Lister<'a> {
    heaps: &'a [u64],
    k: u32,
    /// The heaps that are not empty, heap `i` at bit `63 - i`.
    nonempty: u64,
    /// `lacking[c]`: what `c` ones lack to a multiple of K+1 (a table: no division per column).
    lacking: [u8; 65],
    /// The columns whose count is not a multiple of K+1 as the heaps stand.
    unsettled: u64,
    /// The heaps as the move being built leaves them.
    values: [u64; 64],
    out: Vec<Move>,
    limit: usize,
    work: u64,
    budget: u64,
    exhausted: bool,
}

impl<'a> Lister<'a> {
    fn new(heaps: &'a [u64], k: u32, limit: usize, budget: u64) -> Option<Lister<'a>> {
        if heaps.len() > 64 {
            return None;
        }
        let m = k as usize + 1;
        let unsettled = Planes::new(heaps.iter().copied())?.unsettled(m);
        let mut lacking = [0u8; 65];
        for (lack, z) in lacking.iter_mut().zip(lacks(m)) {
            *lack = z as u8;
        }
        let mut values = [0u64; 64];
        values[..heaps.len()].copy_from_slice(heaps);
        Some(Lister {
            heaps,
            k,
            nonempty: heaps
                .iter()
                .enumerate()
                .filter(|(_, h)| **h > 0)
                .fold(0, |mask, (i, _)| mask | 1 << (63 - i)),
            lacking,
            unsettled,
            values,
            out: Vec::with_capacity(limit.min(16)),
            limit,
            work: 0,
            budget,
            exhausted: false,
        })
    }

    /// Lists from the highest column holding a 1.
    fn list_all(&mut self) {
        if let Some(top) = self.heaps.iter().copied().max().filter(|&h| h > 0).map(|h| 63 - h.leading_zeros())
        {
            self.list(top, 0, 0);
        }
    }

    /// As [`Search::list`], from column `j` down with the `free` heaps of `lowered` lowered.
    /// False once stopped (the list full, or the budget spent).
    fn list(&mut self, j: u32, lowered: u64, free: u32) -> bool {
        // Made here, not for all 64 columns ahead: most columns are played by `finish`.
        let column =
            self.heaps.iter().enumerate().fold(0u64, |mask, (i, &h)| mask | (h >> j & 1) << (63 - i));
        let ones = column & !lowered;
        let count = ones.count_ones();
        let room = self.k - free;
        let m = self.k + 1;
        if (room == 0 || lowered & self.nonempty == self.nonempty) && free > 0 && self.k <= MOORE_MAX_K {
            return self.finish(j, lowered, free);
        }
        if room == 0 {
            // No heap may drop: the column's other ones stay, and exactly the ones it lacks to a
            // multiple of K+1 are given to lowered heaps (fewer than K+1 of them): the sub-masks
            // of `lowered` of that size, counted down.
            let lacking = u32::from(self.lacking[count as usize]);
            if lacking == 0 || lacking == free {
                return self.play(j, lowered, free, 0, if lacking == 0 { 0 } else { lowered });
            }
            let mut raised = lowered;
            loop {
                if few_ones(raised) == lacking && !self.play(j, lowered, free, 0, raised) {
                    return false;
                }
                if raised == 0 {
                    return true;
                }
                raised = (raised - 1) & lowered;
            }
        }
        if count + free < m {
            // Fewer than K+1 ones can be left: none may be, so every one drops, room allowing.
            return count > room || self.play(j, lowered, free, ones, 0);
        }
        let candidates = ones | lowered;
        let mut left = candidates;
        loop {
            let dropped = ones & !left;
            if left.count_ones().is_multiple_of(m)
                && dropped.count_ones() <= room
                && !self.play(j, lowered, free, dropped, left & lowered)
            {
                return false;
            }
            if left == 0 {
                return true;
            }
            left = (left - 1) & candidates;
        }
    }

    /// Columns `j` down to 0 with K heaps lowered already, or every non-empty heap (`lowered`,
    /// `free` of them): no heap may drop, and each column gives the ones it lacks to a multiple of K+1 to lowered heaps,
    /// in the search's order (the sub-masks of `lowered` of that size, counted down). So the
    /// moves are an odometer whose digits are the columns with more than one way (column 0 the
    /// fastest), and the first move gives each column's ones to the first heaps lowered: each
    /// heap's digits for all the columns at once from the columns' counts ([`Planes`]), and only
    /// the few lowest digits ever turn. The work counted is the search's: a unit per column
    /// entered, `c + 1` for a turn of the digit at column `c`. False once stopped.
    fn finish(&mut self, j: u32, lowered: u64, free: u32) -> bool {
        // With fewer than K heaps lowered, every heap is: no column holds a 1 outside them, and
        // none lacks more than `free`.
        let k = free as usize;
        let m = self.k as usize + 1;
        let mut order = [0usize; MOORE_MAX_K as usize];
        for (t, i) in high_bits(lowered).enumerate() {
            order[t] = i;
        }
        let order = &order[..k];
        let columns = u64::MAX >> (63 - j);
        let outside = self
            .heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| lowered >> (63 - i) & 1 == 0)
            .map(|(_, &h)| h & columns);
        let Some(planes) = Planes::new(outside) else { return true };
        // `lack[z]`: the columns lacking `z` ones; the heap `t`-th in order gets a 1 where a
        // column lacks more than `t`, in the first move.
        let mut lack = [0u64; MOORE_MAX_K as usize + 1];
        for r in 0..m {
            lack[if r == 0 { 0 } else { m - r }] |= planes.residue(r, m) & columns;
        }
        let mut first = [0u64; MOORE_MAX_K as usize];
        for (t, bits) in first.iter_mut().enumerate().take(k) {
            *bits = lack[t + 1..m].iter().fold(0, |all, &mask| all | mask);
        }
        // The columns with more than one way, lowest first: the odometer's digits, each with the
        // heaps given its ones now (a sub-mask of `lowered`); `turned` of them have left their
        // first way.
        let branching = lack[1..k].iter().fold(0, |all, &mask| all | mask);
        let first_way =
            |z: u32| high_bits(lowered).take(z as usize).fold(0u64, |mask, i| mask | 1 << (63 - i));
        let mut digits: Vec<(u32, u32, u64)> = Vec::new();
        let mut units = u64::from(j) + 1;
        loop {
            if self.out.len() >= self.limit {
                return false;
            }
            self.work += units;
            if self.work > self.budget {
                self.exhausted = true;
                return false;
            }
            let takes = order
                .iter()
                .enumerate()
                .map(|(t, &i)| {
                    let mut bits = first[t];
                    for &(c, _, way) in &digits {
                        bits = bits & !(1 << c) | (way >> (63 - i) & 1) << c;
                    }
                    Take::new(i, self.heaps[i] - (self.values[i] | bits))
                })
                .collect();
            self.out.push(Move::take_many(takes));
            // Turn the lowest digit that has a next way; those below it go back to their first.
            let mut d = 0;
            loop {
                if d == digits.len() {
                    // A digit not yet turned: the next branching column up.
                    let done = digits.last().map_or(u64::MAX, |&(c, _, _)| u64::MAX << c << 1);
                    let rest = branching & done;
                    if rest == 0 {
                        return true;
                    }
                    let c = rest.trailing_zeros();
                    let z = (0..m).find(|&z| lack[z] >> c & 1 == 1).unwrap_or(0) as u32;
                    digits.push((c, z, first_way(z)));
                }
                let (c, z, way) = digits[d];
                let mut next = way;
                let turned = loop {
                    if next == 0 {
                        break None;
                    }
                    next = (next - 1) & lowered;
                    if few_ones(next) == z {
                        break Some(next);
                    }
                };
                match turned {
                    Some(next) => {
                        digits[d].2 = next;
                        for digit in &mut digits[..d] {
                            digit.2 = first_way(digit.1);
                        }
                        units = u64::from(c) + 1;
                        break;
                    }
                    None => d += 1,
                }
            }
        }
    }

    /// One way to play column `j`: the heaps of `dropped` fall to 0 there, those of `raised` (all
    /// lowered) get a 1; then on to the columns below. False once stopped.
    fn play(&mut self, j: u32, lowered: u64, free: u32, dropped: u64, raised: u64) -> bool {
        if self.out.len() >= self.limit {
            return false;
        }
        self.work += 1;
        if self.work > self.budget {
            self.exhausted = true;
            return false;
        }
        let next = lowered | dropped;
        // No heap lowered and every column below a multiple of K+1: no move on from here.
        if next == 0 && self.unsettled & !(u64::MAX << j) == 0 {
            return true;
        }
        let mut more = 0;
        for i in high_bits(dropped) {
            self.values[i] = above(self.heaps[i], j);
            more += 1;
        }
        for i in high_bits(raised) {
            self.values[i] |= 1 << j;
        }
        let go_on = if j == 0 {
            let takes = high_bits(next).map(|i| Take::new(i, self.heaps[i] - self.values[i])).collect();
            self.out.push(Move::take_many(takes));
            true
        } else {
            self.list(j - 1, next, free + more)
        };
        for i in high_bits(dropped) {
            self.values[i] = self.heaps[i];
        }
        for i in high_bits(raised) {
            self.values[i] &= !(1 << j);
        }
        go_on
    }
}

/// `ONES[x]`: how many bits of `x` are set (the portable build has no popcount instruction).
const ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut x = 1;
    while x < 256 {
        table[x] = table[x / 2] + (x % 2) as u8;
        x += 1;
    }
    table
};

/// How many heaps a set of at most [`COLUMN_HEAPS`] (12) holds, by two looks in a table.
fn few_set(set: u32) -> usize {
    usize::from(ONES[set as usize & 0xff]) + usize::from(ONES[(set >> 8) as usize & 0xff])
}

/// How many bits `mask` has set, one step a bit: for the few heaps of a set lowered.
fn few_ones(mask: u64) -> u32 {
    let (mut rest, mut count) = (mask, 0);
    while rest != 0 {
        rest &= rest - 1;
        count += 1;
    }
    count
}

/// The heaps of a mask with heap `i` at bit `63 - i`, first heap first.
fn high_bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.leading_zeros() as usize;
            rest &= !(1 << (63 - i));
            i
        })
    })
}

/// One column being played by [`MaskList`].
#[cfg(test)]
struct Choice {
    j: u32,
    lowered: u64,
    /// The heaps not yet lowered with a 1 in the column.
    ones: u64,
    /// How many more heaps may be lowered.
    room: usize,
}

#[cfg(test)]
impl Choice {
    /// As in [`each_choice`]: whether some way on through the heaps of `left`, with `set` ones so
    /// far and `dropped` heaps dropped, leaves a multiple of `m`.
    fn reachable(&self, left: u64, set: usize, dropped: usize, m: usize) -> bool {
        let ones = (left & self.ones).count_ones() as usize;
        let free = (left & !self.ones).count_ones() as usize;
        let least = set + ones.saturating_sub(self.room - dropped);
        let most = set + ones + free;
        least.div_ceil(m) * m <= most
    }
}

/// The indices of the bits set in `mask`, lowest first.
#[cfg(test)]
fn bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// `C(n, r)` for the small `n` of a column (at most K heaps lowered).
fn choose_small(n: usize, r: usize) -> u64 {
    Natural::choose(n as u64, r as u64).to_u64().unwrap_or(u64::MAX)
}

/// What 0, 1, 2, ... ones lack to a multiple of `m`: 0, m - 1, ..., 1, 0, m - 1, ... (counted on,
/// not divided: a division costs tens of cycles, and these are looked up per position).
fn lacks(m: usize) -> impl Iterator<Item = usize> {
    (0..m).map(move |r| if r == 0 { 0 } else { m - r }).cycle()
}

/// `base^exponent`, `None` past `u128`; a power of two by a shift.
fn power(base: u128, exponent: u32) -> Option<u128> {
    match base {
        0 | 1 => Some(base),
        _ if base.is_power_of_two() => {
            let shift = base.trailing_zeros().checked_mul(exponent)?;
            (shift < 128).then(|| 1u128 << shift)
        }
        _ => base.checked_pow(exponent),
    }
}

/// How many heaps have a 1 in each binary column, for every column at once, bit-sliced: bit `j`
/// of `planes[b]` is bit `b` of column `j`'s count. A heap is added in a few word operations
/// (a ripple-carry add of its bits), not one step per binary digit.
#[derive(Debug, Clone, Copy)]
struct Planes {
    planes: [u64; 7],
    /// How many heaps were counted: no column holds more.
    most: usize,
}

impl Planes {
    /// The counts of `heaps`; `None` past 127 heaps (the planes hold counts up to 127).
    fn new(heaps: impl Iterator<Item = u64>) -> Option<Planes> {
        let mut planes = [0u64; 7];
        let mut most = 0;
        for h in heaps {
            most += 1;
            if most > 127 {
                return None;
            }
            let mut carry = h;
            for plane in &mut planes {
                if carry == 0 {
                    break;
                }
                let over = *plane & carry;
                *plane ^= carry;
                carry = over;
            }
        }
        Some(Planes { planes, most })
    }

    /// The columns whose count is exactly `count`.
    fn equal(&self, count: usize) -> u64 {
        let used = (usize::BITS - self.most.leading_zeros()) as usize;
        self.planes[..used]
            .iter()
            .enumerate()
            .fold(u64::MAX, |mask, (b, &plane)| mask & if count >> b & 1 == 1 { plane } else { !plane })
    }

    /// Column `j`'s count.
    fn count(&self, j: u32) -> usize {
        self.planes.iter().enumerate().fold(0, |count, (b, &plane)| count | ((plane >> j & 1) as usize) << b)
    }

    /// The columns whose count is `r` more than a multiple of `m`.
    fn residue(&self, r: usize, m: usize) -> u64 {
        (r..=self.most).step_by(m).fold(0, |mask, count| mask | self.equal(count))
    }

    /// The columns whose count is not a multiple of `m`.
    fn unsettled(&self, m: usize) -> u64 {
        (1..=self.most)
            .zip(lacks(m).skip(1))
            .filter(|&(_, z)| z != 0)
            .fold(0, |mask, (count, _)| mask | self.equal(count))
    }
}

impl Moore {
    /// Moore's Nim_k (`k` from 1; 1 is Nim) under `mode`.
    pub fn new(k: u32, mode: Mode) -> Moore {
        Moore { k: k.max(1), mode }
    }

    /// The most heaps one move takes from.
    pub fn k(&self) -> u32 {
        self.k
    }

    fn modulus(&self) -> u64 {
        u64::from(self.k) + 1
    }

    /// How many heaps have a 1 in each binary column (index = the column's bit).
    fn counts(heaps: &[u64]) -> [u64; 64] {
        let mut counts = [0u64; 64];
        for &h in heaps {
            let mut rest = h;
            while rest != 0 {
                counts[rest.trailing_zeros() as usize] += 1;
                rest &= rest - 1;
            }
        }
        counts
    }

    fn normal_lost(&self, heaps: &[u64]) -> bool {
        match Planes::new(heaps.iter().copied()) {
            Some(planes) => planes.unsettled(self.modulus() as usize) == 0,
            None => Moore::counts(heaps).iter().all(|c| c % self.modulus() == 0),
        }
    }

    fn big(heaps: &[u64]) -> usize {
        heaps.iter().filter(|&&h| h > 1).count()
    }

    fn ones(heaps: &[u64]) -> usize {
        heaps.iter().filter(|&&h| h == 1).count()
    }

    /// Whether misère's endgame rule decides: no more than K big heaps.
    fn endgame(&self, heaps: &[u64]) -> bool {
        self.mode == Mode::Misere && Moore::big(heaps) <= self.k as usize
    }

    fn lost(&self, heaps: &[u64]) -> bool {
        if self.endgame(heaps) {
            let big = Moore::big(heaps);
            return big == 0 && Moore::ones(heaps) as u64 % self.modulus() == 1;
        }
        self.normal_lost(heaps)
    }

    /// The first `limit` winning moves as [`Rules::winning_moves_up_to`] gives them, at most
    /// [`MOORE_LIST_MAX`], and whether they are all that was asked for (`min(count, limit)`):
    /// false when the list stops at [`MOORE_LIST_MAX`] with more left, or when the search's budget
    /// ran out first.
    pub(crate) fn listing(&self, position: &Position, limit: usize) -> (Vec<Move>, bool) {
        let heaps = position.heaps();
        if self.lost(heaps) || limit == 0 {
            return (Vec::new(), true);
        }
        // One more than the most kept, to tell a list that was cut from one that was whole.
        let asked = limit.min(MOORE_LIST_MAX + 1);
        let (mut out, exhausted) = if self.endgame(heaps) {
            (self.endgame_moves(heaps, asked), false)
        } else {
            match Lister::new(heaps, self.k, asked, SEARCH_BUDGET) {
                Some(mut list) => {
                    list.list_all();
                    (list.out, list.exhausted)
                }
                None => {
                    let mut search = Search::new(heaps, self.k, vec![true; heaps.len()], SEARCH_BUDGET);
                    let mut out = Vec::new();
                    let top = search.top();
                    search.list(top, &[], &mut heaps.to_vec(), &mut out, asked);
                    (out, search.exhausted)
                }
            }
        };
        let capped = out.len() > MOORE_LIST_MAX;
        let kept = limit.min(MOORE_LIST_MAX);
        if !self.endgame(heaps) && (exhausted || out.len() >= kept) {
            // The column rule's move, the AI's, is always among those listed.
            if let Some(mv) = self.column_move(heaps).filter(|mv| !out[..out.len().min(kept)].contains(mv)) {
                out.truncate(kept.saturating_sub(1));
                out.push(mv);
            }
        }
        out.truncate(kept);
        out.sort();
        (out, !exhausted && !capped)
    }

    /// One winning move of normal play by the column rule, or `None` when every column is a
    /// multiple of K+1.
    fn column_move(&self, heaps: &[u64]) -> Option<Move> {
        if heaps.len() <= 64 {
            return self.column_move_masks(heaps);
        }
        let (k, m) = (self.k as usize, self.modulus() as usize);
        let mut lowered: Vec<usize> = Vec::new();
        let mut values = heaps.to_vec();
        for j in (0..64u32).rev() {
            let ones: Vec<usize> =
                (0..heaps.len()).filter(|i| heaps[*i] >> j & 1 == 1 && !lowered.contains(i)).collect();
            let r = ones.len() % m;
            if r == 0 {
                continue;
            }
            if lowered.len() + r <= k {
                for &i in &ones[..r] {
                    values[i] = above(heaps[i], j);
                    lowered.push(i);
                }
            } else {
                for &i in &lowered[..m - r] {
                    values[i] |= 1 << j;
                }
            }
        }
        if lowered.is_empty() {
            return None;
        }
        Some(Move::take_many(lowered.iter().map(|&i| Take::new(i, heaps[i] - values[i])).collect()))
    }

    /// Normal play's winning moves counted exactly by a walk down the binary columns whose state
    /// is the set of heaps lowered so far, as a bit mask, with the number of ways to reach it:
    /// the same sum as [`Search::count`], without lists, memo or big numbers, so a position of a
    /// few heaps costs a microsecond or so. A heap joins the set in the column where it first
    /// holds a 0 in place of its 1; below it its digits are free, and a column with `s` free
    /// digits and `kept` other ones is played in `C(s, z)` ways, `z` the ones it lacks to a
    /// multiple of K+1.
    ///
    /// The walk goes column by column only while some set may still grow. Once every set reached
    /// is final (K heaps lowered, or every non-empty heap), each column below is played in a
    /// number of ways that depends on that column's count outside the set alone, so the rest is
    /// one product per set, its factors' exponents counted for all the columns at once
    /// ([`Planes`]). With random heaps the sets are final a few columns below the highest.
    ///
    /// `None` (the search then counts) with more than [`COLUMN_HEAPS`] non-empty heaps, or when a
    /// count passes `u128`.
    fn column_count(&self, heaps: &[u64]) -> Option<u128> {
        let (k, m) = (self.k as usize, self.modulus() as usize);
        if k >= BINOMIALS.len() {
            return None;
        }
        // Empty heaps are never lowered and hold no ones: they are left out.
        let mut live = [0u64; COLUMN_HEAPS];
        let mut n = 0;
        for &h in heaps.iter().filter(|&&h| h > 0) {
            *live.get_mut(n)? = h;
            n += 1;
        }
        let live = &live[..n];
        let top = live.iter().map(|&h| 63 - h.leading_zeros()).max()?;
        let all = (1u32 << n) - 1;
        let column =
            |j: u32| live.iter().enumerate().fold(0u32, |set, (i, &h)| set | ((h >> j & 1) as u32) << i);
        // One count per set of heaps: on the stack for the few heaps of most positions.
        let size = 1usize << n;
        let mut small = [[0u128; 64]; 2];
        let mut large = Vec::new();
        let (mut ways, mut next): (&mut [u128], &mut [u128]) = if size <= 64 {
            let (a, b) = small.split_at_mut(1);
            (&mut a[0][..size], &mut b[0][..size])
        } else {
            large.resize(2 * size, 0u128);
            large.split_at_mut(size)
        };
        ways[0] = 1;
        // What `kept` ones lack to a multiple of K+1, for every count a column can hold.
        let mut lacking_of = [0usize; COLUMN_HEAPS + 1];
        for (lacking, z) in lacking_of.iter_mut().zip(lacks(m)) {
            *lacking = z;
        }
        let lack = |kept: usize| lacking_of[kept];
        // The sets reached, one bit each (at most 2^12 sets: 64 words), so that only they are
        // looked at.
        let words = size.div_ceil(64);
        let (mut active, mut reached) = ([0u64; 64], [0u64; 64]);
        active[0] = 1;
        for j in (0..=top).rev() {
            let col = column(j);
            // Whether some set reached may still grow below this column.
            let mut growing = false;
            let (mut word, mut rest) = (0, active[0]);
            loop {
                while rest == 0 && word + 1 < words {
                    word += 1;
                    rest = active[word];
                }
                if rest == 0 {
                    break;
                }
                let set = (word * 64) as u32 + rest.trailing_zeros();
                rest &= rest - 1;
                let w = std::mem::take(&mut ways[set as usize]);
                let free = few_set(set);
                let ones = col & !set;
                let count = few_set(ones);
                let most_drop = count.min(k - free);
                // Every subset of the ones not yet lowered may drop to 0 here, room allowing, in
                // `C(free, z)` ways, `z` what the column then lacks (none if more than `free`).
                let mut drop = if most_drop == 0 { 0 } else { ones };
                loop {
                    let dropped = few_set(drop);
                    if dropped <= most_drop && lack(count - dropped) <= free {
                        let to = set | drop;
                        let ways = w.checked_mul(BINOMIALS[free][lack(count - dropped)])?;
                        next[to as usize] = next[to as usize].checked_add(ways)?;
                        reached[to as usize / 64] |= 1 << (to % 64);
                        growing |= free + dropped < k && to != all;
                    }
                    if drop == 0 {
                        break;
                    }
                    drop = (drop - 1) & ones;
                }
            }
            std::mem::swap(&mut ways, &mut next);
            active[..words].copy_from_slice(&reached[..words]);
            reached[..words].fill(0);
            if !growing {
                return self.finish_count(live, ways, j);
            }
        }
        // A move lowers at least one heap.
        ways[1..].iter().try_fold(0u128, |total, &w| total.checked_add(w))
    }

    /// Normal play's winning moves counted exactly by the column walk of [`Moore::column_count`]
    /// for any number of heaps, its state the heaps lowered so far grouped by value: heaps of one
    /// size are alike, so a state says how many of each size are lowered (at most K in all), and
    /// a way to play a column that lowers `d` of the `a` heaps of one size not yet lowered stands
    /// for `C(a, d)` ways. Sixteen heaps of 2^64 - 1 have nine states at K = 8, where their sets
    /// would be 39,203.
    ///
    /// Each column takes every state to the states below it: the heaps with a 1 there that are not
    /// yet lowered may drop to 0 (room allowing), and the `s` heaps lowered before, whose digits
    /// here are free, give the column what it lacks to a multiple of K+1 in `C(s, z)` ways.
    ///
    /// `None` when it would keep more than [`WALK_STATES`] states or take more than [`WALK_BUDGET`]
    /// steps (many heaps of different sizes with a large K): the count is then a bound.
    fn class_count(&self, heaps: &[u64]) -> Option<Natural> {
        let k = self.k as usize;
        let m = k + 1;
        let mut sizes: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sizes.sort_unstable();
        // (size, how many heaps of it)
        let mut classes: Vec<(u64, u64)> = Vec::new();
        for h in sizes {
            match classes.last_mut() {
                Some(last) if last.0 == h => last.1 += 1,
                _ => classes.push((h, 1)),
            }
        }
        let live: u64 = classes.iter().map(|c| c.1).sum();
        let top = 63 - classes.last()?.0.leading_zeros();
        let lack = |kept: u64| ((m as u64 - kept % m as u64) % m as u64) as usize;
        // A state: (class, heaps of it lowered), by class, at most K heaps in all.
        type State = Box<[(u32, u8)]>;
        let mut states: HashMap<State, Natural> = HashMap::new();
        states.insert(Box::new([]), Natural::from(1u64));
        let mut work = 0u64;
        for j in (0..=top).rev() {
            let with_one: Vec<usize> = (0..classes.len()).filter(|&c| classes[c].0 >> j & 1 == 1).collect();
            let ones: u64 = with_one.iter().map(|&c| classes[c].1).sum();
            let mut next: HashMap<State, Natural> = HashMap::with_capacity(states.len());
            for (state, ways) in states {
                let lowered: usize = state.iter().map(|&(_, l)| usize::from(l)).sum();
                let lowered_here: u64 = state
                    .iter()
                    .filter(|&&(c, _)| classes[c as usize].0 >> j & 1 == 1)
                    .map(|&(_, l)| u64::from(l))
                    .sum();
                let outside = ones - lowered_here;
                let room = if lowered as u64 == live { 0 } else { k - lowered };
                // The heaps of each size that may drop here: (class, how many not yet lowered).
                let candidates: Vec<(u32, u64)> = if room == 0 {
                    Vec::new()
                } else {
                    with_one
                        .iter()
                        .map(|&c| {
                            let l = state
                                .iter()
                                .find(|&&(d, _)| d as usize == c)
                                .map_or(0, |&(_, l)| u64::from(l));
                            (c as u32, classes[c].1 - l)
                        })
                        .filter(|&(_, a)| a > 0)
                        .collect()
                };
                work = work.saturating_add(leaves(&candidates, room));
                if work > WALK_BUDGET {
                    return None;
                }
                let mut chosen: Vec<(u32, u8)> = Vec::new();
                each_drop(
                    &candidates,
                    0,
                    room,
                    0,
                    Natural::from(1u64),
                    &mut chosen,
                    &mut |chosen, dropped, weight| {
                        let z = lack(outside - dropped as u64);
                        if z > lowered {
                            return;
                        }
                        let mut to: Vec<(u32, u8)> = state.to_vec();
                        for &(c, d) in chosen {
                            match to.iter_mut().find(|(e, _)| *e == c) {
                                Some(entry) => entry.1 += d,
                                None => to.push((c, d)),
                            }
                        }
                        to.sort_unstable();
                        let add = ways.mul(weight).mul(&Natural::from(choose_small(lowered, z)));
                        let entry = next.entry(to.into_boxed_slice()).or_default();
                        *entry = entry.add(&add);
                    },
                );
                if next.len() > WALK_STATES {
                    return None;
                }
            }
            states = next;
        }
        // A move lowers at least one heap.
        Some(
            states
                .iter()
                .filter(|(state, _)| !state.is_empty())
                .fold(Natural::zero(), |total, (_, w)| total.add(w)),
        )
    }

    /// [`Moore::column_count`] once no set can grow: `ways[set]` moves lower the heaps of `set`
    /// (of `live`) in columns `j` and above, and each is finished in the columns below `j` in
    /// `∏ C(s, z)` ways, `s` the heaps of the set and `z` what each column lacks to a multiple of
    /// K+1 outside it: a power of `C(s, z)` per `z`, its exponent the number of columns lacking `z`.
    fn finish_count(&self, live: &[u64], ways: &[u128], j: u32) -> Option<u128> {
        let m = self.modulus() as usize;
        let below = if j == 0 { 0 } else { u64::MAX >> (64 - j) };
        let mut total = 0u128;
        for (set, &w) in ways.iter().enumerate().skip(1) {
            if w == 0 {
                continue;
            }
            let free = set.count_ones() as usize;
            let outside = live.iter().enumerate().filter(|(i, _)| set >> i & 1 == 0).map(|(_, &h)| h & below);
            // At most COLUMN_HEAPS heaps: always counted.
            let planes = Planes::new(outside)?;
            let mut product = 1u128;
            for (kept, lacking) in (0..=planes.most).zip(lacks(m)) {
                let columns = (planes.equal(kept) & below).count_ones();
                if columns == 0 {
                    continue;
                }
                let ways = BINOMIALS[free].get(lacking).copied().unwrap_or(0);
                product = product.checked_mul(power(ways, columns)?)?;
            }
            total = total.checked_add(w.checked_mul(product)?)?;
        }
        Some(total)
    }

    /// [`Moore::column_move`] for up to 64 heaps, the heaps of each column as a bit mask: the
    /// same move, without a list made per column.
    fn column_move_masks(&self, heaps: &[u64]) -> Option<Move> {
        let (k, m) = (self.k as usize, self.modulus() as usize);
        // The heaps lowered, in the order they were, with what each is lowered to.
        let mut lowered: Vec<(usize, u64)> = Vec::with_capacity(k);
        let mut lowered_mask = 0u64;
        // The columns still to play: `j` and below.
        let mut below = u64::MAX;
        while below != 0 {
            // The counts outside the heaps lowered, for the columns left, all at once.
            let outside = heaps
                .iter()
                .enumerate()
                .filter(|&(i, _)| lowered_mask >> i & 1 == 0)
                .map(|(_, &h)| h & below);
            let planes = Planes::new(outside)?;
            if lowered.len() == k {
                // No heap may join: each column left lacking `z` ones takes them from the first
                // `z` heaps lowered, so heap `t` (in that order) gets a 1 wherever a column
                // lacks more than `t`, i.e. holds `r` more than a multiple with `m - r > t`.
                for r in 1..m {
                    let columns = planes.residue(r, m) & below;
                    for (_, value) in &mut lowered[..m - r] {
                        *value |= columns;
                    }
                }
                break;
            }
            // The columns left that are not a multiple of K+1 as they stand, settled ones skipped.
            let mut rest = planes.unsettled(m) & below;
            let mut changed = false;
            while rest != 0 && !changed {
                let j = 63 - rest.leading_zeros();
                rest &= !(1 << j);
                below = if j == 0 { 0 } else { u64::MAX >> (64 - j) };
                let r = planes.count(j) % m;
                if lowered.len() + r <= k {
                    let before = lowered_mask;
                    let ones =
                        heaps.iter().enumerate().filter(|&(i, &h)| h >> j & 1 == 1 && before >> i & 1 == 0);
                    for (i, _) in ones.take(r) {
                        lowered.push((i, above(heaps[i], j)));
                        lowered_mask |= 1 << i;
                    }
                    changed = true;
                } else {
                    for (_, value) in &mut lowered[..m - r] {
                        *value |= 1 << j;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if lowered.is_empty() {
            return None;
        }
        Some(Move::take_many(lowered.iter().map(|&(i, value)| Take::new(i, heaps[i] - value)).collect()))
    }

    /// The winning moves of normal play that touch only a few heaps, counted exactly: the heaps
    /// of the column rule's move (so at least that move) and as many of the largest others as
    /// keep the search small. Zero if even that runs out of budget.
    fn family_count(&self, heaps: &[u64]) -> Natural {
        let mut order: Vec<usize> =
            self.column_move(heaps).map(|mv| mv.takes().iter().map(|t| t.heap).collect()).unwrap_or_default();
        let first = order.len();
        let mut others: Vec<usize> =
            (0..heaps.len()).filter(|i| heaps[*i] > 0 && !order.contains(i)).collect();
        others.sort_by_key(|&i| std::cmp::Reverse(heaps[i]));
        order.extend(others);
        let k = u64::from(self.k);
        for most_sets in [FAMILY_SETS, FAMILY_SETS / 8, 0] {
            // The most heaps whose sets of at most K stay within `most_sets`.
            let sets = |n: u64| (0..=k).fold(Natural::zero(), |total, r| total.add(&Natural::choose(n, r)));
            let mut size = first;
            while size < order.len() && sets(size as u64 + 1) <= Natural::from(most_sets) {
                size += 1;
            }
            let mut movable = vec![false; heaps.len()];
            for &i in &order[..size] {
                movable[i] = true;
            }
            let mut search = Search::new(heaps, self.k, movable, SEARCH_BUDGET / 4);
            let top = search.top();
            let count = search.count(top, &[]);
            if !search.exhausted {
                return count;
            }
        }
        Natural::zero()
    }

    /// Misère with at most K big heaps: the ways to leave only heaps of 0 and 1, with one more than
    /// a multiple of K+1 heaps of one. Every big heap is brought to 0 or 1 (`to_one` of them, the
    /// first ones, to 1) and `removed` heaps of one are taken.
    fn endgame_plans(&self, heaps: &[u64]) -> Vec<(usize, usize)> {
        let (k, m) = (self.k as usize, self.modulus() as usize);
        let big = Moore::big(heaps);
        let ones = Moore::ones(heaps);
        let mut plans = Vec::new();
        for removed in 0..=ones.min(k - big) {
            for to_one in 0..=big {
                if big + removed > 0 && (ones - removed + to_one) % m == 1 {
                    plans.push((removed, to_one));
                }
            }
        }
        plans
    }

    fn endgame_count(&self, heaps: &[u64]) -> Natural {
        let big = Moore::big(heaps) as u64;
        let ones = Moore::ones(heaps) as u64;
        self.endgame_plans(heaps).into_iter().fold(Natural::zero(), |total, (removed, to_one)| {
            total.add(&Natural::choose(big, to_one as u64).mul(&Natural::choose(ones, removed as u64)))
        })
    }

    /// The first `limit` endgame winning moves, in the order of [`Move`]. Each plan's moves come
    /// in that order for each choice of the big heaps left at one, so the first `limit` of each
    /// hold the first `limit` of all; the list is sorted and cut back to `limit` as it grows, so
    /// it never holds more than twice that.
    fn endgame_moves(&self, heaps: &[u64], limit: usize) -> Vec<Move> {
        let bigs: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
        let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
        let mut moves = Vec::new();
        for (removed, to_one) in self.endgame_plans(heaps) {
            let mut raised: Vec<Vec<usize>> = Vec::new();
            combinations(&bigs, to_one, &mut |c| {
                raised.push(c.to_vec());
                true
            });
            for kept_one in raised {
                let mut count = 0;
                combinations(&ones, removed, &mut |taken| {
                    count += 1;
                    let mut takes: Vec<Take> = bigs
                        .iter()
                        .map(|&i| Take::new(i, heaps[i] - u64::from(kept_one.contains(&i))))
                        .collect();
                    takes.extend(taken.iter().map(|&i| Take::new(i, 1)));
                    moves.push(Move::take_many(takes));
                    count < limit
                });
                if moves.len() > limit {
                    moves.sort();
                    moves.truncate(limit);
                }
            }
        }
        moves.sort();
        moves.truncate(limit);
        moves
    }

    /// One endgame winning move: the first plan, with the first heaps.
    fn endgame_move(&self, heaps: &[u64]) -> Option<Move> {
        let (removed, to_one) = *self.endgame_plans(heaps).first()?;
        let bigs = (0..heaps.len()).filter(|&i| heaps[i] > 1);
        let mut takes: Vec<Take> =
            bigs.enumerate().map(|(n, i)| Take::new(i, heaps[i] - u64::from(n < to_one))).collect();
        takes.extend((0..heaps.len()).filter(|&i| heaps[i] == 1).take(removed).map(|i| Take::new(i, 1)));
        Some(Move::take_many(takes))
    }

    /// The quick rule from a lost position past [`crate::BEST_TRY_MOVES`] moves: the highest binary
    /// digit of the largest heap (the first such heap), which changes one column only (half of it
    /// when the heap is that power of two, so as never to empty it). The other player's winning reply lowers K heaps
    /// in that same column and no higher one, so every pair of moves takes K+1 ones out of the
    /// highest column still holding any: a game against a player who follows the hint lasts at
    /// most about 64 × heaps / (K+1) pairs of moves, whatever the heaps hold. In misère with only
    /// heaps of one, one of them.
    fn fallback(&self, heaps: &[u64]) -> Option<Move> {
        let (heap, &h) = heaps
            .iter()
            .enumerate()
            .filter(|(_, h)| **h > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        // A heap that is a power of two gives half of itself, not the whole (which a child reads as
        // giving up): that changes two columns of one heap.
        let power = 1u64 << (63 - h.leading_zeros());
        Some(Move::take(heap, if power == h && h >= 2 { power / 2 } else { power }))
    }

    fn reason(&self, heaps: &[u64], best: Option<&Move>, win: bool, columns: &[(u64, u64)]) -> MooreReason {
        let (k, modulus) = (self.k, self.modulus());
        let Some(mv) = best else {
            return MooreReason::GameOver { mover_wins: self.mode == Mode::Misere };
        };
        let mv = mv.clone();
        if self.endgame(heaps) {
            if win {
                let mut after = Position::new(heaps.to_vec());
                let _ = mv.apply_to(&mut after);
                return MooreReason::EndgameWin { mv, modulus, ones_left: Moore::ones(after.heaps()) };
            }
            return MooreReason::EndgameLost { mv, modulus, ones: Moore::ones(heaps), k };
        }
        let digits = columns.len();
        if win {
            let (at, &(count, rest)) =
                columns.iter().enumerate().find(|(_, c)| c.1 != 0).unwrap_or((0, &(0, 0)));
            MooreReason::Columns { mv, modulus, column: digits - 1 - at, count, rest }
        } else {
            MooreReason::Lost { mv, modulus, k }
        }
    }
}

/// Why the best move of Moore's Nim_k is best, with its numbers: a program writes the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MooreReason {
    /// No token is left: the other player took the last one, and won unless `mover_wins`.
    GameOver {
        /// Whether the player to move has won (in misère).
        mover_wins: bool,
    },
    /// Misère's endgame, won: leave a number of heaps of one that is 1 more than a multiple of
    /// `modulus` (`ones_left` of them).
    EndgameWin {
        /// The move.
        mv: Move,
        /// K + 1.
        modulus: u64,
        /// How many heaps of one the move leaves.
        ones_left: usize,
    },
    /// Misère's endgame, lost: `ones` heaps of one is 1 more than a multiple of `modulus`.
    EndgameLost {
        /// The AI's fallback move.
        mv: Move,
        /// K + 1.
        modulus: u64,
        /// How many heaps of one there are.
        ones: usize,
        /// K, the most heaps a move takes from.
        k: u32,
    },
    /// The binary columns: the highest column whose count of ones is not a multiple of `modulus`
    /// (`column`, from 0 for the 1s) holds `count`, `rest` more than a multiple.
    Columns {
        /// The move.
        mv: Move,
        /// K + 1.
        modulus: u64,
        /// The column, from 0 for the 1s.
        column: usize,
        /// How many heaps have a 1 in it.
        count: u64,
        /// `count` modulo `modulus`.
        rest: u64,
    },
    /// Lost: every column holds a multiple of `modulus` ones.
    Lost {
        /// The AI's fallback move.
        mv: Move,
        /// K + 1.
        modulus: u64,
        /// K, the most heaps a move takes from.
        k: u32,
    },
}

/// Moore's Nim_k: take from one to K heaps at once.
impl Rules for Moore {
    fn kind(&self) -> GameKind {
        GameKind::Moore(self.k)
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match mv {
            Move::Take(take) => position.check(*take),
            Move::TakeMany(takes) => {
                if takes.len() < 2 || takes.windows(2).any(|w| w[0].heap >= w[1].heap) {
                    return Err(MoveError::NotCanonical);
                }
                if takes.len() > self.k as usize {
                    return Err(MoveError::TooManyHeaps { most: self.k });
                }
                takes.iter().try_for_each(|t| position.check(*t))
            }
            Move::Split { .. }
            | Move::Turn(_)
            | Move::Run { .. }
            | Move::Slide { .. }
            | Move::Corners { .. }
            | Move::Cut { .. } => Err(MoveError::NotInThisGame {
                game: self.kind().title(),
                what: "one to K heaps, taking tokens",
            }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        if self.lost(position.heaps()) { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        self.listing(position, limit).0
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        self.count_winning_moves(position).exact_u128()
    }
    /// Exact unless the search spends `SEARCH_BUDGET`; then a lower bound (at least 1: the
    /// column rule's move wins).
    fn count_winning_moves(&self, position: &Position) -> MoveCount {
        let heaps = position.heaps();
        if self.lost(heaps) {
            return MoveCount::exact(0u64);
        }
        if self.endgame(heaps) {
            return MoveCount::exact(self.endgame_count(heaps));
        }
        if let Some(count) = self.column_count(heaps) {
            return MoveCount::exact(count);
        }
        if let Some(count) = self.class_count(heaps) {
            return MoveCount::exact(count);
        }
        let mut search = Search::new(heaps, self.k, vec![true; heaps.len()], SEARCH_BUDGET);
        let top = search.top();
        let count = search.count(top, &[]);
        if !search.exhausted {
            return MoveCount::exact(count);
        }
        // Too many to count in the budget: the moves on a few heaps, counted exactly, are a
        // lower bound too, and often a larger one than the part of the whole counted so far.
        MoveCount::at_least(count.max(self.family_count(heaps))).raised_to(1)
    }
    fn is_winning_move(&self, position: &Position, mv: &Move) -> bool {
        let mut next = position.clone();
        self.play(&mut next, mv).is_ok() && self.lost(next.heaps())
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        let heaps = position.heaps();
        if position.is_over() {
            return None;
        }
        let winning = if self.lost(heaps) {
            None
        } else if self.endgame(heaps) {
            self.endgame_move(heaps)
        } else {
            self.column_move(heaps)
        };
        winning.or_else(|| super::best_try(self, position, || self.fallback(heaps)))
    }
    /// Moves in the order of their lists of takes, a list before its extensions: (heap 1, take 1),
    /// (heap 1, take 1; heap 2, take 1), ... Counted by `sel(i, r)`, the selections of at most `r`
    /// heaps from heap `i` on (saturating at `u128::MAX`).
    fn move_count(&self, position: &Position) -> u128 {
        selections(position.heaps(), self.k as usize).first().and_then(|row| row.last()).map_or(0, |&n| n - 1)
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let heaps = position.heaps();
        let k = self.k as usize;
        let table = selections(heaps, k);
        let total = table.first().and_then(|row| row.last()).map_or(0, |&n| n - 1);
        if index >= total {
            return None;
        }
        // `rest`: the position of the move among the non-empty selections from heap i on.
        let mut rest = index;
        let mut budget = k;
        let mut takes = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if budget == 0 {
                break;
            }
            // With heap i: for each take, the take alone and then its extensions.
            let block = table[i + 1][budget - 1];
            let with = u128::from(h).saturating_mul(block);
            if rest < with {
                let take = u64::try_from(rest / block + 1).ok()?;
                takes.push(Take::new(i, take));
                rest %= block;
                if rest == 0 {
                    return Some(Move::take_many(takes));
                }
                rest -= 1;
                budget -= 1;
            } else {
                rest -= with;
            }
        }
        None
    }
    fn teach(&self, position: &Position) -> Teaching {
        let heaps = position.heaps();
        let digits = binary_digits(heaps);
        let counts = Moore::counts(heaps);
        let columns: Vec<(u64, u64)> =
            (0..digits).rev().map(|j| (counts[j], counts[j] % self.modulus())).collect();
        let win = !self.lost(heaps);
        let best = self.ai_move(position);
        let reason = self.reason(heaps, best.as_ref(), win, &columns);
        Teaching::Moore(MooreView {
            k: self.k,
            mode: self.mode,
            heaps: heaps.to_vec(),
            digits,
            columns,
            endgame: self.endgame(heaps),
            best,
            reason,
            win,
        })
    }
    /// `1 2` (heap 1, take 2), or `1 2, 3 1` on several heaps.
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_takes(text).map_err(|_| {
            "expected a move such as '1 2' (heap 1, take 2) or '1 2, 3 1' on several heaps".to_string()
        })
    }
}

/// `sel[i][r]`: the selections (the empty one included) of at most `r` heaps from heap `i` on, with
/// a take from each, saturating.
fn selections(heaps: &[u64], k: usize) -> Vec<Vec<u128>> {
    let n = heaps.len();
    let mut sel = vec![vec![1u128; k + 1]; n + 1];
    for i in (0..n).rev() {
        for r in 1..=k {
            sel[i][r] = sel[i + 1][r].saturating_add(u128::from(heaps[i]).saturating_mul(sel[i + 1][r - 1]));
        }
    }
    sel
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count by columns is the search's count, on positions of every size of heap.
    /// For a won position of Moore's Nim_k (false for a lost one, which has nothing to check): the
    /// column walk's count is the search's, and the column rule's move from bit masks is the one
    /// from the full column states.
    pub(super) fn columns_agree_with_the_search(moore: &Moore, k: u32, heaps: &[u64]) -> bool {
        if moore.normal_lost(heaps) {
            return false;
        }
        let mut search = Search::new(heaps, k, vec![true; heaps.len()], u64::MAX);
        let top = search.top();
        let expected = search.count(top, &[]);
        assert_eq!(moore.column_count(heaps).map(Natural::from), Some(expected), "K={k} {heaps:?}");
        let mut many = heaps.to_vec();
        many.extend(std::iter::repeat_n(0, 65 - heaps.len()));
        let slow = moore.column_move(&many).map(|mv| mv.takes());
        assert_eq!(moore.column_move_masks(heaps).map(|mv| mv.takes()), slow, "K={k} {heaps:?}");
        true
    }

    #[test]
    fn the_column_count_is_the_search_count() {
        // A xorshift: the engine has no randomness of its own, and these need not be portable.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let k = 1 + (round % 8) as u32;
            let len = 1 + (next() % 7) as usize;
            let bits = [3, 6, 20, 63, 64][(next() % 5) as usize];
            let heaps: Vec<u64> = (0..len).map(|_| next() >> (64 - bits)).collect();
            let moore = Moore::new(k, Mode::Normal);
            if !columns_agree_with_the_search(&moore, k, &heaps) {
                continue;
            }
            for limit in [1, 3, 10, 200] {
                let mut search = Search::new(&heaps, k, vec![true; heaps.len()], SEARCH_BUDGET);
                let top = search.top();
                let mut listed = Vec::new();
                search.list(top, &[], &mut heaps.clone(), &mut listed, limit);
                let mut masks = MaskList::new(&heaps, k, limit, SEARCH_BUDGET).unwrap();
                masks.list(top, 0);
                assert_eq!(masks.out, listed, "K={k} {heaps:?} limit {limit}");
                let mut lister = Lister::new(&heaps, k, limit, SEARCH_BUDGET).unwrap();
                lister.list_all();
                assert_eq!(lister.out, listed, "K={k} {heaps:?} limit {limit}");
                // The budget is spent the same way: cut short, the same moves are listed.
                for budget in [1, 5, 40, 300] {
                    let mut masks = MaskList::new(&heaps, k, limit, budget).unwrap();
                    masks.list(top, 0);
                    let mut lister = Lister::new(&heaps, k, limit, budget).unwrap();
                    lister.list_all();
                    assert_eq!(
                        (lister.out, lister.exhausted),
                        (masks.out, masks.exhausted),
                        "K={k} {heaps:?} {budget}"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod more_heaps {
    use super::tests::columns_agree_with_the_search;
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// The count by columns (its walk, then its products per set) on 8 to 12 heaps, some empty,
    /// against the search; and the column rule's move against its plain form.
    #[test]
    fn the_column_count_is_the_search_count_on_many_heaps() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..150 {
            let k = 1 + (round % 5) as u32;
            let len = 8 + (xorshift(&mut state) % 5) as usize;
            let bits = [3, 5, 9][(xorshift(&mut state) % 3) as usize];
            let heaps: Vec<u64> = (0..len)
                .map(|_| {
                    if xorshift(&mut state).is_multiple_of(6) {
                        0
                    } else {
                        xorshift(&mut state) >> (64 - bits)
                    }
                })
                .collect();
            columns_agree_with_the_search(&Moore::new(k, Mode::Normal), k, &heaps);
        }
    }

    /// The list (its walk, and its odometer once no heap may drop) against the mask search it
    /// replaced, on up to 40 heaps of every size, K up to 8, long lists and small budgets.
    #[test]
    fn the_list_is_the_mask_search_list_on_many_heaps() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..400 {
            let k = 1 + (round % 8) as u32;
            let len = 1 + (xorshift(&mut state) % 40) as usize;
            let bits = [2, 4, 12, 40, 63, 64][(xorshift(&mut state) % 6) as usize];
            let heaps: Vec<u64> = (0..len)
                .map(|_| {
                    if xorshift(&mut state).is_multiple_of(5) {
                        0
                    } else {
                        xorshift(&mut state) >> (64 - bits)
                    }
                })
                .collect();
            let top = heaps.iter().copied().max().filter(|&h| h > 0).map(|h| 63 - h.leading_zeros());
            for (limit, budget) in
                [(1, SEARCH_BUDGET), (10, SEARCH_BUDGET), (300, SEARCH_BUDGET), (300, 77), (50, 9)]
            {
                let mut masks = MaskList::new(&heaps, k, limit, budget).unwrap();
                masks.list(top, 0);
                let mut lister = Lister::new(&heaps, k, limit, budget).unwrap();
                lister.list_all();
                assert_eq!(
                    (&lister.out, lister.exhausted),
                    (&masks.out, masks.exhausted),
                    "K={k} {heaps:?} limit {limit} budget {budget}"
                );
            }
        }
    }

    /// The walk over heaps grouped by size counts what the search (over sets of single heaps)
    /// counts: on 13 to 16 heaps drawn from a few sizes, so that sizes repeat, some empty, and on
    /// up to 12 heaps of any sizes against the column walk; K from 1 to 8.
    #[test]
    fn the_walk_by_sizes_is_the_search_count() {
        let mut state = 0x0DDB_1A5E_5BAD_5EEDu64;
        for round in 0..80 {
            let k = 1 + (round % 6) as u32;
            let len = 13 + (xorshift(&mut state) % 4) as usize;
            let bits = [3, 5][(xorshift(&mut state) % 2) as usize];
            let pool: Vec<u64> =
                (0..1 + xorshift(&mut state) % 4).map(|_| xorshift(&mut state) >> (64 - bits)).collect();
            let heaps: Vec<u64> =
                (0..len).map(|_| pool[(xorshift(&mut state) % pool.len() as u64) as usize]).collect();
            let moore = Moore::new(k, Mode::Normal);
            if moore.normal_lost(&heaps) {
                continue;
            }
            let mut search = Search::new(&heaps, k, vec![true; heaps.len()], u64::MAX);
            let top = search.top();
            let expected = search.count(top, &[]);
            assert_eq!(moore.class_count(&heaps), Some(expected), "K={k} {heaps:?}");
        }
        for round in 0..300 {
            let k = 1 + (round % 8) as u32;
            let len = 1 + (xorshift(&mut state) % 12) as usize;
            let bits = [2, 7, 30, 64][(xorshift(&mut state) % 4) as usize];
            let heaps: Vec<u64> = (0..len).map(|_| xorshift(&mut state) >> (64 - bits)).collect();
            let moore = Moore::new(k, Mode::Normal);
            if moore.normal_lost(&heaps) {
                continue;
            }
            if let Some(count) = moore.column_count(&heaps) {
                assert_eq!(moore.class_count(&heaps), Some(Natural::from(count)), "K={k} {heaps:?}");
            }
        }
    }

    /// Past its budget the walk gives up (the count is then a bound), rather than run for hours:
    /// 64 heaps of different sizes at K = 8.
    #[test]
    fn the_walk_by_sizes_gives_up_past_its_budget() {
        let mut state = 0x5EED_0FC0_FFEEu64;
        let heaps: Vec<u64> = (0..64).map(|_| xorshift(&mut state)).collect();
        assert_eq!(Moore::new(8, Mode::Normal).class_count(&heaps), None);
    }

    /// A list stopped at `MOORE_LIST_MAX` says so; one that holds every move asked for does not.
    #[test]
    fn a_listing_says_when_it_was_cut() {
        let moore = Moore::new(4, Mode::Normal);
        let six = Position::new(vec![u64::MAX; 6]);
        let (moves, complete) = moore.listing(&six, usize::MAX);
        assert_eq!((moves.len(), complete), (MOORE_LIST_MAX, false));
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        assert!(moves.iter().all(|mv| moore.is_winning_move(&six, mv)));
        let (moves, complete) = moore.listing(&six, 7);
        assert_eq!((moves.len(), complete), (7, true));
        let small = Position::new(vec![1, 2, 3, 4]);
        let all = moore.count_winning_moves(&small).exact_u128().unwrap() as usize;
        let (moves, complete) = moore.listing(&small, usize::MAX);
        assert_eq!((moves.len(), complete), (all, true));
        // Misère's endgame lists as many, bounded the same way.
        let misere = Moore::new(3, Mode::Misere);
        let ones = Position::new(vec![1; 200]);
        let count = misere.count_winning_moves(&ones);
        assert!(count.value() > &Natural::from(MOORE_LIST_MAX as u64));
        let (moves, complete) = misere.listing(&ones, usize::MAX);
        assert_eq!((moves.len(), complete), (MOORE_LIST_MAX, false));
        assert!(moves.iter().all(|mv| misere.is_winning_move(&ones, mv)));
    }

    /// `Planes` counts each column as a loop over the heaps would.
    #[test]
    fn planes_count_every_column() {
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..300 {
            let len = (xorshift(&mut state) % 127) as usize;
            let heaps: Vec<u64> =
                (0..len).map(|_| xorshift(&mut state) >> (xorshift(&mut state) % 64)).collect();
            let planes = Planes::new(heaps.iter().copied()).unwrap();
            let counts = Moore::counts(&heaps);
            for j in 0..64u32 {
                assert_eq!(planes.count(j), counts[j as usize] as usize);
                assert_eq!(planes.equal(counts[j as usize] as usize) >> j & 1, 1);
            }
            for m in 2..=9usize {
                let unsettled = (0..64)
                    .filter(|&j| !counts[j].is_multiple_of(m as u64))
                    .fold(0u64, |mask, j| mask | 1 << j);
                assert_eq!(planes.unsettled(m), unsettled, "m={m}");
            }
        }
        assert!(Planes::new(std::iter::repeat_n(1, 128)).is_none());
    }
}
