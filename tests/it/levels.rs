//! The AI's levels: perfect never errs, the weaker ones err at their stated odds, and a seeded game
//! replays exactly.

use nim_tui::app::{App, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, level_move};
use nim_tui::engine::{Mode, Move, Nim, Position, Ruleset};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_position(rng: &mut StdRng, most: u64) -> Position {
    let count = rng.random_range(1..=6);
    Position::new((0..count).map(|_| rng.random_range(0..=most)).collect())
}

#[test]
fn perfect_never_errs() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    for mode in [Mode::Normal, Mode::Misere] {
        let rules = Nim::new(mode);
        for _ in 0..5000 {
            let position = random_position(&mut rng, 20);
            if position.is_over() || !rules.analyse(&position).is_win() {
                continue;
            }
            let mv =
                level_move(&Ruleset::nim(mode).game(), &position, Level::Perfect, &mut rng).expect("a move");
            let mv = mv.as_take().expect("Nim moves take from one heap");
            let after = position.after(mv).expect("a legal move");
            assert!(!rules.analyse(&after).is_win(), "perfect played {mv} from {position} ({mode})");
            checked += 1;
        }
    }
    assert!(checked > 4000, "only {checked} winning positions");
}

/// How often each level gives a winning position away, against what its odds predict: a random
/// move errs unless it happens to be one of the winning moves.
fn error_rate(level: Level) -> (f64, f64) {
    let rules = Nim::new(Mode::Normal);
    let mut rng = StdRng::seed_from_u64(level as u64 + 11);
    let (mut errors, mut expected, mut n) = (0.0, 0.0, 0.0);
    while n < 20_000.0 {
        let position = random_position(&mut rng, 30);
        let analysis = rules.analyse(&position);
        if position.is_over() || !analysis.is_win() {
            continue;
        }
        let mv = level_move(&Ruleset::nim(Mode::Normal).game(), &position, level, &mut rng).expect("a move");
        let mv = mv.as_take().expect("Nim moves take from one heap");
        position.check(mv).expect("a legal move");
        if !analysis.is_winning_move(position.heaps(), mv) {
            errors += 1.0;
        }
        let total = position.tokens() as f64;
        expected += level.random_odds() * (1.0 - analysis.move_count() as f64 / total);
        n += 1.0;
    }
    (errors / n, expected / n)
}

#[test]
fn weaker_levels_err_at_their_stated_rate() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let (observed, expected) = error_rate(level);
        assert!((observed - expected).abs() < 0.02, "{level}: erred {observed:.3}, expected {expected:.3}");
    }
    assert!(error_rate(Level::Easy).0 > 0.5);
    assert_eq!(error_rate(Level::Perfect).0, 0.0);
}

/// Plays a whole game with the AI moving first against itself-less input: the player always takes
/// one token from the first heap that has any.
fn seeded_game(seed: u64, level: Level) -> Vec<(nim_tui::domain::Seat, Move)> {
    let setup = GameSetup {
        heaps: HeapChoice::Custom(vec![9, 12, 15, 7]),
        first: First::Ai,
        level,
        ..nim_tui::config::Settings::default().setup()
    };
    let mut app = App::start_now(setup, Some(seed));
    for _ in 0..200 {
        let game = app.game().expect("playing");
        if game.over.is_some() {
            break;
        }
        if game.your_turn() {
            app.update(Msg::action(nim_tui::app::Action::TakeOne));
            app.update(Msg::action(nim_tui::app::Action::Take));
        } else {
            app.update(Msg::AiMove);
        }
    }
    app.game().expect("playing").moves().to_vec()
}

#[test]
fn a_seeded_game_replays_exactly() {
    assert_eq!(seeded_game(3, Level::Easy), seeded_game(3, Level::Easy));
    let games: std::collections::HashSet<_> = (0..10).map(|s| seeded_game(s, Level::Easy)).collect();
    assert!(games.len() > 1, "easy should not play the same game for every seed");
}
