//! Colours and glyphs the board is drawn with. Themes are data (see `assets/themes/`); this is the
//! typed form the view reads.

use std::collections::BTreeMap;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The title art for the start screen: "NIM", 6 lines of 26 columns.
pub const TITLE: &str = include_str!("../assets/title.txt");

/// The themes that ship with the game, by the name `theme = "..."` uses. Embedded, so no files are
/// needed at run time.
pub const BUILTIN: [(&str, &str); 3] = [
    ("default", include_str!("../assets/themes/default.toml")),
    ("high-contrast", include_str!("../assets/themes/high-contrast.toml")),
    ("mono", include_str!("../assets/themes/mono.toml")),
];

/// The theme used when the NO_COLOR environment variable is set.
pub const NO_COLOUR_THEME: &str = "mono";

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

/// Why a theme file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("theme '{name}': {message}")]
    Toml { name: String, message: String },
    #[error(
        "theme '{name}': '{field}' is '{value}', which is not a colour: expected a name such as \"cyan\" or \"dark-gray\", a palette index 0-255, or \"#rrggbb\""
    )]
    Colour { name: String, field: String, value: String },
}

/// A theme file: every field of `Theme` but the name, colours as text. Unknown fields land in
/// `colours` and are refused by `Theme::parse` (serde's deny_unknown_fields cannot go with flatten).
#[derive(Debug, Deserialize)]
struct ThemeFile {
    colour: bool,
    #[serde(flatten)]
    colours: BTreeMap<String, String>,
}

impl Theme {
    /// The names of the shipped themes, for messages and menus.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// A shipped theme by name, or `None` for a name that is not one.
    pub fn builtin(name: &str) -> Option<Theme> {
        let (name, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        // The shipped themes are checked by `every_shipped_theme_parses` below.
        Some(Theme::parse(name, text).expect("a shipped theme file is valid"))
    }

    /// The theme to draw with: `name`, unless NO_COLOR is set to anything but the empty string
    /// (<https://no-color.org>), which asks for no colour whatever the config says.
    pub fn select(name: &str, no_color: Option<&std::ffi::OsStr>) -> Option<Theme> {
        let wants_no_colour = no_color.is_some_and(|v| !v.is_empty());
        let theme = Theme::builtin(name)?;
        if wants_no_colour && theme.colour { Theme::builtin(NO_COLOUR_THEME) } else { Some(theme) }
    }

    /// Reads a theme file: `colour = true|false` and one colour per field.
    pub fn parse(name: &str, text: &str) -> Result<Theme, ThemeError> {
        let toml_err = |message: String| ThemeError::Toml { name: name.to_string(), message };
        let file: ThemeFile = toml::from_str(text).map_err(|e| toml_err(e.message().to_string()))?;
        let mut colours = file.colours;
        let mut take = |field: &str| -> Result<Color, ThemeError> {
            let value = colours.remove(field).ok_or_else(|| toml_err(format!("missing colour '{field}'")))?;
            value.parse().map_err(|_| ThemeError::Colour {
                name: name.to_string(),
                field: field.to_string(),
                value: value.clone(),
            })
        };
        let theme = Theme {
            name: name.to_string(),
            colour: file.colour,
            text: take("text")?,
            dim: take("dim")?,
            accent: take("accent")?,
            token: take("token")?,
            marked: take("marked")?,
            selected: take("selected")?,
            you: take("you")?,
            ai: take("ai")?,
            hint: take("hint")?,
            error: take("error")?,
        };
        if let Some(field) = colours.keys().next() {
            return Err(toml_err(format!("unknown field '{field}'")));
        }
        Ok(theme)
    }

    /// A style in `colour`, or plain text when the theme has no colour.
    pub fn fg(&self, colour: Color) -> Style {
        if self.colour { Style::new().fg(colour) } else { Style::new() }
    }

    /// A style that stands out even without colour.
    pub fn strong(&self, colour: Color) -> Style {
        self.fg(colour).add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_theme_parses() {
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            assert_eq!(theme.name, name);
        }
        assert!(!Theme::builtin("mono").unwrap().colour);
        assert!(Theme::builtin("high-contrast").unwrap().colour);
    }

    #[test]
    fn every_theme_file_is_shipped() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/themes");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap();
            let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name).expect("listed in BUILTIN");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), *text);
            Theme::parse(name, text).unwrap();
        }
    }

    #[test]
    fn default_file_matches_default_theme() {
        assert_eq!(Theme::builtin("default").unwrap(), Theme::default());
    }

    #[test]
    fn no_color_picks_mono() {
        use std::ffi::OsStr;
        assert_eq!(Theme::select("default", Some(OsStr::new("1"))).unwrap().name, "mono");
        assert_eq!(Theme::select("high-contrast", Some(OsStr::new("yes"))).unwrap().name, "mono");
        // An empty NO_COLOR does not count, as no-color.org says.
        assert_eq!(Theme::select("default", Some(OsStr::new(""))).unwrap().name, "default");
        assert_eq!(Theme::select("high-contrast", None).unwrap().name, "high-contrast");
        assert_eq!(Theme::select("nope", None), None);
    }

    #[test]
    fn bad_theme_files_are_refused() {
        let ok = BUILTIN[0].1;
        let bad = ok.replace("\"cyan\"", "\"cyna\"");
        assert!(matches!(Theme::parse("x", &bad), Err(ThemeError::Colour { .. })));
        let missing = ok.replace("error = \"red\"", "");
        assert!(Theme::parse("x", &missing).unwrap_err().to_string().contains("missing colour 'error'"));
        let extra = format!("{ok}\nglow = \"red\"\n");
        assert!(Theme::parse("x", &extra).unwrap_err().to_string().contains("unknown field 'glow'"));
    }

    #[test]
    fn title_fits() {
        assert!(TITLE.lines().count() <= 6);
        assert!(TITLE.lines().all(|l| l.chars().count() <= 40));
    }
}
