//! Turning Corners (Winning Ways, ch. 14, "Twins × Twins"): coins on a grid, heads or tails. A
//! move turns over the four corners of a rectangle whose sides run along the grid: the head at
//! column `x`, row `y` (the corner farthest from the top left, turned from heads to tails), and
//! the coins at `(a, y)`, `(x, b)` and `(a, b)` for a column `a < x` and a row `b < y`. Whoever
//! makes the last move wins.
//!
//! Places are counted from 1, as the row of coins counts them (the book counts from 0): the
//! top-left coin is `(1, 1)`. A head at `(x, y)` is worth the nim product `(x - 1) ⊗ (y - 1)`,
//! and a position the XOR of its heads' values: a head in row 1 or column 1 is worth 0 and has no
//! move of its own.
//!
//! *Why the winning moves are found without a search.* Write `X = x - 1` and so on. A move from
//! the head `(X, Y)` to the corner `(A, B)` changes the value by
//! `X⊗Y ⊕ A⊗Y ⊕ X⊗B ⊕ A⊗B = (X ⊕ A) ⊗ (Y ⊕ B)`, since the nim numbers are a field. It wins when
//! that equals `G`, the position's value: with `P = X ⊕ A` and `Q = Y ⊕ B`, `P ⊗ Q = G`. Every
//! non-zero `P` has an inverse, so each column `A < X` names exactly one row, `Q = G ⊗ P⁻¹`, and
//! the move is legal when `B = Y ⊕ Q < Y`. So a head's winning moves are found by walking its
//! columns (or its rows, whichever are fewer), one inverse and one product each. That walk is
//! bounded ([`CORNERS_SEARCH`] steps a position): within the bound the count is exact; past it
//! (a head beyond the bound in both directions, only at huge places) the moves found are a lower
//! bound and said to be one.
//!
//! *The position as heaps.* The heads are pairs of the position's heaps, `x y x y ...`, each head
//! once, in the order a person reads the grid (by row, then column). No number is 0.

use super::grundy::{GrundyPattern, GrundyReason, GrundyStep, GrundyView};
use super::{
    GameKind, Mode, Move, MoveCount, MoveError, MoveWords, Outcome, Places, Position, PositionError, Rules,
    Teaching,
};
use std::sync::OnceLock;

/// The most columns or rows a position's search for winning moves walks in all: within it, the
/// winning moves are listed and counted exactly; past it (only at places beyond it in both
/// directions) the count is a lower bound. Bounded work, never a clock.
pub const CORNERS_SEARCH: u64 = 1 << 14;

/// The grid random starts and puzzles are drawn on: `CORNERS_GRID` columns and rows.
pub const CORNERS_GRID: u64 = 7;

/// The nim products of the numbers below 256, `a * 256 + b` for `a ⊗ b`.
static TABLE: OnceLock<Vec<u8>> = OnceLock::new();

/// The table of small products, built once from the recursion itself (which reads no table
/// while it is being built).
fn table() -> &'static [u8] {
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 256 * 256];
        for a in 0..256u64 {
            for b in 0..256u64 {
                t[(a * 256 + b) as usize] = mul_bits(a, b, 8) as u8;
            }
        }
        t
    })
}

/// The nim product of `a` and `b`, both below `2^bits` (`bits` a power of two): the Fermat
/// 2-power `F = 2^(bits/2)` splits each into `hi ⊗ F ⊕ lo`, and `F ⊗ F = F ⊕ F/2`.
fn mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    if bits == 8
        && let Some(table) = TABLE.get()
    {
        return u64::from(table[(a * 256 + b) as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let low = mul_bits(a0, b0, half);
    let high = mul_bits(a1, b1, half);
    let middle = mul_bits(a0 ^ a1, b0 ^ b1, half);
    // (a1 F + a0)(b1 F + b0) = (a1b1 + a1b0 + a0b1) F + a1b1 F/2 + a0b0.
    ((middle ^ low) << half) | (low ^ mul_bits(high, 1 << (half - 1), half))
}

/// The nim product `a ⊗ b` of two 64-bit numbers (OEIS A051775), exact for every pair.
///
/// ```
/// use nim_engine::nim_product;
///
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(4, 4), 6);
/// assert_eq!(nim_product(8, 8), 13);
/// assert_eq!(nim_product(1 << 32, 1 << 32), (1 << 32) | (1 << 31));
/// ```
pub fn nim_product(a: u64, b: u64) -> u64 {
    table();
    mul_bits(a, b, 64)
}

/// The nim inverse of `a` below `2^bits`: with `a = a1 F ⊕ a0`, its conjugate `a1 F ⊕ (a0 ⊕ a1)`
/// times it is `a1² ⊗ F/2 ⊕ a0² ⊕ a0 a1`, below `F`.
fn inverse_bits(a: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    if a1 == 0 {
        return inverse_bits(a0, half);
    }
    let norm = mul_bits(mul_bits(a1, a1, half), 1 << (half - 1), half)
        ^ mul_bits(a0, a0, half)
        ^ mul_bits(a0, a1, half);
    let n = inverse_bits(norm, half);
    (mul_bits(a1, n, half) << half) | mul_bits(a0 ^ a1, n, half)
}

/// The nim inverse of `a` (0 for 0): `a ⊗ nim_inverse(a) = 1`.
///
/// ```
/// use nim_engine::{nim_inverse, nim_product};
///
/// assert_eq!(nim_inverse(2), 3);
/// assert_eq!(nim_product(u64::MAX, nim_inverse(u64::MAX)), 1);
/// ```
pub fn nim_inverse(a: u64) -> u64 {
    table();
    inverse_bits(a, 64)
}

/// What a head at `(x, y)` (from 1) is worth: `(x - 1) ⊗ (y - 1)`.
pub fn corner_value(x: u64, y: u64) -> u64 {
    nim_product(x.saturating_sub(1), y.saturating_sub(1))
}

/// A head on the grid: its column and row, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Head {
    /// The column, from 1 (from the left).
    pub x: u64,
    /// The row, from 1 (from the top).
    pub y: u64,
}

impl Head {
    /// What the head is worth.
    pub fn value(self) -> u64 {
        corner_value(self.x, self.y)
    }

    /// Whether a move can be made from it (it is not in row 1 or column 1).
    pub fn has_move(self) -> bool {
        self.x > 1 && self.y > 1
    }

    /// How many moves turn it: a corner for each column left of it and row above it.
    fn moves(self) -> u128 {
        u128::from(self.x - 1) * u128::from(self.y - 1)
    }

    /// The order a person reads the grid in: by row, then column.
    fn key(self) -> (u64, u64) {
        (self.y, self.x)
    }
}

/// The heads of `heaps` (pairs `x y`), in reading order, each once; an odd last number is left
/// out (the position's check refuses it).
pub fn heads(heaps: &[u64]) -> Vec<Head> {
    let mut heads: Vec<Head> = heaps.chunks_exact(2).map(|p| Head { x: p[0], y: p[1] }).collect();
    heads.sort_unstable_by_key(|h| h.key());
    heads.dedup();
    heads
}

/// The heaps of `heads`: `x y` for each, in the order given.
fn flatten(heads: &[Head]) -> Vec<u64> {
    heads.iter().flat_map(|h| [h.x, h.y]).collect()
}

/// A start's drawn numbers made heads on the [`CORNERS_GRID`] grid, one head a number (a number
/// drawn twice is one head), each with a move: number `n` is the cell `13 (n - 1)` modulo 36 of
/// the 6 × 6 cells right of column 1 and below row 1, so that small numbers spread over the grid.
pub fn fit_heaps(numbers: Vec<u64>) -> Vec<u64> {
    let side = CORNERS_GRID - 1;
    let cells = side * side;
    let mut heads: Vec<Head> = numbers
        .iter()
        .map(|&n| {
            let cell = (n.saturating_sub(1) % cells) * 13 % cells;
            Head { x: 2 + cell % side, y: 2 + cell / side }
        })
        .collect();
    if heads.is_empty() {
        heads.push(Head { x: 3, y: 3 });
    }
    heads.sort_unstable_by_key(|h| h.key());
    heads.dedup();
    flatten(&heads)
}

/// Turning Corners, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Corners;

/// What a position's search for winning moves found.
struct Search {
    /// The winning moves found, in the game's order (within each head's, by corner).
    moves: Vec<Move>,
    /// Whether every head was searched whole: then `moves` is every winning move.
    whole: bool,
}

impl Corners {
    /// The position's value: the XOR of its heads' values.
    pub fn value(heaps: &[u64]) -> u64 {
        heads(heaps).iter().fold(0, |g, h| g ^ h.value())
    }

    /// The winning moves from head `h` when the position is worth `g`, each corner once, in
    /// the game's order, walking at most `budget` columns or rows (`budget` is spent by what is
    /// walked). False in the second place when the head's walk was cut short.
    fn head_moves(h: Head, g: u64, budget: &mut u64) -> (Vec<Move>, bool) {
        let mut moves = Vec::new();
        if !h.has_move() || g == 0 {
            return (moves, true);
        }
        let (x, y) = (h.x - 1, h.y - 1);
        // Walk the shorter side: each column (or row) names the one row (column) that wins.
        let (walk, other, by_columns) = if x <= y { (x, y, true) } else { (y, x, false) };
        let steps = walk.min(*budget);
        *budget -= steps;
        for k in 0..steps {
            let p = walk ^ k;
            let q = nim_product(g, nim_inverse(p));
            let j = other ^ q;
            if j < other {
                let (a, b) = if by_columns { (k, j) } else { (j, k) };
                moves.push(Move::Corners { y: h.y, x: h.x, b: b + 1, a: a + 1 });
            }
        }
        moves.sort_unstable();
        (moves, steps == walk)
    }

    /// Every winning move within [`CORNERS_SEARCH`], in the game's order (heads by reading order,
    /// then corners by reading order).
    fn search(heaps: &[u64]) -> Search {
        let g = Corners::value(heaps);
        let mut budget = CORNERS_SEARCH;
        let mut out = Search { moves: Vec::new(), whole: true };
        if g == 0 {
            return out;
        }
        // The heads that can win first (a head worth `v` with `v ⊕ g < v` always has a winning
        // move), so that a bounded walk spends itself where a move is sure to be.
        let all = heads(heaps);
        let mut order: Vec<usize> = (0..all.len()).collect();
        order.sort_by_key(|&i| {
            let v = all[i].value();
            (v ^ g >= v, std::cmp::min(all[i].x, all[i].y))
        });
        let mut found: Vec<(usize, Vec<Move>)> = Vec::new();
        for i in order {
            let (moves, whole) = Corners::head_moves(all[i], g, &mut budget);
            out.whole &= whole;
            found.push((i, moves));
        }
        found.sort_by_key(|(i, _)| *i);
        out.moves = found.into_iter().flat_map(|(_, m)| m).collect();
        out
    }

    /// The head, by its place in reading order, that move `mv` turns down, if it is a head.
    fn head_of(heaps: &[u64], mv: &Move) -> Option<usize> {
        let &Move::Corners { y, x, .. } = mv else { return None };
        heads(heaps).iter().position(|h| h.x == x && h.y == y)
    }

    /// The least move of the first head with one: its nearest corner, the one-by-one square.
    fn least_move(heaps: &[u64]) -> Option<Move> {
        heads(heaps).into_iter().find(|h| h.has_move()).map(|h| Move::Corners {
            y: h.y,
            x: h.x,
            b: h.y - 1,
            a: h.x - 1,
        })
    }

    /// The view of the position for the theory panel and the hint.
    fn view(heaps: &[u64], best: Option<Move>) -> GrundyView {
        let all = heads(heaps);
        let values: Vec<u128> = all.iter().map(|h| u128::from(h.value())).collect();
        let sum = values.iter().fold(0, |x, &v| x ^ v);
        let win = sum != 0;
        let working = best.as_ref().filter(|_| win).and_then(|mv| Corners::head_of(heaps, mv)).map(|heap| {
            let from = values[heap];
            GrundyStep { heap, from, to: from ^ sum }
        });
        let reason = match (&best, working) {
            (None, _) => GrundyReason::GameOver,
            (Some(mv), Some(step)) => GrundyReason::Win { words: MoveWords::plain(mv), step, split: false },
            (Some(mv), None) => GrundyReason::Lost { words: MoveWords::plain(mv) },
        };
        GrundyView {
            game: GameKind::Corners,
            // A head is told by its place on the grid (`cells`); its number in reading order here.
            heaps: (1..=all.len() as u64).collect(),
            cells: all.iter().map(|h| (h.x, h.y)).collect(),
            values,
            sum,
            nearby: Vec::new(),
            periodic: None,
            pattern: Some(GrundyPattern::Corners),
            working,
            best,
            reason,
            win,
        }
    }

    /// The move's four corners, checked against the rules.
    fn rectangle(mv: &Move) -> Result<(Head, Head), MoveError> {
        let refused = MoveError::NotInThisGame {
            game: GameKind::Corners.title(),
            what: "the four corners of a rectangle, the corner farthest from the top left a head",
        };
        let &Move::Corners { y, x, b, a } = mv else { return Err(refused) };
        if a == 0 || b == 0 || a >= x || b >= y {
            return Err(refused);
        }
        Ok((Head { x, y }, Head { x: a, y: b }))
    }
}

/// Plays `Move::Corners` on `position`: the four corners turned over (checked by the game
/// before; a corner out of the rules is refused here too, and nothing changes).
pub(crate) fn apply(position: &mut Position, mv: &Move) -> Result<(), MoveError> {
    let (head, corner) = Corners::rectangle(mv)?;
    let mut all = heads(position.heaps());
    for cell in [head, Head { x: corner.x, y: head.y }, Head { x: head.x, y: corner.y }, corner] {
        match all.binary_search_by_key(&cell.key(), |h| h.key()) {
            Ok(i) => {
                all.remove(i);
            }
            Err(i) => all.insert(i, cell),
        }
    }
    *position = Position::new(flatten(&all));
    Ok(())
}

impl Rules for Corners {
    fn kind(&self) -> GameKind {
        GameKind::Corners
    }
    fn mode(&self) -> Mode {
        Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        let heaps = position.heaps();
        // A head is two numbers, its column and row.
        let bad = |found: String| {
            Err(PositionError::Heads {
                found: format!("in Turning Corners a head is its column and row: {found}"),
            })
        };
        if heaps.len() % 2 == 1 {
            return bad(format!("{} numbers is not a list of pairs", heaps.len()));
        }
        if heaps.contains(&0) {
            return bad("0 is not a column or a row".into());
        }
        let mut cells: Vec<(u64, u64)> = heaps.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return bad(format!("({}, {}) is written twice", w[0].0, w[0].1));
        }
        Ok(())
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        let (head, _) = Corners::rectangle(mv)?;
        if !heads(position.heaps()).contains(&head) {
            return Err(MoveError::NoHeadAt { x: head.x, y: head.y });
        }
        Ok(())
    }
    fn is_over(&self, position: &Position) -> bool {
        !heads(position.heaps()).iter().any(|h| h.has_move())
    }
    fn outcome(&self, position: &Position) -> Outcome {
        if Corners::value(position.heaps()) == 0 { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        Corners::search(position.heaps()).moves.into_iter().take(limit).collect()
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        let found = Corners::search(position.heaps());
        found.whole.then_some(found.moves.len() as u128)
    }
    fn count_winning_moves(&self, position: &Position) -> MoveCount {
        let found = Corners::search(position.heaps());
        let count = found.moves.len() as u64;
        match found.whole {
            true => MoveCount::exact(count),
            // A position worth something has a winning move, found or not.
            false => MoveCount::at_least(count.max(u64::from(self.outcome(position) == Outcome::Win))),
        }
    }
    fn is_winning_move(&self, position: &Position, mv: &Move) -> bool {
        let mut next = position.clone();
        self.play(&mut next, mv).is_ok() && Corners::value(next.heaps()) == 0
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        if self.is_over(position) {
            return None;
        }
        let heaps = position.heaps();
        if let Some(mv) = Corners::search(heaps).moves.into_iter().next() {
            return Some(mv);
        }
        super::best_try(self, position, || Corners::least_move(heaps))
    }
    fn move_count(&self, position: &Position) -> u128 {
        heads(position.heaps())
            .iter()
            .filter(|h| h.has_move())
            .fold(0u128, |n, h| n.saturating_add(h.moves()))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let mut pick = index;
        for h in heads(position.heaps()).into_iter().filter(|h| h.has_move()) {
            if pick >= h.moves() {
                pick -= h.moves();
                continue;
            }
            // Corners in reading order: row `b`, then column `a`.
            let width = u128::from(h.x - 1);
            let (b, a) = (pick / width, pick % width);
            return Some(Move::Corners { y: h.y, x: h.x, b: b as u64 + 1, a: a as u64 + 1 });
        }
        None
    }
    fn teach(&self, position: &Position) -> Teaching {
        Teaching::Grundy(Box::new(Corners::view(position.heaps(), self.ai_move(position))))
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Corners { y, x, b, a } => format!("{x} {y} {a} {b}"),
            other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let expected = || {
            "expected the head's column and row, then the opposite corner's, such as '5 4 2 1' (the head \
             at (5, 4), the corner at (2, 1))"
                .to_string()
        };
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c == '(' || c == ')' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let [x, y, a, b] = words.as_slice() else { return Err(expected()) };
        let number = |w: &str| super::parse_heap(w).map_err(|e| e.to_string());
        Ok(Move::Corners { y: number(y)?, x: number(x)?, b: number(b)?, a: number(a)? })
    }
    fn choices(&self, position: &Position) -> usize {
        heads(position.heaps()).len()
    }
    fn places(&self, position: &Position, index: usize) -> Places {
        // The count is the corner, numbered in reading order within the head's rectangle.
        let head = heads(position.heaps()).get(index).copied();
        let most = head.filter(|h| h.has_move()).map_or(1, |h| u64::try_from(h.moves()).unwrap_or(u64::MAX));
        Places { open: head.is_some_and(Head::has_move), first: None, skip: None, typed_most: most }
    }
    fn position_from(&self, numbers: Vec<u64>) -> Vec<u64> {
        fit_heaps(numbers)
    }
}

/// The corner a chooser's count names for the head `h`: corners numbered from 1 in reading order
/// (row by row, each from the left) within the rectangle above and left of the head, so that a
/// step of the count moves the corner one column, and on to the next row at a row's end.
pub fn corner_of_count(h: Head, count: u64) -> Option<(u64, u64)> {
    if !h.has_move() {
        return None;
    }
    let width = u128::from(h.x - 1);
    let index = u128::from(count.max(1) - 1).min(h.moves() - 1);
    Some(((index % width) as u64 + 1, (index / width) as u64 + 1))
}

/// The count that names the corner `(a, b)` of head `h` ([`corner_of_count`]'s inverse).
pub fn count_of_corner(h: Head, a: u64, b: u64) -> u64 {
    let index = u128::from(b.saturating_sub(1)) * u128::from(h.x.saturating_sub(1)) + u128::from(a);
    u64::try_from(index).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_follow_the_field_rules() {
        for a in [0u64, 1, 2, 3, 7, 255, 256, 65535, 1 << 40, u64::MAX] {
            assert_eq!(nim_product(a, 1), a);
            assert_eq!(nim_product(a, 0), 0);
            if a != 0 {
                assert_eq!(nim_product(a, nim_inverse(a)), 1, "{a}");
            }
        }
    }

    #[test]
    fn a_person_chooses_among_the_heads_and_steps_through_the_corners() {
        // Heads at (3, 2), (1, 4) (no move) and (4, 4), given in any order.
        let position = Position::new(vec![4, 4, 3, 2, 1, 4]);
        let game = Corners;
        assert_eq!(game.choices(&position), 3);
        assert_eq!(game.places(&position, 0).typed_most, 2);
        assert!(!game.places(&position, 1).open);
        assert_eq!(game.places(&position, 2).typed_most, 9);
        assert_eq!(game.board_view(&position), None);
        // Drawn numbers become heads with a move, one a number, each once.
        let heads = heads(&game.position_from(vec![1, 2, 2, 36]));
        assert_eq!(heads.len(), 3);
        assert!(heads.iter().all(|h| h.has_move() && h.x <= CORNERS_GRID && h.y <= CORNERS_GRID));
    }

    #[test]
    fn a_count_names_a_corner_and_back() {
        let h = Head { x: 4, y: 3 };
        for count in 1..=6 {
            let (a, b) = corner_of_count(h, count).unwrap();
            assert!(a < 4 && b < 3);
            assert_eq!(count_of_corner(h, a, b), count);
        }
    }
}
