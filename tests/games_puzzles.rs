//! Puzzles for every game: each has exactly one winning move (by the search from the rules where
//! it runs in moments, by the engine proved against it beyond), the same id deals the same puzzle,
//! and Nim's puzzles are the ones they always were.

mod games;

use games::{Search, State};
use nim_tui::engine::{GameKind, Mode, Rules, SubtractionSet};
use nim_tui::puzzle::{Difficulty, PuzzleId};

fn brute(kind: GameKind) -> Option<games::Game> {
    Some(match kind {
        GameKind::Moore(k) => games::Game::Moore(k as usize),
        GameKind::Subtraction(set) => games::Game::Subtraction(set.amounts().collect()),
        GameKind::Lasker => games::Game::Lasker,
        GameKind::Kayles => games::Game::Kayles,
        GameKind::Wythoff => games::Game::Wythoff,
        GameKind::Fibonacci => games::Game::Fibonacci,
        GameKind::Nim => return None,
    })
}

#[test]
fn every_game_deals_puzzles_with_one_winning_move() {
    let mut kinds: Vec<GameKind> = GameKind::ALL.to_vec();
    kinds.extend([
        GameKind::Moore(3),
        GameKind::Subtraction(SubtractionSet::new([2, 5, 7]).unwrap()),
        "bachet".parse().unwrap(),
    ]);
    for kind in kinds {
        for difficulty in Difficulty::ALL {
            let mut misere = 0;
            for number in 1..=15 {
                let id = PuzzleId { seed: 11, number, difficulty };
                let puzzle = id.puzzle_of(kind);
                assert_eq!(puzzle, id.puzzle_of(kind), "the same id, the same puzzle");
                assert_eq!(puzzle.game, kind);
                let rules = puzzle.rules();
                let position = puzzle.position();
                assert!(rules.check_position(&position).is_ok(), "{kind} {puzzle:?}");
                assert!(puzzle.heaps.iter().all(|&h| h > 0), "{kind} {puzzle:?}");
                let small = puzzle.heaps.iter().sum::<u64>() <= 30
                    && !matches!(kind, GameKind::Moore(_) if puzzle.heaps.len() > 4);
                let winning = match brute(kind).filter(|_| small) {
                    Some(game) => {
                        // The positions the winning moves leave, as multisets of heaps: a move
                        // and its mirror image (Lasker's splits, Kayles' knocks) leave the same.
                        let state = State { heaps: puzzle.heaps.clone(), limit: None };
                        let moves = game.moves(&state);
                        let mut search = Search::new(game, puzzle.mode);
                        let winning = search.winning_moves(&state);
                        let mut left: Vec<State> = moves
                            .into_iter()
                            .filter(|(mv, _)| winning.contains(mv))
                            .map(|(_, next)| search.game.key(&next))
                            .collect();
                        left.sort_by(|a, b| a.heaps.cmp(&b.heaps));
                        left.dedup();
                        if kind.splits() { left.len() } else { winning.len() }
                    }
                    None => {
                        assert!(nim_tui::puzzle::one_answer(&rules.game(), &position), "{kind} {puzzle:?}");
                        1
                    }
                };
                assert_eq!(winning, 1, "{kind} {difficulty} {puzzle:?}");
                misere += usize::from(puzzle.mode == Mode::Misere);
            }
            assert!(misere == 0 || kind.has_misere(), "{kind}: misère only where the game has it");
        }
    }
}

#[test]
fn nim_puzzles_are_unchanged() {
    for difficulty in Difficulty::ALL {
        for number in 1..=10 {
            let id = PuzzleId { seed: 42, number, difficulty };
            assert_eq!(id.puzzle_of(GameKind::Nim), id.puzzle());
            assert_eq!(id.puzzle().game, GameKind::Nim);
        }
    }
}

#[test]
fn each_game_has_its_own_run() {
    let id = PuzzleId { seed: 5, number: 2, difficulty: Difficulty::Medium };
    let kayles = id.puzzle_of(GameKind::Kayles);
    let lasker = id.puzzle_of(GameKind::Lasker);
    assert_ne!(kayles.heaps, lasker.heaps);
    let fibonacci = id.puzzle_of(GameKind::Fibonacci);
    assert_eq!(fibonacci.heaps.len(), 1);
    assert_eq!(fibonacci.position().limit(), None, "a first move");
}
