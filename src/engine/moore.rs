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
//! may be astronomically many. They are counted exactly by a search over the columns from the
//! highest, whose state is the set of heaps already lowered (memoised), and listed from the same
//! search, skipping every branch that leads to none. The cost grows like (heaps)^K: a game at the
//! table (16 heaps) takes milliseconds, but many heaps with a large K would take ages, so the
//! search stops after [`SEARCH_BUDGET`] steps; the count is then unknown (`None`) and the list
//! holds the moves found, the column rule's among them.

use std::collections::HashMap;

use super::explain::binary_digits;
use super::{GameKind, Mode, Move, MoveError, Outcome, Position, Rules, Take, Teaching};

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
    /// The hint: the best move's reason in one line.
    pub reason: String,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// `C(n, r)`, saturating.
fn choose(n: usize, r: usize) -> u128 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    let mut result = 1u128;
    for i in 0..r {
        // result * (n - i) / (i + 1) stays whole at every step.
        result = match result.checked_mul((n - i) as u128) {
            Some(v) => v / (i as u128 + 1),
            None => return u128::MAX,
        };
    }
    result
}

/// How much work the exhaustive search may do (subsets of a column tried) before it gives up:
/// about half a second in a release build. A game at the table (16 heaps of up to 10^18, K up to
/// 8) needs far less (tens of milliseconds); `solve` on many heaps with a large K could otherwise
/// run for ages.
pub const SEARCH_BUDGET: u64 = 1_000_000;

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

/// `h` with bit `j` and every bit below it cleared.
fn above(h: u64, j: u32) -> u64 {
    h & !(u64::MAX >> (63 - j))
}

/// The search over columns behind the count and the list of normal play's winning moves.
struct Search<'a> {
    heaps: &'a [u64],
    k: usize,
    m: usize,
    memo: HashMap<(u32, Vec<usize>), u128>,
    /// Work done so far, against [`SEARCH_BUDGET`].
    work: u64,
    /// Set once the budget is spent: every count from then on is meaningless.
    exhausted: bool,
}

/// One way to play a column: `drop` heaps fall from 1 to 0 there (joining the lowered ones),
/// `ones` of the lowered heaps get a 1; `pattern` is the column after it, for the order.
struct Choice {
    pattern: Vec<bool>,
    drop: Vec<usize>,
    ones: Vec<usize>,
}

/// The most sets of at most K heaps a search takes on: C(16, ≤8), a full table of 16 heaps at the
/// largest K, is 39203. Past this the search would surely spend its budget, so it does not start.
const SETS_LIMIT: u128 = 100_000;

impl<'a> Search<'a> {
    fn new(heaps: &'a [u64], k: u32) -> Search<'a> {
        let live = heaps.iter().filter(|&&h| h > 0).count();
        let sets = (0..=k as usize).fold(0u128, |n, r| n.saturating_add(choose(live, r)));
        let exhausted = sets > SETS_LIMIT;
        Search { heaps, k: k as usize, m: k as usize + 1, memo: HashMap::new(), work: 0, exhausted }
    }

    fn top(&self) -> Option<u32> {
        self.heaps.iter().copied().max().filter(|&h| h > 0).map(|h| 63 - h.leading_zeros())
    }

    /// The heaps not yet lowered that have a 1 in column `j`.
    fn with_bit(&self, j: u32, lowered: &[usize]) -> Vec<usize> {
        (0..self.heaps.len()).filter(|i| self.heaps[*i] >> j & 1 == 1 && !lowered.contains(i)).collect()
    }

    /// Counts one unit of work; false once the budget is spent.
    fn spend(&mut self) -> bool {
        self.work += 1;
        if self.work > SEARCH_BUDGET {
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// How many ways the columns `j` and below can be played, given the heaps already lowered,
    /// to leave a multiple of K+1 in every column with at least one heap lowered in all.
    fn count(&mut self, j: Option<u32>, lowered: &[usize]) -> u128 {
        let Some(j) = j else { return u128::from(!lowered.is_empty()) };
        if self.exhausted {
            return 0;
        }
        if let Some(&known) = self.memo.get(&(j, lowered.to_vec())) {
            return known;
        }
        let ones = self.with_bit(j, lowered);
        let free = lowered.len();
        let mut total = 0u128;
        subsets_up_to(&ones, self.k - free, &mut |drop| {
            if !self.spend() {
                return false;
            }
            let kept = ones.len() - drop.len();
            let ways: u128 =
                (0..=free).filter(|z| (kept + z).is_multiple_of(self.m)).map(|z| choose(free, z)).sum();
            if ways > 0 {
                let mut next: Vec<usize> = lowered.iter().chain(drop).copied().collect();
                next.sort_unstable();
                let below = self.count(j.checked_sub(1), &next);
                total = total.saturating_add(ways.saturating_mul(below));
            }
            true
        });
        if !self.exhausted {
            self.memo.insert((j, lowered.to_vec()), total);
        }
        total
    }

    fn choices(&mut self, j: u32, lowered: &[usize]) -> Vec<Choice> {
        let ones = self.with_bit(j, lowered);
        let free = lowered.len();
        let width = self.heaps.len();
        let m = self.m;
        let mut choices = Vec::new();
        let mut work = 0u64;
        let budget = SEARCH_BUDGET.saturating_sub(self.work);
        subsets_up_to(&ones, self.k - free, &mut |drop| {
            let kept = ones.len() - drop.len();
            (0..=free).filter(|z| (kept + z).is_multiple_of(m)).all(|z| {
                combinations(lowered, z, &mut |chosen| {
                    work += 1;
                    let mut pattern = vec![false; width];
                    for &i in ones.iter().filter(|i| !drop.contains(i)).chain(chosen) {
                        pattern[i] = true;
                    }
                    choices.push(Choice { pattern, drop: drop.to_vec(), ones: chosen.to_vec() });
                    work <= budget
                })
            })
        });
        self.work += work;
        if self.work > SEARCH_BUDGET {
            self.exhausted = true;
        }
        // The column with the most left in the first heaps first.
        choices.sort_by(|a, b| b.pattern.cmp(&a.pattern));
        choices
    }

    /// Lists winning moves from column `j` down into `out`, at most `limit` in all.
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
        for choice in self.choices(j, lowered) {
            if out.len() >= limit || self.exhausted {
                return;
            }
            let mut next: Vec<usize> = lowered.iter().chain(&choice.drop).copied().collect();
            next.sort_unstable();
            if self.count(j.checked_sub(1), &next) == 0 {
                continue;
            }
            let saved = values.to_vec();
            for &i in &choice.drop {
                values[i] = above(self.heaps[i], j);
            }
            for &i in &choice.ones {
                values[i] |= 1 << j;
            }
            self.list(j.checked_sub(1), &next, values, out, limit);
            values.copy_from_slice(&saved);
        }
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
        Moore::counts(heaps).iter().all(|c| c % self.modulus() == 0)
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

    /// One winning move of normal play by the column rule, or `None` when every column is a
    /// multiple of K+1.
    fn column_move(&self, heaps: &[u64]) -> Option<Move> {
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

    fn endgame_count(&self, heaps: &[u64]) -> u128 {
        let big = Moore::big(heaps);
        let ones = Moore::ones(heaps);
        self.endgame_plans(heaps)
            .into_iter()
            .map(|(removed, to_one)| choose(big, to_one).saturating_mul(choose(ones, removed)))
            .fold(0, u128::saturating_add)
    }

    /// Every endgame winning move (up to `limit` per plan), in the order of [`Move`].
    fn endgame_moves(&self, heaps: &[u64], limit: usize) -> Vec<Move> {
        let bigs: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
        let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
        let mut moves = Vec::new();
        // Every plan's moves come out in the order of `Move` within the plan, so the first `limit`
        // of each plan hold the first `limit` of all.
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

    /// The AI's move from a lost position: the highest binary digit of the largest heap (the first
    /// such heap), which changes one column only. The other player's winning reply lowers K heaps
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
        Some(Move::take(heap, 1 << (63 - h.leading_zeros())))
    }

    fn describe(mv: &Move) -> String {
        match mv {
            Move::TakeMany(takes) => {
                let parts: Vec<String> =
                    takes.iter().map(|t| format!("{} from heap {}", t.take, t.number())).collect();
                match parts.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("take {} and {last}", rest.join(", ")),
                    _ => format!("take {}", parts.join("")),
                }
            }
            other => other.to_string(),
        }
    }

    fn reason(&self, heaps: &[u64], best: Option<&Move>, win: bool, columns: &[(u64, u64)]) -> String {
        let (k, m) = (self.k, self.modulus());
        let Some(mv) = best else {
            return match self.mode {
                Mode::Normal => "the game is over: the other player took the last token and won".into(),
                Mode::Misere => "the game is over: the other player took the last token and lost".into(),
            };
        };
        let shown = Moore::describe(mv);
        if self.endgame(heaps) {
            let ones = Moore::ones(heaps);
            if win {
                let mut after = Position::new(heaps.to_vec());
                let _ = mv.apply_to(&mut after);
                let left = Moore::ones(after.heaps());
                return format!(
                    "misère endgame: after this move no heap holds two or more, so leave a number of heaps of one \
                     that is 1 more than a multiple of {m} ({left}): the opponent then takes the last token in \
                     the end; {shown}"
                );
            }
            return format!(
                "this position is lost: {ones} heaps of one is 1 more than a multiple of {m}, and whatever you \
                 take (1 to {k}), the opponent can bring it back there; {shown} and hope for a mistake"
            );
        }
        let digits = columns.len();
        if win {
            let (at, (count, rest)) =
                columns.iter().enumerate().find(|(_, c)| c.1 != 0).unwrap_or((0, &(0, 0)));
            let column = digits - 1 - at;
            format!(
                "count the heaps with a 1 in each binary column: the player to move loses when every count is a \
                 multiple of {m}; the {} column has {count} ({rest} more than a multiple of {m}), so {shown}: \
                 every column then holds a multiple of {m}",
                place(column)
            )
        } else {
            format!(
                "this position is lost: every binary column holds a multiple of {m} ones, and a move on 1 to {k} \
                 heaps changes some column by 1 to {k}, which the opponent can always set right; {shown} and \
                 hope for a mistake"
            )
        }
    }
}

/// A binary column as a person names it: `1s`, `2s`, `4s`, ... (`2^40s` past 2^20).
fn place(column: usize) -> String {
    if column <= 20 { format!("{}s", 1u64 << column) } else { format!("2^{column}s") }
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
            Move::Split { .. } => Err(MoveError::NotInThisGame {
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
        let heaps = position.heaps();
        if self.lost(heaps) || limit == 0 {
            return Vec::new();
        }
        if self.endgame(heaps) {
            return self.endgame_moves(heaps, limit);
        }
        let mut search = Search::new(heaps, self.k);
        let mut out = Vec::new();
        let top = search.top();
        search.list(top, &[], &mut heaps.to_vec(), &mut out, limit);
        if search.exhausted {
            // The moves found are winning moves; the column rule's is always among those listed.
            if let Some(mv) = self.column_move(heaps).filter(|mv| !out.contains(mv)) {
                out.truncate(limit.saturating_sub(1));
                out.push(mv);
            }
        }
        out.sort();
        out
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        let heaps = position.heaps();
        if self.lost(heaps) {
            return Some(0);
        }
        if self.endgame(heaps) {
            return Some(self.endgame_count(heaps));
        }
        let mut search = Search::new(heaps, self.k);
        let top = search.top();
        let count = search.count(top, &[]);
        (!search.exhausted).then_some(count)
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
        winning.or_else(|| self.fallback(heaps))
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
    fn describe_move(&self, _: &Position, mv: &Move) -> String {
        Moore::describe(mv)
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
