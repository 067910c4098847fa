//! Colours and glyphs the board is drawn with. Themes are data (see `assets/themes/`); this is the
//! typed form the view reads, the choice of a theme for the terminal's background (`theme =
//! "auto"`), the glyph sets (Unicode, or ASCII where the locale is not UTF-8), and the reference
//! palette the themes are measured against.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use serde::Deserialize;

/// The title art for the start screen: "NIM", 6 lines of 26 columns.
pub const TITLE: &str = include_str!("../assets/title.txt");

/// The themes that ship with the game, by the name `theme = "..."` uses. Embedded, so no files are
/// needed at run time.
pub const BUILTIN: [(&str, &str); 5] = [
    ("dark", include_str!("../assets/themes/dark.toml")),
    ("light", include_str!("../assets/themes/light.toml")),
    ("high-contrast", include_str!("../assets/themes/high-contrast.toml")),
    ("high-contrast-light", include_str!("../assets/themes/high-contrast-light.toml")),
    ("mono", include_str!("../assets/themes/mono.toml")),
];

/// Older names still accepted in config files, and the theme each now means.
pub const ALIASES: [(&str, &str); 1] = [("default", "dark")];

/// The setting that picks `dark` or `light` from the terminal's background.
pub const AUTO: &str = "auto";

/// The theme used when the NO_COLOR environment variable is set.
pub const NO_COLOUR_THEME: &str = "mono";

/// The background a theme is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Background {
    Dark,
    Light,
    /// Any background: the theme uses only the terminal's own colours (`mono`).
    Any,
}

impl Background {
    /// The background `COLORFGBG` describes (`"15;0"`, `"0;default;15"`, set by rxvt, Konsole and
    /// others): its last field is the background's palette index, 0-6 or 8 dark, 7 or 9-15 light.
    pub fn from_colorfgbg(value: &str) -> Option<Background> {
        let index: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
        match index {
            0..=6 | 8 => Some(Background::Dark),
            7 | 9..=15 => Some(Background::Light),
            _ => None,
        }
    }

    /// The background of a terminal whose text and background colours are `foreground` and
    /// `background` (16 bits a channel, as terminals answer): dark when the background is darker
    /// than the text, light when it is lighter, and for a tie light when the background is lighter
    /// than middle grey (terminal-colorsaurus's rule). Lightness is compared as the luma of the
    /// gamma-encoded channels, which orders a text colour and a background as their lightness does
    /// and needs no floating-point maths (whose library would cost the process 300 KiB).
    pub fn of_terminal(foreground: [u16; 3], background: [u16; 3]) -> Background {
        let luma = |[r, g, b]: [u16; 3]| 2126 * u64::from(r) + 7152 * u64::from(g) + 722 * u64::from(b);
        let (text, back) = (luma(foreground), luma(background));
        let middle = 10_000 * u64::from(u16::MAX) / 2;
        if back < text || back == text && back <= middle { Background::Dark } else { Background::Light }
    }

    /// The background to draw for: what the terminal answered, else what `COLORFGBG` says, else
    /// dark (most terminals' default, and the safer guess: the dark themes' colours are bright).
    pub fn detect(answered: Option<Background>, colorfgbg: Option<&OsStr>) -> Background {
        answered
            .or_else(|| colorfgbg.and_then(OsStr::to_str).and_then(Background::from_colorfgbg))
            .unwrap_or(Background::Dark)
    }
}

/// Everything the view needs to know about how things look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    /// Whether colours are used at all; without them, meaning is carried by glyphs and modifiers.
    pub colour: bool,
    /// The background the colours are chosen for (and measured against).
    pub background: Background,
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
    /// Mistakes: a move that gave the win away, in the review and from the coach; a position
    /// already lost. Not an error of the program's or the player's keys, and never green.
    pub warning: Color,
    /// A background, not a text colour: the band through the nim-sum's odd columns in the binary
    /// view. Text and hints are drawn on it (a test measures them there too).
    pub band: Color,
}

/// The shipped theme file (its name and text) that `name` or an old alias of it names.
fn shipped_file(name: &str) -> Option<&'static (&'static str, &'static str)> {
    let name = ALIASES.iter().find(|(alias, _)| *alias == name).map_or(name, |(_, real)| *real);
    BUILTIN.iter().find(|(n, _)| *n == name)
}

impl Default for Theme {
    /// The `dark` theme, as `assets/themes/dark.toml` writes it.
    fn default() -> Self {
        static DARK: std::sync::LazyLock<Theme> = std::sync::LazyLock::new(|| {
            // The shipped themes are embedded and checked by `every_shipped_theme_parses`.
            let (name, text) = shipped_file("dark").expect("the dark theme is shipped");
            Theme::parse(name, text).expect("a shipped theme file is valid")
        });
        DARK.clone()
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
    background: Background,
    #[serde(flatten)]
    colours: BTreeMap<String, String>,
}

impl Theme {
    /// The names of the shipped themes, for messages and menus.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(name, _)| *name)
    }

    /// Every value `theme = "..."` accepts, as messages list them: `auto` and the shipped themes
    /// (the old aliases are accepted but not advertised).
    pub fn setting_names() -> impl Iterator<Item = &'static str> {
        std::iter::once(AUTO).chain(Theme::names())
    }

    /// Whether `theme = "name"` is accepted: `auto`, a shipped theme or an old alias.
    pub fn is_known(name: &str) -> bool {
        name == AUTO || shipped_file(name).is_some()
    }

    /// A shipped theme by name (or by an old alias), or `None` for a name that is not one.
    pub fn builtin(name: &str) -> Option<Theme> {
        let (name, text) = shipped_file(name)?;
        // The shipped themes are checked by `every_shipped_theme_parses` below.
        Some(Theme::parse(name, text).expect("a shipped theme file is valid"))
    }

    /// The theme to draw with: `name`, unless NO_COLOR is set to anything but the empty string
    /// (<https://no-color.org>), which asks for no colour whatever the config says. For `auto`,
    /// `background` is asked which background the terminal has (and only then: asking may mean a
    /// round trip to the terminal).
    pub fn select(
        name: &str,
        no_color: Option<&OsStr>,
        background: impl FnOnce() -> Background,
    ) -> Option<Theme> {
        let wants_no_colour = no_color.is_some_and(|v| !v.is_empty());
        if wants_no_colour && Theme::is_known(name) {
            return Theme::builtin(NO_COLOUR_THEME);
        }
        if name == AUTO {
            return Some(Theme::for_background(background()));
        }
        let theme = Theme::builtin(name)?;
        if wants_no_colour && theme.colour { Theme::builtin(NO_COLOUR_THEME) } else { Some(theme) }
    }

    /// The theme `auto` draws with on `background`.
    pub fn for_background(background: Background) -> Theme {
        match background {
            Background::Light => Theme::builtin("light").unwrap_or_default(),
            Background::Dark | Background::Any => Theme::default(),
        }
    }

    /// Reads a theme file: `colour = true|false`, `background = "dark"|"light"|"any"` and one colour
    /// per field.
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
            background: file.background,
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
            warning: take("warning")?,
            band: take("band")?,
        };
        if let Some(field) = colours.keys().next() {
            return Err(toml_err(format!("unknown field '{field}'")));
        }
        Ok(theme)
    }

    /// Every colour of the theme by its field's name but the band's. All of them are drawn as text
    /// (or as a fill: a token, a marked token) on the terminal's background.
    pub fn colours(&self) -> [(&'static str, Color); 11] {
        [
            ("text", self.text),
            ("dim", self.dim),
            ("accent", self.accent),
            ("token", self.token),
            ("marked", self.marked),
            ("selected", self.selected),
            ("you", self.you),
            ("ai", self.ai),
            ("hint", self.hint),
            ("error", self.error),
            ("warning", self.warning),
        ]
    }

    /// The terminal's background as a colour to draw text in: black for a dark theme, white for a
    /// light one, the terminal's own for `mono`. A mark drawn in it on a fill of a theme colour
    /// stands out as much as that colour does on the background (the contrast test's ratio).
    pub fn ground(&self) -> Color {
        match (self.colour, self.background) {
            (false, _) | (_, Background::Any) => Color::Reset,
            (true, Background::Dark) => Color::Black,
            (true, Background::Light) => Color::White,
        }
    }

    /// A fill of `colour`: cells painted in it (a background colour on spaces, which meets its
    /// neighbours without a seam in every terminal, as full-block glyphs do not); without colour,
    /// reversed cells in the terminal's own text colour.
    pub fn fill(&self, colour: Color) -> Style {
        if self.colour {
            // `reset` is the terminal's text colour for text, but its background as a fill: the
            // text colour the reference measures stands in for it.
            let colour = match (colour, self.background) {
                (Color::Reset, Background::Light) => Color::Black,
                (Color::Reset, _) => Color::Gray,
                (colour, _) => colour,
            };
            Style::new().bg(colour).fg(self.ground())
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Text in `colour` on the band ([`Theme::band`]); without colour, reversed text.
    pub fn on_band(&self, style: Style) -> Style {
        if self.colour { style.bg(self.band) } else { style.add_modifier(Modifier::REVERSED) }
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

/// The reference the themes are measured against: xterm's default palette, with a black
/// background and text of e5e5e5 when dark, a white background and black text when light.
pub mod reference {
    use super::{Background, Color};

    /// An sRGB colour.
    pub type Rgb = (u8, u8, u8);

    /// xterm's 16 colours (its default `color0` to `color15` resources).
    pub const ANSI: [Rgb; 16] = [
        (0x00, 0x00, 0x00),
        (0xcd, 0x00, 0x00),
        (0x00, 0xcd, 0x00),
        (0xcd, 0xcd, 0x00),
        (0x00, 0x00, 0xee),
        (0xcd, 0x00, 0xcd),
        (0x00, 0xcd, 0xcd),
        (0xe5, 0xe5, 0xe5),
        (0x7f, 0x7f, 0x7f),
        (0xff, 0x00, 0x00),
        (0x00, 0xff, 0x00),
        (0xff, 0xff, 0x00),
        (0x5c, 0x5c, 0xff),
        (0xff, 0x00, 0xff),
        (0x00, 0xff, 0xff),
        (0xff, 0xff, 0xff),
    ];

    /// The background and the default text colour (what `reset` means) for `background`.
    /// `Any` is measured as dark here; a theme made for any background is measured on both.
    pub fn colours_of(background: Background) -> (Rgb, Rgb) {
        match background {
            Background::Dark | Background::Any => ((0, 0, 0), ANSI[7]),
            Background::Light => ((0xff, 0xff, 0xff), (0, 0, 0)),
        }
    }

    /// Palette entry `index` as xterm sets it up: the 16 colours, then a 6x6x6 cube with the
    /// levels 0, 95, 135, 175, 215, 255, then a ramp of 24 greys from 8 to 238 in steps of 10.
    pub fn indexed(index: u8) -> Rgb {
        match index {
            0..=15 => ANSI[usize::from(index)],
            16..=231 => {
                let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
                let i = index - 16;
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            _ => {
                let grey = 8 + 10 * (index - 232);
                (grey, grey, grey)
            }
        }
    }

    /// The colour `colour` is drawn in on a terminal with xterm's palette and `background`.
    pub fn rgb(colour: Color, background: Background) -> Rgb {
        let ansi = |i: usize| ANSI[i];
        match colour {
            Color::Reset => colours_of(background).1,
            Color::Black => ansi(0),
            Color::Red => ansi(1),
            Color::Green => ansi(2),
            Color::Yellow => ansi(3),
            Color::Blue => ansi(4),
            Color::Magenta => ansi(5),
            Color::Cyan => ansi(6),
            Color::Gray => ansi(7),
            Color::DarkGray => ansi(8),
            Color::LightRed => ansi(9),
            Color::LightGreen => ansi(10),
            Color::LightYellow => ansi(11),
            Color::LightBlue => ansi(12),
            Color::LightMagenta => ansi(13),
            Color::LightCyan => ansi(14),
            Color::White => ansi(15),
            Color::Indexed(i) => indexed(i),
            Color::Rgb(r, g, b) => (r, g, b),
        }
    }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    pub fn luminance((r, g, b): Rgb) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white).
    pub fn contrast(a: Rgb, b: Rgb) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// The contrast of `colour` drawn on `background`, both as xterm's palette has them.
    pub fn contrast_on(colour: Color, background: Background) -> f64 {
        contrast(rgb(colour, background), colours_of(background).0)
    }
}

/// Which glyphs to draw: `glyphs = "auto" | "unicode" | "cjk" | "ascii"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GlyphSet {
    /// Unicode where the locale is UTF-8 (see [`locale_is_utf8`]), the CJK set where that locale
    /// is also Chinese, Japanese or Korean (see [`locale_is_cjk`]), ASCII elsewhere.
    Auto,
    Unicode,
    /// Unicode without East-Asian "ambiguous" characters, for terminals that draw those two
    /// columns wide (see [`Glyphs::cjk`]).
    Cjk,
    Ascii,
}

/// The symbols the board is drawn with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyphs {
    /// A token left on a heap.
    pub token: String,
    /// A token the chosen move would take.
    pub marked: String,
    /// The mark before the chosen row or menu item.
    pub cursor: String,
    /// Stands for the tokens of a heap too long to draw (one column).
    pub overflow: String,
    /// The nim-sum's operator, between numbers: `3 ⊕ 2 = 1`, or `3 ^ 2 = 1` in ASCII.
    pub xor: String,
    /// Cuts off text that does not fit. One column in Unicode, three in ASCII (`...`): measure it.
    pub ellipsis: String,
    /// Between the entries of the key line (`·`).
    pub separator: String,
    /// Between the parts of the status line (`│`).
    pub divider: String,
    /// A horizontal rule, such as the line above the nim-sum (`─`), repeated.
    pub rule: String,
    /// Before and after a choice that the arrow keys change (`◀ 3 4 5 ▶`).
    pub previous: String,
    pub next: String,
    /// The text cursor in a field being typed in (`▏`).
    pub caret: String,
    /// A good and a bad verdict (`✓`, `✗`).
    pub check: String,
    pub cross: String,
    /// A big token's fill and a big marked token's (`█` and `▒`, or `#` and `:`), repeated.
    pub block: String,
    pub shade: String,
    /// The lines of frames (`┌─┐`, or `+-+`), for `Block::border_set`.
    pub border: border::Set<'static>,
    /// Whether these are the ASCII glyphs (borders, arrows and other symbols follow suit).
    pub ascii: bool,
    /// Whether these are the CJK glyphs: whatever else is drawn follows suit, every character of
    /// East-Asian "ambiguous" width being brought down to one that is not.
    pub cjk: bool,
}

/// Frames drawn with `+`, `-` and `|`, for terminals without box-drawing characters.
pub const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// The setting value that takes a glyph from the glyph set.
pub const AUTO_GLYPH: &str = "auto";

/// Tokens with a hollow or filled partner: the partner marks the tokens a move would take.
const GLYPH_PAIRS: [(&str, &str); 10] = [
    ("●", "○"),
    ("○", "●"),
    ("■", "□"),
    ("□", "■"),
    ("◆", "◇"),
    ("◇", "◆"),
    ("★", "☆"),
    ("☆", "★"),
    ("⬤", "◯"),
    ("◯", "⬤"),
];

impl Glyphs {
    /// The Unicode set: `● ○ ▶ ⋯ ⊕ …`.
    pub fn unicode() -> Glyphs {
        Glyphs {
            token: "●".into(),
            marked: "○".into(),
            cursor: "▶".into(),
            overflow: "⋯".into(),
            xor: "⊕".into(),
            ellipsis: "…".into(),
            separator: "·".into(),
            divider: "│".into(),
            rule: "─".into(),
            previous: "◀".into(),
            next: "▶".into(),
            caret: "▏".into(),
            check: "✓".into(),
            cross: "✗".into(),
            block: "█".into(),
            shade: "▒".into(),
            border: border::PLAIN,
            ascii: false,
            cjk: false,
        }
    }

    /// The ASCII set, for terminals and locales without Unicode: `o x > ~ ^ ...`, `|` between
    /// entries, `< >` around a choice.
    pub fn ascii() -> Glyphs {
        Glyphs {
            token: "o".into(),
            marked: "x".into(),
            cursor: ">".into(),
            overflow: "~".into(),
            xor: "^".into(),
            ellipsis: "...".into(),
            separator: "|".into(),
            divider: "|".into(),
            rule: "-".into(),
            previous: "<".into(),
            next: ">".into(),
            caret: "_".into(),
            check: "+".into(),
            cross: "x".into(),
            block: "#".into(),
            shade: ":".into(),
            border: ASCII_BORDER,
            ascii: true,
            cjk: false,
        }
    }

    /// The glyphs for the settings: the set (`auto` decided by `utf8`, whether the locale is
    /// UTF-8), with `token` and `marked` from the settings unless they are `"auto"`. A token of
    /// one's own with `marked = "auto"` gets a marked glyph to match: its hollow or filled partner
    /// (`■` and `□`), for another ASCII token `x` (or `.` when the token is an x), else the set's.
    pub fn choose(set: GlyphSet, utf8: bool, token: &str, marked: &str) -> Glyphs {
        let mut glyphs = match set {
            GlyphSet::Unicode => Glyphs::unicode(),
            GlyphSet::Cjk => Glyphs::cjk(),
            GlyphSet::Ascii => Glyphs::ascii(),
            GlyphSet::Auto if utf8 => Glyphs::unicode(),
            GlyphSet::Auto => Glyphs::ascii(),
        };
        if token != AUTO_GLYPH {
            glyphs.marked = partner(token).unwrap_or(&glyphs.marked).to_string();
            if token.is_ascii() {
                let x = if token.eq_ignore_ascii_case("x") { "." } else { "x" };
                glyphs.marked = x.to_string();
            }
            glyphs.token = token.to_string();
        }
        if marked != AUTO_GLYPH {
            glyphs.marked = marked.to_string();
        }
        glyphs
    }
}

/// The CJK set.
impl Glyphs {
    /// Glyphs whose width is the same in every terminal: none is of East-Asian "ambiguous" width
    /// (`●`, `▶`, `─`, `│`, `…`, `█` all are, and a terminal set for Chinese, Japanese or Korean,
    /// or `xterm -cjk_width`, draws them two columns wide, scrambling the board). `◉ ◌ ► ⋯`,
    /// ASCII frames and `#` blocks, `✓ ✗` as in Unicode. The one exception is the nim-sum's `⊕`
    /// (ambiguous too): it is mathematics the lessons teach, drawn as taught, and the panels write
    /// it as the sentences beside them do (see `ui/ascii.rs`). The last pass of the drawing
    /// (`ui/ascii.rs`) brings whatever else was drawn into line.
    pub fn cjk() -> Glyphs {
        Glyphs {
            token: "◉".into(),
            marked: "◌".into(),
            cursor: "►".into(),
            overflow: "⋯".into(),
            xor: "⊕".into(),
            ellipsis: "⋯".into(),
            separator: "∙".into(),
            divider: "|".into(),
            rule: "-".into(),
            previous: "◄".into(),
            next: "►".into(),
            caret: "_".into(),
            check: "✓".into(),
            cross: "✗".into(),
            block: "#".into(),
            shade: ":".into(),
            border: ASCII_BORDER,
            ascii: false,
            cjk: true,
        }
    }
}

/// Whether the locale is Chinese, Japanese or Korean, as `var` (the environment) tells: the first
/// of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty decides (as for
/// [`locale_is_utf8`]), by its language: `zh`, `ja` or `ko` (`zh_CN.UTF-8`, `ja_JP.utf8`, `ko`).
/// Terminals in these locales usually draw the ambiguous characters two columns wide.
pub fn locale_is_cjk(var: impl Fn(&str) -> Option<OsString>) -> bool {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Some(value) = var(name).filter(|v| !v.is_empty()) {
            let value = value.to_string_lossy().to_ascii_lowercase();
            let language = value.split(['_', '.', '@', '-']).next().unwrap_or_default();
            return matches!(language, "zh" | "ja" | "ko");
        }
    }
    false
}

fn partner(token: &str) -> Option<&'static str> {
    GLYPH_PAIRS.iter().find(|(t, _)| *t == token).map(|(_, m)| *m)
}

/// Whether the locale's characters are UTF-8, as `var` (the environment) tells: the first of
/// `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty decides (POSIX's order), UTF-8 when it
/// names UTF-8 (`en_GB.UTF-8`, `C.utf8`). None set is the C locale, which is ASCII, as ncurses and
/// tmux take it; on Windows, whose consoles draw Unicode and set none of these, it is UTF-8.
pub fn locale_is_utf8(var: impl Fn(&str) -> Option<OsString>) -> bool {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Some(value) = var(name).filter(|v| !v.is_empty()) {
            let value = value.to_string_lossy().to_ascii_lowercase();
            return value.contains("utf-8") || value.contains("utf8");
        }
    }
    cfg!(windows)
}

#[cfg(test)]
mod tests {
    use super::reference::{contrast, contrast_on, indexed, luminance};
    use super::*;

    #[test]
    fn every_shipped_theme_parses() {
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            assert_eq!(theme.name, name);
        }
        assert!(!Theme::builtin("mono").unwrap().colour);
        assert!(Theme::builtin("high-contrast").unwrap().colour);
        assert_eq!(Theme::builtin("default").unwrap().name, "dark", "old config files still work");
        for name in Theme::setting_names().chain(["default"]) {
            assert!(Theme::is_known(name), "{name}");
        }
        assert!(!Theme::is_known("solarized"));
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
    fn the_default_theme_is_the_dark_file() {
        assert_eq!(Theme::builtin("dark").unwrap(), Theme::default());
        assert_eq!(Theme::default().background, Background::Dark);
    }

    #[test]
    fn no_color_picks_mono() {
        let dark = || Background::Dark;
        let no = |v: &str| Some(OsStr::new(v)).map(|v| v.to_owned());
        let select = |name: &str, env: Option<OsString>| Theme::select(name, env.as_deref(), dark);
        assert_eq!(select("dark", no("1")).unwrap().name, "mono");
        assert_eq!(select("high-contrast", no("yes")).unwrap().name, "mono");
        assert_eq!(select("auto", no("1")).unwrap().name, "mono");
        // An empty NO_COLOR does not count, as no-color.org says.
        assert_eq!(select("dark", no("")).unwrap().name, "dark");
        assert_eq!(select("high-contrast", None).unwrap().name, "high-contrast");
        assert_eq!(select("default", None).unwrap().name, "dark");
        assert_eq!(select("nope", None), None);
        assert_eq!(select("nope", no("1")), None);
    }

    #[test]
    fn auto_follows_the_background_and_asks_only_when_it_must() {
        let asked = std::cell::Cell::new(0);
        let light = || {
            asked.set(asked.get() + 1);
            Background::Light
        };
        assert_eq!(Theme::select("auto", None, light).unwrap().name, "light");
        assert_eq!(Theme::select("auto", None, || Background::Dark).unwrap().name, "dark");
        assert_eq!(asked.get(), 1);
        // A named theme, or NO_COLOR, never asks the terminal.
        let never = || -> Background { panic!("the terminal was asked") };
        assert_eq!(Theme::select("light", None, never).unwrap().name, "light");
        assert_eq!(Theme::select("auto", Some(OsStr::new("1")), never).unwrap().name, "mono");
    }

    #[test]
    fn colorfgbg_names_the_background() {
        use Background::{Dark, Light};
        for (value, background) in [
            ("15;0", Some(Dark)),
            ("0;15", Some(Light)),
            ("0;default;15", Some(Light)),
            ("7;8", Some(Dark)),
            ("0;7", Some(Light)),
            ("12;9", Some(Light)),
            ("15;6", Some(Dark)),
            ("default;default", None),
            ("15;16", None),
            ("", None),
            ("garbage", None),
        ] {
            assert_eq!(Background::from_colorfgbg(value), background, "{value:?}");
        }
        let fgbg = |v: &str| Some(OsString::from(v));
        assert_eq!(Background::detect(Some(Light), fgbg("15;0").as_deref()), Light, "the answer first");
        assert_eq!(Background::detect(None, fgbg("0;15").as_deref()), Light);
        assert_eq!(Background::detect(None, fgbg("junk").as_deref()), Dark);
        assert_eq!(Background::detect(None, None), Dark);
    }

    #[test]
    fn a_terminals_colours_name_its_background() {
        use Background::{Dark, Light};
        let (black, white, grey) = ([0; 3], [0xffff; 3], [0x8000; 3]);
        assert_eq!(Background::of_terminal(white, black), Dark);
        assert_eq!(Background::of_terminal(black, white), Light);
        assert_eq!(Background::of_terminal([0xe5e5; 3], [0x1e1e, 0x1e1e, 0x2e2e]), Dark);
        // Solarized light: dark grey-blue text on cream.
        assert_eq!(Background::of_terminal([0x6565, 0x7b7b, 0x8383], [0xfdfd, 0xf6f6, 0xe3e3]), Light);
        // Solarized dark: the same text on its dark blue.
        assert_eq!(Background::of_terminal([0x8383, 0x9494, 0x9696], [0x0000, 0x2b2b, 0x3636]), Dark);
        // Text as light as the background: the background's own lightness decides.
        assert_eq!(Background::of_terminal(grey, grey), Light);
        assert_eq!(Background::of_terminal([0x7000; 3], [0x7000; 3]), Dark);
    }

    #[test]
    fn bad_theme_files_are_refused() {
        let ok = BUILTIN[0].1;
        let bad = ok.replace("\"cyan\"", "\"cyna\"");
        assert!(matches!(Theme::parse("x", &bad), Err(ThemeError::Colour { .. })));
        let missing = ok.replace("error = \"203\"", "");
        assert!(Theme::parse("x", &missing).unwrap_err().to_string().contains("missing colour 'error'"));
        let extra = format!("{ok}\nglow = \"red\"\n");
        assert!(Theme::parse("x", &extra).unwrap_err().to_string().contains("unknown field 'glow'"));
        let no_background = ok.replace("background = \"dark\"", "");
        assert!(Theme::parse("x", &no_background).unwrap_err().to_string().contains("background"));
        let odd_background = ok.replace("background = \"dark\"", "background = \"grey\"");
        assert!(Theme::parse("x", &odd_background).is_err());
    }

    #[test]
    fn the_reference_palette_is_xterms() {
        assert_eq!(indexed(4), (0, 0, 0xee));
        assert_eq!(indexed(16), (0, 0, 0));
        assert_eq!(indexed(117), (0x87, 0xd7, 0xff));
        assert_eq!(indexed(203), (0xff, 0x5f, 0x5f));
        assert_eq!(indexed(231), (0xff, 0xff, 0xff));
        assert_eq!(indexed(232), (8, 8, 8));
        assert_eq!(indexed(245), (0x8a, 0x8a, 0x8a));
        assert_eq!(indexed(255), (0xee, 0xee, 0xee));
        assert!((luminance((0xff, 0xff, 0xff)) - 1.0).abs() < 1e-9);
        assert!((contrast((0, 0, 0), (0xff, 0xff, 0xff)) - 21.0).abs() < 1e-9);
        // The complaint of issue 12: xterm's blue on black.
        assert!((contrast_on(Color::Blue, Background::Dark) - 2.23).abs() < 0.01);
        assert!((contrast_on(Color::DarkGray, Background::Light) - 4.0).abs() < 0.01);
        assert!((contrast_on(Color::Reset, Background::Light) - 21.0).abs() < 1e-9);
    }

    /// The backgrounds a theme is measured on.
    fn backgrounds(theme: &Theme) -> Vec<Background> {
        match theme.background {
            Background::Any => vec![Background::Dark, Background::Light],
            b => vec![b],
        }
    }

    /// Every colour of every theme is legible on the background it is made for, with xterm's
    /// palette: WCAG's 4.5:1 for text, 7:1 in the high-contrast themes.
    #[test]
    fn every_colour_of_every_theme_is_legible() {
        let mut failures = Vec::new();
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            let floor = if name.starts_with("high-contrast") { 7.0 } else { 4.5 };
            for background in backgrounds(&theme) {
                for (field, colour) in theme.colours() {
                    let ratio = contrast_on(colour, background);
                    if ratio < floor {
                        failures.push(format!("{name}: {field} {colour} is {ratio:.2}:1 on {background:?}"));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "below the floor:\n{}", failures.join("\n"));
    }

    /// What is drawn on the band through the nim-sum's odd columns (the digits in the text and the
    /// hint's colours, the column headers) is as legible there as on the background: 4.5:1, 7:1
    /// in the high-contrast themes; and the band itself is seen against the background.
    #[test]
    fn text_on_the_band_is_legible() {
        use super::reference::rgb;
        let mut failures = Vec::new();
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            if !theme.colour {
                continue;
            }
            let floor = if name.starts_with("high-contrast") { 7.0 } else { 4.5 };
            let band = rgb(theme.band, theme.background);
            for (field, colour) in [("text", theme.text), ("hint", theme.hint)] {
                let ratio = contrast(rgb(colour, theme.background), band);
                if ratio < floor {
                    failures.push(format!("{name}: {field} is {ratio:.2}:1 on the band"));
                }
            }
            let seen = contrast(band, super::reference::colours_of(theme.background).0);
            if seen < 1.3 {
                failures.push(format!("{name}: the band is only {seen:.2}:1 from the background"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// Emphasis is never dimmer than plain text's quieter sibling: every colour but `text` and
    /// `dim` (the tokens, the marks, the selection, the hint, the players, errors, titles) stands at
    /// least as far from the background as `dim` does, and `text` does too. On a dark background
    /// each emphasis reaches 7:1, so that none is a dark colour on black (ANSI blue's 2.2:1 was the
    /// complaint: the hint, the odd columns of the binary view).
    #[test]
    fn emphasis_is_never_dimmer() {
        let mut failures = Vec::new();
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            for background in backgrounds(&theme) {
                let dim = contrast_on(theme.dim, background);
                for (field, colour) in theme.colours() {
                    let ratio = contrast_on(colour, background);
                    if field != "dim" && ratio < dim {
                        failures
                            .push(format!("{name}: {field} ({ratio:.2}:1) is dimmer than dim ({dim:.2}:1)"));
                    }
                    let emphasis = !["text", "dim"].contains(&field);
                    if emphasis && theme.background == Background::Dark && ratio < 7.0 {
                        failures.push(format!("{name}: {field} is only {ratio:.2}:1 on dark"));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// The ratios the theme files write in their comments (`# 00cdcd: 10.6:1`) are the measured ones.
    #[test]
    fn the_theme_files_comments_are_true() {
        for (name, text) in BUILTIN {
            let theme = Theme::builtin(name).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let (Some((field, _)), Some((_, comment))) = (line.split_once('='), line.split_once('#'))
                else {
                    continue;
                };
                let Some(written) = comment.trim().strip_suffix(":1").and_then(|c| c.rsplit(' ').next())
                else {
                    continue;
                };
                let colour = theme.colours().into_iter().find(|(f, _)| *f == field.trim()).unwrap().1;
                let measured = format!("{:.1}", contrast_on(colour, theme.background));
                let written =
                    if written.contains('.') { written.to_string() } else { format!("{written}.0") };
                assert_eq!(written, measured, "{name}: {line}");
            }
        }
    }

    /// The table in the report and the README: every theme's colours and their ratios.
    #[test]
    fn print_the_contrast_table() {
        for name in Theme::names() {
            let theme = Theme::builtin(name).unwrap();
            let row: Vec<String> = theme
                .colours()
                .iter()
                .map(|(field, colour)| format!("{field} {:.1}", contrast_on(*colour, theme.background)))
                .collect();
            println!("{name}: {}", row.join(", "));
        }
    }

    #[test]
    fn the_glyph_sets_are_drawable() {
        let every = |g: &Glyphs| {
            [
                &g.token,
                &g.marked,
                &g.cursor,
                &g.overflow,
                &g.xor,
                &g.separator,
                &g.divider,
                &g.rule,
                &g.previous,
                &g.next,
                &g.caret,
                &g.check,
                &g.cross,
            ]
            .map(String::clone)
        };
        for glyphs in [Glyphs::unicode(), Glyphs::ascii()] {
            for glyph in every(&glyphs) {
                crate::text::check_glyph(&glyph).unwrap();
                // Each stands in one column wherever it is drawn, the same in both sets.
                assert_eq!(unicode_width::UnicodeWidthStr::width(glyph.as_str()), 1, "{glyph}");
            }
            assert_ne!(glyphs.token, glyphs.marked);
            assert_ne!(glyphs.check, glyphs.cross);
            assert_ne!(glyphs.block, glyphs.shade);
        }
        let ascii = Glyphs::ascii();
        assert!(every(&ascii).iter().all(|g| g.is_ascii()) && ascii.ellipsis.is_ascii() && ascii.ascii);
    }

    #[test]
    fn glyphs_follow_the_set_and_the_settings() {
        let auto = AUTO_GLYPH;
        let pick = |set, utf8, token, marked| {
            let g = Glyphs::choose(set, utf8, token, marked);
            (g.token, g.marked, g.cursor)
        };
        let strings = |t: &str, m: &str, c: &str| (t.to_string(), m.to_string(), c.to_string());
        assert_eq!(pick(GlyphSet::Auto, true, auto, auto), strings("●", "○", "▶"));
        assert_eq!(pick(GlyphSet::Auto, false, auto, auto), strings("o", "x", ">"));
        assert_eq!(pick(GlyphSet::Ascii, true, auto, auto), strings("o", "x", ">"));
        assert_eq!(pick(GlyphSet::Unicode, false, auto, auto), strings("●", "○", "▶"));
        // `token = "o"` no longer marks with ○ (issue 12).
        assert_eq!(pick(GlyphSet::Unicode, true, "o", auto), strings("o", "x", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, "|", auto), strings("|", "x", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, "x", auto), strings("x", ".", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, "■", auto), strings("■", "□", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, "○", auto), strings("○", "●", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, "李", auto), strings("李", "○", "▶"));
        // A token of one's own beats the set; so does a marked glyph of one's own.
        assert_eq!(pick(GlyphSet::Ascii, true, "●", auto), strings("●", "○", ">"));
        assert_eq!(pick(GlyphSet::Unicode, true, "o", "-"), strings("o", "-", "▶"));
        assert_eq!(pick(GlyphSet::Unicode, true, auto, "◌"), strings("●", "◌", "▶"));
    }

    #[test]
    fn the_locale_decides_auto_glyphs() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
        };
        assert!(locale_is_utf8(env(&[("LANG", "en_GB.UTF-8")])));
        assert!(locale_is_utf8(env(&[("LANG", "C.utf8")])));
        assert!(!locale_is_utf8(env(&[("LANG", "C")])));
        assert!(!locale_is_utf8(env(&[("LANG", "de_DE.ISO-8859-1")])));
        // The first set of LC_ALL, LC_CTYPE and LANG decides.
        assert!(!locale_is_utf8(env(&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")])));
        assert!(locale_is_utf8(env(&[("LC_CTYPE", "en_US.UTF-8"), ("LANG", "C")])));
        assert!(!locale_is_utf8(env(&[("LC_ALL", "POSIX"), ("LC_CTYPE", "en_US.UTF-8")])));
        // An empty variable counts as unset.
        assert!(locale_is_utf8(env(&[("LC_ALL", ""), ("LANG", "en_US.utf8")])));
        assert_eq!(locale_is_utf8(env(&[])), cfg!(windows), "none set: the C locale");
    }

    #[test]
    fn title_fits() {
        assert!(TITLE.lines().count() <= 6);
        assert!(TITLE.lines().all(|l| l.chars().count() <= 40));
    }
}
