//! A game-tree search for Nim written for the tests, sharing nothing with the engine's strategy.
//!
//! It knows only the rules: a move takes one or more tokens from one heap, and once every heap is
//! empty the game is over (in normal play the player to move has lost, in misère they have won).
//! Everything else is found by trying every legal move, so it is slow but cannot share a mistake
//! with the nim-sum rule it is there to judge.

use std::collections::HashMap;

use nim_tui::engine::{Mode, Take};

/// Memoised search over every legal move, for one convention.
pub struct BruteForce {
    mode: Mode,
    /// Whether the player to move wins, for every position met so far.
    memo: HashMap<Vec<u64>, bool>,
}

impl BruteForce {
    pub fn new(mode: Mode) -> Self {
        BruteForce { mode, memo: HashMap::new() }
    }

    /// Whether the player to move from `heaps` wins with perfect play.
    pub fn wins(&mut self, heaps: &[u64]) -> bool {
        if let Some(&known) = self.memo.get(heaps) {
            return known;
        }
        let result = if heaps.iter().all(|&h| h == 0) {
            self.mode == Mode::Misere
        } else {
            let mut next = heaps.to_vec();
            let mut found = false;
            'search: for heap in 0..heaps.len() {
                for take in 1..=heaps[heap] {
                    next[heap] = heaps[heap] - take;
                    if !self.wins(&next) {
                        found = true;
                        break 'search;
                    }
                }
                next[heap] = heaps[heap];
            }
            found
        };
        self.memo.insert(heaps.to_vec(), result);
        result
    }

    /// Every move that leaves the opponent in a losing position, by heap and then by take.
    pub fn winning_moves(&mut self, heaps: &[u64]) -> Vec<Take> {
        let mut moves = Vec::new();
        let mut next = heaps.to_vec();
        for heap in 0..heaps.len() {
            for take in 1..=heaps[heap] {
                next[heap] = heaps[heap] - take;
                if !self.wins(&next) {
                    moves.push(Take { heap, take });
                }
            }
            next[heap] = heaps[heap];
        }
        moves
    }
}

/// Every position of 1 to `max_heaps` heaps, each holding 0 to `max_tokens` tokens.
pub fn positions(max_heaps: usize, max_tokens: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for count in 1..=max_heaps {
        let mut heaps = vec![0u64; count];
        loop {
            all.push(heaps.clone());
            // Count up like an odometer; stop once every heap has wrapped back to 0.
            let Some(digit) = heaps.iter().rposition(|&h| h < max_tokens) else { break };
            heaps[digit] += 1;
            for h in &mut heaps[digit + 1..] {
                *h = 0;
            }
        }
    }
    all
}
