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
        GameKind::Staircase => game_tree::Game::Staircase,
        GameKind::TurningTurtles => game_tree::Game::Coins { most: 2 },
        GameKind::MockTurtles => game_tree::Game::Coins { most: 3 },
        GameKind::Ruler => game_tree::Game::Ruler,
        GameKind::Euclid => game_tree::Game::Euclid,
        GameKind::Octal(code) => game_tree::Game::Octal((1..=code.most()).map(|k| code.digit(k)).collect()),
        GameKind::Nim => return None,
        // Northcott's game is partisan (its position carries the mover): its exhaustive search
        // is the engine's own, crates/nim-engine/tests/northcott.rs, from the rules alone.
        GameKind::Northcott => return None,
        // Turning Corners' heads are pairs of numbers: its exhaustive search from the rules is
        // the engine's own, crates/nim-engine/tests/corners.rs.
        GameKind::Corners => return None,
        // Green Hackenbush's position encodes trees: its exhaustive search, from the rules alone,
        // is the engine's own, crates/nim-engine/tests/hackenbush.rs (every forest of up to 9 edges).
        GameKind::Hackenbush => return None,
        // GameKind is #[non_exhaustive]: a new game reaches this test through GameKind::ALL and
        // fails here until it has a model.
        other => panic!("{other:?} has no brute-force model in this test: add one"),
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
fn nim_puzzles_are_read_in_binary() {
    for difficulty in Difficulty::ALL {
        for number in 1..=10 {
            let id = PuzzleId { seed: 42, number, difficulty };
            let puzzle = id.puzzle_of(GameKind::Nim);
            assert_eq!(puzzle.game, GameKind::Nim);
            assert_eq!(nim_tui::engine::analyse(&puzzle.heaps, puzzle.mode).move_count(), 1, "{puzzle:?}");
        }
    }
}

/// What each seed deals, written down once from the generator: a shared puzzle ("seed 42, puzzle
/// 3") and the day's puzzle must be the same in every later version, whatever rand does. A change
/// here renumbers every shared puzzle: it is never the way to make this test pass.
#[test]
fn seeds_deal_the_same_puzzles_for_ever() {
    let mut seen = Vec::new();
    let mut kinds: Vec<GameKind> = GameKind::ALL.to_vec();
    kinds.extend((2..=8).map(GameKind::Moore));
    kinds.extend(["21", "bachet", "subtraction:2,5,7"].iter().map(|name| name.parse::<GameKind>().unwrap()));
    for kind in kinds {
        for (seed, number, difficulty) in [
            (1, 1, Difficulty::Medium),
            (42, 3, Difficulty::Medium),
            (2026, 1, Difficulty::Easy),
            (7, 9, Difficulty::Hard),
        ] {
            let puzzle = PuzzleId { seed, number, difficulty }.puzzle_of(kind);
            let heaps: Vec<String> = puzzle.heaps.iter().map(u64::to_string).collect();
            seen.push(format!(
                "{} {seed} {number} {difficulty}: {} {}",
                kind.name(),
                puzzle.mode,
                heaps.join(",")
            ));
        }
    }
    for day in [0, 20_000, 20_417] {
        let puzzle = PuzzleId::daily(day).puzzle_of(GameKind::Nim);
        let heaps: Vec<String> = puzzle.heaps.iter().map(u64::to_string).collect();
        seen.push(format!("daily {day}: {} {}", puzzle.mode, heaps.join(",")));
    }
    let expected: &[&str] = &[
        "nim 1 1 medium: normal 1,13,12,4,7",
        "nim 42 3 medium: misere 12,1,11,3",
        "nim 2026 1 easy: normal 2,5,5",
        "nim 7 9 hard: misere 1,9,1",
        "moore:2 1 1 medium: normal 15,8,2",
        "moore:2 42 3 medium: misere 5,5,13",
        "moore:2 2026 1 easy: normal 4,3,3",
        "moore:2 7 9 hard: misere 2,4,26,31",
        "subtraction:1,2,3 1 1 medium: normal 10,1",
        "subtraction:1,2,3 42 3 medium: normal 7,2",
        "subtraction:1,2,3 2026 1 easy: normal 2,11",
        "subtraction:1,2,3 7 9 hard: normal 1,1,22",
        "lasker 1 1 medium: normal 6,1,9",
        "lasker 42 3 medium: normal 4,2,3",
        "lasker 2026 1 easy: normal 5,1",
        "lasker 7 9 hard: normal 1,19,9",
        // Kayles has a misère form since misère Kayles came (#38): its draws changed then.
        "kayles 1 1 medium: normal 2,2,1",
        "kayles 42 3 medium: normal 4,9,5",
        "kayles 2026 1 easy: normal 2,2,1",
        "kayles 7 9 hard: normal 7,12,2",
        "dawson 1 1 medium: normal 14,13,4",
        "dawson 42 3 medium: normal 5,4",
        "dawson 2026 1 easy: normal 4,7,3",
        "dawson 7 9 hard: normal 9,14,1,1",
        "wythoff 1 1 medium: normal 14,2",
        "wythoff 42 3 medium: normal 1,28",
        "wythoff 2026 1 easy: normal 6,4",
        "wythoff 7 9 hard: normal 91,19",
        "fibonacci 1 1 medium: normal 47",
        "fibonacci 42 3 medium: normal 6",
        "fibonacci 2026 1 easy: normal 14",
        "fibonacci 7 9 hard: normal 143",
        "staircase 1 1 medium: normal 7,6,3",
        "staircase 42 3 medium: normal 9,7,2,2",
        "staircase 2026 1 easy: normal 3,3",
        "staircase 7 9 hard: normal 14,20,1,6",
        "turtles 1 1 medium: normal 8,12,9,13,16",
        "turtles 42 3 medium: normal 4,11,5,3",
        "turtles 2026 1 easy: normal 8,6,3,7",
        "turtles 7 9 hard: normal 2,21,13,40",
        "mock-turtles 1 1 medium: normal 7,4,20,6",
        "mock-turtles 42 3 medium: normal 5,18,17,4",
        "mock-turtles 2026 1 easy: normal 9,2,10,5",
        "mock-turtles 7 9 hard: normal 30,7,36,17,13,22",
        "ruler 1 1 medium: normal 7,16,9",
        "ruler 42 3 medium: normal 16,8,12,11,15",
        "ruler 2026 1 easy: normal 3,8,6",
        "ruler 7 9 hard: normal 32,4,29,10",
        "euclid 1 1 medium: normal 11,18",
        "euclid 42 3 medium: normal 73,39",
        "euclid 2026 1 easy: normal 2,9",
        "euclid 7 9 hard: normal 8657,1589",
        "octal:0.53 1 1 medium: normal 8,4,2",
        "octal:0.53 42 3 medium: normal 6,9",
        "octal:0.53 2026 1 easy: normal 9,9,1",
        "octal:0.53 7 9 hard: normal 15,10,6",
        "northcott 1 1 medium: normal 1,3,3,10,3,8,8,3,6,19,3,17",
        "northcott 42 3 medium: normal 1,3,3,15,3,13,15,3,13,20,3,18,16,3,14",
        "northcott 2026 1 easy: normal 1,3,3,9,3,7,10,3,8,10,3,8",
        "northcott 7 9 hard: normal 1,3,3,37,3,35,7,3,5,7,3,5,17,3,15",
        "corners 1 1 medium: normal 2,4,2,5,6,7",
        "corners 42 3 medium: normal 2,2,4,4,6,7",
        "corners 2026 1 easy: normal 5,2,6,4",
        "corners 7 9 hard: normal 4,2,6,4",
        "hackenbush 1 1 medium: normal 1000000000000000000,2,3,2,1,2,1,1000000000000000000,1,3,1,1,2,1,8",
        "hackenbush 42 3 medium: normal 1000000000000000000,1,3,3,1,3,1,2,1000000000000000000,1,3,3,1,4,1",
        "hackenbush 2026 1 easy: normal 1000000000000000000,2,3,2,1,2,1,1",
        "hackenbush 7 9 hard: normal 1000000000000000000,2,3,2,1,2,1,3,5",
        "moore:2 1 1 medium: normal 15,8,2",
        "moore:2 42 3 medium: misere 5,5,13",
        "moore:2 2026 1 easy: normal 4,3,3",
        "moore:2 7 9 hard: misere 2,4,26,31",
        "moore:3 1 1 medium: misere 8,14,5,2",
        "moore:3 42 3 medium: normal 3,15,10,5",
        "moore:3 2026 1 easy: normal 1,4,3,2",
        "moore:3 7 9 hard: misere 9,22,15,13",
        "moore:4 1 1 medium: misere 8,5,2,12,14,12",
        "moore:4 42 3 medium: normal 6,13,2,8,15",
        "moore:4 2026 1 easy: normal 6,7,5,4,3",
        "moore:4 7 9 hard: normal 13,18,8,3,15,24",
        "moore:5 1 1 medium: normal 12,11,7,15,12,4",
        "moore:5 42 3 medium: normal 11,13,5,1,11,13",
        "moore:5 2026 1 easy: normal 7,6,7,7,1,5",
        "moore:5 7 9 hard: misere 23,26,11,19,27,6",
        "moore:6 1 1 medium: normal 15,11,8,11,4,4,3,13",
        "moore:6 42 3 medium: normal 9,4,12,3,8,10,5",
        "moore:6 2026 1 easy: normal 7,3,1,7,2,2,3",
        "moore:6 7 9 hard: misere 7,20,6,8,10,26,14",
        "moore:7 1 1 medium: normal 12,10,9,6,14,2,7,1,4",
        "moore:7 42 3 medium: normal 13,8,2,13,14,3,12,1",
        "moore:7 2026 1 easy: normal 4,4,4,1,4,2,4,5",
        "moore:7 7 9 hard: normal 16,17,11,28,24,30,21,1",
        "moore:8 1 1 medium: normal 4,1,6,14,11,1,5,7,15",
        "moore:8 42 3 medium: normal 1,10,13,5,1,9,3,11,15",
        "moore:8 2026 1 easy: normal 1,3,2,6,4,5,7,3,6",
        "moore:8 7 9 hard: misere 24,29,27,4,12,6,8,10,4",
        "subtraction:1,2,3 1 1 medium: normal 10,1",
        "subtraction:1,2,3 42 3 medium: normal 7,2",
        "subtraction:1,2,3 2026 1 easy: normal 2,11",
        "subtraction:1,2,3 7 9 hard: normal 1,1,22",
        "subtraction:1,2,3,4,5,6,7,8,9,10 1 1 medium: normal 32,6,34",
        "subtraction:1,2,3,4,5,6,7,8,9,10 42 3 medium: normal 24,37,20",
        "subtraction:1,2,3,4,5,6,7,8,9,10 2026 1 easy: normal 3,30",
        "subtraction:1,2,3,4,5,6,7,8,9,10 7 9 hard: normal 42,50,62",
        "subtraction:2,5,7 1 1 medium: normal 7,23",
        "subtraction:2,5,7 42 3 medium: normal 30,30,24",
        "subtraction:2,5,7 2026 1 easy: normal 9",
        "subtraction:2,5,7 7 9 hard: normal 1,20,15",
        "daily 0: misere 9,6,11,11,11",
        "daily 20000: normal 2,11,1,1",
        "daily 20417: normal 5,6,13,12",
    ];
    assert_eq!(seen, expected);
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
                let promise = nim_tui::puzzle::promise(nim_tui::i18n::Language::English, &game, &position);
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
