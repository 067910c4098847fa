//! The reasoning behind a move, for teaching: the heaps in binary, the nim-sum, and why the best
//! move is best. Built from the same analysis the AI plays by, so it can never disagree with it.
//! It is data, with its numbers: a program writes it in its own words.

use super::{Analysis, Mode, Outcome, Take, analyse, fallback_move};

/// Why a particular move is the one to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveReason {
    /// The normal rule: `from ⊕ nim_sum = to < from`, which leaves a nim-sum of 0.
    NimSum {
        /// The move.
        mv: Take,
        /// The heap before the move.
        from: u64,
        /// The heap after it: `from ⊕ nim_sum`.
        to: u64,
        /// The nim-sum of the position before the move.
        nim_sum: u64,
    },
    /// The misère endgame rule: no heap of two or more would be left, so leave an odd number of
    /// heaps of one (`ones_left` of them).
    MisereEndgame {
        /// The move.
        mv: Take,
        /// The heap before the move.
        from: u64,
        /// The heap after it (0 or 1).
        to: u64,
        /// How many heaps of one the move leaves (always odd).
        ones_left: usize,
    },
    /// No winning move exists; the AI's fallback is shown instead.
    Losing {
        /// The AI's fallback move.
        mv: Take,
        /// The nim-sum of the position.
        nim_sum: u64,
        /// Whether misère's endgame rule decides the position.
        endgame: bool,
    },
    /// No token is left. `mover_wins` tells whether the player to move has won.
    GameOver {
        /// Whether the player to move has won.
        mover_wins: bool,
    },
}

impl MoveReason {
    /// The move this reason recommends, if the game is not over.
    pub fn mv(&self) -> Option<Take> {
        match *self {
            MoveReason::NimSum { mv, .. }
            | MoveReason::MisereEndgame { mv, .. }
            | MoveReason::Losing { mv, .. } => Some(mv),
            MoveReason::GameOver { .. } => None,
        }
    }
}

/// A position explained: its heaps in binary, its nim-sum, the verdict and the best move.
///
/// Everything here is linear in the number of heaps: the width of the binary column and the
/// number of heaps of one are counted once, not once per heap or per move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The heaps explained.
    pub heaps: Vec<u64>,
    /// Perfect play's verdict on them.
    pub analysis: Analysis,
    /// The move the AI would play and why.
    pub best: MoveReason,
    digits: usize,
    ones: usize,
}

impl Explanation {
    /// Explains `heaps` under `mode`.
    pub fn new(heaps: &[u64], mode: Mode) -> Self {
        let analysis = analyse(heaps, mode);
        let ones = if analysis.endgame { heaps.iter().filter(|&&h| h == 1).count() } else { 0 };
        let best = match analysis.first_move(heaps) {
            Some(mv) => reason(heaps, &analysis, ones, mv),
            None => match fallback_move(heaps, mode) {
                Some(mv) => MoveReason::Losing { mv, nim_sum: analysis.nim_sum, endgame: analysis.endgame },
                None => MoveReason::GameOver { mover_wins: analysis.outcome == Outcome::Win },
            },
        };
        Explanation { heaps: heaps.to_vec(), analysis, best, digits: binary_digits(heaps), ones }
    }

    /// The convention the position is played under.
    pub fn mode(&self) -> Mode {
        self.analysis.mode
    }

    /// The XOR of the heaps.
    pub fn nim_sum(&self) -> u64 {
        self.analysis.nim_sum
    }

    /// How many binary digits the widest heap needs (at least one).
    pub fn digits(&self) -> usize {
        self.digits
    }

    /// `value` in binary, padded to [`Explanation::digits`].
    pub fn binary(&self, value: u64) -> String {
        format!("{value:0width$b}", width = self.digits)
    }

    /// Why `mv`, one of the winning moves, wins.
    pub fn reason_for(&self, mv: Take) -> MoveReason {
        reason(&self.heaps, &self.analysis, self.ones, mv)
    }

    /// Every winning move with its reason, in order.
    pub fn winning_reasons(&self) -> impl Iterator<Item = MoveReason> + '_ {
        self.analysis.moves(&self.heaps).map(|mv| self.reason_for(mv))
    }

    /// Every winning move, in order, as a list.
    pub fn winning_moves(&self) -> Vec<Take> {
        self.analysis.winning_moves(&self.heaps)
    }
}

/// How many binary digits the widest of `heaps` needs (at least one).
pub fn binary_digits(heaps: &[u64]) -> usize {
    let widest = heaps.iter().copied().max().unwrap_or(0);
    (64 - widest.leading_zeros() as usize).max(1)
}

/// `ones` is the number of heaps of one, counted once by the caller (only read in the endgame).
fn reason(heaps: &[u64], analysis: &Analysis, ones: usize, mv: Take) -> MoveReason {
    let from = heaps[mv.heap];
    let to = from - mv.take;
    if analysis.endgame {
        let ones_left = ones - usize::from(from == 1) + usize::from(to == 1);
        MoveReason::MisereEndgame { mv, from, to, ones_left }
    } else {
        MoveReason::NimSum { mv, from, to, nim_sum: analysis.nim_sum }
    }
}
