//! Turning Corners against an exhaustive search of its game tree, written from the rules alone
//! (`search`: no nim products; a position is won when some legal move leads to a lost one, and
//! the player without a move loses), and nim multiplication against an independent table, OEIS
//! A051775 (the nim-multiplication table, read by antidiagonals).
//!
//! Bound: every position of the 4 × 4 grid (all 65,536 sets of heads), and every position of
//! the 5 × 4 grid (five columns, four rows) with at most four heads (6,196 of them; the search
//! values every one of the grid's 1,048,576 sets of heads, which their game trees reach). For each: the outcome, the full ordered list of winning moves (the engine's list
//! equals the search's, in the same order) and their count, exact; the perfect player's move wins
//! whenever a win exists; and the Grundy value the search finds by the mex rule is the XOR of the
//! heads' nim products (x - 1) ⊗ (y - 1).

use nim_engine::{
    GameKind, Mode, Move, Outcome, Position, Rules, Ruleset, corner_value, nim_inverse, nim_product,
};

/// A set of heads on a `w` × `h` grid as bits: cell `(x, y)` (from 1) is bit `(y - 1) w + x - 1`.
struct Grid {
    w: u64,
    h: u64,
    /// The Grundy value of every set of heads, by the mex rule (`u8::MAX` for not yet known).
    grundy: Vec<u8>,
}

impl Grid {
    fn new(w: u64, h: u64) -> Grid {
        Grid { w, h, grundy: vec![u8::MAX; 1 << (w * h)] }
    }

    fn bit(&self, x: u64, y: u64) -> u32 {
        1 << ((y - 1) * self.w + x - 1)
    }

    /// Every legal move from `set`, by the rules, in reading order of the head, then of the
    /// opposite corner: a head (x, y), a column a < x and a row b < y; the four corners turned.
    fn moves(&self, set: u32) -> Vec<(Move, u32)> {
        let mut out = Vec::new();
        for y in 1..=self.h {
            for x in 1..=self.w {
                if set & self.bit(x, y) == 0 {
                    continue;
                }
                for b in 1..y {
                    for a in 1..x {
                        let turned = self.bit(x, y) ^ self.bit(a, y) ^ self.bit(x, b) ^ self.bit(a, b);
                        out.push((Move::Corners { y, x, b, a }, set ^ turned));
                    }
                }
            }
        }
        out
    }

    /// The Grundy value of `set`: the least value no move reaches. Every move lowers the set's
    /// number (the head is its highest bit of the four), so the values below are known first.
    fn fill(&mut self) {
        for set in 0..self.grundy.len() as u32 {
            let mut seen = [false; 256];
            for (_, next) in self.moves(set) {
                seen[self.grundy[next as usize] as usize] = true;
            }
            self.grundy[set as usize] = seen.iter().position(|s| !s).expect("fewer than 256 moves") as u8;
        }
    }

    fn heaps(&self, set: u32) -> Vec<u64> {
        let mut heaps = Vec::new();
        for y in 1..=self.h {
            for x in 1..=self.w {
                if set & self.bit(x, y) != 0 {
                    heaps.extend([x, y]);
                }
            }
        }
        heaps
    }

    /// Checks the engine on `set` against the search.
    fn check(&self, set: u32) {
        let game = Ruleset::new(GameKind::Corners, Mode::Normal).game();
        let heaps = self.heaps(set);
        let position = Position::new(heaps.clone());
        let lost = self.grundy[set as usize] == 0;
        let outcome = if lost { Outcome::Lose } else { Outcome::Win };
        assert_eq!(game.outcome(&position), outcome, "{heaps:?}");
        let winning: Vec<Move> = self
            .moves(set)
            .into_iter()
            .filter(|&(_, next)| self.grundy[next as usize] == 0)
            .map(|(mv, _)| mv)
            .collect();
        assert_eq!(game.winning_moves(&position), winning, "{heaps:?}");
        assert_eq!(
            game.count_winning_moves(&position).exact_u128(),
            Some(winning.len() as u128),
            "{heaps:?}"
        );
        let value = (0..heaps.len() / 2).fold(0, |g, i| g ^ corner_value(heaps[2 * i], heaps[2 * i + 1]));
        assert_eq!(value, u64::from(self.grundy[set as usize]), "{heaps:?}");
        assert_eq!(game.move_count(&position), self.moves(set).len() as u128, "{heaps:?}");
        let over = self.moves(set).is_empty();
        assert_eq!(game.is_over(&position), over, "{heaps:?}");
        // The AI's try from a lost position weighs every move (slow in a debug build): every
        // won position's move is checked, and one lost position in eight.
        if lost && !set.is_multiple_of(8) {
            return;
        }
        if let Some(mv) = game.ai_move(&position) {
            let mut next = position.clone();
            game.play(&mut next, &mv).expect("the AI plays legal moves");
            let (_, after) =
                self.moves(set).into_iter().find(|(m, _)| *m == mv).expect("a move of the rules");
            assert_eq!(next.heaps(), self.heaps(after), "{heaps:?} {mv:?}");
            assert_eq!(self.grundy[after as usize] == 0, !lost, "{heaps:?}: the AI's {mv:?}");
        } else {
            assert!(over, "{heaps:?}");
        }
    }
}

#[test]
fn every_position_of_the_four_by_four_grid_matches_the_search() {
    let mut grid = Grid::new(4, 4);
    grid.fill();
    for set in 0..1u32 << 16 {
        grid.check(set);
    }
}

#[test]
fn every_position_of_four_heads_on_the_five_by_four_grid_matches_the_search() {
    let mut grid = Grid::new(5, 4);
    grid.fill();
    let mut checked = 0;
    for set in 0..1u32 << 20 {
        if set.count_ones() <= 4 {
            grid.check(set);
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 20 + 190 + 1140 + 4845);
    // A single head's value, by the mex rule, is the nim product of its column and row from 0.
    for y in 1..=4 {
        for x in 1..=5 {
            assert_eq!(u64::from(grid.grundy[grid.bit(x, y) as usize]), nim_product(x - 1, y - 1));
        }
    }
}

/// OEIS A051775, the nim-multiplication table T(n, m) = n ⊗ m read by antidiagonals (n + m = 0,
/// 1, 2, ...), its first twelve antidiagonals and a part of the thirteenth, as published.
const A051775: [u64; 83] = [
    0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0, 0, 6, 10, 12, 12, 10,
    6, 0, 0, 7, 11, 15, 6, 15, 11, 7, 0, 0, 8, 9, 13, 2, 2, 13, 9, 8, 0, 0, 9, 12, 14, 14, 7, 14, 14, 12, 9,
    0, 0, 10, 14, 4, 10, 8, 8, 10, 4, 14, 10, 0, 0, 11, 15, 7, 11,
];

#[test]
fn nim_products_match_oeis_a051775() {
    let mut i = 0;
    'diagonals: for d in 0u64.. {
        for n in 0..=d {
            let Some(&expected) = A051775.get(i) else { break 'diagonals };
            assert_eq!(nim_product(n, d - n), expected, "T({n}, {})", d - n);
            i += 1;
        }
    }
    assert_eq!(i, A051775.len());
}

#[test]
fn nim_products_make_a_field_at_every_size() {
    // A few numbers of every size, to u64::MAX.
    let mut numbers: Vec<u64> = vec![0, 1, 2, 3, 255, 256, 65_535, u64::MAX, u64::MAX - 1, 1 << 63, 1 << 32];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        numbers.push(x >> (x % 64));
    }
    for &a in &numbers {
        for &b in &numbers {
            let ab = nim_product(a, b);
            assert_eq!(ab, nim_product(b, a));
            for &c in numbers.iter().take(12) {
                assert_eq!(nim_product(ab, c), nim_product(a, nim_product(b, c)));
                assert_eq!(nim_product(a, b ^ c), ab ^ nim_product(a, c));
            }
        }
        if a != 0 {
            assert_eq!(nim_product(a, nim_inverse(a)), 1, "{a}");
        }
    }
    // A Fermat 2-power squared is itself and its half: F ⊗ F = 3F/2.
    for k in [1u32, 2, 4, 8, 16, 32] {
        let f = 1u64 << k;
        assert_eq!(nim_product(f, f), f | (f >> 1));
    }
}

#[test]
fn huge_places_are_answered_within_the_bound() {
    let game = Ruleset::new(GameKind::Corners, Mode::Normal).game();
    let max = u64::MAX;
    let position = Position::new(vec![max, max, max - 1, 3, 5, max]);
    assert_eq!(game.outcome(&position), Outcome::Win);
    let moves = game.winning_moves_up_to(&position, 5);
    assert!(!moves.is_empty());
    for mv in &moves {
        assert!(game.is_winning_move(&position, mv), "{mv:?}");
    }
    // The head at (5, max) is searched whole (four columns); the others are not.
    assert!(game.count_winning_moves(&position).value().to_u128().is_some());
}
