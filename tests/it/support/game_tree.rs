//! A game-tree search for every game but Nim, written for the tests from the rules alone: it lists
//! every legal move by the rules' own words and tries them all, memoised. It shares nothing with
//! the engine's strategies (no Grundy value, no column count, no golden ratio); only the `Move`
//! type is borrowed, so that both sides name moves alike.

use std::collections::HashMap;

use nim_tui::engine::{Mode, Move, Take};

/// A position as the search sees it: heaps (rows) and, for Fibonacci Nim, the most the next move
/// may take (`None` before the first move).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub heaps: Vec<u64>,
    pub limit: Option<u64>,
}

/// The games, as the search knows them.
#[derive(Debug, Clone)]
pub enum Game {
    Moore(usize),
    Subtraction(Vec<u64>),
    Lasker,
    Kayles,
    /// Dawson's Kayles: exactly two neighbouring pins.
    Dawson,
    Wythoff,
    Fibonacci,
    /// Staircase Nim: coins on steps 1, 2, ... (the heaps); move any number from a step to the one
    /// below, from step 1 off the stairs.
    Staircase,
    /// A row of coins, the heaps being the heads' places (from 1, increasing): turn over at most
    /// `most` coins, the rightmost a head (to tails), the others anywhere left of it.
    Coins {
        most: usize,
    },
    /// The ruler game: a row of coins as above; turn over any run of neighbouring coins, the
    /// rightmost a head (to tails).
    Ruler,
    /// Euclid's game: a positive multiple of the smaller number from the larger; no move once a
    /// number is 0.
    Euclid,
    /// An octal game on rows of pins: `digits[k - 1]` is the code's digit for knocking down `k`
    /// neighbouring pins, read as bits: 1 a whole row of `k`, 2 at an end of a longer row (one
    /// row left), 4 inside a row (two rows left).
    Octal(Vec<u8>),
}

impl Game {
    /// Every legal move with the position it leaves, written from the rules.
    pub fn moves(&self, state: &State) -> Vec<(Move, State)> {
        let heaps = &state.heaps;
        let mut out = Vec::new();
        let with = |i: usize, v: u64| {
            let mut next = heaps.clone();
            next[i] = v;
            State { heaps: next, limit: None }
        };
        match self {
            Game::Moore(k) => {
                // Every non-empty set of at most k non-empty heaps, and every amount from each.
                let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
                for mask in 1u32..(1 << live.len()) {
                    if mask.count_ones() as usize > *k {
                        continue;
                    }
                    let chosen: Vec<usize> =
                        (0..live.len()).filter(|b| mask >> b & 1 == 1).map(|b| live[b]).collect();
                    let mut amounts = vec![1u64; chosen.len()];
                    loop {
                        let mut next = heaps.clone();
                        let mut takes = Vec::new();
                        for (&i, &t) in chosen.iter().zip(&amounts) {
                            next[i] -= t;
                            takes.push(Take::new(i, t));
                        }
                        let mv = if takes.len() == 1 { Move::Take(takes[0]) } else { Move::TakeMany(takes) };
                        out.push((mv, State { heaps: next, limit: None }));
                        // The next combination of amounts, like an odometer.
                        let mut d = 0;
                        while d < chosen.len() && amounts[d] == heaps[chosen[d]] {
                            amounts[d] = 1;
                            d += 1;
                        }
                        if d == chosen.len() {
                            break;
                        }
                        amounts[d] += 1;
                    }
                }
            }
            Game::Subtraction(set) => {
                for (i, &h) in heaps.iter().enumerate() {
                    for &s in set.iter().filter(|&&s| s <= h) {
                        out.push((Move::take(i, s), with(i, h - s)));
                    }
                }
            }
            Game::Lasker => {
                for (i, &h) in heaps.iter().enumerate() {
                    for t in 1..=h {
                        out.push((Move::take(i, t), with(i, h - t)));
                    }
                    for left in 1..h {
                        let mut next = with(i, left);
                        next.heaps.push(h - left);
                        out.push((Move::Split { heap: i, take: 0, left }, next));
                    }
                }
            }
            Game::Kayles | Game::Dawson => {
                // Pins 1..=n in a row; knock down pin p, or pins p and p+1 (in Dawson's Kayles
                // only pins p and p+1).
                let fewest = if matches!(self, Game::Dawson) { 2 } else { 1 };
                for (i, &n) in heaps.iter().enumerate() {
                    for count in fewest..=2u64 {
                        for p in 1..=n {
                            if p + count - 1 > n {
                                continue;
                            }
                            let before = p - 1;
                            let after = n - (p + count - 1);
                            let mut next = heaps.clone();
                            next[i] = before;
                            next.push(after);
                            out.push((
                                Move::Split { heap: i, take: count, left: before },
                                State { heaps: next, limit: None },
                            ));
                        }
                    }
                }
            }
            Game::Octal(digits) => {
                // Pins 1..=n; knock down pins p..p+k-1 and count the rows left on either side.
                for (i, &n) in heaps.iter().enumerate() {
                    for (d, k) in digits.iter().zip(1u64..) {
                        for p in 1..=n {
                            if p + k - 1 > n {
                                continue;
                            }
                            let before = p - 1;
                            let after = n - (p + k - 1);
                            let rows_left = u8::from(before > 0) + u8::from(after > 0);
                            if d >> rows_left & 1 == 0 {
                                continue;
                            }
                            let mut next = heaps.clone();
                            next[i] = before;
                            next.push(after);
                            out.push((
                                Move::Split { heap: i, take: k, left: before },
                                State { heaps: next, limit: None },
                            ));
                        }
                    }
                }
            }
            Game::Wythoff => {
                let (x, y) = (heaps[0], heaps[1]);
                for t in 1..=x {
                    out.push((Move::take(0, t), with(0, x - t)));
                }
                for t in 1..=y {
                    out.push((Move::take(1, t), with(1, y - t)));
                }
                for t in 1..=x.min(y) {
                    out.push((
                        Move::TakeMany(vec![Take::new(0, t), Take::new(1, t)]),
                        State { heaps: vec![x - t, y - t], limit: None },
                    ));
                }
            }
            Game::Staircase => {
                for (i, &h) in heaps.iter().enumerate() {
                    for c in 1..=h {
                        let mut next = heaps.clone();
                        next[i] -= c;
                        if i > 0 {
                            next[i - 1] += c;
                        }
                        out.push((Move::take(i, c), State { heaps: next, limit: None }));
                    }
                }
            }
            Game::Coins { most } => {
                // Every set of coins left of a head, of at most `most - 1` coins, listed as
                // places right to left; each coin turned over, heads or tails.
                for &n in heaps {
                    let mut sets: Vec<Vec<u64>> = vec![vec![]];
                    for _ in 1..*most {
                        let longer: Vec<Vec<u64>> = sets
                            .iter()
                            .flat_map(|set| {
                                let below = set.last().copied().unwrap_or(n);
                                (1..below).map(move |c| [set.clone(), vec![c]].concat())
                            })
                            .collect();
                        sets.extend(longer);
                    }
                    sets.sort();
                    sets.dedup();
                    for set in sets {
                        let mut coins = vec![n];
                        coins.extend(&set);
                        let mut next = heaps.clone();
                        for c in &coins {
                            match next.iter().position(|h| h == c) {
                                Some(i) => {
                                    next.remove(i);
                                }
                                None => next.push(*c),
                            }
                        }
                        next.sort_unstable();
                        out.push((Move::Turn(coins), State { heaps: next, limit: None }));
                    }
                }
            }
            Game::Ruler => {
                // Every run from a coin `left` to a head `n`, each coin in it turned over.
                for &n in heaps {
                    for left in (1..=n).rev() {
                        let mut next: Vec<u64> =
                            heaps.iter().copied().filter(|h| !(left..=n).contains(h)).collect();
                        next.extend((left..=n).filter(|c| !heaps.contains(c)));
                        next.sort_unstable();
                        out.push((Move::Run { right: n, left }, State { heaps: next, limit: None }));
                    }
                }
            }
            Game::Euclid => {
                let (x, y) = (heaps[0], heaps[1]);
                for (i, big, small) in [(0, x, y), (1, y, x)] {
                    if small == 0 || big < small {
                        continue;
                    }
                    for k in 1..=big / small {
                        out.push((Move::take(i, k * small), with(i, big - k * small)));
                    }
                }
            }
            Game::Fibonacci => {
                let n = heaps[0];
                let most = match state.limit {
                    None => n.saturating_sub(1),
                    Some(l) => l.min(n),
                };
                for x in 1..=most {
                    out.push((Move::take(0, x), State { heaps: vec![n - x], limit: Some(2 * x) }));
                }
            }
        }
        out
    }

    /// The form the memo keeps: heaps as a sorted multiset without empty ones for games that are
    /// sums of heaps played apart (the order and empty heaps change nothing there), the limit cut
    /// to the heap.
    pub fn key(&self, state: &State) -> State {
        match self {
            Game::Wythoff | Game::Moore(_) | Game::Euclid => {
                State { heaps: state.heaps.clone(), limit: None }
            }
            // The steps keep their order and their empty steps; the stairs' empty top changes
            // nothing.
            Game::Staircase => {
                let mut heaps = state.heaps.clone();
                while heaps.last() == Some(&0) {
                    heaps.pop();
                }
                State { heaps, limit: None }
            }
            Game::Fibonacci => {
                let n = state.heaps[0];
                State { heaps: vec![n], limit: state.limit.map(|l| l.min(n)) }
            }
            _ => {
                let mut heaps: Vec<u64> = state.heaps.iter().copied().filter(|&h| h > 0).collect();
                heaps.sort_unstable();
                State { heaps, limit: None }
            }
        }
    }
}

/// Memoised search: whether the player to move wins.
pub struct Search {
    pub game: Game,
    pub mode: Mode,
    memo: HashMap<State, bool>,
}

impl Search {
    pub fn new(game: Game, mode: Mode) -> Search {
        Search { game, mode, memo: HashMap::new() }
    }

    pub fn wins(&mut self, state: &State) -> bool {
        let key = self.game.key(state);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let moves = self.game.moves(&key);
        let result = if moves.is_empty() {
            // No move left: in normal play the player to move has lost; in misère, won.
            self.mode == Mode::Misere
        } else {
            moves.iter().any(|(_, next)| !self.wins(next))
        };
        self.memo.insert(key, result);
        result
    }

    /// Every winning move from `state`, sorted in the order of `Move`.
    pub fn winning_moves(&mut self, state: &State) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .game
            .moves(state)
            .into_iter()
            .filter(|(_, next)| !self.wins(next))
            .map(|(mv, _)| mv)
            .collect();
        moves.sort();
        moves
    }
}

/// Every list of `count` heaps of 0 to `most` tokens, for each count from 1 to `count`.
pub fn positions(count: usize, most: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..count {
        layer = layer.iter().flat_map(|p| (0..=most).map(move |h| [p.clone(), vec![h]].concat())).collect();
        all.extend(layer.iter().cloned());
    }
    all
}

/// Grundy values by the definition, for a game whose heap of `n` moves to the heaps listed by
/// `options(n)` (each option a list of heaps, valued by the XOR of theirs).
pub fn grundy_by_definition(up_to: usize, options: impl Fn(usize) -> Vec<Vec<usize>>) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(up_to + 1);
    for n in 0..=up_to {
        let options = options(n);
        let mut seen = vec![false; options.len() + 1];
        for option in options {
            let v = option.iter().fold(0, |x, &h| x ^ values[h]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64);
    }
    values
}
