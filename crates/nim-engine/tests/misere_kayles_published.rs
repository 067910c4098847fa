//! Misère Kayles against tables published by others (issue #38), typed here from the sources and
//! not computed by the engine:
//!
//! 1. **The Sibert–Conway decomposition**, in the form Thane Plambeck sent Richard Guy on
//!    7 October 2002 ("Misere Duplicate Kayles", the letter on
//!    <http://www.plambeck.org/oldhtml/mathematics/games/misere/01377/index.htm>, read there; the
//!    letter says it was "obtained by eyeballing the Kayles decomposition in the Sibert-Conway
//!    paper" and checked by his program). It lists the positions whose misère outcome differs
//!    from their outcome in normal play; every other position is won or lost as in normal play.
//!    It is written for Duplicate Kayles (the octal game 0.1377), whose heap of `m` tokens plays
//!    exactly as a Kayles row of `⌈m/2⌉` pins (checked below from the two games' rules), so it
//!    decides every Kayles position, rows of any size included.
//! 2. **Kayles' normal-play Grundy values**, rows of 0 to 83 pins, from the table in Plambeck's
//!    post "The discovery of the solution to misère Kayles" (miseregames.wordpress.com,
//!    21 September 2003, quoting Conway, *On Numbers and Games*, p. 127): "the values in the final
//!    row of the table repeat themselves indefinitely". (They are OEIS A002186 too.)
//! 3. **The genus of Kayles rows of 0 to 20 pins** (Winning Ways' notation) and their misère
//!    Grundy values, as the test of Aaron Siegel's CGSuite states them
//!    (`lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala` in aaron-siegel/cgsuite, at
//!    commit 46122ba1348dd65ab05d41b185da06b6e108d2f5, the row of `game.heap.Kayles`), read with
//!    CGSuite's own rule for the superscripts left unwritten (`supDigit` in
//!    `lib/core/src/main/scala/org/cgsuite/core/misere/Genus.java`, commit 3d6d6f66c4).
//!
//! What is checked: the engine's outcome (the game a user plays, `--game kayles --mode misere`)
//! against the decomposition on every position of up to 28 pins and on 40,000 positions of up
//! to 12 rows with rows past 71 pins and near 2^64 − 1; against the genus on a row of up to 20
//! pins beside any number of rows of 2; and the misère quotient that the decomposition implies:
//! 40 elements, 9 of them lost, the engine's own. How the decomposition's notation is read (below,
//! [`Line`]) is checked first against a search of the game tree written from the rules alone.

use std::collections::HashMap;

use nim_engine::{
    GameKind, MISERE_KAYLES_ELEMENTS, MisereKayles, Mode, Outcome, Position, QuotientElement, Rules, Ruleset,
};

/// Kayles' Grundy values in normal play, rows of 0 to 83 pins, as the 2003 post's table prints them
/// (rows `0+` to `72+`, twelve to a row). The last twelve repeat for ever.
#[rustfmt::skip]
const NORMAL: [u8; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
    4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
    4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// A Kayles row's Grundy value in normal play, by the table and its last row repeated.
fn normal_value(n: u64) -> u8 {
    if n < 84 { NORMAL[n as usize] } else { NORMAL[72 + ((n - 72) % 12) as usize] }
}

/// One line of the decomposition, as the letter prints it: `{heaps} E{sets} D{sets}`. It stands
/// for the positions made of the heaps listed, an Even number of heaps from each E set, an oDd
/// number from each D set, and no other heap. (That reading of the letter's notation is the one
/// checked against the search of the game tree in `the_reading_of_the_letter_agrees_with_the_rules`.)
struct Line {
    heaps: &'static [u128],
    even: &'static [&'static [u128]],
    odd: &'static [&'static [u128]],
}

/// "PN Positions": lost for the player to move in normal play, won in misère. Heaps of Duplicate
/// Kayles, typed from the letter.
const PN: [Line; 4] = [
    Line { heaps: &[], even: &[&[10, 9], &[7, 8, 2, 1]], odd: &[] },
    Line { heaps: &[], even: &[&[34, 33, 24, 23, 18, 17], &[40, 39, 8, 7, 2, 1]], odd: &[] },
    Line { heaps: &[50], even: &[&[34, 33, 24, 23, 18, 17]], odd: &[&[40, 39, 8, 7, 2, 1]] },
    Line { heaps: &[49], even: &[&[34, 33, 24, 23, 18, 17]], odd: &[&[40, 39, 8, 7, 2, 1]] },
];

/// "NP Positions": won for the player to move in normal play, lost in misère. Typed from the letter.
const NP: [Line; 8] = [
    Line { heaps: &[], even: &[], odd: &[&[10, 9], &[8, 7, 2, 1]] },
    Line { heaps: &[], even: &[&[10, 9]], odd: &[&[8, 7, 2, 1]] },
    Line { heaps: &[], even: &[&[8, 7, 2, 1]], odd: &[&[18, 17]] },
    Line { heaps: &[24], even: &[&[8, 7, 2, 1]], odd: &[] },
    Line { heaps: &[23], even: &[&[8, 7, 2, 1]], odd: &[] },
    Line { heaps: &[], even: &[&[34, 33, 24, 23, 18, 17]], odd: &[&[40, 39, 8, 7, 2, 1]] },
    Line { heaps: &[50], even: &[], odd: &[&[18, 17], &[8, 7, 2, 1]] },
    Line { heaps: &[49], even: &[], odd: &[&[18, 17], &[8, 7, 2, 1]] },
];

impl Line {
    /// Whether the position of Duplicate Kayles heaps `heaps` is one of this line's.
    fn holds(&self, heaps: &[u128]) -> bool {
        let mut rest = heaps.to_vec();
        for h in self.heaps {
            match rest.iter().position(|r| r == h) {
                Some(i) => {
                    rest.swap_remove(i);
                }
                None => return false,
            }
        }
        let sets: Vec<&[u128]> = self.even.iter().chain(self.odd).copied().collect();
        let mut counts = vec![0usize; sets.len()];
        for h in rest {
            match sets.iter().position(|s| s.contains(&h)) {
                Some(i) => counts[i] += 1,
                None => return false,
            }
        }
        let (even, odd) = counts.split_at(self.even.len());
        even.iter().all(|c| c % 2 == 0) && odd.iter().all(|c| c % 2 == 1)
    }
}

/// A Duplicate Kayles heap plays as a Kayles row of half as many pins, rounded up.
fn kayles_row(heap: u128) -> u64 {
    heap.div_ceil(2) as u64
}

/// The decomposition's verdict on a position of Duplicate Kayles heaps: whether the player to move
/// loses in misère play.
fn published_lost(heaps: &[u128]) -> bool {
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ normal_value(kayles_row(h)));
    let pn = PN.iter().any(|l| l.holds(heaps));
    let np = NP.iter().any(|l| l.holds(heaps));
    // The letter's two lists are what they say: normal P, and normal N.
    assert!(!pn || nim_sum == 0, "{heaps:?} is listed with the normal P-positions");
    assert!(!np || nim_sum != 0, "{heaps:?} is listed with the normal N-positions");
    if pn {
        false
    } else if np {
        true
    } else {
        nim_sum == 0
    }
}

/// The engine, as the game is played: Kayles in misère.
fn engine_lost(rows: &[u64]) -> bool {
    let game = Ruleset::new(GameKind::Kayles, Mode::Misere).game();
    game.outcome(&Position::new(rows.to_vec())) == Outcome::Lose
}

/// Every way to write `total` as rows, largest first.
fn partitions(total: u64, largest: u64, rows: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if total == 0 {
        out.push(rows.clone());
        return;
    }
    for first in (1..=largest.min(total)).rev() {
        rows.push(first);
        partitions(total - first, first, rows, out);
        rows.pop();
    }
}

/// Every position of at most `pins` pins (the empty one included).
fn positions_up_to(pins: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for total in 0..=pins {
        partitions(total, total, &mut Vec::new(), &mut out);
    }
    out
}

/// The options of a heap of an octal game, as sorted pairs of the heaps left (0 for none), from its
/// code's digits: digit `k` (taking `k` tokens) has 1 for taking a whole heap, 2 for leaving one
/// heap, 4 for leaving two.
fn octal_options(digits: &[u8], heap: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for (k, &d) in (1..).zip(digits) {
        if heap < k {
            break;
        }
        let left = heap - k;
        if left == 0 && d & 1 != 0 {
            out.push((0, 0));
        }
        if left > 0 && d & 2 != 0 {
            out.push((0, left));
        }
        if d & 4 != 0 {
            for a in 1..left {
                if a <= left - a {
                    out.push((a, left - a));
                }
            }
        }
    }
    out
}

/// The letter is about Duplicate Kayles, 0.1377; this checks, from the two codes alone, that a
/// heap of `m` tokens there moves exactly as a Kayles (0.77) row of `⌈m/2⌉` pins: what each move
/// leaves, rounded up by halves, is a Kayles move's, and each Kayles move is reached. So both
/// games' positions have the same outcome in either play, and the letter's table decides Kayles.
#[test]
fn duplicate_kayles_plays_as_kayles_of_half_the_heap() {
    let half = |(a, b): (u64, u64)| {
        let (x, y) = (a.div_ceil(2), b.div_ceil(2));
        (x.min(y), x.max(y))
    };
    for m in 1..=120u64 {
        let mut duplicate: Vec<(u64, u64)> = octal_options(&[1, 3, 7, 7], m).into_iter().map(half).collect();
        let mut kayles: Vec<(u64, u64)> =
            octal_options(&[7, 7], m.div_ceil(2)).into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        duplicate.sort_unstable();
        duplicate.dedup();
        kayles.sort_unstable();
        kayles.dedup();
        assert_eq!(duplicate, kayles, "heap {m}");
    }
}

/// Misère Kayles searched from its rules alone (positions are sorted rows; a move knocks down one
/// pin or two neighbours of one row; whoever cannot move has won), to check how the letter is read.
fn searched_lost(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if rows.is_empty() {
        return false;
    }
    if let Some(&lost) = memo.get(rows) {
        return lost;
    }
    let mut lost = true;
    'moves: for (i, &n) in rows.iter().enumerate() {
        for take in 1..=n.min(2) {
            for left in 0..=n - take {
                let mut next = rows.to_vec();
                next.remove(i);
                next.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                next.sort_unstable();
                if searched_lost(&next, memo) {
                    lost = false;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(rows.to_vec(), lost);
    lost
}

/// The reading of the letter's notation (a line is its heaps, even and odd counts from its sets,
/// and nothing else; a position on no line is won or lost as in normal play) gives the outcome the
/// rules give, on every position of up to 18 pins, each Kayles row taken as either of its two
/// Duplicate Kayles heaps. This does not involve the engine.
#[test]
fn the_reading_of_the_letter_agrees_with_the_rules() {
    let mut memo = HashMap::new();
    let mut lost = 0;
    for (i, rows) in positions_up_to(18).into_iter().enumerate() {
        let mut sorted = rows.clone();
        sorted.sort_unstable();
        let searched = searched_lost(&sorted, &mut memo);
        // Each row as the heap 2n or 2n - 1, alternating with the position and the row.
        let heaps: Vec<u128> =
            rows.iter().enumerate().map(|(j, &n)| 2 * u128::from(n) - ((i + j) % 2) as u128).collect();
        assert_eq!(published_lost(&heaps), searched, "{rows:?} as {heaps:?}");
        lost += usize::from(searched);
    }
    assert!(lost > 200, "{lost} lost positions");
}

/// The engine against the letter on every position of up to 28 pins (18,460 of them).
#[test]
fn the_engine_agrees_with_the_decomposition_on_every_position_to_28_pins() {
    let positions = positions_up_to(28);
    assert_eq!(positions.len(), 18_460, "the empty position and every sum of up to 28");
    let mut lost = 0;
    for rows in positions {
        let heaps: Vec<u128> = rows.iter().map(|&n| 2 * u128::from(n)).collect();
        let published = published_lost(&heaps);
        assert_eq!(engine_lost(&rows), published, "{rows:?}");
        lost += usize::from(published);
    }
    assert!(lost > 1_000, "{lost} lost positions");
}

/// A small generator of pseudo-random numbers (a fixed seed: the same positions every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 11 ^ self.0 << 29
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The rows the letter names (Kayles rows of 1, 4, 5, 9, 12, 17, 20 and 25 pins).
const NAMED: [u64; 8] = [1, 4, 5, 9, 12, 17, 20, 25];

/// A row of the kind `kind`: one the letter names, a small one, one past the Grundy values'
/// pre-period of 71, or one within 100 of 2^64 − 1.
fn row(rng: &mut Lcg, kind: u64) -> u64 {
    match kind {
        0 => NAMED[rng.below(8) as usize],
        1 => 1 + rng.below(90),
        2 => 71 + rng.below(1_000_000_000),
        _ => u64::MAX - rng.below(100),
    }
}

/// The engine against the letter on 40,000 positions of 1 to 12 rows mixing the rows the letter
/// names, small rows, rows past 71 pins and rows near 2^64 − 1. Half of them are made lost in
/// normal play (a last row brings the nim-sum to 0), so both verdicts are met many times; a
/// position with a row the letter does not name is, by the letter, lost exactly when its
/// nim-sum is 0.
#[test]
fn the_engine_agrees_with_the_decomposition_on_long_rows_and_many_rows() {
    let mut rng = Lcg(38);
    let (mut lost, mut won, mut huge_lost) = (0, 0, 0);
    for i in 0..40_000 {
        let kinds = 1 + rng.below(4);
        let count = 1 + rng.below(12);
        let mut rows: Vec<u64> = (0..count)
            .map(|_| {
                let kind = rng.below(kinds);
                row(&mut rng, kind)
            })
            .collect();
        if i % 2 == 0 {
            let x = rows.iter().fold(0, |x, &n| x ^ normal_value(n));
            // Rows of 8 (a value past 8 needs two) and of the value left: far out if the period
            // has one, else the first.
            let mut values = vec![x];
            if x > 8 {
                values = vec![8, x ^ 8];
            }
            for x in values.into_iter().filter(|&x| x != 0) {
                let far = (0..12).map(|r| 1_000_000_000_000 + r).find(|&n| normal_value(n) == x);
                let first = (1..84).find(|&n| normal_value(n) == x);
                rows.push(far.or(first).expect("every value 1 to 8 is some row's"));
            }
        }
        let heaps: Vec<u128> =
            rows.iter().map(|&n| 2 * u128::from(n) - u128::from(rng.below(2) == 1)).collect();
        let published = published_lost(&heaps);
        assert_eq!(engine_lost(&rows), published, "{rows:?}");
        if published {
            lost += 1;
            huge_lost += usize::from(rows.iter().any(|&n| n > u64::MAX - 100));
        } else {
            won += 1;
        }
    }
    assert!(lost > 15_000 && won > 15_000 && huge_lost > 2_000, "{lost} lost, {won} won, {huge_lost} huge");
    // Two of the largest rows side by side, and the letter's own lines with a huge row added.
    assert!(engine_lost(&[u64::MAX, u64::MAX]));
    assert!(!engine_lost(&[u64::MAX]));
    assert!(engine_lost(&[12, 4, 1]) && !engine_lost(&[12, 4, 1, u64::MAX]));
}

/// CGSuite's test, row `game.heap.Kayles`: the misère Grundy values of rows of 0 to 20 pins.
const CGSUITE_MISERE_VALUES: [u8; 21] = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0];

/// The same test's genus of rows of 0 to 20 pins, as it writes them.
const CGSUITE_GENUS: [&str; 21] = [
    "0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046", "2^2", "6^46", "4^046", "1^1", "2^2",
    "7^57", "1^13", "4^64", "3^31", "2^20", "1^031",
];

/// A genus `g^s0 s1 ...`: its base and its `k`-th superscript, the misère Grundy value of the game
/// plus `k` nim-heaps of 2. Written superscripts are single digits here; the rest follow CGSuite's
/// `Genus.supDigit`: a plain `g` is the nim-heap of `g` (superscripts 1 − g for g < 2 first, then
/// g, g ⊕ 2 alternating), a single superscript `s` (tame, here always s = g) goes on g ⊕ 2, g, ...,
/// and longer ones repeat their last two for ever.
fn genus(text: &str, k: usize) -> (u8, u8) {
    let (base, sup) = text.split_once('^').unwrap_or((text, ""));
    let g: u8 = base.parse().unwrap();
    let digits: Vec<u8> = sup.bytes().map(|b| b - b'0').collect();
    let alternate = |g: u8| g ^ if k % 2 == 1 { 2 } else { 0 };
    let s = match digits.len() {
        0 if k == 0 && g < 2 => 1 - g,
        0 => alternate(g),
        1 => {
            assert_eq!(digits[0], g, "{text}: a tame genus here has its superscript equal to its base");
            if k == 0 { digits[0] } else { alternate(g) }
        }
        n if k < n => digits[k],
        n => digits[n - 2 + ((n ^ k) & 1)],
    };
    (g, s)
}

/// The genus table, with no theory of sums: a row of 2 pins is the nim-heap of 2 itself (its
/// moves leave a row of 1 or nothing), so the `k`-th superscript of row `n`'s genus is the misère
/// Grundy value of the position "row `n` and `k` rows of 2", and that value is 0 exactly when the
/// player to move loses. Checked for rows of 0 to 20 pins and 0 to 40 rows of 2, and 999 and 1000
/// rows of 2. Also: the table's two lists agree, and its bases are the 2003 post's normal values.
#[test]
fn the_engine_agrees_with_cgsuites_genus_of_rows_up_to_20() {
    let mut lost = 0;
    for n in 0..=20u64 {
        let text = CGSUITE_GENUS[n as usize];
        assert_eq!(genus(text, 0).1, CGSUITE_MISERE_VALUES[n as usize], "row {n}: {text}");
        assert_eq!(genus(text, 0).0, normal_value(n), "row {n}: {text}");
        for k in (0..=40).chain([999, 1000]) {
            let rows: Vec<u64> =
                std::iter::once(n).filter(|&n| n > 0).chain(std::iter::repeat_n(2, k)).collect();
            let published = genus(text, k).1 == 0;
            assert_eq!(engine_lost(&rows), published, "row {n} and {k} rows of 2 ({text})");
            lost += usize::from(published);
        }
    }
    assert!(lost > 100, "{lost} lost positions");
}

/// What the decomposition says of a position, in a finite state: the nim-sum of its rows' normal
/// values, whether it has a row the letter does not name, and how many rows of each named size it
/// has, kept as 0, odd or even (and for 12 and 25, which lines name alone, 0, 1, odd or even).
/// Every position's verdict depends only on this, and adding a row changes it by a rule, so the
/// states form a commutative monoid and the verdict is a subset of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct State {
    nim_sum: u8,
    other: bool,
    counts: [u8; 8],
}

impl State {
    const EMPTY: State = State { nim_sum: 0, other: false, counts: [0; 8] };

    fn add(mut self, row: u64) -> State {
        self.nim_sum ^= normal_value(row);
        match NAMED.iter().position(|&r| r == row) {
            Some(i) => {
                let c = self.counts[i] + 1;
                self.counts[i] = if row == 12 || row == 25 {
                    if c < 2 { c } else { 2 + c % 2 }
                } else if c == 1 {
                    1
                } else {
                    2 - c % 2
                };
            }
            None => self.other = true,
        }
        self
    }

    /// A position with this state's counts of named rows (its other rows are the caller's).
    fn named_heaps(&self) -> Vec<u128> {
        let mut heaps = Vec::new();
        for (i, &c) in self.counts.iter().enumerate() {
            heaps.extend(std::iter::repeat_n(2 * u128::from(NAMED[i]), usize::from(c)));
        }
        heaps
    }

    /// The letter's verdict: lost for the player to move in misère.
    fn lost(&self) -> bool {
        if self.other { self.nim_sum == 0 } else { published_lost(&self.named_heaps()) }
    }
}

/// The misère quotient the decomposition implies: the states reached from the empty position by
/// adding rows (the named ones, and one row of each normal value among the others), grouped until
/// two states are in one group only when they agree on the verdict and so does every state they
/// lead to by adding the same row (Moore's partition refinement). The groups are the quotient's
/// elements: two positions are in one group exactly when no position added to both tells them
/// apart. The letter's data give 40 elements, 9 of them lost: the engine's order and P-portion.
/// And the groups are the engine's elements: a representative position of every state has the
/// engine's element of its group, one element for each group.
#[test]
fn the_decomposition_implies_the_engines_quotient_of_40_elements() {
    let mut rows: Vec<u64> = NAMED.to_vec();
    for value in 1..=8 {
        let first = (1..84).find(|&n| normal_value(n) == value && !NAMED.contains(&n));
        rows.push(first.expect("a row of each value outside the named ones"));
    }
    // Every state reached, with a position that reaches it.
    let mut index: HashMap<State, usize> = HashMap::from([(State::EMPTY, 0)]);
    let mut states = vec![State::EMPTY];
    let mut reps: Vec<Vec<u64>> = vec![Vec::new()];
    let mut next: Vec<Vec<usize>> = Vec::new();
    let mut at = 0;
    while at < states.len() {
        let mut row_next = Vec::with_capacity(rows.len());
        for &r in &rows {
            let s = states[at].add(r);
            let i = *index.entry(s).or_insert_with(|| {
                states.push(s);
                let mut rep = reps[at].clone();
                rep.push(r);
                reps.push(rep);
                states.len() - 1
            });
            row_next.push(i);
        }
        next.push(row_next);
        at += 1;
    }
    assert!(states.len() > 100_000, "{} states", states.len());
    // Moore's refinement.
    let verdict: Vec<bool> = states.iter().map(State::lost).collect();
    let mut group: Vec<usize> = verdict.iter().map(|&l| usize::from(l)).collect();
    let mut groups = 2;
    loop {
        let mut names: HashMap<Vec<usize>, usize> = HashMap::new();
        let refined: Vec<usize> = (0..states.len())
            .map(|i| {
                let key: Vec<usize> =
                    std::iter::once(group[i]).chain(next[i].iter().map(|&j| group[j])).collect();
                let fresh = names.len();
                *names.entry(key).or_insert(fresh)
            })
            .collect();
        if names.len() == groups {
            break;
        }
        groups = names.len();
        group = refined;
    }
    let lost_groups: std::collections::HashSet<usize> =
        (0..states.len()).filter(|&i| verdict[i]).map(|i| group[i]).collect();
    assert_eq!(groups, MISERE_KAYLES_ELEMENTS);
    assert_eq!(groups, 40);
    assert_eq!(lost_groups.len(), 9);
    assert_eq!(MisereKayles.p_portion().len(), 9);
    // The groups are the engine's elements, one to one, and the lost ones are its P-portion.
    let mut element_of_group: HashMap<usize, QuotientElement> = HashMap::new();
    let mut group_of_element: HashMap<QuotientElement, usize> = HashMap::new();
    for (i, rep) in reps.iter().enumerate() {
        let element = MisereKayles.product(rep);
        assert_eq!(*element_of_group.entry(group[i]).or_insert(element), element, "{rep:?}");
        assert_eq!(*group_of_element.entry(element).or_insert(group[i]), group[i], "{rep:?}");
        assert_eq!(element.is_p(), verdict[i], "{rep:?}");
    }
    assert_eq!(group_of_element.len(), 40);
}
