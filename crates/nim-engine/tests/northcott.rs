//! Northcott's game against an exhaustive search of its game tree, written from the rules alone
//! (`search`: no gaps, no nim-sum; a position is won when some legal move leads to a lost one, and
//! the player without a move loses).
//!
//! Bound: every board of one or two rows of widths 2 to 7, and of three rows of widths 2 to 5,
//! every placing of the counters, retreats left 0 to 2 for each colour, either colour to move.
//! For each: the outcome (the engine says the mover wins exactly when the gaps' nim-sum is not 0)
//! and the full set of winning moves (the engine's list equals the search's), and the perfect
//! player's move wins whenever a win exists.

use std::collections::HashMap;

use nim_engine::{Board, Colour, Row, Slide};

/// A position as the search keeps it: each row's (width, white, black), the retreats left for
/// white and black, and whether white is to move.
type State = (Vec<(u64, u64, u64)>, [u64; 2], bool);

/// Every legal move from `state`, by the rules: one of the mover's counters to another square of
/// its row, not past or onto the other counter, on the board; a move back spends a retreat.
fn moves(state: &State) -> Vec<(Slide, State)> {
    let (rows, retreats, white) = state;
    let mut out = Vec::new();
    for (i, &(width, w, b)) in rows.iter().enumerate() {
        let (from, lo, hi) = if *white { (w, 1, b - 1) } else { (b, w + 1, width) };
        for to in lo..=hi {
            if to == from {
                continue;
            }
            // Back is away from the other counter.
            let back = if *white { to < from } else { to > from };
            let side = usize::from(!*white);
            if back && retreats[side] == 0 {
                continue;
            }
            let mut next_rows = rows.clone();
            if *white {
                next_rows[i].1 = to;
            } else {
                next_rows[i].2 = to;
            }
            let mut next_retreats = *retreats;
            if back {
                next_retreats[side] -= 1;
            }
            out.push((Slide { row: i, to }, (next_rows, next_retreats, !*white)));
        }
    }
    out
}

/// Whether the player to move wins (memoised; every game ends, so the recursion does).
fn search(state: &State, memo: &mut HashMap<State, bool>) -> bool {
    if let Some(&won) = memo.get(state) {
        return won;
    }
    let won = moves(state).iter().any(|(_, next)| !search(next, memo));
    memo.insert(state.clone(), won);
    won
}

/// Every row of width `width`: all (white, black) with 1 <= white < black <= width.
fn rows_of(width: u64) -> Vec<(u64, u64, u64)> {
    let mut out = Vec::new();
    for w in 1..width {
        for b in w + 1..=width {
            out.push((width, w, b));
        }
    }
    out
}

fn boards(row_count: usize, widths: std::ops::RangeInclusive<u64>) -> Vec<Vec<(u64, u64, u64)>> {
    let all: Vec<(u64, u64, u64)> = widths.flat_map(rows_of).collect();
    let mut out: Vec<Vec<(u64, u64, u64)>> = vec![Vec::new()];
    for _ in 0..row_count {
        out = out.iter().flat_map(|b| all.iter().map(move |r| [b.clone(), vec![*r]].concat())).collect();
    }
    out
}

fn check(boards: Vec<Vec<(u64, u64, u64)>>, memo: &mut HashMap<State, bool>) -> usize {
    let mut checked = 0;
    for rows in boards {
        for rw in 0..=2 {
            for rb in 0..=2 {
                for white in [true, false] {
                    let state: State = (rows.clone(), [rw, rb], white);
                    let board = Board::new(
                        rows.iter().map(|&(width, white, black)| Row { width, white, black }).collect(),
                        [rw, rb],
                        if white { Colour::White } else { Colour::Black },
                    )
                    .unwrap();
                    let won = search(&state, memo);
                    assert_eq!(board.mover_wins(), won, "outcome of {state:?}");
                    let mut winning: Vec<Slide> = moves(&state)
                        .into_iter()
                        .filter(|(_, next)| !search(next, memo))
                        .map(|(slide, _)| slide)
                        .collect();
                    winning.sort();
                    let mut engine = board.winning_slides();
                    engine.sort();
                    assert_eq!(engine, winning, "winning moves of {state:?}");
                    if let Some(best) = board.best_slide() {
                        assert!(board.check(best).is_ok(), "the best move of {state:?} is legal");
                        if won {
                            assert!(winning.contains(&best), "the best move of {state:?} wins");
                        }
                    } else {
                        assert!(moves(&state).is_empty(), "{state:?} has a move the engine missed");
                    }
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn northcott_matches_an_exhaustive_search_of_the_game_tree() {
    let mut memo = HashMap::new();
    let mut checked = check(boards(1, 2..=7), &mut memo);
    checked += check(boards(2, 2..=7), &mut memo);
    checked += check(boards(3, 2..=5), &mut memo);
    // 56 rows of widths 2..=7; 20 of widths 2..=5; each with 9 retreat pairs and 2 movers.
    assert_eq!(checked, (56 + 56 * 56 + 20 * 20 * 20) * 18);
}

#[test]
fn playing_a_move_follows_the_rules() {
    let mut board = Board::new(vec![Row { width: 7, white: 3, black: 6 }], [1, 0], Colour::White).unwrap();
    // Back two squares: a retreat, spent.
    board.play(Slide { row: 0, to: 1 }).unwrap();
    assert_eq!((board.retreats(Colour::White), board.to_move(), board.gaps()), (0, Colour::Black, vec![4]));
    // Black has no retreat: forward only.
    assert!(board.play(Slide { row: 0, to: 7 }).is_err());
    board.play(Slide { row: 0, to: 2 }).unwrap();
    assert_eq!(board.gaps(), vec![0]);
    // White: no room forward, no retreat left: no move, and the engine agrees.
    assert!(board.best_slide().is_none());
    assert!(!board.mover_wins());
}
