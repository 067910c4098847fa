//! The engine against an exhaustive game-tree search, on every small position in both conventions.

use crate::support::nim_tree::{BruteForce, positions};
use nim_tui::engine::{Explanation, Mode, Nim, Outcome, Position, Take, analyse, fallback_move};

/// Up to 4 heaps of up to 7 tokens, then up to 5 heaps of up to 4 tokens (zero-sized heaps included).
fn small_positions() -> Vec<Vec<u64>> {
    let mut all = positions(4, 7);
    all.extend(positions(5, 4));
    all
}

#[test]
fn the_position_sets_are_complete() {
    // 8 + 8² + 8³ + 8⁴ and 5 + 5² + ... + 5⁵ positions: nothing is skipped by the enumeration.
    assert_eq!(positions(4, 7).len(), 8 + 64 + 512 + 4096);
    assert_eq!(positions(5, 4).len(), 5 + 25 + 125 + 625 + 3125);
    assert!(positions(5, 4).contains(&vec![0, 0, 0, 0, 0]));
    assert!(positions(4, 7).contains(&vec![7, 0, 7, 1]));
}

fn outcome_of(brute: &mut BruteForce, heaps: &[u64]) -> Outcome {
    if brute.wins(heaps) { Outcome::Win } else { Outcome::Lose }
}

#[test]
fn analyse_matches_the_game_tree_in_both_modes() {
    for mode in Mode::ALL {
        let mut brute = BruteForce::new(mode);
        for heaps in small_positions() {
            let analysis = analyse(&heaps, mode);
            assert_eq!(analysis.mode, mode);
            assert_eq!(analysis.outcome, outcome_of(&mut brute, &heaps), "outcome of {heaps:?} in {mode}");
            assert_eq!(
                analysis.winning_moves(&heaps),
                brute.winning_moves(&heaps),
                "winning moves from {heaps:?} in {mode}"
            );
            // The check of one move, as the coach makes it, agrees with the list for every move.
            let winning = brute.winning_moves(&heaps);
            for mv in Position::new(heaps.clone()).legal_moves() {
                assert_eq!(
                    analysis.is_winning_move(&heaps, mv),
                    winning.contains(&mv),
                    "{mv} from {heaps:?}"
                );
            }
        }
    }
}

/// Wide positions: 130 heaps, all empty but four placed on both sides of the boundaries at 64 and
/// 128, holding 0 to 5 tokens each, so that long positions are judged by the search too.
fn wide_positions() -> Vec<Vec<u64>> {
    const SLOTS: [usize; 4] = [0, 63, 64, 129];
    let mut all = Vec::new();
    for small in positions(4, 5).into_iter().filter(|p| p.len() == SLOTS.len()) {
        let mut heaps = vec![0u64; 130];
        for (&slot, &h) in SLOTS.iter().zip(&small) {
            heaps[slot] = h;
        }
        all.push(heaps);
    }
    all
}

#[test]
fn analyse_matches_the_game_tree_on_wide_positions() {
    for mode in Mode::ALL {
        let mut brute = BruteForce::new(mode);
        let nim = Nim::new(mode);
        for heaps in wide_positions() {
            let analysis = analyse(&heaps, mode);
            let shown: Vec<(usize, u64)> =
                heaps.iter().copied().enumerate().filter(|&(_, h)| h > 0).collect();
            assert_eq!(analysis.outcome, outcome_of(&mut brute, &heaps), "outcome of {shown:?} in {mode}");
            let winning = brute.winning_moves(&heaps);
            assert_eq!(analysis.winning_moves(&heaps), winning, "winning moves from {shown:?} in {mode}");
            let chosen = nim.ai_move(&Position::new(heaps.clone()));
            if winning.is_empty() {
                assert_eq!(chosen, documented_fallback(&mut brute, &heaps), "fallback from {shown:?}");
            } else {
                assert!(chosen.is_some_and(|mv| winning.contains(&mv)), "ai_move from {shown:?}");
            }
        }
    }
}

#[test]
fn the_misere_endgame_flag_means_no_heap_of_two_is_left() {
    for mode in Mode::ALL {
        let mut brute = BruteForce::new(mode);
        for heaps in small_positions() {
            let analysis = analyse(&heaps, mode);
            if mode == Mode::Normal {
                assert!(!analysis.endgame, "normal play has no endgame rule: {heaps:?}");
                continue;
            }
            // Only a move can leave heaps behind: skip losing positions and the finished game.
            if !brute.wins(&heaps) || heaps.iter().all(|&h| h == 0) {
                continue;
            }
            let leaves_no_big_heap = brute.winning_moves(&heaps).iter().all(|mv| {
                let mut after = heaps.clone();
                after[mv.heap] -= mv.take;
                after.iter().all(|&h| h <= 1)
            });
            assert_eq!(analysis.endgame, leaves_no_big_heap, "endgame flag of {heaps:?} in misère");
        }
    }
}

/// The fallback the doc comment of `fallback_move` promises, with the replies counted by search:
/// of every take (these positions hold at most `BEST_TRY_MOVES` tokens), one that empties no heap
/// of two or more when there is one, then the fewest winning replies, then the smaller take, then
/// the larger heap, then the lower heap number.
fn documented_fallback(brute: &mut BruteForce, heaps: &[u64]) -> Option<Take> {
    assert!(heaps.iter().sum::<u64>() as u128 <= nim_tui::engine::BEST_TRY_MOVES);
    type Rank = (bool, usize, u64, std::cmp::Reverse<u64>, usize);
    let mut best: Option<(Rank, Take)> = None;
    for (heap, &h) in heaps.iter().enumerate() {
        for take in 1..=h {
            let mut after = heaps.to_vec();
            after[heap] -= take;
            let replies = brute.winning_moves(&after).len();
            let key = (h >= 2 && take == h, replies, take, std::cmp::Reverse(h), heap);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, Take { heap, take }));
            }
        }
    }
    best.map(|(_, take)| take)
}

/// The fewest winning replies any legal move leaves that empties no heap of two or more (any move
/// when each of them does), counted by search over every move.
fn fewest_replies(brute: &mut BruteForce, heaps: &[u64]) -> Option<usize> {
    let mut fewest: Option<(bool, usize)> = None;
    for (heap, &h) in heaps.iter().enumerate() {
        for take in 1..=h {
            let mut after = heaps.to_vec();
            after[heap] -= take;
            let key = (h >= 2 && take == h, brute.winning_moves(&after).len());
            fewest = Some(fewest.map_or(key, |f| f.min(key)));
        }
    }
    fewest.map(|(_, replies)| replies)
}

#[test]
fn the_fallback_leaves_the_fewest_winning_replies_of_any_move() {
    let mut checked = 0;
    for mode in Mode::ALL {
        let mut brute = BruteForce::new(mode);
        for heaps in small_positions() {
            if brute.wins(&heaps) || heaps.iter().all(|&h| h == 0) {
                continue;
            }
            let mv = fallback_move(&heaps, mode).expect("a move while tokens are left");
            let mut after = heaps.clone();
            after[mv.heap] -= mv.take;
            let left = brute.winning_moves(&after).len();
            assert_eq!(Some(left), fewest_replies(&mut brute, &heaps), "{heaps:?} in {mode}: {mv:?}");
            // Never a whole heap of two or more while a smaller take exists.
            assert!(!(heaps[mv.heap] >= 2 && mv.take == heaps[mv.heap]), "{heaps:?}: {mv:?}");
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} losing positions");
}

#[test]
fn the_ai_plays_a_winning_move_or_the_documented_fallback() {
    let mut fallbacks_seen = 0;
    for mode in Mode::ALL {
        let nim = Nim::new(mode);
        let mut brute = BruteForce::new(mode);
        for heaps in small_positions() {
            let position = Position::new(heaps.clone());
            let chosen = nim.ai_move(&position);
            let over = heaps.iter().all(|&h| h == 0);
            assert_eq!(chosen.is_none(), over, "ai_move from {heaps:?} in {mode} is {chosen:?}");
            let Some(mv) = chosen else { continue };
            assert_eq!(position.check(mv), Ok(()), "ai_move {mv:?} from {heaps:?} in {mode} is illegal");
            let winning = brute.winning_moves(&heaps);
            if winning.is_empty() {
                let expected = documented_fallback(&mut brute, &heaps);
                assert_eq!(chosen, expected, "fallback from {heaps:?} in {mode}");
                assert_eq!(fallback_move(&heaps, mode), expected, "fallback_move from {heaps:?} in {mode}");
                fallbacks_seen += 1;
            } else {
                assert!(winning.contains(&mv), "ai_move {mv:?} from {heaps:?} in {mode} does not win");
            }
            // The explanation teaches the very move the AI plays.
            assert_eq!(Explanation::new(&heaps, mode).best.mv(), chosen, "explanation of {heaps:?}");
        }
    }
    assert!(fallbacks_seen > 0, "no losing position was met");
}
