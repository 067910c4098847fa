//! How things look: the theme, the glyphs and the keys as configured, and the styles that carry a
//! meaning on every screen (whose move it is).

use ratatui::style::Style;

use crate::app::Action;
use crate::domain::Seat;
use crate::i18n::Language;
use crate::keys::Keymap;
use crate::theme::{Glyphs, Theme};

/// How things look: the theme, the glyphs and the keys as configured.
#[derive(Debug, Clone)]
pub struct Look {
    pub theme: Theme,
    /// Every symbol drawn: `glyphs.token` (`●`, or `o` in ASCII), `marked` (`○`, `x`), `cursor`
    /// (`▶`, `>`), `overflow` (`⋯`, `~`), `xor` (`⊕`, `^`), `ellipsis` (`…`, `...`), `separator`
    /// (`·`, `|`), `divider` (`│`, `|`), `rule` (`─`, `-`), `previous` and `next` (`◀ ▶`, `< >`),
    /// `caret` (`▏`, `_`), `check` and `cross` (`✓ ✗`, `+ x`), `block` and `shade` for big tokens
    /// (`█ ▒`, `# :`), `border` (box lines, `+-|`).
    pub glyphs: Glyphs,
    /// The keys bound to each action, as the help overlay shows them.
    pub keys: Vec<(Action, Vec<String>)>,
    /// The start screen's title art.
    pub title: String,
    /// The actions this viewer may use, where others share the state drawn (a game between two
    /// people, or one watched, on the classroom server): the key lines show only these. `None`:
    /// every command the screen has.
    pub offered: Option<Vec<Action>>,
    /// The viewer's language: every word of a frame is written in it, when the frame is drawn.
    pub language: Language,
}

impl Default for Look {
    /// The `dark` theme, Unicode glyphs and the default keys.
    fn default() -> Self {
        let glyphs = Glyphs::unicode();
        Look {
            theme: Theme::default(),
            glyphs,
            keys: Look::key_labels(&Keymap::default()),
            title: "N I M".into(),
            offered: None,
            language: Language::English,
        }
    }
}

impl Look {
    /// This look drawn with `glyphs`; in ASCII and CJK the arrow keys are named too (`↑` is `Up`).
    pub fn with_glyphs(self, glyphs: Glyphs) -> Look {
        let ascii = |label: String| {
            label.replace('↑', "Up").replace('↓', "Down").replace('←', "Left").replace('→', "Right")
        };
        // The arrows are of East-Asian "ambiguous" width too: named in the CJK set as in ASCII.
        let keys = if glyphs.ascii || glyphs.cjk {
            self.keys
                .into_iter()
                .map(|(action, labels)| (action, labels.into_iter().map(ascii).collect()))
                .collect()
        } else {
            self.keys
        };
        Look { glyphs, keys, ..self }
    }

    /// The keys bound to each action, as people read them, in the order the help lists them.
    pub fn key_labels(keymap: &Keymap) -> Vec<(Action, Vec<String>)> {
        Action::ALL
            .iter()
            .map(|&action| (action, keymap.keys_for(action).iter().map(|k| k.pretty()).collect()))
            .collect()
    }

    /// The first key bound to `action`, for the short hints on screen.
    pub fn key(&self, action: Action) -> String {
        self.keys
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, keys)| keys.first().map(|label| shown(self.language, label)))
            .unwrap_or_else(|| crate::i18n::text(self.language, "keys-unbound"))
    }
}

/// A key's label in the viewer's language: the arrow keys named in ASCII and CJK (`Up`, and
/// `Shift-Up`) are named at draw time in the words of the screen (`上`), since Chinese software
/// does not say Up/Down/Left/Right; every other label is as the keymap writes it.
pub(super) fn shown(language: Language, label: &str) -> String {
    let (modifiers, name) = match label.rfind('-') {
        Some(at) if at + 1 < label.len() => label.split_at(at + 1),
        _ => ("", label),
    };
    let id = match name {
        "Up" => "key-name-up",
        "Down" => "key-name-down",
        "Left" => "key-name-left",
        "Right" => "key-name-right",
        _ => return label.to_string(),
    };
    format!("{modifiers}{}", crate::i18n::text(language, id))
}

/// The style of what `seat` did or does: its colour, in bold.
pub(super) fn seat_style(look: &Look, seat: Seat) -> Style {
    match seat {
        Seat::First => look.theme.strong(look.theme.you),
        Seat::Second => look.theme.strong(look.theme.ai),
    }
}
