//! Undo and redo: the player's move goes back with the AI's reply, redo brings both again, and a
//! new move ends what can be redone.

use nim_tui::app::{Action, App, Game, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Seat};
use nim_tui::engine::Move;

use crate::support::keys::act;

fn app(heaps: &[u64], first: First) -> App {
    App::start_now(
        GameSetup { heaps: HeapChoice::Custom(heaps.to_vec()), first, level: Level::Perfect, ..base() },
        Some(1),
    )
}

fn game(app: &App) -> &Game {
    app.game().expect("a game is on")
}

/// What undo and redo must restore exactly.
fn state(app: &App) -> (Vec<u64>, Seat, Vec<(Seat, Move)>) {
    let g = game(app);
    (g.position().heaps().to_vec(), g.turn(), g.moves().to_vec())
}

/// The player takes one token from the selected heap, and the AI replies.
fn exchange(app: &mut App) {
    act(app, Action::TakeOne);
    act(app, Action::Take);
    app.update(Msg::AiMove);
}

#[test]
fn undo_and_redo_round_trip() {
    let mut app = app(&[5, 7, 9, 11], First::You);
    let mut states = vec![state(&app)];
    for _ in 0..3 {
        exchange(&mut app);
        states.push(state(&app));
    }
    assert_eq!(game(&app).moves().len(), 6);
    for expected in states.iter().rev().skip(1) {
        act(&mut app, Action::Undo);
        assert_eq!(&state(&app), expected);
    }
    assert!(game(&app).used_undo);
    for expected in states.iter().skip(1) {
        act(&mut app, Action::Redo);
        assert_eq!(&state(&app), expected);
    }
    // Nothing left to redo.
    act(&mut app, Action::Redo);
    assert_eq!(&state(&app), states.last().unwrap());
}

#[test]
fn undo_at_the_start_does_nothing() {
    let mut app = app(&[3, 4, 5], First::You);
    let before = state(&app);
    act(&mut app, Action::Undo);
    assert_eq!(state(&app), before);
    assert!(!game(&app).used_undo);

    // The AI moved first: there is no move of the player's to take back.
    let mut app = self::app(&[3, 4, 5], First::Ai);
    app.update(Msg::AiMove);
    let before = state(&app);
    act(&mut app, Action::Undo);
    assert_eq!(state(&app), before);
}

#[test]
fn redo_after_a_new_move_does_nothing() {
    let mut app = app(&[5, 7, 9], First::You);
    exchange(&mut app);
    act(&mut app, Action::Undo);
    act(&mut app, Action::Down);
    act(&mut app, Action::TakeAll);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    let after = state(&app);
    act(&mut app, Action::Redo);
    assert_eq!(state(&app), after);
}

#[test]
fn undo_during_the_ai_pause_cancels_the_reply() {
    let mut app = app(&[5, 7, 9], First::You);
    let before = state(&app);
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::Take);
    assert!(app.ai_waiting());
    act(&mut app, Action::Undo);
    assert!(!app.ai_waiting());
    assert_eq!(state(&app), before);
    assert!(game(&app).pending.is_none());
    // Redo plays the player's move again, and the AI's pause begins again.
    act(&mut app, Action::Redo);
    assert!(app.ai_waiting());
    assert_eq!(game(&app).moves().len(), 1);
}

#[test]
fn used_undo_is_saved_and_restored() {
    let mut app = app(&[5, 7, 9], First::You);
    exchange(&mut app);
    exchange(&mut app);
    act(&mut app, Action::Undo);
    let g = game(&app);
    let saved = nim_tui::domain::SavedGame::of(g.history(), &g.players, g.level, g.used_undo, 0, None);
    assert!(saved.used_undo);
    let resumed = nim_tui::app::resumed(&saved, rand::SeedableRng::seed_from_u64(0)).expect("it replays");
    assert!(resumed.used_undo);
}

#[test]
fn history_toggles() {
    let mut app = app(&[3, 4, 5], First::You);
    act(&mut app, Action::History);
    assert!(app.panels.history);
    act(&mut app, Action::History);
    assert!(!app.panels.history);
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}
