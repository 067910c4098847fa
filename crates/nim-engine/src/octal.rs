//! Octal games (Guy and Smith, 1956; Winning Ways, chapter 4): take-and-break games named by a
//! code of octal digits `d0.d1d2d3…`.
//!
//! Digit `d_k` says what a move that takes `k` tokens from one heap may leave of it, as bits: 1,
//! nothing (the move takes a whole heap of `k`); 2, one heap (the rest stays together); 4, two
//! non-empty heaps (the rest is split in two). `d0`, before the point, is 0 or 4 (a heap split in
//! two without taking anything; 1 or 2 there would be a move that changes nothing). Kayles is
//! 0.77, Dawson's Kayles 0.07 (both have their own names and files, `kayles.rs`). Codes reach 7
//! digits after the point ([`OCTAL_DIGITS_MAX`]).
//!
//! A heap's Grundy value is computed from the rules, for heaps below [`OCTAL_COMPUTED`]; the
//! periodicity theorem of Guy and Smith then proves the values periodic for ever: if
//! `g(n + p) = g(n)` for every `n` with `n0 ≤ n < 2·n0 + p + t`, `t` being the most tokens a move
//! takes (the last non-zero digit's place), then `g(n + p) = g(n)` for every `n ≥ n0`. The
//! smallest `p` proved within the values computed is the period, with the least `n0` for it. A
//! code with no period proved there (0.6, 0.16 and 0.007, Treblecross, among the famous open
//! ones) is refused by name, with the reason: the work is bounded by the values computed, never
//! by a clock.
//!
//! On the board an octal game is rows of pins, as Kayles is: a move knocks down `k` neighbouring
//! pins of a row (a [`Move::Split`] taking `k`, the `left` pins before them staying in the row's
//! place), at a row's end (one row left), inside it (two), or a whole row of `k`, as the code
//! allows. Every code with `d0 = 0` is played, up to seven pins a move: the player chooses the
//! first pin and, where the code lets more than one number of pins fall, steps through them with
//! the switch ([`MoveShape::Pins`](super::MoveShape::Pins)). A split without taking (`d0 = 4`) is
//! computed and answered by [`octal_table`] and [`Octal`], for `solve`, the tests and tables.

use std::sync::{Arc, Mutex};

use super::grundy::{self, GrundyTable, HeapGame};
use super::kayles::{count_periodic_pairs, periodic_pairs};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, Rules, Teaching};

/// The most digits read after the point of a code: takes of 1 to 7 tokens.
pub const OCTAL_DIGITS_MAX: usize = 7;

/// How many Grundy values (heaps 0 to `OCTAL_COMPUTED - 1`) are computed while looking for a
/// period the theorem proves. The work is at most `t · OCTAL_COMPUTED² / 2` looks, `t` the most a
/// move takes (about 15 million for seven digits, 4 million for the codes played), whatever the
/// machine.
pub const OCTAL_COMPUTED: usize = 2048;

/// The code the menus offer: 0.53 (one pin may fall as a whole row or from inside a row, two
/// neighbours as a whole row or at an end), whose values repeat with period 9 from 11 on, which
/// the theorem proves from its first 49 values.
pub const DEFAULT_CODE: OctalCode = OctalCode(5 << 3 | 3 << 6);

/// An octal game's code: digit `k` (0 to 7) for a take of `k` tokens, `k` from 0 (before the
/// point) to [`OCTAL_DIGITS_MAX`]. A small `Copy` value, three bits a digit.
///
/// ```
/// use nim_engine::OctalCode;
///
/// let code = OctalCode::parse(".137").unwrap();
/// assert_eq!(code.to_string(), "0.137");
/// assert_eq!((code.digit(1), code.digit(3), code.most()), (1, 7, 3));
/// assert_eq!(OctalCode::parse("4.07").unwrap().digit(0), 4);
/// assert!(OctalCode::parse("0.8").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode(u32);

/// What a code's digits allow, bit by bit.
const WHOLE: u8 = 1;
const ONE_HEAP: u8 = 2;

impl OctalCode {
    /// The code of these digits, the first before the point; `None` when a digit is past 7, there
    /// are more than [`OCTAL_DIGITS_MAX`] after the point, the first is not 0 or 4, or no move is
    /// allowed at all.
    pub fn new(digits: &[u8]) -> Option<OctalCode> {
        let (&first, rest) = digits.split_first()?;
        if rest.len() > OCTAL_DIGITS_MAX || digits.iter().any(|&d| d > 7) || first & (WHOLE | ONE_HEAP) != 0 {
            return None;
        }
        let bits = digits.iter().enumerate().fold(0u32, |b, (k, &d)| b | u32::from(d) << (3 * k));
        (bits != 0).then_some(OctalCode(bits))
    }

    /// Digit `k`: what a move that takes `k` tokens may leave (0 past the code's end).
    pub fn digit(self, k: u64) -> u8 {
        if k > OCTAL_DIGITS_MAX as u64 { 0 } else { (self.0 >> (3 * k) & 7) as u8 }
    }

    /// The most tokens a move takes: the place of the last non-zero digit (`t` of the theorem).
    pub fn most(self) -> u64 {
        (0..=OCTAL_DIGITS_MAX as u64).rev().find(|&k| self.digit(k) != 0).unwrap_or(0)
    }

    /// The amounts a move may take, smallest first (0 for a split without taking, `d0 = 4`).
    pub fn takes(self) -> impl Iterator<Item = u64> {
        (0..=OCTAL_DIGITS_MAX as u64).filter(move |&k| self.digit(k) != 0)
    }

    /// The numbers of neighbouring pins a move may knock down, as bits (`1 << (k - 1)` for
    /// `k`), for [`MoveShape::Pins`](super::MoveShape::Pins): the code's non-zero digits after
    /// the point.
    pub fn falls(self) -> u8 {
        self.takes().filter(|&k| k > 0).fold(0, |bits, k| bits | 1 << (k - 1))
    }

    /// Whether a move may take `k` tokens and leave `parts` heaps (0, 1 or 2).
    pub fn allows(self, k: u64, parts: u8) -> bool {
        parts <= 2 && self.digit(k) >> parts & 1 == 1
    }

    /// Whether some move splits a heap in two.
    pub fn splits(self) -> bool {
        self.takes().any(|k| self.allows(k, 2))
    }

    /// Reads `0.137`, `.137` or `4.07`: octal digits, one before the point (0 or 4, 0 when left
    /// out), at most [`OCTAL_DIGITS_MAX`] after it. Trailing zeros are dropped (`0.70` is `0.7`).
    pub fn parse(text: &str) -> Result<OctalCode, String> {
        let expected = format!(
            "expected an octal code such as 0.71 or .137: digits 0 to 7, one before the point (0, or 4 for a \
             split without taking) and 1 to {OCTAL_DIGITS_MAX} after it"
        );
        let text = text.trim();
        let Some((before, after)) = text.split_once('.') else {
            let shown: String = text.chars().take(20).flat_map(char::escape_debug).collect();
            return Err(format!("'{shown}' has no point: {expected}"));
        };
        let digit = |c: char| match c.to_digit(8) {
            Some(d) => Ok(d as u8),
            None => Err(format!("'{}' is not an octal digit (0 to 7): {expected}", c.escape_debug())),
        };
        let first = match before {
            "" => 0,
            _ if before.chars().count() == 1 => digit(before.chars().next().unwrap_or('0'))?,
            _ => return Err(format!("one digit comes before the point: {expected}")),
        };
        if first & (WHOLE | ONE_HEAP) != 0 {
            return Err(format!(
                "the digit before the point is 0 or 4 ({first} would allow a move that takes nothing and leaves \
                 the heap as it was): {expected}"
            ));
        }
        let mut digits = vec![first];
        for c in after.chars() {
            digits.push(digit(c)?);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if after.is_empty() {
            return Err(format!("no digit after the point: {expected}"));
        }
        if digits.len() > OCTAL_DIGITS_MAX + 1 {
            return Err(format!("more than {OCTAL_DIGITS_MAX} digits after the point: {expected}"));
        }
        OctalCode::new(&digits).ok_or_else(|| format!("every digit is 0, so no move is allowed: {expected}"))
    }

    /// Why the code is not played here, when it is not: a split without taking (a digit 4
    /// before the point) is computed, but the pins' board builds moves that knock pins down.
    pub fn unplayable(self) -> Option<String> {
        (self.digit(0) != 0).then(|| {
            "a split without taking (a digit 4 before the point) is not played here: a move knocks down \
             neighbouring pins"
                .to_string()
        })
    }
}

impl std::fmt::Display for OctalCode {
    /// `0.137`, `4.07`: the digit before the point, the point, and the digits to the last
    /// non-zero one (at least one).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.", self.digit(0))?;
        for k in 1..=self.most().max(1) {
            write!(f, "{}", self.digit(k))?;
        }
        Ok(())
    }
}

/// The Grundy values of heaps `0..count` of `code`, from the rules: `g(n)` is the mex of the
/// values of every position one move leaves (nothing, one heap, or two heaps XORed).
///
/// ```
/// use nim_engine::{OctalCode, octal_values};
///
/// // Kayles, 0.77 (OEIS A002186).
/// let kayles = OctalCode::parse("0.77").unwrap();
/// assert_eq!(octal_values(kayles, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub fn octal_values(code: OctalCode, count: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(count);
    // `seen[v] == n` when value `v` is reached from a heap of `n`.
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..count {
        let mut mark = |v: u32| {
            let v = v as usize;
            if v >= seen.len() {
                seen.resize(v + 1, usize::MAX);
            }
            seen[v] = n;
        };
        for k in code.takes().take_while(|&k| k as usize <= n) {
            let m = n - k as usize;
            if m == 0 {
                if code.allows(k, 0) && k > 0 {
                    mark(0);
                }
                continue;
            }
            if code.allows(k, 1) && k > 0 {
                mark(values[m]);
            }
            if code.allows(k, 2) {
                for a in 1..=m / 2 {
                    mark(values[a] ^ values[m - a]);
                }
            }
        }
        let mex = (0..).find(|&v| seen.get(v).is_none_or(|&s| s != n)).unwrap_or(0);
        values.push(mex as u32);
    }
    values
}

/// The period and pre-period the periodicity theorem proves from `values` (`values[n]` the value
/// of a heap of `n`), for a game whose moves take at most `most` tokens: the smallest `p` for
/// which, `n0` being the least heap from which `values` repeat with `p`, the values reach heap
/// `2·n0 + 2p + most - 1`, so that `g(n + p) = g(n)` is seen for every `n0 ≤ n < 2·n0 + p + most`.
/// `None` when no period is proved.
///
/// ```
/// use nim_engine::{OctalCode, octal_values, proved_period};
///
/// let dawson = OctalCode::parse("0.07").unwrap();
/// assert_eq!(proved_period(&octal_values(dawson, 300), 2), Some((53, 34)));
/// // Kayles repeats from 71 with period 12, proved from 2·71 + 2·12 + 2 = 168 values.
/// let kayles = octal_values(OctalCode::parse("0.77").unwrap(), 300);
/// assert_eq!(proved_period(&kayles, 2), Some((71, 12)));
/// assert_eq!(proved_period(&kayles[..167], 2), None);
/// ```
pub fn proved_period(values: &[u32], most: u64) -> Option<(u64, u64)> {
    let len = values.len();
    let most = most as usize;
    (1..len).find_map(|p| {
        // The least n0 with values[n + p] == values[n] for every n from n0 on (as far as known).
        let n0 = (0..len - p).rev().find(|&n| values[n] != values[n + p]).map_or(0, |n| n + 1);
        (2 * n0 + 2 * p + most <= len).then_some((n0 as u64, p as u64))
    })
}

/// Why an octal code cannot be answered for every heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OctalRefusal {
    /// No period is proved among the first [`OCTAL_COMPUTED`] values.
    NoPeriod,
    /// A value past 255 among them, more than a table here holds.
    LargeValue,
}

impl OctalRefusal {
    /// The reason in English, for the name's refusal.
    pub fn why(self) -> String {
        match self {
            OctalRefusal::NoPeriod => format!(
                "no period is proved among its first {OCTAL_COMPUTED} Grundy values by the periodicity theorem \
                 (Guy and Smith), so no longer row could be answered; its sequence is not known to be periodic \
                 there. Choose another code"
            ),
            OctalRefusal::LargeValue => {
                format!("a Grundy value past 255 among its first {OCTAL_COMPUTED}, more than is kept here")
            }
        }
    }
}

/// The table of `code` (its values through the pre-period and one period), built once and kept
/// in a small cache, or why it cannot be: no period proved among the first [`OCTAL_COMPUTED`]
/// values.
pub fn octal_table(code: OctalCode) -> Result<Arc<GrundyTable>, OctalRefusal> {
    type Cache = Vec<(OctalCode, Result<Arc<GrundyTable>, OctalRefusal>)>;
    static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
    // A poisoned lock only means another thread panicked while holding it.
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, table)) = cache.iter().find(|(c, _)| *c == code) {
        return table.clone();
    }
    let table = build(code).map(Arc::new);
    if cache.len() >= 16 {
        cache.drain(..1);
    }
    cache.push((code, table.clone()));
    table
}

fn build(code: OctalCode) -> Result<GrundyTable, OctalRefusal> {
    let values = octal_values(code, OCTAL_COMPUTED);
    let (pre, period) = proved_period(&values, code.most()).ok_or(OctalRefusal::NoPeriod)?;
    let kept = &values[..(pre + period) as usize];
    let values: Vec<u8> = kept
        .iter()
        .map(|&v| u8::try_from(v).map_err(|_| OctalRefusal::LargeValue))
        .collect::<Result<_, _>>()?;
    Ok(GrundyTable { values, pre_period: pre, period })
}

/// An octal game, normal play, ready to answer: its code and its proved table.
#[derive(Debug, Clone)]
pub struct Octal {
    code: OctalCode,
    /// `None` for a code with no period proved (the name parser never lets one through): every
    /// move is then refused.
    table: Option<Arc<GrundyTable>>,
}

impl Octal {
    /// The game of `code`, its table from the shared cache or built.
    pub fn new(code: OctalCode) -> Octal {
        Octal { code, table: octal_table(code).ok() }
    }

    /// The code.
    pub fn code(&self) -> OctalCode {
        self.code
    }

    /// The Grundy value of a heap (row) of `n`, through the period for large `n`.
    pub fn grundy(&self, n: u64) -> u64 {
        self.table.as_ref().map_or(0, |t| t.value(n))
    }

    /// The table with its pre-period and period (a table of one 0 for a code refused).
    pub fn table(&self) -> GrundyTable {
        self.table.as_deref().cloned().unwrap_or(GrundyTable { values: vec![0], pre_period: 0, period: 1 })
    }

    /// The shortest row of `code` with a move, when that is more than one pin (`None` when a row
    /// of one has a move, or no row below [`OCTAL_COMPUTED`] has one). From the code alone: no
    /// table is built.
    pub fn least_row(code: OctalCode) -> Option<u64> {
        let rules = Octal { code, table: None };
        (1..OCTAL_COMPUTED as u64).find(|&n| rules.split_count(n) > 0).filter(|&n| n > 1)
    }

    /// The first and the last pin from which `count` neighbouring pins may fall in a row of
    /// `size` under `code` (the pins counted from 1), when they may fall somewhere: a player's
    /// count is kept between them, so that the pin first offered is one the code allows.
    pub fn first_pins(code: OctalCode, size: u64, count: u64) -> Option<(u64, u64)> {
        let rules = Octal { code, table: None };
        let places = rules.places(count, size);
        let first = rules.nth_place(count, size, 0)?;
        let last = rules.nth_place(count, size, places.checked_sub(1)?)?;
        Some((first + 1, last + 1))
    }

    /// The table, or the one of a code refused.
    fn t(&self) -> GrundyTable {
        self.table()
    }

    /// How many places (`left`) a take of `k` from a heap of `size` has.
    fn places(&self, k: u64, size: u64) -> u128 {
        if k > size || self.code.digit(k) == 0 {
            return 0;
        }
        let m = size - k;
        if m == 0 {
            return u128::from(self.code.allows(k, 0) && k > 0);
        }
        let ends = if self.code.allows(k, 1) && k > 0 { 2 } else { 0 };
        let middle = if self.code.allows(k, 2) { u128::from(m - 1) } else { 0 };
        ends + middle
    }

    /// The `index`-th place (`left`, from 0) of a take of `k` from a heap of `size`, in order.
    fn nth_place(&self, k: u64, size: u64, index: u128) -> Option<u64> {
        let m = size.checked_sub(k)?;
        if m == 0 {
            return (index == 0 && self.places(k, size) == 1).then_some(0);
        }
        let ends = self.code.allows(k, 1) && k > 0;
        let mut i = index;
        if ends {
            if i == 0 {
                return Some(0);
            }
            i -= 1;
        }
        if self.code.allows(k, 2) {
            if i < u128::from(m - 1) {
                return u64::try_from(i + 1).ok();
            }
            i -= u128::from(m - 1);
        }
        (ends && i == 0).then_some(m)
    }

    /// Whether the take of `k` from a heap leaving `m` (`m = size - k`), `left` staying in place,
    /// is allowed, and what it leaves is worth `target`.
    fn reaches(&self, t: &GrundyTable, k: u64, m: u64, left: u64, target: u128) -> bool {
        if m == 0 {
            return self.code.allows(k, 0) && k > 0 && target == 0;
        }
        if left == 0 || left == m {
            return self.code.allows(k, 1) && k > 0 && u128::from(t.value(m)) == target;
        }
        self.code.allows(k, 2) && u128::from(t.value(left) ^ t.value(m - left)) == target
    }
}

/// The pins a move knocks down, as a person reads them: `pin 3`, `pins 3 to 5`.
fn knocked(first: u64, count: u64) -> String {
    match count {
        1 => format!("pin {first}"),
        2 => format!("pins {first} and {}", first.saturating_add(1)),
        _ => format!("pins {first} to {}", first.saturating_add(count - 1)),
    }
}

impl HeapGame for Octal {
    fn kind(&self) -> GameKind {
        GameKind::Octal(self.code)
    }
    fn grundy(&self, size: u64) -> u128 {
        u128::from(Octal::grundy(self, size))
    }
    fn takes_to(&self, _: usize, _: u64, _: u128, _: &mut dyn FnMut(Move) -> bool) -> bool {
        true
    }
    fn count_takes_to(&self, _: u64, _: u128) -> u128 {
        0
    }
    fn splits_to(&self, heap: usize, size: u64, target: u128, visit: &mut dyn FnMut(Move) -> bool) -> bool {
        let t = self.t();
        // A pre-period of at least 1, so that the ends (a row shortened) are never among the
        // residues stepped through, where only two rows are looked at.
        let pre = t.pre_period.max(1);
        self.code.takes().take_while(|&k| k <= size).all(|k| {
            let m = size - k;
            let ok = |left: u64| self.reaches(&t, k, m, left, target);
            periodic_pairs(m, pre, t.period, ok, |left| visit(Move::Split { heap, take: k, left }))
        })
    }
    fn count_splits_to(&self, size: u64, target: u128) -> u128 {
        let t = self.t();
        let pre = t.pre_period.max(1);
        let period = t.period;
        self.code
            .takes()
            .take_while(|&k| k <= size)
            .map(|k| {
                let m = size - k;
                count_periodic_pairs(m, pre, period, |left| self.reaches(&t, k, m, left, target))
            })
            .sum()
    }
    fn take_count(&self, _: u64) -> u128 {
        0
    }
    fn nth_take(&self, _: usize, _: u64, _: u128) -> Option<Move> {
        None
    }
    fn split_count(&self, size: u64) -> u128 {
        self.code.takes().map(|k| self.places(k, size)).sum()
    }
    fn nth_split(&self, heap: usize, size: u64, index: u128) -> Option<Move> {
        let mut i = index;
        for k in self.code.takes() {
            let count = self.places(k, size);
            if i < count {
                return self.nth_place(k, size, i).map(|left| Move::Split { heap, take: k, left });
            }
            i -= count;
        }
        None
    }
    /// The last move in order of the longest row that has one: the most pins, as far along the
    /// row as they may fall. The game lasts at least (pins) / (the most a move takes) moves
    /// whoever plays, so the AI shortens it.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (heap, &size) = position
            .heaps()
            .iter()
            .enumerate()
            .filter(|(_, h)| self.split_count(**h) > 0)
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        self.nth_split(heap, size, self.split_count(size) - 1)
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
        self.table.as_ref().map(|t| (t.pre_period, t.period))
    }
}

/// Where a move of an octal game knocks its pins down, for the refusal of one the code forbids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OctalPlace {
    /// The code allows no move of that many.
    Count,
    /// A whole row of that many.
    Whole,
    /// At an end of a longer row (one row left).
    End,
    /// Inside a row, leaving pins on both sides (two rows).
    Middle,
}

/// An octal game: knock down `k` neighbouring pins where the code's digit `d_k` allows.
impl Rules for Octal {
    fn kind(&self) -> GameKind {
        GameKind::Octal(self.code)
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        let not_here = || MoveError::NotInThisGame {
            game: GameKind::Octal(self.code).title(),
            what: "no row: no period of its Grundy values is proved, so it is not played",
        };
        if self.table.is_none() {
            return Err(not_here());
        }
        let Move::Split { heap, take, left } = *mv else {
            return Err(MoveError::NotInThisGame {
                game: GameKind::Octal(self.code).title(),
                what: "neighbouring pins of one row",
            });
        };
        if take > OCTAL_DIGITS_MAX as u64 || self.code.digit(take) == 0 {
            return Err(MoveError::OctalMove { count: take, place: OctalPlace::Count });
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
        let m = pins - take;
        let (parts, place) = match (m, left) {
            (0, _) => (0, OctalPlace::Whole),
            (_, 0) => (1, OctalPlace::End),
            _ if left == m => (1, OctalPlace::End),
            _ => (2, OctalPlace::Middle),
        };
        // A split without taking must leave two non-empty heaps.
        if !self.code.allows(take, parts) || (take == 0 && parts != 2) {
            return Err(MoveError::OctalMove { count: take, place });
        }
        Ok(())
    }
    /// No row holds a move: rows too short for any move may still stand.
    fn is_over(&self, position: &Position) -> bool {
        grundy::is_over(self, position)
    }
    grundy::grundy_answers!();
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        HeapGame::move_words(self, position, mv)
    }
    /// `1 pin 3` (row 1, pin 3), `1 pins 3 4`, `1 pins 3 4 5`; a split without taking
    /// `1 split 3` (3 pins stay in row 1's place).
    fn write_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Split { heap, take: 0, left } => format!("{} split {left}", heap + 1),
            Move::Split { heap, take: 1, left } => format!("{} pin {}", heap + 1, left + 1),
            Move::Split { heap, take, left } => {
                let pins: Vec<String> = (0..take).map(|i| (left + 1 + i).to_string()).collect();
                format!("{} pins {}", heap + 1, pins.join(" "))
            }
            ref other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let expected = || "expected a move such as '1 pin 3' (row 1, pin 3) or '1 pins 3 4'".to_string();
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |word: &str| super::parse_heap(word).map_err(|e| e.to_string());
        let pin = |word: &str| -> Result<u64, String> {
            match number(word)? {
                0 => Err("pin 0 does not exist: pins are counted from 1".to_string()),
                p => Ok(p),
            }
        };
        match words.as_slice() {
            [row, "split", left] => {
                Ok(Move::Split { heap: super::game::read_heap_number(row)?, take: 0, left: number(left)? })
            }
            [row, "pin", first] => Ok(Move::pins(super::game::read_heap_number(row)?, pin(first)?, 1)),
            [row, "pins", first, rest @ ..] if !rest.is_empty() && rest.len() < OCTAL_DIGITS_MAX => {
                let first = pin(first)?;
                for (i, word) in rest.iter().enumerate() {
                    let p = pin(word)?;
                    if Some(p) != first.checked_add(i as u64 + 1) {
                        return Err(format!("pin {p} is not next to the pins before it: {}", expected()));
                    }
                }
                let row = super::game::read_heap_number(row)?;
                Ok(Move::Split { heap: row, take: rest.len() as u64 + 1, left: first - 1 })
            }
            _ => Err(expected()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_and_written() {
        for (text, shown) in
            [("0.71", "0.71"), (".137", "0.137"), ("4.07", "4.07"), ("0.70", "0.7"), ("0.6", "0.6")]
        {
            assert_eq!(OctalCode::parse(text).unwrap().to_string(), shown, "{text}");
        }
        for bad in ["0.8", "1.07", "2.07", "0.0", "077", "0.12345678", "00.7", ".", "0.x"] {
            let err = OctalCode::parse(bad).unwrap_err();
            assert!(err.contains("expected"), "{bad}: {err}");
        }
        assert!(OctalCode::parse("0.1234567").is_ok());
    }

    #[test]
    fn pair_counts_by_residue_are_the_pairs_listed() {
        for text in ["0.71", "0.17", "0.77", "0.07", "0.51"] {
            let game = Octal::new(OctalCode::parse(text).unwrap());
            let t = game.table();
            let base = 2 * t.pre_period + 2 * t.period + 2;
            for size in (0..base + 3 * t.period).chain([1_000, 12_345]) {
                for target in 0..10u128 {
                    let mut listed = 0u128;
                    game.splits_to(0, size, target, &mut |_| {
                        listed += 1;
                        true
                    });
                    assert_eq!(
                        game.count_splits_to(size, target),
                        listed,
                        "{text} row {size} target {target}"
                    );
                }
            }
        }
    }
}
