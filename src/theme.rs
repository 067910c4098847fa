//! Colours and glyphs the board is drawn with. Themes are data (see `assets/themes/`); this is the
//! typed form the view reads.

use ratatui::style::{Color, Modifier, Style};

/// Everything the view needs to know about how things look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    /// Whether colours are used at all; without them, meaning is carried by glyphs and modifiers.
    pub colour: bool,
    /// Ordinary text.
    pub text: Color,
    /// Secondary text: hints about keys, counts, the rule line.
    pub dim: Color,
    /// Titles and frames.
    pub accent: Color,
    /// Tokens left on a heap.
    pub token: Color,
    /// Tokens the chosen move would take.
    pub marked: Color,
    /// The selected heap's number and row marker.
    pub selected: Color,
    /// The player's side: "Your turn", "You win!".
    pub you: Color,
    /// The AI's side: its moves, "You lose".
    pub ai: Color,
    /// Hints and explanations.
    pub hint: Color,
    /// Errors and refusals.
    pub error: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            name: "default".into(),
            colour: true,
            text: Color::Reset,
            dim: Color::DarkGray,
            accent: Color::Cyan,
            token: Color::Yellow,
            marked: Color::Red,
            selected: Color::Cyan,
            you: Color::Green,
            ai: Color::Magenta,
            hint: Color::Blue,
            error: Color::Red,
        }
    }
}

impl Theme {
    /// A style in `colour`, or plain text when the theme has no colour.
    pub fn fg(&self, colour: Color) -> Style {
        if self.colour { Style::new().fg(colour) } else { Style::new() }
    }

    /// A style that stands out even without colour.
    pub fn strong(&self, colour: Color) -> Style {
        self.fg(colour).add_modifier(Modifier::BOLD)
    }
}
