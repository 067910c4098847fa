//! Puzzles for every game: each has exactly one winning move (by the search from the rules where
//! it runs in moments, and by the engine's count always), that move leaves a game to play unless
//! the game has no such puzzle (and the screen says so), the same id deals the same puzzle, and
//! Nim's puzzles are the ones they always were.

use crate::support::{game_tree, sized};

use game_tree::{Search, State};
use nim_tui::engine::{GameKind, Mode, Position, Rules, SubtractionSet};
use nim_tui::puzzle::{Difficulty, PuzzleId};

fn brute(kind: GameKind) -> Option<game_tree::Game> {
    Some(match kind {
        GameKind::Moore(k) => game_tree::Game::Moore(k as usize),
        GameKind::Subtraction(set) => game_tree::Game::Subtraction(set.amounts().collect()),
        GameKind::Lasker => game_tree::Game::Lasker,
        GameKind::Kayles => game_tree::Game::Kayles,
        GameKind::Dawson => game_tree::Game::Dawson,
        GameKind::Wythoff => game_tree::Game::Wythoff,
        GameKind::Fibonacci => game_tree::Game::Fibonacci,
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
            for number in 1..=sized(5, 15) {
                let id = PuzzleId { seed: 11, number, difficulty };
                let puzzle = id.puzzle_of(kind);
                assert_eq!(puzzle, id.puzzle_of(kind), "the same id, the same puzzle");
                assert_eq!(puzzle.game, kind);
                let rules = puzzle.rules();
                let position = puzzle.position();
                assert!(rules.game().check_position(&position).is_ok(), "{kind} {puzzle:?}");
                assert!(puzzle.heaps.iter().all(|&h| h > 0), "{kind} {puzzle:?}");
                let small = puzzle.heaps.iter().sum::<u64>() <= 30
                    && !matches!(kind, GameKind::Moore(_) if puzzle.heaps.len() > 4);
                let winning = match brute(kind).filter(|_| small) {
                    Some(game) => {
                        // Every winning move counts: a split into 3 and 4 and one into 4 and 3
                        // are two moves, and so are the knocks at either end of a row.
                        let state = State { heaps: puzzle.heaps.clone(), limit: None };
                        let mut search = Search::new(game, puzzle.mode);
                        search.winning_moves(&state).len()
                    }
                    None => {
                        assert!(nim_tui::puzzle::one_answer(&rules.game(), &position), "{kind} {puzzle:?}");
                        1
                    }
                };
                assert_eq!(
                    rules.game().winning_move_count(&position),
                    Some(1),
                    "{kind} {difficulty} {puzzle:?}"
                );
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

/// The puzzles of every game, at every difficulty, over many seeds: one winning move by the
/// engine's count, and that move leaves a game to play. Only where the game cannot do otherwise
/// does the answer take the last tokens: the subtraction games of odd amounts from 3 up, where
/// every move wins from a won position, so a puzzle needs a single legal move, and the only such
/// won position is one token. There the screen says so.
#[test]
fn every_puzzle_has_one_winning_move_that_leaves_a_game_to_play() {
    let mut kinds: Vec<GameKind> = GameKind::ALL.to_vec();
    kinds.extend((2..=8).map(GameKind::Moore));
    for set in ["1", "1,3", "1,3,5,7", "2", "1,2", "1,2,3", "2,5,7", "1,4", "3,4,5", "1,3,4"] {
        kinds.push(format!("subtraction:{set}").parse().unwrap());
    }
    let unavoidable: Vec<GameKind> =
        ["subtraction:1,3", "subtraction:1,3,5,7"].iter().map(|name| name.parse().unwrap()).collect();
    for &kind in &kinds {
        for difficulty in Difficulty::ALL {
            for seed in 0..12u64 {
                let id = PuzzleId { seed: seed * 7_919 + 1, number: (seed % 5) as u32 + 1, difficulty };
                let puzzle = id.puzzle_of(kind);
                let rules = puzzle.rules();
                let game = rules.game();
                let position = puzzle.position();
                let what = format!("{kind} {difficulty} seed {} puzzle {}: {puzzle:?}", id.seed, id.number);
                assert_eq!(game.winning_move_count(&position), Some(1), "{what}");
                let moves = game.winning_moves(&position);
                assert_eq!(moves.len(), 1, "{what}");
                let mut after = position.clone();
                game.play(&mut after, &moves[0]).unwrap();
                let promise = nim_tui::puzzle::promise(&game, &position);
                if unavoidable.contains(&kind) {
                    assert!(game.is_over(&after), "{what}");
                    assert!(promise.contains("takes the last tokens"), "{what}: {promise}");
                } else {
                    assert!(!game.is_over(&after), "{what}: the answer {} ends the game", moves[0]);
                    assert!(promise.starts_with("Exactly one move wins here. Find it"), "{what}: {promise}");
                }
                if let GameKind::Moore(k) = kind {
                    assert!(puzzle.heaps.len() > k as usize, "{what}: more heaps than a move takes from");
                }
            }
        }
    }
}

/// Where no puzzle can leave a game to play, that is because every move wins: no position of up
/// to three heaps of 12 (one of up to 64) has a single winning move that leaves more to play.
#[test]
fn the_games_without_a_real_puzzle_have_none_among_small_positions() {
    for name in ["subtraction:1,3", "subtraction:1,3,5,7"] {
        let kind: GameKind = name.parse().unwrap();
        let game = nim_tui::engine::Ruleset::new(kind, Mode::Normal).game();
        let mut heaps: Vec<Vec<u64>> = (1..=64).map(|a| vec![a]).collect();
        heaps.extend((1..=12).flat_map(|a| (1..=12).map(move |b| vec![a, b])));
        for heaps in heaps {
            let position = Position::new(heaps.clone());
            let count = game.winning_move_count(&position).unwrap();
            if count >= 1 {
                // Every legal move wins here: as many winning moves as legal ones.
                assert_eq!(count, game.move_count(&position), "{kind} {heaps:?}");
            }
            assert_ne!(nim_tui::puzzle::answer(&game, &position), Some(true), "{kind} {heaps:?}");
        }
    }
}
