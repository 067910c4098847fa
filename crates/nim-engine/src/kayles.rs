//! Kayles: rows of pins; a move knocks down one pin or two neighbouring pins, which may break a row
//! in two.
//!
//! A row is a heap. A move is a [`Move::Split`] of the row that takes 1 or 2 pins: the `left` pins
//! before them stay in the row's place and the pins after them become a new last row. A move at
//! either end of a row only shortens it (no empty row is added, and a row whose first pins fall
//! keeps its place), so the same move always gives the same position; knocking down the first pin
//! or the last pin of a row are two moves that leave the same rows.
//!
//! Dawson's Kayles (octal game 0.07) is played the same way, but a move knocks down exactly two
//! neighbouring pins: a row of one pin can no longer be played.
//!
//! Grundy values are computed once from the definition (`g(n)` is the mex of `g(a) ⊕ g(b)` over
//! every way a move leaves rows `a` and `b`) for rows up to 199; in Kayles they repeat with period
//! 12 from 71 on (the last exception is at 70), in Dawson's Kayles with period 34 from 53 on (the
//! last exception is at a row of 52 pins, 51 in the usual numbering of 0.137, Dawson's chess),
//! which is checked there (and by the tests to row 3000), and each table is kept to one period
//! past its start. The winning moves of a huge row are counted and listed by residues.

use std::sync::OnceLock;

use super::grundy::{self, GrundyTable, HeapGame};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, Rules, Teaching};

/// From this row on the values of Kayles repeat.
pub const KAYLES_PRE_PERIOD: u64 = 71;
/// How often they repeat.
pub const KAYLES_PERIOD: u64 = 12;
/// From this row on the values of Dawson's Kayles repeat.
pub const DAWSON_PRE_PERIOD: u64 = 53;
/// How often they repeat.
pub const DAWSON_PERIOD: u64 = 34;

/// Kayles, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Kayles;

/// Dawson's Kayles, normal play: a move knocks down exactly two neighbouring pins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dawson;

/// What sets a game of pins apart: how many neighbouring pins a move may knock down, and when its
/// values repeat.
#[derive(Debug)]
struct PinRule {
    kind: GameKind,
    /// The fewest pins a move knocks down (1 in Kayles, 2 in Dawson's Kayles); the most is 2.
    fewest: u64,
    pre_period: u64,
    period: u64,
    /// What a move may knock down, as an error says it.
    allowed: &'static str,
    /// How a move is written, as an error says it.
    expected: &'static str,
    table: fn() -> &'static GrundyTable,
    pairs: fn() -> &'static PairCounts,
}

/// Kayles's rule.
static KAYLES: PinRule = PinRule {
    kind: GameKind::Kayles,
    fewest: 1,
    pre_period: KAYLES_PRE_PERIOD,
    period: KAYLES_PERIOD,
    allowed: "one pin or two neighbouring pins",
    expected: "expected a move such as '1 pin 3' (row 1, pin 3) or '1 pins 3 4'",
    table: kayles_table,
    pairs: kayles_pairs,
};

/// Dawson's Kayles's rule.
static DAWSON: PinRule = PinRule {
    kind: GameKind::Dawson,
    fewest: 2,
    pre_period: DAWSON_PRE_PERIOD,
    period: DAWSON_PERIOD,
    allowed: "exactly two neighbouring pins",
    expected: "expected a move such as '1 pins 3 4' (row 1, pins 3 and 4)",
    table: dawson_table,
    pairs: dawson_pairs,
};

/// The values of a game of pins, computed from the definition for rows below 200 (where the
/// period is checked), then cut to one period past its start.
fn build(fewest: u64, pre_period: u64, period: u64) -> GrundyTable {
    const COMPUTED: usize = 200;
    let mut values: Vec<u8> = Vec::with_capacity(COMPUTED);
    for n in 0..COMPUTED {
        let mut seen = 0u128;
        for take in fewest as usize..=2usize.min(n) {
            for a in 0..=n - take {
                // The values of both games stay below 16.
                seen |= 1 << (values[a] ^ values[n - take - a]);
            }
        }
        values.push(grundy::mex(seen) as u8);
    }
    let (pre, per) = (pre_period as usize, period as usize);
    debug_assert!((pre..COMPUTED - per).all(|n| values[n] == values[n + per]), "the values repeat");
    values.truncate(pre + per);
    GrundyTable { values, pre_period, period }
}

fn kayles_table() -> &'static GrundyTable {
    static TABLE: OnceLock<GrundyTable> = OnceLock::new();
    TABLE.get_or_init(|| build(1, KAYLES_PRE_PERIOD, KAYLES_PERIOD))
}

fn dawson_table() -> &'static GrundyTable {
    static TABLE: OnceLock<GrundyTable> = OnceLock::new();
    TABLE.get_or_init(|| build(2, DAWSON_PRE_PERIOD, DAWSON_PERIOD))
}

impl Kayles {
    /// The Grundy value of a row of `n` pins.
    pub fn grundy(&self, n: u64) -> u64 {
        kayles_table().value(n)
    }

    /// The table of values (rows 0 to 82) with its pre-period (71) and period (12).
    pub fn table(&self) -> GrundyTable {
        kayles_table().clone()
    }
}

impl Dawson {
    /// The Grundy value of a row of `n` pins.
    ///
    /// ```
    /// use nim_engine::Dawson;
    ///
    /// // A row of 2 is one move, worth 1; a row of 5 is lost for the player to move.
    /// assert_eq!((Dawson.grundy(2), Dawson.grundy(5)), (1, 0));
    /// // From 53 on the values repeat every 34, to the largest row.
    /// assert_eq!(Dawson.grundy(u64::MAX), Dawson.grundy(53 + (u64::MAX - 53) % 34));
    /// ```
    pub fn grundy(&self, n: u64) -> u64 {
        dawson_table().value(n)
    }

    /// The table of values (rows 0 to 86) with its pre-period (53) and period (34).
    pub fn table(&self) -> GrundyTable {
        dawson_table().clone()
    }
}

/// Visits, by increasing `a`, every `a` in `0..=m` with `g(a) ⊕ g(m - a) = target`, until `visit`
/// returns false. Both parts are looked up in the table where one is small, and by residues where
/// both are in the periodic range.
/// Returns false when stopped.
fn pairs(t: &GrundyTable, m: u64, target: u128, visit: impl FnMut(u64) -> bool) -> bool {
    let ok = |a: u64| u128::from(t.value(a) ^ t.value(m - a)) == target;
    periodic_pairs(m, t.pre_period, t.period, ok, visit)
}

/// Visits, by increasing `a`, every `a` in `0..=m` for which `ok(a)` holds, until `visit` returns
/// false (then returns false), where `ok(a)` depends on the rows `a` and `m - a` only through
/// their values, and a row's value repeats with `period` from `pre` on. Where both parts are in
/// that periodic range, only `a mod period` matters: the residues that hold are found once and
/// stepped through, so a row of u64::MAX costs a few hundred looks, not 2^64. Kayles' and Dawson's
/// Grundy values use it, and misère Kayles' quotient elements.
pub(crate) fn periodic_pairs(
    m: u64,
    pre: u64,
    period: u64,
    ok: impl Fn(u64) -> bool,
    mut visit: impl FnMut(u64) -> bool,
) -> bool {
    if m < 2 * pre + 2 * period {
        return (0..=m).filter(|&a| ok(a)).all(visit);
    }
    if !(0..pre).filter(|&a| ok(a)).all(&mut visit) {
        return false;
    }
    let good: Vec<u64> = (0..period).filter(|&r| ok(pre + r)).collect();
    if !good.is_empty() {
        let mut base = pre;
        'blocks: loop {
            for &r in &good {
                let a = base + r;
                if a > m - pre {
                    break 'blocks;
                }
                if !visit(a) {
                    return false;
                }
            }
            base += period;
        }
    }
    (m - pre + 1..=m).filter(|&a| ok(a)).all(visit)
}

/// The values of both games of pins stay below this (checked where [`PairCounts`] are built).
const VALUES: usize = 16;

/// What [`count_pairs`] needs for a long row, worked out once per game: for `m` in the periodic
/// range, the pairs `a + b = m` reaching a target depend only on `m` modulo the period.
/// `ends[ρ][t]` counts the `a` below the pre-period with `g(a) ⊕ g(m - a) = t` (the same number
/// has `m - a` below it); `middle[ρ][t]` lists the `r` below the period with
/// `g(pre + r) ⊕ g(m - pre - r) = t`, each standing for every `pre + r + k·period` up to `m - pre`.
#[derive(Debug)]
struct PairCounts {
    ends: Vec<[u64; VALUES]>,
    middle: Vec<[Vec<u64>; VALUES]>,
}

impl PairCounts {
    fn new(t: &GrundyTable) -> PairCounts {
        let (pre, period) = (t.pre_period, t.period);
        let base = 2 * pre + 2 * period;
        debug_assert!(t.values.iter().all(|&v| usize::from(v) < VALUES), "values below {VALUES}");
        let mut ends = Vec::new();
        let mut middle = Vec::new();
        for residue in 0..period {
            // The first `m` from `base` on with this residue.
            let m = base + (residue + period - base % period) % period;
            let mut end = [0u64; VALUES];
            let mut mid: [Vec<u64>; VALUES] = Default::default();
            for a in 0..pre {
                end[(t.value(a) ^ t.value(m - a)) as usize % VALUES] += 1;
            }
            for r in 0..period {
                mid[(t.value(pre + r) ^ t.value(m - pre - r)) as usize % VALUES].push(r);
            }
            ends.push(end);
            middle.push(mid);
        }
        PairCounts { ends, middle }
    }
}

fn kayles_pairs() -> &'static PairCounts {
    static PAIRS: OnceLock<PairCounts> = OnceLock::new();
    PAIRS.get_or_init(|| PairCounts::new(kayles_table()))
}

fn dawson_pairs() -> &'static PairCounts {
    static PAIRS: OnceLock<PairCounts> = OnceLock::new();
    PAIRS.get_or_init(|| PairCounts::new(dawson_table()))
}

/// How many `a` in `0..=m` have `g(a) ⊕ g(m - a) = target`: on a long row, from the pair counts
/// of its residue, in a dozen or so steps whatever `m` is.
fn count_pairs(t: &GrundyTable, counts: &PairCounts, m: u64, target: u128) -> u128 {
    let (pre, period) = (t.pre_period, t.period);
    if m >= 2 * pre + 2 * period {
        // No pair reaches a value the games never have.
        let target = match usize::try_from(target) {
            Ok(target) if target < VALUES => target,
            _ => return 0,
        };
        let residue = (m % period) as usize;
        let span = m - 2 * pre;
        let middle: u128 =
            counts.middle[residue][target].iter().map(|&r| u128::from((span - r) / period + 1)).sum();
        return 2 * u128::from(counts.ends[residue][target]) + middle;
    }
    slow_count_pairs(t, m, target)
}

/// [`count_pairs`] by looking at pairs, as it was first written: the reference for the tests,
/// and the way for short rows.
fn slow_count_pairs(t: &GrundyTable, m: u64, target: u128) -> u128 {
    let ok = |a: u64| u128::from(t.value(a) ^ t.value(m - a)) == target;
    count_periodic_pairs(m, t.pre_period, t.period, ok)
}

/// How many `a` in `0..=m` have `ok(a)`, under [`periodic_pairs`]' condition (`ok(a)` depends on
/// the rows `a` and `m - a` only through their values, which repeat with `period` from `pre`):
/// the ends one by one, the middle by residues, each standing for every `pre + r + j·period` up to
/// `m - pre`. Short rows are counted pair by pair.
pub(crate) fn count_periodic_pairs(m: u64, pre: u64, period: u64, ok: impl Fn(u64) -> bool) -> u128 {
    if m < 2 * pre + 2 * period {
        return (0..=m).filter(|&a| ok(a)).count() as u128;
    }
    let ends = (0..pre).filter(|&a| ok(a)).count() + (m - pre + 1..=m).filter(|&a| ok(a)).count();
    let span = m - 2 * pre;
    let middle: u128 =
        (0..period).filter(|&r| ok(pre + r)).map(|r| u128::from((span - r) / period + 1)).sum();
    ends as u128 + middle
}

/// The pins a move knocks down, as a person reads them: `pin 3`, `pins 3 and 4`.
fn knocked(first: u64, count: u64) -> String {
    if count == 2 { format!("pins {first} and {}", first + 1) } else { format!("pin {first}") }
}

/// A game of pins ready to answer: Kayles or Dawson's Kayles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pins(&'static PinRule);

impl Pins {
    /// Kayles, ready to answer.
    pub(crate) fn kayles() -> Pins {
        Pins(&KAYLES)
    }

    /// Dawson's Kayles, ready to answer.
    pub(crate) fn dawson() -> Pins {
        Pins(&DAWSON)
    }

    fn table(&self) -> &'static GrundyTable {
        (self.0.table)()
    }

    /// The counts of pins a move may knock down.
    fn counts(&self, size: u64) -> std::ops::RangeInclusive<u64> {
        self.0.fewest..=2u64.min(size)
    }

    /// The Grundy values and their period.
    pub(crate) fn grundy_table(&self) -> GrundyTable {
        self.table().clone()
    }
}

impl HeapGame for Pins {
    fn kind(&self) -> GameKind {
        self.0.kind
    }
    fn grundy(&self, size: u64) -> u128 {
        u128::from(self.table().value(size))
    }
    fn takes_to(&self, _: usize, _: u64, _: u128, _: &mut dyn FnMut(Move) -> bool) -> bool {
        true
    }
    fn count_takes_to(&self, _: u64, _: u128) -> u128 {
        0
    }
    fn splits_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        self.counts(size).all(|take| {
            pairs(self.table(), size - take, target, |left| visit(Move::Split { heap, take, left }))
        })
    }
    fn count_splits_to(&self, size: u64, target: u128) -> u128 {
        let counts = (self.0.pairs)();
        self.counts(size).map(|take| count_pairs(self.table(), counts, size - take, target)).sum()
    }
    fn take_count(&self, _: u64) -> u128 {
        0
    }
    fn nth_take(&self, _: usize, _: u64, _: u128) -> Option<Move> {
        None
    }
    fn split_count(&self, size: u64) -> u128 {
        // `size` places for one pin (in Kayles), `size - 1` for two.
        let singles = if self.0.fewest == 1 { u128::from(size) } else { 0 };
        singles + u128::from(size.saturating_sub(1))
    }
    fn nth_split(&self, heap: usize, size: u64, index: u128) -> Option<Move> {
        let singles = if self.0.fewest == 1 { u128::from(size) } else { 0 };
        let (take, left) = if index < singles { (1, index) } else { (2, index - singles) };
        let left = u64::try_from(left).ok().filter(|&l| l + take <= size)?;
        Some(Move::Split { heap, take, left })
    }
    /// Knocks down the last two pins of the longest row (its only pin if it has one, in Kayles).
    /// The game lasts at least (pins) / 2 moves whoever plays, so the AI makes it no longer than
    /// that.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (heap, &size) = position
            .heaps()
            .iter()
            .enumerate()
            .filter(|(_, h)| **h >= self.0.fewest)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        let take = size.min(2);
        Some(Move::Split { heap, take, left: size - take })
    }
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        let Some((row, first, count)) = mv.as_pins() else { return MoveWords::plain(mv) };
        let breaking = position.heap(row).and_then(|size| {
            let left = first - 1;
            let rest = size.saturating_sub(left + count);
            (left > 0 && rest > 0).then_some((left, rest))
        });
        MoveWords::KnockDown { row: row + 1, first, count, breaking }
    }
    fn periodic(&self) -> Option<(u64, u64)> {
        Some((self.0.pre_period, self.0.period))
    }
}

/// Kayles and Dawson's Kayles: knock down one pin or two neighbouring pins, or exactly two.
impl Rules for Pins {
    fn kind(&self) -> GameKind {
        self.0.kind
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match *mv {
            Move::Split { heap, take, left } => {
                if !(self.0.fewest..=2).contains(&take) {
                    return Err(MoveError::PinCount { count: take, allowed: self.0.allowed });
                }
                let pins = position
                    .heap(heap)
                    .ok_or(MoveError::NoSuchHeap { number: heap.saturating_add(1), heaps: position.len() })?;
                if left.checked_add(take).is_none_or(|end| end > pins) {
                    return Err(MoveError::NoSuchPins {
                        number: heap + 1,
                        pins,
                        knocked: knocked(left.saturating_add(1), take),
                    });
                }
                Ok(())
            }
            _ => Err(MoveError::NotInThisGame {
                game: self.0.kind.title(),
                what: if self.0.fewest == 1 {
                    "one or two neighbouring pins of one row"
                } else {
                    "two neighbouring pins of one row"
                },
            }),
        }
    }
    /// No row holds a move: in Dawson's Kayles rows of one pin may still stand.
    fn is_over(&self, position: &Position) -> bool {
        grundy::is_over(self, position)
    }
    grundy::grundy_answers!();
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        HeapGame::move_words(self, position, mv)
    }
    /// `1 pin 3` (row 1, pin 3) or `1 pins 3 4`.
    fn write_move(&self, mv: &Move) -> String {
        match mv.as_pins() {
            Some((row, first, 2)) => format!("{} pins {first} {}", row + 1, first + 1),
            Some((row, first, _)) => format!("{} pin {first}", row + 1),
            None => mv.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let expected = || self.0.expected.to_string();
        let words: Vec<&str> = text.split_whitespace().collect();
        let pin = |word: &str| -> Result<u64, String> {
            match super::parse_heap(word) {
                Ok(0) => Err("pin 0 does not exist: pins are counted from 1".to_string()),
                Ok(p) => Ok(p),
                Err(e) => Err(e.to_string()),
            }
        };
        match words.as_slice() {
            [row, "pin", first] if self.0.fewest == 1 => {
                Ok(Move::pins(super::game::read_heap_number(row)?, pin(first)?, 1))
            }
            [row, "pins", first, second] => {
                let (first, second) = (pin(first)?, pin(second)?);
                if second != first.saturating_add(1) {
                    return Err(format!("pins {first} and {second} are not neighbours: {}", expected()));
                }
                Ok(Move::pins(super::game::read_heap_number(row)?, first, 2))
            }
            _ => Err(expected()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_counts_by_residue_are_the_pairs_counted() {
        for (table, counts) in [(kayles_table(), kayles_pairs()), (dawson_table(), dawson_pairs())] {
            let base = 2 * table.pre_period + 2 * table.period;
            let rows = (0..base + 3 * table.period).chain([1_000, 12_345, 99_999, 1 << 20, (1 << 20) + 7]);
            for m in rows {
                for target in 0..20u128 {
                    assert_eq!(
                        count_pairs(table, counts, m, target),
                        slow_count_pairs(table, m, target),
                        "row {m}, target {target}"
                    );
                }
            }
        }
    }
}
