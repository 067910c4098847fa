//! Staircase Nim: coins stand on numbered steps (the position's heaps, step 1 first); a move
//! moves one or more coins from one step down to the step below it, and coins moved down from
//! step 1 reach the ground and leave the game. Whoever makes the last move wins.
//!
//! It is Nim on the odd steps. Every move changes exactly one odd step: a move from an odd step
//! takes coins off it (like a Nim move), and a move from an even step puts coins on the odd step
//! below. A position whose odd steps have a nim-sum of 0 is lost: a move from an odd step makes
//! the sum non-zero, and a move from an even step that adds to an odd step is undone by moving
//! the same coins on down from that odd step (the coins' way down is finite, so this cannot go on
//! for ever). Otherwise one odd step of `h` coins can be brought to `h ⊕ s` (`s` the nim-sum):
//! down from it when that is less, or up from the even step above it when that holds enough.
//!
//! Coins only move down and leave, so a step can never hold more than every coin on the stairs:
//! positions are refused whose coins in all pass `u64::MAX` ([`PositionError::TooManyCoins`]),
//! and then no move can overflow a step.

use super::grundy::{GrundyPattern, GrundyReason, GrundyStep, GrundyView};
use super::{
    GameKind, Mode, Move, MoveError, MoveWords, Outcome, Position, PositionError, Rules, Take, Teaching,
};

/// Staircase Nim, normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Staircase;

impl Staircase {
    /// The nim-sum of the odd steps (indices 0, 2, 4...: steps 1, 3, 5...).
    pub fn nim_sum(heaps: &[u64]) -> u64 {
        heaps.iter().step_by(2).fold(0, |x, &h| x ^ h)
    }

    /// The winning move from step index `i`, if there is one, for nim-sum `s` (not 0).
    fn winning_from(heaps: &[u64], i: usize, s: u64) -> Option<Move> {
        let h = *heaps.get(i)?;
        if i.is_multiple_of(2) {
            // An odd step: down from it to h ⊕ s.
            let to = h ^ s;
            (to < h).then(|| Move::take(i, h - to))
        } else {
            // An even step: onto the odd step below, up to l ⊕ s.
            let l = heaps[i - 1];
            let to = l ^ s;
            (to > l && to - l <= h).then(|| Move::take(i, to - l))
        }
    }

    /// Every winning move, step by step (one at most per step): the order of [`Move`].
    fn winning(heaps: &[u64]) -> impl Iterator<Item = Move> + '_ {
        let s = Staircase::nim_sum(heaps);
        (0..heaps.len()).filter(move |_| s != 0).filter_map(move |i| Staircase::winning_from(heaps, i, s))
    }
}

impl Rules for Staircase {
    fn kind(&self) -> GameKind {
        GameKind::Staircase
    }
    fn mode(&self) -> Mode {
        Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        let total = position.tokens();
        if total > u128::from(u64::MAX) {
            return Err(PositionError::TooManyCoins { total });
        }
        Ok(())
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        let Move::Take(take) = mv else {
            return Err(MoveError::NotInThisGame {
                game: GameKind::Staircase.title(),
                what: "one step at a time, moving its coins down to the next",
            });
        };
        position.check(*take)?;
        // The coins land on the step below: refused if that step would pass u64::MAX (only in a
        // position `check_position` refuses).
        if take.heap > 0 && position.heap(take.heap - 1).unwrap_or(0).checked_add(take.take).is_none() {
            return Err(MoveError::BadPosition(PositionError::TooManyCoins { total: position.tokens() }));
        }
        Ok(())
    }
    fn play(&self, position: &mut Position, mv: &Move) -> Result<(), MoveError> {
        self.check(position, mv)?;
        let Move::Take(Take { heap, take }) = *mv else { return Ok(()) };
        let mut heaps = position.heaps().to_vec();
        heaps[heap] -= take;
        if heap > 0 {
            // Checked above: the step below has room.
            heaps[heap - 1] = heaps[heap - 1].saturating_add(take);
        }
        *position = Position::new(heaps);
        Ok(())
    }
    fn is_over(&self, position: &Position) -> bool {
        position.is_over()
    }
    fn outcome(&self, position: &Position) -> Outcome {
        if Staircase::nim_sum(position.heaps()) == 0 { Outcome::Lose } else { Outcome::Win }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        Staircase::winning(position.heaps()).take(limit).collect()
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        Some(Staircase::winning(position.heaps()).count() as u128)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        let heaps = position.heaps();
        // Lost: one coin from the highest step, which makes the game last longest.
        Staircase::winning(heaps)
            .next()
            .or_else(|| heaps.iter().rposition(|&h| h > 0).map(|i| Move::take(i, 1)))
    }
    fn move_count(&self, position: &Position) -> u128 {
        position.tokens()
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        super::game::nth_take(position.heaps(), index).map(Move::Take)
    }
    fn teach(&self, position: &Position) -> Teaching {
        let heaps = position.heaps().to_vec();
        let values: Vec<u128> =
            heaps.iter().enumerate().map(|(i, &h)| if i % 2 == 0 { u128::from(h) } else { 0 }).collect();
        let sum = u128::from(Staircase::nim_sum(&heaps));
        let win = sum != 0;
        let best = self.ai_move(position);
        let working = best.as_ref().filter(|_| win).and_then(Move::as_take).map(|take| {
            // The odd step the move changes: its own, or the one below an even step.
            let heap = if take.heap % 2 == 0 { take.heap } else { take.heap - 1 };
            let from = values[heap];
            GrundyStep { heap, from, to: from ^ sum }
        });
        let reason = match (&best, working) {
            (None, _) => GrundyReason::GameOver,
            (Some(mv), Some(step)) => {
                GrundyReason::Win { words: self.move_words(position, mv), step, split: false }
            }
            (Some(mv), None) => GrundyReason::Lost { words: self.move_words(position, mv) },
        };
        Teaching::Grundy(Box::new(GrundyView {
            cells: Vec::new(),
            game: GameKind::Staircase,
            heaps,
            values,
            sum,
            nearby: Vec::new(),
            periodic: None,
            pattern: Some(GrundyPattern::Staircase),
            working,
            best,
            reason,
            win,
        }))
    }
    fn move_words(&self, _position: &Position, mv: &Move) -> MoveWords {
        match mv {
            Move::Take(take) => MoveWords::MoveDown { step: take.number(), amount: take.take },
            other => MoveWords::plain(other),
        }
    }
    fn write_move(&self, mv: &Move) -> String {
        super::game::write_takes(mv)
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        super::game::read_take(text)
            .map_err(|_| "expected a move such as '3 2' (step 3, move 2 coins down to step 2)".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_steps_are_nim_and_even_steps_feed_them() {
        // Steps 1..4 hold 3 0 5 7: odd steps 3 ⊕ 5 = 6. Down from step 1 to 3 ⊕ 6 = 5? No (more).
        // Down from step 3 to 5 ⊕ 6 = 3: move 2. From step 4 onto step 3: 5 → 3 is down, no.
        // From step 2 (empty) onto step 1: 3 → 5 needs 2 coins, none there.
        let position = Position::new(vec![3, 0, 5, 7]);
        assert_eq!(Staircase.winning_moves(&position), [Move::take(2, 2)]);
        // Steps 1 2 hold 1 4: odd sum 1; step 1 down by 1 (to the ground), or nothing from step 2
        // (1 ⊕ 1 = 0 is less than 1).
        assert_eq!(Staircase.winning_moves(&Position::new(vec![1, 4])), [Move::take(0, 1)]);
        // Steps 1 2 hold 2 3: odd sum 2; step 1 to 0 (move 2 to the ground).
        assert_eq!(Staircase.winning_moves(&Position::new(vec![2, 3])), [Move::take(0, 2)]);
        // Steps 1 2 3 hold 1 3 1: odd sum 0, lost.
        assert_eq!(Staircase.outcome(&Position::new(vec![1, 3, 1])), Outcome::Lose);
        // Steps 1 2 3 hold 1 3 3: odd sum 2: step 3 down 2 (3 → 1), or from step 2 onto step 1
        // (1 → 3, 2 coins of 3).
        let position = Position::new(vec![1, 3, 3]);
        assert_eq!(Staircase.winning_moves(&position), [Move::take(1, 2), Move::take(2, 2)]);
    }

    #[test]
    fn coins_moved_down_land_on_the_step_below_exactly_at_u64_scale() {
        let max = u64::MAX;
        let mut position = Position::new(vec![0, max]);
        assert!(Staircase.check_position(&position).is_ok());
        Staircase.play(&mut position, &Move::take(1, max)).unwrap();
        assert_eq!(position.heaps(), [max, 0]);
        assert!(Staircase.check_position(&Position::new(vec![1, max])).is_err());
        // Odd steps max and max - 1 (sum 1): nothing else on the stairs.
        let position = Position::new(vec![max / 2, 0, max / 2 - 1]);
        assert_eq!(Staircase.outcome(&position), Outcome::Win);
        let moves = Staircase.winning_moves(&position);
        for mv in &moves {
            let mut next = position.clone();
            Staircase.play(&mut next, mv).unwrap();
            assert_eq!(Staircase.outcome(&next), Outcome::Lose, "{mv:?}");
        }
        assert!(!moves.is_empty());
    }
}
