//! Key names as written in the config (`"enter"`, `"ctrl-c"`, `"?"`) and the keymap that turns a
//! key press into an `Action`.
//!
//! Two keys are not rebindable, so that a config can never lock a player in or break typing:
//! Ctrl-C always quits, and the digits 0-9 always type the count of tokens to take.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::domain::Action;

/// One key with its modifiers, as a player presses it.
///
/// Character keys never carry SHIFT: the character itself says whether it is upper case, and
/// terminals disagree about reporting SHIFT for `?` or `+`. Shift-Tab is stored as Tab with SHIFT
/// (crossterm reports it as `BackTab`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyBinding {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

/// The names of keys other than single characters, in the form Display writes them.
const NAMED: [(&str, KeyCode); 14] = [
    ("enter", KeyCode::Enter),
    ("space", KeyCode::Char(' ')),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("backspace", KeyCode::Backspace),
    ("esc", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("delete", KeyCode::Delete),
];

/// Other spellings people write; Display never produces these.
const ALIASES: [(&str, KeyCode); 6] = [
    ("return", KeyCode::Enter),
    ("escape", KeyCode::Esc),
    ("pgup", KeyCode::PageUp),
    ("pgdown", KeyCode::PageDown),
    ("del", KeyCode::Delete),
    ("ins", KeyCode::Insert),
];

/// A key name that is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown key '{name}': {reason}")]
pub struct ParseKeyError {
    pub name: String,
    pub reason: String,
}

const EXPECTED_KEYS: &str = "expected a single character such as \"h\" or \"?\", a key name (enter, space, \
     up, down, left, right, home, end, backspace, esc, tab, pageup, pagedown, delete, insert, f1 to f12), \
     optionally after ctrl-, alt- or shift-";

impl KeyBinding {
    pub const fn new(code: KeyCode, modifiers: KeyModifiers) -> Self {
        KeyBinding { code, modifiers }
    }

    /// A key pressed without modifiers.
    pub const fn plain(code: KeyCode) -> Self {
        KeyBinding { code, modifiers: KeyModifiers::NONE }
    }

    /// Ctrl-C, which always quits.
    pub const CTRL_C: KeyBinding = KeyBinding::new(KeyCode::Char('c'), KeyModifiers::CONTROL);

    /// The binding a key press matches, with the terminals' differences smoothed out.
    pub fn from_event(key: &KeyEvent) -> Self {
        let mut modifiers = key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let code = match key.code {
            KeyCode::BackTab => {
                modifiers |= KeyModifiers::SHIFT;
                KeyCode::Tab
            }
            KeyCode::Char(c) => {
                modifiers.remove(KeyModifiers::SHIFT);
                // Some terminals send Ctrl-Shift-C as Ctrl + 'C'; the letter's case means nothing
                // once Ctrl is held.
                if modifiers.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else {
                    key.code
                }
            }
            code => code,
        };
        KeyBinding { code, modifiers }
    }

    /// Whether this is a digit without Ctrl or Alt: digits type the count and cannot be bound.
    pub fn is_digit(&self) -> bool {
        matches!(self.code, KeyCode::Char(c) if c.is_ascii_digit())
            && !self.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    }

    /// The name a person reads in the help overlay, such as "↑", "Enter" or "Ctrl-C".
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            out.push_str("Ctrl-");
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            out.push_str("Alt-");
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            out.push_str("Shift-");
        }
        let name = match self.code {
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::Backspace => "Backspace".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Tab => "Tab".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::Delete => "Del".to_string(),
            KeyCode::Insert => "Ins".to_string(),
            KeyCode::F(n) => format!("F{n}"),
            // Ctrl-letters are stored in lower case, where case means nothing; Alt keeps it.
            KeyCode::Char(c) if self.modifiers.contains(KeyModifiers::CONTROL) => {
                c.to_ascii_uppercase().to_string()
            }
            KeyCode::Char(c) => c.to_string(),
            _ => self.to_string(),
        };
        out.push_str(&name);
        out
    }
}

impl fmt::Display for KeyBinding {
    /// The config form, which `FromStr` reads back to the same binding.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            f.write_str("ctrl-")?;
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("alt-")?;
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            f.write_str("shift-")?;
        }
        if let Some((name, _)) = NAMED.iter().find(|(_, code)| *code == self.code) {
            return f.write_str(name);
        }
        match self.code {
            KeyCode::Insert => f.write_str("insert"),
            KeyCode::F(n) => write!(f, "f{n}"),
            KeyCode::Char(c) => write!(f, "{c}"),
            // Only keys FromStr can produce are ever bound; anything else is shown for debugging.
            other => write!(f, "{other:?}"),
        }
    }
}

/// Why a terminal can never deliver this key as written, if it cannot: the bytes it sends for it
/// are those of another key (Ctrl-M is Enter, Ctrl-I is Tab, Ctrl-[ is Esc), or it sends nothing
/// that tells the modifier apart. Based on what crossterm reports in raw mode without the kitty
/// keyboard protocol, which most terminals do not speak.
fn undeliverable(code: KeyCode, modifiers: KeyModifiers) -> Option<String> {
    let ctrl = modifiers.contains(KeyModifiers::CONTROL);
    let shift = modifiers.contains(KeyModifiers::SHIFT);
    let alt = modifiers.contains(KeyModifiers::ALT);
    let same_as = |other: &str| {
        Some(format!("a terminal sends it exactly as {other}, so it would never be told apart"))
    };
    if ctrl && let KeyCode::Char(c) = code {
        return match c {
            'm' => same_as("enter"),
            'i' => same_as("tab"),
            '[' | '3' => same_as("esc"),
            '2' | '@' => same_as("ctrl-space"),
            '8' | '?' => same_as("backspace"),
            '\\' => same_as("ctrl-4"),
            ']' => same_as("ctrl-5"),
            '^' => same_as("ctrl-6"),
            '_' | '/' => same_as("ctrl-7"),
            'z' if cfg!(unix) => Some("ctrl-z suspends the game (fg brings it back)".to_string()),
            'a'..='z' | ' ' | '4'..='7' => None,
            _ => Some(
                "terminals send no Ctrl with this key: Ctrl goes with letters, space and 4 to 7".to_string(),
            ),
        };
    }
    match code {
        KeyCode::Enter | KeyCode::Backspace | KeyCode::Esc if ctrl || shift => {
            Some("terminals send this key the same with or without ctrl- and shift-".to_string())
        }
        KeyCode::Tab if ctrl => Some("terminals send ctrl-tab as tab".to_string()),
        KeyCode::Char(' ') if shift => Some("terminals send shift-space as space".to_string()),
        KeyCode::Esc if alt => Some("terminals send alt-esc as esc".to_string()),
        _ => None,
    }
}

impl FromStr for KeyBinding {
    type Err = ParseKeyError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let binding = parse_binding(text)?;
        match undeliverable(binding.code, binding.modifiers) {
            Some(reason) => Err(ParseKeyError {
                name: crate::text::escape_short(text, crate::text::ECHO_MAX),
                reason: format!("it cannot be bound: {reason}"),
            }),
            None => Ok(binding),
        }
    }
}

/// A key name read as written, before asking whether a terminal can deliver it.
fn parse_binding(text: &str) -> Result<KeyBinding, ParseKeyError> {
    {
        // Names are echoed in messages: escaped, and cut short.
        let err = |reason: &str| ParseKeyError {
            name: crate::text::escape_short(text, crate::text::ECHO_MAX),
            reason: reason.to_string(),
        };
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = text;
        // A prefix counts as a modifier only when something follows it, so "-" is the minus key
        // and "ctrl--" is Ctrl with minus.
        while let Some((head, tail)) = rest.split_once('-') {
            if tail.is_empty() {
                break;
            }
            let modifier = match head.to_ascii_lowercase().as_str() {
                "ctrl" | "control" => KeyModifiers::CONTROL,
                "alt" | "meta" => KeyModifiers::ALT,
                "shift" => KeyModifiers::SHIFT,
                // Nothing but a modifier comes before a dash, so this is a misspelt one ("ctlr-x").
                _ => {
                    return Err(err(&format!(
                        "'{head}-' is not a modifier: write ctrl-, alt- or shift- before a key name"
                    )));
                }
            };
            if modifiers.contains(modifier) {
                return Err(err("a modifier is written twice"));
            }
            modifiers |= modifier;
            rest = tail;
        }
        if rest.is_empty() {
            return Err(err(EXPECTED_KEYS));
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCode::Char(c),
            _ => {
                let lower = rest.to_ascii_lowercase();
                if let Some((_, code)) = NAMED.iter().chain(&ALIASES).find(|(name, _)| *name == lower) {
                    *code
                } else if lower == "insert" {
                    KeyCode::Insert
                } else if lower == "backtab" {
                    modifiers |= KeyModifiers::SHIFT;
                    KeyCode::Tab
                } else if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    if !(1..=12).contains(&n) {
                        return Err(err("function keys are f1 to f12"));
                    }
                    KeyCode::F(n)
                } else {
                    return Err(err(EXPECTED_KEYS));
                }
            }
        };
        if let KeyCode::Char(c) = code
            && modifiers.contains(KeyModifiers::SHIFT)
        {
            // A shifted character is just another character; keep one spelling of each key.
            if !c.is_ascii_lowercase() {
                return Err(err(
                    "shift- goes only with letters and named keys: write the character itself, such as \"?\" or \"K\"",
                ));
            }
            modifiers.remove(KeyModifiers::SHIFT);
            // With Ctrl the letter stays lower case (below): terminals never send Ctrl with 'A'.
            if !modifiers.contains(KeyModifiers::CONTROL) {
                return Ok(KeyBinding { code: KeyCode::Char(c.to_ascii_uppercase()), modifiers });
            }
        }
        if let KeyCode::Char(c) = code
            && modifiers.contains(KeyModifiers::CONTROL)
        {
            // Terminals send Ctrl with the lower-case letter whatever the Shift key does.
            return Ok(KeyBinding { code: KeyCode::Char(c.to_ascii_lowercase()), modifiers });
        }
        Ok(KeyBinding { code, modifiers })
    }
}

/// Why a table of bindings cannot be a keymap.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    #[error("key '{key}' is bound to both '{first}' and '{second}'", first = first.name(), second = second.name())]
    Duplicate { key: KeyBinding, first: Action, second: Action },
    #[error("key '{key}' cannot be bound to '{action}': the digits 0-9 type how many tokens to take", action = action.name())]
    Digit { key: KeyBinding, action: Action },
    #[error("ctrl-c cannot be bound to '{action}': ctrl-c always quits", action = action.name())]
    CtrlC { action: Action },
}

impl KeymapError {
    /// The binding the error is about, to find it in a file.
    pub fn key(&self) -> KeyBinding {
        match self {
            KeymapError::Duplicate { key, .. } | KeymapError::Digit { key, .. } => *key,
            KeymapError::CtrlC { .. } => KeyBinding::CTRL_C,
        }
    }

    /// The action whose binding is at fault (for a duplicate, the later one).
    pub fn action(&self) -> Action {
        match self {
            KeymapError::Duplicate { second: action, .. }
            | KeymapError::Digit { action, .. }
            | KeymapError::CtrlC { action } => *action,
        }
    }
}

/// Which action each key asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    keys: BTreeMap<Action, Vec<KeyBinding>>,
    lookup: HashMap<KeyBinding, Action>,
}

/// The shipped configuration, whose `[keys]` table is the one place the default keys are written.
const SHIPPED_CONFIG: &str = include_str!("../config.toml");

impl Default for Keymap {
    /// The keys of the shipped `config.toml`, read once.
    fn default() -> Self {
        static SHIPPED: std::sync::LazyLock<Keymap> = std::sync::LazyLock::new(|| {
            // The shipped file is embedded and its keys checked by the tests
            // (`every_default_binding_round_trips`, and the config module's own reading of it):
            // only a change the tests refuse could break it.
            shipped_keys(SHIPPED_CONFIG).unwrap_or_else(|e| panic!("the built-in config.toml's [keys]: {e}"))
        });
        SHIPPED.clone()
    }
}

/// The keymap of a config's `[keys]` table, every command in it; for the shipped file, whose keys
/// the config module's own reader (with line numbers and suggestions) checks again.
fn shipped_keys(config: &str) -> Result<Keymap, String> {
    let doc: toml::Table = config.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let Some(toml::Value::Table(keys)) = doc.get("keys") else { return Err("no [keys] table".into()) };
    let mut table = BTreeMap::new();
    for (name, value) in keys {
        let action = Action::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| format!("unknown command '{name}'"))?;
        let list = value.as_array().ok_or_else(|| format!("'{name}' is not a list of keys"))?;
        let bindings = list
            .iter()
            .map(|key| {
                let key = key.as_str().ok_or_else(|| format!("'{name}' holds a key that is not a string"))?;
                key.parse::<KeyBinding>().map_err(|e| format!("'{name}': {e}"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        table.insert(action, bindings);
    }
    Keymap::new(table).map_err(|e| e.to_string())
}

impl Keymap {
    /// No keys at all: what the settings hold before a config's `[keys]` is read.
    pub fn empty() -> Keymap {
        Keymap { keys: BTreeMap::new(), lookup: HashMap::new() }
    }

    /// A keymap from each action's keys. An action left out has no keys (Ctrl-C still quits).
    /// A key listed twice for one action counts once.
    pub fn new(table: BTreeMap<Action, Vec<KeyBinding>>) -> Result<Keymap, KeymapError> {
        let mut seen: HashMap<KeyBinding, Action> = HashMap::new();
        // Action::ALL order, so that errors name actions in the order the help lists them.
        for action in Action::ALL {
            for &key in table.get(&action).map(Vec::as_slice).unwrap_or_default() {
                if key == KeyBinding::CTRL_C && action != Action::Quit {
                    return Err(KeymapError::CtrlC { action });
                }
                if key.is_digit() {
                    return Err(KeymapError::Digit { key, action });
                }
                match seen.get(&key) {
                    Some(&first) if first != action => {
                        return Err(KeymapError::Duplicate { key, first, second: action });
                    }
                    _ => {
                        seen.insert(key, action);
                    }
                }
            }
        }
        Ok(Keymap::build(table))
    }

    fn build(mut table: BTreeMap<Action, Vec<KeyBinding>>) -> Keymap {
        let mut lookup = HashMap::new();
        for (action, keys) in &mut table {
            let mut unique = Vec::with_capacity(keys.len());
            for &key in keys.iter() {
                if !unique.contains(&key) {
                    unique.push(key);
                }
                lookup.entry(key).or_insert(*action);
            }
            *keys = unique;
        }
        Keymap { keys: table, lookup }
    }

    /// The action a key press asks for. Ctrl-C is always `Quit`; releases are ignored.
    pub fn action(&self, key: &KeyEvent) -> Option<Action> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        let binding = KeyBinding::from_event(key);
        if binding == KeyBinding::CTRL_C {
            return Some(Action::Quit);
        }
        self.lookup.get(&binding).copied()
    }

    /// The keys bound to `action`, in the order the config lists them.
    pub fn keys_for(&self, action: Action) -> &[KeyBinding] {
        self.keys.get(&action).map(Vec::as_slice).unwrap_or_default()
    }

    /// Each action with its keys, in `Action::ALL` order.
    /// The same keys with `actions` left out: their keys then do nothing.
    pub fn without(&self, actions: &[Action]) -> Keymap {
        let mut table = self.keys.clone();
        table.retain(|action, _| !actions.contains(action));
        Keymap::build(table)
    }

    pub fn table(&self) -> &BTreeMap<Action, Vec<KeyBinding>> {
        &self.keys
    }
}

/// The digit a key press types, if it is a plain digit.
pub fn digit(key: &KeyEvent) -> Option<u8> {
    let binding = KeyBinding::from_event(key);
    match binding.code {
        // to_digit(10) is at most 9, so the cast cannot truncate.
        KeyCode::Char(c) if binding.is_digit() => c.to_digit(10).map(|d| d as u8),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> KeyBinding {
        text.parse().unwrap()
    }

    fn key_err(text: &str) -> String {
        text.parse::<KeyBinding>().unwrap_err().to_string()
    }

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn names_round_trip() {
        let names = [
            "enter",
            "space",
            "up",
            "down",
            "left",
            "right",
            "home",
            "end",
            "backspace",
            "esc",
            "tab",
            "pageup",
            "pagedown",
            "delete",
            "insert",
            "f1",
            "f5",
            "f12",
            "h",
            "?",
            "+",
            "-",
            "K",
            "ctrl-c",
            "alt-x",
            "shift-tab",
            "ctrl-alt-x",
            "ctrl-space",
            "ctrl-4",
            "ctrl-j",
            "ctrl-h",
            "alt-enter",
            "ctrl-f1",
            "é",
            "<",
            "ctrl-shift-up",
        ];
        for name in names {
            let parsed = key(name);
            assert_eq!(parsed.to_string(), name, "display of {name}");
            assert_eq!(key(&parsed.to_string()), parsed);
        }
    }

    /// The default keys are config.toml's, and the file's reader sees a key changed or left out
    /// there.
    #[test]
    fn the_default_keymap_is_config_toml() {
        assert_eq!(shipped_keys(SHIPPED_CONFIG), Ok(Keymap::default()));
        assert_eq!(Keymap::default().keys_for(Action::Hint), &[key("h")]);
        let changed = SHIPPED_CONFIG.replace("hint = [\"h\"]", "hint = [\"i\", \"f1\"]");
        assert_ne!(changed, SHIPPED_CONFIG, "config.toml binds hint to h");
        let keys = shipped_keys(&changed).unwrap();
        assert_eq!(keys.keys_for(Action::Hint), &[key("i"), key("f1")]);
        assert_eq!(keys.action(&press(KeyCode::Char('h'), KeyModifiers::NONE)), None);
        // A command left out of the file has no default key (a test of config.rs then fails).
        let without = SHIPPED_CONFIG.replace("hint = [\"h\"]", "");
        assert!(shipped_keys(&without).unwrap().keys_for(Action::Hint).is_empty());
    }

    #[test]
    fn every_default_binding_round_trips() {
        let map = Keymap::default();
        for action in Action::ALL {
            assert!(!map.keys_for(action).is_empty(), "{action:?} has a key");
            for k in map.keys_for(action) {
                assert_eq!(key(&k.to_string()), *k);
            }
        }
    }

    #[test]
    fn other_spellings_are_read() {
        assert_eq!(key("Enter"), key("enter"));
        assert_eq!(key("RETURN"), key("enter"));
        assert_eq!(key("Ctrl-C"), key("ctrl-c"));
        assert_eq!(key("shift-k"), key("K"));
        assert_eq!(key("backtab"), key("shift-tab"));
        assert_eq!(key(" "), key("space"));
        assert_eq!(key("F3"), KeyBinding::plain(KeyCode::F(3)));
    }

    #[test]
    fn bad_names_are_refused() {
        assert!(key_err("ctlr-x").contains("'ctlr-' is not a modifier"));
        for name in
            ["", "ctlr-x", "-x", "x-y", "f13", "f0", "shift-?", "ctrl-", "enterr", "ctrl-ctrl-x", "\t"]
        {
            let e = name.parse::<KeyBinding>().unwrap_err();
            assert!(e.to_string().contains("unknown key"), "{name}: {e}");
        }
    }

    #[test]
    fn keys_a_terminal_cannot_deliver_are_refused_with_the_reason() {
        for (name, says) in [
            ("ctrl-m", "as enter"),
            ("ctrl-i", "as tab"),
            ("ctrl-[", "as esc"),
            ("ctrl-3", "as esc"),
            ("ctrl-2", "as ctrl-space"),
            ("ctrl-8", "as backspace"),
            ("ctrl-]", "as ctrl-5"),
            ("ctrl--", "no Ctrl with this key"),
            ("ctrl-1", "no Ctrl with this key"),
            ("ctrl-é", "no Ctrl with this key"),
            ("ctrl-enter", "with or without"),
            ("shift-enter", "with or without"),
            ("ctrl-tab", "as tab"),
            ("alt-esc", "as esc"),
        ] {
            let e = key_err(name);
            assert!(e.contains("cannot be bound") && e.contains(says), "{name}: {e}");
        }
        #[cfg(unix)]
        assert!(key_err("ctrl-z").contains("suspends"));
    }

    #[test]
    fn echoed_names_are_escaped_and_short() {
        let e = key_err("\x1b]0;title\x07");
        assert!(!e.contains('\x1b') && e.contains("\\x1b"), "{e}");
        let e = key_err(&"x".repeat(100_000));
        assert!(e.len() < 600, "{} bytes", e.len());
    }

    #[test]
    fn pretty_names() {
        assert_eq!(key("up").pretty(), "↑");
        assert_eq!(key("ctrl-c").pretty(), "Ctrl-C");
        assert_eq!(key("shift-tab").pretty(), "Shift-Tab");
        assert_eq!(key("space").pretty(), "Space");
        assert_eq!(key("?").pretty(), "?");
        assert_eq!(key("alt-x").pretty(), "Alt-x");
        assert_eq!(key("alt-X").pretty(), "Alt-X");
    }

    #[test]
    fn default_keymap_maps_presses() {
        let map = Keymap::default();
        assert_eq!(map.action(&press(KeyCode::Up, KeyModifiers::NONE)), Some(Action::Up));
        assert_eq!(map.action(&press(KeyCode::Char('k'), KeyModifiers::NONE)), Some(Action::Up));
        // '?' and '+' arrive with SHIFT on many terminals.
        assert_eq!(map.action(&press(KeyCode::Char('?'), KeyModifiers::SHIFT)), Some(Action::Help));
        assert_eq!(map.action(&press(KeyCode::Char('+'), KeyModifiers::SHIFT)), Some(Action::More));
        assert_eq!(map.action(&press(KeyCode::Char('h'), KeyModifiers::CONTROL)), None);
        assert_eq!(map.action(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        assert_eq!(map.action(&press(KeyCode::Char('5'), KeyModifiers::NONE)), None);
        assert_eq!(map.keys_for(Action::Take), &[key("enter"), key("space")]);
        let mut release = press(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(map.action(&release), None);
    }

    #[test]
    fn shift_tab_matches_backtab() {
        let mut table = BTreeMap::new();
        table.insert(Action::Up, vec![key("shift-tab")]);
        let map = Keymap::new(table).unwrap();
        assert_eq!(map.action(&press(KeyCode::BackTab, KeyModifiers::SHIFT)), Some(Action::Up));
        assert_eq!(map.action(&press(KeyCode::BackTab, KeyModifiers::NONE)), Some(Action::Up));
    }

    #[test]
    fn ctrl_c_always_quits() {
        let mut table = BTreeMap::new();
        table.insert(Action::Quit, vec![key("q")]);
        let map = Keymap::new(table.clone()).unwrap();
        assert_eq!(map.action(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        table.insert(Action::Hint, vec![key("ctrl-c")]);
        assert_eq!(Keymap::new(table), Err(KeymapError::CtrlC { action: Action::Hint }));
    }

    #[test]
    fn digits_and_duplicates_are_refused() {
        let mut table = BTreeMap::new();
        table.insert(Action::Hint, vec![key("3")]);
        assert!(matches!(Keymap::new(table), Err(KeymapError::Digit { action: Action::Hint, .. })));
        let mut table = BTreeMap::new();
        table.insert(Action::Hint, vec![key("x")]);
        table.insert(Action::Quit, vec![key("x")]);
        assert_eq!(
            Keymap::new(table),
            Err(KeymapError::Duplicate { key: key("x"), first: Action::Hint, second: Action::Quit })
        );
        let mut table = BTreeMap::new();
        table.insert(Action::Hint, vec![key("alt-3"), key("x"), key("x")]);
        assert_eq!(Keymap::new(table).unwrap().keys_for(Action::Hint), &[key("alt-3"), key("x")]);
    }

    #[test]
    fn digits_are_typed() {
        assert_eq!(digit(&press(KeyCode::Char('7'), KeyModifiers::NONE)), Some(7));
        assert_eq!(digit(&press(KeyCode::Char('7'), KeyModifiers::ALT)), None);
        assert_eq!(digit(&press(KeyCode::Char('x'), KeyModifiers::NONE)), None);
    }
}
