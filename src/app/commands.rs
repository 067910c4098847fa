//! Commands: what a screen offers now. The key line and the help overlay are both drawn from a
//! screen's list, so they always show the keys that work in front of the player, as configured.

use crate::domain::Action;
use crate::i18n::{self, Language};

/// One command of a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Command {
    pub action: Action,
    /// What it does here, as the help lists it: a message id (of `play.ftl`), written in the
    /// viewer's language when drawn ([`Command::label`]).
    pub label: &'static str,
    /// The few words the key line shows, for the commands it shows: a message id, written when
    /// drawn ([`Command::short`]).
    pub short: Option<&'static str>,
    /// Whether it does anything right now (an undo with nothing to undo does not).
    pub enabled: bool,
    /// A text field has the focus and takes what is typed: the command's keys that type a
    /// character (a letter, a sign, Space) go into the field, so only its other keys (arrows,
    /// Enter, Esc...) give it, and only those are shown.
    pub typing: bool,
}

impl Command {
    /// A command the help lists, described by the message `label` (an id of `play.ftl`).
    pub const fn new(action: Action, label: &'static str) -> Command {
        Command { action, label, short: None, enabled: true, typing: false }
    }

    /// The same command, shown on the key line too as the message `short`.
    pub const fn bar(self, short: &'static str) -> Command {
        Command { short: Some(short), ..self }
    }

    /// What it does, as the help lists it, in `language`.
    pub fn label(&self, language: Language) -> &'static str {
        i18n::label(language, self.label)
    }

    /// The few words the key line shows, in `language`, if it is shown there.
    pub fn short(&self, language: Language) -> Option<&'static str> {
        self.short.map(|id| i18n::label(language, id))
    }

    /// The same command, enabled only when `enabled`.
    pub const fn when(self, enabled: bool) -> Command {
        Command { enabled, ..self }
    }

    /// The same command, given only by keys that type no character while `typing` (see
    /// [`Command::typing`]).
    pub const fn typing(self, typing: bool) -> Command {
        Command { typing, ..self }
    }
}

/// The commands of the help overlay itself.
pub fn help() -> Vec<Command> {
    vec![
        Command::new(Action::Up, "keys-scroll-up").bar("keys-scroll"),
        Command::new(Action::Down, "keys-scroll-down"),
        Command::new(Action::More, "keys-the-rules-of-the-game").bar("keys-rules"),
        Command::new(Action::Help, "keys-close-the-help").bar("keys-close"),
        Command::new(Action::Quit, "keys-close-the-help"),
    ]
}

/// The commands of the rules page.
pub fn rules() -> Vec<Command> {
    vec![
        Command::new(Action::Less, "keys-back-to-the-keys").bar("keys-keys"),
        Command::new(Action::Help, "keys-close").bar("keys-close"),
        Command::new(Action::Quit, "keys-close"),
    ]
}

/// The commands of a confirmation.
pub fn confirm() -> Vec<Command> {
    vec![
        Command::new(Action::Take, "keys-yes-or-y").bar("keys-yes"),
        Command::new(Action::Quit, "keys-no-or-n").bar("keys-no"),
    ]
}
