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
