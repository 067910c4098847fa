//! Wythoff's game: two heaps; a move takes any number from one heap, or the same number from both.
//!
//! The player to move loses exactly at the pairs `(a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋)` (in either order),
//! φ the golden ratio: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), ... Every whole number is in
//! exactly one pair, and `b_k - a_k = k`. They are computed exactly, in integers, from Zeckendorf
//! representations (no floating point, no square root): with `σ` moving every Zeckendorf term up
//! one (1 → 2, 2 → 3, 3 → 5, ...), `a_k = σ(k - 1) + 1` and `b_k = σ(a_k)`. So a number `x` is the
//! smaller of its pair when `x - 1` has no 1 among its terms (then `k - 1 = σ⁻¹(x - 1)`), and the
//! larger otherwise (then its partner is `σ⁻¹(x)`). The tests check this against a game-tree
//! search up to 60 and against an exact big-integer computation of `⌊kφ⌋` for random huge `k`.

use super::zeckendorf::{shift_up, value, zeckendorf};
use super::{GameKind, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Take, Teaching};

/// Wythoff's game, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wythoff;

/// The `k`-th losing pair `(⌊kφ⌋, ⌊kφ²⌋)`, exactly (`(0, 0)` for `k = 0`). A `u128`, since the
/// larger number passes `u64::MAX` for `k` past about 7·10^18.
pub fn losing_pair(k: u64) -> (u128, u128) {
    if k == 0 {
        return (0, 0);
    }
    let a = shift_up(u128::from(k - 1)) + 1;
    (a, a + u128::from(k))
}

/// The number that makes a losing pair with `x` (0 with 0), and the pair's index `k`.
pub fn partner(x: u64) -> (u128, u64) {
    if x == 0 {
        return (0, 0);
    }
    let below = zeckendorf(u128::from(x - 1));
    if below & 1 == 0 {
        // x is the smaller of its pair: x - 1 = σ(k - 1).
        let k = value(below >> 1) + 1;
        (u128::from(x) + k, k as u64)
    } else {
        // x is the larger: x = σ(a).
        let a = value(zeckendorf(u128::from(x)) >> 1);
        (a, x - a as u64)
    }
}

/// Whether `(x, y)` is a losing pair.
pub fn is_losing_pair(x: u64, y: u64) -> bool {
    partner(x).0 == u128::from(y)
}

/// What the teaching panel shows for Wythoff's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffView {
    /// The two heaps.
    pub heaps: [u64; 2],
    /// For each heap, the number that would make a losing pair with it.
    pub partners: [u128; 2],
    /// The losing pair whose difference is the heaps' difference (reached by taking from both).
    pub same_difference: (u128, u128),
    /// Losing pairs `(k, a_k, b_k)` around the smaller heap's pair, smallest first.
    pub nearby: Vec<(u64, u128, u128)>,
    /// The move the AI would play.
    pub best: Option<Move>,
    /// Why the best move is best, as data for the hint's sentence.
    pub reason: WythoffReason,
    /// Whether the player to move wins with perfect play.
    pub win: bool,
}

/// Why the best move of Wythoff's game is best, with its numbers (the heaps are in
/// [`WythoffView`]): a program writes the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WythoffReason {
    /// No token is left: the other player took the last one and won.
    GameOver,
    /// The move reaches a losing pair, `after`, in the way `how` tells.
    Win {
        /// What the move does.
        words: MoveWords,
        /// How the losing pair is reached.
        how: WythoffHow,
        /// The heaps after the move, a losing pair.
        after: (u64, u64),
    },
    /// The heaps are a losing pair; `words` tells the AI's fallback.
    Lost {
        /// What the AI's fallback move does.
        words: MoveWords,
    },
}

/// How a winning move of Wythoff's game finds its losing pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WythoffHow {
    /// Taking the same from both keeps the `difference`, whose losing pair is `pair`.
    Both {
        /// The heaps' difference.
        difference: u64,
        /// The losing pair with that difference.
        pair: (u128, u128),
    },
    /// Taking from one heap: the losing pair with the other heap, `other`, is `pair`.
    One {
        /// The heap not taken from.
        other: u64,
        /// The losing pair it belongs to.
        pair: (u128, u128),
    },
    /// A move the game does not have (a split): nothing to tell.
    Unexplained,
}

impl Wythoff {
    fn pair(position: &Position) -> (u64, u64) {
        (position.heap(0).unwrap_or(0), position.heap(1).unwrap_or(0))
    }

    fn winning(&self, position: &Position) -> Vec<Move> {
        let (x, y) = Wythoff::pair(position);
        let mut moves = Vec::new();
        if position.len() != 2 {
            return moves;
        }
        let (to_x, _) = partner(y);
        if to_x < u128::from(x) {
            moves.push(Move::take(0, x - to_x as u64));
        }
        let (to_y, _) = partner(x);
        if to_y < u128::from(y) {
            moves.push(Move::take(1, y - to_y as u64));
        }
        let (low, high) = (x.min(y), x.max(y));
        let (a, _) = losing_pair(high - low);
        if a < u128::from(low) {
            moves.push(Move::both(low - a as u64));
        }
        moves
    }

    /// The AI's move from a losing pair: the larger heap brought down to a quarter of itself.
    /// The other player's winning reply then leaves a losing pair no larger than about half the
    /// larger heap, so a game against a player who follows the hint lasts a number of moves
    /// proportional to the heaps' digits (see the tests), and each reply is still to be found.
    fn fallback(&self, position: &Position) -> Option<Move> {
        let (x, y) = Wythoff::pair(position);
        let (heap, size) = if y >= x { (1, y) } else { (0, x) };
        (size > 0).then(|| Move::take(heap, size - size / 4))
    }

    /// What a move does: the same from both heaps, or a plain take.
    fn words(mv: &Move) -> MoveWords {
        match mv {
            Move::TakeMany(takes) if takes.len() == 2 => MoveWords::TakeFromBoth { amount: takes[0].take },
            other => MoveWords::plain(other),
        }
    }
}

/// Wythoff's game: take from one heap, or the same from both.
impl Rules for Wythoff {
    fn kind(&self) -> GameKind {
        GameKind::Wythoff
    }
    fn mode(&self) -> super::Mode {
        super::Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        if position.len() != 2 {
            return Err(PositionError::HeapCount {
                game: GameKind::Wythoff.title(),
                heaps: 2,
                given: position.len(),
            });
        }
        Ok(())
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        self.check_position(position)?;
        match mv {
            Move::Take(take) => position.check(*take),
            Move::TakeMany(takes) => match takes.as_slice() {
                [first @ Take { heap: 0, .. }, second @ Take { heap: 1, .. }] => {
                    position.check(*first)?;
                    position.check(*second)?;
                    if first.take != second.take {
                        return Err(MoveError::Uneven);
                    }
                    Ok(())
                }
                _ => Err(MoveError::NotCanonical),
            },
            Move::Split { .. } => Err(MoveError::NotInThisGame {
                game: GameKind::Wythoff.title(),
                what: "one heap, or the same number from both",
            }),
        }
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        let (x, y) = Wythoff::pair(position);
        if is_losing_pair(x, y) { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let mut moves = self.winning(position);
        moves.truncate(limit);
        moves
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(self.winning(position).len() as u128)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        self.winning(position).into_iter().next().or_else(|| self.fallback(position))
    }
    fn move_count(&self, position: &Position) -> u128 {
        let (x, y) = Wythoff::pair(position);
        u128::from(x) + u128::from(y) + u128::from(x.min(y))
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let (x, y) = Wythoff::pair(position);
        let (x128, y128) = (u128::from(x), u128::from(y));
        let take = |i: u128| u64::try_from(i + 1).ok();
        if index < x128 {
            take(index).map(|t| Move::take(0, t))
        } else if index < x128 + y128 {
            take(index - x128).map(|t| Move::take(1, t))
        } else if index < x128 + y128 + u128::from(x.min(y)) {
            take(index - x128 - y128).map(Move::both)
        } else {
            None
        }
    }
    fn teach(&self, position: &Position) -> Teaching {
        let (x, y) = Wythoff::pair(position);
        let (px, kx) = partner(x);
        let (py, ky) = partner(y);
        let (low, high) = (x.min(y), x.max(y));
        let same_difference = losing_pair(high - low);
        let k = if x <= y { kx } else { ky };
        let nearby = (k.saturating_sub(2)..=k.saturating_add(2)).map(|k| {
            let (a, b) = losing_pair(k);
            (k, a, b)
        });
        let nearby = nearby.collect();
        let win = self.outcome(position) == Outcome::Win;
        let best = self.ai_move(position);
        let reason = match &best {
            None => WythoffReason::GameOver,
            Some(mv) if win => {
                let mut after = position.clone();
                let _ = self.play(&mut after, mv);
                let how = match mv {
                    Move::TakeMany(_) => WythoffHow::Both { difference: high - low, pair: same_difference },
                    Move::Take(take) => {
                        let other = if take.heap == 0 { y } else { x };
                        let (to, _) = partner(other);
                        WythoffHow::One {
                            other,
                            pair: (to.min(u128::from(other)), to.max(u128::from(other))),
                        }
                    }
                    Move::Split { .. } => WythoffHow::Unexplained,
                };
                WythoffReason::Win { words: Wythoff::words(mv), how, after: Wythoff::pair(&after) }
            }
            Some(mv) => WythoffReason::Lost { words: Wythoff::words(mv) },
        };
        Teaching::Wythoff(WythoffView {
            heaps: [x, y],
            partners: [px, py],
            same_difference,
            nearby,
            best,
            reason,
            win,
        })
    }
    fn move_words(&self, _: &Position, mv: &Move) -> MoveWords {
        Wythoff::words(mv)
    }
    /// `1 3` (heap 1, take 3) or `both 3`.
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::TakeMany(takes) if takes.len() == 2 => format!("both {}", takes[0].take),
            other => super::game::write_takes(other),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["both", take] => Ok(Move::both(super::parse_heap(take).map_err(|e| e.to_string())?)),
            _ => super::game::read_take(text).map_err(|_| {
                "expected a move such as '1 3' (heap 1, take 3) or 'both 3' (take 3 from both heaps)"
                    .to_string()
            }),
        }
    }
}
