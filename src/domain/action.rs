//! What a player can ask for. Keys are data: the keymap turns a key press into an `Action`, and
//! `App::update` is the only place an `Action` has an effect.

use serde::{Deserialize, Serialize};

/// A rebindable command. The names are the keys of the config's `[keys]` table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Select the heap above (empty heaps are skipped); on menus, the entry above.
    Up,
    /// Select the heap below; on menus, the entry below.
    Down,
    /// Take one token less.
    Less,
    /// Take one token more.
    More,
    /// Take a single token.
    TakeOne,
    /// Take the whole heap.
    TakeAll,
    /// Play the chosen move; on menus, choose the entry.
    Take,
    /// Erase the last typed digit of the count.
    Erase,
    /// Show the optimal move with its reason, and preselect it.
    Hint,
    /// Back to the start screen for a new game.
    NewGame,
    /// Show or hide the list of keys.
    Help,
    /// Close an overlay, or quit.
    Quit,
    /// Show or hide the binary view: the heaps in binary and the nim-sum.
    Binary,
    /// Turn the coach on or off: a verdict on each of the player's moves.
    Coach,
    /// Open the lesson on the game's theory: Nim's, or Sprague-Grundy's for the games valued by
    /// Grundy numbers.
    Lesson,
    /// After a game: show or hide the review of every move.
    Review,
    /// Take back the player's last move and the AI's reply.
    Undo,
    /// Play again what the last undo took back.
    Redo,
    /// Show or hide the list of moves beside the board.
    History,
    /// After a game: save its record to a text file.
    Record,
    /// Give up the game in progress (asks first; counts as a loss).
    Resign,
    /// Switch the kind of move, in the games that have two: the same number from both heaps
    /// (Wythoff), splitting the heap (Lasker), one pin or two (Kayles).
    Switch,
    /// On the teacher's console of the classroom server: start a class tournament (or end the
    /// one running). The game itself does nothing with it.
    Tournament,
}

impl Action {
    /// Every action, in the order the help overlay lists them.
    pub const ALL: [Action; 23] = [
        Action::Up,
        Action::Down,
        Action::Less,
        Action::More,
        Action::TakeOne,
        Action::TakeAll,
        Action::Switch,
        Action::Take,
        Action::Erase,
        Action::Hint,
        Action::Undo,
        Action::Redo,
        Action::NewGame,
        Action::History,
        Action::Binary,
        Action::Coach,
        Action::Lesson,
        Action::Review,
        Action::Record,
        Action::Resign,
        Action::Help,
        Action::Quit,
        Action::Tournament,
    ];

    /// The name used in the config's `[keys]` table.
    pub fn name(self) -> &'static str {
        match self {
            Action::Up => "up",
            Action::Down => "down",
            Action::Less => "less",
            Action::More => "more",
            Action::TakeOne => "take_one",
            Action::TakeAll => "take_all",
            Action::Take => "take",
            Action::Erase => "erase",
            Action::Hint => "hint",
            Action::NewGame => "new_game",
            Action::Help => "help",
            Action::Quit => "quit",
            Action::Binary => "binary",
            Action::Coach => "coach",
            Action::Lesson => "lesson",
            Action::Review => "review",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::History => "history",
            Action::Record => "record",
            Action::Resign => "resign",
            Action::Switch => "switch",
            Action::Tournament => "tournament",
        }
    }

    /// What the action does, in `lang` (the man page asks for it in English).
    pub fn describe(self, lang: crate::i18n::Language) -> &'static str {
        crate::i18n::label(
            lang,
            match self {
                Action::Up => "action-up",
                Action::Down => "action-down",
                Action::Less => "action-less",
                Action::More => "action-more",
                Action::TakeOne => "action-take-one",
                Action::TakeAll => "action-take-all",
                Action::Take => "action-take",
                Action::Erase => "action-erase",
                Action::Hint => "action-hint",
                Action::NewGame => "action-new-game",
                Action::Help => "action-help",
                Action::Quit => "action-quit",
                Action::Binary => "action-binary",
                Action::Coach => "action-coach",
                Action::Lesson => "action-lesson",
                Action::Review => "action-review",
                Action::Undo => "action-undo",
                Action::Redo => "action-redo",
                Action::History => "action-history",
                Action::Record => "action-record",
                Action::Resign => "action-resign",
                Action::Switch => "action-switch",
                Action::Tournament => "action-tournament",
            },
        )
    }
}
