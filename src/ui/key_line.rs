//! The key line: the commands a screen shows, each with its keys as configured, fitted to a width;
//! the keys that give a command now; and the commands that choose a move, shown beside the choice.

use ratatui::text::Span;

use crate::app::{Action, Command};

use super::look::Look;

/// The key line: each command the screen shows there, with its keys as configured, in at most
/// `width` columns. Paired commands share one entry (`←/→ count`). When the line does not fit,
/// entries give way from the middle, so the first ones (the screen's own) and the last one (quit)
/// stay longest.
pub fn key_line(commands: &[Command], look: &Look, width: usize) -> String {
    let mut entries = key_entries(commands, look);
    let separator = format!(" {} ", look.glyphs.separator);
    let joined = |entries: &[String]| entries.join(&separator);
    // First the middle goes (keeping the two first and the two last), then the one before last.
    while Span::raw(joined(&entries)).width() > width && entries.len() > 4 {
        entries.remove(entries.len() - 3);
    }
    while Span::raw(joined(&entries)).width() > width && entries.len() > 2 {
        entries.remove(entries.len() - 2);
    }
    if Span::raw(joined(&entries)).width() > width {
        return String::new();
    }
    joined(&entries)
}

/// The key line's entries over as many lines of at most `width` columns as they need.
pub fn key_lines(commands: &[Command], look: &Look, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for entry in key_entries(commands, look) {
        match lines.last_mut() {
            Some(line) if Span::raw(format!("{line} {} {entry}", look.glyphs.separator)).width() <= width => {
                line.push_str(&format!(" {} ", look.glyphs.separator));
                line.push_str(&entry);
            }
            _ => lines.push(entry),
        }
    }
    lines
}

/// `←/→ count`, `Enter take`...: each enabled command the key line shows, with its keys.
fn key_entries(commands: &[Command], look: &Look) -> Vec<String> {
    let pairs = [(Action::Less, Action::More), (Action::Up, Action::Down)];
    commands
        .iter()
        .filter(|c| c.enabled && look.offered.as_ref().is_none_or(|offered| offered.contains(&c.action)))
        .filter_map(|c| {
            let short = c.short(look.language)?;
            let first = first_key(look, c)?;
            let partner = pairs.iter().find(|(a, _)| *a == c.action).map(|(_, b)| *b);
            let partner = partner.and_then(|b| commands.iter().find(|o| o.action == b && o.enabled));
            let keys = match partner.and_then(|o| first_key(look, o)) {
                Some(second) => format!("{first}/{second}"),
                None => first,
            };
            Some(format!("{keys} {short}"))
        })
        .collect()
}

/// The first key of `command` for the key line: "(unbound)" when it has none, nothing at all when
/// its keys only type into the focused field.
fn first_key(look: &Look, command: &Command) -> Option<String> {
    match keys_now(look, command).into_iter().next() {
        Some(key) => Some(key),
        None if command.typing => None,
        None => Some(crate::i18n::text(look.language, "keys-unbound")),
    }
}

/// The keys that give `command` now, as labelled: all its keys, or while a text field takes what
/// is typed ([`Command::typing`]) those that type no character (not `k`, `-`, `Space`).
pub(super) fn keys_now(look: &Look, command: &Command) -> Vec<String> {
    let types = |label: &str| {
        let plain = label.strip_prefix("Shift-").unwrap_or(label);
        plain == "Space" || (plain.chars().count() == 1 && !matches!(plain, "↑" | "↓" | "←" | "→"))
    };
    look.keys
        .iter()
        .find(|(a, _)| *a == command.action)
        .map(|(_, keys)| {
            keys.iter()
                .filter(|k| !(command.typing && types(k)))
                .map(|k| super::look::shown(look.language, k))
                .collect()
        })
        .unwrap_or_default()
}

/// The commands that choose and play a move, shown beside the choice: the switch to the game's
/// other kind of move among them, so that a game with one is seen to have it.
pub(super) const CHOOSING: [Action; 5] =
    [Action::Less, Action::More, Action::Switch, Action::Take, Action::Hint];

/// The line of keys beside the choice, in at most `width` columns: when it does not fit, the
/// keys give way in the order a player misses them least (the help, then the hint), so that
/// choosing, playing and switching the kind of move stay on screen longest.
pub(super) fn choosing_line(commands: &[Command], look: &Look, width: usize) -> String {
    let mut chosen = choosing(commands);
    let separator = format!(" {} ", look.glyphs.separator);
    let drops = [None, Some(Action::Help), Some(Action::Hint), Some(Action::Switch), Some(Action::Less)];
    for drop in drops {
        if let Some(action) = drop {
            // The count's keys go as a pair.
            let pair = if action == Action::Less { Action::More } else { action };
            chosen.retain(|c| c.action != action && c.action != pair);
        }
        let line = key_entries(&chosen, look).join(&separator);
        if Span::raw(line.as_str()).width() <= width {
            return line;
        }
    }
    key_line(&chosen, look, width)
}

pub(super) fn choosing(commands: &[Command]) -> Vec<Command> {
    let mut chosen: Vec<Command> =
        commands.iter().filter(|c| CHOOSING.contains(&c.action)).copied().collect();
    chosen.extend(commands.iter().filter(|c| c.action == Action::Help).copied());
    chosen
}
