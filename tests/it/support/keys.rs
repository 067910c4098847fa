//! Keys as the app gets them, without a terminal: an action, several, or typed text.

use nim_tui::app::{Action, App, Effect, Msg};

/// The app takes `action`, as if its key were pressed.
pub fn act(app: &mut App, action: Action) -> Effect {
    app.update(Msg::action(action))
}

/// The app takes each of `actions` in turn.
pub fn acts(app: &mut App, actions: &[Action]) {
    for &action in actions {
        act(app, action);
    }
}

/// Types `text` a character at a time; typing never asks the program around the app for anything.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        assert_eq!(app.update(Msg::char(c)), Effect::None, "typing {c:?}");
    }
}

/// Plays the game on to its end: the person takes the move chosen (`Enter`), the AI answers, in
/// turn, until the game is over.
pub fn play_out(app: &mut App) {
    while app.game().is_some_and(|g| g.over.is_none()) {
        if app.ai_waiting() {
            app.update(Msg::AiMove);
        } else {
            act(app, Action::Take);
        }
    }
}
